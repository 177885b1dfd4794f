"""Hidden information in the rules: leaders in hand, face-down cards and tokens."""

from tablehall.games.renaissance.rules import RenaissanceState

from .util import started


def test_dealt_leaders_reach_only_their_seat():
    state = RenaissanceState(3, {}, 5)
    for event in state.start_events():
        if event.kind != "deal":
            continue
        seat = event.data["seat"]
        for viewer in (0, 1, 2, None):
            assert event.audience.admits(viewer) == (("leaders" in event.data) == (viewer == seat))


def test_views_show_only_the_own_hand():
    state = started(3, seed=2)
    for seat in range(3):
        view = state.view(seat)
        for other, data in enumerate(view["players"]):
            assert isinstance(data["hand"], list) == (other == seat)
    observer = state.view(None)
    assert all(isinstance(p["hand"], int) for p in observer["players"])
    text = repr(state.view(1))
    for leader in state.players[0].hand:
        assert f"{leader}," not in text.split("'players'")[1].split("'seat': 1")[0]


def test_keep_event_hides_the_choice_from_the_others():
    state = RenaissanceState(2, {}, 1)
    hand = state.dealt[0]
    events = state.apply(0, ("keep", hand[0], hand[1]))
    for event in events:
        if event.kind == "keep":
            assert ("leaders" in event.data) == event.audience.admits(0)
            assert ("leaders" in event.data) != event.audience.admits(1)


def test_observation_depends_only_on_what_the_seat_knows():
    state = started(2, seed=4)
    other = state.copy()
    known = set(state.players[0].hand) | set(state.players[0].set_aside)
    spare = [i for i in range(49, 65) if i not in known and i not in state.players[1].hand
             and i not in state.players[1].set_aside]
    other.players[1].hand = spare[:2]  # a different secret hand for seat 1
    deck = other.decks[5]
    deck[0], deck[1] = deck[1], deck[0]  # and a different face-down order
    a, b = state.observation(0), other.observation(0)
    assert a.players[1].hand == b.players[1].hand
    assert a.decks == b.decks
    assert a.view(0) == b.view(0)


def test_observation_leaves_the_live_game_alone():
    state = started(1, seed=9)
    twin = state.copy()
    for _ in range(5):
        state.observation(0)
    assert state.rng.random() == twin.rng.random()
    assert state.lorenzo.stack == twin.lorenzo.stack

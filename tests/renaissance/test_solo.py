"""Solo play against Lorenzo: the token stack, his black cross, and both ways he wins."""

from tablehall.core import EndCause
from tablehall.games.renaissance.data import TOKENS

from .util import clear, fill, kinds, put_on_top, set_market, started


def solo_turn(state, action=("market", "row", 1)):
    """Play one quiet turn (a market row, everything discarded) and end it."""
    state.apply(0, action)
    while state.task is not None:
        state.apply(0, ("place", 0) if state.task.step() == "place" else ("white", None))
    return state.apply(0, ("end",))


def quiet_market(state):
    set_market(state, ["wwww", "wwww", "wwwy"], "r")


def test_the_seven_tokens():
    state = started(1)
    assert sorted(state.lorenzo.stack) == sorted(TOKENS)
    effects = sorted(t.effect for t in TOKENS.values())
    assert effects == ["cross+1,shuffle", "cross+2", "cross+2", "discard", "discard", "discard", "discard"]


def test_discard_token_removes_two_cards_lowest_level_first():
    state = started(1)
    state.lorenzo.stack = [2, 1, 3, 4, 5, 6, 7]  # discard green first
    state.decks[0] = state.decks[0][:1]  # one level-1 green card left
    quiet_market(state)
    events = solo_turn(state)
    token = next(e for e in events if e.kind == "token")
    assert token.data["color"] == "green" and len(token.data["removed"]) == 2
    assert [len(state.decks[i]) for i in (0, 4, 8)] == [0, 3, 4]
    assert state.lorenzo.last == 2 and state.to_act() == (0,)


def test_cross_tokens_and_the_reshuffle():
    state = started(1)
    state.lorenzo.stack = [5, 7, 1, 2, 3, 4, 6]
    quiet_market(state)
    solo_turn(state)
    assert state.lorenzo.cross == 2 and len(state.lorenzo.stack) == 6
    quiet_market(state)
    events = solo_turn(state)
    assert state.lorenzo.cross == 3 and sorted(state.lorenzo.stack) == sorted(TOKENS)
    assert "tokens_shuffled" in kinds(events)


def test_discarded_resources_move_the_black_cross_and_it_calls_reports():
    state = started(1)
    state.lorenzo.cross = 6
    state.players[0].faith = 5
    set_market(state, ["yyyy", "wwww", "wwww"], "r")
    clear(state.players[0])
    state.apply(0, ("market", "row", 1))
    state.apply(0, ("place", 0))
    events = state.apply(0, ("place", 0))
    assert state.lorenzo.cross == 8
    assert "vatican" in kinds(events) and state.players[0].tiles[0] == 1


def test_lorenzo_wins_on_the_last_faith_space():
    state = started(1)
    state.lorenzo.cross = 22
    state.lorenzo.stack = [5, 1, 2, 3, 4, 6, 7]
    quiet_market(state)
    events = solo_turn(state)
    assert state.is_over and events[-1].kind == "game_over"
    result = state.result()
    assert result.seats[0].rank == 2 and result.winners == []
    assert result.details["lorenzo"] == {"black_cross": 24, "won": True}


def test_lorenzo_wins_when_a_colour_is_gone():
    state = started(1)
    state.decks[1] = state.decks[5] = []  # no level-1 or level-2 blue card...
    state.decks[9] = state.decks[9][:1]  # ...and one level-3 blue card
    state.lorenzo.stack = [1, 2, 3, 4, 5, 6, 7]  # discard blue first
    quiet_market(state)
    solo_turn(state)
    assert state.is_over and state.result().details["lorenzo"]["won"]
    assert state.result().details["reason"] == "no blue development card is left"


def test_buying_the_last_card_of_a_colour_lets_lorenzo_win():
    state = started(1)
    for level in range(2):
        state.decks[level * 4 + 1] = []
    state.decks[9] = state.decks[9][-1:]
    card = state.decks[9][0]
    player = state.players[0]
    player.slots = [[3, 19], [], []]
    fill(player, strongbox={"coin": 9, "stone": 9, "servant": 9, "shield": 9})
    state.apply(0, ("buy", 3, "blue"))
    assert not state.is_over  # the card is still on the grid while being paid
    while state.task.step() == "pay":
        state.apply(0, state.legal_actions(0)[0])
    state.apply(0, ("slot", 1))
    assert state.is_over and state.result().seats[0].rank == 2
    assert card in player.slots[0]


def test_the_player_wins_with_a_seventh_card():
    state = started(1)
    player = state.players[0]
    player.slots = [[1, 17, 33], [2, 18, 34], []]
    put_on_top(state, 4)
    fill(player, strongbox={"stone": 2})
    state.lorenzo.stack = [5, 6, 7, 1, 2, 3, 4]
    state.apply(0, ("buy", 1, "yellow"))
    state.apply(0, ("pay", "strongbox", "stone"))
    state.apply(0, ("pay", "strongbox", "stone"))
    state.apply(0, ("slot", 3))
    assert not state.is_over
    events = state.apply(0, ("end",))
    assert state.is_over and "token" not in kinds(events)
    result = state.result()
    assert result.winners == [0] and result.seats[0].score == 31 and not result.details["lorenzo"]["won"]


def test_the_player_wins_on_the_last_faith_space():
    state = started(1)
    state.players[0].faith = 23
    state.apply(0, ("discard", state.players[0].hand[0]))
    assert not state.is_over
    quiet_market(state)
    solo_turn(state)
    assert state.is_over and state.result().winners == [0]


def test_leaving_a_solo_game_lets_lorenzo_win():
    state = started(1)
    state.forfeit(0, EndCause.LEFT, "disconnected")
    result = state.result()
    assert state.is_over and result.cause is EndCause.LEFT and result.details["lorenzo"]["won"]

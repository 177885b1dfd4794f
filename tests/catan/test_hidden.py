"""Hidden information: hands, development cards, draws, steals and discards reach only the seats
entitled to them; views and bot observations are functions of what a seat may know."""

from __future__ import annotations

import json

from tablehall.core import Rng, derive_seed, visible_to
from tablehall.games.catan import SPEC
from tablehall.games.catan.constants import DECK, dev_type
from tablehall.games.catan.views import HIDDEN

PRIVATE = {"dev_bought": "card", "robbed": "resource", "discarded": "resources"}


def play(seed: int, stop_at: int | None = None):
    state = SPEC.new(4, {}, seed)
    bots = [SPEC.bots["random"](derive_seed(seed, s)) for s in range(4)]
    log = []
    while not state.is_over and (stop_at is None or len(log) < stop_at):
        seat = state.to_act()[0]
        log.append(state.apply(seat, bots[seat].choose(state.observation(seat), seat)))
    return state, log


def test_private_event_data_reaches_only_entitled_seats():
    seen_kinds = set()
    for seed in range(6):
        _, log = play(seed)
        for events in log:
            for event in events:
                field = PRIVATE.get(event.kind)
                if field is None:
                    continue
                seen_kinds.add(event.kind)
                parties = {event.data.get("seat"), event.data.get("thief"), event.data.get("victim")} - {None}
                if event.data[field] is None:  # the redacted twin: everyone else and observers
                    assert not any(event.audience.admits(p) for p in parties)
                    assert event.audience.admits(None)
                else:
                    assert event.audience.kind == "seats" and set(event.audience.seats) == parties
                    assert not event.audience.admits(None)
                for seat in (0, 1, 2, 3, None):  # each party sees exactly one version
                    twins = [e for e in visible_to(events, seat) if e.kind == event.kind]
                    assert len(twins) == len({id(e) for e in twins}) and len(twins) >= 1
    assert seen_kinds == set(PRIVATE)


def test_views_show_only_counts_of_others():
    state, _ = play(3, stop_at=400)
    for seat in (0, 1, 2, 3, None):
        view = state.view(seat)
        json.dumps(view)
        for s, player in enumerate(view["players"]):
            assert player["resources"] == sum(state.hands[s])
            assert ("hand" in player) == (s == seat)
            assert ("dev_hand" in player) == (s == seat) and ("total_vp" in player) == (s == seat)


def reshuffle_hidden(state, seat: int, seed: int):
    """A twin that differs from `state` only in what `seat` cannot see: opponents' cards (same
    counts), development cards and deck order."""
    twin = state.copy()
    rng = Rng(seed)
    others = [s for s in range(state.seat_count) if s != seat]
    pool = [r for s in others for r in range(5) for _ in range(state.hands[s][r])]
    rng.shuffle(pool)
    for s in others:
        size = sum(state.hands[s])
        twin.hands[s] = [pool[:size].count(r) for r in range(5)]
        del pool[:size]
    cards = list(state.deck)
    for s in others:
        cards += [k for k in range(4) for _ in range(state.dev_old[s][k] + state.dev_new[s][k])]
        cards += state.vp_cards[s]
    rng.shuffle(cards)
    for s in others:
        twin.vp_cards[s] = []
        for counts, source in ((twin.dev_old[s], state.dev_old[s]), (twin.dev_new[s], state.dev_new[s])):
            size = sum(source)
            counts[:] = [0] * 5
            for c in cards[:size]:
                counts[dev_type(c)] += 1
                if dev_type(c) == 4:
                    twin.vp_cards[s].append(c)
            del cards[:size]
    twin.deck = cards
    twin.rng = Rng(seed + 1)
    return twin


def snapshot(state) -> str:
    return json.dumps([state.hands, state.bank, state.dev_old, state.dev_new, state.vp_cards,
                       state.deck, state.view(None)])


def test_observation_and_view_depend_only_on_what_the_seat_may_know():
    for seed in range(4):
        state, _ = play(seed, stop_at=250 + 40 * seed)
        for seat in range(4):
            twin = reshuffle_hidden(state, seat, seed * 10 + seat)
            assert snapshot(twin) != snapshot(state) or not state.deck
            assert twin.view(seat) == state.view(seat)
            assert twin.view(None) == state.view(None)
            assert snapshot(twin.observation(seat)) == snapshot(state.observation(seat))


def test_observation_keeps_public_counts_and_own_cards():
    state, _ = play(8, stop_at=300)
    for seat in range(4):
        obs = state.observation(seat)
        assert obs.hands[seat] == state.hands[seat] and obs.bank == state.bank
        assert obs.dev_old[seat] == state.dev_old[seat] and obs.dev_new[seat] == state.dev_new[seat]
        assert [sum(h) for h in obs.hands] == [sum(h) for h in state.hands]
        assert [sum(d) for d in obs.dev_old] == [sum(d) for d in state.dev_old]
        assert len(obs.deck) == len(state.deck) and sorted(obs.deck + sum(obs.vp_cards, [])
                                                           + [k for s in range(4) for k in range(4)
                                                              for _ in range(obs.dev_old[s][k] + obs.dev_new[s][k] + obs.played[s][k])]) == sorted(DECK)
        assert obs.dice_script == () and obs.steal_script == ()
        assert obs.rng is not state.rng and obs.seed != state.seed


def undealt_fields(obs) -> dict:
    fields = dict(vars(obs))
    assert not obs.dealt and not set(HIDDEN) & set(fields)
    return fields


def test_an_undealt_observation_holds_nothing_the_seat_may_not_know():
    for seed in range(3):
        state, _ = play(seed, stop_at=300 + 50 * seed)
        for seat in range(4):
            twin = reshuffle_hidden(state, seat, seed * 10 + seat)
            assert undealt_fields(twin.observation(seat)) == undealt_fields(state.observation(seat))


def test_bots_and_move_lists_leave_the_hidden_cards_undealt():
    state = SPEC.new(4, {}, 5)
    bots = {name: [SPEC.bots[name](derive_seed(5, name, s)) for s in range(4)] for name in ("random", "strong")}
    for step in range(600):
        seat = state.to_act()[0]
        obs = state.observation(seat)
        assert obs.legal_actions(seat) == state.legal_actions(seat)
        assert obs.cards_known_to(seat) == state.cards_known_to(seat)
        assert [obs.hand_size(s) for s in range(4)] == [sum(h) for h in state.hands]
        strong = bots["strong"][seat].choose(obs, seat)
        action = bots["random"][seat].choose(obs, seat)
        assert not obs.dealt
        state.check(seat, strong)
        state.apply(seat, action)
        if state.is_over:
            break
    obs = state.observation(state.to_act()[0] if state.to_act() else 0)
    obs.hands  # reading a hidden attribute deals them all
    assert obs.dealt and all(name in vars(obs) for name in HIDDEN)


def test_the_deal_is_the_same_whenever_it_happens():
    state, _ = play(6, stop_at=320)
    seat = state.to_act()[0]
    at_once = state.observation(seat)
    snapshot_at_once = snapshot(at_once) + repr(at_once.seed) + repr(at_once.rng.random())
    later = state.observation(seat)
    later.legal_actions(seat)
    copied = later.copy()  # a copy of an undealt observation is undealt and deals alike
    assert not copied.dealt
    for obs in (later, copied):
        assert snapshot(obs) + repr(obs.seed) + repr(obs.rng.random()) == snapshot_at_once
    # acting on an undealt observation deals from the position observed first
    action = state.legal_actions(seat)[0]
    dealt, undealt = state.observation(seat), state.observation(seat)
    dealt.hands
    assert dealt.apply(seat, action) == undealt.apply(seat, action)
    assert snapshot(dealt) == snapshot(undealt)


def play_six(seed: int, stop_at: int, seats: int = 6):
    """A 5-6 player game with the special building phase and undos, bots offered their chances."""
    state = SPEC.new(seats, {"undo_builds": True, "undo_limit": 0}, seed)
    bots = [SPEC.bots["random"](derive_seed(seed, s)) for s in range(seats)]
    log = []
    while not state.is_over and len(log) < stop_at:
        offered = [s for s in state.volunteers()]
        for seat in offered:
            action = bots[seat].volunteer(state.observation(seat), seat)
            if action is not None:
                log.append(state.apply(seat, action))
        if offered:
            continue
        seat = state.to_act()[0]
        log.append(state.apply(seat, bots[seat].choose(state.observation(seat), seat)))
    return state, log


def test_five_and_six_player_games_keep_hidden_what_they_must():
    kinds = set()
    for seed, seats in ((1, 6), (2, 5), (3, 6)):
        state, log = play_six(seed, 500 + 100 * seed, seats)
        for events in log:
            for event in events:
                kinds.add(event.kind)
                field = PRIVATE.get(event.kind)
                if field is not None and event.data[field] is not None:
                    parties = {event.data.get("seat"), event.data.get("thief"), event.data.get("victim")} - {None}
                    assert event.audience.kind == "seats" and set(event.audience.seats) == parties
        for seat in range(seats):
            twin = reshuffle_hidden(state, seat, seed * 10 + seat)
            assert twin.view(seat) == state.view(seat) and twin.view(None) == state.view(None)
            assert snapshot(twin.observation(seat)) == snapshot(state.observation(seat))
            assert undealt_fields(twin.observation(seat)) == undealt_fields(state.observation(seat))
            obs = state.observation(seat)
            held = [k for s in range(seats) for k in range(4)
                    for _ in range(obs.dev_old[s][k] + obs.dev_new[s][k] + obs.played[s][k])]
            assert len(obs.deck) == len(state.deck) and len(obs.deck + sum(obs.vp_cards, []) + held) == 34
            assert [sum(h) for h in obs.hands] == [sum(h) for h in state.hands] and sum(map(sum, obs.hands)) + sum(
                obs.bank) == 5 * 24
    assert {"special_build_asked", "special_turn", "build_undone"} <= kinds

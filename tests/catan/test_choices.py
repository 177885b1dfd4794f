"""The menu a fixed action index names (`choices`): every choice is one the engine takes, every
legal action the engine lists is a choice, offers stop at the menu's bound, and a discard
picked a card at a time is one the engine takes once whole."""

from __future__ import annotations

import random

from tablehall.games.catan import SPEC, choices as menu
from tablehall.games.catan.constants import Phase


def discard_by_picks(state, seat, rng):
    chosen = (0, 0, 0, 0, 0)
    while True:
        picks = menu.discard_picks(state, seat, chosen)
        if not picks:
            return chosen
        card = list(chosen)
        card[rng.choice(picks)] += 1
        chosen = tuple(card)
        assert not menu.discard_is_whole(state, seat, chosen) or not menu.discard_picks(state, seat, chosen)


def test_random_play_from_the_menu_stays_within_the_rules():
    seen = set()
    for seed in (1, 2):
        state, rng = SPEC.new(4, {}, seed), random.Random(seed)
        for _ in range(4000):
            if state.is_over:
                break
            seat = state.to_act()[0]
            if state.phase is Phase.WAITING_FOR_DISCARDS:
                assert menu.choices(state, seat) == []
                action = ("discard", discard_by_picks(state, seat, rng))
                assert menu.discard_is_whole(state, seat, action[1])
                assert menu.discard_completion(state, seat, action[1]) == action
            else:
                offered = menu.choices(state, seat)
                for choice in offered:
                    menu.check(state, seat, choice)  # raises if the engine (or the menu's bound) refuses it
                assert all(a in offered for a in state.legal_actions(seat))
                action = rng.choice(offered)
            seen.add(action[0])
            state.apply(seat, action)
            assert state.offers_this_turn() <= menu.MAX_OFFERS_PER_TURN
    assert {"offer", "accept", "reject", "bank_trade", "discard", "end_turn"} <= seen, seen


def test_a_discard_started_by_picks_completes_from_the_largest_piles():
    state, rng = SPEC.new(4, {}, 5), random.Random(5)
    for _ in range(5000):  # random play until a seven asks for a discard
        if state.phase is Phase.WAITING_FOR_DISCARDS:
            break
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(menu.choices(state, seat)))
    assert state.phase is Phase.WAITING_FOR_DISCARDS
    seat = state.to_act()[0]
    hand = state.cards_known_to(seat)[0]
    first = max(range(5), key=hand.__getitem__)
    completed = menu.discard_completion(state, seat, tuple(int(r == first) for r in range(5)))
    assert sum(completed[1]) == state.discards[seat]
    state.check(seat, completed)

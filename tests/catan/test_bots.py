"""Bots: legal in every phase, and the strong bot beats random bots."""

from __future__ import annotations

import pytest

from tablehall.core import derive_seed
from tablehall.games.catan import SPEC


def strong_wins(games: int, first_seed: int) -> int:
    wins = 0
    for g in range(games):
        strong_seat = g % 4
        state = SPEC.new(4, {}, first_seed + g)
        bots = [SPEC.bots["strong" if s == strong_seat else "random"](derive_seed(g, s)) for s in range(4)]
        while not state.is_over:
            seat = state.to_act()[0]
            state.apply(seat, bots[seat].choose(state.observation(seat), seat))
        wins += state.winner == strong_seat
    return wins


def test_strong_bot_beats_random_bots():
    assert strong_wins(12, 0) >= 11


def test_bots_answer_trade_offers():
    from tablehall.games.catan import actions as A

    from .helpers import give, new, setup, to_play, empty_hands

    st = setup(new())
    to_play(st)
    empty_hands(st)
    give(st, 0, (0, 0, 0, 0, 2))
    give(st, 1, (0, 3, 0, 0, 0))
    st.apply(0, A.offer((0, 0, 0, 0, 1), (0, 1, 0, 0, 0), (1, 2)))
    for seat in (1, 2):
        for name in ("random", "strong"):
            answer = SPEC.bots[name](seat).choose(st.observation(seat), seat)
            st.check(seat, answer)
            assert answer[0] in ("accept", "reject")


@pytest.mark.slow
def test_strong_bot_wins_ninety_percent_of_four_player_games():
    wins = strong_wins(400, 100_000)
    print(f"strong bot won {wins} of 400 four-player games against three random bots")
    assert wins >= 360

"""Seeded random 4-player games with every rule invariant checked after every action."""

from __future__ import annotations

import pytest

from tablehall.core import derive_seed
from tablehall.games.catan import SPEC

from .invariants import check_invariants


def play_checked(seed: int, seats: int = 4, options: dict | None = None, bots=("random",) * 4) -> int:
    state = SPEC.new(seats, options or {}, seed)
    players = [SPEC.bots[bots[s]](derive_seed(seed, "bot", s)) for s in range(seats)]
    check_invariants(state)
    steps = 0
    while not state.is_over:
        seat = state.to_act()[0]
        action = players[seat].choose(state.observation(seat), seat)
        state.check(seat, action)
        state.apply(seat, action)
        check_invariants(state, roads_changed=action[0] in ("road", "settlement"))
        steps += 1
        assert steps < 20000, "game did not finish"
    assert state.result().winners == [state.winner]
    return steps


@pytest.mark.parametrize("block", range(4))
def test_random_games_keep_invariants(block):
    for seed in range(block * 25, block * 25 + 25):
        play_checked(seed)


def test_small_games_and_options():
    play_checked(1, seats=2, bots=("random", "strong"))
    play_checked(2, seats=3, options={"layout": "beginner", "vp_to_win": 6, "first_player": -1})
    play_checked(3, options={"domestic_trades": False, "no_adjacent_6_8": False}, bots=("strong",) * 4)


@pytest.mark.slow
def test_thousand_random_games_keep_invariants():
    for seed in range(1000):
        play_checked(10_000 + seed)

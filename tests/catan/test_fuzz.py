"""Seeded random 4-player games with every rule invariant checked after every action, and every
game written as SGN (each line schema-valid) and read back to the same game."""

from __future__ import annotations

import json
import warnings

import pytest

from tablehall.core import Entry, Record, SeatInfo, derive_seed, replay
from tablehall.games.catan import SPEC

from .conftest import REFERENCE, load_sgn_validator
from .invariants import check_invariants


def play_checked(seed: int, seats: int = 4, options: dict | None = None, bots=("random",) * 4):
    """Play a seeded bot game, checking invariants after every action; returns (state, record)."""
    options = SPEC.normalize_options(options or {})
    state = SPEC.new(seats, options, seed)
    players = [SPEC.bots[bots[s]](derive_seed(seed, "bot", s)) for s in range(seats)]
    record = Record("catan", SPEC.rules_version, options, seed,
                    [SeatInfo(f"seat {s}", f"bot:{bots[s]}") for s in range(seats)])
    check_invariants(state)
    while not state.is_over:
        seat = state.to_act()[0]
        action = players[seat].choose(state.observation(seat), seat)
        state.check(seat, action)
        state.apply(seat, action)
        record.entries.append(Entry(seat, SPEC.encode_action(action)))
        check_invariants(state, roads_changed=action[0] in ("road", "settlement"))
        assert len(record.entries) < 20000, "game did not finish"
    record.result = state.result()
    assert record.result.winners == [state.winner]
    return state, record


def check_sgn(record: Record, validator) -> None:
    """Every SGN line valid; reading it back gives the same game and the same SGN."""
    text = SPEC.exporters["sgn"](record)
    for line in text.splitlines():
        validator.validate(json.loads(line))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        back = SPEC.importers["sgn"](text)
    assert SPEC.exporters["sgn"](back) == text
    again = replay(back, SPEC)
    first = SPEC.new(len(record.seats), record.options, record.seed).first  # SGN player 1
    n = len(record.seats)
    assert again.matches and again.state.winner == (record.result.details["winner"] - first) % n
    assert [again.result.seats[(s - first) % n].score for s in range(n)] == [x.score for x in record.result.seats]


@pytest.mark.parametrize("block", range(4))
def test_random_games_keep_invariants(block, reference):
    validator = load_sgn_validator(reference)
    for seed in range(block * 25, block * 25 + 25):
        _, record = play_checked(seed)
        if seed % 5 == 0:
            check_sgn(record, validator)


def test_small_games_and_options():
    play_checked(1, seats=2, bots=("random", "strong"))
    play_checked(2, seats=3, options={"layout": "beginner", "vp_to_win": 6, "first_player": -1})
    play_checked(3, options={"domestic_trades": False, "no_adjacent_6_8": False}, bots=("strong",) * 4)


@pytest.mark.slow
def test_thousand_random_games_keep_invariants_and_write_valid_sgn():
    if not REFERENCE.is_dir():
        pytest.skip("shared reference data (SGN schema) not found")
    validator = load_sgn_validator(REFERENCE)
    for seed in range(1000):
        _, record = play_checked(10_000 + seed)
        check_sgn(record, validator)

"""Seeded random games with every rule invariant checked after every action: 2-4 players, every
game written as SGN (each line schema-valid) and read back to the same game; 5-6 players with
the special building phase; the JSettlers options (RD, N7, N7C, BC, NT, VP, undo)."""

from __future__ import annotations

import json
import warnings

import pytest

from tablehall.core import Entry, Record, SeatInfo, derive_seed, replay
from tablehall.games.catan import SPEC

from .conftest import REFERENCE, load_sgn_validator
from .invariants import check_invariants


def play_checked(seed: int, seats: int = 4, options: dict | None = None, bots=None):
    """Play a seeded bot game as the kernel's Match would (bots offered their unprompted chances
    first, see `GameState.volunteers`), checking invariants after every action; returns
    (state, record)."""
    bots = bots or ("random",) * seats
    options = SPEC.normalize_options(options or {})
    state = SPEC.new(seats, options, seed)
    players = [SPEC.bots[bots[s]](derive_seed(seed, "bot", s)) for s in range(seats)]
    record = Record("catan", SPEC.rules_version, options, seed,
                    [SeatInfo(f"seat {s}", f"bot:{bots[s]}") for s in range(seats)])
    check_invariants(state)

    def play(seat, action):
        state.check(seat, action)
        state.apply(seat, action)
        record.entries.append(Entry(seat, SPEC.encode_action(action)))
        check_invariants(state, roads_changed=action[0] in ("road", "settlement", "undo_build"))
        assert len(record.entries) < 30000, "game did not finish"

    while not state.is_over:
        offered = False
        for seat in state.volunteers():
            action = None if state.is_over else players[seat].volunteer(state.observation(seat), seat)
            if action is not None:
                play(seat, action)
                offered = True
        if offered or state.is_over:
            continue
        seat = state.to_act()[0]
        play(seat, players[seat].choose(state.observation(seat), seat))
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
    for seed in range(block * 25, block * 25 + 10):  # the slow test below plays a thousand
        _, record = play_checked(seed)
        if seed % 5 == 0:
            check_sgn(record, validator)


def test_small_games_and_options():
    play_checked(1, seats=2, bots=("random", "strong"))
    play_checked(2, seats=3, options={"layout": "beginner", "vp_to_win": 6, "first_player": -1})
    play_checked(3, options={"domestic_trades": False, "no_adjacent_6_8": False}, bots=("strong",) * 4)


@pytest.mark.slow
def test_thousand_random_games_keep_invariants_and_write_valid_sgn():
    validator = load_sgn_validator(REFERENCE)
    for seed in range(1000):
        _, record = play_checked(10_000 + seed)
        check_sgn(record, validator)


SIX_PLAYER_OPTIONS = [
    {},
    {"no_robber_on_desert": True, "no_7s_rounds": 3, "break_clumps": 3},
    {"undo_builds": True, "undo_limit": 2, "no_7s_until_city": True, "domestic_trades": False},
    {"undo_builds": True, "undo_limit": 0, "vp_to_win": 12},
]


@pytest.mark.parametrize("seats", [5, 6])
def test_five_and_six_player_games_keep_invariants(seats):
    """Random bots (they ask for the special building phase half the times they may) and a
    strong one, under each set of options; every game ends and uses the special building phase."""
    for index, options in enumerate(SIX_PLAYER_OPTIONS):
        bots = ("strong",) + ("random",) * (seats - 1) if index % 2 else ("random",) * seats
        state, record = play_checked(50 + 10 * seats + index, seats, options, bots)
        kinds = {action[0] for action in (e.action for e in record.entries)}
        assert "ask_special_build" in kinds, options
        if options.get("undo_builds"):
            assert "undo_build" in kinds
        again = replay(record, SPEC)  # the record replays to the same game
        assert again.matches and again.state.winner == state.winner


def test_classic_games_with_the_new_options_keep_invariants():
    play_checked(21, 4, {"no_robber_on_desert": True, "no_7s_rounds": 5, "break_clumps": 3})
    play_checked(22, 3, {"undo_builds": True, "no_7s_until_city": True})
    play_checked(23, 4, {"six_player_board": True, "undo_builds": True, "undo_limit": 1})
    play_checked(24, 4, {"max_players": 6}, ("strong", "random", "random", "random"))


@pytest.mark.slow
def test_thousand_five_and_six_player_games_keep_invariants():
    for game in range(1000):
        seats = 5 + game % 2
        options = SIX_PLAYER_OPTIONS[game % len(SIX_PLAYER_OPTIONS)]
        bots = ("strong",) + ("random",) * (seats - 1) if game % 3 == 0 else ("random",) * seats
        play_checked(30_000 + game, seats, options, bots)

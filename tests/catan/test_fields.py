"""The engine's state is declared in one place (`fields.CatanFields`): games of every kind hold
no attribute it does not declare, set every one it declares, and copies give each changing list
its own copy."""

from __future__ import annotations

import pytest

from tablehall.core import derive_seed
from tablehall.games.catan import SPEC
from tablehall.games.catan.fields import HIDDEN_ROWS, PUBLIC_LISTS, PUBLIC_ROWS, declared_fields
from tablehall.games.catan.rules import CatanObservation, CatanState
from tablehall.games.catan.sea.state import SeaObservation, SeaState

LAZY = {"_checked", "_obs_key", "is_over"}  # class defaults, or made on first use

GAMES = [(4, {}), (6, {}), (3, {"undo_builds": True, "undo_limit": 2}), (5, {"no_7s_until_city": True}),
         (4, {"scenario": "SC_PIRI"}), (4, {"scenario": "SC_CLVI"}), (3, {"scenario": "SC_FOG"}),
         (6, {"scenario": "SC_FTRI"}), (4, {"scenario": "SC_WOND"})]


def _play(seats: int, options: dict, seed: int):
    options = SPEC.normalize_options(options)
    state = SPEC.new(seats, options, seed)
    bots = [SPEC.bots["random"](derive_seed(seed, s)) for s in range(seats)]
    yield state
    while not state.is_over and state.action_count < 3000:
        for seat in state.volunteers():
            action = bots[seat].volunteer(state.observation(seat), seat)
            if action is not None:
                state.apply(seat, action)
                yield state
        if state.is_over:
            break
        seat = state.to_act()[0]
        observation = state.observation(seat)
        state.apply(seat, bots[seat].choose(observation, seat))
        yield observation
        yield state


@pytest.mark.parametrize("seats, options", GAMES)
def test_a_game_holds_only_declared_fields(seats, options):
    sea = "scenario" in options
    declared = set(declared_fields(SeaState if sea else CatanState))
    observed = set(declared_fields(SeaObservation if sea else CatanObservation))
    first = True
    for state in _play(seats, options, 5):
        names = set(vars(state))
        allowed = observed if isinstance(state, (CatanObservation, SeaObservation)) else declared
        assert names <= allowed, names - allowed
        if first:
            assert declared - LAZY <= names, (declared - LAZY) - names
            first = False


@pytest.mark.parametrize("options", [{}, {"scenario": "SC_PIRI"}])
def test_every_changing_list_is_copied(options):
    state = SPEC.new(4, SPEC.normalize_options(options), 1)
    lists = {name for name, value in vars(state).items() if isinstance(value, list)}
    assert lists == set(state.public_lists) | set(state.public_rows) | set(state.hidden_rows) | {"deck"}
    assert set(PUBLIC_LISTS) | set(PUBLIC_ROWS) | set(HIDDEN_ROWS) <= lists
    twin = state.copy()
    assert type(twin) is type(state)
    for name in lists:
        assert getattr(twin, name) == getattr(state, name) and getattr(twin, name) is not getattr(state, name)

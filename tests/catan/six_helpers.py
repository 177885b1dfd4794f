"""Building 5-6 player positions for rule tests, through the engine's own actions."""

from __future__ import annotations

from tablehall.games.catan import SPEC, actions as A
from tablehall.games.catan.constants import Phase
from tablehall.games.catan.rules import CatanState

from .helpers import give


def new_six(seats: int = 6, seed: int = 3, **options) -> CatanState:
    return SPEC.new(seats, options, seed)


def setup_six(state: CatanState) -> CatanState:
    """The snake-order setup, each seat taking the first free spot and its first road."""
    while state.phase in (Phase.START1A, Phase.START1B, Phase.START2A, Phase.START2B):
        seat = state.current
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.phase is Phase.ROLL_OR_CARD
    return state


def roll(state: CatanState, total: int = 6) -> list:
    state.dice_script = state.dice_script[:state.dice_used] + (total,)
    return state.apply(state.current, A.ROLL)


def next_turn(state: CatanState, total: int = 6) -> None:
    """Roll (a number that pays, never a 7) and end the turn of the player to move."""
    roll(state, total)
    state.apply(state.current, A.END_TURN)


def rich(state: CatanState, seat: int, amount: int = 3) -> None:
    give(state, seat, [amount] * 5)

"""Nim as a learning environment: one index per (pile, count) a move may name; the observation is
the piles and whose move it is."""

from __future__ import annotations

from typing import Any

import numpy as np

from tablehall.envs.adapter import ActionIndex, Adapter
from tablehall.envs.layout import Layout

from .rules import MAX_PILES, MAX_STONES, NimState

INDEX = ActionIndex()
TAKE = INDEX.add("take", MAX_PILES * MAX_STONES, f"take n + 1 stones from pile p: index p * {MAX_STONES} + n")
LAYOUT = Layout([
    ("piles", MAX_PILES, 0, MAX_STONES, "stones left in each pile (0 past the game's piles)"),
    ("to_move", 1, 0, 1, "1 when the seat is to move"),
])


class NimAdapter(Adapter):
    game = "nim"
    index = INDEX
    layout = LAYOUT

    def mask(self, state: NimState, seat: int, draft: Any = None) -> np.ndarray:
        return self.mask_of([TAKE + pile * MAX_STONES + count - 1 for pile, count in state.legal_actions(seat)])

    def observe(self, state: NimState, seat: int, draft: Any = None) -> np.ndarray:
        piles = state.piles + [0] * (MAX_PILES - len(state.piles))
        return np.array([*piles, float(state.to_act() == (seat,))], np.float32)

    def decode(self, state: NimState, seat: int, index: int, draft: Any = None) -> tuple[Any, Any]:
        pile, taken = divmod(index - TAKE, MAX_STONES)
        return (pile, taken + 1), None

    def encode(self, state: NimState, seat: int, action: Any) -> list[int]:
        pile, count = action
        return [TAKE + pile * MAX_STONES + count - 1]

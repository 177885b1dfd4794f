"""Blokus (Software Challenge 2021) as an environment: two seats, each a team of two colours.

Actions: one index per *placement* (a shape in one of its distinct orientations at one
position, fully on the board: the engine's own placement ids, see `games/blokus/bitboard`),
played by the colour to move, and one index to skip.  The mask is the engine's legal placement
list (`legal_placements`) itself, so it costs exactly what the engine's move generation costs.

Observation, from the point of view of the seat's colour that moves next (the colour to move
when the seat is asked): colours in the order that colour, the next opponent colour, the
partner colour, the other opponent colour.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tablehall.games.blokus.bitboard import PLACEMENT_AT, PLACEMENT_COUNT, SIZE, STRIDE
from tablehall.games.blokus.pieces import ORIENTATION_OF, SHAPES, Color
from tablehall.games.blokus.rules import MAX_ROUND, BlokusState, SetMove, SkipMove, placement_move

from .adapter import ActionIndex, Adapter
from .layout import Layout

COLORS = tuple(Color)
_ROW_BYTES = (SIZE * STRIDE + 7) // 8  # a bitboard as little-endian bytes

INDEX = ActionIndex()
PLACE = INDEX.add("place", PLACEMENT_COUNT, "place a piece: the engine's placement id (shape, orientation, "
                                           "y, x in that order; `games/blokus/bitboard`) for the colour to move")
SKIP = INDEX.add("skip", 1, "the colour to move passes (not on its first move)")

LAYOUT = Layout([
    ("board", (4, SIZE, SIZE), 0, 1, "cells of each colour, [y][x]; colours relative (to move, next, partner, last)"),
    ("anchors", (4, SIZE, SIZE), 0, 1, "free cells each colour could connect a new piece through"),
    ("undeployed", (4, len(SHAPES)), 0, 1, "shapes each colour still holds, in the contest's shape order"),
    ("in_game", 4, 0, 1, "colours still in the game"),
    ("points", 4, 0, 109, "points of each colour (1 per square; 109 with every piece placed, MONO last)"),
    ("start_piece", len(SHAPES), 0, 1, "the start piece every colour places first (one-hot)"),
    ("round", 1, 1, MAX_ROUND + 1, "the round (1..25; 26 once the game is over by rounds)"),
    ("to_move", 1, 0, 1, "1 when the first colour is the colour to move"),
])


class BlokusAdapter(Adapter):
    game = "blokus"
    index = INDEX
    layout = LAYOUT

    def perspective(self, state: BlokusState, seat: int) -> int:
        """The seat's colour that moves next: the colour to move if it is the seat's."""
        if state.is_over:
            return seat
        color = state.current_color
        return color if color.team == seat else (color + 1) & 3

    def mask(self, state: BlokusState, seat: int, draft: Any = None) -> np.ndarray:
        mask = np.zeros(INDEX.size, np.int8)
        if state.is_over or state.current_color.team != seat:
            return mask
        color = state.current_color
        mask[state.legal_placements(color)] = 1
        if not state.is_first_move(color):
            mask[SKIP] = 1
        return mask

    def observe(self, state: BlokusState, seat: int, draft: Any = None) -> np.ndarray:
        out = np.zeros(LAYOUT.size, np.float32)
        first = self.perspective(state, seat)
        order = [COLORS[(first + k) & 3] for k in range(4)]
        masks = [state.cells_mask(c) for c in order] + [state.corner_mask(c) for c in order]
        data = np.frombuffer(b"".join(m.to_bytes(_ROW_BYTES, "little") for m in masks), np.uint8)
        bits = np.unpackbits(data.reshape(8, _ROW_BYTES), axis=1, count=SIZE * STRIDE, bitorder="little")
        planes = bits.reshape(8, SIZE, STRIDE)[:, :, :SIZE]
        out[LAYOUT.offset("board"):LAYOUT["anchors"].end] = planes.reshape(-1)
        undeployed = LAYOUT.offset("undeployed")
        valid = state.valid_colors
        scalars = []
        for k, color in enumerate(order):
            hand = state.undeployed(color)
            if hand:
                out[[undeployed + k * len(SHAPES) + shape for shape in hand]] = 1
            scalars.append(1.0 if color in valid else 0.0)
        out[LAYOUT.slice("in_game")] = scalars
        out[LAYOUT.slice("points")] = [state.points(c) for c in order]
        out[LAYOUT.offset("start_piece") + state.start_piece] = 1
        out[LAYOUT.offset("round")] = state.round
        out[LAYOUT.offset("to_move")] = 0.0 if state.is_over else float(state.current_color == order[0])
        return out

    def decode(self, state: BlokusState, seat: int, index: int, draft: Any = None) -> tuple[Any, Any]:
        color = state.current_color
        if index == SKIP:
            return SkipMove(color), None
        return placement_move(index - PLACE, color), None

    def encode(self, state: BlokusState, seat: int, action: Any) -> list[int]:
        if isinstance(action, SkipMove):
            return [SKIP]
        if isinstance(action, SetMove) and 0 <= action.x < SIZE and 0 <= action.y < SIZE:
            orientation = ORIENTATION_OF[action.shape][action.rotation.value * 2 + action.flipped]
            pid = PLACEMENT_AT[action.shape][orientation][action.y * SIZE + action.x]
            if pid >= 0:
                return [PLACE + pid]
        raise ValueError(f"no action index places {action!r}")

    def points(self, state: BlokusState, seat: int) -> float:
        return float(state.team_points(seat))

    def render(self, state: BlokusState) -> str:
        view = state.view(None)
        head = (f"round {view['round']}, {view['current_color'] or 'over'} to move, "
                f"team points {view['team_points'][0]}:{view['team_points'][1]}")
        return "\n".join([head, *view["board"]])


"""Colours, the 21 piece shapes and their orientations, exactly as the Software Challenge 2021
(`swc_2021_blokus`) defines them.

A shape is turned by `transform(shape, rotation, flipped)`: first rotate (and move the cells
back to the origin), then mirror along the y axis if flipped (and move back again).  The
result is a tuple of (x, y) cells **in the order the contest iterates them**.  The contest
keeps cells in Java `HashSet`s, and the order matters: when a move has several faults, the
first faulty cell in that order decides which mistake is reported.  `java_hash_set_order`
reproduces a `java.util.HashSet` with its default capacity (16 buckets) holding Kotlin data
class `Coordinates(x, y)` (hash code ``31 * x + y``), and `transform` replays every set the
contest builds on the way (`PieceShape`: the declared cells aligned into a HashSet; rotating
maps into a new HashSet and aligns into another; flipping maps into a list and aligns into a
HashSet).  A piece on the board (`Piece.coordinates`) maps that normalised shape into a
LinkedHashSet, so its cells are checked in the shape's order, whatever the position.

>>> transform(Shape.TRIO_L, Rotation.RIGHT, False)
((0, 0), (0, 1), (1, 0))
>>> [len(orientations) for orientations in ORIENTATIONS][:5]
[1, 2, 4, 2, 1]
"""

from __future__ import annotations

from enum import Enum, IntEnum
from typing import Iterable, Sequence

Cell = tuple[int, int]


class Color(IntEnum):
    """The four colours in playing order.  Team ONE plays BLUE and RED, team TWO the others."""

    BLUE = 0
    YELLOW = 1
    RED = 2
    GREEN = 3

    @property
    def team(self) -> int:
        """0 for team ONE (BLUE, RED), 1 for team TWO (YELLOW, GREEN)."""
        return self.value & 1

    @property
    def word(self) -> str:
        """The colour in English words ("blue")."""
        return self.name.lower()

    @property
    def next(self) -> "Color":
        return Color((self.value + 1) & 3)


class Rotation(Enum):
    """Clockwise quarter turns, as the contest names them."""

    NONE = 0
    RIGHT = 1
    MIRROR = 2
    LEFT = 3

    @property
    def degrees(self) -> int:
        return 90 * self.value


# The shapes in contest enum order, with the cells in the order the contest declares them.
_DECLARED: dict[str, tuple[Cell, ...]] = {
    "MONO": ((0, 0),),
    "DOMINO": ((0, 0), (1, 0)),
    "TRIO_L": ((0, 0), (0, 1), (1, 1)),
    "TRIO_I": ((0, 0), (0, 1), (0, 2)),
    "TETRO_O": ((0, 0), (1, 0), (0, 1), (1, 1)),
    "TETRO_T": ((0, 0), (1, 0), (2, 0), (1, 1)),
    "TETRO_I": ((0, 0), (0, 1), (0, 2), (0, 3)),
    "TETRO_L": ((0, 0), (0, 1), (0, 2), (1, 2)),
    "TETRO_Z": ((0, 0), (1, 0), (1, 1), (2, 1)),
    "PENTO_L": ((0, 0), (0, 1), (0, 2), (0, 3), (1, 3)),
    "PENTO_T": ((0, 0), (1, 0), (2, 0), (1, 1), (1, 2)),
    "PENTO_V": ((0, 0), (0, 1), (0, 2), (1, 2), (2, 2)),
    "PENTO_S": ((1, 0), (2, 0), (3, 0), (0, 1), (1, 1)),
    "PENTO_Z": ((0, 0), (1, 0), (1, 1), (1, 2), (2, 2)),
    "PENTO_I": ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4)),
    "PENTO_P": ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2)),
    "PENTO_W": ((0, 0), (0, 1), (1, 1), (1, 2), (2, 2)),
    "PENTO_U": ((0, 0), (0, 1), (1, 1), (2, 1), (2, 0)),
    "PENTO_R": ((0, 1), (1, 1), (1, 2), (2, 1), (2, 0)),
    "PENTO_X": ((1, 0), (0, 1), (1, 1), (2, 1), (1, 2)),
    "PENTO_Y": ((0, 1), (1, 0), (1, 1), (1, 2), (1, 3)),
}

SIZES: tuple[int, ...] = tuple(len(cells) for cells in _DECLARED.values())


class Shape(IntEnum):
    """The 21 piece shapes, in the contest's enum order; the names are the XML names."""

    MONO = 0
    DOMINO = 1
    TRIO_L = 2
    TRIO_I = 3
    TETRO_O = 4
    TETRO_T = 5
    TETRO_I = 6
    TETRO_L = 7
    TETRO_Z = 8
    PENTO_L = 9
    PENTO_T = 10
    PENTO_V = 11
    PENTO_S = 12
    PENTO_Z = 13
    PENTO_I = 14
    PENTO_P = 15
    PENTO_W = 16
    PENTO_U = 17
    PENTO_R = 18
    PENTO_X = 19
    PENTO_Y = 20

    @property
    def size(self) -> int:
        return SIZES[self]

    @property
    def english(self) -> str:
        """The piece's English name ("V pentomino"): the letter the shape is known by, then its
        family (the contest's PENTO_S is the N pentomino, its PENTO_R the F pentomino)."""
        return ENGLISH_NAMES[self]


#: English names by shape, in enum order: the usual polyomino names
ENGLISH_NAMES: tuple[str, ...] = (
    "monomino", "domino", "L tromino", "I tromino",
    "square tetromino", "T tetromino", "I tetromino", "L tetromino", "Z tetromino",
    "L pentomino", "T pentomino", "V pentomino", "N pentomino", "Z pentomino", "I pentomino",
    "P pentomino", "W pentomino", "U pentomino", "F pentomino", "X pentomino", "Y pentomino",
)

SHAPES: tuple[Shape, ...] = tuple(Shape)
TOTAL_SQUARES = sum(SIZES)  # 89
#: The start piece is drawn from the pentominoes without PENTO_X.
START_SHAPES: tuple[Shape, ...] = tuple(s for s in SHAPES if SIZES[s] == 5 and s is not Shape.PENTO_X)


# -- the contest's cell order ---------------------------------------------------------------

def _java_bucket(x: int, y: int, capacity: int = 16) -> int:
    h = (31 * x + y) & 0xFFFFFFFF  # Kotlin data class hashCode, as a 32-bit int
    return (h ^ (h >> 16)) & (capacity - 1)  # java.util.HashMap.hash() spread


def java_hash_set_order(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """The iteration order of a `java.util.HashSet()` into which `cells` were added in order.

    Buckets are visited in index order; cells sharing a bucket stay in insertion order
    (five cells never trigger a resize or a tree bin)."""
    unique = list(dict.fromkeys(cells))
    return tuple(sorted(unique, key=lambda c: _java_bucket(*c)))  # sort is stable


def _align(cells: Sequence[Cell]) -> tuple[Cell, ...]:
    """Move the cells to the origin; the contest collects the result in a new HashSet."""
    min_x = min(x for x, _ in cells)
    min_y = min(y for _, y in cells)
    return java_hash_set_order((x - min_x, y - min_y) for x, y in cells)


_TURNS = {
    Rotation.RIGHT: lambda x, y: (-y, x),
    Rotation.MIRROR: lambda x, y: (-x, -y),
    Rotation.LEFT: lambda x, y: (y, -x),
}

# The shape's normalised cells: declared order, aligned into a HashSet.
BASE: tuple[tuple[Cell, ...], ...] = tuple(_align(cells) for cells in _DECLARED.values())


def transform(shape: Shape, rotation: Rotation, flipped: bool) -> tuple[Cell, ...]:
    """The cells of `shape` turned by `rotation`, then mirrored if `flipped`, normalised to
    the origin, in the contest's iteration order."""
    cells = BASE[shape]
    if rotation is not Rotation.NONE:
        turn = _TURNS[rotation]
        cells = _align(java_hash_set_order(turn(x, y) for x, y in cells))
    if flipped:
        cells = _align([(-x, y) for x, y in cells])
    return cells


# -- orientations ---------------------------------------------------------------------------

#: The eight (rotation, flipped) pairs in the order the contest enumerates variants.
TRANSFORMS: tuple[tuple[Rotation, bool], ...] = tuple((r, f) for r in Rotation for f in (False, True))


def _orientations(shape: Shape) -> tuple[tuple[Rotation, bool, tuple[Cell, ...]], ...]:
    """Distinct cell sets of `shape`; each is named by the first (rotation, flipped) pair in
    `TRANSFORMS` that produces it (the contest's `variants`).  Cells are sorted y, then x."""
    seen: dict[frozenset[Cell], tuple[Rotation, bool, tuple[Cell, ...]]] = {}
    for rotation, flipped in TRANSFORMS:
        cells = transform(shape, rotation, flipped)
        key = frozenset(cells)
        if key not in seen:
            seen[key] = (rotation, flipped, tuple(sorted(cells, key=lambda c: (c[1], c[0]))))
    return tuple(seen.values())


#: ORIENTATIONS[shape] = ((rotation, flipped, cells), ...): the 91 distinct orientations.
ORIENTATIONS: tuple[tuple[tuple[Rotation, bool, tuple[Cell, ...]], ...], ...] = tuple(
    _orientations(shape) for shape in SHAPES)

#: ORIENTATION_OF[shape][rotation.value * 2 + flipped] = index into ORIENTATIONS[shape].
ORIENTATION_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(next(i for i, (_, _, cells) in enumerate(ORIENTATIONS[shape])
               if frozenset(cells) == frozenset(transform(shape, r, f)))
          for r, f in TRANSFORMS)
    for shape in SHAPES)

#: CELL_ORDER[shape][rotation.value * 2 + flipped]: `transform` for every pair, precomputed.
CELL_ORDER: tuple[tuple[tuple[Cell, ...], ...], ...] = tuple(
    tuple(transform(shape, r, f) for r, f in TRANSFORMS) for shape in SHAPES)


# -- in words and as data, for people and the faces that draw pieces --------------------------

BOARD_SIZE = 20
COLUMN_LETTERS = "ABCDEFGHIJKLMNOPQRST"


def square_name(x: int, y: int) -> str:
    """A board square as people read it: column letter A-T from the left, row 1-20 from the
    top (the board as it is drawn, y growing downwards).

    >>> square_name(0, 0), square_name(19, 19), square_name(4, 6)
    ('A1', 'T20', 'E7')
    """
    if 0 <= x < BOARD_SIZE and 0 <= y < BOARD_SIZE:
        return f"{COLUMN_LETTERS[x]}{y + 1}"
    return f"({x}, {y})"  # off the board: only a refused move names such a square


def pieces_data() -> list[dict]:
    """Each of the 21 pieces as JSON-able data: its contest name, English name, size and cells
    (unturned, sorted by row then column), and how many distinct orientations it has."""
    return [{"name": shape.name, "english": shape.english, "size": shape.size,
             "cells": [list(cell) for cell in ORIENTATIONS[shape][0][2]],
             "orientations": len(ORIENTATIONS[shape])} for shape in SHAPES]


def face_data() -> dict:
    """What a face draws Blokus with (`GameSpec.face_data`): the pieces, the colours in playing
    order with the seat that plays each, the board's size and its column letters."""
    return {"pieces": pieces_data(),
            "colors": [{"name": color.name, "word": color.word, "seat": color.team} for color in Color],
            "board_size": BOARD_SIZE, "columns": COLUMN_LETTERS, "start_pieces": [s.name for s in START_SHAPES]}

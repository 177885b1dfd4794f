"""The board as Python-int bitboards, and every placement of every piece precomputed.

Cell (x, y) is bit ``y * STRIDE + x``.  Rows are STRIDE = 21 bits wide although the board is 20
cells wide: the spare column stays empty, so shifting a mask one cell left or right never wraps
a cell into the neighbouring row (the shifted bit lands in the spare column and is masked off).

A *placement* is one orientation of one shape at one position, fully on the board.  They are
numbered once (`pid`) in the order shape, orientation, y, x, so sorting pids sorts moves
canonically.  `COVERING[bit][shape]` lists the placements of `shape` that cover that cell:
move generation only looks at placements covering a colour's corner cells.
"""

from __future__ import annotations

from .pieces import ORIENTATIONS, SHAPES

SIZE = 20
STRIDE = SIZE + 1


def bit_index(x: int, y: int) -> int:
    return y * STRIDE + x


def cell_of(index: int) -> tuple[int, int]:
    """(x, y) of a bit index."""
    return index % STRIDE, index // STRIDE


def mask_of(cells) -> int:
    mask = 0
    for x, y in cells:
        mask |= 1 << (y * STRIDE + x)
    return mask


def cells_of(mask: int) -> list[tuple[int, int]]:
    """The cells of a mask, y-major then x."""
    out = []
    while mask:
        low = mask & -mask
        out.append(cell_of(low.bit_length() - 1))
        mask ^= low
    return out


BOARD = mask_of((x, y) for y in range(SIZE) for x in range(SIZE))
CORNERS = mask_of([(0, 0), (SIZE - 1, 0), (SIZE - 1, SIZE - 1), (0, SIZE - 1)])


def edge_neighbours(mask: int) -> int:
    """Cells sharing an edge with `mask` (may include the spare column and off-board bits)."""
    return (mask << 1) | (mask >> 1) | (mask << STRIDE) | (mask >> STRIDE)


def diagonal_neighbours(mask: int) -> int:
    """Cells sharing only a corner with some cell of `mask` (unmasked, like `edge_neighbours`)."""
    return (mask << (STRIDE + 1)) | (mask << (STRIDE - 1)) | (mask >> (STRIDE - 1)) | (mask >> (STRIDE + 1))


# -- the placement tables -------------------------------------------------------------------

P_SHAPE: list[int] = []  # pid -> shape index
P_ORIENT: list[int] = []  # pid -> orientation index within ORIENTATIONS[shape]
P_X: list[int] = []  # pid -> x of the bounding box's top-left corner
P_Y: list[int] = []
P_MASK: list[int] = []  # pid -> bitboard of the covered cells
#: PLACEMENT_AT[shape][orientation][y * SIZE + x] -> pid, or -1 where the piece leaves the board
PLACEMENT_AT: list[list[list[int]]] = []
#: COVERING[bit][shape] -> (masks, pids) of the placements of `shape` covering that cell
COVERING: list[list[tuple[tuple[int, ...], tuple[int, ...]]]] = []


def _build() -> None:
    covering: list[list[tuple[list[int], list[int]]]] = [
        [([], []) for _ in SHAPES] for _ in range(SIZE * STRIDE)]
    for shape in SHAPES:
        at_shape = []
        for orient, (_, _, cells) in enumerate(ORIENTATIONS[shape]):
            width = 1 + max(x for x, _ in cells)
            height = 1 + max(y for _, y in cells)
            base = mask_of(cells)
            cell_bits = [bit_index(x, y) for x, y in cells]
            at = [-1] * (SIZE * SIZE)
            for y in range(SIZE - height + 1):
                for x in range(SIZE - width + 1):
                    pid = len(P_MASK)
                    shift = bit_index(x, y)
                    mask = base << shift
                    P_SHAPE.append(shape)
                    P_ORIENT.append(orient)
                    P_X.append(x)
                    P_Y.append(y)
                    P_MASK.append(mask)
                    at[y * SIZE + x] = pid
                    for b in cell_bits:
                        masks, pids = covering[b + shift][shape]
                        masks.append(mask)
                        pids.append(pid)
            at_shape.append(at)
        PLACEMENT_AT.append(at_shape)
    COVERING.extend([[(tuple(m), tuple(p)) for m, p in per_shape] for per_shape in covering])


_build()
PLACEMENT_COUNT = len(P_MASK)

"""Legal placements kept per free corner cell, and updated move by move instead of recomputed.

A colour's legal placements are the placements of its shapes in hand that cover one of its free
corner cells (`BlokusState.corner_mask`) and no blocked cell (`blocked_mask`).  `CornerMoves`
keeps, for each free corner cell it has been asked about, the sorted placement ids legal through
that cell.  A move only changes the lists near it, so after a move:

* a corner cell that became blocked (covered, or beside the mover's new piece) is dropped; a cell
  leaves a colour's corners only that way, and once blocked it stays blocked;
* the lists of corner cells within reach of the newly blocked cells drop the placements that
  cover one (`REACH` says which cells a placement through a corner cell can touch at all);
* the mover's lists drop the shape it placed;
* new corner cells get their list the first time they are asked about.

The list for a new corner cell comes from per-cell tables (`through_corner`).
"""

from __future__ import annotations

from bisect import bisect_left
from functools import reduce
from itertools import chain, compress
from operator import or_

from .bitboard import COVERING, P_MASK, P_SHAPE, PLACEMENT_COUNT, SIZE, STRIDE, mask_of
from .pieces import SHAPES


def _reach(x: int, y: int) -> int:
    """Cells a placement covering (x, y) may cover: every pair of cells of a piece of at most
    five connected squares is at most 4 steps apart, so the diamond of radius 4 holds them."""
    return mask_of((x + dx, y + dy) for dx in range(-4, 5) for dy in range(-4, 5)
                   if abs(dx) + abs(dy) <= 4 and 0 <= x + dx < SIZE and 0 <= y + dy < SIZE)


#: REACH[bit]: a superset of the cells of the placements covering that cell (0 off the board)
REACH: list[int] = [0] * (SIZE * STRIDE)
for _y in range(SIZE):
    for _x in range(SIZE):
        REACH[_y * STRIDE + _x] = _reach(_x, _y)

#: SHAPE_START[shape]: the first placement id of `shape` (ids run shape by shape); one past the end last
SHAPE_START: tuple[int, ...] = tuple(
    [next(pid for pid in range(PLACEMENT_COUNT) if P_SHAPE[pid] == shape) for shape in SHAPES]
    + [PLACEMENT_COUNT])


def through_corner(bit: int, shapes: list[int], blocked: int) -> list[int]:
    """Sorted ids of the placements of `shapes` that cover cell `bit` and no blocked cell.

    Rather than test each covering placement (a Python step each, some 340 of them in the
    middle of the board), this ORs the precomputed sets of placements hit by each blocked cell
    within reach, as small ints over the cell's covering placements, and reads off what is left.
    Both selections run in C: `_selector` turns a bit set into bytes that `compress` follows."""
    pids, hit_by, shape_bits, low = _TABLES[bit] or _table(bit)
    wanted = 0
    for shape in shapes:
        wanted |= shape_bits[shape]
    hit = reduce(or_, compress(hit_by, _selector((blocked & REACH[bit]) >> low)), 0)
    return list(compress(pids, _selector(wanted & ~hit)))


_ZERO_ONE = bytes.maketrans(b"01", b"\x00\x01")


def _selector(bits: int) -> bytes:
    """Byte k is 1 where bit k of `bits` is set, else 0 (as long as the highest set bit)."""
    return bin(bits)[:1:-1].encode().translate(_ZERO_ONE)


# _TABLES[bit] = (pids, hit_by, shape_bits, low) for the placements covering that cell, built on
# first use (most cells are never reached in a game): `pids` all of them in id order (so by
# shape), bit k of a local set standing for pids[k]; hit_by[i]: the local set of those covering
# cell bit `low + i`, `low` being the lowest cell within reach; shape_bits[shape]: the local set
# of that shape's placements.
_TABLES: list[tuple[list[int], list[int], list[int], int] | None] = [None] * (SIZE * STRIDE)


def _table(bit: int) -> tuple[list[int], list[int], list[int], int]:
    covering = COVERING[bit]
    pids: list[int] = []
    shape_bits: list[int] = []
    for shape in SHAPES:
        shape_pids = covering[shape][1]
        shape_bits.append(((1 << len(shape_pids)) - 1) << len(pids))
        pids += shape_pids
    reach = REACH[bit]
    low = (reach & -reach).bit_length() - 1
    hit_by = [0] * (reach.bit_length() - low)
    for k, pid in enumerate(pids):
        mask = P_MASK[pid] >> low
        while mask:
            cell = mask & -mask
            hit_by[cell.bit_length() - 1] |= 1 << k
            mask ^= cell
    table = _TABLES[bit] = (pids, hit_by, shape_bits, low)
    return table


class CornerMoves:
    """One colour's legal placements, per free corner cell (bit index -> sorted ids).

    The lists are never changed in place (a new list replaces an old one), so a copy of the
    dict is an independent copy."""

    __slots__ = ("lists",)

    def __init__(self, lists: dict[int, list[int]] | None = None) -> None:
        self.lists: dict[int, list[int]] = {} if lists is None else lists

    def copy(self) -> "CornerMoves":
        return CornerMoves(dict(self.lists))

    def get(self, bit: int, shapes, blocked: int) -> list[int]:
        """The list of corner cell `bit`, computed on first use.  `shapes` is a callable giving
        the shapes to try, so it is only worked out when a list is computed."""
        found = self.lists.get(bit)
        if found is None:
            found = self.lists[bit] = through_corner(bit, shapes(), blocked)
        return found

    def block(self, cells: int) -> None:
        """`cells` became blocked: drop corner cells among them and the placements covering them."""
        lists = self.lists
        for bit, pids in list(lists.items()):
            if REACH[bit] & cells:
                if cells >> bit & 1:
                    del lists[bit]
                else:
                    lists[bit] = [p for p in pids if not P_MASK[p] & cells]

    def drop_shape(self, shape: int) -> None:
        """`shape` left the hand: cut its id range out of every list."""
        start, end = SHAPE_START[shape], SHAPE_START[shape + 1]
        lists = self.lists
        for bit, pids in lists.items():
            low = bisect_left(pids, start)
            if low < len(pids) and pids[low] < end:
                lists[bit] = pids[:low] + pids[bisect_left(pids, end, low):]

    def clear(self) -> None:
        self.lists.clear()

    def union(self, corners: int, shapes, blocked: int) -> list[int]:
        """Sorted ids of the placements legal through any of the `corners` (a bitboard)."""
        lists = self.lists
        if len(lists) != corners.bit_count():  # some corner has no list yet (the keys are corners)
            tried = shapes()
            while corners:
                low = corners & -corners
                bit = low.bit_length() - 1
                if bit not in lists:
                    lists[bit] = through_corner(bit, tried, blocked)
                corners ^= low
        # Each list is sorted, so sorting them end to end merges runs; then drop repeats in order.
        return list(dict.fromkeys(sorted(chain.from_iterable(lists.values()))))

    def any(self, corners: int, shapes, blocked: int) -> bool:
        """Whether some placement is legal through one of the `corners` (stops at the first)."""
        get = self.get
        while corners:
            low = corners & -corners
            if get(low.bit_length() - 1, shapes, blocked):
                return True
            corners ^= low
        return False


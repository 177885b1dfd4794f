"""The move generator as it was before the per-corner lists (`movegen`), kept as a test oracle:
it scans every covering placement of every shape in hand at every free corner cell of the colour,
on every call, from the state's bitboards alone."""

from tablehall.games.blokus.bitboard import COVERING
from tablehall.games.blokus.pieces import SHAPES
from tablehall.games.blokus.rules import ALL_SHAPES


def reference_legal_placements(state, color) -> list[int]:
    """Placement ids of every legal SetMove of `color`, sorted (shape, orientation, y, x)."""
    hand = state._undeployed[color]
    shapes = [state.start_piece] if hand == ALL_SHAPES else [s for s in SHAPES if hand >> s & 1]
    forbidden = state.blocked_mask(color)
    anchors = state.corner_mask(color)
    found: set[int] = set()
    while anchors:
        low = anchors & -anchors
        covering = COVERING[low.bit_length() - 1]
        for shape in shapes:
            masks, pids = covering[shape]
            found.update(p for m, p in zip(masks, pids) if not m & forbidden)
        anchors ^= low
    return sorted(found)

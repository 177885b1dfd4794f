"""Built-in Blokus bots.

`random`: a uniformly random legal placement (it never skips: a colour without placements has
already dropped out, so it always has one).

`strong`: one-ply greedy.  Each legal placement is scored by what it leaves behind: bigger
pieces first (a square placed is a point, and small pieces fit late gaps), more own free corners
to grow from, the opponents' free corners it covers, and, while the board is open, progress
towards the centre.  It does not skip either.
"""

from __future__ import annotations

from tablehall.core import Bot

from .bitboard import BOARD, P_MASK, P_ORIENT, P_SHAPE, P_X, P_Y, SIZE, diagonal_neighbours, edge_neighbours
from .pieces import ORIENTATIONS, SIZES
from .rules import BlokusState, SetMove, SkipMove, placement_move

SIZE_WEIGHT = 8  # per square of the placed piece
OWN_CORNER_WEIGHT = 2  # per free corner the colour can grow from afterwards
BLOCK_WEIGHT = 3  # per opponent corner the piece covers
PARTNER_BLOCK_WEIGHT = 2  # per corner of the partner colour the piece covers
CENTRE_WEIGHT = 1  # per step closer to the centre, during the opening
OPENING_ROUNDS = 6


def _centre_distance(pid: int) -> int:
    """Manhattan distance from a placement's bounding-box centre to the board centre."""
    cells = ORIENTATIONS[P_SHAPE[pid]][P_ORIENT[pid]][2]
    doubled_x = 2 * P_X[pid] + max(x for x, _ in cells)  # twice the box centre
    doubled_y = 2 * P_Y[pid] + max(y for _, y in cells)
    return (abs(doubled_x - (SIZE - 1)) + abs(doubled_y - (SIZE - 1))) // 2


_CENTRE_DISTANCE = [_centre_distance(pid) for pid in range(len(P_MASK))]


class RandomBot(Bot):
    """A uniformly random legal placement."""

    name = "random"

    def choose(self, state: BlokusState, seat: int) -> SetMove | SkipMove:
        placements = state.legal_placements()
        if not placements:
            return SkipMove(state.current_color)
        return placement_move(placements[self.rng.below(len(placements))], state.current_color)


class StrongBot(Bot):
    """One-ply greedy: big pieces, own free corners, opponents' corners covered, the centre early."""

    name = "strong"

    def choose(self, state: BlokusState, seat: int) -> SetMove | SkipMove:
        color = state.current_color
        placements = state.legal_placements(color)
        if not placements:
            return SkipMove(color)
        scores = self.scores(state, placements)
        best = max(scores)
        candidates = [pid for pid, score in zip(placements, scores) if score == best]
        return placement_move(candidates[self.rng.below(len(candidates))], color)

    @staticmethod
    def scores(state: BlokusState, placements: list[int]) -> list[int]:
        color = state.current_color
        partner = color.next.next
        opponents = [c for c in (color.next, partner.next) if c in state.valid_colors]
        own_anchors = 0 if state.is_first_move(color) else state.corner_mask(color)  # board corners don't count
        own_forbidden = state.blocked_mask(color)
        opponent_anchors = 0
        for c in opponents:
            opponent_anchors |= state.corner_mask(c)
        partner_anchors = state.corner_mask(partner) if partner in state.valid_colors else 0
        opening = state.round <= OPENING_ROUNDS
        scores = []
        for pid in placements:
            mask = P_MASK[pid]
            size = SIZES[P_SHAPE[pid]]
            blocked = own_forbidden | mask | edge_neighbours(mask)
            corners = ((own_anchors | diagonal_neighbours(mask)) & ~blocked & BOARD).bit_count()
            score = (SIZE_WEIGHT * size + OWN_CORNER_WEIGHT * corners
                     + BLOCK_WEIGHT * (mask & opponent_anchors).bit_count()
                     - PARTNER_BLOCK_WEIGHT * (mask & partner_anchors).bit_count())
            if opening:
                score -= CENTRE_WEIGHT * _CENTRE_DISTANCE[pid]
            scores.append(score)
        return scores


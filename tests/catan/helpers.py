"""Small helpers to build Catan positions for rule tests, through the engine's own actions."""

from __future__ import annotations

from tablehall.games.catan import SPEC, actions as A
from tablehall.games.catan.constants import Phase
from tablehall.games.catan.geometry import EDGES, NODE_EDGES, NODE_NEIGHBORS, edge_between
from tablehall.games.catan.rules import CatanState

# Setup spots on the beginner board far from each other: (settlement node, road towards node)
SPOTS = [(0, 3), (2, 5), (20, 15), (24, 18), (29, 23), (33, 27), (44, 39), (46, 41)]


def new(seats: int = 4, **options) -> CatanState:
    options.setdefault("layout", "beginner")
    return SPEC.new(seats, options, 7)


def setup(state: CatanState, spots=SPOTS) -> CatanState:
    """Play the snake-order setup with the given (node, neighbour) pairs, then return."""
    for node, towards in spots[: 2 * state.seat_count]:
        seat = state.current
        state.apply(seat, A.settlement(node))
        state.apply(seat, A.road(edge_between(node, towards)))
    assert state.phase is Phase.ROLL_OR_CARD
    return state


def give(state: CatanState, seat: int, counts) -> None:
    """Move cards from the bank to a hand (keeps resource conservation)."""
    for r, c in enumerate(counts):
        state.bank[r] -= c
        state.hands[seat][r] += c


def empty_hands(state: CatanState) -> None:
    for hand in state.hands:
        for r in range(5):
            state.bank[r] += hand[r]
            hand[r] = 0


def to_play(state: CatanState, total: int = 6) -> None:
    """Roll a scripted-free total by forcing the dice script for this roll."""
    state.dice_script = state.dice_script[:state.dice_used] + (total,)
    state.apply(state.current, A.ROLL)


def path_from(state: CatanState, node: int, length: int) -> list[int]:
    """`length` free edges forming a simple path from `node` through empty intersections."""

    def extend(at: int, seen: frozenset, edges: list[int]) -> list[int] | None:
        if len(edges) == length:
            return edges
        for e, nxt in zip(NODE_EDGES[at], NODE_NEIGHBORS[at]):
            if nxt not in seen and state.edge_owner[e] < 0 and state.node_owner[nxt] < 0:
                found = extend(nxt, seen | {nxt}, edges + [e])
                if found:
                    return found
        return None

    found = extend(node, frozenset({node}), [])
    assert found, "no free path"
    return found


def other_end(edge: int, node: int) -> int:
    a, b = EDGES[edge]
    return b if a == node else a

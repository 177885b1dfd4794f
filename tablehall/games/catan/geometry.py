"""The classic Catan board as one internal model, with exact converters to the two notations.

Internally everything is a small integer: land hexes 0..18, intersections (nodes) 0..53 and
paths (edges) 0..71, each numbered in reading order (north to south, west to east).  All
adjacency is precomputed into tuples and bitmasks at import time, so the rules never do
coordinate arithmetic.

Two outside coordinate systems map onto it exactly:

* SGN (Settlers Game Notation): axial pointy-top hexes ``(q, r)``; an intersection is its three
  hexes in canonical clockwise order (starting at the hex at or after 12 o'clock); a path is its
  two intersections.
* JSettlers classic (encoding v1): hexes, nodes and edges on one 0xRC grid, centre hex 0x77.

Derivation: hex ``(q, r)`` is JSettlers 0xRC with ``R = 7 + 2q + 2r``, ``C = 7 + 2q`` (east is
+0x22, south-east +0x20).  Corner k (clockwise
from the top) of a hex is JSettlers ``hex + (0x01, 0x12, 0x21, 0x10, -0x01, -0x10)[k]``.
"""

from __future__ import annotations

Axial = tuple[int, int]
Intersection = tuple[Axial, Axial, Axial]

# -- hexes -------------------------------------------------------------------------------------
ALL_HEXES: tuple[Axial, ...] = tuple(
    sorted(((q, r) for q in range(-3, 4) for r in range(-3, 4) if abs(q + r) <= 3),
           key=lambda h: (h[1], h[0])))
LAND_HEXES: tuple[Axial, ...] = tuple(h for h in ALL_HEXES if max(abs(h[0]), abs(h[1]), abs(h[0] + h[1])) <= 2)
SEA_HEXES: tuple[Axial, ...] = tuple(h for h in ALL_HEXES if h not in LAND_HEXES)
HEX_INDEX: dict[Axial, int] = {h: i for i, h in enumerate(LAND_HEXES)}
HEX_COUNT = len(LAND_HEXES)  # 19

# neighbour directions clockwise from NE; side k of a hex faces DIRECTIONS[k]
DIRECTIONS: tuple[Axial, ...] = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))


def n_corner(q: int, r: int) -> Intersection:
    """The top point of hex (q, r), canonical order (NE, S, NW)."""
    return ((q + 1, r - 1), (q, r), (q, r - 1))


def s_corner(q: int, r: int) -> Intersection:
    """The bottom point of hex (q, r), canonical order (N, SE, SW)."""
    return ((q, r), (q, r + 1), (q - 1, r + 1))


def hex_corners(q: int, r: int) -> tuple[Intersection, ...]:
    """The six corners of hex (q, r), clockwise from the top."""
    return (n_corner(q, r), s_corner(q + 1, r - 1), n_corner(q, r + 1),
            s_corner(q, r), n_corner(q - 1, r + 1), s_corner(q, r - 1))


def canonical_intersection(hexes) -> Intersection:
    """Put any three pairwise-adjacent hexes in canonical clockwise order.

    Raises ValueError when the three hexes do not meet at one point."""
    trio = sorted({(int(q), int(r)) for q, r in hexes}, key=lambda h: (h[1], h[0]))
    if len(trio) != 3:
        raise ValueError(f"an intersection needs 3 distinct hexes, not {hexes!r}")
    if trio[0][1] == trio[1][1]:  # two hexes on top: N-corner of the third
        q, r = trio[2]
        point = n_corner(q, r)
    else:
        q, r = trio[0]
        point = s_corner(q, r)
    if sorted(point) != sorted(trio):
        raise ValueError(f"hexes {hexes!r} do not meet at one intersection")
    return point


def _reading_key(point: Intersection) -> tuple[int, int]:
    """(doubled y, doubled x) of an intersection, for reading order."""
    if point[0][1] == point[2][1]:  # N-corner: two hexes above
        q, r = point[1]
        return (3 * r - 2, 2 * q + r)
    q, r = point[0]
    return (3 * r + 2, 2 * q + r)


# -- nodes -------------------------------------------------------------------------------------
NODES: tuple[Intersection, ...] = tuple(sorted({c for h in LAND_HEXES for c in hex_corners(*h)}, key=_reading_key))
NODE_INDEX: dict[frozenset, int] = {frozenset(p): i for i, p in enumerate(NODES)}
NODE_COUNT = len(NODES)  # 54

HEX_NODES: tuple[tuple[int, ...], ...] = tuple(
    tuple(NODE_INDEX[frozenset(c)] for c in hex_corners(*h)) for h in LAND_HEXES)
"""Land hex -> its 6 nodes clockwise from the top."""

NODE_HEXES: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(HEX_INDEX[h] for h in p if h in HEX_INDEX)) for p in NODES)
"""Node -> the land hexes it touches (1 to 3)."""

# -- edges -------------------------------------------------------------------------------------
def _edge_list() -> list[tuple[int, int]]:
    pairs = set()
    for nodes in HEX_NODES:
        for k in range(6):
            a, b = nodes[k], nodes[(k + 1) % 6]
            pairs.add((min(a, b), max(a, b)))
    return sorted(pairs)


EDGES: tuple[tuple[int, int], ...] = tuple(_edge_list())
"""Edge -> its two nodes (smaller index first)."""
EDGE_COUNT = len(EDGES)  # 72
EDGE_INDEX: dict[tuple[int, int], int] = {e: i for i, e in enumerate(EDGES)}


def edge_between(a: int, b: int) -> int:
    """The edge joining nodes a and b; KeyError if they are not adjacent."""
    return EDGE_INDEX[(a, b) if a < b else (b, a)]


NODE_EDGES: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, e in enumerate(EDGES) if n in e) for n in range(NODE_COUNT))
NODE_NEIGHBORS: tuple[tuple[int, ...], ...] = tuple(
    tuple(EDGES[e][1] if EDGES[e][0] == n else EDGES[e][0] for e in NODE_EDGES[n]) for n in range(NODE_COUNT))
HEX_EDGES: tuple[tuple[int, ...], ...] = tuple(
    tuple(edge_between(nodes[k], nodes[(k + 1) % 6]) for k in range(6)) for nodes in HEX_NODES)
"""Land hex -> its 6 edges; side k runs from corner k to corner k+1 and faces DIRECTIONS[k]."""

HEX_NEIGHBORS: tuple[tuple[int, ...], ...] = tuple(
    tuple(HEX_INDEX[(q + dq, r + dr)] for dq, dr in DIRECTIONS if (q + dq, r + dr) in HEX_INDEX)
    for q, r in LAND_HEXES)

# bitmasks: bit i stands for node i (or edge i)
NODE_BIT: tuple[int, ...] = tuple(1 << n for n in range(NODE_COUNT))
EDGE_BIT: tuple[int, ...] = tuple(1 << e for e in range(EDGE_COUNT))
NODE_EDGE_MASK: tuple[int, ...] = tuple(sum(EDGE_BIT[e] for e in es) for es in NODE_EDGES)
"""Node -> mask of its incident edges."""
NODE_CLOSED_MASK: tuple[int, ...] = tuple(
    NODE_BIT[n] | sum(NODE_BIT[m] for m in NODE_NEIGHBORS[n]) for n in range(NODE_COUNT))
"""Node -> mask of itself and its neighbours (what a settlement there blocks)."""
ALL_NODES_MASK = (1 << NODE_COUNT) - 1
ALL_EDGES_MASK = (1 << EDGE_COUNT) - 1


def bits(mask: int) -> list[int]:
    """Indices of the set bits of `mask`, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _coast() -> list[tuple[int, int, int]]:
    """(edge, land hex, side k) for every coastal edge, in edge order."""
    out = []
    for h, (q, r) in enumerate(LAND_HEXES):
        for k, (dq, dr) in enumerate(DIRECTIONS):
            if (q + dq, r + dr) not in HEX_INDEX:
                out.append((HEX_EDGES[h][k], h, k))
    return sorted(out)


COAST: tuple[tuple[int, int, int], ...] = tuple(_coast())
COASTAL_EDGES: frozenset[int] = frozenset(e for e, _, _ in COAST)

# -- SGN converters ----------------------------------------------------------------------------


def sgn_hex(hex_index: int) -> list[int]:
    q, r = LAND_HEXES[hex_index]
    return [q, r]


def hex_from_sgn(tile) -> int:
    """Land hex index of an SGN tile (numeric strings accepted); KeyError off the land."""
    return HEX_INDEX[(int(tile[0]), int(tile[1]))]


def sgn_intersection(node: int) -> list[list[int]]:
    return [list(h) for h in NODES[node]]


def node_from_sgn(intersection) -> int:
    """Node index of an SGN intersection, in any hex order, numeric strings accepted."""
    return NODE_INDEX[frozenset(canonical_intersection(intersection))]


def sgn_path(edge: int) -> list[list[list[int]]]:
    """An edge as an SGN path, clockwise around the side's first hex in reading order (for a
    coastal edge: around its land hex, which is how SGN writes harbours)."""
    a, b = EDGES[edge]
    shared = sorted(set(NODES[a]) & set(NODES[b]), key=lambda h: (h[1], h[0]))
    first = next(h for h in shared if h in HEX_INDEX) if edge in COASTAL_EDGES else shared[0]
    corners = [NODE_INDEX.get(frozenset(c)) for c in hex_corners(*first)]
    i, j = corners.index(a), corners.index(b)
    start, end = (a, b) if (i + 1) % 6 == j else (b, a)
    return [sgn_intersection(start), sgn_intersection(end)]


def edge_from_sgn(path) -> int:
    """Edge index of an SGN path, endpoints in either order."""
    if len(path) != 2:
        raise ValueError("a path has exactly 2 intersections")
    return edge_between(node_from_sgn(path[0]), node_from_sgn(path[1]))


# -- JSettlers classic converters --------------------------------------------------------------
_JS_CORNER_OFFSETS = (0x01, 0x12, 0x21, 0x10, -0x01, -0x10)


def js_hex_of_axial(q: int, r: int) -> int:
    return (7 + 2 * q + 2 * r) * 16 + 7 + 2 * q


def js_hex(hex_index: int) -> int:
    return js_hex_of_axial(*LAND_HEXES[hex_index])


def _js_nodes() -> tuple[int, ...]:
    out = [0] * NODE_COUNT
    for h, nodes in enumerate(HEX_NODES):
        base = js_hex(h)
        for k, n in enumerate(nodes):
            out[n] = base + _JS_CORNER_OFFSETS[k]
    return tuple(out)


JS_NODES: tuple[int, ...] = _js_nodes()
"""Node -> JSettlers node coordinate."""


def _js_edge(a: int, b: int) -> int:
    lo, hi = sorted((JS_NODES[a], JS_NODES[b]))
    return lo if hi - lo == 0x11 else lo - 0x01  # '|' edges sit one step before their upper node


JS_EDGES: tuple[int, ...] = tuple(_js_edge(a, b) for a, b in EDGES)
"""Edge -> JSettlers edge coordinate."""
JS_HEXES: tuple[int, ...] = tuple(js_hex(h) for h in range(HEX_COUNT))
HEX_FROM_JS: dict[int, int] = {c: i for i, c in enumerate(JS_HEXES)}
NODE_FROM_JS: dict[int, int] = {c: i for i, c in enumerate(JS_NODES)}
EDGE_FROM_JS: dict[int, int] = {c: i for i, c in enumerate(JS_EDGES)}

JS_BOARD_HEXES: tuple[int, ...] = (
    0x17, 0x39, 0x5B, 0x7D, 0x15, 0x37, 0x59, 0x7B, 0x9D, 0x13, 0x35, 0x57, 0x79, 0x9B, 0xBD,
    0x11, 0x33, 0x55, 0x77, 0x99, 0xBB, 0xDD, 0x31, 0x53, 0x75, 0x97, 0xB9, 0xDB,
    0x51, 0x73, 0x95, 0xB7, 0xD9, 0x71, 0x93, 0xB5, 0xD7)
"""The 37 hexes of a JSettlers SOCBoardLayout message, in its array order (numToHexID)."""

# The 9 harbour slots of the classic frame, clockwise from the north-east: (edge, sea hex).
# JSettlers keeps these positions and shuffles only the harbour types.
JS_PORT_EDGES: tuple[int, ...] = (0x27, 0x5A, 0x9C, 0xCC, 0xC9, 0xA5, 0x72, 0x42, 0x24)
HARBOR_SLOTS: tuple[int, ...] = tuple(EDGE_FROM_JS[c] for c in JS_PORT_EDGES)


def harbor_facing(edge: int) -> tuple[int, int]:
    """(JSettlers sea hex, facing 1..6 = NE, E, SE, SW, W, NW towards the land) of a coastal edge."""
    for e, h, k in COAST:
        if e == edge:
            q, r = LAND_HEXES[h]
            dq, dr = DIRECTIONS[k]
            return js_hex_of_axial(q + dq, r + dr), (k + 3) % 6 + 1
    raise ValueError(f"edge {edge} is not on the coast")

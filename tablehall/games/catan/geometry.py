"""The Catan boards as one internal model, with exact converters to the two notations.

A `Frame` is one board outline: the classic board (`CLASSIC`: 19 land hexes, 54 nodes, 72
edges) or the 5-6 player board (`SIX`: 30 land hexes, 80 nodes, 109 edges).  Internally
everything is a small integer: land hexes, intersections (nodes) and paths (edges), each
numbered in reading order (north to south, west to east).  All adjacency is precomputed into
tuples and bitmasks when the frame is built, so the rules never do coordinate arithmetic.  The
module-level names (`HEX_COUNT`, `NODE_EDGES`, `JS_NODES`, ...) are the classic frame's.

Two outside coordinate systems map onto it exactly:

* SGN (Settlers Game Notation): axial pointy-top hexes ``(q, r)``; an intersection is its three
  hexes in canonical clockwise order (starting at the hex at or after 12 o'clock); a path is its
  two intersections.  (SGN knows only the classic board.)
* JSettlers (encodings v1 and v2, one grid for both): hexes, nodes and edges on one 0xRC grid,
  centre hex 0x77.

Derivation: hex ``(q, r)`` is JSettlers 0xRC with ``R = 7 + 2q + 2r``, ``C = 7 + 2q`` (east is
+0x22, south-east +0x20).  Corner k (clockwise from the top) of a hex is JSettlers
``hex + (0x01, 0x12, 0x21, 0x10, -0x01, -0x10)[k]``.  The 5-6 player board's land is the rows of
3, 4, 5, 6, 5, 4, 3 hexes from ``r = -3`` to ``r = 3`` (JSettlers 0x11..0xBB); JSettlers' client
draws it turned a quarter clockwise, which changes nothing here.
"""

from __future__ import annotations

Axial = tuple[int, int]
Intersection = tuple[Axial, Axial, Axial]

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


def bits(mask: int) -> list[int]:
    """Indices of the set bits of `mask`, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


_JS_CORNER_OFFSETS = (0x01, 0x12, 0x21, 0x10, -0x01, -0x10)


def js_hex_of_axial(q: int, r: int) -> int:
    return (7 + 2 * q + 2 * r) * 16 + 7 + 2 * q


def axial_of_js_hex(coord: int) -> Axial:
    q = ((coord & 0x0F) - 7) // 2
    return q, ((coord >> 4) - (coord & 0x0F)) // 2


class Graph:
    """The nodes and edges of a board and their adjacency as tuples and bitmasks (bit i stands
    for node i, or edge i): what the rules walk on, for the classic frames and the sea board's."""

    node_count: int
    edge_count: int
    edges: tuple[tuple[int, int], ...]

    def _link_nodes(self) -> None:
        """Derive every node's edges, neighbours and masks from `edges`."""
        n_nodes, n_edges = self.node_count, self.edge_count
        node_edges: list[list[int]] = [[] for _ in range(n_nodes)]
        for i, (a, b) in enumerate(self.edges):
            node_edges[a].append(i)
            node_edges[b].append(i)
        self.node_edges: tuple[tuple[int, ...], ...] = tuple(map(tuple, node_edges))
        self.node_neighbors: tuple[tuple[int, ...], ...] = tuple(
            tuple(self.edges[e][1] if self.edges[e][0] == n else self.edges[e][0] for e in self.node_edges[n])
            for n in range(n_nodes))
        self.node_bit: tuple[int, ...] = tuple(1 << n for n in range(n_nodes))
        self.edge_bit: tuple[int, ...] = tuple(1 << e for e in range(n_edges))
        self.node_edge_mask: tuple[int, ...] = tuple(sum(1 << e for e in es) for es in self.node_edges)
        """Node -> mask of its incident edges."""
        self.node_closed_mask: tuple[int, ...] = tuple(
            1 << n | sum(1 << m for m in self.node_neighbors[n]) for n in range(n_nodes))
        """Node -> mask of itself and its neighbours (what a settlement there blocks)."""
        self.all_nodes_mask = (1 << n_nodes) - 1
        self.all_edges_mask = (1 << n_edges) - 1
        self.node_links: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple((1 << e, m) for e, m in zip(self.node_edges[n], self.node_neighbors[n])) for n in range(n_nodes))
        """Node -> ((edge bit, node at its other end), ...), for walking routes."""


class Frame(Graph):
    """One board outline and everything derived from it (read-only after construction).

    `name` is ``"classic"`` or ``"six"``; `harbor_slots` are the edges where harbours sit,
    clockwise, in JSettlers' order (only the kinds are shuffled in random layouts)."""

    def __init__(self, name: str, land_hexes, js_port_edges) -> None:
        self.name = name
        land = tuple(sorted(land_hexes, key=lambda h: (h[1], h[0])))
        self.land_hexes: tuple[Axial, ...] = land
        self.hex_index: dict[Axial, int] = {h: i for i, h in enumerate(land)}
        self.hex_count = len(land)
        self.sea_hexes: tuple[Axial, ...] = tuple(sorted(
            {(q + dq, r + dr) for q, r in land for dq, dr in DIRECTIONS} - set(land), key=lambda h: (h[1], h[0])))
        # nodes: every corner of a land hex, in reading order
        self.nodes: tuple[Intersection, ...] = tuple(sorted({c for h in land for c in hex_corners(*h)}, key=_reading_key))
        self.node_index: dict[frozenset, int] = {frozenset(p): i for i, p in enumerate(self.nodes)}
        self.node_count = n_nodes = len(self.nodes)
        self.hex_nodes: tuple[tuple[int, ...], ...] = tuple(
            tuple(self.node_index[frozenset(c)] for c in hex_corners(*h)) for h in land)
        """Land hex -> its 6 nodes clockwise from the top."""
        self.node_hexes: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(self.hex_index[h] for h in p if h in self.hex_index)) for p in self.nodes)
        """Node -> the land hexes it touches (1 to 3)."""
        pairs = set()
        for nodes in self.hex_nodes:
            for k in range(6):
                a, b = nodes[k], nodes[(k + 1) % 6]
                pairs.add((min(a, b), max(a, b)))
        self.edges: tuple[tuple[int, int], ...] = tuple(sorted(pairs))
        """Edge -> its two nodes (smaller index first)."""
        self.edge_count = len(self.edges)
        self.edge_index: dict[tuple[int, int], int] = {e: i for i, e in enumerate(self.edges)}
        self._link_nodes()
        self.hex_edges: tuple[tuple[int, ...], ...] = tuple(
            tuple(self.edge_between(nodes[k], nodes[(k + 1) % 6]) for k in range(6)) for nodes in self.hex_nodes)
        """Land hex -> its 6 edges; side k runs from corner k to corner k+1 and faces DIRECTIONS[k]."""
        self.hex_neighbors: tuple[tuple[int, ...], ...] = tuple(
            tuple(self.hex_index[(q + dq, r + dr)] for dq, dr in DIRECTIONS if (q + dq, r + dr) in self.hex_index)
            for q, r in land)
        coast = []
        for h, (q, r) in enumerate(land):
            for k, (dq, dr) in enumerate(DIRECTIONS):
                if (q + dq, r + dr) not in self.hex_index:
                    coast.append((self.hex_edges[h][k], h, k))
        self.coast: tuple[tuple[int, int, int], ...] = tuple(sorted(coast))
        """(edge, land hex, side k) for every coastal edge, in edge order."""
        self.coastal_edges: frozenset[int] = frozenset(e for e, _, _ in self.coast)
        # JSettlers coordinates
        self.js_hexes: tuple[int, ...] = tuple(js_hex_of_axial(*h) for h in land)
        js_nodes = [0] * n_nodes
        for h, nodes in enumerate(self.hex_nodes):
            for k, n in enumerate(nodes):
                js_nodes[n] = self.js_hexes[h] + _JS_CORNER_OFFSETS[k]
        self.js_nodes: tuple[int, ...] = tuple(js_nodes)
        self.js_edges: tuple[int, ...] = tuple(self._js_edge(a, b) for a, b in self.edges)
        self.hex_from_js: dict[int, int] = {c: i for i, c in enumerate(self.js_hexes)}
        self.node_from_js: dict[int, int] = {c: i for i, c in enumerate(self.js_nodes)}
        self.edge_from_js: dict[int, int] = {c: i for i, c in enumerate(self.js_edges)}
        self.js_port_edges: tuple[int, ...] = tuple(js_port_edges)
        self.harbor_slots: tuple[int, ...] = tuple(self.edge_from_js[c] for c in js_port_edges)

    def __repr__(self) -> str:
        return f"<Frame {self.name}: {self.hex_count} hexes, {self.node_count} nodes, {self.edge_count} edges>"

    def __reduce__(self):  # frames are singletons: copies and pickles refer to the module's
        return (frame_named, (self.name,))

    def edge_between(self, a: int, b: int) -> int:
        """The edge joining nodes a and b; KeyError if they are not adjacent."""
        return self.edge_index[(a, b) if a < b else (b, a)]

    def _js_edge(self, a: int, b: int) -> int:
        lo, hi = sorted((self.js_nodes[a], self.js_nodes[b]))
        return lo if hi - lo == 0x11 else lo - 0x01  # '|' edges sit one step before their upper node

    def harbor_facing(self, edge: int) -> tuple[int, int]:
        """(JSettlers sea hex, facing 1..6 = NE, E, SE, SW, W, NW towards the land) of a coastal
        edge.  The sea hex of a 5-6 player harbour may lie off the 0x00..0xFF grid (negative);
        JSettlers' v2 layout names harbours by edge and facing instead."""
        for e, h, k in self.coast:
            if e == edge:
                q, r = self.land_hexes[h]
                dq, dr = DIRECTIONS[k]
                return js_hex_of_axial(q + dq, r + dr), (k + 3) % 6 + 1
        raise ValueError(f"edge {edge} is not on the coast")

    # -- SGN converters (the notation has only the classic board) ----------------------------
    def sgn_hex(self, hex_index: int) -> list[int]:
        q, r = self.land_hexes[hex_index]
        return [q, r]

    def hex_from_sgn(self, tile) -> int:
        """Land hex index of an SGN tile (numeric strings accepted); KeyError off the land."""
        return self.hex_index[(int(tile[0]), int(tile[1]))]

    def sgn_intersection(self, node: int) -> list[list[int]]:
        return [list(h) for h in self.nodes[node]]

    def node_from_sgn(self, intersection) -> int:
        """Node index of an SGN intersection, in any hex order, numeric strings accepted."""
        return self.node_index[frozenset(canonical_intersection(intersection))]

    def sgn_path(self, edge: int) -> list[list[list[int]]]:
        """An edge as an SGN path, clockwise around the side's first hex in reading order (for a
        coastal edge: around its land hex, which is how SGN writes harbours)."""
        a, b = self.edges[edge]
        shared = sorted(set(self.nodes[a]) & set(self.nodes[b]), key=lambda h: (h[1], h[0]))
        first = next(h for h in shared if h in self.hex_index) if edge in self.coastal_edges else shared[0]
        corners = [self.node_index.get(frozenset(c)) for c in hex_corners(*first)]
        i, j = corners.index(a), corners.index(b)
        start, end = (a, b) if (i + 1) % 6 == j else (b, a)
        return [self.sgn_intersection(start), self.sgn_intersection(end)]

    def edge_from_sgn(self, path) -> int:
        """Edge index of an SGN path, endpoints in either order."""
        if len(path) != 2:
            raise ValueError("a path has exactly 2 intersections")
        return self.edge_between(self.node_from_sgn(path[0]), self.node_from_sgn(path[1]))


def _six_land() -> list[Axial]:
    """Rows of 3, 4, 5, 6, 5, 4, 3 hexes from r = -3 to 3 (JSettlers 0x11..0xBB)."""
    coords = (0x11, 0x13, 0x15, 0x17, 0x31, 0x33, 0x35, 0x37, 0x39, 0x51, 0x53, 0x55, 0x57, 0x59, 0x5B,
              0x71, 0x73, 0x75, 0x77, 0x79, 0x7B, 0x93, 0x95, 0x97, 0x99, 0x9B, 0xB5, 0xB7, 0xB9, 0xBB)
    return [axial_of_js_hex(c) for c in coords]


# The classic board's 9 harbour slots, clockwise from the north-east (JSettlers' port edges);
# the 5-6 player board's 11, clockwise from the upper left.
JS_PORT_EDGES: tuple[int, ...] = (0x27, 0x5A, 0x9C, 0xCC, 0xC9, 0xA5, 0x72, 0x42, 0x24)
JS_PORT_EDGES_SIX: tuple[int, ...] = (0x07, 0x3A, 0x7C, 0xAC, 0xCA, 0xC7, 0xA3, 0x70, 0x30, 0x00, 0x03)

CLASSIC = Frame("classic", [(q, r) for q in range(-2, 3) for r in range(-2, 3) if abs(q + r) <= 2], JS_PORT_EDGES)
SIX = Frame("six", _six_land(), JS_PORT_EDGES_SIX)
FRAMES: dict[str, Frame] = {CLASSIC.name: CLASSIC, SIX.name: SIX}


def frame_named(name: str) -> Frame:
    return FRAMES[name]


MAX_NODES = max(f.node_count for f in FRAMES.values())
MAX_EDGES = max(f.edge_count for f in FRAMES.values())
MAX_PLACES = 512
"""More than the nodes or edges of any board, the sea boards' included (the largest has 406 edges)."""
MAX_HEXES = max(f.hex_count for f in FRAMES.values())

# -- the classic frame under its module-level names --------------------------------------------
ALL_HEXES: tuple[Axial, ...] = tuple(
    sorted(((q, r) for q in range(-3, 4) for r in range(-3, 4) if abs(q + r) <= 3), key=lambda h: (h[1], h[0])))
LAND_HEXES = CLASSIC.land_hexes
SEA_HEXES = CLASSIC.sea_hexes
HEX_INDEX = CLASSIC.hex_index
HEX_COUNT = CLASSIC.hex_count  # 19
NODES = CLASSIC.nodes
NODE_INDEX = CLASSIC.node_index
NODE_COUNT = CLASSIC.node_count  # 54
HEX_NODES = CLASSIC.hex_nodes
NODE_HEXES = CLASSIC.node_hexes
EDGES = CLASSIC.edges
EDGE_COUNT = CLASSIC.edge_count  # 72
EDGE_INDEX = CLASSIC.edge_index
edge_between = CLASSIC.edge_between
NODE_EDGES = CLASSIC.node_edges
NODE_NEIGHBORS = CLASSIC.node_neighbors
HEX_EDGES = CLASSIC.hex_edges
HEX_NEIGHBORS = CLASSIC.hex_neighbors
NODE_BIT = CLASSIC.node_bit
EDGE_BIT = CLASSIC.edge_bit
NODE_EDGE_MASK = CLASSIC.node_edge_mask
NODE_CLOSED_MASK = CLASSIC.node_closed_mask
ALL_NODES_MASK = CLASSIC.all_nodes_mask
ALL_EDGES_MASK = CLASSIC.all_edges_mask
COAST = CLASSIC.coast
COASTAL_EDGES = CLASSIC.coastal_edges
sgn_hex = CLASSIC.sgn_hex
hex_from_sgn = CLASSIC.hex_from_sgn
sgn_intersection = CLASSIC.sgn_intersection
node_from_sgn = CLASSIC.node_from_sgn
sgn_path = CLASSIC.sgn_path
edge_from_sgn = CLASSIC.edge_from_sgn
js_hex = CLASSIC.js_hexes.__getitem__
JS_NODES = CLASSIC.js_nodes
"""Node -> JSettlers node coordinate."""
JS_EDGES = CLASSIC.js_edges
"""Edge -> JSettlers edge coordinate."""
JS_HEXES = CLASSIC.js_hexes
HEX_FROM_JS = CLASSIC.hex_from_js
NODE_FROM_JS = CLASSIC.node_from_js
EDGE_FROM_JS = CLASSIC.edge_from_js
HARBOR_SLOTS = CLASSIC.harbor_slots
harbor_facing = CLASSIC.harbor_facing

JS_BOARD_HEXES: tuple[int, ...] = (
    0x17, 0x39, 0x5B, 0x7D, 0x15, 0x37, 0x59, 0x7B, 0x9D, 0x13, 0x35, 0x57, 0x79, 0x9B, 0xBD,
    0x11, 0x33, 0x55, 0x77, 0x99, 0xBB, 0xDD, 0x31, 0x53, 0x75, 0x97, 0xB9, 0xDB,
    0x51, 0x73, 0x95, 0xB7, 0xD9, 0x71, 0x93, 0xB5, 0xD7)
"""The 37 hexes of a JSettlers SOCBoardLayout message, in its array order (numToHexID)."""

"""The sea board's grid: JSettlers' large-board (SOCBoardLarge, encoding 3) coordinates.

One square grid holds hexes, nodes and edges; a coordinate is ``(row << 8) | col`` (0xRRCC).
Hex centres sit on odd rows: rows 1, 5, 9, ... at even columns, rows 3, 7, 11, ... at odd
columns; a hex is 2 units wide and 2 tall.  Its six corners (nodes) lie on the even rows above
and below it, clockwise from the top: ``(r-1, c)``, ``(r-1, c+1)``, ``(r+1, c+1)``,
``(r+1, c)``, ``(r+1, c-1)``, ``(r-1, c-1)``.  An edge between two nodes of one even row is
named by its western node; a vertical edge (on an odd row, between a hex and its east
neighbour) by its centre.

A board of `height` x `width` (as JSettlers tells a client in SOCJoinGameAuth) holds every hex
with ``1 <= row <= height - 1`` and ``1 <= col <= width - 1``: land or water, the board deals
which.  `SeaFrame` numbers them, their nodes and their edges in reading order (north to south,
west to east) and precomputes, as `geometry.Frame` does for the classic boards, every adjacency
as tuples and bitmasks under the same names, so the engine's code for roads and buildings works
on both.
"""

from __future__ import annotations

from functools import lru_cache

from ..geometry import Graph

# corners of hex (r, c) clockwise from the top, and the sides between corner k and k + 1
_CORNERS = ((-1, 0), (-1, 1), (1, 1), (1, 0), (1, -1), (-1, -1))
_NEIGHBOURS = ((-2, 1), (0, 2), (2, 1), (2, -1), (0, -2), (-2, -1))
"""The hexes across side k of a hex: NE, E, SE, SW, W, NW (JSettlers' port facings 1..6 are the
direction from the water hex to the land, the opposite side)."""


def coord(row: int, col: int) -> int:
    return row << 8 | col


def row_col(value: int) -> tuple[int, int]:
    return value >> 8, value & 0xFF


def _edge_coord(a: tuple[int, int], b: tuple[int, int]) -> int:
    """The coordinate of the edge between nodes a and b (adjacent)."""
    if a[0] == b[0]:
        return coord(a[0], min(a[1], b[1]))
    return coord(min(a[0], b[0]) + 1, a[1])


class SeaFrame(Graph):
    """The hexes, nodes and edges of a height x width sea board (read-only once built)."""

    name = "sea"

    def __init__(self, height: int, width: int) -> None:
        self.height, self.width = height, width
        cells = [(r, c) for r in range(1, height, 2) for c in range(1, width)
                 if c % 2 == (0 if r % 4 == 1 else 1)]
        self.js_hexes: tuple[int, ...] = tuple(coord(r, c) for r, c in cells)
        self.hex_count = len(cells)
        self.hex_from_js: dict[int, int] = {h: i for i, h in enumerate(self.js_hexes)}
        corner_cells = [[(r + dr, c + dc) for dr, dc in _CORNERS] for r, c in cells]
        node_cells = sorted({n for corners in corner_cells for n in corners})
        self.js_nodes: tuple[int, ...] = tuple(coord(*n) for n in node_cells)
        self.node_count = n_nodes = len(node_cells)
        self.node_from_js: dict[int, int] = {x: i for i, x in enumerate(self.js_nodes)}
        self.hex_nodes: tuple[tuple[int, ...], ...] = tuple(
            tuple(self.node_from_js[coord(*n)] for n in corners) for corners in corner_cells)
        """Hex -> its 6 nodes clockwise from the top."""
        pairs = {}
        for corners in corner_cells:
            for k in range(6):
                a, b = corners[k], corners[(k + 1) % 6]
                pairs[_edge_coord(a, b)] = tuple(sorted((self.node_from_js[coord(*a)], self.node_from_js[coord(*b)])))
        self.js_edges: tuple[int, ...] = tuple(sorted(pairs))
        self.edge_count = n_edges = len(self.js_edges)
        self.edge_from_js: dict[int, int] = {e: i for i, e in enumerate(self.js_edges)}
        self.edges: tuple[tuple[int, int], ...] = tuple(pairs[e] for e in self.js_edges)
        """Edge -> its two nodes (smaller index first)."""
        self.edge_index: dict[tuple[int, int], int] = {e: i for i, e in enumerate(self.edges)}
        self.hex_edges: tuple[tuple[int, ...], ...] = tuple(
            tuple(self.edge_from_js[_edge_coord(corners[k], corners[(k + 1) % 6])] for k in range(6))
            for corners in corner_cells)
        """Hex -> its 6 edges; side k runs from corner k to corner k + 1."""
        node_hexes: list[list[int]] = [[] for _ in range(n_nodes)]
        for h, nodes in enumerate(self.hex_nodes):
            for n in nodes:
                node_hexes[n].append(h)
        self.node_hexes: tuple[tuple[int, ...], ...] = tuple(map(tuple, node_hexes))
        """Node -> the hexes it touches (1 to 3)."""
        edge_hexes: list[list[int]] = [[] for _ in range(n_edges)]
        for h, sides in enumerate(self.hex_edges):
            for e in sides:
                edge_hexes[e].append(h)
        self.edge_hexes: tuple[tuple[int, ...], ...] = tuple(map(tuple, edge_hexes))
        """Edge -> the hexes on its sides (1 or 2)."""
        self._link_nodes()
        self.hex_neighbors: tuple[tuple[int, ...], ...] = tuple(
            tuple(self.hex_from_js[coord(r + dr, c + dc)] for dr, dc in _NEIGHBOURS
                  if coord(r + dr, c + dc) in self.hex_from_js) for r, c in cells)
        self.hex_node_mask: tuple[int, ...] = tuple(sum(1 << n for n in nodes) for nodes in self.hex_nodes)
        self.hex_edge_mask: tuple[int, ...] = tuple(sum(1 << e for e in sides) for sides in self.hex_edges)
        self.rim_nodes = sum(1 << n for n, hexes in enumerate(self.node_hexes) if len(hexes) < 3)
        """Nodes on the frame's rim (fewer than three hexes)."""

    def __repr__(self) -> str:
        return (f"<SeaFrame {self.height}x{self.width}: {self.hex_count} hexes, {self.node_count} nodes, "
                f"{self.edge_count} edges>")

    def __reduce__(self):  # frames are shared: copies and pickles refer to the cached one
        return (sea_frame, (self.height, self.width))

    def edge_between(self, a: int, b: int) -> int:
        """The edge joining nodes a and b; KeyError if they are not adjacent."""
        return self.edge_index[(a, b) if a < b else (b, a)]

    def hex_across(self, edge: int, facing: int) -> tuple[int, int]:
        """(water hex, land hex) of a harbour on `edge` whose facing (1..6: NE, E, SE, SW, W, NW)
        points from the water to the land; the water hex is -1 when it lies off the board (a
        harbour on the board's first row).  KeyError if the edge has no such land hex."""
        dr, dc = _NEIGHBOURS[facing - 1]
        for land in self.edge_hexes[edge]:
            r, c = row_col(self.js_hexes[land])
            water = self.hex_from_js.get(coord(r - dr, c - dc), -1)
            if water == -1 and len(self.edge_hexes[edge]) == 1 or water in self.edge_hexes[edge]:
                return water, land
        raise KeyError(f"no harbour facing {facing} on edge {self.js_edges[edge]:#x}")


@lru_cache(maxsize=None)
def sea_frame(height: int, width: int) -> SeaFrame:
    """The frame of a height x width sea board (one per size: boards share it)."""
    return SeaFrame(height, width)

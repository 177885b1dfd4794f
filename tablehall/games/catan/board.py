"""Board layouts: terrain, number tokens and harbours on a frame (classic or 5-6 player).

A `Board` is immutable and shared by every copy of a game.  It is built from a layout (the fixed
beginner layout, a seeded random one, or an explicit one in the compact text form that game
options and SGN imports use) and precomputes what the rules need each roll.  Its `frame` (see
`geometry`) follows from the number of land hexes: 19 classic, 30 the 5-6 player board.

Random 5-6 player layouts follow JSettlers' facts: 2 deserts, 5 clay, 5 ore, 6 sheep, 6 wheat,
6 wood shuffled; 28 numbers laid along one of four spirals (clockwise or counter-clockwise,
from either end of the middle row), deserts skipped; 11 fixed harbour slots with shuffled kinds.
With `break_clumps` (JSettlers option BC), layouts where `break_clumps` or more hexes of one
terrain touch, or as many harbours of one kind follow each other around the coast, are dealt
again.
"""

from __future__ import annotations

from .constants import (CLAY, DESERT, GENERIC_HARBOR, HARBOR_FROM_SGN, ORE, SGN_HARBOR, SGN_TERRAIN, SHEEP,
                        TERRAIN_FROM_SGN, WHEAT, WOOD)
from .geometry import CLASSIC, DIRECTIONS, FRAMES, HARBOR_SLOTS, HEX_INDEX, SIX, Frame

TERRAIN_MIX = (0,) * 3 + (1,) * 3 + (2,) * 4 + (3,) * 4 + (4,) * 4 + (DESERT,)
NUMBER_TOKENS = (5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11)
"""The 18 number tokens in the order they are laid along the spiral."""
HARBOR_MIX = (0, 1, 2, 3, 4) + (GENERIC_HARBOR,) * 4

SIX_TERRAIN_MIX = (DESERT,) * 2 + (CLAY,) * 5 + (ORE,) * 5 + (SHEEP,) * 6 + (WHEAT,) * 6 + (WOOD,) * 6
SIX_NUMBER_TOKENS = (2, 5, 4, 6, 3, 9, 8, 11, 11, 10, 6, 3, 8, 4, 8, 10, 11, 12, 10, 5, 4, 9, 5, 9, 12, 3, 2, 6)
"""The 28 numbers of the 5-6 player board in the order they are laid along the chosen path."""
SIX_HARBORS = (GENERIC_HARBOR,) * 4 + (CLAY, ORE, SHEEP, WHEAT, WOOD, GENERIC_HARBOR, SHEEP)
"""The 5-6 player harbour kinds in slot order (clockwise from the upper left), before shuffling."""
# JSettlers' 5-6 player hex layout indexes: the rows of 3, 4, 5, 6, 5, 4, 3 land hexes (north to
# south, west to east) start at these indexes, one index apart from the row before
SIX_ROW_STARTS = (0, 4, 9, 15, 22, 28, 33)
SIX_NUMBER_PATHS = (
    (15, 9, 4, 0, 1, 2, 7, 13, 20, 26, 31, 35, 34, 33, 28, 22, 16, 10, 5, 6, 12, 19, 25, 30, 29, 23, 17, 11, 18, 24),
    (15, 22, 28, 33, 34, 35, 31, 26, 20, 13, 7, 2, 1, 0, 4, 9, 16, 23, 29, 30, 25, 19, 12, 6, 5, 10, 17, 24, 18, 11),
    (20, 26, 31, 35, 34, 33, 28, 22, 15, 9, 4, 0, 1, 2, 7, 13, 19, 25, 30, 29, 23, 16, 10, 5, 6, 12, 18, 24, 17, 11),
    (20, 13, 7, 2, 1, 0, 4, 9, 15, 22, 28, 33, 34, 35, 31, 26, 19, 12, 6, 5, 10, 16, 23, 29, 30, 25, 18, 11, 17, 24))
"""The four number paths over the layout indexes (JSettlers' facts), one chosen at random."""


def _six_layout_hexes() -> dict[int, int]:
    """Layout index -> land hex of the 5-6 player frame."""
    out = {}
    rows: dict[int, list[int]] = {}
    for h, (q, r) in enumerate(SIX.land_hexes):
        rows.setdefault(r, []).append(h)
    for start, r in zip(SIX_ROW_STARTS, sorted(rows)):
        for offset, h in enumerate(sorted(rows[r], key=lambda x: SIX.land_hexes[x][0])):
            out[start + offset] = h
    return out


SIX_LAYOUT_HEX = _six_layout_hexes()
SIX_PATHS: tuple[tuple[int, ...], ...] = tuple(tuple(SIX_LAYOUT_HEX[i] for i in path) for path in SIX_NUMBER_PATHS)
"""The four number paths as land hexes of the 5-6 player frame."""

# The rulebook's beginner layout, rows north to south (terrain code, number)
_BEGINNER = ("M10 P2 FO9 / F12 H6 P4 H10 / F9 FO11 D FO3 M8 / FO8 M3 F4 P5 / H5 F6 P11")
# Harbours of the beginner frame, clockwise from the north-west slot (the JSettlers slot order)
_BEGINNER_HARBORS = ("HR", "HRW", "HR", "HR", "HRB", "HRL", "HR", "HRG", "HRO")


class LayoutError(ValueError):
    """A board description that is not a valid board."""


FRAME_BY_HEX_COUNT = {frame.hex_count: frame for frame in FRAMES.values()}


class Board:
    """Terrain (resource 0..4 or DESERT) and number per land hex, harbours as (edge, kind), on
    `frame` (inferred from the number of hexes when not given)."""

    __slots__ = ("frame", "terrain", "numbers", "harbors", "robber_start", "production", "node_harbor",
                 "hex_pips", "deserts", "_text")

    def __init__(self, terrain, numbers, harbors, robber_start: int | None = None, frame: Frame | None = None) -> None:
        self.terrain = tuple(terrain)
        self.numbers = tuple(numbers)
        self.harbors = tuple(sorted(harbors))
        if frame is None:
            frame = FRAME_BY_HEX_COUNT.get(len(self.terrain))
            if frame is None:
                raise LayoutError(f"a board has 19 (classic) or 30 (5-6 player) land hexes, not {len(self.terrain)}")
        self.frame = frame
        self._validate()
        self.deserts = tuple(h for h in range(frame.hex_count) if self.terrain[h] == DESERT)
        self.robber_start = robber_start if robber_start is not None else (self.deserts[0] if self.deserts else 0)
        if not 0 <= self.robber_start < frame.hex_count:
            raise LayoutError(f"no land hex {self.robber_start} for the robber")
        # dice total -> ((hex, resource, nodes), ...)
        production: list[list[tuple]] = [[] for _ in range(13)]
        for h in range(frame.hex_count):
            production[self.numbers[h]].append((h, self.terrain[h], frame.hex_nodes[h]))
        self.production = tuple(map(tuple, production))
        self.node_harbor = harbor_nodes(frame, self.harbors)
        self.hex_pips = pips(self.numbers)
        self._text = ""

    def _validate(self) -> None:
        count = self.frame.hex_count
        if len(self.terrain) != count or len(self.numbers) != count:
            raise LayoutError(f"a {self.frame.name} board has {count} land hexes")
        for h, (t, n) in enumerate(zip(self.terrain, self.numbers)):
            if t == DESERT and n:
                raise LayoutError(f"the desert at hex {h} cannot carry a number")
            if t != DESERT and n not in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12):
                raise LayoutError(f"hex {h} needs a number 2-6 or 8-12, not {n}")
        edges = [e for e, _ in self.harbors]
        if len(set(edges)) != len(edges) or any(e not in self.frame.coastal_edges for e in edges):
            raise LayoutError("harbours must sit on distinct coastal edges")
        if any(not 0 <= kind <= GENERIC_HARBOR for _, kind in self.harbors):
            raise LayoutError("harbour kinds are 0..5")

    # -- text form ---------------------------------------------------------------------------
    def to_text(self) -> str:
        """Compact text: 19 hex tokens in hex order (``FO11``, ``D``), then ``|`` and harbour
        tokens ``CODE@EDGE``, then ``|R@HEX`` when the robber does not start on the (first) desert.
        The number of hex tokens tells the frame: 19 classic, 30 the 5-6 player board."""
        if not self._text:
            hexes = " ".join(SGN_TERRAIN[t] + (str(n) if n else "") for t, n in zip(self.terrain, self.numbers))
            harbors = " ".join(f"{SGN_HARBOR[k]}@{e}" for e, k in self.harbors)
            text = f"{hexes} | {harbors}"
            if self.robber_start != (self.deserts[0] if self.deserts else 0):
                text += f" | R@{self.robber_start}"
            self._text = text
        return self._text

    @classmethod
    def from_text(cls, text: str) -> "Board":
        parts = [p.split() for p in text.split("|")]
        if len(parts) not in (2, 3):
            raise LayoutError("board text is 'HEXES | HARBOURS [| R@HEX]'")
        terrain, numbers = [], []
        for token in parts[0]:
            code = token.rstrip("0123456789")
            if code not in TERRAIN_FROM_SGN:
                raise LayoutError(f"unknown terrain in {token!r}")
            terrain.append(TERRAIN_FROM_SGN[code])
            numbers.append(int(token[len(code):]) if token[len(code):] else 0)
        harbors = []
        for token in parts[1]:
            code, _, edge = token.partition("@")
            if code not in HARBOR_FROM_SGN or not edge.isdigit():
                raise LayoutError(f"bad harbour {token!r}")
            harbors.append((int(edge), HARBOR_FROM_SGN[code]))
        robber = None
        if len(parts) == 3:
            token = "".join(parts[2])
            if not token.startswith("R@") or not token[2:].isdigit():
                raise LayoutError(f"bad robber {token!r}")
            robber = int(token[2:])
        return cls(terrain, numbers, harbors, robber)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.to_text() == other.to_text()

    def __hash__(self) -> int:
        return hash(self.to_text())


def harbor_nodes(frame, harbors) -> tuple[int, ...]:
    """Node -> the kind of the harbour it trades at (-1: none), from harbours as (edge, kind)."""
    node_harbor = [-1] * frame.node_count
    for edge, kind in harbors:
        for node in frame.edges[edge]:
            node_harbor[node] = kind
    return tuple(node_harbor)


def pips(numbers) -> tuple[int, ...]:
    """Per hex, the dice combinations that roll its number (0 without one)."""
    return tuple(6 - abs(7 - n) if n else 0 for n in numbers)


def beginner_board() -> Board:
    tokens = _BEGINNER.replace("/", " ").split()
    hexes = " ".join(tokens)  # rows north to south, west to east = our hex order
    harbors = " ".join(f"{code}@{edge}" for code, edge in zip(_BEGINNER_HARBORS, HARBOR_SLOTS))
    return Board.from_text(f"{hexes} | {harbors}")


def _spiral() -> list[int]:
    """Land hexes from the outer ring inwards, clockwise, starting at the north-west corner."""
    order = []
    for radius in (2, 1):
        q, r = 0, -radius  # north-west corner of the ring
        for dq, dr in (DIRECTIONS[1], DIRECTIONS[2], DIRECTIONS[3], DIRECTIONS[4], DIRECTIONS[5], DIRECTIONS[0]):
            for _ in range(radius):
                order.append(HEX_INDEX[(q, r)])
                q, r = q + dq, r + dr
    order.append(HEX_INDEX[(0, 0)])
    return order


SPIRAL = tuple(_spiral())


def random_board(rng, no_adjacent_6_8: bool = True, frame: Frame = CLASSIC, break_clumps: int = 0) -> Board:
    """Shuffle terrain and harbour kinds (harbour slots stay fixed, as in JSettlers), then lay the
    number tokens along a spiral (classic: from a random corner; 5-6 player: one of the four
    paths), skipping the deserts.  With `no_adjacent_6_8`, layouts where a 6 or 8 touches
    another 6 or 8 are dealt again; with `break_clumps` N (3..9), layouts with N or more hexes of
    one terrain touching, or N harbours of one kind in a row, are too."""
    six = frame is SIX
    mix, tokens_in_order = (SIX_TERRAIN_MIX, SIX_NUMBER_TOKENS) if six else (TERRAIN_MIX, NUMBER_TOKENS)
    count = frame.hex_count
    while True:
        terrain = list(mix)
        rng.shuffle(terrain)
        if break_clumps and _largest_clump(frame, terrain) >= break_clumps:
            continue
        if six:
            order = SIX_PATHS[rng.below(4)]
        else:
            corner = rng.below(6)
            outer, inner = list(SPIRAL[:12]), list(SPIRAL[12:18])
            order = outer[2 * corner:] + outer[:2 * corner] + inner[corner:] + inner[:corner] + [SPIRAL[18]]
        numbers = [0] * count
        tokens = iter(tokens_in_order)
        for h in order:
            if terrain[h] != DESERT:
                numbers[h] = next(tokens)
        if not no_adjacent_6_8:
            break
        red = [h for h in range(count) if numbers[h] in (6, 8)]
        if not any(numbers[g] in (6, 8) for h in red for g in frame.hex_neighbors[h]):
            break
    while True:
        kinds = list(SIX_HARBORS if six else HARBOR_MIX)
        rng.shuffle(kinds)
        if not break_clumps or _longest_run(kinds) < break_clumps:
            break
    return Board(terrain, numbers, list(zip(frame.harbor_slots, kinds)), frame=frame)


def _largest_clump(frame: Frame, terrain) -> int:
    """The most hexes of one terrain that touch each other (a connected group)."""
    best = 0
    seen = [False] * frame.hex_count
    for start in range(frame.hex_count):
        if seen[start]:
            continue
        seen[start] = True
        group, todo = 1, [start]
        while todo:
            h = todo.pop()
            for g in frame.hex_neighbors[h]:
                if not seen[g] and terrain[g] == terrain[start]:
                    seen[g] = True
                    group += 1
                    todo.append(g)
        best = max(best, group)
    return best


def _longest_run(kinds) -> int:
    """The most harbours of one kind in a row around the coast (the ring wraps)."""
    n = len(kinds)
    if len(set(kinds)) == 1:
        return n
    best = 0
    for start in range(n):
        if kinds[start] == kinds[start - 1]:
            continue  # not the start of a run
        length = 1
        while length < n and kinds[(start + length) % n] == kinds[start]:
            length += 1
        best = max(best, length)
    return best

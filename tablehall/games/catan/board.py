"""Board layouts: terrain, number tokens and harbours on the classic frame.

A `Board` is immutable and shared by every copy of a game.  It is built from a layout (the fixed
beginner layout, a seeded random one, or an explicit one in the compact text form that game
options and SGN imports use) and precomputes what the rules need each roll.
"""

from __future__ import annotations

from .constants import (DESERT, GENERIC_HARBOR, HARBOR_FROM_SGN, SGN_HARBOR, SGN_TERRAIN,
                        TERRAIN_FROM_SGN)
from .geometry import (COASTAL_EDGES, DIRECTIONS, EDGES, HARBOR_SLOTS, HEX_COUNT, HEX_INDEX,
                       HEX_NEIGHBORS, HEX_NODES, NODE_COUNT)

TERRAIN_MIX = (0,) * 3 + (1,) * 3 + (2,) * 4 + (3,) * 4 + (4,) * 4 + (DESERT,)
NUMBER_TOKENS = (5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11)
"""The 18 number tokens in the order they are laid along the spiral."""
HARBOR_MIX = (0, 1, 2, 3, 4) + (GENERIC_HARBOR,) * 4

# The rulebook's beginner layout, rows north to south (terrain code, number)
_BEGINNER = ("M10 P2 FO9 / F12 H6 P4 H10 / F9 FO11 D FO3 M8 / FO8 M3 F4 P5 / H5 F6 P11")
# Harbours of the beginner frame, clockwise from the north-west slot (the JSettlers slot order)
_BEGINNER_HARBORS = ("HR", "HRW", "HR", "HR", "HRB", "HRL", "HR", "HRG", "HRO")


class LayoutError(ValueError):
    """A board description that is not a valid classic board."""


class Board:
    """Terrain (resource 0..4 or DESERT) and number per land hex, harbours as (edge, kind)."""

    __slots__ = ("terrain", "numbers", "harbors", "robber_start", "production", "node_harbor",
                 "hex_pips", "_text")

    def __init__(self, terrain, numbers, harbors, robber_start: int | None = None) -> None:
        self.terrain = tuple(terrain)
        self.numbers = tuple(numbers)
        self.harbors = tuple(sorted(harbors))
        self._validate()
        deserts = [h for h in range(HEX_COUNT) if self.terrain[h] == DESERT]
        self.robber_start = robber_start if robber_start is not None else (deserts[0] if deserts else 0)
        # dice total -> ((hex, resource, nodes), ...)
        production: list[list[tuple]] = [[] for _ in range(13)]
        for h in range(HEX_COUNT):
            production[self.numbers[h]].append((h, self.terrain[h], HEX_NODES[h]))
        self.production = tuple(map(tuple, production))
        node_harbor = [-1] * NODE_COUNT
        for edge, kind in self.harbors:
            for node in EDGES[edge]:
                node_harbor[node] = kind
        self.node_harbor = tuple(node_harbor)
        self.hex_pips = tuple(6 - abs(7 - n) if n else 0 for n in self.numbers)
        self._text = ""

    def _validate(self) -> None:
        if len(self.terrain) != HEX_COUNT or len(self.numbers) != HEX_COUNT:
            raise LayoutError("a classic board has 19 land hexes")
        for h, (t, n) in enumerate(zip(self.terrain, self.numbers)):
            if t == DESERT and n:
                raise LayoutError(f"the desert at hex {h} cannot carry a number")
            if t != DESERT and n not in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12):
                raise LayoutError(f"hex {h} needs a number 2-6 or 8-12, not {n}")
        edges = [e for e, _ in self.harbors]
        if len(set(edges)) != len(edges) or any(e not in COASTAL_EDGES for e in edges):
            raise LayoutError("harbours must sit on distinct coastal edges")

    # -- text form ---------------------------------------------------------------------------
    def to_text(self) -> str:
        """Compact text: 19 hex tokens in hex order (``FO11``, ``D``), then ``|`` and harbour
        tokens ``CODE@EDGE``, then ``|R@HEX`` when the robber does not start on the desert."""
        if not self._text:
            hexes = " ".join(SGN_TERRAIN[t] + (str(n) if n else "") for t, n in zip(self.terrain, self.numbers))
            harbors = " ".join(f"{SGN_HARBOR[k]}@{e}" for e, k in self.harbors)
            text = f"{hexes} | {harbors}"
            deserts = [h for h in range(HEX_COUNT) if self.terrain[h] == DESERT]
            if self.robber_start != (deserts[0] if deserts else 0):
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
            if not token.startswith("R@") or not token[2:].isdigit() or int(token[2:]) >= HEX_COUNT:
                raise LayoutError(f"bad robber {token!r}")
            robber = int(token[2:])
        return cls(terrain, numbers, harbors, robber)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.to_text() == other.to_text()

    def __hash__(self) -> int:
        return hash(self.to_text())


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


def random_board(rng, no_adjacent_6_8: bool = True) -> Board:
    """Shuffle terrain and harbour kinds (harbour slots stay fixed, as in JSettlers), then lay the
    number tokens along the spiral from a random corner, skipping the desert.  With
    `no_adjacent_6_8`, layouts where a 6 or 8 touches another 6 or 8 are dealt again."""
    while True:
        terrain = list(TERRAIN_MIX)
        rng.shuffle(terrain)
        corner = rng.below(6)
        outer, inner = list(SPIRAL[:12]), list(SPIRAL[12:18])
        order = outer[2 * corner:] + outer[:2 * corner] + inner[corner:] + inner[:corner] + [SPIRAL[18]]
        numbers = [0] * HEX_COUNT
        tokens = iter(NUMBER_TOKENS)
        for h in order:
            if terrain[h] != DESERT:
                numbers[h] = next(tokens)
        if not no_adjacent_6_8:
            break
        red = [h for h in range(HEX_COUNT) if numbers[h] in (6, 8)]
        if not any(numbers[g] in (6, 8) for h in red for g in HEX_NEIGHBORS[h]):
            break
    kinds = list(HARBOR_MIX)
    rng.shuffle(kinds)
    return Board(terrain, numbers, list(zip(HARBOR_SLOTS, kinds)))

"""Sea boards: the fixed shape of each JSettlers 2.7.00 sea layout, the boards dealt on it, and
their terrain, numbers and harbours.

`SeaLayout` is one layout's shape, read from ``layouts.json`` (derived from the layouts the
JSettlers 2.7.00 server generates, three seeds of each: see
tests/catan/derive_sea_layouts.py): its size, land hexes and land areas, the hexes
whose terrain and number never change, the pools of terrains and numbers dealt over the others,
the fog, the harbour edges, the legal settlement nodes of each land area, where initial
placement may go, and every scenario part (villages, special edges, fortresses, node lists,
wonders).  `deal(layout, rng)` deals a `SeaBoard` on it: each pool's terrains shuffled over its
hexes, its numbers over the ones that produce (no 6 or 8 next to another when it can be
helped), the fog's contents over the fog hexes (kept apart: hidden from everybody), and the
harbour kinds over the harbour edges.

A `SeaBoard` is immutable and shared by copies of a game; revealing a fog hex or moving a
harbour (The Forgotten Tribe) makes a new one.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..board import harbor_nodes, pips
from ..constants import DESERT, GENERIC_HARBOR
from .geometry import SeaFrame, sea_frame

WATER, GOLD, FOG = 6, 7, 8
"""Terrains beyond the classic ones (resources 0..4, DESERT 5)."""
TERRAIN_NAMES = ("clay", "ore", "sheep", "wheat", "wood", "desert", "water", "gold", "fog")
PRODUCING = frozenset((0, 1, 2, 3, 4, GOLD))
LAND = frozenset((0, 1, 2, 3, 4, DESERT, GOLD))

# JSettlers hex types (0 water, 1..5 resources, 6 desert, 7 gold, 8 fog) <-> terrains
TERRAIN_OF_JS = (WATER, 0, 1, 2, 3, 4, DESERT, GOLD, FOG)
JS_OF_TERRAIN = (1, 2, 3, 4, 5, 6, 0, 7, 8)
# JSettlers port types (0 3:1, 1..5 the resource 2:1) <-> harbour kinds
HARBOR_OF_JS = (GENERIC_HARBOR, 0, 1, 2, 3, 4)

LAYOUTS_FILE = Path(__file__).with_name("layouts.json")
SCENARIO_LAYOUT_NAMES = ("SBL", "SC_NSHO", "SC_4ISL", "SC_FOG", "SC_TTD", "SC_CLVI", "SC_PIRI", "SC_FTRI", "SC_WOND")


class LayoutError(ValueError):
    """A sea layout that does not exist."""


def _int(text: str | int) -> int:
    return int(text, 16) if isinstance(text, str) else text


class SeaLayout:
    """One layout's fixed shape, in the frame's indices (see the module docstring)."""

    def __init__(self, name: str, data: dict[str, Any]) -> None:
        self.name = name
        self.frame = frame = sea_frame(data["height"], data["width"])
        self.visual_shift: tuple[int, ...] = tuple(data["visual_shift"])
        hex_of, node_of, edge_of = frame.hex_from_js, frame.node_from_js, frame.edge_from_js
        self.hex_area: dict[int, int] = {hex_of[_int(c)]: area for c, area in data["land"].items()}
        """Land hex -> its land area (0: none)."""
        self.fixed: dict[int, tuple[int, int]] = {
            hex_of[_int(c)]: (TERRAIN_OF_JS[t], n) for c, (t, n) in data["fixed"].items()}
        self.pools: tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...] = tuple(
            (tuple(hex_of[_int(c)] for c in pool["hexes"]), tuple(TERRAIN_OF_JS[t] for t in pool["types"]),
             tuple(pool["dice"])) for pool in data["pools"])
        """(hexes, terrains, numbers) dealt together."""
        fog = data["fog"]
        self.fog_pool: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]] | None = None if fog is None else (
            tuple(hex_of[_int(c)] for c in fog["hexes"]), tuple(TERRAIN_OF_JS[t] for t in fog["types"]),
            tuple(fog["dice"]))
        dealt = [h for hexes, _, _ in self.pools for h in hexes] + list(self.fog_pool[0] if fog else ())
        self.numbered_hexes: tuple[int, ...] = tuple(sorted({*self.fixed, *dealt}))
        """The hexes that may get a number (what the deal's red-number check looks at)."""
        self.harbor_slots: tuple[tuple[int, int], ...] = tuple((edge_of[_int(e)], facing) for e, facing in data["ports"])
        """(edge, facing) of each harbour, in JSettlers' order."""
        self.harbor_kinds: tuple[int, ...] = tuple(HARBOR_OF_JS[t] for t in data["port_types"])
        robber = data["robber"]
        self.robber: int | str | None = robber if robber in (None, "desert") else hex_of[_int(robber)]
        self.pirate: int = -1 if data["pirate"] is None else hex_of[_int(data["pirate"])]
        self.start_area: int = data["start_area"]
        self.excluded_areas: frozenset[int] = frozenset(data["excluded_areas"])
        self.robber_excluded_areas: frozenset[int] = frozenset(data["robber_excluded_areas"])
        node_area = [0] * frame.node_count
        area_nodes: dict[int, int] = {}
        for area, nodes in data["areas"].items():
            for c in nodes:
                n = node_of[_int(c)]
                node_area[n] = int(area)
                area_nodes[int(area)] = area_nodes.get(int(area), 0) | 1 << n
        self.area_nodes = area_nodes
        """Land area -> mask of its legal settlement nodes."""
        self.legal_nodes = sum(mask for area, mask in area_nodes.items() if area not in self.excluded_areas)
        """Where settlements may stand (before the scenario adds nodes after initial placement)."""
        self.start_nodes = area_nodes.get(self.start_area, 0) if self.start_area else self.legal_nodes
        """Where initial settlements may stand."""
        lists = data.get("node_lists", {})
        self.node_lists: dict[int, tuple[int, ...]] = {
            int(key[1:]): tuple(node_of[_int(c)] for c in nodes) for key, nodes in lists.items()}
        """SC_WOND's node lists N1..N3."""
        al = data.get("after_start_lists", [])
        self.after_start: tuple[tuple[int, int], ...] = tuple(zip(al[::2], al[1::2]))
        """(node list, land area or -1) made legal when initial placement ends (SC_WOND)."""
        for number, area in self.after_start:
            for n in self.node_lists.get(number, ()):
                if area > 0:
                    node_area[n] = area
        self.node_area: tuple[int, ...] = tuple(node_area)
        """Node -> land area (0: none), including the nodes added after initial placement."""
        self.villages: tuple[tuple[int, int], ...] = tuple(
            (node_of[_int(c)], dice) for c, dice in data.get("villages", ()))
        cloth = data.get("cloth", {})
        self.general_cloth: int = cloth.get("general", 0)
        self.village_cloth: int = cloth.get("village", 0)
        self.special_edges: tuple[tuple[int, int], ...] = tuple(
            (edge_of[_int(e)], kind) for e, kind in data.get("special_edges", ()))
        self.fortresses: tuple[tuple[int, int, int], ...] = tuple(
            (player, node_of[_int(c)], strength) for player, c, strength in data.get("fortresses", ()))
        self.initial_pieces: tuple[tuple[int, int, int], ...] = tuple(
            (player, piece, node_of[_int(c)] if piece in (1, 2) else edge_of[_int(c)])
            for player, piece, c in data.get("initial_pieces", ()))
        self.lone_settlements: tuple[int, ...] = tuple(node_of[_int(c)] for c in data.get("lone_settlements", ()))
        self.fleet_path: tuple[int, ...] = tuple(hex_of[_int(c)] for c in data.get("fleet_path", ()))
        self.sea_edges: tuple[int, ...] = tuple(_edge_mask(frame, spans) for spans in data.get("sea_edges", ()))
        """Per player: mask of the sea edges its ships may take (SC_PIRI), else empty."""
        self.wonders: tuple[dict[str, Any], ...] = tuple(
            {"id": w["id"], "cost": tuple(w["cost"]), "requires": tuple(r.strip() for r in w["requires"].split(","))}
            for w in data.get("wonders", ()))

    def __repr__(self) -> str:
        return f"<SeaLayout {self.name}>"

    def __reduce__(self):
        return (layout_named, (self.name,))


def _edge_mask(frame: SeaFrame, spans: list[int]) -> int:
    """Edges listed as JSettlers does: a coordinate, or a coordinate then -last for a range."""
    mask, previous = 0, None
    for value in spans:
        if value < 0 and previous is not None:
            for c in range(previous + 1, -value + 1):
                if c in frame.edge_from_js:
                    mask |= 1 << frame.edge_from_js[c]
        elif value in frame.edge_from_js:
            mask |= 1 << frame.edge_from_js[value]
        previous = value if value > 0 else None
    return mask


@lru_cache(maxsize=None)
def _shapes() -> dict[str, Any]:
    return json.loads(LAYOUTS_FILE.read_text())


def layout_names() -> tuple[str, ...]:
    return tuple(_shapes())


@lru_cache(maxsize=None)
def layout_named(name: str) -> SeaLayout:
    """The layout called `name` ("SBL-4p", "SC_FOG-6p", ...); LayoutError if there is none."""
    data = _shapes().get(name)
    if data is None:
        raise LayoutError(f"no sea layout {name!r}")
    return SeaLayout(name, data)


def layout_for(scenario: str, six_players: bool) -> SeaLayout:
    """The layout of `scenario` ("" for the plain sea board) for 2-4 or for 5-6 players."""
    return layout_named(f"{scenario or 'SBL'}-{6 if six_players else 4}p")


class SeaBoard:
    """Terrain and number per hex of a layout's frame (WATER off the land, FOG where hidden),
    harbours as (edge, kind), the robber's and pirate's first hexes (-1: off the board), and what
    the rules read each roll or placement, derived once."""

    __slots__ = ("layout", "frame", "terrain", "numbers", "harbors", "harbor_facing", "robber_start", "pirate_start",
                 "production", "gold_production", "node_harbor", "hex_pips", "deserts", "road_edges", "ship_edges",
                 "robber_hexes", "pirate_hexes", "land_hexes", "coastal_nodes")

    def __init__(self, layout: SeaLayout, terrain, numbers, harbors, robber_start: int, pirate_start: int) -> None:
        self.layout = layout
        self.frame = frame = layout.frame
        self.terrain: tuple[int, ...] = tuple(terrain)
        self.numbers: tuple[int, ...] = tuple(numbers)
        self.harbors: tuple[tuple[int, int], ...] = tuple(sorted((e, k) for e, k, _ in harbors))
        self.harbor_facing: dict[int, int] = {e: facing for e, _, facing in harbors}
        self.robber_start, self.pirate_start = robber_start, pirate_start
        production: list[list[tuple]] = [[] for _ in range(13)]
        gold: list[list[tuple]] = [[] for _ in range(13)]
        for h, t in enumerate(self.terrain):
            if t < DESERT and self.numbers[h]:
                production[self.numbers[h]].append((h, t, frame.hex_nodes[h]))
            elif t == GOLD and self.numbers[h]:
                gold[self.numbers[h]].append((h, frame.hex_nodes[h]))
        self.production = tuple(map(tuple, production))
        """Dice total -> ((hex, resource, nodes), ...) of the resource hexes with that number (as the
        classic board's, so the classic engine pays them)."""
        self.gold_production = tuple(map(tuple, gold))
        """Dice total -> ((hex, nodes), ...) of the gold hexes with that number."""
        self.node_harbor = harbor_nodes(frame, self.harbors)
        self.hex_pips = pips(self.numbers)
        self.deserts = tuple(h for h, t in enumerate(self.terrain) if t == DESERT)
        self.land_hexes = tuple(h for h, t in enumerate(self.terrain) if t in LAND)
        self.pirate_hexes = tuple(h for h, t in enumerate(self.terrain) if t == WATER)
        fog_hexes = tuple(h for h, t in enumerate(self.terrain) if t == FOG)
        hex_edge_mask, hex_node_mask = frame.hex_edge_mask, frame.hex_node_mask
        fog_edges = _union(hex_edge_mask, fog_hexes)
        self.road_edges = _union(hex_edge_mask, self.land_hexes) | fog_edges
        """Edges with land (or fog) on a side: where roads may go."""
        lanes = 0
        for lane in layout.sea_edges:
            lanes |= lane
        self.ship_edges = _union(hex_edge_mask, self.pirate_hexes) | fog_edges | lanes
        """Edges with water (or fog) on a side, and (Pirate Islands) every edge of the players' lanes
        (some run along the board's rim beside land): where ships may go."""
        self.robber_hexes = tuple(h for h in self.land_hexes if layout.hex_area.get(h, 0)
                                  not in layout.robber_excluded_areas)
        self.coastal_nodes = _union(hex_node_mask, self.land_hexes) & (
            frame.rim_nodes | _union(hex_node_mask, self.pirate_hexes))

    def revealed(self, hex_index: int, terrain: int, number: int) -> "SeaBoard":
        """This board with the fog lifted from `hex_index`."""
        t, n = list(self.terrain), list(self.numbers)
        t[hex_index], n[hex_index] = terrain, number
        return SeaBoard(self.layout, t, n, self._harbor_rows(), self.robber_start, self.pirate_start)

    def with_harbors(self, harbors) -> "SeaBoard":
        """This board with other harbours, as (edge, kind, facing)."""
        return SeaBoard(self.layout, self.terrain, self.numbers, harbors, self.robber_start, self.pirate_start)

    def _harbor_rows(self) -> list[tuple[int, int, int]]:
        return [(e, k, self.harbor_facing[e]) for e, k in self.harbors]

    def describe(self) -> dict[str, Any]:
        """The board as JSON, in JSettlers coordinates: land hexes [coord, terrain, number] (fog
        hexes as "fog" with no number), harbours [edge, kind, facing]."""
        frame = self.frame
        return {"layout": self.layout.name, "height": frame.height, "width": frame.width,
                "hexes": [[frame.js_hexes[h], TERRAIN_NAMES[t], self.numbers[h]]
                          for h, t in enumerate(self.terrain) if t != WATER],
                "harbors": [[frame.js_edges[e], k, self.harbor_facing[e]] for e, k in self.harbors]}


def _union(masks: tuple[int, ...], indices) -> int:
    out = 0
    for i in indices:
        out |= masks[i]
    return out


def deal(layout: SeaLayout, rng, no_adjacent_6_8: bool = True) -> tuple[SeaBoard, dict[int, tuple[int, int]]]:
    """A board dealt on `layout`, and what lies under its fog: {hex: (terrain, number)}."""
    frame = layout.frame
    for _ in range(100):  # deal again while a 6 or 8 touches another (JSettlers gives up too)
        terrain = [WATER] * frame.hex_count
        numbers = [0] * frame.hex_count
        for h, (t, n) in layout.fixed.items():
            terrain[h], numbers[h] = t, n
        for hexes, terrains, dice in layout.pools:
            _deal_pool(rng, hexes, terrains, dice, terrain, numbers)
        hidden: dict[int, tuple[int, int]] = {}
        if layout.fog_pool is not None:
            hexes, terrains, dice = layout.fog_pool
            _deal_pool(rng, hexes, terrains, dice, terrain, numbers)
            hidden = {h: (terrain[h], numbers[h]) for h in hexes}
        if not no_adjacent_6_8 or not _red_neighbours(frame, numbers, layout.numbered_hexes):
            break
    for h in hidden:
        terrain[h], numbers[h] = FOG, 0
    kinds = list(layout.harbor_kinds)
    rng.shuffle(kinds)
    harbors = [(e, k, facing) for (e, facing), k in zip(layout.harbor_slots, kinds)]
    robber = layout.robber
    if robber == "desert":
        robber = max(h for h in layout.pools[0][0] if terrain[h] == DESERT)
    return SeaBoard(layout, terrain, numbers, harbors, -1 if robber is None else robber, layout.pirate), hidden


def _deal_pool(rng, hexes, terrains, dice, terrain: list[int], numbers: list[int]) -> None:
    dealt = list(terrains)
    rng.shuffle(dealt)
    tokens = list(dice)
    rng.shuffle(tokens)
    tokens.reverse()
    for h, t in zip(hexes, dealt):
        terrain[h] = t
        numbers[h] = tokens.pop() if t in PRODUCING else 0


def _red_neighbours(frame: SeaFrame, numbers: list[int], numbered: tuple[int, ...]) -> bool:
    red = {h for h in numbered if numbers[h] == 6 or numbers[h] == 8}
    neighbors = frame.hex_neighbors
    return any(not red.isdisjoint(neighbors[h]) for h in red)


def board_text(board: SeaBoard, hidden: dict[int, tuple[int, int]]) -> str:
    """A dealt board and its fog's contents as the ``board`` option's text (JSON, JSettlers
    coordinates): a game recorded elsewhere is played again on the board it was dealt."""
    frame = board.frame
    land = [[frame.js_hexes[h], t, board.numbers[h]] for h, t in enumerate(board.terrain) if t != WATER]
    return json.dumps({
        "layout": board.layout.name, "hexes": land,
        "harbors": [[frame.js_edges[e], k, board.harbor_facing[e]] for e, k in board.harbors],
        "robber": frame.js_hexes[board.robber_start] if board.robber_start >= 0 else -1,
        "pirate": frame.js_hexes[board.pirate_start] if board.pirate_start >= 0 else -1,
        "fog": [[frame.js_hexes[h], t, n] for h, (t, n) in sorted(hidden.items())]}, separators=(",", ":"))


def board_from_text(text: str, layout: SeaLayout) -> tuple[SeaBoard, dict[int, tuple[int, int]]]:
    """The board and fog `board_text` wrote, on `layout`; LayoutError if it is not one of its boards."""
    try:
        data = json.loads(text)
        if data["layout"] != layout.name:
            raise LayoutError(f"the board is one of {data['layout']}, not of {layout.name}")
        frame = layout.frame
        terrain, numbers = [WATER] * frame.hex_count, [0] * frame.hex_count
        for coord, t, n in data["hexes"]:
            h = frame.hex_from_js[coord]
            terrain[h], numbers[h] = t, n
        harbors = [(frame.edge_from_js[e], k, facing) for e, k, facing in data["harbors"]]
        robber = frame.hex_from_js[data["robber"]] if data["robber"] >= 0 else -1
        pirate = frame.hex_from_js[data["pirate"]] if data["pirate"] >= 0 else -1
        hidden = {frame.hex_from_js[c]: (t, n) for c, t, n in data["fog"]}
    except (ValueError, KeyError, TypeError) as error:
        raise LayoutError(f"not a sea board of {layout.name}: {error}") from None
    if {h for h, t in enumerate(terrain) if t != WATER} != set(layout.hex_area) or any(
            terrain[h] != FOG for h in hidden):
        raise LayoutError(f"the land hexes or the fog are not {layout.name}'s")
    return SeaBoard(layout, terrain, numbers, harbors, robber, pirate), hidden

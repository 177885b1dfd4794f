"""The sea board on the wire (board encoding 3): `SOCJoinGameAuth` with the board's size,
`SOCBoardLayout2` and `SOCPotentialSettlements` with land areas, to and from the engine's
`SeaBoard` (../shared/notes/jsettlers-sea-scenarios.md, sections 3 and 7.1).

`SOCBoardLayout2` parts: ``LH`` the land hexes (coordinate, JSettlers hex type, dice number;
fog hexes as type 8 without a number), ``PL`` the harbours (types, then
edges, then facings, in the layout's order), ``RH``/``PH`` the robber's and pirate's hexes
when on the board, ``VS`` the visual shift, and each scenario's fixed parts.  The Java server
keeps the parts in a hash map: they go on the wire in its order (`java_order.hash_map_order`).  Where the
Java server lists a layout's fixed parts in an order no rule gives (its hash sets' and tables'
orders), ``sea_wire.json`` holds it (derived from the recorded layouts by
tests/jsettlers/derive_sea_wire.py).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..constants import GENERIC_HARBOR
from ..sea.board import FOG, HARBOR_OF_JS, JS_OF_TERRAIN, TERRAIN_OF_JS, WATER, SeaBoard, SeaLayout
from .game_messages import BoardLayout2, JoinGameAuth, PotentialSettlements
from .java_order import hash_map_order

LARGE_ENCODING = 3
WIRE_FILE = Path(__file__).with_name("sea_wire.json")
#: the order the Java server puts the parts into its map (it decides the order within a bucket)
PART_INSERTION = ("LH", "PL", "RH", "PH", "PX", "RX", "CV", "CE", "VE", "LS", "PP", "AL", "N1", "N2", "N3", "VS")
JS_PORT_GENERIC = 0  # PL's 3:1 harbour; 1..5 the 2:1 harbours of clay..wood


class SeaLayoutMismatch(ValueError):
    """A `BoardLayout2` that is not a board of the sea layout it is read for."""


@lru_cache(maxsize=None)
def _wire_orders() -> dict[str, Any]:
    return json.loads(WIRE_FILE.read_text())


def join_auth(game: str, layout: SeaLayout) -> JoinGameAuth:
    """`SOCJoinGameAuth` for a sea-board game: the board's height and width, its visual shift."""
    frame = layout.frame
    return JoinGameAuth(game, frame.height, frame.width, layout.visual_shift or None)


def port_type(kind: int) -> int:
    """A harbour kind as JSettlers' port type."""
    return JS_PORT_GENERIC if kind == GENERIC_HARBOR else kind + 1


def board_layout(game: str, board: SeaBoard, robber: int, pirate: int) -> BoardLayout2:
    """`SOCBoardLayout2` for `board` with the robber and the pirate on those hexes (-1: none)."""
    frame, layout = board.frame, board.layout
    parts: dict[str, str | tuple[int, ...]] = {}
    rank = {coord: i for i, coord in enumerate(_wire_orders()[layout.name]["hex_order"])}
    land = sorted((frame.js_hexes[h] for h, t in enumerate(board.terrain) if t != WATER),
                  key=lambda c: (rank.get(c, len(rank)), c))
    hexes: list[int] = []
    for coord in land:
        h = frame.hex_from_js[coord]
        hexes += [coord, JS_OF_TERRAIN[board.terrain[h]], 0 if board.terrain[h] == FOG else board.numbers[h]]
    parts["LH"] = tuple(hexes)
    kinds = dict(board.harbors)
    slots = [e for e, _ in layout.harbor_slots if e in kinds]
    edges = slots + sorted(e for e in kinds if e not in slots)
    parts["PL"] = (tuple(port_type(kinds[e]) for e in edges) + tuple(frame.js_edges[e] for e in edges)
                   + tuple(board.harbor_facing[e] for e in edges))
    if robber >= 0:
        parts["RH"] = str(frame.js_hexes[robber])
    if pirate >= 0:
        parts["PH"] = str(frame.js_hexes[pirate])
    for key, value in _wire_orders()[layout.name]["parts"].items():
        parts[key] = tuple(value)
    if layout.visual_shift:
        parts["VS"] = layout.visual_shift
    keys = [k for k in PART_INSERTION if k in parts]
    return BoardLayout2(game, LARGE_ENCODING, tuple((k, parts[k]) for k in hash_map_order(keys)))


def potential_settlements(game: str, layout: SeaLayout, pn: int = -1) -> PotentialSettlements:
    """`SOCPotentialSettlements` at the game's start: each land area's legal nodes, the starting
    land area, and (Pirate Islands) each player's legal sea edges."""
    frame = layout.frame
    orders = _wire_orders()[layout.name]
    rank = {node: i for i, node in enumerate(orders["node_order"])}
    areas = []
    for area in range(1, max(layout.area_nodes, default=0) + 1):
        mask = layout.area_nodes.get(area, 0)
        nodes = [frame.js_nodes[n] for n in range(frame.node_count) if mask >> n & 1]
        areas.append(tuple(sorted(nodes, key=lambda c: rank.get(c, len(rank) + c))))
    sea_edges = orders["sea_edges"]
    return PotentialSettlements(game, pn, None, layout.start_area, tuple(areas),
                                None if sea_edges is None else tuple(map(tuple, sea_edges)))


def sea_board_from_layout(message: BoardLayout2, layout: SeaLayout) -> tuple[SeaBoard, int, int]:
    """The engine board a `SOCBoardLayout2` describes on `layout`, with the robber's and the
    pirate's hexes (-1: none); `SeaLayoutMismatch` if it is not one of that layout's boards."""
    frame = layout.frame
    parts = dict(message.parts)
    hexes, ports = parts.get("LH"), parts.get("PL")
    if message.encoding != LARGE_ENCODING or not isinstance(hexes, tuple) or not isinstance(ports, tuple):
        raise SeaLayoutMismatch("a sea layout has encoding 3 and the parts LH and PL")
    terrain = [WATER] * frame.hex_count
    numbers = [0] * frame.hex_count
    try:
        for coord, js_type, number in zip(hexes[::3], hexes[1::3], hexes[2::3]):
            h = frame.hex_from_js[coord]
            terrain[h], numbers[h] = TERRAIN_OF_JS[js_type], number
        n = len(ports) // 3
        harbors = [(frame.edge_from_js[e], HARBOR_OF_JS[t], facing)
                   for t, e, facing in zip(ports[:n], ports[n:2 * n], ports[2 * n:])]
        robber = frame.hex_from_js[int(parts["RH"])] if "RH" in parts else -1
        pirate = frame.hex_from_js[int(parts["PH"])] if "PH" in parts else -1
    except (KeyError, IndexError, ValueError) as error:
        raise SeaLayoutMismatch(f"not a board of {layout.name}: {error}") from None
    if {h for h, t in enumerate(terrain) if t != WATER} != set(layout.hex_area) and not layout.fog_pool:
        raise SeaLayoutMismatch(f"the land hexes are not {layout.name}'s")
    return SeaBoard(layout, terrain, numbers, harbors, robber, pirate), robber, pirate

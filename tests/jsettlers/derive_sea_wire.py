"""Derive the order in which JSettlers 2.7.00 lists a sea layout's fixed parts on the wire
(tablehall/games/catan/jsettlers/sea_wire.json) from the layouts it generated
(tests/data/jsettlers/scenarios/layouts/*.json).

The engine keeps a layout's shape as sets and sorted lists (tablehall/games/catan/sea/layouts.json);
the Java server lists some of them in the order its own tables hold them, which no rule gives:
the land hexes of `SOCBoardLayout2`, each land area's legal settlement nodes in `SOCPotentialSettlements` (a Java hash set's order),
the scenario parts of `SOCBoardLayout2` that never change (special edges ``CE``/``VE``, the
pirate fleet's path ``PP``, lone settlements ``LS``, node lists ``AL``/``N1``..``N3``, excluded
land areas ``PX``/``RX``, villages ``CV``) and the legal sea edges per player (``SE``).  Those
orders are the same over a layout's three seeds (the fog's land nodes aside: their order follows
what the fog hides; seed 1's is kept).

Run from the repository root after changing it: ``python tests/jsettlers/derive_sea_wire.py``
(tests/jsettlers/test_sea_layout_wire.py checks the package's file is what it derives).
"""

from __future__ import annotations

import json
from pathlib import Path

from tablehall.games.catan.jsettlers.game_messages import BoardLayout2, PotentialSettlements

REPO = Path(__file__).parents[2]
LAYOUTS = REPO / "tests" / "data" / "jsettlers" / "scenarios" / "layouts"
OUT = REPO / "tablehall" / "games" / "catan" / "jsettlers" / "sea_wire.json"
FIXED_PARTS = ("CV", "CE", "VE", "LS", "PP", "AL", "N1", "N2", "N3", "PX", "RX")


def _body(wire: str) -> str:
    return wire.split("|", 1)[1]


def derive() -> dict:
    out: dict = {}
    for path in sorted(LAYOUTS.glob("*-seed1.json")):
        data = json.loads(path.read_text())
        name = path.name.rsplit("-seed", 1)[0]
        layout = BoardLayout2.decode_data(_body(data["SOCBoardLayout2_wire"]))
        settlements = PotentialSettlements.decode_data(_body(data["SOCPotentialSettlements_wire"]))
        land = dict(layout.parts)["LH"]
        out[name] = {
            "hex_order": list(land[::3]),
            "node_order": [n for area in settlements.land_areas for n in area],
            "parts": {key: list(value) for key, value in layout.parts if key in FIXED_PARTS},
            "sea_edges": None if settlements.sea_edges is None else [list(e) for e in settlements.sea_edges],
        }
    return out


def render() -> str:
    return json.dumps(derive(), indent=None, separators=(",", ":"), sort_keys=True) + "\n"


if __name__ == "__main__":
    OUT.write_text(render())

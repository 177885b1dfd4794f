"""Derive the sea-board shapes the engine deals boards on (tablehall/games/catan/sea/layouts.json)
from the layouts JSettlers 2.7.00 generated (tests/data/jsettlers/scenarios/layouts/*.json, three
seeds of each board).

What stays the same over the three seeds of a board is its shape: the land hexes and their land
areas, the hexes whose terrain and number never change, where the fog lies, the harbour edges
and facings, the legal settlement nodes of each land area, the starting and excluded land areas
and every scenario part.  What changes is dealt: the terrains and numbers of the other hexes,
shuffled within pools of land areas (the smallest groups of areas whose terrain and number
counts stay the same), the contents of the fog, and the harbour kinds.

Run from the repository root after changing it: ``python tests/catan/derive_sea_layouts.py``
(tests/catan/test_sea_layouts.py checks the package's file is what it derives).
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from pathlib import Path

REPO = Path(__file__).parents[2]
LAYOUTS = REPO / "tests" / "data" / "jsettlers" / "scenarios" / "layouts"
OUT = REPO / "tablehall" / "games" / "catan" / "sea" / "layouts.json"
DESERT = 6  # JSettlers hex type


def _int(text) -> int:
    value = int(text, 16) if isinstance(text, str) else int(text)
    return value - (1 << 32) if value >= 1 << 31 else value


def _pools(seeds: list[dict]) -> tuple[dict, list[dict]]:
    hexes = [{_int(h["coord"]): (h["type"], h["dice"], h["land_area"] or 0) for h in d["land_hexes"]} for d in seeds]
    fog = {_int(x["coord"]) for x in seeds[0].get("fog_hidden_hexes") or ()}
    fixed = {c: list(v[:2]) for c, v in hexes[0].items()
             if c not in fog and all(h[c][:2] == v[:2] for h in hexes)}
    varying = [c for c in sorted(hexes[0]) if c not in fog and c not in fixed]
    areas = sorted({hexes[0][c][2] for c in varying})

    def steady(group) -> bool:
        for part in (0, 1):
            counts = {tuple(sorted(h[c][part] for c in varying if h[c][2] in group)) for h in hexes}
            if len(counts) != 1:
                return False
        return True

    pools, left = [], list(areas)
    while left:
        found = next((set(combo) for size in range(1, len(left)) for combo in itertools.combinations(left, size)
                      if steady(combo)), set(left))
        members = [c for c in varying if hexes[0][c][2] in found]
        pools.append({"hexes": [hex(c) for c in members],
                      "types": sorted(hexes[0][c][0] for c in members),
                      "dice": sorted(hexes[0][c][1] for c in members if hexes[0][c][1])})
        left = [a for a in left if a not in found]
    return {hex(c): v for c, v in sorted(fixed.items())}, pools


def _shape(seeds: list[dict]) -> dict:
    first = seeds[0]
    fixed, pools = _pools(seeds)
    robbers = {first_robber for first_robber in (_int(d["robber_hex"]) for d in seeds)}
    if len(robbers) == 1:
        robber = _int(first["robber_hex"])
        robber = hex(robber) if robber > 0 else None
    else:  # dealt with the terrain: the last desert of the first pool
        robber = "desert"
        for d in seeds:
            deserts = sorted(_int(h["coord"]) for h in d["land_hexes"]
                             if h["type"] == DESERT and h["coord"] in pools[0]["hexes"])
            assert _int(d["robber_hex"]) == deserts[-1], (d["label"], d["robber_hex"])
    fog = first.get("fog_hidden_hexes") or []
    parts = first["added_layout_parts"]
    shape = {
        "height": first["height"], "width": first["width"],
        "visual_shift": parts.get("VS", {}).get("ints", []),
        "land": {h["coord"]: h["land_area"] or 0 for h in first["land_hexes"]},
        "fixed": fixed, "pools": pools,
        "fog": None if not fog else {"hexes": sorted(x["coord"] for x in fog),
                                      "types": sorted(x["hidden_type"] for x in fog),
                                      "dice": sorted(x["hidden_dice"] for x in fog if x["hidden_dice"])},
        "ports": [[p["edge"], p["facing"]] for p in first["ports"]],
        "port_types": sorted(p["type"] for p in first["ports"]),
        "robber": robber,
        "pirate": hex(_int(first["pirate_hex"])) if _int(first["pirate_hex"]) > 0 else None,
        "start_area": first["starting_land_area"],
        "areas": {a: nodes for a, nodes in first["land_areas_legal_nodes"].items() if nodes},
        "excluded_areas": first["player_excluded_land_areas"] or [],
        "robber_excluded_areas": first["robber_excluded_land_areas"] or [],
    }
    if "villages" in first:
        shape["villages"] = [[v["node"], v["dice"]] for v in first["villages"]]
        cv = parts["CV"]["ints"]
        shape["cloth"] = {"general": cv[0], "village": cv[1]}
    if first["special_edges"]:
        shape["special_edges"] = [[e["edge"], e["type"]] for e in first["special_edges"]]
    if first.get("fortresses"):
        shape["fortresses"] = [[f["player"], f["node"], f["strength"]] for f in first["fortresses"]]
        shape["initial_pieces"] = [[p["player"], p["piece_type"], p["coord"]] for p in first["initial_pieces"]]
        shape["sea_edges"] = first["legal_sea_edges_per_player"]
        shape["lone_settlements"] = [hex(x) for x in parts["LS"]["ints"]]
        shape["fleet_path"] = [hex(x) for x in parts["PP"]["ints"]]
    for key in ("N1", "N2", "N3"):
        if key in parts:
            shape.setdefault("node_lists", {})[key] = [hex(x) for x in parts[key]["ints"]]
    if "AL" in parts:
        shape["after_start_lists"] = parts["AL"]["ints"]
    items = (first.get("game_special_items") or {}).get("_SC_WOND")
    if items:
        shape["wonders"] = [{"id": w["string_id"], "cost": _cost(w["cost"]), "requires": w["req"].strip("[]")}
                            for w in items if "string_id" in w]
    return shape


def _cost(text: str) -> list[int]:
    parts = dict(item.split("=") for item in text.split("|"))
    return [int(parts[name]) for name in ("clay", "ore", "sheep", "wheat", "wood")]


def derive(folder: Path = LAYOUTS) -> dict[str, dict]:
    """Every layout's shape, from the three recorded seeds of each in `folder`."""
    names = sorted({p.name.rsplit("-seed", 1)[0] for p in folder.glob("*-seed*.json")})
    shapes = {}
    for name in names:
        seeds = [json.loads((folder / f"{name}-seed{s}.json").read_text()) for s in (1, 2, 3)]
        shapes[name] = _shape(seeds)
    return shapes


def text(shapes: dict[str, dict]) -> str:
    return json.dumps(shapes, indent=1, sort_keys=True) + "\n"


def main() -> None:
    shapes = derive()
    OUT.write_text(text(shapes))
    print(f"{len(shapes)} shapes -> {OUT}: {Counter(len(s['pools']) for s in shapes.values())} pools")


if __name__ == "__main__":
    main()

"""The sea boards the engine deals have the shape of the boards JSettlers 2.7.00 generates for
each scenario and player count (tests/data/jsettlers/scenarios/layouts: three seeds of each of
the 18 layouts): the same land hexes and land areas, terrain and number counts (what lies under
the fog included), fog hexes, harbour edges, facings and kinds, legal settlement nodes per land
area, starting areas, robber and pirate, and scenario parts.  The frame's coordinates follow the
notes' rules for JSettlers' large board."""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from pathlib import Path

import pytest

from tablehall.core import Rng
from tablehall.games.catan.sea.board import (FOG, JS_OF_TERRAIN, LAYOUTS_FILE, WATER, deal, layout_for,
                                             layout_named, layout_names)
from tablehall.games.catan.sea.geometry import row_col, sea_frame

DATA = Path(__file__).parents[1] / "data" / "jsettlers" / "scenarios"
LAYOUTS = DATA / "layouts"
NAMES = sorted({p.name.rsplit("-seed", 1)[0] for p in LAYOUTS.glob("*-seed*.json")})


def _recorded(name: str) -> list[dict]:
    return [json.loads((LAYOUTS / f"{name}-seed{s}.json").read_text()) for s in (1, 2, 3)]


def _int(text: str) -> int:
    value = int(text, 16)
    return value - (1 << 32) if value >= 1 << 31 else value


def test_every_recorded_layout_has_a_shape():
    assert sorted(layout_names()) == NAMES and len(NAMES) == 18
    assert layout_for("", False).name == "SBL-4p" and layout_for("SC_FOG", True).name == "SC_FOG-6p"


def test_the_shapes_are_derived_from_the_recordings():
    """The package's layouts.json is what derive_sea_layouts.py makes of the recorded layouts."""
    spec = importlib.util.spec_from_file_location("derive_sea_layouts", Path(__file__).with_name("derive_sea_layouts.py"))
    derive = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(derive)
    assert LAYOUTS_FILE.read_text() == derive.text(derive.derive(LAYOUTS))


def _land(record: dict) -> dict[int, tuple[int, int]]:
    """coord -> (JSettlers hex type, number), what lies under the fog included."""
    out = {_int(h["coord"]): (h["type"], h["dice"]) for h in record["land_hexes"]}
    for x in record.get("fog_hidden_hexes") or ():
        out[_int(x["coord"])] = (x["hidden_type"], x["hidden_dice"])
    return out


def _dealt(layout, seed: int) -> tuple[object, dict[int, tuple[int, int]]]:
    board, hidden = deal(layout, Rng(seed))
    frame = layout.frame
    land = {frame.js_hexes[h]: (JS_OF_TERRAIN[board.terrain[h]], board.numbers[h])
            for h in range(frame.hex_count) if board.terrain[h] != WATER}
    for h, (terrain, number) in hidden.items():
        land[frame.js_hexes[h]] = (JS_OF_TERRAIN[terrain], number)
    return board, land


@pytest.mark.parametrize("name", NAMES)
def test_dealt_boards_have_the_recorded_shape(name):
    records = _recorded(name)
    first = records[0]
    layout = layout_named(name)
    frame = layout.frame
    assert (frame.height, frame.width) == (first["height"], first["width"])
    recorded_land = [_land(r) for r in records]
    fixed = {c: v for c, v in recorded_land[0].items() if all(land[c] == v for land in recorded_land)}
    fog = {_int(x["coord"]) for x in first.get("fog_hidden_hexes") or ()}
    area = {_int(h["coord"]): h["land_area"] or 0 for h in first["land_hexes"]}
    boards = set()
    for seed in range(6):
        board, land = _dealt(layout, seed)
        boards.add(tuple(sorted(land.items())))
        assert set(land) == set(recorded_land[0])  # the same land hexes, fog included
        assert Counter(t for t, _ in land.values()) == Counter(t for t, _ in recorded_land[0].values())
        assert Counter(n for _, n in land.values()) == Counter(n for _, n in recorded_land[0].values())
        assert all(land[c] == v for c, v in fixed.items() if c not in fog or len(fog) == 0)
        assert {frame.js_hexes[h] for h in range(frame.hex_count) if board.terrain[h] == FOG} == fog
        assert {frame.js_hexes[h]: a for h, a in layout.hex_area.items()} == area
        harbors = sorted((frame.js_edges[e], board.harbor_facing[e]) for e, _ in board.harbors)
        assert harbors == sorted((_int(p["edge"]), p["facing"]) for p in first["ports"])
        kinds = Counter(k for _, k in board.harbors)
        assert kinds == Counter(5 if p["type"] == 0 else p["type"] - 1 for p in first["ports"])
        robber = _int(first["robber_hex"])
        if robber <= 0:
            assert board.robber_start == -1
        elif all(_int(r["robber_hex"]) == robber for r in records):
            assert frame.js_hexes[board.robber_start] == robber
        else:  # on a desert, as in every recording
            assert board.terrain[board.robber_start] == 5
        pirate = _int(first["pirate_hex"])
        assert board.pirate_start == (frame.hex_from_js[pirate] if pirate > 0 else -1)
        for h in board.land_hexes:  # every land hex keeps its land area
            assert frame.js_hexes[h] in area
    assert len(boards) >= 3 or name.startswith("SC_PIRI"), "the deal varies with the seed"


@pytest.mark.parametrize("name", NAMES)
def test_settlement_nodes_and_areas_are_the_recorded_ones(name):
    first = _recorded(name)[0]
    layout = layout_named(name)
    frame = layout.frame
    nodes = {n: i for i, n in enumerate(frame.js_nodes)}
    for area, listed in first["land_areas_legal_nodes"].items():
        mask = sum(1 << nodes[_int(c)] for c in listed or ())
        assert layout.area_nodes.get(int(area), 0) == mask, area
    start = sum(1 << nodes[_int(c)] for c in first["player0_potential_settlements_at_start"])
    taken = 0  # Pirate Islands: the settlements standing before initial placement, and their neighbours
    for _, piece, at in layout.initial_pieces:
        if piece == 1:
            taken |= frame.node_closed_mask[at]
    assert layout.start_nodes & ~taken == start  # where initial placement may go
    assert layout.start_area == first["starting_land_area"]
    assert set(layout.excluded_areas) == set(first["player_excluded_land_areas"] or ())
    assert set(layout.robber_excluded_areas) == set(first["robber_excluded_land_areas"] or ())


@pytest.mark.parametrize("name", NAMES)
def test_scenario_parts_are_the_recorded_ones(name):
    first = _recorded(name)[0]
    layout = layout_named(name)
    frame = layout.frame
    js_node, js_edge, js_hex = frame.js_nodes.__getitem__, frame.js_edges.__getitem__, frame.js_hexes.__getitem__
    parts = first["added_layout_parts"]
    assert [(js_node(n), d) for n, d in layout.villages] == [(_int(v["node"]), v["dice"])
                                                              for v in first.get("villages", ())]
    if "CV" in parts:
        assert [layout.general_cloth, layout.village_cloth] == parts["CV"]["ints"][:2]
    assert sorted((js_edge(e), k) for e, k in layout.special_edges) == sorted(
        (_int(e["edge"]), e["type"]) for e in first["special_edges"])
    assert [(p, js_node(n), s) for p, n, s in layout.fortresses] == [
        (f["player"], _int(f["node"]), f["strength"]) for f in first.get("fortresses", ())]
    assert [(p, t, js_node(at) if t == 1 else js_edge(at)) for p, t, at in layout.initial_pieces] == [
        (x["player"], x["piece_type"], _int(x["coord"])) for x in first.get("initial_pieces", ())]
    assert [js_node(n) for n in layout.lone_settlements] == parts.get("LS", {}).get("ints", [])
    assert [js_hex(h) for h in layout.fleet_path] == parts.get("PP", {}).get("ints", [])
    for key in ("N1", "N2", "N3"):
        assert [js_node(n) for n in layout.node_lists.get(int(key[1:]), ())] == parts.get(key, {}).get("ints", [])
    for player, spans in enumerate(first.get("legal_sea_edges_per_player") or ()):
        expected = set()
        for i, value in enumerate(spans):  # "a positive edge followed by -E: every edge through E"
            if value > 0:
                expected.add(value)
            else:
                expected.update(range(spans[i - 1], -value + 1))
        got = {js_edge(e) for e in range(frame.edge_count) if layout.sea_edges[player] >> e & 1}
        assert got == expected & set(frame.js_edges), player
    items = [w for w in (first.get("game_special_items") or {}).get("_SC_WOND", ()) if "string_id" in w]
    assert [w["id"] for w in layout.wonders] == [w["string_id"] for w in items]


@pytest.mark.parametrize("name", NAMES)
def test_the_frame_follows_the_large_board_coordinates(name):
    first = _recorded(name)[0]
    frame = sea_frame(first["height"], first["width"])
    for h, c in enumerate(frame.js_hexes):
        r, col = row_col(c)
        assert r % 2 == 1 and col % 2 == (0 if r % 4 == 1 else 1)  # hex centres: odd rows, alternating columns
        corners = [frame.js_nodes[n] for n in frame.hex_nodes[h]]
        assert corners == [(r + dr) << 8 | (col + dc) for dr, dc in ((-1, 0), (-1, 1), (1, 1), (1, 0), (1, -1), (-1, -1))]
        for k, e in enumerate(frame.hex_edges[h]):  # side k joins corners k and k + 1
            assert set(frame.edges[e]) == {frame.hex_nodes[h][k], frame.hex_nodes[h][(k + 1) % 6]}
    for e, (a, b) in enumerate(frame.edges):
        (ra, ca), (rb, cb) = row_col(frame.js_nodes[a]), row_col(frame.js_nodes[b])
        if ra == rb:  # an edge along a row is named by its western node
            assert frame.js_edges[e] == frame.js_nodes[a] and cb == ca + 1
        else:  # a vertical edge by its centre
            assert ca == cb and abs(ra - rb) == 2 and frame.js_edges[e] == (min(ra, rb) + 1) << 8 | ca
    land = set(_land(first))
    for port in first["ports"]:  # a harbour's facing points from its water hex to its land hex
        water, ground = frame.hex_across(frame.edge_from_js[_int(port["edge"])], port["facing"])
        assert frame.js_hexes[ground] in land and (water == -1 or frame.js_hexes[water] not in land)
    corners = {frame.js_nodes[n] for c in land for n in frame.hex_nodes[frame.hex_from_js[c]]}
    assert {_int(c) for c in first["legal_settlements_all"]} <= corners

"""The internal board model against both oracles: JSettlers' SOCBoard4p dump and the SGN
derived geometry.  Every hex, node, edge, adjacency and harbour must match exactly."""

from __future__ import annotations

import json

from tablehall.games.catan import geometry as g


def h(text: str) -> int:
    return int(text, 16)


def test_counts():
    assert (g.HEX_COUNT, g.NODE_COUNT, g.EDGE_COUNT) == (19, 54, 72)
    assert len(g.SEA_HEXES) == 18 and len(g.COAST) == 30


def test_jsettlers_hexes_nodes_edges(js_geometry):
    assert sorted(g.JS_HEXES) == sorted(map(h, js_geometry["land_hexes"]))
    assert sorted(g.JS_NODES) == sorted(map(h, js_geometry["land_nodes"]))
    assert sorted(g.JS_EDGES) == sorted(map(h, js_geometry["legal_road_edges"]))


def test_jsettlers_hex_nodes_in_clockwise_order(js_geometry):
    for hex_text, nodes in js_geometry["hex_nodes_N_NE_SE_S_SW_NW"].items():
        hex_index = g.HEX_FROM_JS[h(hex_text)]
        assert [g.JS_NODES[n] for n in g.HEX_NODES[hex_index]] == [h(x) for x in nodes]


def test_jsettlers_node_adjacency(js_geometry):
    for node_text, hexes in js_geometry["node_adjacent_hexes"].items():
        node = g.NODE_FROM_JS[h(node_text)]
        assert sorted(g.js_hex_of_axial(*a) for a in g.NODES[node]) == sorted(map(h, hexes))
        assert sorted(g.JS_HEXES[x] for x in g.NODE_HEXES[node]) == sorted(
            x for x in map(h, hexes) if x in g.HEX_FROM_JS)
    for node_text, edges in js_geometry["node_adjacent_edges"].items():
        node = g.NODE_FROM_JS[h(node_text)]
        land_edges = sorted(x for x in map(h, edges) if x in g.EDGE_FROM_JS)
        assert sorted(g.JS_EDGES[e] for e in g.NODE_EDGES[node]) == land_edges
    for node_text, nodes in js_geometry["node_adjacent_nodes"].items():
        node = g.NODE_FROM_JS[h(node_text)]
        land_nodes = sorted(x for x in map(h, nodes) if x in g.NODE_FROM_JS)
        assert sorted(g.JS_NODES[m] for m in g.NODE_NEIGHBORS[node]) == land_nodes


def test_jsettlers_edge_nodes(js_geometry):
    for edge_text, nodes in js_geometry["edge_nodes"].items():
        edge = g.EDGE_FROM_JS[h(edge_text)]
        assert sorted(g.JS_NODES[n] for n in g.EDGES[edge]) == sorted(map(h, nodes))


def test_jsettlers_ports(js_geometry):
    assert [g.JS_EDGES[e] for e in g.HARBOR_SLOTS] == list(map(h, js_geometry["port_edges_clockwise_from_0x17"]))
    assert [g.harbor_facing(e)[1] for e in g.HARBOR_SLOTS] == js_geometry["port_facing"]
    board_hexes = [g.JS_BOARD_HEXES[i] for i in (0, 2, 8, 21, 32, 35, 33, 22, 9)]
    assert [g.harbor_facing(e)[0] for e in g.HARBOR_SLOTS] == board_hexes


def test_sgn_hexes_intersections_paths(sgn_geometry):
    assert [list(x) for x in g.LAND_HEXES] == sgn_geometry["land_hexes"]
    assert sorted(map(list, g.SEA_HEXES)) == sorted(sgn_geometry["sea_hexes"])
    assert [g.sgn_intersection(n) for n in range(g.NODE_COUNT)] == sgn_geometry["intersections"]
    paths = {g.edge_from_sgn(p["path"]): p for p in sgn_geometry["paths"]}
    assert sorted(paths) == list(range(g.EDGE_COUNT))
    for edge, p in paths.items():
        assert g.sgn_path(edge) == p["path"]  # same endpoint order as the derived data
        assert (edge in g.COASTAL_EDGES) == p["coastal"]


def test_sgn_reader_accepts_any_order_and_strings():
    point = [["2", "-1"], ["1", "-1"], ["1", "0"]]  # counter-clockwise, as game.log line 10
    assert g.node_from_sgn(point) == g.node_from_sgn([[2, -1], [1, 0], [1, -1]])
    path = g.sgn_path(5)
    assert g.edge_from_sgn(path[::-1]) == 5


def test_corpus_harbors_are_the_jsettlers_slots(reference):
    first = json.loads((reference / "sgn" / "test-corpus" / "game.log").read_text().splitlines()[0])
    edges = [g.edge_from_sgn(x["path"]) for x in first[2]["harbors"]]
    assert edges == list(g.HARBOR_SLOTS)
    assert [g.sgn_path(e) for e in edges] == [[[list(map(int, t)) for t in i] for i in x["path"]]
                                              for x in first[2]["harbors"]]


def test_converters_round_trip():
    for n in range(g.NODE_COUNT):
        assert g.node_from_sgn(g.sgn_intersection(n)) == n
        assert g.NODE_FROM_JS[g.JS_NODES[n]] == n
    for e in range(g.EDGE_COUNT):
        assert g.edge_from_sgn(g.sgn_path(e)) == e
        assert g.EDGE_FROM_JS[g.JS_EDGES[e]] == e
    for x in range(g.HEX_COUNT):
        assert g.hex_from_sgn(g.sgn_hex(x)) == x
        assert g.HEX_FROM_JS[g.JS_HEXES[x]] == x

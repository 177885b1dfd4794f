"""The 5-6 player board against an oracle derived here, independently of `geometry`, from the
facts in shared/notes/jsettlers-options-6p.md and the JSettlers coordinate formulas of
shared/notes/jsettlers.md section 5.6: every hex, node, edge, adjacency and harbour; the number
paths; the hex, number, harbour and card sets."""

from __future__ import annotations

from collections import Counter

import pytest

from tablehall.core import Rng
from tablehall.games.catan import SPEC
from tablehall.games.catan import board as B
from tablehall.games.catan import geometry as g
from tablehall.games.catan.constants import (CLAY, DESERT, GENERIC_HARBOR, ORE, SHEEP, WHEAT, WOOD,
                                             DECK_SIX, dev_type)

SIX = g.SIX

# -- the facts, as the notes give them --------------------------------------------------------
LAND = [0x11, 0x13, 0x15, 0x17, 0x31, 0x33, 0x35, 0x37, 0x39, 0x51, 0x53, 0x55, 0x57, 0x59, 0x5B,
        0x71, 0x73, 0x75, 0x77, 0x79, 0x7B, 0x93, 0x95, 0x97, 0x99, 0x9B, 0xB5, 0xB7, 0xB9, 0xBB]
HARBOR_EDGES = [0x07, 0x3A, 0x7C, 0xAC, 0xCA, 0xC7, 0xA3, 0x70, 0x30, 0x00, 0x03]
HARBOR_FACINGS = ["SE", "SW", "SW", "W", "W", "NW", "NW", "NE", "NE", "E", "SE"]
HARBOR_KINDS = ["3:1"] * 4 + ["clay", "ore", "sheep", "wheat", "wood", "3:1", "sheep"]
NUMBERS = [2, 5, 4, 6, 3, 9, 8, 11, 11, 10, 6, 3, 8, 4, 8, 10, 11, 12, 10, 5, 4, 9, 5, 9, 12, 3, 2, 6]
PATHS = [
    "15 9 4 0 1 2 7 13 20 26 31 35 34 33 28 22 | 16 10 5 6 12 19 25 30 29 23 | 17 11 18 24",
    "15 22 28 33 34 35 31 26 20 13 7 2 1 0 4 9 | 16 23 29 30 25 19 12 6 5 10 | 17 24 18 11",
    "20 26 31 35 34 33 28 22 15 9 4 0 1 2 7 13 | 19 25 30 29 23 16 10 5 6 12 | 18 24 17 11",
    "20 13 7 2 1 0 4 9 15 22 28 33 34 35 31 26 | 19 12 6 5 10 16 23 29 30 25 | 18 11 17 24"]
FACING_CODE = {"NE": 1, "E": 2, "SE": 3, "SW": 4, "W": 5, "NW": 6}
# JSettlers' formulas: hex -> its corners clockwise from N; a node's three hexes; an edge's nodes
CORNER_OFFSETS = [0x01, 0x12, 0x21, 0x10, -0x01, -0x10]
# from the sea hex to its land neighbour, per facing (east is +0x22, south-east +0x20 on the grid)
FACING_DELTA = {1: 0x02, 2: 0x22, 3: 0x20, 4: -0x02, 5: -0x22, 6: -0x20}


def node_hexes(n: int) -> set[int]:
    if (n >> 4) % 2 == 0:
        return {n - 0x10, n + 0x10, n - 0x12}
    return {n - 0x21, n + 0x01, n - 0x01}


def edge_nodes(e: int) -> tuple[int, int]:
    if ((e >> 4) + (e & 0x0F)) % 2 == 0:
        return (e + 0x01, e + 0x10)
    return (e, e + 0x11)


def oracle():
    land = set(LAND)
    corners = {h: [h + o for o in CORNER_OFFSETS] for h in LAND}
    nodes = {n for h in LAND for n in corners[h]}
    sides = {frozenset((c[k], c[(k + 1) % 6])) for c in corners.values() for k in range(6)}
    edges = {}
    for e in range(-0x22, 0x100):  # every candidate coordinate; keep those that are land sides
        pair = frozenset(edge_nodes(e))
        if pair in sides:
            edges[e] = pair
    return land, corners, nodes, edges


def test_counts_and_coordinates():
    land, corners, nodes, edges = oracle()
    assert sorted(SIX.js_hexes) == sorted(LAND) and SIX.hex_count == 30
    assert sorted(SIX.js_nodes) == sorted(nodes) and min(nodes) == 0x01  # "the lowest land node is 0x01"
    assert sorted(SIX.js_edges) == sorted(edges)
    assert min(edges) == 0x00 and max(edges) == 0xCC  # "edges range 0x00..0xCC"
    assert len(edges) == len({frozenset(p) for p in edges.values()}) == SIX.edge_count
    assert (SIX.node_count, SIX.edge_count) == (80, 109)


def test_hex_corners_clockwise_from_north():
    _, corners, _, _ = oracle()
    for h, coord in enumerate(SIX.js_hexes):
        assert [SIX.js_nodes[n] for n in SIX.hex_nodes[h]] == corners[coord]


def test_node_and_edge_adjacency():
    land, _, nodes, edges = oracle()
    for n, coord in enumerate(SIX.js_nodes):
        assert sorted(SIX.js_hexes[h] for h in SIX.node_hexes[n]) == sorted(node_hexes(coord) & land)
        assert sorted(SIX.js_edges[e] for e in SIX.node_edges[n]) == sorted(e for e, p in edges.items() if coord in p)
        neighbours = {m for e, p in edges.items() if coord in p for m in p if m != coord}
        assert sorted(SIX.js_nodes[m] for m in SIX.node_neighbors[n]) == sorted(neighbours)
    for e, coord in enumerate(SIX.js_edges):
        assert {SIX.js_nodes[n] for n in SIX.edges[e]} == edges[coord]


def test_hex_adjacency_and_coast():
    land, _, _, edges = oracle()
    for h, coord in enumerate(SIX.js_hexes):
        around = {coord + d for d in FACING_DELTA.values()} & land
        assert sorted(SIX.js_hexes[x] for x in SIX.hex_neighbors[h]) == sorted(around)
    coastal = {e for e, pair in edges.items() if len(set.intersection(*map(node_hexes, pair)) & land) == 1}
    assert sorted(SIX.js_edges[e] for e in SIX.coastal_edges) == sorted(coastal)


def test_harbour_edges_and_facings():
    land, _, _, edges = oracle()
    assert list(SIX.js_port_edges) == HARBOR_EDGES
    for slot, coord, facing in zip(SIX.harbor_slots, HARBOR_EDGES, HARBOR_FACINGS):
        assert SIX.js_edges[slot] == coord
        both = set.intersection(*map(node_hexes, edges[coord]))  # the two hexes on either side
        (land_hex,) = both & land
        (sea_hex,) = both - land
        assert land_hex - sea_hex == FACING_DELTA[FACING_CODE[facing]]
        assert SIX.harbor_facing(slot) == (sea_hex, FACING_CODE[facing])


def test_facing_deltas_agree_with_the_classic_reference(js_geometry):
    """The same facing table read on the classic board's recorded ports (an oracle check)."""
    land = {int(x, 16) for x in js_geometry["land_hexes"]}
    for text, facing in zip(js_geometry["port_edges_clockwise_from_0x17"], js_geometry["port_facing"]):
        both = set.intersection(*map(node_hexes, edge_nodes(int(text, 16))))
        (land_hex,) = both & land
        (sea_hex,) = both - land
        assert land_hex - sea_hex == FACING_DELTA[facing]


def test_number_paths_are_spirals_over_the_layout():
    """Each path, read through the layout's index -> hex mapping, visits all 30 land hexes once,
    each step to a touching hex, ring by ring (16, 10, 4)."""
    for text, path in zip(PATHS, B.SIX_PATHS):
        indexes = [int(x) for x in text.replace("|", " ").split()]
        assert list(B.SIX_NUMBER_PATHS[PATHS.index(text)]) == indexes
        assert sorted(path) == list(range(30))
        for a, b in zip(path, path[1:]):
            assert b in SIX.hex_neighbors[a], (text, a, b)
        outer = path[:16]
        assert outer[-1] in SIX.hex_neighbors[outer[0]]  # the outer ring closes
        assert all(len(SIX.hex_neighbors[h]) < 6 for h in outer)  # and is the coast
        assert all(len(SIX.hex_neighbors[h]) == 6 for h in path[16:])


def test_random_boards_hold_the_sets_and_follow_a_path():
    rng = Rng(5)
    paths_seen = set()
    kinds = {"3:1": GENERIC_HARBOR, "clay": CLAY, "ore": ORE, "sheep": SHEEP, "wheat": WHEAT, "wood": WOOD}
    for _ in range(40):
        board = B.random_board(rng, frame=SIX)
        assert board.frame is SIX
        assert Counter(board.terrain) == {DESERT: 2, CLAY: 5, ORE: 5, SHEEP: 6, WHEAT: 6, WOOD: 6}
        assert Counter(board.numbers) == Counter(NUMBERS + [0, 0])
        assert sorted(e for e, _ in board.harbors) == sorted(SIX.harbor_slots)
        assert Counter(k for _, k in board.harbors) == Counter(kinds[k] for k in HARBOR_KINDS)
        followed = [i for i, path in enumerate(B.SIX_PATHS)
                    if [board.numbers[h] for h in path if board.terrain[h] != DESERT] == NUMBERS]
        assert len(followed) == 1
        paths_seen.add(followed[0])
        red = [h for h in range(30) if board.numbers[h] in (6, 8)]
        assert not any(board.numbers[x] in (6, 8) for h in red for x in SIX.hex_neighbors[h])
        assert board.robber_start == board.deserts[0]
    assert paths_seen == {0, 1, 2, 3}


def test_five_and_six_seat_games_have_the_six_player_parts():
    for seats in (5, 6):
        state = SPEC.new(seats, {}, 3)
        assert state.geo is SIX and state.board.frame is SIX
        assert len(state.deck) == 34 and sorted(map(dev_type, state.deck)) == sorted(map(dev_type, DECK_SIX))
        assert Counter(map(dev_type, state.deck)) == {0: 20, 1: 3, 2: 3, 3: 3, 4: 5}
        assert state.bank == [24] * 5 and state.special_building
    four = SPEC.new(4, {"six_player_board": True}, 3)  # PLB: the board only
    assert four.geo is SIX and len(four.deck) == 25 and four.bank == [19] * 5 and not four.special_building
    plp = SPEC.new(4, {"max_players": 6, "special_building_5_6_only": True}, 3)
    assert plp.geo is SIX and len(plp.deck) == 34 and not plp.special_building
    assert SPEC.new(4, {"max_players": 6}, 3).special_building


def test_board_text_round_trips_on_both_frames():
    for frame in (g.CLASSIC, SIX):
        board = B.random_board(Rng(11), frame=frame)
        again = B.Board.from_text(board.to_text())
        assert again == board and again.frame is frame


@pytest.mark.parametrize("frame", [g.CLASSIC, SIX], ids=["classic", "six"])
def test_frames_are_consistent(frame):
    for n in range(frame.node_count):
        assert len(frame.node_edges[n]) in (2, 3) and 1 <= len(frame.node_hexes[n]) <= 3
        for e in frame.node_edges[n]:
            assert n in frame.edges[e]
    for e, (a, b) in enumerate(frame.edges):
        assert frame.edge_between(a, b) == e and frame.edge_from_js[frame.js_edges[e]] == e
    assert g.frame_named(frame.name) is frame

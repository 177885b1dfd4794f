"""The sea board's rules: ships on the sea and roads on land, routes joined only at one's own
buildings, moving ships, the longest trade route, the robber or the pirate, gold hexes, the
special building phase with ships, a third initial settlement, options."""

from __future__ import annotations

import pytest

from tablehall.core import IllegalAction, OptionError
from tablehall.games.catan import SPEC
from tablehall.games.catan.constants import PLAY1, ROLL_OR_CARD, SPECIAL_BUILDING
from tablehall.games.catan.geometry import bits
from tablehall.games.catan.sea.board import GOLD
from tablehall.games.catan.sea.fields import SeaPhase
from tablehall.games.catan.sea.state import COST_SHIP, SHIP, SeaState

from .sea_helpers import (coastal_start_nodes, empty_hands, give, new_sea, play_bots, road_edges_at, roll, setup,
                          ship_edges_at)
from .sea_invariants import _longest_route


def _refused(st, seat, action, code):
    with pytest.raises(IllegalAction) as caught:
        st.check(seat, action)
    assert caught.value.code == code, caught.value.message
    return caught.value


def test_the_options_pick_the_layout_and_the_scenario():
    assert type(new_sea()) is SeaState and new_sea().layout.name == "SBL-4p"
    assert new_sea(6).layout.name == "SBL-6p" and new_sea(3).layout.name == "SBL-4p"
    assert new_sea(4, six_player_board=True).layout.name == "SBL-6p"
    fog = SPEC.normalize_options({"scenario": "SC_FOG"})
    assert fog["sea_board"] and fog["vp_to_win"] == 12 and fog["scenario"] == "SC_FOG"
    assert SPEC.normalize_options({"scenario": "SC_FOG", "vp_to_win": 15})["vp_to_win"] == 15
    assert "sea_board" not in SPEC.normalize_options({})  # classic games' options are unchanged
    for bad in ({"scenario": "SC_NOPE"}, {"sea_board": True, "layout": "beginner"},
                {"sea_board": True, "undo_builds": True}):
        with pytest.raises(OptionError):
            SPEC.normalize_options(bad)


@pytest.mark.parametrize("only", ["land", "sea"])
def test_initial_placement_puts_roads_on_land_and_ships_on_the_sea(only):
    st = new_sea()
    node = coastal_start_nodes(st, land_only=only == "land", sea_only=only == "sea")[0]
    st.apply(0, ("settlement", node))
    legal = st.legal_actions(0)
    roads = {a[1] for a in legal if a[0] == "road"}
    ships = {a[1] for a in legal if a[0] == "ship"}
    assert roads == set(road_edges_at(st, node)) and ships == set(ship_edges_at(st, node))
    assert roads and ships
    if only == "land":
        land_only = next(e for e in roads if e not in ships)
        assert _refused(st, 0, ("ship", land_only), "BAD_LOCATION").message.endswith("ships go on the sea")
    else:
        sea_only = next(e for e in ships if e not in roads)
        assert _refused(st, 0, ("road", sea_only), "BAD_LOCATION").message.endswith("roads go on land")
    st.apply(0, ("ship", min(ships)))
    assert st.pieces[0] == [15, 4, 4, 14] and st.current == 1


def test_initial_settlements_go_only_in_the_starting_area():
    st = new_sea(scenario="SC_NSHO")
    elsewhere = next(n for n in bits(st.layout.legal_nodes & ~st.layout.start_nodes))
    assert _refused(st, 0, ("settlement", elsewhere), "BAD_LOCATION").message.endswith("the starting land area")
    assert {a[1] for a in st.legal_actions(0)} <= set(bits(st.layout.start_nodes))


def _two_coasts(st):
    """Seat 0: a road from its first settlement, a ship from its second; the others anywhere."""
    while st.phase.name.startswith("START"):
        seat = st.to_act()[0]
        if st.phase.name.endswith("A"):
            st.apply(seat, ("settlement", coastal_start_nodes(st)[0]))
        else:
            kind = "road" if seat != 0 or st.phase.name == "START1B" else "ship"
            legal = [a for a in st.legal_actions(seat) if a[0] == kind] or st.legal_actions(seat)
            if seat == 0 and kind == "road":  # a road to another coast
                legal.sort(key=lambda a: -len(_stray_ships(st, a[1])))
            st.apply(seat, legal[0])
    return st


def _stray_ships(st, road: int) -> list[int]:
    """Free sea edges at the far end of seat 0's `road` that touch none of its buildings or ships."""
    geo = st.geo
    far = next(x for x in geo.edges[road] if st.node_owner[x] != 0)
    settled = {n for n, o in enumerate(st.node_owner) if o == 0}
    return [e for e in ship_edges_at(st, far) if e != road and st.edge_owner[e] < 0
            and not set(geo.edges[e]) & settled and not st.ships[0] & geo.node_edge_mask[next(
                x for x in geo.edges[e] if x != far)]]


def test_ships_continue_ships_and_meet_roads_only_at_buildings():
    st = _two_coasts(new_sea())
    roll(st, 6)
    empty_hands(st)
    give(st, 0, (0, 0, 5, 0, 5))
    road = bits(st.road_edges[0])[0]
    ship = bits(st.ships[0])[0]
    geo = st.geo
    stray = _stray_ships(st, road)
    assert stray
    for e in stray:  # a ship cannot start from the end of a road
        _refused(st, 0, ("ship", e), "NOT_CONNECTED")
    open_end = next(x for x in geo.edges[ship] if st.node_owner[x] != 0)
    onward = [e for e in ship_edges_at(st, open_end) if e != ship and st.edge_owner[e] < 0]
    assert onward and all(("ship", e) in st.legal_actions(0) for e in onward)
    st.apply(0, ("ship", onward[0]))
    assert st.pieces[0][SHIP] == 13 and st.hands[0] == [0, 0, 4, 0, 4]


def test_a_ship_moves_once_a_turn_from_the_open_end_of_its_route():
    st = _two_coasts(new_sea())
    roll(st, 6)
    give(st, 0, (0, 0, 3, 0, 3))
    geo = st.geo
    near = {x for n, o in enumerate(st.node_owner) if o > 0 for x in (n, *geo.node_neighbors[n])} | {
        x for e, o in enumerate(st.edge_owner) if o >= 0 for x in geo.edges[e]}
    free_sea = st.board.ship_edges & ~st.occupied_edges
    home, first, second = next((n, *chain) for n, o in enumerate(st.node_owner) if o == 0
                               for chain in [_chain(st, n, 2, free_sea, near)] if chain)
    st.apply(0, ("ship", first))
    st.apply(0, ("ship", second))
    assert second not in st._movable_ships(0)  # placed this turn
    _refused(st, 0, ("move_ship", second, first), "NOT_MOVABLE")
    st.apply(0, ("end_turn",))
    while st.current != 0:  # the others pass
        if st.phase is ROLL_OR_CARD:
            roll(st, 6)
        else:
            st.apply(st.current, ("end_turn",))
    roll(st, 6)
    assert second in st._movable_ships(0) and first not in st._movable_ships(0)  # held by home and second
    _refused(st, 0, ("move_ship", first, second), "NOT_MOVABLE")
    targets = st._ship_targets(0, second)
    assert targets and not targets >> second & 1
    moves = [a for a in st.legal_actions(0) if a[0] == "move_ship" and a[1] == second]
    assert moves == [("move_ship", second, t) for t in bits(targets)]
    target = bits(targets)[-1]
    events = st.apply(0, ("move_ship", second, target))
    assert events[0].kind == "ship_moved" and events[0].data == {"seat": 0, "from": second, "to": target}
    assert st.edge_owner[second] == -1 and st.edge_owner[target] == 0 and st.pieces[0][SHIP] == 12
    assert st.ship_order[0][-2:] == [first, target]
    _refused(st, 0, ("move_ship", target, second), "ONE_MOVE_PER_TURN")
    assert not [a for a in st.legal_actions(0) if a[0] == "move_ship"]


def test_a_ship_moved_off_the_end_of_the_longest_trail_leaves_the_route_as_long_or_one_shorter(monkeypatch):
    """Random games' ship moves where the ship ended the longest trail known: the route is one
    shorter or as long (the walk from that trail's far end, or a recount), as a brute-force
    count of every trail says after every move."""
    outcomes = []
    decide = SeaState._route_without_end

    def observed(st, seat, roads, ships, leaf, trail, length):
        now, kept = decide(st, seat, roads, ships, leaf, trail, length)
        outcomes.append(now == length)
        return now, kept

    monkeypatch.setattr(SeaState, "_route_without_end", observed)

    def each(st, events):
        if events and events[0].kind == "ship_moved":
            seat = events[0].data["seat"]
            assert st.road_length[seat] == _longest_route(st, seat)

    for seed in (1, 2):
        assert play_bots(4, "", seed, each=each).is_over
    assert True in outcomes and False in outcomes


def _chain(st, start: int, length: int, mask: int, avoid: set[int]) -> list[int]:
    """`length` edges of `mask` forming a simple path from `start` through nodes not in `avoid`."""
    geo = st.geo

    def extend(at, seen, edges):
        if len(edges) == length:
            return edges
        for bit, other in geo.node_links[at]:
            e = bit.bit_length() - 1
            if mask & bit and other not in seen and other not in avoid:
                found = extend(other, seen | {other}, edges + [e])
                if found:
                    return found
        return None

    return extend(start, {start}, [])


@pytest.mark.parametrize("joined_at_settlement", [True, False])
def test_roads_and_ships_join_only_at_the_players_own_building(joined_at_settlement):
    st = new_sea()
    board = st.board
    for node in range(st.geo.node_count):  # a coastal node with 3 roads one way and 3 ships the other
        roads = _chain(st, node, 3, board.road_edges, set())
        if not roads:
            continue
        used = {x for e in roads for x in st.geo.edges[e]}
        ships = _chain(st, node, 3, board.ship_edges, used - {node})
        if ships:
            break
    else:
        pytest.fail("no coast for the test")
    if joined_at_settlement:
        st._place_settlement(0, node)
    for e in roads:
        st._place_road(0, e)
    for e in ships:
        st._place_ship(0, e)
    assert st._longest_road_of(0) == (6 if joined_at_settlement else 3)
    st.node_owner[node], st.node_level[node] = (1, 1)  # an opponent's building cuts every route there
    assert st._longest_road_of(0) == 3


def test_a_seven_moves_the_robber_or_the_pirate():
    st = _two_coasts(new_sea())
    empty_hands(st)
    give(st, 1, (1, 1, 1, 0, 0))
    events = roll(st, 7)
    assert st.phase is SeaPhase.WAITING_FOR_ROBBER_OR_PIRATE and st.legal_actions(0) == [("bandit", 0), ("bandit", 1)]
    st.apply(0, ("bandit", 1))
    assert st.phase is SeaPhase.PLACING_PIRATE
    ship = bits(st.ships[1])[0] if st.ships[1] else None
    if ship is None:  # seat 1 set out by road: give it a ship on the sea to rob
        ship = next(e for n, o in enumerate(st.node_owner) if o == 1 for e in ship_edges_at(st, n)
                    if st.edge_owner[e] < 0 and any(st.board.terrain[h] == 6 for h in st.geo.edge_hexes[e]))
        st._place_ship(1, ship)
    water = next(h for h in st.geo.edge_hexes[ship] if st.board.terrain[h] == 6)
    _refused(st, 0, ("pirate", next(h for h in st.board.land_hexes)), "BAD_LOCATION")
    events = st.apply(0, ("pirate", water))
    assert [e.kind for e in events[:2]] == ["pirate_moved", "robbed"] and st.pirate == water
    assert sum(st.hands[1]) == 2 and sum(st.hands[0]) == 1 and st.phase is PLAY1
    give(st, 0, COST_SHIP)
    blocked = [e for e in st.geo.hex_edges[water] if st.ship_reach[0] >> e & 1 and st.edge_owner[e] < 0]
    for e in blocked:
        _refused(st, 0, ("ship", e), "PIRATE")


def test_a_gold_hex_pays_a_free_pick_of_any_resource():
    st = new_sea()
    gold = next(h for h in st.board.land_hexes if st.board.terrain[h] == GOLD and st.board.numbers[h])
    node = next(n for n in st.geo.hex_nodes[gold] if st.layout.legal_nodes >> n & 1)
    setup(st)
    empty_hands(st)
    st.node_owner[node], st.node_level[node] = 0, 2  # a city of seat 0 beside the gold
    st._forget_payouts_at(node)
    st.robber = next(h for h in st.board.land_hexes if h != gold and st.board.numbers[h] != st.board.numbers[gold])
    events = roll(st, st.board.numbers[gold])
    assert st.phase is SeaPhase.WAITING_FOR_PICK_GOLD_RESOURCE and st.to_act() == (0,)
    assert events[1].data["gold"][0] == 2 and events[-1].kind == "picks_required"
    _refused(st, 0, ("pick_free", (1, 0, 0, 0, 0)), "BAD_PICK")
    events = st.apply(0, ("pick_free", (0, 1, 0, 1, 0)))
    assert events[0].data == {"seat": 0, "resources": [0, 1, 0, 1, 0], "reason": "gold"}
    assert st.phase is PLAY1 and st.hands[0][1] >= 1 and st.hands[0][3] >= 1


def test_six_players_special_build_ships():
    st = setup(new_sea(6), ships=True)
    assert st.special_building and st.layout.name == "SBL-6p"
    roll(st, 6)
    st.apply(2, ("ask_special_build",))
    st.apply(0, ("end_turn",))
    assert st.phase is SPECIAL_BUILDING and st.current == 2
    empty_hands(st)
    give(st, 2, COST_SHIP)
    ships = [a for a in st.legal_actions(2) if a[0] == "ship"]
    assert ships and not [a for a in st.legal_actions(2) if a[0] == "move_ship"]
    st.apply(2, ships[0])
    assert st.phase is SPECIAL_BUILDING and st.pieces[2][SHIP] == 12  # two from initial placement


def test_a_third_initial_settlement_gives_the_starting_resources():
    st = new_sea(scenario="SC_CLVI")
    phases = []
    while st.phase.name.startswith("START"):
        seat = st.to_act()[0]
        phases.append((st.phase.name, seat))
        events = st.apply(seat, st.legal_actions(seat)[0])
        if any(e.kind == "setup_resources" for e in events):
            assert st.phase is SeaPhase.START3B or st.phase.name.startswith("STARTS")
    order = [seat for name, seat in phases if name.endswith("A")]
    assert order == [0, 1, 2, 3, 3, 2, 1, 0, 0, 1, 2, 3]  # forward, back, forward
    assert sum(st.pieces[0][1:2]) == 2 and st.building_vp == [3, 3, 3, 3]
    assert st.phase is ROLL_OR_CARD


def test_the_bank_never_runs_short():
    """JSettlers keeps no bank: its recorded sea games pay a roll in full where the 19 cards of a
    resource are already in the players' hands (New Shores 6p, The Forgotten Tribe)."""
    st = new_sea()
    h = next(h for h in st.board.land_hexes if st.board.terrain[h] < 5 and st.board.numbers[h])
    resource, number = st.board.terrain[h], st.board.numbers[h]  # a resource hex's terrain is its resource
    setup(st)
    empty_hands(st)
    node = st.geo.hex_nodes[h][0]
    st.node_owner[node], st.node_level[node] = 1, 2  # a city of seat 1 beside the hex
    st._forget_payouts_at(node)
    st.robber = next(x for x in st.board.land_hexes if st.board.numbers[x] != number)
    give(st, 0, [19 if r == resource else 0 for r in range(5)])  # every card a classic bank holds
    events = roll(st, number)
    produced = next(e for e in events if e.kind == "produced")
    assert produced.data["shortage"] == [] and produced.data["gains"][1][resource] >= 2
    assert st.hands[1][resource] >= 2 and st.hands[0][resource] >= 19


def test_asking_out_of_turn_order_in_a_sea_phase_is_refused_with_what_it_waits_for():
    st = setup(new_sea())
    roll(st, 6)
    seat = st.current
    give(st, seat, COST_SHIP)
    st.apply(seat, ("build", SHIP))
    assert st.phase is SeaPhase.PLACING_SHIP
    refusal = _refused(st, seat, ("end_turn",), "NOT_NOW")
    assert refusal.message == "Place the ship you are building first (or cancel it)"
    assert all(phase in SeaState.waiting_texts for phase in SeaPhase)

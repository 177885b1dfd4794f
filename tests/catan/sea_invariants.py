"""Rule invariants of a sea-board game, recomputed from the pieces (not from the engine's own
bookkeeping), checked after every action by the sea fuzz tests."""

from __future__ import annotations

from tablehall.games.catan.sea.board import FOG, LAND, WATER
from tablehall.games.catan.sea.fields import SeaPhase
from tablehall.games.catan.sea.scenarios import DEV_CARD_EDGE, RECAPTURED_FORTRESS, WONDER_LEVELS
from tablehall.games.catan.sea.state import SEA_SETUP_PHASES, SeaState

PICKING = (SeaPhase.WAITING_FOR_PICK_GOLD_RESOURCE, SeaPhase.STARTS_WAITING_FOR_PICK_GOLD_RESOURCE)


def check_sea_invariants(st: SeaState, routes: bool = True) -> None:
    """`routes`: also count every trade route again by brute force (slow; after pieces moved)."""
    n, geo, board = st.seat_count, st.geo, st.board
    for r in range(5):  # resources
        assert st.bank[r] + sum(h[r] for h in st.hands) == st.per_resource, (r, st.bank, st.hands)
        assert st.bank[r] >= 0 and all(h[r] >= 0 for h in st.hands)
    for kind in range(5):  # development cards: held, played, in the deck or set aside for a special edge
        held = sum(st.dev_old[s][kind] + st.dev_new[s][kind] + st.played[s][kind] for s in range(n))
        unseen = sum(1 for c in st.deck + list(st.gift_cards) if min(c, 4) == kind)
        assert held + unseen == st.dev_composition[kind]
    assert len(st.gift_cards) == sum(1 for kind in st.special_edges.values() if kind == DEV_CARD_EDGE)
    for h in range(geo.hex_count):  # the fog: hidden on the board, its contents apart
        assert (board.terrain[h] == FOG) == (h in st.fog), h
        if h in st.fog:
            assert board.numbers[h] == 0
    wonder_ships = [sum(1 for owner in st.wonder_owner if owner == s) for s in range(n)]
    blocked = 0
    for s in range(n):
        roads = [e for e in range(geo.edge_count) if st.edge_owner[e] == s and st.road_edges[s] >> e & 1]
        ships = [e for e in range(geo.edge_count) if st.edge_owner[e] == s and st.ships[s] >> e & 1]
        assert len(roads) + len(ships) == sum(1 for o in st.edge_owner if o == s)
        assert not st.road_edges[s] & st.ships[s]
        assert sorted(st.ship_order[s]) == ships and 0 <= st.warships[s] <= len(ships)
        settlements = sum(1 for x in range(geo.node_count) if st.node_owner[x] == s and st.node_level[x] == 1)
        cities = sum(1 for x in range(geo.node_count) if st.node_owner[x] == s and st.node_level[x] == 2)
        captured = bool(st.player_events[s] & RECAPTURED_FORTRESS)
        assert st.pieces[s][0] == 15 - len(roads) and st.pieces[s][3] == 15 - len(ships) - wonder_ships[s]
        assert st.pieces[s][2] == 4 - cities
        # Pirate Islands: the fortress is the fifth settlement, taken back without one from the stock
        fifth = (1 - captured) if st.scenario.fortresses else 0
        assert st.pieces[s][1] == 5 - settlements - fifth
        assert st.building_vp[s] == settlements + 2 * cities
        assert st.total_vp(s) == (settlements + 2 * cities + 2 * (st.longest_road == s) + 2 * (st.largest_army == s)
                                  + st.dev_old[s][4] + st.dev_new[s][4] + st.svp[s] + st.cloth[s] // 2)
        if routes:
            assert st.road_length[s] == _longest_route(st, s)
            trail = st._known_trail(s, st.road_edges[s] | st.ships[s])
            if trail:  # a longest trail kept as known is one: a trail over its edges alone
                assert _longest_route(st, s, trail) == st.road_length[s], s
        road_reach, ship_reach, nodes = _reaches(st, s)
        assert st.reach[s] == road_reach, s
        assert st.ship_reach[s] == ship_reach, s
        assert st.road_nodes[s] == nodes, s
        tips = sum(1 << e for e in ships if st._open_end(s, e) >= 0)
        assert st.ship_tips[s] == tips, s  # kept as pieces come and go
        for e in ships:  # ships on the sea (or where fog was; Pirate Islands: on the lane, some along the rim)
            assert any(board.terrain[h] in (WATER, FOG) for h in geo.edge_hexes[e]) or st.scenario.fog \
                or st.scenario.fortresses and st.layout.sea_edges[s] >> e & 1
        for e in roads:
            assert any(board.terrain[h] in LAND or board.terrain[h] == FOG for h in geo.edge_hexes[e]) \
                or st.scenario.fog
        assert st.picks[s] >= 0
    for x in range(geo.node_count):  # the distance rule and where settlements may stand
        if st.node_owner[x] >= 0:
            blocked |= geo.node_closed_mask[x]
            assert all(st.node_owner[y] == -1 for y in geo.node_neighbors[x])
    legal = st.layout.start_nodes if st.phase in SEA_SETUP_PHASES else st.legal_nodes
    assert st.blocked == blocked | (geo.all_nodes_mask & ~legal), \
        (st.phase, st.blocked ^ (blocked | (geo.all_nodes_mask & ~legal)))
    assert (st.phase in PICKING) == any(st.picks) or st.is_over
    if st.scenario.route_vp:
        holder = st.longest_road
        if holder >= 0:
            assert st.road_length[holder] >= 5 and st.road_length[holder] == max(st.road_length)
    else:
        assert st.longest_road == -1
    if st.scenario.cloth:
        total = sum(st.cloth) + st.general_cloth + sum(st.village_cloth.values())
        assert total == st.layout.general_cloth + st.layout.village_cloth * len(st.layout.villages)
    if st.scenario.fortresses:
        assert st.robber == -1 and st.largest_army == -1
        assert all(1 <= strength <= 3 for _, strength in st.fortresses.values())
    if st.scenario.wonders:
        owners = [o for o in st.wonder_owner if o >= 0]
        assert len(owners) == len(set(owners)) and all(0 <= lv <= WONDER_LEVELS for lv in st.wonder_level)
    if st.robber >= 0:
        assert st.robber in board.robber_hexes or st.robber == board.robber_start
    if st.pirate >= 0:
        assert board.terrain[st.pirate] == WATER or st.scenario.fortresses
    if st.is_over:
        w = st.winner
        assert st.total_vp(w) >= st.vp_to_win or len(st.out) == n - 1 or st.scenario.cloth \
            or (st.scenario.wonders and WONDER_LEVELS in st.wonder_level)
    assert all(isinstance(s, int) for s in st.to_act())


def _reaches(st: SeaState, seat: int) -> tuple[int, int, int]:
    geo, owner = st.geo, st.node_owner
    road_reach = ship_reach = nodes = 0
    for e in range(geo.edge_count):
        if st.edge_owner[e] != seat:
            continue
        ship = st.ships[seat] >> e & 1
        for x in geo.edges[e]:
            nodes |= 1 << x
            if owner[x] in (-1, seat):
                if ship:
                    ship_reach |= geo.node_edge_mask[x]
                else:
                    road_reach |= geo.node_edge_mask[x]
    for x in range(geo.node_count):
        if owner[x] == seat:
            road_reach |= geo.node_edge_mask[x]
            ship_reach |= geo.node_edge_mask[x]
    return road_reach & st.board.road_edges, ship_reach & st.board.ship_edges, nodes


def _longest_route(st: SeaState, seat: int, among: int = -1) -> int:
    """Every trail from every node by brute force: edges of the seat (of the mask `among`), not
    through an opponent's building, roads and ships joined only at the seat's own building."""
    geo = st.geo
    mine = [e for e in range(geo.edge_count) if st.edge_owner[e] == seat and among >> e & 1]
    touching: dict[int, list[tuple[int, int, int]]] = {}
    for i, e in enumerate(mine):
        ship = st.ships[seat] >> e & 1
        a, b = geo.edges[e]
        touching.setdefault(a, []).append((1 << i, b, ship))
        touching.setdefault(b, []).append((1 << i, a, ship))
    best = 0
    for start in touching:
        stack = [(start, 0, 0, None)]
        while stack:
            node, used, length, last_ship = stack.pop()
            best = max(best, length)
            here = st.node_owner[node]
            if length and here not in (-1, seat):
                continue
            for bit, other, ship in touching[node]:
                if not used & bit and (last_ship is None or ship == last_ship or here == seat):
                    stack.append((other, used | bit, length + 1, ship))
    return best

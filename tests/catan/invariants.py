"""Rule invariants of a Catan state, checked after every action by the fuzz tests."""

from __future__ import annotations

from tablehall.games.catan.constants import PLACING_CITY, PLACING_ROAD, PLACING_SETTLEMENT, SPECIAL_BUILDING
from tablehall.games.catan.rules import CatanState


def check_invariants(st: CatanState, roads_changed: bool = True) -> None:
    """`roads_changed`: also recompute every road length (slow; only after placements)."""
    n = st.seat_count
    geo = st.geo
    for r in range(5):  # resource conservation
        assert st.bank[r] + sum(h[r] for h in st.hands) == st.per_resource, (r, st.bank, st.hands)
        assert st.bank[r] >= 0 and all(h[r] >= 0 for h in st.hands)
    for kind in range(5):  # development cards: deck + hands + played = the game's deck
        held = sum(st.dev_old[s][kind] + st.dev_new[s][kind] + st.played[s][kind] for s in range(n))
        in_deck = sum(1 for c in st.deck if min(c, 4) == kind)
        assert held + in_deck == st.dev_composition[kind]
    assert len(st.node_owner) == geo.node_count and len(st.edge_owner) == geo.edge_count
    blocked = 0
    for s in range(n):  # pieces and points
        settlements = sum(1 for x in range(geo.node_count) if st.node_owner[x] == s and st.node_level[x] == 1)
        cities = sum(1 for x in range(geo.node_count) if st.node_owner[x] == s and st.node_level[x] == 2)
        roads = sum(1 for e in range(geo.edge_count) if st.edge_owner[e] == s)
        assert st.pieces[s] == [15 - roads, 5 - settlements, 4 - cities]
        assert st.building_vp[s] == settlements + 2 * cities
        assert st.total_vp(s) == (settlements + 2 * cities + 2 * (st.longest_road == s)
                                  + 2 * (st.largest_army == s) + st.dev_old[s][4] + st.dev_new[s][4])
        assert st.knights[s] == st.played[s][0]
        if roads_changed:
            assert st.road_length[s] == st._longest_road_of(s)
        mask = 0
        for e in range(geo.edge_count):
            if st.edge_owner[e] == s:
                for x in geo.edges[e]:
                    if st.node_owner[x] in (-1, s):
                        mask |= geo.node_edge_mask[x]
        for x in range(geo.node_count):
            if st.node_owner[x] == s:
                mask |= geo.node_edge_mask[x]
        assert st.reach[s] == mask
        ratios = [4] * 5
        for x in range(geo.node_count):
            kind = st.board.node_harbor[x]
            if st.node_owner[x] == s and kind >= 0:
                if kind == 5:
                    ratios = [min(r, 3) for r in ratios]
                else:
                    ratios[kind] = 2
        assert st.ratios[s] == ratios
    for x in range(geo.node_count):  # distance rule
        if st.node_owner[x] >= 0:
            blocked |= geo.node_closed_mask[x]
            assert all(st.node_owner[y] == -1 for y in geo.node_neighbors[x])
    assert st.blocked == blocked
    assert not st.city_built or 2 in st.node_level  # N7C's flag: a city stands (an undone one clears it)
    lengths, holder = st.road_length, st.longest_road
    if holder >= 0:
        assert lengths[holder] >= 5 and lengths[holder] == max(lengths)
    else:
        top = max(lengths)
        assert top < 5 or sum(1 for x in lengths if x == top) > 1
    army = st.largest_army
    if army >= 0:
        assert st.knights[army] >= 3 and st.knights[army] == max(st.knights)
    else:
        assert max(st.knights) < 3 or sum(1 for k in st.knights if k == max(st.knights)) > 1
    if st.robber_barred:  # option RD: once moved, never back on a desert
        assert st.robber not in st.robber_barred or st.robber == st.board.robber_start
    check_special_building(st)
    if st.undos_left is not None:
        assert all(0 <= left <= st.undo_limit for left in st.undos_left)
    if st.is_over:
        assert st.total_vp(st.winner) >= st.vp_to_win or len(st.out) == n - 1
    assert all(isinstance(s, int) for s in st.to_act())


def check_special_building(st: CatanState) -> None:
    n = st.seat_count
    if not st.special_building:
        assert not any(st.sb_asked) and not any(st.sb_done) and st.sb_after == -1
        assert st.phase is not SPECIAL_BUILDING
        return
    assert len(st.sb_asked) == len(st.sb_done) == n
    assert not any(st.sb_asked[s] for s in st.out)
    in_phase = st.sb_after >= 0
    if st.is_over:
        return
    if in_phase:
        # the special builder is building, or placing what it paid for
        assert st.phase in (SPECIAL_BUILDING, PLACING_ROAD, PLACING_SETTLEMENT, PLACING_CITY)
        assert st.sb_asked[st.current] and st.sb_done[st.current]
        assert not st.rolled
    else:
        assert st.phase is not SPECIAL_BUILDING and st.sb_resume == -1
    if st.phase in (PLACING_ROAD, PLACING_SETTLEMENT, PLACING_CITY):
        assert st.build_request == st.phase - PLACING_ROAD  # the piece paid for

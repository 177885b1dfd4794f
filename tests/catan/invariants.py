"""Rule invariants of a Catan state, checked after every action by the fuzz tests."""

from __future__ import annotations

from tablehall.games.catan.constants import DEV_COMPOSITION, PER_RESOURCE
from tablehall.games.catan.geometry import (EDGE_COUNT, EDGES, NODE_CLOSED_MASK, NODE_COUNT,
                                            NODE_EDGE_MASK, NODE_NEIGHBORS)
from tablehall.games.catan.rules import CatanState


def check_invariants(st: CatanState, roads_changed: bool = True) -> None:
    """`roads_changed`: also recompute every road length (slow; only after placements)."""
    n = st.seat_count
    for r in range(5):  # resource conservation
        assert st.bank[r] + sum(h[r] for h in st.hands) == PER_RESOURCE, (r, st.bank, st.hands)
        assert st.bank[r] >= 0 and all(h[r] >= 0 for h in st.hands)
    for kind in range(5):  # development cards: deck + hands + played = the classic deck
        held = sum(st.dev_old[s][kind] + st.dev_new[s][kind] + st.played[s][kind] for s in range(n))
        in_deck = sum(1 for c in st.deck if min(c, 4) == kind)
        assert held + in_deck == DEV_COMPOSITION[kind]
    blocked = 0
    for s in range(n):  # pieces and points
        settlements = sum(1 for x in range(NODE_COUNT) if st.node_owner[x] == s and st.node_level[x] == 1)
        cities = sum(1 for x in range(NODE_COUNT) if st.node_owner[x] == s and st.node_level[x] == 2)
        roads = sum(1 for e in range(EDGE_COUNT) if st.edge_owner[e] == s)
        assert st.pieces[s] == [15 - roads, 5 - settlements, 4 - cities]
        assert st.building_vp[s] == settlements + 2 * cities
        assert st.total_vp(s) == (settlements + 2 * cities + 2 * (st.longest_road == s)
                                  + 2 * (st.largest_army == s) + st.dev_old[s][4] + st.dev_new[s][4])
        assert st.knights[s] == st.played[s][0]
        if roads_changed:
            assert st.road_length[s] == st._longest_road_of(s)
        mask = 0
        for e in range(EDGE_COUNT):
            if st.edge_owner[e] == s:
                for x in EDGES[e]:
                    if st.node_owner[x] in (-1, s):
                        mask |= NODE_EDGE_MASK[x]
        for x in range(NODE_COUNT):
            if st.node_owner[x] == s:
                mask |= NODE_EDGE_MASK[x]
        assert st.reach[s] == mask
    for x in range(NODE_COUNT):  # distance rule
        if st.node_owner[x] >= 0:
            blocked |= NODE_CLOSED_MASK[x]
            assert all(st.node_owner[y] == -1 for y in NODE_NEIGHBORS[x])
    assert st.blocked == blocked
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
    if st.is_over:
        assert st.total_vp(st.winner) >= st.vp_to_win or len(st.out) == n - 1
    assert all(isinstance(s, int) for s in st.to_act())

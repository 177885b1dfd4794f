"""Undoing one's last build (JSettlers options UB and UBL): what may be undone, what it puts
back, and the limit per player."""

from __future__ import annotations

import pytest

from tablehall.core import IllegalAction, replay
from tablehall.games.catan import SPEC, actions as A
from tablehall.games.catan.constants import CITY, PIECE_COST, ROAD, SETTLEMENT, Phase
from tablehall.games.catan.geometry import NODE_EDGES

from .helpers import SPOTS, give, new, other_end, path_from, setup, to_play
from .invariants import check_invariants
from .six_helpers import new_six, next_turn, roll, setup_six

ROAD_COST, SETTLE_COST, CITY_COST = PIECE_COST
# everything a build touches, to compare before and after
FIELDS = ("node_owner", "node_level", "edge_owner", "hands", "bank", "pieces", "building_vp", "road_length",
          "longest_road", "reach", "road_nodes", "road_edges", "occupied_edges", "blocked", "ratios", "phase",
          "build_request", "city_built")


def picture(st):
    return {name: repr(getattr(st, name)) for name in FIELDS}


def refused(st, seat, action, code):
    with pytest.raises(IllegalAction) as err:
        st.apply(seat, action)
    assert err.value.code == code, err.value.message
    return err.value.message


def playing(**options):
    st = setup(new(undo_builds=True, **options))
    to_play(st)
    return st


def test_off_unless_the_option_is_on():
    st = setup(new())
    to_play(st)
    give(st, 0, ROAD_COST)
    edge = st.road_spots(0)[0]
    st.apply(0, A.road(edge))
    assert "undo_builds" in refused(st, 0, A.undo_build(ROAD, edge), "NO_UNDO")
    assert not any(a[0] == "undo_build" for a in st.legal_actions(0))


def test_undo_a_road_puts_everything_back():
    st = playing()
    give(st, 0, ROAD_COST)
    before = picture(st)
    edge = st.road_spots(0)[0]
    st.apply(0, A.road(edge))
    assert A.undo_build(ROAD, edge) in st.legal_actions(0)
    events = st.apply(0, A.undo_build(ROAD, edge))
    assert events[0].kind == "build_undone"
    assert events[0].data == {"seat": 0, "piece": "road", "at": edge, "refund": list(ROAD_COST), "undos_left": 6}
    assert picture(st) == before
    check_invariants(st)
    assert "right after" in refused(st, 0, A.undo_build(ROAD, edge), "NOTHING_TO_UNDO")  # no undo of an undo


def test_undo_a_settlement_that_cut_a_longest_road_gives_the_road_back():
    st = playing()
    give(st, 0, (10, 0, 0, 0, 10))
    path = path_from(st, SPOTS[0][1], 5)
    nodes = [SPOTS[0][1]]
    for e in path:
        nodes.append(other_end(e, nodes[-1]))
    for e in path:
        st.apply(0, A.road(e))
    assert st.longest_road == 0
    cut = next(x for x in nodes[1:4] if not st.blocked >> x & 1)
    st._place_road(1, next(e for e in NODE_EDGES[cut] if st.edge_owner[e] < 0))
    st.road_length[1] = st._longest_road_of(1)
    st._rebuild_reach(1)
    st.apply(0, A.END_TURN)
    to_play(st)
    give(st, 1, SETTLE_COST)
    before = picture(st)
    events = st.apply(1, A.settlement(cut))
    assert st.longest_road == -1 and any(e.kind == "longest_road" for e in events)
    events = st.apply(1, A.undo_build(SETTLEMENT, cut))
    assert [e.kind for e in events] == ["build_undone", "longest_road"] and events[1].data["seat"] == 0
    assert picture(st) == before and st.longest_road == 0
    check_invariants(st)


def test_undo_a_city_and_the_seven_rule_flag():
    st = playing(no_7s_until_city=True)
    give(st, 0, CITY_COST)
    before = picture(st)
    st.apply(0, A.city(SPOTS[0][0]))
    assert st.city_built and st.node_level[SPOTS[0][0]] == 2
    st.apply(0, A.undo_build(CITY, SPOTS[0][0]))
    assert picture(st) == before and not st.city_built and st.node_level[SPOTS[0][0]] == 1


def test_undo_after_a_build_request_goes_back_before_the_request():
    st = playing()
    give(st, 0, ROAD_COST)
    before = picture(st)
    st.apply(0, A.build(ROAD))
    refused(st, 0, A.undo_build(ROAD, 0), "NOT_NOW")  # placing: nothing built yet
    edge = st.road_spots(0)[0]
    st.apply(0, A.road(edge))
    st.apply(0, A.undo_build(ROAD, edge))
    assert picture(st) == before and st.phase is Phase.PLAY1
    st.apply(0, A.build(ROAD))  # a cancelled request leaves nothing to undo
    st.apply(0, A.CANCEL_BUILD)
    refused(st, 0, A.undo_build(ROAD, edge), "NOTHING_TO_UNDO")


def test_only_the_last_action_and_only_ones_own():
    st = playing()
    give(st, 0, (2, 0, 0, 0, 2))
    first, second = st.road_spots(0)[:2]
    st.apply(0, A.road(first))
    assert f"road at {first}" in refused(st, 0, A.undo_build(ROAD, second), "NOT_LAST_BUILD")
    refused(st, 0, A.undo_build(SETTLEMENT, first), "NOT_LAST_BUILD")
    refused(st, 1, A.undo_build(ROAD, first), "NOT_YOUR_TURN")
    ratio = st.ratios[0][0]
    give(st, 0, A.unit(0, ratio))
    st.apply(0, A.bank_trade(A.unit(0, ratio), A.unit(1)))  # something else in between
    refused(st, 0, A.undo_build(ROAD, first), "NOTHING_TO_UNDO")
    st.apply(0, A.road(st.road_spots(0)[0]))
    give(st, 0, (0, 0, 0, 1, 0))
    st.apply(0, A.offer((0, 0, 0, 1, 0), (0, 0, 1, 0, 0), (1,)))  # a trade offer closes it too
    refused(st, 0, A.undo_build(ROAD, st.road_spots(0)[0]), "NOTHING_TO_UNDO")


def test_setup_placements_and_free_roads_cannot_be_undone():
    st = new(undo_builds=True)
    node, towards = SPOTS[0]
    st.apply(0, A.settlement(node))
    refused(st, 0, A.undo_build(SETTLEMENT, node), "NOT_NOW")
    st = playing()
    from tablehall.games.catan.constants import ROAD_BUILDING
    st.dev_old[0][ROAD_BUILDING] = 1
    st.deck.remove(next(c for c in st.deck if c == ROAD_BUILDING))
    st.apply(0, A.play_dev(ROAD_BUILDING))
    edge = st.road_spots(0)[0]
    st.apply(0, A.road(edge))
    st.apply(0, A.road(st.road_spots(0)[0]))
    refused(st, 0, A.undo_build(ROAD, edge), "NOTHING_TO_UNDO")


def test_the_limit_per_player():
    st = playing(undo_limit=1)
    give(st, 0, (3, 0, 0, 0, 3))
    edge = st.road_spots(0)[0]
    st.apply(0, A.road(edge))
    events = st.apply(0, A.undo_build(ROAD, edge))
    assert events[0].data["undos_left"] == 0 and st.undos_left == (0, 1, 1, 1)
    st.apply(0, A.road(edge))
    assert "all 1" in refused(st, 0, A.undo_build(ROAD, edge), "NO_UNDOS_LEFT")
    assert not any(a[0] == "undo_build" for a in st.legal_actions(0))
    unlimited = playing(undo_limit=0)
    give(unlimited, 0, ROAD_COST)
    for _ in range(12):
        unlimited.apply(0, A.road(edge))
        unlimited.apply(0, A.undo_build(ROAD, edge))
    assert unlimited.undos_left is None


def test_undo_in_a_special_building_turn():
    st = setup_six(new_six(undo_builds=True))
    next_turn(st)
    roll(st)
    st.apply(3, A.ASK_SPECIAL_BUILD)
    st.apply(1, A.END_TURN)
    give(st, 3, ROAD_COST)
    before = picture(st)
    edge = st.road_spots(3)[0]
    st.apply(3, A.road(edge))
    assert A.undo_build(ROAD, edge) in st.legal_actions(3)
    st.apply(3, A.undo_build(ROAD, edge))
    assert picture(st) == before and st.phase is Phase.SPECIAL_BUILDING


def test_what_observations_may_see_of_an_undo():
    """The saved position holds public things only (no hand, no deck), so a bot's copy of the
    game learns nothing from it."""
    st = playing()
    give(st, 0, ROAD_COST)
    st.apply(0, A.road(st.road_spots(0)[0]))
    saved = st.undo_point[4]
    assert set(saved) == {"node_owner", "node_level", "edge_owner", "building_vp", "road_length", "reach",
                          "road_nodes", "road_edges", "blocked", "occupied_edges", "longest_road", "_payouts",
                          "phase", "build_request", "city_built", "pieces_row", "ratios_row"}
    obs = st.observation(1)
    assert obs.undo_point[:4] == st.undo_point[:4]


def test_games_with_undos_replay_and_refuse_sgn():
    from .test_fuzz import play_checked

    state, record = play_checked(8, 4, {"undo_builds": True, "undo_limit": 0})
    assert any(e.action[0] == "undo_build" for e in record.entries)
    assert record.options["undo_builds"] is True and "undo_limit" in record.options
    assert replay(record, SPEC).matches
    with pytest.raises(ValueError, match="undoes a build"):
        SPEC.exporters["sgn"](record)

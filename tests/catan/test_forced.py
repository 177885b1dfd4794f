"""``force_end_turn``: a server ends a stalled player's turn for it (JSettlers' robot watchdog):
what was being placed is cancelled and paid back, a Road Building card none of whose roads was
placed goes back to the hand, an initial settlement without its road is taken back, and the
turn passes on.  It is the server's action: never offered among the legal actions."""

from __future__ import annotations

import pytest

from tablehall.core import Entry, IllegalAction, Record, SeatInfo
from tablehall.games.catan import SPEC, actions as A
from tablehall.games.catan.constants import CITY, ROAD_BUILDING, SETTLEMENT, Phase
from tablehall.games.catan.geometry import edge_between
from tablehall.games.catan.sgn import SGNError

from .helpers import SPOTS, give, new, setup, to_play
from .six_helpers import new_six, next_turn, rich, roll, setup_six

FORCE = A.FORCE_END_TURN


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def test_a_turn_is_ended_before_or_after_the_roll_and_never_offered():
    st = setup(new())
    first = st.current
    assert FORCE not in st.legal_actions(first)
    assert kinds(st.apply(first, FORCE)) == ["turn_forced", "turn"]  # before the roll: no roll
    second = (first + 1) % 4
    assert (st.current, st.phase) == (second, Phase.ROLL_OR_CARD)
    to_play(st, 6)
    assert FORCE not in st.legal_actions(second)
    st.apply(second, FORCE)
    assert (st.current, st.phase) == ((second + 1) % 4, Phase.ROLL_OR_CARD)


def test_a_paid_placement_is_cancelled_and_paid_back():
    st = setup(new())
    seat = st.current
    to_play(st, 6)
    give(st, seat, (0, 3, 0, 2, 0))
    hand = st.hands[seat][:]
    st.apply(seat, A.build(CITY))
    assert st.phase is Phase.PLACING_CITY
    events = st.apply(seat, FORCE)
    assert kinds(events)[:2] == ["turn_forced", "build_cancelled"] and events[-1].kind == "turn"
    assert st.hands[seat] == hand and st.current == (seat + 1) % 4


def test_a_road_building_card_with_no_road_placed_goes_back():
    st = setup(new())
    seat = st.current
    to_play(st, 6)
    st.dev_old[seat][ROAD_BUILDING] += 1
    st.apply(seat, A.play_dev(ROAD_BUILDING))
    assert st.phase is Phase.PLACING_FREE_ROAD1
    events = st.apply(seat, FORCE)
    cancelled = next(e for e in events if e.kind == "build_cancelled")
    assert cancelled.data["card_back"] and st.dev_old[seat][ROAD_BUILDING] == 1
    assert st.current == (seat + 1) % 4 and not st.dev_played


def test_an_initial_settlement_without_its_road_is_taken_back():
    st = new()
    seat = st.current
    node, towards = SPOTS[0]
    before = (st.node_owner[:], [row[:] for row in st.pieces], st.blocked)
    st.apply(seat, A.settlement(node))
    events = st.apply(seat, FORCE)
    assert kinds(events) == ["turn_forced", "settlement_taken_back"]
    assert (st.node_owner, [row[:] for row in st.pieces], st.blocked) == before
    assert (st.current, st.phase) == ((seat + 1) % 4, Phase.START1A)  # it lost that placement
    st.apply(st.current, A.settlement(node))  # the spot is free again
    st.apply(st.current, A.road(edge_between(node, towards)))


def test_the_last_initial_settlement_taken_back_ends_the_first_players_turn_too():
    st = new()
    first = st.current
    for node, towards in SPOTS[:7]:
        seat = st.current
        st.apply(seat, A.settlement(node))
        st.apply(seat, A.road(edge_between(node, towards)))
    assert (st.current, st.phase) == (first, Phase.START2A)  # the last placement: the first player's
    st.apply(first, A.settlement(SPOTS[7][0]))
    events = st.apply(first, FORCE)
    assert kinds(events)[:2] == ["turn_forced", "settlement_taken_back"]
    assert events[0].data["ended"] and (st.current, st.phase) == ((first + 1) % 4, Phase.ROLL_OR_CARD)
    assert st.pieces[first][SETTLEMENT] == 4 and not any(st.hands[first])  # its resources back


def test_a_special_building_placement_is_cancelled_and_the_phase_goes_on():
    st = setup_six(new_six())
    next_turn(st)
    roller = st.current
    roll(st)
    builder = (roller + 2) % 6
    rich(st, builder)
    st.apply(builder, A.ASK_SPECIAL_BUILD)
    st.apply(roller, A.END_TURN)
    assert (st.current, st.phase) == (builder, Phase.SPECIAL_BUILDING)
    hand = st.hands[builder][:]
    st.apply(builder, A.build(CITY))
    events = st.apply(builder, FORCE)
    assert events[0].data["special"] and "special_turn_ended" in kinds(events)
    assert st.hands[builder] == hand and (st.current, st.phase) == ((roller + 1) % 6, Phase.ROLL_OR_CARD)


def test_elsewhere_the_turn_is_not_ended():
    st = setup(new())
    to_play(st, 7)
    with pytest.raises(IllegalAction):  # discards or the robber first
        st.apply(st.current, FORCE)
    with pytest.raises(IllegalAction):  # never another seat's turn
        st.apply((st.current + 1) % 4, FORCE)


def test_sgn_does_not_write_a_turn_the_server_ended():
    replayed = new()
    record = Record(SPEC.name, SPEC.rules_version, replayed.options, 7, [SeatInfo(f"s{i}", "bot:random") for i in range(4)])
    for node, towards in SPOTS:
        for action in (A.settlement(node), A.road(edge_between(node, towards))):
            record.entries.append(Entry(replayed.current, SPEC.encode_action(action)))
            replayed.apply(replayed.current, action)
    record.entries.append(Entry(replayed.current, SPEC.encode_action(FORCE)))
    with pytest.raises(SGNError, match="server ended"):
        SPEC.exporters["sgn"](record)

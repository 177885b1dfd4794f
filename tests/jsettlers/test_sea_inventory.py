"""The Forgotten Tribe's harbours kept for later: a client places one with
`SOCInventoryItemAction` (1098) PLAY of its negated port type; the server answers PLAYED and the
placing state (42), then the placing goes on as for a harbour placed at once; CANNOT_PLAY with a
reason when the harbour is not held or has no room (issue 29)."""

from __future__ import annotations

from tablehall.games.catan.jsettlers import parse_cmd
from tablehall.games.catan.jsettlers.game_messages import GameState, InventoryItemAction, SimpleRequest
from tablehall.games.catan.jsettlers.requests import Forward, Request, interpret, request_for
from tablehall.games.catan.jsettlers.sea_layout import port_type
from tablehall.games.catan.jsettlers.sea_narrator import SeaNarrator
from tablehall.games.catan.sea.fields import SeaPhase

from ..catan.sea_helpers import new_sea, roll, setup

GAME = "ftri"


def _holding_a_harbour():
    st = setup(new_sea(scenario="SC_FTRI"))
    roll(st, 6)
    seat = st.current
    kind = dict(st.board.harbors)[min(st.gift_harbors)]
    st.harbors_held = tuple((kind,) if s == seat else () for s in range(st.seat_count))  # as if a ship took it
    return st, seat, kind


def test_the_message_is_on_the_wire_as_documented():
    play = InventoryItemAction(GAME, 2, InventoryItemAction.PLAY, -3)
    assert play.to_cmd() == "1098|ftri,2,4,-3"
    assert parse_cmd(play.to_cmd()) == play
    refused = InventoryItemAction(GAME, 2, InventoryItemAction.CANNOT_PLAY, -3, 4)
    assert refused.to_cmd() == "1098|ftri,2,5,-3,4" and parse_cmd(refused.to_cmd()) == refused


def test_a_kept_harbour_is_played_then_placed():
    st, seat, kind = _holding_a_harbour()
    pns = tuple(range(st.seat_count))
    who = Request(seat, seat, True, pns, GAME)
    asked = InventoryItemAction(GAME, seat, InventoryItemAction.PLAY, -port_type(kind))
    assert request_for(("play_harbor", kind), who, st) == asked  # what an exported log writes
    assert interpret(asked, who, st) == Forward(("play_harbor", kind))
    narrator = SeaNarrator(GAME, pns, {pn: f"p{pn}" for pn in pns}, {pn: True for pn in pns})
    narrator.start(st)
    events = st.apply(seat, ("play_harbor", kind))
    told = [e.message for e in narrator.action(seat, ("play_harbor", kind), events, st)]
    assert told[:2] == [InventoryItemAction(GAME, seat, InventoryItemAction.PLAYED, -port_type(kind)),
                        GameState(GAME, int(SeaPhase.PLACING_INV_ITEM))]
    spot = st._harbor_spots(seat)[0]
    edge = st.layout.frame.js_edges[spot]
    placing = SimpleRequest(GAME, seat, 1001, edge, 0)
    assert interpret(placing, who, st) == Forward(("place_harbor", spot))


def test_a_harbour_not_held_or_without_room_cannot_be_played():
    st, seat, kind = _holding_a_harbour()
    who = Request(seat, seat, True, tuple(range(st.seat_count)), GAME)
    other = next(k for k in range(6) if k != kind)
    answer = interpret(InventoryItemAction(GAME, seat, InventoryItemAction.PLAY, -port_type(other)), who, st)
    assert [e.message for e in answer.entries] == [
        InventoryItemAction(GAME, seat, InventoryItemAction.CANNOT_PLAY, -port_type(other), 1)]
    for node, owner in enumerate(st.node_owner):  # no building of the seat's left on the coast
        if owner == seat:
            st.node_owner[node] = -1
    answer = interpret(InventoryItemAction(GAME, seat, InventoryItemAction.PLAY, -port_type(kind)), who, st)
    assert [e.message.reason for e in answer.entries] == [4]

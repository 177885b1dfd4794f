"""Option UB (JSettlers 2.7.00): undoing one's last build over the protocol, as the Java server
plays it: the request `UndoPutPiece`, the announcement (`UndoPutPiece` with the player, the cost
back, side effects, `GameState` even when unchanged) or the decline (`UndoPutPiece` with player
-1, after `PlayerElement(NUM_UNDOS_REMAINING, 0)` when the limit stops it).  Runs where the
engine has undo (`undo_builds`)."""

from __future__ import annotations

import asyncio

import pytest

from tablehall.games.catan.geometry import JS_EDGES
from tablehall.games.catan.jsettlers import PutPiece
from tablehall.games.catan.jsettlers.engine_rules import DEFAULT_OPTIONS, engine_options
from tablehall.games.catan.jsettlers.game_messages import UndoPutPiece

from .memory import VERSION_2700, Client, memory_service, until
from .picture import Picture
from .recorded import settle
from .test_sequences import G, Table

pytestmark = pytest.mark.skipif("undo_builds" not in DEFAULT_OPTIONS, reason="the engine has no undo yet")


def test_undo_a_road_then_nothing_left_to_undo():
    table = Table(**engine_options("UB=t,UBL=t2"))
    table.roll_to_play()
    table.hand(3, clay=1, wood=1)
    edge = table.state.road_spots(3)[0]
    table.send(3, PutPiece(G, 3, 0, JS_EDGES[edge]))
    assert table.send(3, UndoPutPiece(G, 0, 0, JS_EDGES[edge])) == [
        f"all:SOCUndoPutPiece:game={G}|playerNumber=3|pieceType=0|coord={JS_EDGES[edge]:x}",
        f"all:SOCPlayerElements:game={G}|playerNum=3|actionType=GAIN|e1=1,e5=1",
        f"all:SOCGameState:game={G}|state=20",
    ]
    assert table.state.hands[3] == [1, 0, 0, 0, 1]
    # the road is gone: nothing more to undo
    assert table.send(3, UndoPutPiece(G, 0, 0, JS_EDGES[edge])) == [
        f"p3:SOCUndoPutPiece:game={G}|playerNumber=-1|pieceType=0|coord={JS_EDGES[edge]:x}"]


def test_the_undo_limit_declines_with_the_undos_left():
    table = Table(**engine_options("UB=t,UBL=t1"))
    table.roll_to_play()
    table.hand(3, clay=2, wood=2)
    first, second = table.state.road_spots(3)[:2]
    table.send(3, PutPiece(G, 3, 0, JS_EDGES[first]))
    assert table.send(3, UndoPutPiece(G, 0, 0, JS_EDGES[first]))[0].startswith("all:SOCUndoPutPiece")
    table.send(3, PutPiece(G, 3, 0, JS_EDGES[second]))
    assert table.send(3, UndoPutPiece(G, 0, 0, JS_EDGES[second])) == [
        f"p3:SOCPlayerElement:game={G}|playerNum=3|actionType=SET|elementType=25|amount=0",
        f"p3:SOCUndoPutPiece:game={G}|playerNumber=-1|pieceType=0|coord={JS_EDGES[second]:x}"]


def test_undo_is_declined_in_a_game_without_the_option():
    table = Table()
    table.roll_to_play()
    table.hand(3, clay=1, wood=1)
    edge = table.state.road_spots(3)[0]
    table.send(3, PutPiece(G, 3, 0, JS_EDGES[edge]))
    assert table.send(3, UndoPutPiece(G, 0, 0, JS_EDGES[edge])) == [
        f"p3:SOCUndoPutPiece:game={G}|playerNumber=-1|pieceType=0|coord={JS_EDGES[edge]:x}"]


def test_a_late_joiner_is_told_every_players_undos_left():
    """The join picture of a game with an undo limit carries each player's undos left
    (`PlayerElement` NUM_UNDOS_REMAINING), as the Java server 2.7.00 sends it: a client joining
    after some undos counts from there, not from the option's value."""
    undo_limit = 3
    early, late = Picture("undos"), Picture("undos")
    for picture in (early, late):  # a client starts every player at the game's undo limit (UBL)
        for pn in range(4):
            picture.player(pn).undos = undo_limit

    async def scenario():
        service = memory_service(seed=3)
        watchers = {name: Client(service, name) for name in ("early", "late")}
        for client in watchers.values():
            client.send(VERSION_2700)
        room = service.lobby.create_bot_game("undos", f"PL=4,UB=t,UBL=t{undo_limit}", seats=4, robots=0)
        watchers["early"].send("1013|early,\t,\t,undos")
        state = room.play.match.state
        await until(lambda: sum(state.undos_left) <= 4 * undo_limit - 3 or state.is_over)
        assert not state.is_over
        at_join = state.undos_left
        watchers["late"].send("1013|late,\t,\t,undos")
        await until(lambda: room.play.finished)
        await settle()
        return watchers["early"].received(), watchers["late"].received(), at_join, state.undos_left

    early_frames, late_frames, at_join, at_end = asyncio.run(scenario())
    join = late_frames[late_frames.index("1021|undos"):late_frames.index("1013|late,\t,\t,undos")]
    assert [w for w in join if w.startswith("1024|undos,") and ",100,25," in w] == [
        f"1024|undos,{pn},100,25,{left}" for pn, left in enumerate(at_join)]
    for picture, frames in ((early, early_frames), (late, late_frames)):
        for wire in frames:
            picture.feed(wire)
    assert late.summary() == early.summary()
    assert [late.players[pn].undos for pn in range(4)] == list(at_end)

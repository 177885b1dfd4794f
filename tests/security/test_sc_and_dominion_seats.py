"""Software Challenge and Dominion: a message acts for a seat only from the connection that
holds it (issue 14).  Another connection naming a running game's room, or another seat's
label, changes nothing."""

from __future__ import annotations

import asyncio
import re

from tablehall.core.hosting import Host, MemoryTransport
from tablehall.games.blokus import SPEC as BLOKUS
from tablehall.games.dominion import SPEC as DOMINION

SC = next(s for s in BLOKUS.services if s.name == "sc")


def test_a_stranger_cannot_move_for_a_contest_player():
    async def scenario():
        host = Host(store=None, config={}, bots_threaded=False)
        service = SC.factory(host)
        one, two, stranger = (MemoryTransport(f"10.0.0.{i}:5000") for i in (1, 2, 3))
        sessions = [service.open_session(t) for t in (one, two, stranger)]
        for session in sessions[:2]:
            session.data_received(b'<protocol><join gameType="swc_2021_blokus"/>')
        for _ in range(20):
            await asyncio.sleep(0)
        room = re.search(rb'roomId="([^"]+)"', bytes(one.buffer)).group(1).decode()
        start = re.search(rb'startPiece="(\w+)"', bytes(one.buffer)).group(1).decode()
        assert b"MoveRequest" in one.buffer
        move = (f'<room roomId="{room}"><data class="setmove"><piece color="BLUE" kind="{start}" '
                f'rotation="NONE" isFlipped="false"><position x="0" y="0"/></piece></data></room>').encode()
        sessions[2].data_received(b"<protocol>" + move)
        for _ in range(20):
            await asyncio.sleep(0)
        [match] = list(host.matches)
        moved = len(match.record.entries)
        sessions[0].data_received(move)  # the same message from the player itself counts
        for _ in range(20):
            await asyncio.sleep(0)
        by_the_player = len(match.record.entries)
        await host.abort_all("test over")
        return moved, by_the_player

    moved, by_the_player = asyncio.run(scenario())
    assert moved == 0, "a connection outside the room moved for its first player"
    assert by_the_player == 1


def test_a_dominion_bot_cannot_answer_for_another_seat(tmp_path):
    """Over TCP each connection is its own seat: a reply naming another seat's label in the
    handshake is refused as a wrong handshake, and lines of one connection never reach another
    seat."""
    from tablehall.games.dominion.codec import parse_name

    assert parse_name("player player2 mallory", 0) is None  # seat 0 may not call itself player2
    assert parse_name("player player1 alice", 0) == "alice"
    assert DOMINION.services[0].name == "dominion"

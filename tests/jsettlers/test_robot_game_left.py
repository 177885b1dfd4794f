"""A robots-only game the server forms (``robot_games``) is dropped when every robot it asked
leaves before it begins (nobody to play it for), and still played, tablehall bots in the lost
robots' seats, when one of its robots stays."""

from __future__ import annotations

import asyncio
import struct

from tablehall.core.store import SqliteStore
from tablehall.server.app import Server
from tablehall.server.config import ServerConfig

from .test_loopback import COOKIE, JSETTLERS

VERSION = "9998|2700,2.7.00,JM20260517,;6pl;sb;sc=2700;"


def frame(text: str) -> bytes:
    data = text.encode()
    return struct.pack(">H", len(data)) + data


async def read_until(reader: asyncio.StreamReader, kind: str) -> list[str]:
    """Read frames until one of type `kind`; its fields."""
    while True:
        size = struct.unpack(">H", await reader.readexactly(2))[0]
        wire = (await reader.readexactly(size)).decode()
        if wire.startswith(kind + "|"):
            return wire[len(kind) + 1:].split(",")


def run(tmp_path, staying: int):
    """Two robots log in and are asked into a robots-only game of 4 seats; all but `staying` of
    them leave at once, the others join and sit.  The stored records and the games left."""
    store = SqliteStore(tmp_path / "records.sqlite")
    section = {"robot_cookie": COOKIE, "bot": "random", "seed": 5, "robot_games": 1, "robot_game_robots": 2,
               "bot_pause": 0}

    async def scenario():
        server = Server(ServerConfig(sections={"jsettlers": section}), store=store, services=[JSETTLERS])
        await server.start()
        service = server.services["jsettlers"]
        try:
            robots = [await asyncio.open_connection("127.0.0.1", server.port("jsettlers")) for _ in range(2)]
            for k, (_, writer) in enumerate(robots):
                writer.write(frame(VERSION) + frame(f"1022|left{k},{COOKIE},test.Robot"))
            invitations = [await asyncio.wait_for(read_until(reader, "1023"), 30) for reader, _ in robots]
            games = [fields[0] for fields in invitations]
            assert games[0] == games[1]
            for k, (reader, writer) in enumerate(robots):
                if k >= staying:
                    writer.close()
                else:  # joins, and sits in the seat it was asked to once the members are listed
                    writer.write(frame(f"1013|left{k},\t,\t,{games[k]}"))
                    await asyncio.wait_for(read_until(reader, "1017"), 30)
                    writer.write(frame(f"1012|{games[k]},\t,{invitations[k][1]},true"))
            for _ in range(600):
                await asyncio.sleep(0.05)
                if staying == 0 and not service.lobby.games:
                    break
                play = getattr(service.lobby.games.get(games[0]), "play", None)
                if staying and play is not None:
                    break
            return list(service.lobby.games), service.lobby.games.get(games[0])
        finally:
            await server.stop()

    return asyncio.run(scenario()), store.summaries()


def test_a_robots_only_game_whose_robots_all_left_is_dropped(tmp_path):
    (games, _), records = run(tmp_path, staying=0)
    assert games == []  # dropped before it began: no game of tablehall bots alone
    assert records == []


def test_a_robots_only_game_with_a_robot_left_is_played_with_bots_in_the_lost_seats(tmp_path):
    (games, room), _ = run(tmp_path, staying=1)
    assert room is not None and room.play is not None  # it began
    assert room.holders[0] is not None  # the robot that stayed, in its seat
    assert sorted(room.bots) == [1, 2, 3]  # the robot that left, and the two seats never asked

"""Full games over real loopback sockets (issue 5, item 5c): `tablehall serve`'s JSettlers
listener, four scripted robots speaking through the codec, records in a real SQLite store."""

from __future__ import annotations

import asyncio

from tablehall.core import replay
from tablehall.core.store import SqliteStore
from tablehall.games.catan import SPEC
from tablehall.server.app import Server
from tablehall.server.config import ServerConfig

from .scripted_robot import robot

JSETTLERS = next(s for s in SPEC.services if s.name == "jsettlers")
COOKIE = "loopback-cookie"


async def start_server(store, **section):
    section = {"robot_cookie": COOKIE, **section}
    server = Server(ServerConfig(sections={"jsettlers": section}), store=store, services=[JSETTLERS])
    await server.start()
    return server, server.port("jsettlers")


def plays_of(server):
    lobby = server.services["jsettlers"].lobby
    return lambda game: getattr(lobby.games.get(game), "play", None)


def test_four_scripted_robots_play_a_robots_only_game_tablehall_starts(tmp_path):
    store = SqliteStore(tmp_path / "records.sqlite")

    async def scenario():
        server, port = await start_server(store, robot_games=1, seed=11)
        try:
            robots = [robot(port, f"bot{i}", COOKIE, plays_of(server), seed=i) for i in range(4)]
            return await asyncio.wait_for(asyncio.gather(*robots), timeout=120)
        finally:
            await server.stop()

    outcomes = asyncio.run(scenario())
    for outcome in outcomes:
        assert outcome.logged_in and outcome.saw_game_over and outcome.deleted, outcome.name
        assert not outcome.refused, (outcome.name, outcome.refused[:3])
    summaries = store.summaries()
    assert len(summaries) == 1
    record = store.load(summaries[0].id)
    assert record.status == "finished"
    assert [s.agent for s in record.seats] == ["remote:jsettlers-robot"] * 4
    assert replay(record, SPEC).matches
    assert any(e.action[0] == "offer" for e in record.entries), "the robots traded over the wire"
    store.close()

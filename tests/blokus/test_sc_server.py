"""The SC service over real loopback sockets: hostile input, built-in bots in prepared rooms,
records of every game."""

from __future__ import annotations

import asyncio
import re

import pytest

from tablehall.core import replay
from tablehall.core.store import SqliteStore
from tablehall.games.blokus import SPEC
from tablehall.games.blokus.bots import RandomBot
from tablehall.games.blokus.sc.client import play_client
from tablehall.games.blokus.sc.xml import MAX_DEPTH, MAX_MESSAGE_BYTES
from tablehall.server.app import Server
from tablehall.server.config import ServerConfig

SC = next(s for s in SPEC.services if s.name == "sc")

BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<protocol><join gameType="&lol3;"/>"""

HOSTILE = {
    "billion laughs": BILLION_LAUGHS,
    "external entity": b'<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><protocol><join gameType="&e;"/>',
    "oversized message": b'<protocol><join gameType="' + b"x" * (MAX_MESSAGE_BYTES + 10) + b'"/>',
    "deep nesting": b"<protocol>" + b"<room>" * (MAX_DEPTH + 5),
    "invalid utf-8": b'<protocol><join gameType="\xff\xfe\xfd"/>',
    "not xml": b"GET / HTTP/1.1\r\nHost: x\r\n\r\n",
    "no protocol root": b'<join gameType="swc_2021_blokus"/>',
    "undefined entity": b'<protocol><join gameType="&nope;"/>',
    "binary": bytes(range(256)) * 8,
}


async def start_server(store, **section):
    server = Server(ServerConfig(sections={"sc": dict(section)}), store=store, services=[SC])
    await server.start()
    return server, server.port("sc")


async def hostile_client(port: int, payload: bytes) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(payload)
    await writer.drain()
    received = await asyncio.wait_for(reader.read(), timeout=5)  # until the server closes
    writer.close()
    return received


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_input_is_cut_off_and_a_running_game_is_untouched(name, tmp_path):
    store = SqliteStore(tmp_path / "records.sqlite")

    async def scenario():
        server, port = await start_server(store)
        try:
            first = asyncio.ensure_future(play_client("127.0.0.1", port, RandomBot(1)))
            await asyncio.sleep(0.05)
            second = asyncio.ensure_future(play_client("127.0.0.1", port, RandomBot(2)))
            await asyncio.sleep(0.05)  # the game runs while the attack arrives
            answer = await hostile_client(port, HOSTILE[name])
            outcomes = await asyncio.wait_for(asyncio.gather(first, second), timeout=60)
            return answer, outcomes
        finally:
            await server.stop()

    answer, outcomes = asyncio.run(scenario())
    assert b"<room" not in answer and b"joined" not in answer, "the attacker got nowhere"
    for outcome in outcomes:
        assert outcome.result is not None and not outcome.errors
    records = [store.load(s.id) for s in store.summaries()]
    assert len(records) == 1 and records[0].status == "finished"
    assert replay(records[0], SPEC).matches
    store.close()


def test_a_player_breaking_the_protocol_loses_only_its_own_game(tmp_path):
    store = SqliteStore(tmp_path / "records.sqlite")

    async def scenario():
        server, port = await start_server(store)
        try:
            good = [asyncio.ensure_future(play_client("127.0.0.1", port, RandomBot(seed))) for seed in (1, 2)]
            await asyncio.sleep(0.1)
            # a second room: one honest client and one that sends an unknown class once asked
            honest = asyncio.ensure_future(play_client("127.0.0.1", port, RandomBot(3)))
            await asyncio.sleep(0.05)
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b'<protocol><join gameType="swc_2021_blokus"/>')
            seen = b""
            while b"MoveRequest" not in seen and b"welcomeMessage" not in seen:
                seen += await reader.read(65536)
            room = re.search(rb'roomId="([^"]+)"', seen).group(1)
            await asyncio.sleep(0.2)
            writer.write(b'<room roomId="%s"><data class="foo"/></room>' % room)
            rest = await asyncio.wait_for(reader.read(), timeout=5)
            writer.close()
            return await asyncio.gather(*good), await honest, rest
        finally:
            await server.stop()

    good, honest, rest = asyncio.run(scenario())
    assert all(o.result is not None for o in good)
    assert honest.result is not None
    assert b'cause="LEFT"' in _render(honest.result)
    assert b'class="error"' not in rest and b'class="result"' not in rest and b"<left" not in rest, \
        "a protocol error is answered by silence, as the contest does"
    statuses = sorted(store.load(s.id).status for s in store.summaries())
    assert statuses == ["finished", "finished"]
    store.close()


def _render(node) -> bytes:
    from tablehall.games.blokus.sc.xml import render

    return render(node).encode()


def test_prepared_room_with_a_built_in_bot_slot(tmp_path):
    store = SqliteStore(tmp_path / "records.sqlite")

    async def scenario():
        server, port = await start_server(store)
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b'<protocol><authenticate password="examplepassword"/>'
                         b'<prepare gameType="swc_2021_blokus" pause="false">'
                         b'<slot displayName="contestant" canTimeout="true" reserved="true"/>'
                         b'<slot displayName="tablehall" bot="strong"/></prepare>')
            prepared = b""
            while b"</prepared>" not in prepared:
                prepared += await reader.read(65536)
            codes = re.findall(rb"<reservation>([^<]+)</reservation>", prepared)
            assert len(codes) == 1, "only the human slot needs a reservation"
            writer.write(b'<observe roomId="%s"/>' % re.search(rb'roomId="([^"]+)"', prepared).group(1))
            outcome = await play_client("127.0.0.1", port, RandomBot(5),
                                        join=b'<joinPrepared reservationCode="%s"/>' % codes[0])
            watched = b""
            while b"<left " not in watched:
                watched += await asyncio.wait_for(reader.read(65536), timeout=10)
            writer.close()
            return outcome, watched
        finally:
            await server.stop()

    outcome, watched = asyncio.run(scenario())
    assert outcome.team == 0 and outcome.result is not None
    assert watched.count(b'class="memento"') >= 2 and b'class="result"' in watched
    record = store.load(store.summaries()[0].id)
    assert [s.agent for s in record.seats] == ["remote:sc", "bot:strong"]
    assert record.result.winners == [1], "the strong bot beats a random client"
    store.close()


def test_admin_password_from_config_and_builtin_default_only_on_loopback(tmp_path):
    from tablehall.core.hosting import Host, MemoryTransport

    host = Host(None, {}, admin_password=None)
    assert host.admin_allowed("examplepassword", MemoryTransport("127.0.0.1:5000"))
    assert not host.admin_allowed("examplepassword", MemoryTransport("10.1.2.3:5000"))
    configured = Host(None, {}, admin_password="s3cret")
    assert configured.admin_allowed("s3cret", MemoryTransport("10.1.2.3:5000"))
    assert not configured.admin_allowed("examplepassword", MemoryTransport("127.0.0.1:5000"))

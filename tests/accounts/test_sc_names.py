"""One identity over the contest protocol: its clients never name themselves (slots are named
by the admin's `<prepare>` or by the table that holds them), so an account's name is refused to
a prepared slot: the admin's contest tools cannot hand it to whoever gets the reservation code."""

from __future__ import annotations

import asyncio

from tablehall.games.blokus import SPEC
from tablehall.server.app import Server
from tablehall.server.config import ServerConfig

SC = next(s for s in SPEC.services if s.name == "sc")


def prepare(store, slot_name: str) -> bytes:
    async def scenario():
        server = Server(ServerConfig(), store=store, services=[SC])
        await server.start()
        try:
            server.accounts.book.add_person("Vera", "a long password")
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port("sc"))
            writer.write(b'<protocol><authenticate password="examplepassword"/>'
                         b'<prepare gameType="swc_2021_blokus" pause="false">'
                         b'<slot displayName="%s" canTimeout="true" reserved="true"/>'
                         b'<slot displayName="tablehall" bot="strong"/></prepare>' % slot_name.encode())
            answer = b""
            while b"</prepared>" not in answer and b"errorpacket" not in answer:
                answer += await asyncio.wait_for(reader.read(65536), timeout=60)
            writer.close()
            return answer
        finally:
            await server.stop()

    return asyncio.run(scenario())


def test_an_accounts_name_is_refused_to_a_prepared_slot(store):
    refused = prepare(store, "vera")
    assert b"errorpacket" in refused and b"registered to an account" in refused and b"</prepared>" not in refused


def test_other_names_are_prepared_as_before(store):
    assert b"<reservation>" in prepare(store, "contestant")

"""The TCP service on a real loopback listener: bots connect, join, are matched and play; bad
clients are refused or disqualified without stalling anyone else.  Records land in SQLite."""

import asyncio
import sys

from tablehall.core import EndCause
from tablehall.core.hosting import Host, Transport
from tablehall.core.store import SqliteStore
from tablehall.games.dominion import SPEC

from .conftest import EXAMPLES


class StreamTransport(Transport):
    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        host, port = writer.get_extra_info("peername")[:2]
        self.peer = f"{host}:{port}"

    def write(self, data: bytes) -> None:
        if not self.writer.is_closing():
            self.writer.write(data)

    def close(self) -> None:
        self.writer.close()

    @property
    def is_closing(self) -> bool:
        return self.writer.is_closing()


class Server:
    """The Dominion service behind a real `asyncio.start_server` on 127.0.0.1, port 0."""

    def __init__(self, tmp_path, **config):
        self.store = SqliteStore(tmp_path / "records.sqlite")
        self.host = Host(store=self.store, config={"seed": 7, "reply_timeout": 5, **config})
        self.service = SPEC.services[0].factory(self.host)

    async def __aenter__(self):
        async def handle(reader, writer):
            session = self.service.open_session(StreamTransport(writer))
            try:
                while data := await reader.read(65536):
                    session.data_received(data)
            except ConnectionError:
                pass
            session.connection_lost()

        self.server = await asyncio.start_server(handle, "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *exc):
        await self.host.abort_all("test over")
        self.server.close()

    async def records(self, count, timeout=30):
        """Wait until `count` games are stored."""
        async def wait():
            while len(self.store.summaries()) < count:
                await asyncio.sleep(0.05)
        await asyncio.wait_for(wait(), timeout)
        return [self.store.load(s.id) for s in self.store.summaries()]


async def example_client(port, name, *join):
    process = await asyncio.create_subprocess_exec(
        sys.executable, str(EXAMPLES / f"{name}.py"), "--connect", f"127.0.0.1:{port}", "--join", *join)
    return process


async def read_lines(reader, until, limit=5000):
    lines = []
    for _ in range(limit):
        raw = await asyncio.wait_for(reader.readline(), 10)
        if not raw:
            break
        lines.append(raw.decode().rstrip("\n"))
        if lines[-1].startswith(until):
            break
    return lines


def test_two_example_bots_meet_over_tcp_and_the_game_is_stored(tmp_path):
    async def scenario():
        async with Server(tmp_path) as server:
            clients = [await example_client(server.port, "engine", "any"),
                       await example_client(server.port, "smithy", "any")]
            records = await server.records(1)
            codes = [await asyncio.wait_for(c.wait(), 10) for c in clients]
            return records, codes

    records, codes = asyncio.run(scenario())
    record = records[0]
    assert codes == [0, 0]  # both read game-end and left
    assert record.status == "finished" and not any(e.forfeit for e in record.entries)
    assert [s.agent for s in record.seats] == ["remote:dominion", "remote:dominion"]
    assert sorted(s.name for s in record.seats) == ["engine", "smithy"]  # their handshake names, not peers


def test_a_bot_joins_against_built_in_bots(tmp_path):
    async def scenario():
        async with Server(tmp_path) as server:
            client = await example_client(server.port, "bigmoney", "smithy", "engine")
            records = await server.records(1)
            await asyncio.wait_for(client.wait(), 10)
            return records[0]

    record = asyncio.run(scenario())
    assert len(record.seats) == 3
    assert sorted(s.agent for s in record.seats) == ["bot:engine", "bot:smithy", "remote:dominion"]
    assert record.status == "finished"


def test_a_silent_bot_joins_the_default_game_after_the_grace(tmp_path):
    async def scenario():
        async with Server(tmp_path, join_grace=0.2, default_join="bigmoney") as server:
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            first = await asyncio.wait_for(reader.readline(), 5)
            writer.close()
            return first.decode(), await server.records(1)

    first, records = asyncio.run(scenario())
    assert first.startswith("player player") and first.endswith(" name\n")
    record = records[0]
    remote = [seat for seat, info in enumerate(record.seats) if info.agent == "remote:dominion"]
    assert len(remote) == 1 and len(record.seats) == 2
    assert record.result.seats[remote[0]].cause is EndCause.DISQUALIFIED  # it hung up at the handshake


def test_a_bot_that_never_answers_the_handshake_is_disqualified_after_twice_the_reply_limit(tmp_path):
    async def scenario():
        async with Server(tmp_path, reply_timeout=0.3) as server:
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(b"join bigmoney\n")
            first = await asyncio.wait_for(reader.readline(), 5)
            told = await asyncio.wait_for(reader.read(), 10)  # then nothing but its disqualification
            records = await server.records(1)
            writer.close()
            return first.decode(), told.decode(), records[0]

    first, told, record = asyncio.run(scenario())
    assert first.startswith("player player") and first.endswith(" name\n")
    seat = next(seat for seat, info in enumerate(record.seats) if info.agent == "remote:dominion")
    assert told == f"player{seat + 1} disqualified\n"
    assert record.result.seats[seat].cause is EndCause.DISQUALIFIED
    forfeit = next(entry for entry in record.entries if entry.forfeit)
    assert forfeit.seat == seat and "no handshake within 0.6 s" in forfeit.reason


def test_bad_join_lines_are_refused(tmp_path):
    async def scenario():
        answers = []
        async with Server(tmp_path) as server:
            for line in (b"join dragon\n", b"join\n", b"join any any any any\n", b"hello\n"):
                reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
                writer.write(line)
                answers.append((await reader.readline()).decode())
                answers.append(await reader.read())  # then closed
                writer.close()
        return answers

    answers = asyncio.run(scenario())
    assert answers[0].startswith("error unknown opponent 'dragon'")
    assert answers[2].startswith("error join names 1 to 3 opponents")
    assert answers[4].startswith("error join names 1 to 3 opponents")
    assert answers[6].startswith("error the first line must be: join")
    assert answers[1::2] == [b""] * 4


def test_chatter_while_waiting_for_a_game_is_flooding(tmp_path):
    async def scenario():
        async with Server(tmp_path) as server:
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(b"join any\n" + b"are we there yet\n" * 20)
            rest = await asyncio.wait_for(reader.read(), 5)  # closed without a game
            waiting = sum(len(pool) for pool in server.service.pools.values())
            writer.close()
            return rest, waiting

    assert asyncio.run(scenario()) == (b"", 0)


def handshake(reader, writer):
    async def run():
        name = (await reader.readline()).decode().split()
        writer.write(f"player {name[1]} raw\n".encode())
        version = await reader.readline()
        writer.write(version)
        return name[1]
    return run()


async def closed_by_server(reader):
    """Read until the server closes (a reset counts: it closed with our flood unread)."""
    try:
        while await asyncio.wait_for(reader.read(65536), 10):
            pass
    except ConnectionResetError:
        pass
    return True


def test_flooding_or_vanishing_over_tcp_disqualifies_only_that_bot(tmp_path):
    async def scenario():
        async with Server(tmp_path) as server:
            outcomes = []
            for misdeed in ("flood", "megabytes", "hang up"):
                reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
                writer.write(b"join bigmoney\n")
                await handshake(reader, writer)
                lines = await read_lines(reader, "play-request")
                if misdeed == "flood":
                    writer.write(b"play-reply pass\n" * 3000)
                elif misdeed == "megabytes":
                    writer.write(b"y" * 2_000_000)
                else:
                    writer.close()
                ended = await closed_by_server(reader) if misdeed != "hang up" else True
                outcomes.append((lines, ended))
            return outcomes, await server.records(3)

    outcomes, records = asyncio.run(scenario())
    for lines, ended in outcomes:
        assert lines[0].startswith("game kingdom-cards") and ended
    for record in records:
        causes = [s.cause for s in record.result.seats]
        assert EndCause.DISQUALIFIED in causes and record.status == "finished"


def test_a_hanging_tcp_bot_does_not_stall_other_games(tmp_path):
    async def scenario():
        async with Server(tmp_path, reply_timeout=5) as server:
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(b"join bigmoney\n")
            await handshake(reader, writer)  # then never answers a request
            client = await example_client(server.port, "bigmoney", "engine")
            await asyncio.wait_for(client.wait(), 15)
            quick = await server.records(1)
            hanging_still_running = len(server.host.matches) == 1
            records = await server.records(2)
            writer.close()
            return quick, hanging_still_running, records

    quick, hanging_still_running, records = asyncio.run(scenario())
    assert len(quick) == 1 and not any(e.forfeit for e in quick[0].entries)  # finished first
    assert hanging_still_running
    assert len(records) == 2
    assert any(s.cause is EndCause.DISQUALIFIED for r in records for s in r.result.seats)

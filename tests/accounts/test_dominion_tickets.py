"""One identity over the Dominion protocol, which carries no password: a bot with a token buys
a seat ticket and plays a rated game over TCP under its account's name (a real server, the
example bot as a subprocess, SQLite and PostgreSQL); without a ticket its name is refused."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from tablehall.core.match import MatchListener
from tests.server.test_tables import run as run_server

REPO = Path(__file__).resolve().parents[2]


def run(store, scenario):
    return run_server(store, "dominion", scenario)


class Ended(MatchListener):
    """A listener every Dominion match gets: the records of the games that end, in order."""

    def __init__(self, server) -> None:
        self.records: asyncio.Queue = asyncio.Queue()
        server.hosts["dominion"].listeners.append(self)

    def on_end(self, match, record) -> None:
        self.records.put_nowait(record)


async def lines_until_closed(reader) -> list[str]:
    lines = []
    while line := await reader.readline():
        lines.append(line.decode().strip())
    return lines


def test_a_bot_with_a_token_plays_a_rated_game_over_tcp(store):
    async def scenario(server):
        accounts = server.accounts
        owner = accounts.book.add_person("rita", "a long password")
        bot = accounts.book.add_bot(owner, "ritabot")
        token = accounts.bots.new_token(bot, "tests")
        ticket = accounts.bots.ticket_for_token(token, "dominion", rated=True)
        port, ended = server.port("dominion"), Ended(server)
        process = await asyncio.create_subprocess_exec(
            sys.executable, "examples/dominion/bigmoney.py", "--connect", f"127.0.0.1:{port}",
            "--join", "bigmoney", "ticket", ticket.ticket, cwd=REPO, stderr=asyncio.subprocess.PIPE)
        record = await ended.records.get()
        _, err = await process.communicate()
        assert process.returncode == 0, err.decode()[-2000:]
        # the same ticket again: spent
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(f"join bigmoney ticket {ticket.ticket}\n".encode())
        again = await lines_until_closed(reader)
        writer.close()
        return accounts, bot, record, again

    accounts, bot, record, again = run(store, scenario)
    assert record.status == "finished" and record.rated
    assert sorted(seat.name for seat in record.seats) == ["bigmoney", "ritabot"]
    changes = {change.player: change for change in accounts.ratings.changes(record.id)}
    assert set(changes) == {bot.id, "bot:bigmoney"}
    assert accounts.ratings.of(bot.id)["dominion"].games == 1
    mine = changes[bot.id]
    assert mine.deviation < 350 and (mine.after > 1500) == (mine.score == 1.0) and (mine.after < 1500) == (mine.score == 0)
    assert store.load(record.id).rated
    assert again == ["error the seat ticket is unknown, used or expired"]


def test_a_registered_name_is_refused_to_a_bot_without_its_ticket_and_guests_play_casual(store):
    async def handshake_as(port: int, name: str) -> list[str]:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"join bigmoney\n")
        lines = []
        while line := (await reader.readline()).decode().strip():
            lines.append(line)
            words = line.split()
            if words[0] == "player" and words[2:] == ["name"]:
                writer.write(f"player {words[1]} {name}\n".encode())
            elif words[0] == "player" and words[2:] == ["version", "1"]:
                writer.write(f"{line}\n".encode())
            elif words[0] == "play-request":
                writer.write(b"play-reply pass\n")
            if "disqualified" in words or words[0] == "game-end":
                break
        writer.close()
        return lines

    async def scenario(server):
        server.accounts.book.add_bot(server.accounts.book.add_person("sid", "a long password"), "sidbot")
        port, ended = server.port("dominion"), Ended(server)
        lines = await handshake_as(port, "SidBot")
        record = await ended.records.get()
        guest = await handshake_as(port, "visitor")
        return lines, record, guest, await ended.records.get()

    lines, record, guest_lines, casual = run(store, scenario)
    assert lines[-1].endswith("disqualified")
    [forfeit] = [e for e in record.entries if e.forfeit is not None]
    assert "the name 'SidBot' is registered" in forfeit.reason
    assert not record.rated
    assert guest_lines[-1].startswith("game-end") and "visitor" in [s.name for s in casual.seats]
    assert not casual.rated and casual.status == "finished"

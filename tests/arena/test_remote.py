"""Remote entrants: clients that connect to the arena's listeners over the game's protocol and
are seated by login name (`remote:NAME`) through the server's tables: a JSettlers robot in a
Catan tournament, and Dominion TCP bots against `tablehall arena` run as a real process."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import time

from tablehall.arena.entrants import parse_entrants
from tablehall.arena.remote import run_remote
from tablehall.arena.tournament import Settings, Tournament
from tablehall.core import replay
from tablehall.core.registry import get_game
from tablehall.core.store import SqliteStore
from tablehall.server.config import ServerConfig

from .conftest import EXAMPLES, REPO

COOKIE = "arena-cookie"
LIMIT = 300  # a last guard: every wait ends on an event


def test_a_jsettlers_robot_plays_a_catan_tournament_under_its_login_name(tmp_path):
    from tests.jsettlers.scripted_robot import robot

    spec = get_game("catan")
    settings = Settings("catan", parse_entrants(spec, ["remote:robo", "strong", "random"]), seats=3, games=6, seed=3)
    store = SqliteStore(tmp_path / "arena.sqlite")
    tournament = Tournament(settings, store)
    config = ServerConfig(sections={"jsettlers": {"robot_cookie": COOKIE}})
    said: list[str] = []

    async def main():
        listening = asyncio.get_running_loop().create_future()
        arena = asyncio.ensure_future(run_remote(tournament, config, announce=said.append,
                                                 ready=listening.set_result))
        server = await listening
        lobby = server.services["jsettlers"].lobby
        oracle = lambda game: getattr(lobby.games.get(game), "play", None)  # noqa: E731
        port = server.port("jsettlers")

        async def the_robot():  # one connection per game, as long as the arena wants one
            games = []
            while True:
                games.append(await robot(port, "robo", COOKIE, oracle, seed=len(games)))

        client = asyncio.ensure_future(the_robot())
        try:
            return await asyncio.wait_for(arena, LIMIT)
        finally:
            client.cancel()

    try:
        doc = asyncio.run(main())
        assert doc["status"] == "finished" and doc["games_played"] == 6 and doc["aborted"] == 0
        assert any("waiting for robo" in line for line in said)
        row = next(r for r in doc["standings"] if r["label"] == "robo")
        assert row["games"] == 6 and row["rating"]["sigma"] > 0
        for game in doc["games"]:
            record = store.load(game["record"])
            seat = game["seats"].index("robo")
            assert record.seats[seat].agent == "remote:jsettlers-robot" and record.seats[seat].name == "robo"
            assert record.digest() == game["digest"] and replay(record, spec).matches
        stored, rows = store.load_tournament(doc["id"])
        assert stored["standings"] == doc["standings"] and len(rows) == 6
    finally:
        store.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_dominion_tcp_bots_named_in_a_tournament_run_as_a_process(tmp_path):
    """`tablehall arena dominion --entrants remote:alice,bigmoney` waits for a bot that says
    `join table TICKET`, alice's secret ticket the arena prints (issue 26: not her name); the bot
    (examples/dominion/smithy.py) connects again for every game."""
    port = free_port()
    target = tmp_path / "t.json"
    arena = subprocess.Popen([sys.executable, "-m", "tablehall.cli", "arena", "dominion", "--entrants",
                              "remote:alice,bigmoney", "--games", "4", "--seed", "6", "--port", str(port),
                              "--set", "dominion.join_grace=30", "--db", str(tmp_path / "db.sqlite"),
                              "--json", str(target), "--quiet"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
                             env={**os.environ, "PYTHONPATH": str(REPO)})
    try:
        waiting = ""
        while "waiting for alice" not in waiting:  # the arena says how to connect
            line = arena.stderr.readline()
            assert line, "the arena ended before it listened"
            waiting = line
        assert f"--connect 127.0.0.1:{port} --join table " in waiting and "--join table alice" not in waiting
        ticket = waiting.split("--join table ")[1].split()[0]
        played = 0
        deadline = time.monotonic() + LIMIT
        while arena.poll() is None and time.monotonic() < deadline:
            bot = subprocess.run([sys.executable, str(EXAMPLES / "dominion" / "smithy.py"), "--connect",
                                  f"127.0.0.1:{port}", "--join", "table", ticket],
                                 capture_output=True, text=True, timeout=LIMIT)
            played += bot.returncode == 0
        out, err = arena.communicate(timeout=LIMIT)
    finally:
        if arena.poll() is None:
            arena.kill()
    assert arena.returncode == 0, err
    doc = json.loads(target.read_text())
    assert doc["games_played"] == 4 and doc["aborted"] == 0 and played >= 4
    alice = next(r for r in doc["standings"] if r["label"] == "alice")
    assert alice["games"] == 4 and alice["forfeits"] == 0
    assert "alice" in out and "rating mu" in out


def test_contest_clients_and_renaissance_clients_as_remote_entrants(tmp_path):
    """A Blokus entrant is a contest client joining with each game's reservation code (the
    arena prints one per game); a Renaissance entrant is a client that logs in under its name and
    the ticket the arena prints once (issue 26)."""
    store = SqliteStore(tmp_path / "arena.sqlite")

    async def tournament_of(game, entrants, client_argv):
        spec = get_game(game)
        settings = Settings(game, parse_entrants(spec, entrants), seats=2, games=2, seed=4)
        said: asyncio.Queue[str] = asyncio.Queue()
        listening = asyncio.get_running_loop().create_future()
        arena = asyncio.ensure_future(run_remote(Tournament(settings, store), ServerConfig(),
                                                 announce=said.put_nowait, ready=listening.set_result))
        server = await listening
        port = next(l.port for l in server.listening)

        async def clients():
            while True:
                line = await said.get()
                if "waiting for" in line:
                    argv = client_argv(port, line)
                    process = await asyncio.create_subprocess_exec(sys.executable, *argv, cwd=REPO,
                                                                   stdout=asyncio.subprocess.DEVNULL,
                                                                   stderr=asyncio.subprocess.DEVNULL)
                    try:
                        await process.wait()
                    finally:  # the tournament is over: a client still waiting is not needed
                        if process.returncode is None:
                            process.kill()
                            await process.wait()
                    if "--reservation" not in argv:  # a name seat: connect again for the next game
                        said.put_nowait(line)

        runner = asyncio.ensure_future(clients())
        try:
            return await asyncio.wait_for(arena, LIMIT)
        finally:
            runner.cancel()

    def contest_client(port, line):
        code = line.split("--reservation ")[1].split()[0]
        return [str(EXAMPLES / "blokus" / "client.py"), "--port", str(port), "--reservation", code]

    def renaissance_client(port, line):
        ticket = line.split("--ticket ")[1].split()[0]
        return [str(EXAMPLES / "renaissance" / "random_client.py"), "127.0.0.1", str(port), "ana", "--ticket", ticket]

    try:
        blokus = asyncio.run(tournament_of("blokus", ["remote:team-a", "random"], contest_client))
        renaissance = asyncio.run(tournament_of("renaissance", ["remote:ana", "greedy"], renaissance_client))
        for doc, agent in ((blokus, "remote:sc"), (renaissance, "remote:renaissance")):
            assert doc["status"] == "finished" and doc["games_played"] == 2 and doc["aborted"] == 0
            remote = doc["entrants"][0]["label"]
            for game in doc["games"]:
                record = store.load(game["record"])
                assert record.seats[game["seats"].index(remote)].agent == agent
    finally:
        store.close()

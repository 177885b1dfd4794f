"""Bots through the kernel's match runner and the command line; records replay; the same
seeded game gives the same digest in separate processes; `tablehall serve` as a process."""

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tablehall.cli import main as cli_main
from tablehall.core import BotAgent, Match, replay
from tablehall.core.registry import game_names, get_game
from tablehall.core.rng import derive_seed
from tablehall.core.store import SqliteStore
from tablehall.games.renaissance import SPEC, GreedyBot, RandomBot

REPO = Path(__file__).resolve().parents[2]


def bots(names, seed):
    return [BotAgent(SPEC.bots[name](derive_seed(seed, seat)), name=name) for seat, name in enumerate(names)]


@pytest.mark.parametrize("names", [["greedy"], ["random"], ["greedy", "random"], ["random", "greedy", "random"],
                                   ["greedy", "greedy", "random", "random"]])
def test_bots_play_whole_games_that_replay(names):
    record = asyncio.run(Match(SPEC, bots(names, 7), seed=7).run())
    assert record.status == "finished" and len(record.entries) > 20
    report = replay(record, SPEC)
    assert report.matches and report.result.to_json() == record.result.to_json()


def test_play_command_with_renaissance_bots(capsys):
    assert cli_main(["play", "renaissance", "--seats", "greedy,random", "--games", "4", "--rotate",
                     "--quiet"]) == 0
    table = capsys.readouterr().out
    greedy = next(line for line in table.splitlines() if line.startswith("greedy"))
    assert greedy.split()[1:3] == ["4", "4"]  # 4 games, 4 wins


DIGEST_SCRIPT = """
import asyncio, sys
from tablehall.core import BotAgent, Match
from tablehall.games.renaissance import SPEC, GreedyBot, RandomBot
seats = [GreedyBot(1), RandomBot(2), GreedyBot(3), RandomBot(4)][:int(sys.argv[1])]
record = asyncio.run(Match(SPEC, [BotAgent(b) for b in seats], seed=int(sys.argv[2])).run())
print(record.digest(), len(record.entries))
"""


@pytest.mark.parametrize("seats", [1, 4])
def test_same_game_same_digest_in_two_processes(seats):
    outputs = []
    for hash_seed in ("1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(REPO)}
        done = subprocess.run([sys.executable, "-c", DIGEST_SCRIPT, str(seats), "99"], env=env,
                              capture_output=True, text=True, timeout=120, check=True)
        outputs.append(done.stdout.strip())
    assert outputs[0] == outputs[1]
    record = asyncio.run(Match(SPEC, [BotAgent(b) for b in [GreedyBot(1), RandomBot(2), GreedyBot(3),
                                                             RandomBot(4)][:seats]], seed=99).run())
    assert outputs[0] == f"{record.digest()} {len(record.entries)}"


def test_tablehall_serve_runs_the_service(tmp_path):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    off = [arg for name in game_names() for service in get_game(name).services if service.name != "renaissance"
           for arg in (f"--{service.name}-port", "0")] + ["--http-port", "0"]
    db = tmp_path / "records.sqlite"
    server = subprocess.Popen([sys.executable, "-m", "tablehall.cli", "serve", "--db", str(db),
                               "--renaissance-port", str(port), *off, "--http-port", "0",
                               "--set", "renaissance.seed=5"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=tmp_path,
                              env={**os.environ, "PYTHONPATH": str(REPO)})
    try:
        deadline = time.monotonic() + 20
        while f"127.0.0.1:{port}" not in server.stdout.readline():
            assert time.monotonic() < deadline and server.poll() is None, "server did not start"
        client = subprocess.run([sys.executable, str(REPO / "examples" / "renaissance" / "random_client.py"),
                                 "127.0.0.1", str(port), "walker"], capture_output=True, text=True, timeout=60)
        assert client.returncode == 0, client.stderr
        assert '"winner"' in client.stdout
    finally:
        server.send_signal(signal.SIGTERM)
        assert server.wait(20) == 0
    store = SqliteStore(db)
    try:
        summaries = store.summaries("renaissance")
        assert [s.status for s in summaries] == ["finished"]
        assert replay(store.load(summaries[0].id), SPEC).matches
    finally:
        store.close()


@pytest.mark.slow
def test_greedy_beats_random_in_at_least_90_percent_of_500_games():
    wins = 0
    for game in range(500):
        greedy_seat = game % 2
        agents = [BotAgent(RandomBot(derive_seed(game, "random"))), BotAgent(RandomBot(0))]
        agents[greedy_seat] = BotAgent(GreedyBot(derive_seed(game, "greedy")))
        record = asyncio.run(Match(SPEC, agents, seed=game).run())
        wins += record.result.winners == [greedy_seat]
    print(f"greedy won {wins}/500 two-player games against random ({wins / 5:.1f} %)")
    assert wins >= 450

"""`tablehall bench journal`: what the journal of live games costs on each server path.

The same workloads against two servers in turns: this tree with its journal off (config
``journal = false``) and on, or (`--before TREE`) a tree without the journal against this one:
contest XML, Dominion and JSettlers clients in other processes (`bench server`'s load clients,
one match at a time and `--matches` at once), the example Renaissance client's solo games, and
bot games started over the web hall's API.  Each row is the server's CPU time per action it
recorded; the rounds take turns, and the ratio after/before is given per round as a median and
a range.  Figures, never a test: see docs/benchmarks.md, "Journal".
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Callable

from .load.process import ServerProcess, free_port
from .server import SERVER_CONFIGS, run_level

REPO = Path(__file__).resolve().parents[2]
#: the web hall's quota of games an address starts per minute, raised for the bench's many
WEB_CONFIG = "[limits]\ngames_per_minute = 100000\n"
PATHS = ("sc", "dominion", "jsettlers", "renaissance", "web")
GAME_OF = {"sc": "blokus", "dominion": "dominion", "jsettlers": "catan", "renaissance": "renaissance",
           "web": "dominion"}


def cpu_per_action(server: ServerProcess, game: str, workload: Callable[[], None]) -> tuple[float, int]:
    """(server CPU ms per action recorded, actions) over `workload` (the load clients' rows:
    `run_level`, which counts the same way)."""
    server.recorded_actions(game)  # what the warm-up stored is not counted
    before = server.cpu()
    workload()
    cpu = server.cpu() - before
    _, actions = server.recorded_actions(game) or (0, 0)
    return (1000 * cpu / actions if actions else float("nan")), actions


def commit_cost(commits: int = 300) -> tuple[float, float]:
    """CPU µs of one journal transaction (a game's batch of four actions) in a scratch SQLite
    store: back to back, and spaced 10 ms apart as a server's are (the caches gone cold)."""
    import tempfile

    from ..core.store import SqliteStore

    body = json.dumps({"actions": [[0, ["place", 1, 2, 3]]] * 4, "ms": [1] * 4}, separators=(",", ":"))
    with tempfile.TemporaryDirectory(prefix="tablehall-commits-") as scratch:
        store = SqliteStore(str(Path(scratch) / "records.sqlite"))
        store.write_journal([("g", "blokus", "running", "1", "", "a, b", "sc", "{}")])
        started = time.process_time()
        for seq in range(commits):
            store.write_journal([], [("g", seq, body)])
        back_to_back = (time.process_time() - started) / commits
        spaced = 0.0
        for seq in range(commits, 2 * commits):
            time.sleep(0.01)
            started = time.process_time()
            store.write_journal([], [("g", seq, body)])
            spaced += time.process_time() - started
        store.close()
    return 1e6 * back_to_back, 1e6 * spaced / commits


def renaissance_games(server: ServerProcess, games: int, at_once: int = 2) -> None:
    """`games` solo games of the example random client, `at_once` clients at a time."""
    client = str(REPO / "examples" / "renaissance" / "random_client.py")
    port = str(server.ports["renaissance"])
    for first in range(0, games, at_once):
        running = [subprocess.Popen([sys.executable, client, "127.0.0.1", port, f"bench{n}", "--seed", str(n)],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                   for n in range(first, min(games, first + at_once))]
        for process in running:
            process.wait(600)


def web_games(server: ServerProcess, http: int, games: int, at_once: int = 2) -> None:
    """`games` Dominion games of two built-in bots started over the web hall's API, unpaced,
    `at_once` at a time; waits for each batch's records."""
    url = f"http://127.0.0.1:{http}/api/games/new"
    stored = _stored_games(server, "dominion")
    for first in range(0, games, at_once):
        batch = min(games, first + at_once) - first
        for n in range(first, first + batch):
            body = {"game": "dominion", "seats": ["bigmoney", "bigmoney"], "name": "bench", "seed": n, "pace": 0}
            request = urllib.request.Request(url, method="POST", data=json.dumps(body).encode())
            urllib.request.urlopen(request, timeout=60).read()
        stored += batch
        deadline = time.monotonic() + 600
        while _stored_games(server, "dominion") < stored and time.monotonic() < deadline:
            time.sleep(0.05)


def _wait_http(port: int, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/server", timeout=10).read()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def _stored_games(server: ServerProcess, game: str) -> int:
    import sqlite3

    with sqlite3.connect(f"file:{server.db}?mode=ro", uri=True, timeout=30) as db:
        return db.execute("SELECT count(*) FROM records WHERE game = ?", (game,)).fetchone()[0]


def measure_path(path: str, tree: str, journal: bool, args: argparse.Namespace) -> dict[str, float]:
    """One server of `tree` for `path` (`journal`: on, or off by its config): a warm-up, then
    each row's CPU ms per action."""
    game = GAME_OF[path]
    top = "" if journal else "journal = false\n"  # a top-level key: before any section
    if path == "web":
        http = free_port()
        server = ServerProcess("sc", extra=["--http-port", str(http)], pythonpath=tree,  # the web hall's port too
                               config=top + WEB_CONFIG)
        _wait_http(http)
    else:
        server = ServerProcess(path, pythonpath=tree, config=top + SERVER_CONFIGS.get(path, ""))
    rows: dict[str, float] = {}
    try:
        if path == "renaissance":
            renaissance_games(server, 2)
            rows["solo games"], _ = cpu_per_action(server, game, lambda: renaissance_games(server, args.games))
        elif path == "web":
            web_games(server, http, 2)
            rows["bot games"], _ = cpu_per_action(server, game, lambda: web_games(server, http, args.games))
        else:
            run_level(server, path, 1, 1.0, 1)  # warm-up
            rows["one match"] = run_level(server, path, 1, args.seconds, 1).cpu_per_move_ms
            rows[f"{args.matches} matches"] = run_level(server, path, args.matches, args.seconds, 2).cpu_per_move_ms
    finally:
        server.stop()
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tablehall bench journal", description=__doc__.splitlines()[0])
    parser.add_argument("--before", help="a tree without the journal (its tablehall/ is imported); default: "
                        "this tree with its journal off")
    parser.add_argument("--paths", default=",".join(PATHS), help=f"comma-separated, of {', '.join(PATHS)}")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds per row of the load clients")
    parser.add_argument("--matches", type=int, default=10, help="matches at once in the second row")
    parser.add_argument("--games", type=int, default=10, help="Renaissance and web games per row")
    args = parser.parse_args(argv)
    paths = [p.strip() for p in args.paths.split(",") if p.strip()]
    trees = {"before": (args.before or str(REPO), args.before is not None), "after": (str(REPO), True)}
    back_to_back, spaced = commit_cost()
    print(f"a journal transaction: {back_to_back:.0f} µs CPU back to back, {spaced:.0f} µs spaced 10 ms apart",
          flush=True)
    seen: dict[tuple[str, str, str], list[float]] = {}
    for turn in range(args.rounds):
        for path in paths:
            for label, (tree, journal) in trees.items():
                for row, value in measure_path(path, tree, journal, args).items():
                    seen.setdefault((path, row, label), []).append(value)
                    print(f"round {turn + 1} {path:<12} {row:<12} {label:<6} {value:.3f} ms/action", flush=True)
    print("\nserver CPU ms per action: before, after (medians over the rounds); after/before per round: "
          "median (lowest-highest)")
    for path in paths:
        for row in sorted({r for p, r, _ in seen if p == path}):
            before, after = seen[(path, row, "before")], seen[(path, row, "after")]
            ratios = [a / b for a, b in zip(after, before) if b > 0] or [float("nan")]
            print(f"  {path:<12} {row:<12} {statistics.median(before):.3f}  {statistics.median(after):.3f}  "
                  f"{statistics.median(ratios):.3f} ({min(ratios):.3f}-{max(ratios):.3f})")
    return 0

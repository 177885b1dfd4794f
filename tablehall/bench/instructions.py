"""`tablehall bench instructions`: instructions (callgrind) of a server path or of `tablehall play`,
for side-by-side budgets between two trees (``--tree``: the tablehall checkout to measure; the load
clients and the interpreter are this one's, so both trees meet the same clients).

* ``server PROTOCOL``: `tablehall serve` under callgrind, instrumentation on after one warm-up
  game, then GAMES games of the load clients one after the other with fixed seeds
  (``sc.seed``, ``dominion.seed``, ``renaissance.seed`` 1; JSettlers ``seed = 7``): the server's
  instructions per move.  Renaissance has no load client in the package: ``--client`` names a
  command (the example random client of a checkout by default), one solo game each, per game.
  ``--no-journal`` leaves the SQLite store's journal of live games off.
* ``play GAME``: `tablehall play` under callgrind for two game counts; the difference divided by
  the difference of the counts is one game, the start-up left out.

Figures, never a test: see docs/benchmarks.md.  Needs valgrind (``callgrind_control``).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .load.common import PairLock, Totals

PROTOCOLS = ("sc", "dominion", "jsettlers", "renaissance")
SEEDS = {"sc": ["--set", "sc.seed=1"], "dominion": ["--set", "dominion.seed=1"],
         "renaissance": ["--set", "renaissance.seed=1"]}
SERVE = "from tablehall.cli import main; raise SystemExit(main())"
SERVE_WITHOUT_JOURNAL = ("from tablehall.core.store import SqliteStore; SqliteStore.keeps_journal = False; "
                         + SERVE)
RENAISSANCE_CLIENT = "{python} examples/renaissance/random_client.py {host} {port} r{game} --seed {game}"
PLAY_SEATS = {"dominion": "bigmoney,bigmoney", "catan": "random,random,random,random",
              "blokus": "random,random", "renaissance": "random,random"}


def _environment(tree: str | None) -> dict[str, str]:
    env = dict(os.environ, PYTHONHASHSEED="0")
    if tree:
        env["PYTHONPATH"] = str(Path(tree).resolve())
    return env


def _callgrind(out: Path, at_start: bool = True) -> list[str]:
    return ["valgrind", "--tool=callgrind", f"--instr-atstart={'yes' if at_start else 'no'}",
            f"--callgrind-out-file={out}"]


def _total(out: Path) -> int:
    """The instructions counted (``totals``: with instrumentation switched on and off, the
    ``summary`` line counts only what ran before the first switch)."""
    text = out.read_text(errors="replace")
    found = re.search(r"^totals:\s+(\d+)", text, re.M) or re.search(r"^summary:\s+(\d+)", text, re.M)
    if found is None:
        raise RuntimeError(f"{out}: no instruction count")
    return int(found.group(1))


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class _GameOver:
    """The JSettlers robots' deadline: passed once a robot has finished the game under way."""

    def __init__(self, totals: Totals) -> None:
        self.totals, self.games = totals, totals.games

    @property
    def passed(self) -> bool:
        return self.totals.games > self.games


async def _play(protocol: str, port: int, games: range, totals: Totals, scratch: Path, client: str) -> None:
    """`games` played one after the other (their numbers seed the Renaissance client)."""
    from .load import dominion, jsettlers, sc

    lock = PairLock(str(scratch / "pair.lock"))
    scripts = sc.make_scripts(1) if protocol == "sc" else {}
    for number in games:
        if protocol == "sc":
            await sc.play_match("127.0.0.1", port, lock, scripts, totals, 0)
        elif protocol == "dominion":
            await dominion.play_match("127.0.0.1", port, lock, totals, 0)
        elif protocol == "jsettlers":
            await jsettlers.play_match("127.0.0.1", port, totals, _GameOver(totals), 0)
        else:
            command = client.format(python=shlex.quote(sys.executable), host="127.0.0.1", port=port, game=number)
            await asyncio.to_thread(subprocess.run, shlex.split(command), check=True, capture_output=True)
            totals.games += 1


def measure_server(protocol: str, games: int, tree: str | None, journal: bool, client: str) -> str:
    from .load.jsettlers import SERVER_CONFIG

    scratch = Path(tempfile.mkdtemp(prefix="tablehall-instructions-"))
    port, out = _free_port(), scratch / "callgrind.out"
    config = []
    if protocol == "jsettlers":
        (scratch / "serve.toml").write_text(SERVER_CONFIG + "seed = 7\n")
        config = ["--config", str(scratch / "serve.toml")]
    ports = [arg for name in PROTOCOLS for arg in (f"--{name}-port", str(port if name == protocol else 0))]
    command = [*_callgrind(out, at_start=False), sys.executable, "-c", SERVE if journal else SERVE_WITHOUT_JOURNAL,
               "serve", *config, "--db", str(scratch / "records.sqlite"), "--http-port", "0", *ports,
               *SEEDS.get(protocol, [])]
    with open(scratch / "server.log", "wb") as log:
        server = subprocess.Popen(command, cwd=scratch, env=_environment(tree), stdout=log,
                                  stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 600
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), 1).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the server did not listen: see {scratch / 'server.log'}") from None
                time.sleep(0.5)
        asyncio.run(_play(protocol, port, range(1, 2), Totals(), scratch, client))
        subprocess.run(["callgrind_control", "-i", "on", str(server.pid)], check=True, capture_output=True)
        totals = Totals()
        asyncio.run(_play(protocol, port, range(2, games + 2), totals, scratch, client))
        subprocess.run(["callgrind_control", "-i", "off", str(server.pid)], check=True, capture_output=True)
    finally:
        os.killpg(server.pid, signal.SIGINT)
        server.wait(300)
    total = _total(out)
    unit, count = ("move", totals.moves) if totals.moves else ("game", totals.games)
    return (f"server {protocol}{'' if journal else ' (no journal)'}: {totals.games} games, {totals.moves} moves, "
            f"{len(totals.errors)} errors, {total} instructions, {total / max(count, 1) / 1000:.1f} k per {unit}")


def measure_play(game: str, seats: str, counts: tuple[int, int], tree: str | None) -> str:
    scratch = Path(tempfile.mkdtemp(prefix="tablehall-instructions-"))
    totals = []
    for games in counts:
        out = scratch / f"callgrind.{games}.out"
        subprocess.run([*_callgrind(out), sys.executable, "-m", "tablehall.cli", "play", game, "--seats", seats,
                        "--games", str(games), "--seed", "1", "--no-db", "--quiet"],
                       cwd=scratch, env=_environment(tree), check=True, capture_output=True)
        totals.append(_total(out))
    per_game = (totals[1] - totals[0]) / (counts[1] - counts[0])
    return f"play {game} ({seats}): {per_game / 1e6:.3f} M instructions per game ({counts[0]} and {counts[1]} games)"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="tablehall bench instructions", description=__doc__.split("\n\n")[0])
    parser.add_argument("path", choices=("server", "play"))
    parser.add_argument("name", help="a protocol (server: sc, dominion, jsettlers, renaissance) or a game (play)")
    parser.add_argument("--tree", help="the tablehall checkout to measure (default: the one installed)")
    parser.add_argument("--games", help="server: games measured (default 60 Dominion, 10 SC, 3 Renaissance, 2 "
                                        "JSettlers); play: two counts, N1,N2 (default 100,400 Dominion, 20,80 Catan, "
                                        "10,40 Blokus, 50,200 Renaissance)")
    parser.add_argument("--seats", help="play: the bots (default: random bots, Big Money for Dominion)")
    parser.add_argument("--no-journal", action="store_true", help="server: the SQLite store keeps no journal")
    parser.add_argument("--client", default=RENAISSANCE_CLIENT,
                        help="server renaissance: the client command, {python} {host} {port} {game} filled in")
    args = parser.parse_args(argv)
    if args.path == "server":
        if args.name not in PROTOCOLS:
            parser.error(f"a server path is one of {', '.join(PROTOCOLS)}")
        games = int(args.games or {"dominion": 60, "sc": 10, "renaissance": 3, "jsettlers": 2}[args.name])
        print(measure_server(args.name, games, args.tree, not args.no_journal, args.client), flush=True)
        return 0
    default_counts = {"dominion": "100,400", "catan": "20,80", "blokus": "10,40", "renaissance": "50,200"}
    first, second = (int(n) for n in (args.games or default_counts.get(args.name, "10,40")).split(","))
    seats = args.seats or PLAY_SEATS.get(args.name, "random,random")
    print(measure_play(args.name, seats, (first, second), args.tree), flush=True)
    return 0

"""`tablehall bench server`: the server under load, clients in other processes.

Per protocol: one match (moves per second, latency from a move to the server's next request,
server CPU per move), then the same with 1, 10, 100 and 500 matches at once (moves/s, p50, p99
and max latency, server CPU per move, server memory).  With TABLEHALL_SC_REFERENCE_SERVER set
(a command taking a port; ``{port}`` marks where), the official contest server is measured with
the same SC clients.  Figures, never a test: see docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import dataclasses
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from operator import sub
from pathlib import Path


from .load.process import ServerProcess, machine_ticks

PROTOCOLS = ("sc", "dominion", "jsettlers")
GAMES = {"sc": "blokus", "dominion": "dominion", "jsettlers": "catan"}
REFERENCE_ENV = "TABLEHALL_SC_REFERENCE_SERVER"


def _jsettlers_config() -> str:
    from .load.jsettlers import SERVER_CONFIG

    return SERVER_CONFIG


SERVER_CONFIGS = {"jsettlers": _jsettlers_config()}


@dataclass
class Level:
    matches: int
    moves: int
    games: int
    seconds: float
    cpu: float  # server CPU seconds
    rss: int  # peak resident bytes of the server's processes
    latencies: list[float]
    errors: list[str]
    client_cpu: float = 0.0  # CPU seconds of the client processes
    gave_up: list[str] = dataclasses.field(default_factory=list)  # games the clients left: they never end
    # % of the machine's CPU time the hypervisor took for others meanwhile: on a shared virtual
    # machine the same code runs far slower per instruction while it does
    steal: float = 0.0

    @property
    def moves_per_s(self) -> float:
        return self.moves / self.seconds if self.seconds else 0.0

    @property
    def cpu_per_move_ms(self) -> float:
        return 1000 * self.cpu / self.moves if self.moves else float("nan")

    def pct(self, q: float) -> float:
        return percentile(self.latencies, q)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run_level(server: ServerProcess, protocol: str, matches: int, seconds: float, procs: int,
              think_ms: float = 0.0) -> Level:
    """`matches` matches at a time for `seconds`, spread over `procs` client processes."""
    return run_levels(server, [protocol], matches, seconds, procs, think_ms)[protocol]


def run_levels(server: ServerProcess, protocols: list[str], matches: int, seconds: float, procs: int,
               think_ms: float = 0.0) -> dict[str, Level]:
    """`matches` matches of each protocol at a time, all at once, for `seconds`, each protocol's
    spread over `procs` client processes.  Each Level's `cpu` is the whole server's."""
    procs = max(1, min(procs, matches))
    shares = [matches // procs + (1 if i < matches % procs else 0) for i in range(procs)]
    with tempfile.NamedTemporaryFile(prefix="tablehall-pair-") as lock:
        clients = [(protocol, subprocess.Popen(
            [sys.executable, "-m", "tablehall.bench.load.clients", protocol, "--port", str(server.ports[protocol]),
             "--matches", str(share), "--seconds", str(seconds), "--lock", f"{lock.name}.{protocol}",
             "--think-ms", str(think_ms)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)) for protocol in protocols for share in shares]
        try:
            for _, client in clients:
                if client.stdout.readline().strip() != "ready":  # type: ignore[union-attr]
                    raise RuntimeError("a load client did not start")
            cpu_before, ticks_before = server.cpu(), machine_ticks()
            started = time.monotonic()
            for _, client in clients:
                client.stdin.write("go\n")  # type: ignore[union-attr]
                client.stdin.flush()  # type: ignore[union-attr]
            # the clients' reports (thousands of latencies) can outgrow a pipe's buffer: read them
            # while they play, or a client would wait forever to write its last line
            reports = [(protocol, _read_in_background(c.stdout)) for protocol, c in clients]
            peak = server.rss()
            while any(c.poll() is None for _, c in clients):
                time.sleep(0.2)
                peak = max(peak, server.rss())
            elapsed = time.monotonic() - started
            cpu = server.cpu() - cpu_before
            ticks, stolen = map(sub, machine_ticks(), ticks_before)
            outputs = [(protocol, json.loads(report.result().strip().splitlines()[-1])) for protocol, report in reports]
        finally:
            for protocol in protocols:
                Path(f"{lock.name}.{protocol}").unlink(missing_ok=True)
    levels = {}
    for protocol in protocols:
        mine = [out for p, out in outputs if p == protocol]
        latencies = [x for out in mine for x in out["latencies"]]
        errors = [e for out in mine for e in out["errors"]]
        gave_up = [e for out in mine for e in out.get("gave_up", ())]
        moves, games = sum(o["moves"] for o in mine), sum(o["games"] for o in mine)
        stored = server.recorded_actions(GAMES[protocol])  # what the server recorded: every player's every action
        if stored is not None and stored[1]:
            games, moves = stored
        levels[protocol] = Level(matches, moves, games, elapsed, cpu, peak, latencies, errors,
                                 sum(o["cpu"] for o in mine), gave_up, 100 * stolen / ticks if ticks else 0.0)
    return levels


def _read_in_background(stream) -> concurrent.futures.Future:
    """The rest of `stream`, read in a thread."""
    future: concurrent.futures.Future = concurrent.futures.Future()
    threading.Thread(target=lambda: future.set_result(stream.read()), daemon=True).start()
    return future


def table(levels: list[Level], header: bool = True) -> str:
    lines = []
    if header:
        lines.append(f"  {'matches':>7} {'games':>6} {'moves/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} "
                     f"{'CPU ms/move':>11} {'server CPU %':>12} {'memory MB':>9} {'clients CPU %':>13} {'steal %':>7}")
    for level in levels:
        lines.append(f"  {level.matches:>7} {level.games:>6} {level.moves_per_s:>8.0f} {level.pct(0.5):>7.1f} "
                     f"{level.pct(0.99):>7.1f} {max(level.latencies, default=float('nan')):>7.1f} "
                     f"{level.cpu_per_move_ms:>11.3f} {100 * level.cpu / level.seconds:>12.0f} "
                     f"{level.rss / 2**20:>9.0f} {100 * level.client_cpu / level.seconds:>13.0f} {level.steal:>7.0f}")
        if level.errors:
            lines.append(f"          {len(level.errors)} client errors, e.g. {level.errors[0][:150]!r}")
        if level.gave_up:
            lines.append(f"          {len(level.gave_up)} clients left a game that never ends, "
                         f"e.g. {level.gave_up[0][:150]!r}")
    return "\n".join(lines)


def measure(protocol: str, args: argparse.Namespace, command: str | None = None) -> dict:
    """One server for `protocol`: a warm-up, then `args.rounds` rounds of the one-match line and
    every level's row (rounds take turns, so that a change of the machine's speed weighs on
    every row alike); with more than one round, each row's median and range at the end."""
    extra = [] if command else [*args.server_arg]
    server = ServerProcess(protocol, command=command, extra=extra, pythonpath=args.server_pythonpath,
                           config=SERVER_CONFIGS.get(protocol, ""), python=args.server_python)
    singles: list[Level] = []
    rows: dict[int, list[Level]] = {matches: [] for matches in args.levels}
    try:
        run_level(server, protocol, 1, min(1.0, args.seconds), 1)  # warm-up: first games, lazy tables
        for turn in range(args.rounds):
            if args.rounds > 1:
                print(f"  round {turn + 1} of {args.rounds}: {speed_line()}", flush=True)
            single = run_level(server, protocol, 1, args.seconds, 1, args.think_ms)
            singles.append(single)
            print(f"  one match: {single.moves_per_s:.0f} moves/s, p50 {single.pct(0.5):.2f} ms, "
                  f"p99 {single.pct(0.99):.2f} ms, server CPU {single.cpu_per_move_ms:.3f} ms/move "
                  f"({single.moves} moves, {single.games} games; steal {single.steal:.0f} %)", flush=True)
            for index, matches in enumerate(args.levels):
                rows[matches].append(run_level(server, protocol, matches, args.seconds, args.client_procs,
                                               args.think_ms))
                print(table(rows[matches][-1:], header=not index), flush=True)  # a header per round
        if args.rounds > 1:
            print(f"  over {args.rounds} rounds, server CPU ms/move (median, lowest-highest), p99 ms (median), steal:")
            print(spread_line("one match", singles))
            for matches, levels in rows.items():
                print(spread_line(f"{matches} matches", levels))
        return {"single": singles[-1], "levels": [levels[-1] for levels in rows.values()],
                "rounds": {"single": singles, **rows}}
    finally:
        server.stop()


def spread_line(label: str, levels: list[Level]) -> str:
    """``  10 matches     0.181 (0.170-0.199)   p99 6.9   steal 0-3 %``: a row over the rounds."""
    cpu = [level.cpu_per_move_ms for level in levels]
    p99 = [level.pct(0.99) for level in levels]
    steal = [level.steal for level in levels]
    return (f"    {label:<13} {statistics.median(cpu):.3f} ({min(cpu):.3f}-{max(cpu):.3f})"
            f"   p99 {statistics.median(p99):.1f}   steal {min(steal):.0f}-{max(steal):.0f} %")


#: a fixed piece of pure Python (dict, list and integer work, as a server's is), timed on the CPU
_PROBE_LOOPS = 20_000


def _probe_once() -> float:
    started = time.process_time()
    table_: dict[int, list[int]] = {}
    for i in range(_PROBE_LOOPS):
        table_.setdefault(i % 97, []).append(i * 3 + 1)
    sum(len(v) for v in table_.values())
    return time.process_time() - started


def speed_line() -> str:
    """How fast this machine runs Python right now: the best of five runs of a fixed probe, in
    microseconds a step (a shared machine's speed swings by half or more for minutes at a time;
    a row's CPU per move is read against it, and against the row's steal)."""
    probe = min(_probe_once() for _ in range(5))
    return f"machine speed: a fixed Python probe at {1e6 * probe / _PROBE_LOOPS:.3f} µs a step"


def measure_together(protocols: list[str], args: argparse.Namespace) -> None:
    """Every protocol's matches at once against one server (with --server-arg=--workers=N, each
    protocol in a process of its own): a row per protocol, then the whole server's CPU per move."""
    config = "".join(SERVER_CONFIGS.get(protocol, "") for protocol in protocols)
    server = ServerProcess(protocols, extra=[*args.server_arg], pythonpath=args.server_pythonpath, config=config,
                           python=args.server_python)
    try:
        run_levels(server, protocols, 1, min(1.0, args.seconds), 1)  # warm-up
        for matches in args.levels:
            levels = run_levels(server, protocols, matches, args.seconds, args.client_procs, args.think_ms)
            for protocol, level in levels.items():
                print(f"  {protocol} (the CPU columns: see the whole server's below):")
                print(table([dataclasses.replace(level, cpu=float("nan"))]), flush=True)
            moves = sum(level.moves for level in levels.values())
            cpu, seconds = next(iter(levels.values())).cpu, next(iter(levels.values())).seconds
            print(f"  all together: {moves / seconds:.0f} moves/s, server CPU {1000 * cpu / moves if moves else 0:.3f} "
                  f"ms/move ({100 * cpu / seconds:.0f} % of a core)", flush=True)
    finally:
        server.stop()


def interpreter(python: str) -> str:
    """``CPython 3.11.7 (/usr/bin/python3)``: which Python the server runs on; how it was built
    weighs on every figure (a build without profile-guided optimisation runs the same code
    a fifth slower or more: docs/benchmarks.md)."""
    try:
        found = subprocess.run([python, "-c", "import platform, sys; print(platform.python_implementation(), "
                                "platform.python_version(), sys.executable)"],
                               capture_output=True, text=True, timeout=30, check=True).stdout.split()
    except (OSError, subprocess.SubprocessError):
        return f"{python} (could not be asked its version)"
    return f"{found[0]} {found[1]} ({found[2]})" if len(found) == 3 else python


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tablehall bench server", description=__doc__.splitlines()[0])
    parser.add_argument("--protocols", default=",".join(PROTOCOLS),
                        help=f"comma-separated, of {', '.join(PROTOCOLS)} (default: all)")
    parser.add_argument("--levels", default="1,10,100,500", help="concurrent matches per row (default 1,10,100,500)")
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds per row; games in play then finish")
    parser.add_argument("--client-procs", type=int, default=2, help="client processes per row (default 2)")
    parser.add_argument("--think-ms", type=float, default=0.0, help="clients wait this long before each move")
    parser.add_argument("--server-arg", action="append", default=[], metavar="ARG",
                        help="an extra argument for tablehall serve (e.g. --server-arg=--workers=2)")
    parser.add_argument("--together", action="store_true",
                        help="every protocol's matches at once against one server (each row: N matches of each)")
    parser.add_argument("--server-pythonpath", help="run the server from another tree (before/after figures)")
    parser.add_argument("--server-python", help="run the server with another Python interpreter (one with "
                        "tablehall's serve dependencies; the clients keep this one)")
    parser.add_argument("--rounds", type=int, default=1,
                        help="measure every row this many times, in turns, and print each row's median and range")
    args = parser.parse_args(argv)
    args.levels = [int(x) for x in args.levels.split(",") if x.strip()]
    protocols = [p.strip() for p in args.protocols.split(",") if p.strip()]
    unknown = [p for p in protocols if p not in PROTOCOLS]
    if unknown:
        parser.error(f"unknown protocol {unknown[0]!r} (known: {', '.join(PROTOCOLS)})")
    print(f"tablehall server under load: clients in {args.client_procs} other processes, "
          f"{args.seconds:g} s per row, think time {args.think_ms:g} ms; {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.1f}", flush=True)
    print(f"server interpreter: {interpreter(args.server_python or sys.executable)}", flush=True)
    if args.together:
        print(f"\n{' + '.join(protocols)} at once: tablehall {' '.join(args.server_arg)}".rstrip(), flush=True)
        measure_together(protocols, args)
        return 0
    for protocol in protocols:
        print(f"\n{protocol}: tablehall", flush=True)
        measure(protocol, args)
        if protocol == "sc":
            reference = os.environ.get(REFERENCE_ENV)
            if reference:
                print(f"\nsc: the official contest server ({reference})", flush=True)
                measure(protocol, args, command=reference)
            else:
                print(f"\nsc: the official contest server: skipped ({REFERENCE_ENV} is not set: "
                      "a command that starts it on a given port)", flush=True)
    return 0



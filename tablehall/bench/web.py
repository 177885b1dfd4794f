"""`tablehall bench web`: how many spectators one live game holds with every update delivered
within 100 ms at the 99th percentile, and how the lobby answers with many live games.

The server (this process) runs `tablehall serve`'s web hall with a paused Blokus match and steps
it; spectators are WebSocket clients in a separate process, which stamps each frame's arrival
with the same wall clock the server stamped the step with.  Figures, never a test."""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import textwrap
import time
import urllib.request

from ..core import BotAgent, Match
from ..core.registry import get_game
from ..core.store import SqliteStore

CLIENTS = textwrap.dedent('''
    import asyncio, json, re, sys, time
    import websockets

    ACTIONS = re.compile(rb'"actions": (\\d+)')

    async def spectator(url, arrivals, index):
        # 50 spectators a loopback address, as from many hosts (the server counts connections per address)
        source = (f"127.0.{1 + index // 50 // 250}.{1 + index // 50 % 250}", 0)
        async with websockets.connect(url, max_size=None, local_addr=source) as socket:
            while True:
                data = await socket.recv(decode=False)  # bytes: this process does as little as it can
                at = time.time()  # stamped on arrival; the frame is only searched, not parsed
                actions = ACTIONS.search(data)
                if actions is not None:  # a game frame, not the spectator count or chat
                    arrivals.append((int(actions.group(1)), at))
                if data.startswith(b'{"type": "end"'):
                    return

    async def main(url, count):
        arrivals = [[] for _ in range(count)]
        tasks = []
        for i in range(count):
            tasks.append(asyncio.ensure_future(spectator(url, arrivals[i], i)))
            if i % 50 == 49:
                await asyncio.sleep(0.05)
        print("ready", flush=True)
        await asyncio.gather(*tasks)
        print(json.dumps(arrivals), flush=True)

    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
''')


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


async def spectators_run(count: int, steps: int, interval: float, deflate: bool = False) -> dict:
    from ..server.app import Server
    from ..server.config import ServerConfig

    server = Server(ServerConfig(), store=SqliteStore(":memory:"), services=[], web=True)
    server.web_deflate = deflate
    await server.start()
    spec = get_game("blokus")
    match = Match(spec, [BotAgent(spec.bots["random"](i)) for i in range(2)], seed=1, match_id="bench")
    match.pause()
    server.hosts["web"].start_match(match)
    url = f"ws://127.0.0.1:{server.web.port}/ws/games/bench"
    client = await asyncio.create_subprocess_exec(sys.executable, "-c", CLIENTS, url, str(count),
                                                  stdout=asyncio.subprocess.PIPE)
    assert client.stdout is not None
    await client.stdout.readline()  # ready: every spectator has connected
    await asyncio.sleep(0.5 + count / 500)
    stepped: dict[int, float] = {}
    cpu = time.process_time()
    for _ in range(steps):
        stepped[len(match.record.entries) + 1] = time.time()
        match.step()
        await asyncio.sleep(interval)
    match.resume()
    output = await client.stdout.read()  # one long line: every spectator's arrivals
    await client.wait()
    cpu = time.process_time() - cpu
    await server.stop()
    arrivals = json.loads(output)
    latencies = [(at - stepped[n]) * 1000 for frames in arrivals for n, at in frames if n in stepped]
    return {"spectators": count, "deflate": deflate, "frames": len(latencies), "p50": percentile(latencies, .5),
            "p99": percentile(latencies, .99), "max": max(latencies, default=float("nan")),
            "server_cpu_per_step_ms": 1000 * cpu / steps}


async def lobby_run(games: int, requests: int) -> dict:
    from ..server.app import Server
    from ..server.config import ServerConfig

    server = Server(ServerConfig(), store=SqliteStore(":memory:"), services=[], web=True)
    await server.start()
    spec = get_game("blokus")
    for g in range(games):
        match = Match(spec, [BotAgent(spec.bots["random"](i)) for i in range(2)], seed=g, match_id=f"g{g}")
        match.pause()
        server.hosts["web"].start_match(match)
    await asyncio.sleep(0.1)
    base = f"http://127.0.0.1:{server.web.port}"
    timings = {}
    loop = asyncio.get_running_loop()
    for path in ("/", "/api/games"):
        times = []
        for _ in range(requests):
            started = time.perf_counter()
            await loop.run_in_executor(None, lambda: urllib.request.urlopen(base + path, timeout=60).read())
            times.append((time.perf_counter() - started) * 1000)
        timings[path] = (statistics.median(times), percentile(times, .99))
    await server.stop()
    return {"games": games, **{p: t for p, t in timings.items()}}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="tablehall bench web", description=__doc__.splitlines()[0])
    parser.add_argument("--spectators", default="10,100,200,300,500,1000,2000", help="spectator counts to try")
    parser.add_argument("--steps", type=int, default=40, help="actions per spectator run")
    parser.add_argument("--interval", type=float, default=0.1, help="seconds between actions")
    parser.add_argument("--lobby-games", default="10,100,1000", help="live game counts for the lobby")
    parser.add_argument("--deflate", choices=("off", "on", "both"), default="off",
                        help="WebSocket per-message deflate (the server's default: off); both: interleaved, off first")
    args = parser.parse_args(argv)
    modes = {"off": [False], "on": [True], "both": [False, True]}[args.deflate]
    print("spectators of one live Blokus game (client process apart; latency = step to arrival)")
    print(f"{'spectators':>10} {'deflate':>8} {'frames':>8} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'server CPU/step ms':>19}")
    for count in map(int, args.spectators.split(",")):
        for deflate in modes:
            row = asyncio.run(spectators_run(count, args.steps, args.interval, deflate))
            print(f"{row['spectators']:>10} {'on' if deflate else 'off':>8} {row['frames']:>8} {row['p50']:>8.1f} "
                  f"{row['p99']:>8.1f} {row['max']:>8.1f} {row['server_cpu_per_step_ms']:>19.2f}", flush=True)
    print("\nthe lobby with many live games (20 requests each; median / p99 ms)")
    for games in map(int, args.lobby_games.split(",")):
        row = asyncio.run(lobby_run(games, 20))
        print(f"{games:>6} live games: / {row['/'][0]:.1f} / {row['/'][1]:.1f}   "
              f"/api/games {row['/api/games'][0]:.1f} / {row['/api/games'][1]:.1f}", flush=True)
    return 0

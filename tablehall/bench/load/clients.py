"""A load-client process: `python -m tablehall.bench.load.clients PROTOCOL --port N --matches K
--seconds S --lock FILE`.  Runs K matches at a time, each starting a new game when its last one
ends, until S seconds have passed; then lets the games in play finish and prints its totals as
one JSON line."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time

from .common import Deadline, PairLock, Totals


def build(protocol: str, options: argparse.Namespace):
    """A coroutine factory `play(totals, deadline, slot)`: one call plays one match (or, for
    JSettlers, a match's robots until the deadline)."""
    lock = PairLock(options.lock)
    think = options.think_ms / 1000
    host, port = options.host, options.port
    if protocol == "sc":
        from . import sc

        scripts = sc.make_scripts()
        return lambda totals, deadline, slot: sc.play_match(host, port, lock, scripts, totals, think)
    if protocol == "dominion":
        from . import dominion

        return lambda totals, deadline, slot: dominion.play_match(host, port, lock, totals, think)
    if protocol == "jsettlers":
        from . import jsettlers

        return lambda totals, deadline, slot: jsettlers.play_match(host, port, totals, deadline, slot)
    raise SystemExit(f"unknown protocol {protocol!r}")


async def run(play, matches: int, seconds: float) -> Totals:
    totals = Totals()
    deadline = Deadline(seconds)
    totals.started = time.time()
    cpu = time.process_time()

    async def loop(slot: int) -> None:
        while not deadline.passed:
            try:
                await play(totals, deadline, slot)
            except (OSError, asyncio.TimeoutError, ConnectionError) as exc:
                totals.errors.append(f"{type(exc).__name__}: {exc}")
                await asyncio.sleep(0.1)

    await asyncio.gather(*(loop(slot) for slot in range(matches)))
    totals.ended = time.time()
    totals.cpu = time.process_time() - cpu
    return totals


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tablehall.bench.load.clients")
    parser.add_argument("protocol")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--matches", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--lock", required=True, help="a file every client process of the run shares")
    parser.add_argument("--think-ms", type=float, default=0.0)
    options = parser.parse_args(argv)
    play = build(options.protocol, options)
    print("ready", flush=True)
    sys.stdin.readline()  # "go": every client process of a run starts at once
    totals = asyncio.run(run(play, options.matches, options.seconds))
    print(json.dumps(totals.to_json()), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""`make bench` (issue 26): 10,000 games started through the API of a real `tablehall serve`,
each watched to its end by a WebSocket spectator, with the server's resident memory read every
thousand games: it stays flat (before, every watched game stayed in memory for good).  Prints
the figures for docs/benchmarks.md ("Hardening")."""

from __future__ import annotations

import asyncio
import json
import os
import time
import urllib.request

import pytest

from tests.support.serving import Serve

websockets = pytest.importorskip("websockets", reason="the spectators are websockets clients")
pytestmark = pytest.mark.slow

GAMES = int(os.environ.get("TABLEHALL_SOAK_GAMES", "10000"))
AT_ONCE = 8
EVERY = max(AT_ONCE, GAMES // 10)  # games between two readings of the server's memory
GAME = {"game": "dominion", "seats": ["bigmoney", "smithy"], "pace": 0.005}  # long enough to be watched live


async def watch_one(url: str, loop: asyncio.AbstractEventLoop) -> int:
    request = urllib.request.Request(url + "/api/games/new", method="POST", data=json.dumps(GAME).encode())
    created = await loop.run_in_executor(None, lambda: json.loads(urllib.request.urlopen(request, timeout=60).read()))
    frames = 0
    async with websockets.connect(f"{url.replace('http', 'ws')}/ws/games/{created['id']}", max_size=None) as sock:
        while True:
            frame = json.loads(await asyncio.wait_for(sock.recv(), 120))
            frames += 1
            if frame["type"] in ("end", "error"):
                assert frame["type"] == "end", frame
                return frames


def test_ten_thousand_spectated_games_keep_memory_flat(tmp_path):
    config = "[limits]\ngames_per_minute = 1000000\nlive_games_per_address = 1000000\nseat_joins_per_minute = 1000000\n"
    with Serve(tmp_path, config) as serve:
        samples: list[tuple[int, int]] = [(0, serve.rss_kib())]

        async def soak() -> int:
            loop = asyncio.get_running_loop()
            frames = 0
            for start in range(0, GAMES, AT_ONCE):
                counts = await asyncio.gather(*(watch_one(serve.url, loop) for _ in range(min(AT_ONCE, GAMES - start))))
                frames += sum(counts)
                done = start + len(counts)
                if done % EVERY < AT_ONCE:
                    samples.append((done, serve.rss_kib()))
            return frames

        started = time.monotonic()
        frames = asyncio.run(soak())
        seconds = time.monotonic() - started
        log = serve.log()
    print(f"\n{GAMES} spectated Dominion games in {seconds:.0f} s, {frames} frames; server RSS (MiB) every {EVERY} games:")
    print("  " + "  ".join(f"{games}:{rss / 1024:.1f}" for games, rss in samples))
    assert "Traceback" not in log
    warm = [rss for games, rss in samples if games >= 2 * EVERY]  # after the first games warmed caches
    assert max(warm) - min(warm) < 32 * 1024, samples  # flat: no growth with the games watched

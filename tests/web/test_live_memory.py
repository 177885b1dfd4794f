"""Issue 26, bounded memory: the web hall keeps spectators only for live matches.  Before, every
match anyone had watched stayed in `Watchers.by_match` for the life of the server; the soak of
10,000 spectated games (tests/web/test_soak.py, `make bench`) shows the server's memory flat."""

from __future__ import annotations

import asyncio
import json

from tablehall.core import BotAgent, Match
from tablehall.core.registry import get_game
from tablehall.web.live import Watchers


def blokus_match(seed: int) -> Match:
    spec = get_game("blokus")
    return Match(spec, [BotAgent(spec.bots["random"](seed + s), threaded=False) for s in range(2)], seed=seed,
                 match_id=f"memory-{seed}")


def drained(queue: asyncio.Queue) -> list[dict]:
    frames = []
    while not queue.empty():
        frames.append(json.loads(queue.get_nowait()))
    return frames


def test_a_watched_match_is_forgotten_when_it_ends_and_late_spectators_get_its_end():
    async def scenario():
        watchers = Watchers()
        for seed in range(5):
            match = blokus_match(seed)
            queue = watchers.of(match.id, match).join()
            assert list(watchers.by_match) == [match.id]
            await match.run()
            assert watchers.by_match == {}  # nothing kept of a match that ended
            assert drained(queue)[-1]["type"] == "end"
        late = watchers.of(match.id, match).join()  # came after the end: the last frame, nothing kept
        [frame] = drained(late)
        assert frame["type"] == "end" and frame["record"] == match.record.id
        assert watchers.by_match == {}

    asyncio.run(scenario())

"""A live game's WebSocket: spectators get the observer's view after each action and the end,
and never anything hidden (Dominion: hands, decks; the seed)."""

from __future__ import annotations

import asyncio
import json

import pytest

from tablehall.core import BotAgent, Match
from tablehall.core.registry import get_game

websockets = pytest.importorskip("websockets", reason="spectator tests need the websockets client")


def paused_match(game: str, bots: list[str], seed: int, name: str) -> Match:
    spec = get_game(game)
    match = Match(spec, [BotAgent(spec.bots[b](i), name=b) for i, b in enumerate(bots)], seed=seed,
                  match_id=name)
    match.pause()  # the test steps it: every frame is awaited, nothing depends on speed
    return match


async def watch(url: str, match: Match, web, steps: int) -> list[dict]:
    frames = []
    async with websockets.connect(url.replace("http", "ws") + f"/ws/games/{match.id}") as socket:
        frames.append(json.loads(await asyncio.wait_for(socket.recv(), 60)))
        for _ in range(steps):
            web.loop.call_soon_threadsafe(match.step)
            frames.append(json.loads(await asyncio.wait_for(socket.recv(), 60)))
        web.loop.call_soon_threadsafe(match.resume)
        while frames[-1]["type"] != "end":
            frames.append(json.loads(await asyncio.wait_for(socket.recv(), 60)))
    return frames


def test_spectators_follow_a_live_game_to_its_end(web):
    match = paused_match("blokus", ["strong", "random"], seed=3, name="blokus-live")
    web.start_match(match)
    status, body = web.get("/api/games")
    assert [g["id"] for g in body["games"]] == [match.id] and body["games"][0]["status"] == "paused"
    frames = asyncio.run(watch(web.url, match, web, steps=5))
    assert [f["actions"] for f in frames[:6]] == [0, 1, 2, 3, 4, 5]
    assert frames[1]["view"]["board"] != frames[0]["view"]["board"]
    end = frames[-1]
    assert end["type"] == "end" and end["result"] and end["record"]
    status, stored = web.get(f"/api/records/{end['record']}")
    assert status == 200 and len(stored["actions"]) == end["actions"]


def test_no_spectator_frame_holds_a_hidden_card_or_the_seed(web):
    seed = 912_345_678_901
    match = paused_match("dominion", ["bigmoney", "smithy", "engine"], seed=seed, name="dominion-live")
    web.start_match(match)
    frames = asyncio.run(watch(web.url, match, web, steps=20))
    assert len(frames) > 20
    for frame in frames:
        text = json.dumps(frame)
        assert str(seed) not in text
        for player in frame["view"]["players"]:
            assert isinstance(player["hand"], int) and isinstance(player["deck"], int)  # counts only

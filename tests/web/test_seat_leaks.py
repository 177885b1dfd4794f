"""A person's seat over its WebSocket: it is sent that seat's view only, whole games long, and
never another seat's hidden cards or the seed (issue 10, item 6).  The seat plays by sending a
legal action it is offered, drawn by a seeded random choice (the first one could swap two depots
forever); a stranger without the token gets nothing."""

from __future__ import annotations

import asyncio
import json
import random
import urllib.request

import pytest

websockets = pytest.importorskip("websockets", reason="seat tests need the websockets client")

HIDDEN = {  # per game: what of another seat's player entry must never be a list of cards
    "dominion": lambda p: isinstance(p["hand"], int) and isinstance(p["deck"], int),
    "catan": lambda p: "hand" not in p and "dev_hand" not in p and "dev_new" not in p,
    "renaissance": lambda p: isinstance(p["hand"], int) and isinstance(p.get("discarded", 0), int),
}


def new_game(web, game: str, seats: list[str], seed: int | None = None) -> dict:
    body = {"game": game, "seats": seats, "name": "tester", "seed": seed}
    request = urllib.request.Request(web.url + "/api/games/new", method="POST", data=json.dumps(body).encode())
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


async def play_seat(url: str, game_id: str, seat: dict, limit: int) -> list[dict]:
    frames, choose, answered = [], random.Random(seat["seat"] * 7 + 1).choice, None
    async with websockets.connect(f"{url.replace('http', 'ws')}/ws/games/{game_id}/seats/{seat['seat']}"
                                  f"?token={seat['token']}") as socket:
        while len(frames) < limit:
            frame = json.loads(await asyncio.wait_for(socket.recv(), 60))
            frames.append(frame)
            if frame["type"] == "end":
                break
            if frame.get("asked") and frame.get("legal") and frame["decision"] != answered:
                answered = frame["decision"]  # one answer per decision: frames repeat while it waits
                await socket.send(json.dumps({"action": choose(frame["legal"])}))
    return frames


@pytest.mark.parametrize("game, seats, limit", [
    ("dominion", ["me", "bigmoney", "smithy"], 100_000),
    ("renaissance", ["me", "greedy"], 100_000),
    ("catan", ["me", "random", "random"], 300),
])
def test_a_seat_is_sent_its_own_view_only(web, game, seats, limit):
    created = new_game(web, game, seats)
    [mine] = created["seats"]
    frames = asyncio.run(play_seat(web.url, created["id"], mine, limit))
    assert len(frames) > 20
    live = [m for m in web.server.hosts["web"].matches if m.id == created["id"]]
    seed = str(live[0].seed) if live else None
    for frame in frames:
        if "view" not in frame:
            continue
        players = frame["view"]["players"]
        for other, player in enumerate(players):
            if other != mine["seat"]:
                assert HIDDEN[game](player), (game, other, player)
        if seed:
            assert seed not in json.dumps(frame)
    if game != "catan":
        assert frames[-1]["type"] == "end" and frames[-1]["result"]
        assert seed is None or seed not in json.dumps(frames[-1])


def test_a_seat_without_its_token_gets_nothing(web):
    created = new_game(web, "dominion", ["me", "bigmoney"])

    async def intrude():
        async with websockets.connect(f"{web.url.replace('http', 'ws')}/ws/games/{created['id']}/seats/0?token=guess") as s:
            return [json.loads(await asyncio.wait_for(s.recv(), 60))]

    frames = asyncio.run(intrude())
    assert frames == [{"type": "error", "message": "no such seat, or not your token"}]

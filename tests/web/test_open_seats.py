"""Games started from the web with open seats that clients of the game's own protocol fill
(issue 10, item 5): the lobby and /api/tables list them with the command that connects a
client; the person's seat waits, then plays over its WebSocket against a real client of the
protocol (the example bots and clients as subprocesses, the scripted JSettlers robot over TCP).
Every frame the person's seat is sent is checked for other seats' hidden cards and the seed."""

from __future__ import annotations

import asyncio
import json
import random
import shlex
import sys
from pathlib import Path

import pytest

from .conftest import COOKIE
from .test_frame_leaks import assert_frames_admitted
from .test_seat_leaks import HIDDEN, new_game

websockets = pytest.importorskip("websockets", reason="seat tests need the websockets client")
REPO = Path(__file__).resolve().parents[2]


def table_of(web, table_id: str) -> dict:
    status, body = web.get("/api/tables")
    assert status == 200
    return next(t for t in body["tables"] if t["id"] == table_id)


async def play_seat(web, game_id: str, seat: dict, limit: int, choose=None,
                    first: asyncio.Future | None = None) -> list[dict]:
    """Hold the seat: wait while the table waits, then answer every question.  `first` is given
    the first frame when it has arrived."""
    frames, pick, answered = [], choose or random.Random(seat["seat"] * 7 + 1).choice, None
    async with websockets.connect(f"{web.url.replace('http', 'ws')}/ws/games/{game_id}/seats/{seat['seat']}"
                                  f"?token={seat['token']}") as socket:
        while len(frames) < limit:
            try:
                frame = json.loads(await asyncio.wait_for(socket.recv(), 120))
            except websockets.ConnectionClosed as closed:
                raise AssertionError(f"the server closed the seat's socket ({closed}) after "
                                     f"{[(f['type'], f.get('asked'), f.get('actions')) for f in frames[-5:]]}") from None
            frames.append(frame)
            if first is not None and not first.done():
                first.set_result(frame)
            if frame["type"] == "end":
                break
            if frame.get("asked") and frame.get("legal") and frame["decision"] != answered:
                answered = frame["decision"]  # one answer per decision: frames repeat while it waits
                try:
                    await socket.send(json.dumps({"action": pick(frame["legal"])}))
                except websockets.ConnectionClosed:
                    pass  # the game ended meanwhile: its last frames are still to be read
    return frames


def assert_nothing_hidden(game: str, frames: list[dict], me: int, seed: int | None) -> None:
    for frame in frames:
        if seed is not None:
            assert str(seed) not in json.dumps(frame)
        if "view" not in frame or game not in HIDDEN:  # Blokus hides nothing but the seed
            continue
        for other, player in enumerate(frame["view"]["players"]):
            if other != me:
                assert HIDDEN[game](player), (game, other, player)


async def run_client(command: str) -> None:
    process = await asyncio.create_subprocess_exec(*shlex.split(command.replace("python3", sys.executable, 1)),
                                                   cwd=REPO, stdout=asyncio.subprocess.DEVNULL,
                                                   stderr=asyncio.subprocess.PIPE)
    _, err = await process.communicate()
    assert process.returncode == 0, err.decode()[-2000:]


@pytest.mark.parametrize("game, seats, agents", [
    ("dominion", ["me", "open:alice", "bigmoney"], ["web", "remote:dominion", "bot:bigmoney"]),
    ("renaissance", ["open:ana", "me"], ["remote:renaissance", "web"]),
    ("blokus", ["me", "open"], ["web", "remote:sc"]),
])
def test_a_person_plays_against_a_client_of_the_native_protocol(web, game, seats, agents):
    created = new_game(web, game, seats)
    [mine] = created["seats"]
    table = table_of(web, created["id"])
    assert table["status"] == "waiting" and table["waiting"] == 1
    [held] = [s for s in table["seats"] if s["waiting"]]
    status, lobby = web.get("/")
    assert f'data-table="{created["id"]}"' in lobby
    if held["held_for"] is None:  # held for anyone: the lobby says how to take it
        assert held["connect"] and "127.0.0.1" in held["connect"]
        assert held["connect"].replace('"', "&#34;").replace("'", "&#39;") in lobby
    else:  # held for a name (issue 26): its ticket and command for the owner only
        assert held["ticket"] is None and "connect" not in held and "(its owner has the code)" in lobby

    async def scenario():
        first = asyncio.get_running_loop().create_future()
        seat = asyncio.ensure_future(play_seat(web, created["id"], mine, 100_000, first=first))
        waiting = await first  # the seat is held by its socket: now the client may come
        [owned] = [s for s in waiting["table"]["seats"] if s["seat"] == held["seat"]]
        assert owned["connect"] and "127.0.0.1" in owned["connect"]
        if held["held_for"] is not None:
            assert owned["ticket"] and owned["ticket"] in owned["connect"] and owned["ticket"] not in lobby
        return await asyncio.gather(seat, run_client(owned["connect"]))

    frames, _ = asyncio.run(scenario())
    assert frames[0]["type"] == "waiting" and frames[0]["table"]["id"] == created["id"]
    assert frames[-1]["type"] == "end" and frames[-1]["result"]
    record = web.store.load(created["id"])
    assert record.status == "finished" and [s.agent for s in record.seats] == agents
    assert_nothing_hidden(game, frames, mine["seat"], record.seed)
    assert_frames_admitted(record, frames, mine["seat"], "the seat")
    assert created["id"] not in [t["id"] for t in web.get("/api/tables")[1]["tables"]]


def test_a_person_and_a_jsettlers_robot_invited_into_the_open_seat(web):
    """The JSettlers robot logs in after the game was created; the server invites it as the
    Java server fetches robots.  The person plays a hundred-odd frames, then the game is
    stopped (a random Catan game is long; the whole game is another test's)."""
    from tests.jsettlers.scripted_robot import robot

    created = new_game(web, "catan", ["me", "open:robo", "random"])
    [mine] = created["seats"]
    table = table_of(web, created["id"])
    assert "simple_robot.py 127.0.0.1" in table["seats"][1]["connect"] and " robo " in table["seats"][1]["connect"]
    service = web.server.services["jsettlers"]
    game = f"tablehall {created['id']}"
    oracle = lambda name: getattr(service.lobby.games.get(name), "play", None)  # noqa: E731
    outcome = asyncio.run_coroutine_threadsafe(
        robot(web.server.port("jsettlers"), "robo", COOKIE, oracle, seed=4), web.loop)
    frames = asyncio.run(play_seat(web, created["id"], mine, 120))
    live = [m for m in web.server.live_matches() if m.id == created["id"]]
    assert live, (frames[-1], web.store.load(created["id"]).result)
    [match] = live
    seed = match.seed
    web.loop.call_soon_threadsafe(match.abort, "the test has seen enough")
    robo = outcome.result(120)
    assert robo.logged_in and not robo.gave_up, robo.received[-5:]
    assert not robo.refused, (robo.refused, robo.sent[-5:])
    assert robo.deleted, robo.received[-5:]
    assert any(f"|{game}," in wire or wire.endswith(f"|{game}") for wire in robo.received)
    record = web.store.load(created["id"])
    assert [s.agent for s in record.seats] == ["web", "remote:jsettlers-robot", "bot:random"]
    assert [s.name for s in record.seats][:2] == ["tester", "robo"]
    assert any(e.seat == 1 for e in record.entries), "the robot played over the wire"
    assert_nothing_hidden("catan", frames, 0, seed)
    assert_frames_admitted(record, frames, 0, "the seat")


def test_open_seat_refusals(web):
    for seats, problem in ((["me", "open:lorenzo"], "log in as"), (["me", "open:x", "open:y", "open", "open"], "played by")):
        request_body = {"game": "renaissance", "seats": seats, "name": "tester"}
        import urllib.error
        import urllib.request

        request = urllib.request.Request(web.url + "/api/games/new", method="POST", data=json.dumps(request_body).encode())
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=60)
        assert refused.value.code == 400 and problem in refused.value.read().decode()

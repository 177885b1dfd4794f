"""A person's clock in the browser (issue 10, item 5: "its clocks and consequences are the
game's"): a seat that does not answer within the hall's time limit is handled as the game's
protocol handles its own clients that time out (the same end cause in the record), a closed
page keeps its seat for the grace period and loses it after, and only the seat's token holds it.

The server here is configured with tiny limits (`[web]` in the config); the tests wait for the
game's end or for frames and check the consequence, never how long anything took."""

from __future__ import annotations

import asyncio
import dataclasses
import json
from contextlib import contextmanager

import pytest

from tablehall.core.result import EndCause
from tablehall.games.catan.jsettlers.game_messages import GameServerText

from .conftest import COOKIE, WebServer
from .test_open_seats import play_seat, run_client, table_of
from .test_seat_leaks import new_game

websockets = pytest.importorskip("websockets", reason="seat tests need the websockets client")

TINY = 0.05  # seconds: a limit no person meets; the tests only look at what follows


@pytest.fixture(scope="module")
def web(stored):
    """A hall whose people have a tiny time limit per decision (the grace period of a closed
    page stays long: a seat's page opens after its game has started)."""
    store, _ = stored
    with WebServer(store, {"decision_timeout": TINY, "reconnect_grace": 600}) as server:
        yield server


@contextmanager
def clock(web, decision_timeout, reconnect_grace):
    """The hall's clock for the games started inside (seats take it when they are made)."""
    hall = web.server.hall
    saved = hall.decision_timeout, hall.reconnect_grace
    hall.decision_timeout, hall.reconnect_grace = decision_timeout, reconnect_grace
    try:
        yield
    finally:
        hall.decision_timeout, hall.reconnect_grace = saved


def seat_url(web, game_id: str, seat: int, token: str) -> str:
    return f"{web.url.replace('http', 'ws')}/ws/games/{game_id}/seats/{seat}?token={token}"


def wait_for_end(web, game_id: str):
    """The record of a game started from the web, once it has ended."""
    [match] = [m for m in web.server.live_matches() if m.id == game_id] or [None]
    if match is not None:
        web.call(lambda: asyncio.wait_for(match.finished.wait(), 120), timeout=150)
    return web.store.load(game_id)


async def watch_seat(web, game_id: str, seat: dict, until) -> list[dict]:
    """Hold the seat without ever answering; every frame until `until(frame)` (or the end)."""
    frames = []
    async with websockets.connect(seat_url(web, game_id, seat["seat"], seat["token"])) as socket:
        while True:
            frames.append(json.loads(await asyncio.wait_for(socket.recv(), 120)))
            if frames[-1]["type"] == "end" or until(frames[-1]):
                return frames


@pytest.mark.parametrize("game, seats, cause, goes_on", [
    ("blokus", ["me", "random"], EndCause.HARD_TIMEOUT, False),  # the contest: the other colour wins
    ("renaissance", ["me", "greedy"], EndCause.HARD_TIMEOUT, False),  # out; one player left: over
    ("dominion", ["me", "bigmoney", "smithy"], EndCause.DISQUALIFIED, True),  # the v1 protocol's cause; others play on
])
def test_a_seat_that_does_not_answer_in_time_is_out_as_the_protocol_rules(web, game, seats, cause, goes_on):
    created = new_game(web, game, seats)
    [mine] = created["seats"]
    frames = asyncio.run(watch_seat(web, created["id"], mine, until=lambda f: False))
    asked = [f for f in frames if f.get("asked")]
    assert asked and all(f["clock"] is not None and 0 <= f["clock"] <= TINY for f in asked)
    assert frames[-1]["type"] == "end"
    record = wait_for_end(web, created["id"])
    assert record.status == "finished"
    [out] = [(i, e) for i, e in enumerate(record.entries) if e.forfeit is not None]
    index, entry = out
    assert entry.seat == 0 and entry.forfeit is cause and "time limit" in entry.reason
    assert record.result.seats[0].cause is cause
    assert not any(e.seat == 0 for e in record.entries if e.forfeit is None)  # it never answered
    assert (len(record.entries) > index + 1) is goes_on  # the others played on, or the game ended there


def test_a_catan_seat_that_does_not_answer_in_time_is_played_by_a_bot(web):
    """JSettlers hands a client that timed out to a tablehall bot and the game goes on: so does
    the web.  The page keeps following the game from its seat."""
    created = new_game(web, "catan", ["me", "random", "random"])
    [mine] = created["seats"]
    frames = asyncio.run(watch_seat(web, created["id"], mine, until=lambda f: f.get("stand_in")))
    assert frames[-1]["stand_in"] and not frames[-1]["asked"] and frames[-1]["legal"] is None
    assert any(f.get("asked") and f["clock"] is not None for f in frames)

    async def follow_and_try_to_act():
        async with websockets.connect(seat_url(web, created["id"], 0, mine["token"])) as socket:
            first = json.loads(await asyncio.wait_for(socket.recv(), 60))
            await socket.send(json.dumps({"action": ["end_turn"]}))
            seen = [first]
            while not any(f["type"] == "refused" for f in seen):
                seen.append(json.loads(await asyncio.wait_for(socket.recv(), 60)))
            return seen

    seen = asyncio.run(follow_and_try_to_act())
    assert seen[0]["stand_in"]
    assert any(f["type"] == "refused" and "a bot plays this seat" in f["error"] for f in seen)
    for match in [m for m in web.server.live_matches() if m.id == created["id"]]:  # the bots may have finished it
        web.loop.call_soon_threadsafe(match.abort, "the test has seen enough")
    record = wait_for_end(web, created["id"])
    assert not any(e.forfeit for e in record.entries)  # replaced, not out
    assert any(e.seat == 0 for e in record.entries), "the bot played the seat"
    assert record.seats[0].name == "tester"


def test_a_person_out_of_time_in_a_jsettlers_game_is_replaced_as_jsettlers_replaces_clients(web):
    """A Catan table with a JSettlers robot in its open seat: the person's seat, out of time, is
    handed to the JSettlers side's own tablehall bot, told to the game in the words JSettlers
    clients see for any client replaced (people and observers get server texts; robots never)."""
    from tests.jsettlers.scripted_robot import robot

    service = web.server.services["jsettlers"]
    served = service.lobby.config
    service.lobby.config = dataclasses.replace(served, game_log=True)  # the room keeps what it tells
    try:
        created = new_game(web, "catan", ["me", "open:robo", "random"])
    finally:
        service.lobby.config = served
    [mine] = created["seats"]
    game = f"tablehall {created['id']}"
    oracle = lambda name: getattr(service.lobby.games.get(name), "play", None)  # noqa: E731
    outcome = asyncio.run_coroutine_threadsafe(
        robot(web.server.port("jsettlers"), "robo", COOKIE, oracle, seed=5), web.loop)
    frames = asyncio.run(watch_seat(web, created["id"], mine, until=lambda f: f.get("stand_in")))
    assert frames[-1]["stand_in"]
    room = service.lobby.games[game]
    for match in [m for m in web.server.live_matches() if m.id == created["id"]]:
        web.loop.call_soon_threadsafe(match.abort, "the test has seen enough")
    robo = outcome.result(120)
    assert robo.logged_in and not robo.gave_up and not robo.refused
    told = [e.message.text for e in room.log if isinstance(e.message, GameServerText)]
    assert "A tablehall bot now plays for tester." in told, told
    record = wait_for_end(web, created["id"])
    [handover] = record.handovers
    assert (handover.seat, handover.name) == (0, "tester") and handover.agent.startswith("bot:")
    assert not any(e.forfeit for e in record.entries)


def test_a_closed_page_loses_its_seat_after_the_grace_period(web):
    """The page is open when the game starts (it waits for a contest client to take the open
    seat), then closes while asked: after the grace period the seat has left, as the contest
    rules a client that leaves (the other colour wins)."""
    with clock(web, None, TINY):
        created = new_game(web, "blokus", ["me", "open"])
    [mine] = created["seats"]
    [held] = [s for s in table_of(web, created["id"])["seats"] if s["waiting"]]

    async def scenario():
        client = None
        async with websockets.connect(seat_url(web, created["id"], 0, mine["token"])) as socket:
            while True:
                frame = json.loads(await asyncio.wait_for(socket.recv(), 120))
                if frame["type"] == "waiting" and client is None:
                    client = asyncio.ensure_future(run_client(held["connect"]))
                if frame.get("asked"):
                    break
        await client  # the page closed: the client plays on until the game ends
        return frame

    last = asyncio.run(scenario())
    assert last["clock"] is None  # no time limit per decision here
    record = wait_for_end(web, created["id"])
    [entry] = [e for e in record.entries if e.forfeit is not None]
    assert entry.seat == 0 and entry.forfeit is EndCause.LEFT and "did not come back" in entry.reason
    assert record.result.seats[0].cause is EndCause.LEFT


def test_a_reload_keeps_the_seat_and_no_other_browser_takes_it(web):
    with clock(web, 600.0, 600.0):
        created = new_game(web, "blokus", ["me", "random"])
    [mine] = created["seats"]
    url = seat_url(web, created["id"], 0, mine["token"])

    async def scenario():
        async with websockets.connect(url) as socket:  # the first page: asked, does not answer
            first = json.loads(await asyncio.wait_for(socket.recv(), 60))
            while not first.get("asked"):
                first = json.loads(await asyncio.wait_for(socket.recv(), 60))
        # another browser, without the token or with a guessed one, gets nothing
        strangers = []
        for token in ("", "guess", mine["token"][:-1]):
            async with websockets.connect(seat_url(web, created["id"], 0, token)) as socket:
                strangers.append(json.loads(await asyncio.wait_for(socket.recv(), 60)))
        # the reload: the same seat, still asked the same question, on the same clock
        async with websockets.connect(url) as socket:
            again = json.loads(await asyncio.wait_for(socket.recv(), 60))
        return first, strangers, again

    first, strangers, again = asyncio.run(scenario())
    assert strangers == [{"type": "error", "message": "no such seat, or not your token"}] * 3
    assert again["asked"] and again["decision"] == first["decision"] and again["legal"] == first["legal"]
    assert 0 <= again["clock"] <= first["clock"] <= 600
    frames = asyncio.run(play_seat(web, created["id"], mine, 100_000))  # the person plays on, to the end
    assert frames[-1]["type"] == "end"
    record = wait_for_end(web, created["id"])
    assert record.status == "finished" and not any(e.forfeit for e in record.entries)
    assert any(e.seat == 0 for e in record.entries) and record.seats[0].agent == "web"


def test_the_clock_is_configured_under_web():
    from tablehall.guide import describe_services
    from tablehall.server.config import ConfigError, ServerConfig, check_sections

    check_sections(ServerConfig(sections={"web": {"decision_timeout": 90, "reconnect_grace": 0}}))
    for bad in ({"decision_timeout": "soon"}, {"clock": 5}):
        with pytest.raises(ConfigError, match=r"\[web\]"):
            check_sections(ServerConfig(sections={"web": bad}))
    help_text = describe_services()
    assert "[web]" in help_text and "decision_timeout = 300" in help_text and "reconnect_grace = 120" in help_text


def test_the_play_page_tells_the_clock(web):
    with clock(web, 240.0, 90.0):
        created = new_game(web, "dominion", ["me", "bigmoney"])
        status, page = web.get(f"/play/{created['id']}?seat=0")
    assert status == 200 and 'id="clock"' in page
    assert "240 seconds for each move" in page and "waits 90 seconds" in page

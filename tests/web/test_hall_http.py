"""The hall's HTTP and WebSocket edges (issue 27): compressed pages and JSON, cached static
files, the icon, errors as the API promises (JSON under /api, a page with the site's header
elsewhere), an ended game's address leading to its replay, the rematch's guard, the move text
in frames, and the chat's checks (length, control characters, rate, rooms)."""

from __future__ import annotations

import asyncio
import gzip
import json
import urllib.error
import urllib.request

import pytest

from tablehall.web import chat as chat_rules

from .test_seat_leaks import new_game

websockets = pytest.importorskip("websockets", reason="socket tests need the websockets client")


def fetch(web, path: str, body: dict | None = None, gzipped: bool = True) -> tuple[int, dict, bytes]:
    """Status, headers and the body as sent (still compressed when it was)."""
    headers = {"accept-encoding": "gzip"} if gzipped else {}
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(web.url + path, data=data, headers=headers, method="POST" if data else "GET")

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    try:
        with urllib.request.build_opener(NoRedirect).open(request, timeout=60) as response:
            return response.status, {k.lower(): v for k, v in response.headers.items()}, response.read()
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read()


def text(headers: dict, body: bytes) -> str:
    return (gzip.decompress(body) if headers.get("content-encoding") == "gzip" else body).decode()


def test_pages_and_json_are_compressed_and_static_files_cached(web, stored):
    record = stored[1]["catan"]
    for path in ("/", f"/api/records/{record.id}/replay", "/static/style.css"):
        status, headers, body = fetch(web, path)
        assert status == 200 and headers.get("content-encoding") == "gzip", path
        assert len(body) < len(text(headers, body).encode())
    for path in ("/static/play.js", "/boards/dominion.js", "/favicon.ico"):
        status, headers, _ = fetch(web, path)
        assert status == 200 and "max-age=" in headers.get("cache-control", ""), path
    status, headers, body = fetch(web, "/favicon.ico")
    assert headers["content-type"].startswith("image/svg+xml") and b"<svg" in body


def test_errors_are_json_under_api_and_pages_with_the_header_elsewhere(web, stored):
    status, headers, body = fetch(web, "/api/records/no-such-record")
    assert status == 404 and json.loads(text(headers, body))["detail"]
    status, headers, body = fetch(web, "/records/no-such-record")
    page = text(headers, body)
    assert status == 404 and headers["content-type"].startswith("text/html")
    assert 'class="brand"' in page and 'name="viewport"' in page and "no-such-record" in page
    status, headers, body = fetch(web, "/api/games/new", {"game": "dominion", "seats": ["me", "me", "wizard"]})
    assert status == 400 and "unknown seat 'wizard'" in json.loads(text(headers, body))["detail"]
    status, headers, body = fetch(web, "/api/games/new", {"seats": ["me"]})
    assert status == 400 and json.loads(text(headers, body))["detail"].startswith("a new game needs")
    # a game no longer live: its address leads to its replay
    record = stored[1]["dominion"]
    for path in (f"/games/{record.id}", f"/play/{record.id}?seat=0"):
        status, headers, _ = fetch(web, path)
        assert status == 303 and headers["location"] == f"/records/{record.id}", path
    assert fetch(web, "/games/never-was")[0] == 404


def test_a_rematch_is_for_a_seated_person_only(web):
    created = new_game(web, "dominion", ["me", "bigmoney"])
    path = f"/api/games/{created['id']}/rematch"
    assert fetch(web, path, {"seat": 0, "token": "not-the-token"})[0] == 403
    assert fetch(web, path, {"seat": 1, "token": created["seats"][0]["token"]})[0] == 403
    assert fetch(web, "/api/games/nothing/rematch", {"seat": 0, "token": "x"})[0] == 403
    status, headers, body = fetch(web, path, {"seat": 0, "token": created["seats"][0]["token"]})
    again = json.loads(text(headers, body))
    assert status == 200 and again["id"] != created["id"] and [s["seat"] for s in again["seats"]] == [0]
    for game_id in (created["id"], again["id"]):
        [live] = [m for m in web.server.live_matches() if m.id == game_id]
        web.loop.call_soon_threadsafe(live.abort, "rematch checked")


def test_chat_lines_are_checked_kept_apart_by_room_and_stored(web):
    created = new_game(web, "dominion", ["me", "person"])
    base = web.url.replace("http", "ws")

    def seat_url(seat: dict) -> str:
        return f"{base}/ws/games/{created['id']}/seats/{seat['seat']}?token={seat['token']}"

    async def until(socket, kind: str) -> dict:
        while True:
            frame = json.loads(await asyncio.wait_for(socket.recv(), 60))
            if frame["type"] == kind:
                return frame

    async def scenario() -> tuple[list, list]:
        async with websockets.connect(seat_url(created["seats"][0])) as ana, \
                websockets.connect(seat_url(created["seats"][1])) as ben, \
                websockets.connect(f"{base}/ws/games/{created['id']}") as spectator:
            first = json.loads(await asyncio.wait_for(ana.recv(), 60))
            assert "history" in first and first["history"][0]["lines"]  # the game so far, in words
            await ana.send(json.dumps({"chat": "hello\x00 \x1b[31mben\n"}))
            heard = (await until(ben, "chat"))["lines"]
            await ana.send(json.dumps({"chat": "x" * (chat_rules.MAX_LENGTH + 1)}))
            too_long = await until(ana, "chat-refused")
            await ana.send(json.dumps({"chat": "   "}))
            empty = await until(ana, "chat-refused")
            await spectator.send(json.dumps({"chat": "go ana", "name": "zed"}))
            watched = (await until(spectator, "chat"))["lines"]
            for _ in range(chat_rules.PER_MINUTE + 1):  # one more than a minute's burst
                await ben.send(json.dumps({"chat": "spam"}))
            refusal = await until(ben, "chat-refused")
            return [heard, watched], [too_long, empty, refusal]

    (heard, watched), refusals = asyncio.run(scenario())
    assert [(l["name"], l["text"], l["room"]) for l in heard] == [("tester", "hello [31mben", "players")]
    assert [(l["name"], l["text"]) for l in watched] == [("zed", "go ana")]
    assert f"at most {chat_rules.MAX_LENGTH}" in refusals[0]["error"] and "empty" in refusals[1]["error"]
    assert f"at most {chat_rules.PER_MINUTE} messages a minute" in refusals[2]["error"]
    [live] = [m for m in web.server.live_matches() if m.id == created["id"]]
    web.call(lambda: _abort(live))
    record = web.store.load(created["id"])
    rooms = [line["room"] for line in record.chat]
    assert rooms.count("spectators") == 1 and rooms.count("players") == 1 + chat_rules.PER_MINUTE  # ana's, ben's
    assert json.loads(record.dumps())["chat"] == record.chat


async def _abort(match) -> None:
    match.abort("chat checked")
    await match.finished.wait()

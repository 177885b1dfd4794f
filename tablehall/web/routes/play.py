"""One live game: its board page for spectators, the play page of a person's seat, its JSON,
and the two WebSockets: a spectator's (the observer's frames out, the spectators' chat both
ways) and a seat's (that seat's frames out, its actions and the players' chat in)."""

from __future__ import annotations

import asyncio
import json
from typing import Any, AsyncIterator

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ...core.names import name_problem
from ...core.records import RecordError
from .. import guard, views
from ..hall import hall_of
from ..live import offer
from ..pages import page


async def live_page(request: Request) -> Response:
    match_id = request.path_params["id"]
    match = hall_of(request).find(match_id)
    if match is None:
        return _ended(request, match_id)
    return page("live.html", request, game=views.live_game(match_id, match))


async def play_page(request: Request) -> Response:
    hall, match_id = hall_of(request), request.path_params["id"]
    clock = {"limit": hall.decision_timeout, "grace": hall.reconnect_grace}
    match = hall.find(match_id)
    if match is not None:
        return page("play.html", request, game=views.live_game(match_id, match), clock=clock)
    table = hall.find_table(match_id)
    if table is None:
        return _ended(request, match_id)
    return page("play.html", request, game=views.waiting_game(table), clock=clock)


def _ended(request: Request, match_id: str) -> RedirectResponse:
    """A game no longer live: its replay when it was stored, else 404."""
    try:
        record = hall_of(request).store.load(match_id)
    except RecordError:
        record = None
    if record is not None and record.id == match_id:
        return RedirectResponse(f"/records/{record.id}", 303)
    raise HTTPException(404, f"no live game {match_id[:40]!r}: it may be over (see the records) or never was")


async def api_game(request: Request) -> JSONResponse:
    match_id = request.path_params["id"]
    match = hall_of(request).find(match_id)
    if match is None:
        raise HTTPException(404, "no such live game")
    return JSONResponse({**views.live_game(match_id, match), **views.observer_frame(match)})


async def watch(socket: WebSocket) -> None:
    """A spectator: the game so far in words, the observer's frame now and after every change,
    until the end; and the spectators' chat both ways."""
    await socket.accept()
    hall, match_id = hall_of(socket), socket.path_params["id"]
    match = hall.find(match_id)
    if match is None:
        await _refuse(socket, "no such live game")
        return
    spectators = hall.watchers.of(match_id, match)
    queue = spectators.join()
    chat = hall.chats.of(match_id, match)
    chat.join("spectators", queue, lambda frame: offer(queue, json.dumps(frame)))
    sender = asyncio.ensure_future(_forward(queue, socket))
    who = f"spectator:{guard.client(socket.scope)}"  # the rate is per address
    try:
        async for message in _messages(socket, sender):
            name = str(message.get("name") or "spectator")[:40]
            error = name_problem(name) and "your name: " + name_problem(name)
            error = error or chat.say("spectators", who, name, None, message.get("chat"))
            if error:
                await socket.send_json({"type": "chat-refused", "error": error})
    except (WebSocketDisconnect, ValueError, RuntimeError):
        pass
    finally:
        sender.cancel()
        chat.leave("spectators", queue)
        spectators.leave(queue)
    await _close(socket)


async def play_socket(socket: WebSocket) -> None:
    """A person's seat: that seat's frames (the game so far in words, its view and, when asked,
    its legal actions) out while its actions and the players' chat come in, until the game ends
    or another socket takes the seat."""
    await socket.accept()
    hall, match_id = hall_of(socket), socket.path_params["id"]
    seat = hall.person(match_id, socket.path_params["seat"])
    if seat is None or not seat.admits(socket.query_params.get("token", "")):
        await _refuse(socket, "no such seat, or not your token")
        return
    queue = seat.attach()
    chat = hall.chats.of(match_id, seat.match) if seat.match is not None else None
    if chat is not None:
        chat.join("players", seat, seat.tell)
    sender = asyncio.ensure_future(_forward(queue, socket))
    try:
        async for message in _messages(socket, sender):
            if "chat" in message:
                error = (chat.say("players", f"{match_id}:{seat.seat}", seat.name, seat.seat, message["chat"])
                         if chat is not None else "the game has not started")
                if error:
                    await socket.send_json({"type": "chat-refused", "error": error})
                continue
            # an action for the seat; a refusal is told to the page
            error = seat.submit(message.get("action"))
            if error:
                await socket.send_json({"type": "refused", "error": error})
    except (WebSocketDisconnect, ValueError, RuntimeError):
        pass
    finally:
        sender.cancel()
        if chat is not None and chat.members["players"].get(seat) == seat.tell:
            chat.leave("players", seat)
        seat.detach(queue)
    await _close(socket)


async def _forward(queue: asyncio.Queue, socket: WebSocket) -> None:
    """Send the page's frames until its last one (the end, or the seat taken by another socket)."""
    while True:
        text = await queue.get()
        await socket.send_text(text)
        if text.startswith(('{"type": "end"', '{"type": "replaced"')):
            return


async def _messages(socket: WebSocket, sender: asyncio.Future) -> AsyncIterator[dict[str, Any]]:
    """What the page sends (JSON objects; anything else is skipped) while its frames go out."""
    while not sender.done():
        receiver = asyncio.ensure_future(socket.receive_json())
        done, _ = await asyncio.wait({sender, receiver}, return_when=asyncio.FIRST_COMPLETED)
        if receiver not in done:
            receiver.cancel()
            return
        message = receiver.result()
        if isinstance(message, dict):
            yield message


async def _refuse(socket: WebSocket, message: str) -> None:
    await socket.send_json({"type": "error", "message": message})
    await socket.close()


async def _close(socket: WebSocket) -> None:
    """Close a socket the browser may have closed already."""
    try:
        await socket.close()
    except (RuntimeError, WebSocketDisconnect):
        pass


routes = [
    Route("/games/{id}", live_page),
    Route("/play/{id}", play_page),
    Route("/api/games/{id}", api_game),
    WebSocketRoute("/ws/games/{id}", watch),
    WebSocketRoute("/ws/games/{id}/seats/{seat}", play_socket),
]

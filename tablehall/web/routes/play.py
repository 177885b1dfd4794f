"""One live game: its board page for spectators, the play page of a person's seat, its JSON,
and the two WebSockets: a spectator's (the observer's frames) and a seat's (that seat's frames
out, its actions in)."""

from __future__ import annotations

import asyncio

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from .. import views
from ..hall import hall_of
from ..pages import page
from ..seats import BrowserSeat


async def live_page(request: Request) -> HTMLResponse:
    match_id = request.path_params["id"]
    match = hall_of(request).find(match_id)
    if match is None:
        raise HTTPException(404, "no such live game")
    return page("live.html", request, game=views.live_game(match_id, match))


async def play_page(request: Request) -> HTMLResponse:
    hall, match_id = hall_of(request), request.path_params["id"]
    clock = {"limit": hall.decision_timeout, "grace": hall.reconnect_grace}
    match = hall.find(match_id)
    if match is not None:
        return page("play.html", request, game=views.live_game(match_id, match), clock=clock)
    table = hall.find_table(match_id)
    if table is None:
        raise HTTPException(404, "no such live game (it may be over: see the records)")
    return page("play.html", request, game=views.waiting_game(table), clock=clock)


async def api_game(request: Request) -> JSONResponse:
    match_id = request.path_params["id"]
    match = hall_of(request).find(match_id)
    if match is None:
        raise HTTPException(404, "no such live game")
    return JSONResponse({**views.live_game(match_id, match), **views.observer_frame(match)})


async def watch(socket: WebSocket) -> None:
    """A spectator: the observer's frame now and after every change, until the end."""
    await socket.accept()
    hall = hall_of(socket)
    match = hall.find(socket.path_params["id"])
    if match is None:
        await _refuse(socket, "no such live game")
        return
    spectators = hall.watchers.of(socket.path_params["id"], match)
    queue = spectators.join()
    try:
        while True:
            text = await queue.get()
            await socket.send_text(text)
            if text.startswith('{"type": "end"'):
                break
    except WebSocketDisconnect:
        pass
    finally:
        spectators.leave(queue)
    await _close(socket)


async def play_socket(socket: WebSocket) -> None:
    """A person's seat: that seat's frames (its view and, when asked, its legal actions) out
    while its actions come in, until the game ends or another socket takes the seat."""
    await socket.accept()
    seat = hall_of(socket).person(socket.path_params["id"], socket.path_params["seat"])
    if seat is None or not seat.admits(socket.query_params.get("token", "")):
        await _refuse(socket, "no such seat, or not your token")
        return
    queue = seat.attach()
    sender = asyncio.ensure_future(_forward(queue, socket))
    try:
        await _take_actions(seat, socket, sender)
    except (WebSocketDisconnect, ValueError, RuntimeError):
        pass
    finally:
        sender.cancel()
        seat.detach(queue)
    await _close(socket)


async def _forward(queue: asyncio.Queue, socket: WebSocket) -> None:
    """Send the seat's frames until its last one (the end, or the seat taken by another socket)."""
    while True:
        text = await queue.get()
        await socket.send_text(text)
        if text.startswith(('{"type": "end"', '{"type": "replaced"')):
            return


async def _take_actions(seat: BrowserSeat, socket: WebSocket, sender: asyncio.Future) -> None:
    """Hand the page's actions to the seat (telling the page a refusal) while frames go out."""
    while not sender.done():
        receiver = asyncio.ensure_future(socket.receive_json())
        done, _ = await asyncio.wait({sender, receiver}, return_when=asyncio.FIRST_COMPLETED)
        if receiver not in done:
            receiver.cancel()
            return
        message = receiver.result()
        error = seat.submit(message.get("action") if isinstance(message, dict) else None)
        if error:
            await socket.send_json({"type": "refused", "error": error})


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

"""The lobby: live games with spectate links, the tables waiting for clients, this server's
listeners and how to connect a bot to each; and the JSON of the server, its API (OpenAPI) and
its live games."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse
from starlette.routing import Route

from ...core.registry import game_names
from .. import openapi, views
from ..hall import hall_of
from ..pages import page


async def lobby(request: Request) -> HTMLResponse:
    hall = hall_of(request)
    host = request.url.hostname or "127.0.0.1"
    commands = {l.service: hall.connect_command(None, service=l.service, host=host) for l in hall.listeners}
    tables = [views.table_json(t, hall.commands_for(host)) for t in hall.waiting_tables()]
    return page("lobby.html", request, live=views.live_games(hall.live()), listeners=hall.listeners, host=host,
                tables=tables, commands=commands)


async def api_server(request: Request) -> JSONResponse:
    return JSONResponse({"games": game_names(), **hall_of(request).extra()})


async def api_openapi(request: Request) -> JSONResponse:
    return JSONResponse(openapi.document())


async def api_games(request: Request) -> JSONResponse:
    return JSONResponse({"games": views.live_games(hall_of(request).live())})


routes = [
    Route("/", lobby),
    Route("/api/server", api_server),
    Route("/api/openapi.json", api_openapi),
    Route("/api/games", api_games),
]

"""The arena's tournaments in the web hall: `/api/tournaments` (the list, one tournament with
its leaderboard and a page of its games) and the leaderboard pages.  Read-only: the arena
writes tournaments to the record store as they run, and these routes read them back."""

from __future__ import annotations

from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse
from starlette.routing import Route

from ...core.records import RecordError
from .. import views
from ..hall import hall_of
from ..pages import page
from .params import game_param

MAX_PAGE = 500


async def list_page(request: Request) -> HTMLResponse:
    return page("tournaments.html", request, tournaments=_listing(request))


async def leaderboard_page(request: Request) -> HTMLResponse:
    return page("tournament.html", request, t=_one(request))


async def api_list(request: Request) -> JSONResponse:
    return JSONResponse({"tournaments": _listing(request)})


async def api_one(request: Request) -> JSONResponse:
    return JSONResponse(_one(request))


def _listing(request: Request) -> list[dict[str, Any]]:
    game = game_param(request)
    limit = _number(request, "limit", 50, 1, MAX_PAGE)
    return [views.tournament_summary(t) for t in hall_of(request).store.tournaments(game, limit)]


def _one(request: Request) -> dict[str, Any]:
    try:
        doc, games = hall_of(request).store.load_tournament(request.path_params["id"])
    except RecordError as exc:
        raise HTTPException(404, str(exc)) from None
    offset = _number(request, "offset", 0, 0, 10**12)
    limit = _number(request, "limit", 100, 1, MAX_PAGE)
    return {**doc, "games_total": len(games), "games_offset": offset,
            "games": [{"index": i, "record": r, "digest": d} for i, r, d in games[offset:offset + limit]]}


def _number(request: Request, name: str, default: int, low: int, high: int) -> int:
    try:
        return min(high, max(low, int(request.query_params.get(name, default))))
    except ValueError:
        raise HTTPException(400, f"{name} must be a whole number") from None


routes = [
    Route("/tournaments", list_page),
    Route("/tournaments/{id}", leaderboard_page),
    Route("/api/tournaments", api_list),
    Route("/api/tournaments/{id}", api_one),
]

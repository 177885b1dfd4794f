"""The arena's tournaments in the web hall: `/api/tournaments` (the list, one tournament with
its leaderboard and a page of its games) and the leaderboard pages.  Read-only: the arena
writes tournaments to the record store as they run, and these routes read them back."""

from __future__ import annotations

from typing import Any, Callable

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse
from starlette.routing import Route

from ..core.records import RecordError
from ..core.registry import UnknownGame, get_game
from ..core.store import TournamentSummary

MAX_PAGE = 500


def summary_json(summary: TournamentSummary) -> dict[str, Any]:
    return {"id": summary.id, "game": summary.game, "name": summary.name, "status": summary.status,
            "started_at": summary.started_at, "updated_at": summary.updated_at, "games": summary.games}


def _number(request: Request, name: str, default: int, low: int, high: int) -> int:
    try:
        return min(high, max(low, int(request.query_params.get(name, default))))
    except ValueError:
        raise HTTPException(400, f"{name} must be a whole number") from None


def routes(hall: Any, page: Callable[..., HTMLResponse]) -> list[Route]:
    """The routes, given the hall (its store) and the app's page renderer."""

    def listing(request: Request) -> list[dict[str, Any]]:
        game = request.query_params.get("game") or None
        if game is not None:
            try:
                get_game(game)
            except UnknownGame as exc:
                raise HTTPException(400, str(exc)) from None
        limit = _number(request, "limit", 50, 1, MAX_PAGE)
        return [summary_json(t) for t in hall.store.tournaments(game, limit)]

    def one(request: Request) -> dict[str, Any]:
        try:
            doc, games = hall.store.load_tournament(request.path_params["id"])
        except RecordError as exc:
            raise HTTPException(404, str(exc)) from None
        offset = _number(request, "offset", 0, 0, 10**12)
        limit = _number(request, "limit", 100, 1, MAX_PAGE)
        return {**doc, "games_total": len(games), "games_offset": offset,
                "games": [{"index": i, "record": r, "digest": d} for i, r, d in games[offset:offset + limit]]}

    async def api_list(request: Request) -> JSONResponse:
        return JSONResponse({"tournaments": listing(request)})

    async def api_one(request: Request) -> JSONResponse:
        return JSONResponse(one(request))

    async def list_page(request: Request) -> HTMLResponse:
        return page("tournaments.html", request, tournaments=listing(request))

    async def leaderboard_page(request: Request) -> HTMLResponse:
        return page("tournament.html", request, t=one(request))

    return [
        Route("/tournaments", list_page),
        Route("/tournaments/{id}", leaderboard_page),
        Route("/api/tournaments", api_list),
        Route("/api/tournaments/{id}", api_one),
    ]

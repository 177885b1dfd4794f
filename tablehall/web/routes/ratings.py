"""Ratings in the web: the leaderboards, a player's page (rating per game with its chart, games
with filters, results against each opponent), and the rating changes a game made (shown at its
end).  The numbers are the accounts' (`accounts.ratings`); this module only arranges them."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse
from starlette.routing import Route

from ...accounts.ratings import RatingChange, Standing
from ...core.registry import UnknownGame, game_names, get_game
from ...core.store import RecordQuery, RecordSummary
from .. import auth, views
from ..chart import rating_svg
from ..hall import hall_of
from ..pages import page
from .params import game_param

#: the games a player page reads to count results against each opponent
OPPONENT_GAMES = 200


def standing_json(standing: Standing) -> dict[str, Any]:
    return {"name": standing.name, "kind": standing.kind, "rating": round(standing.rating, 1),
            "deviation": round(standing.deviation, 1), "games": standing.games, "provisional": standing.provisional}


def change_json(change: RatingChange, name: str) -> dict[str, Any]:
    return {"name": name, "game": change.game, "before": round(change.before, 1), "after": round(change.after, 1),
            "delta": round(change.delta, 1), "deviation": round(change.deviation, 1), "score": change.score}


def _game(request: Request) -> str:
    try:
        return get_game(request.path_params["game"]).name
    except UnknownGame:
        raise HTTPException(404, "no such game") from None


async def leaderboards_page(request: Request) -> HTMLResponse:
    accounts = auth.accounts_of(request)
    boards = {game: accounts.ratings.leaderboard(game, limit=10) for game in game_names()}
    return page("leaderboard.html", request, boards=boards, single=None)


async def leaderboard_page(request: Request) -> HTMLResponse:
    accounts, game = auth.accounts_of(request), _game(request)
    provisional = request.query_params.get("provisional") == "1"
    return page("leaderboard.html", request, boards={game: accounts.ratings.leaderboard(game, 100, provisional)},
                single=game, provisional=provisional)


async def api_leaderboard(request: Request) -> JSONResponse:
    accounts, game = auth.accounts_of(request), _game(request)
    provisional = request.query_params.get("provisional") == "1"
    return JSONResponse({"game": game, "players": [standing_json(s) for s in
                                                   accounts.ratings.leaderboard(game, 100, provisional)]})


async def api_record_ratings(request: Request) -> JSONResponse:
    """The rating changes a game made: empty for a casual game, or a rated one still playing."""
    accounts = auth.accounts_of(request)
    changes = accounts.ratings.changes(request.path_params["id"])
    return JSONResponse({"id": request.path_params["id"],
                         "changes": [change_json(c, _player_name(accounts, c.player)) for c in changes]})


def _player_name(accounts: Any, player: str) -> str:
    if player.startswith("bot:"):
        return player[len("bot:"):]
    account = accounts.book.get(player)
    return account.name if account is not None else "?"


@dataclass
class Versus:
    """Results against one opponent over the games read."""

    won: int = 0
    drawn: int = 0
    lost: int = 0


def results_against(name: str, summaries: list[RecordSummary]) -> dict[str, Versus]:
    """For each opponent of `name`, how its finished games against them went (placed above,
    level, below), from the stored "rank:score" of each seat."""
    table: dict[str, Versus] = defaultdict(Versus)
    for summary in summaries:
        if summary.status != "finished" or not summary.result or ":" not in summary.result:
            continue
        players = summary.seats.split(", ")
        ranks = [int(part.split(":")[0]) for part in summary.result.split()]
        if name not in players or len(ranks) != len(players):
            continue
        mine = ranks[players.index(name)]
        for other, rank in zip(players, ranks):
            if other == name:
                continue
            versus = table[other]
            if mine < rank:
                versus.won += 1
            elif mine == rank:
                versus.drawn += 1
            else:
                versus.lost += 1
    return dict(sorted(table.items(), key=lambda item: -(item[1].won + item[1].drawn + item[1].lost)))


def player_ratings(accounts: Any, name: str) -> tuple[Any, dict[str, Standing], dict[str, Markup]]:
    """The account called `name` (None: a guest's name), its rating per game and their charts."""
    account = accounts.book.find(name)
    if account is None:
        return None, {}, {}
    standings = accounts.ratings.of(account.id)
    charts = {}
    for game in standings:
        history = accounts.ratings.history(account.id, game)
        if history:
            charts[game] = Markup(rating_svg(f"{account.name}'s {game} rating",
                                             [history[0].before, *(c.after for c in history)]))
    return account, standings, charts


async def profile_page(request: Request) -> HTMLResponse:
    accounts = auth.accounts_of(request)
    name = request.path_params["name"]
    account, standings, charts = player_ratings(accounts, name)
    shown = account.name if account is not None else name
    status = request.query_params.get("status") or None
    query = RecordQuery(game=game_param(request), player=shown, status=status, limit=50)
    store = hall_of(request).store
    found, total = store.search(query)
    everything, _ = store.search(RecordQuery(player=shown, limit=OPPONENT_GAMES))
    return page("profile.html", request, name=shown, account=account, standings=standings, charts=charts,
                records=[views.summary(s) for s in found], total=total, query=query,
                versus=results_against(shown, everything))


async def api_player_ratings(request: Request) -> JSONResponse:
    accounts = auth.accounts_of(request)
    account, standings, _ = player_ratings(accounts, request.path_params["name"])
    if account is None:
        raise HTTPException(404, "no account of that name (a guest's name has no ratings)")
    return JSONResponse({"name": account.name, "kind": account.kind,
                         "ratings": {game: standing_json(s) for game, s in standings.items()}})


routes = [
    Route("/leaderboards", leaderboards_page),
    Route("/leaderboards/{game}", leaderboard_page),
    Route("/profile/{name}", profile_page),
    Route("/api/leaderboards/{game}", api_leaderboard),
    Route("/api/records/{id}/ratings", api_record_ratings),
    Route("/api/players/{name}/ratings", api_player_ratings),
]

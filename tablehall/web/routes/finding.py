"""Finding a game from the web: the seeks page (post a seek per game, accept another's, cancel
your own), "play a bot now" per game, and rematch offers after a game.  A full seek or an agreed
rematch starts its game here, each person's seat bound to their account; the rules are
`accounts.seeks`, the live state `web.finding`."""

from __future__ import annotations

import secrets
from typing import Any
from urllib.parse import quote

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from ...accounts.seeks import MAX_SECONDS, MIN_SECONDS, SeekError, bot_for
from ...core.identity import Identity
from ...core.records import RecordError
from ...core.registry import UnknownGame, game_names, get_game
from .. import auth, guard
from ..hall import hall_of
from ..pages import page
from .accounts import checked_form, logged_in
from .tables import NewGame, start_game


def _identity(request: Request) -> Identity:
    account = logged_in(request)
    return Identity(account.name, account.id, True)


def _start(request: Request, spec: Any, seats: list[str], players: dict[int, str], rated: bool,
           seconds: float | None = None, options: dict | None = None) -> dict[str, Any]:
    """Start a game whose browser seats are these accounts'; each account's seat is kept for
    its page."""
    game = NewGame(spec, seats, name="guest", options=spec.normalize_options(dict(options or {})),
                   seed=secrets.randbits(62), seed_chosen=False, pace=0.0, rated=rated, seconds_per_move=seconds,
                   players=players)
    refusal = game.refusal()
    if refusal:
        raise HTTPException(400, refusal)
    started = start_game(request, game)
    hall_of(request).finding.seated([(seat["name"], {**seat, "id": started["id"], "game": spec.name,
                                                     "rated": rated}) for seat in started["seats"]])
    return started


def _mine(request: Request, started: dict[str, Any], name: str) -> Response:
    """Go to `name`'s seat of a game just started."""
    seat = next(s for s in started["seats"] if s["name"] == name)
    return RedirectResponse(seat["play"], status_code=303)


async def seeks_page(request: Request) -> HTMLResponse:
    hall = hall_of(request)
    account = auth.viewer(request)
    name = account.name if account is not None else None
    mine = hall.finding.seats_of(name) if name else []
    for seat in mine:
        seat["live"] = hall.is_live(seat["id"])
    seeks = hall.finding.seeks.open()
    waiting = any(name in seek.names for seek in seeks) if name else False
    rematches = hall.finding.rematches.pending([name]) if name else []
    counts = {g: sorted(c for c in get_game(g).seat_counts if c > 1) for g in game_names()}
    return page("seeks.html", request, seeks=seeks, mine=mine, me=name, waiting=waiting, rematches=rematches,
                counts=counts, min_seconds=MIN_SECONDS, max_seconds=MAX_SECONDS,
                error=request.query_params.get("error"))


def _back(error: str | None = None) -> RedirectResponse:
    return RedirectResponse("/seeks" + (f"?error={quote(error)}" if error else ""), status_code=303)


async def post_seek(request: Request) -> Response:
    form = await checked_form(request)
    who = _identity(request)
    try:
        players = int(form.get("players") or 2)
        seconds = int(form["seconds"]) if form.get("seconds") else None
        hall_of(request).finding.seeks.post(who, str(form.get("game", "")), players, form.get("rated") == "on",
                                            seconds)
    except (ValueError, UnknownGame) as error:  # SeekError is a ValueError
        return _back(str(error))
    return _back()


async def accept_seek(request: Request) -> Response:
    await checked_form(request)
    who = _identity(request)
    finding = hall_of(request).finding
    try:
        seek = finding.seeks.accept(request.path_params["id"], who)
    except SeekError as error:
        return _back(str(error))
    if not seek.full:
        return _back()
    started = _start(request, get_game(seek.game), ["me"] * seek.players, dict(enumerate(seek.names)), seek.rated,
                     seek.seconds_per_move)
    return _mine(request, started, who.name)


async def cancel_seek(request: Request) -> Response:
    await checked_form(request)
    try:
        hall_of(request).finding.seeks.cancel(request.path_params["id"], _identity(request))
    except SeekError as error:
        return _back(str(error))
    return _back()


def _bot_now(request: Request, game: str) -> dict[str, Any]:
    """A game of `game` against the built-in bot nearest the player's rating: rated for an
    account, casual for a guest."""
    spec = get_game(game)
    account = auth.viewer(request)
    accounts = hall_of(request).accounts
    rating = None
    bot_ratings: dict[str, float] = {}
    if accounts is not None:
        if account is not None:
            mine = accounts.ratings.of(account.id).get(spec.name)
            rating = mine.rating if mine is not None else None
        for bot in spec.bots:
            standing = accounts.ratings.of(f"bot:{bot}").get(spec.name)
            if standing is not None:
                bot_ratings[bot] = standing.rating
    bot = bot_for(spec.name, rating, bot_ratings)
    players = min(c for c in spec.seat_counts if c > 1)
    name = account.name if account is not None else "guest"
    return _start(request, spec, ["me"] + [bot] * (players - 1), {0: name}, account is not None and accounts is not None)


async def play_bot(request: Request) -> Response:
    form = await checked_form(request)
    try:
        started = _bot_now(request, str(form.get("game", "")))
    except UnknownGame as error:
        return _back(str(error))
    return RedirectResponse(started["seats"][0]["play"], status_code=303)


async def api_play_bot(request: Request) -> JSONResponse:
    """``{"game": G}``: a game against the nearest-rated bot now (rated when logged in)."""
    body = await guard.read_json(request, hall_of(request).limits)
    try:
        return JSONResponse(_bot_now(request, str(body.get("game", "")) if isinstance(body, dict) else ""))
    except UnknownGame as error:
        raise HTTPException(400, str(error)) from None


async def offer_rematch(request: Request) -> Response:
    await checked_form(request)
    who = _identity(request)
    hall = hall_of(request)
    try:
        record = hall.store.load(request.path_params["id"])
        rematch = hall.finding.rematches.offer(record, who)
    except (RecordError, SeekError) as error:
        return _back(str(error))
    if not rematch.agreed:
        return _back()
    spec = get_game(rematch.game)
    seats = [seat if seat in spec.bots else "me" for seat in rematch.seats]
    players = {i: name for i, name in enumerate(rematch.seats) if seats[i] == "me"}
    started = _start(request, spec, seats, players, rematch.rated, options=rematch.options)
    return _mine(request, started, who.name)


async def decline_rematch(request: Request) -> Response:
    await checked_form(request)
    hall_of(request).finding.rematches.decline(request.path_params["id"], _identity(request))
    return _back()


async def api_seeks(request: Request) -> JSONResponse:
    hall = hall_of(request)
    account = auth.viewer(request)
    mine = hall.finding.seats_of(account.name) if account is not None else []
    return JSONResponse({
        "seeks": [{"id": s.id, "game": s.game, "players": s.players, "rated": s.rated,
                   "seconds_per_move": s.seconds_per_move, "seated": s.names} for s in hall.finding.seeks.open()],
        "my_seats": [{**seat, "live": hall.is_live(seat["id"])} for seat in mine]})


routes = [
    Route("/seeks", seeks_page),
    Route("/seeks", post_seek, methods=["POST"]),
    Route("/seeks/{id}/accept", accept_seek, methods=["POST"]),
    Route("/seeks/{id}/cancel", cancel_seek, methods=["POST"]),
    Route("/seeks/bot", play_bot, methods=["POST"]),
    Route("/seeks/rematch/{id}", offer_rematch, methods=["POST"]),
    Route("/seeks/rematch/{id}/decline", decline_rematch, methods=["POST"]),
    Route("/api/seeks", api_seeks),
    Route("/api/play-bot", api_play_bot, methods=["POST"]),
]

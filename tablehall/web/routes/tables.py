"""Games started from the web: the new-game form, `POST /api/games/new`, a game's rematch
(`POST /api/games/{id}/rematch`), and the tables whose seats wait for clients of a game's
protocol (`GET /api/tables`).

A seat is "me"/"person" (a browser seat, with a token), a built-in bot, or "open"/"open:NAME"
(held for a client of the game's protocol: the game's service hosts such a game as a table,
which starts when every open seat is taken)."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field, replace
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse
from starlette.routing import Route

from ...core.agents import BotAgent
from ...core.game import GameSpec
from ...core.hosting import OpenSeat, TableError
from ...core.match import Match
from ...core.names import name_problem
from ...core.registry import UnknownGame, game_names, get_game
from ...core.rng import derive_seed
from .. import auth, guard, views
from ..hall import Hall, hall_of
from ..pages import page
from ..seats import BrowserSeat, PacedBot, person_seat

MAX_PACE = 10.0  # seconds a built-in bot of a web game may be made to wait before each move
PEOPLE = ("me", "person")


@dataclass
class NewGame:
    """A new game as the form asks for it, read and checked."""

    spec: GameSpec
    seats: list[str]
    name: str
    options: dict[str, Any]
    seed: int
    seed_chosen: bool
    pace: float
    rated: bool = False
    seconds_per_move: float | None = None  # a seek's clock for its people (None: the hall's)
    players: dict[int, str] = field(default_factory=dict)  # browser seats' account names (seeks, rematches)

    @classmethod
    def read(cls, body: Any) -> "NewGame":
        """Raises KeyError, TypeError, ValueError or UnknownGame for a body it cannot read."""
        spec = get_game(str(body["game"]))
        seats = [str(s) for s in body["seats"]]
        name = str(body.get("name") or "guest")
        options = spec.normalize_options(dict(body.get("options") or {}))
        seed = int(body["seed"]) if body.get("seed") is not None else secrets.randbits(62)
        if not 0 <= seed < 1 << 62:
            raise ValueError("seed must be 0 <= seed < 2**62")
        pace = float(body.get("pace") or 0)
        if not 0 <= pace <= MAX_PACE:
            raise ValueError(f"pace must be 0 to {MAX_PACE} seconds")
        return cls(spec, seats, name, options, seed, body.get("seed") is not None, pace, body.get("rated") is True)

    def refusal(self) -> str | None:
        """Why the game cannot be played as asked (None: it can)."""
        spec, seats = self.spec, self.seats
        problem = name_problem(self.name)
        if problem is not None:
            return f"your name: {problem}"
        # whoever chooses the seed or the options that fix chance knows what is coming: only for
        # practice, a game whose every other seat is a built-in bot
        fixed = [*(["seed"] if self.seed_chosen else []), *spec.fixed_chance(self.options)]
        if fixed and any(s != "me" and s not in spec.bots for s in seats):
            return f"{', '.join(fixed)} fix chance: they may be chosen only for a game against built-in bots (practice)"
        if self.rated and (fixed or self.has_open_seats or "person" in seats):
            return ("a rated game from this form is played against built-in bots, with nothing fixed "
                    "(rated games between people start from a seek)")
        if len(seats) not in spec.seat_counts:
            return f"{spec.name} is played by {sorted(spec.seat_counts)} seats, not {len(seats)}"
        unknown = [s for s in seats if s not in PEOPLE and s not in spec.bots and not _is_open(s)]
        if unknown:
            return f"unknown seat {unknown[0]!r}: me, person, open, open:NAME or one of {', '.join(sorted(spec.bots))}"
        return None

    @property
    def has_open_seats(self) -> bool:
        return any(_is_open(s) for s in self.seats)


async def new_game_page(request: Request) -> HTMLResponse:
    return page("new.html", request, choices={g: form_choices(get_game(g)) for g in game_names()})


def form_choices(spec: GameSpec) -> dict[str, Any]:
    """What the form offers for a game: its seat counts, bots and options (each with its
    default and the game's own help)."""
    defaults = spec.normalize_options({})
    return {"title": spec.title, "counts": sorted(spec.seat_counts), "default_count": spec.default_seat_count,
            "bots": sorted(spec.bots),
            "options": [{"name": name, "default": value, "help": spec.option_help.get(name, "")}
                        for name, value in defaults.items()]}


async def api_new_game(request: Request) -> JSONResponse:
    hall = hall_of(request)
    address = _may_start(request, hall)
    body = await guard.read_json(request, hall.limits)
    try:
        game = NewGame.read(body)
    except (KeyError, TypeError, ValueError, UnknownGame) as exc:
        raise HTTPException(400, f"a new game needs game, seats (and name, options, seed): {exc}") from None
    refusal = game.refusal()
    if refusal:
        raise HTTPException(400, refusal)
    game.name = auth.player_name(request, game.name, game.rated)  # a logged-in person plays as their account
    return JSONResponse(_launch(hall, game, address))


def start_game(request: Request, game: NewGame) -> dict[str, Any]:
    """Start a checked game for the address of `request` (429 past its live games, 503 on a
    server that starts none): its id and each browser seat's address (with the seat's token)."""
    hall = hall_of(request)
    return _launch(hall, game, _may_start(request, hall))


async def api_rematch(request: Request) -> JSONResponse:
    """The same seats, bots, options and pace as a game started from the web, with a new seed:
    asked by one of its people (the seat and its token; a rated game's, logged in).  A game
    between accounts is rematched by agreement instead (routes.finding)."""
    hall, match_id = hall_of(request), request.path_params["id"]
    address = _may_start(request, hall)
    body = await guard.read_json(request, hall.limits)
    seat = hall.person(match_id, str(body.get("seat")) if isinstance(body, dict) else "")
    if seat is None or not isinstance(body.get("token"), str) or not seat.admits(body["token"]):
        raise HTTPException(403, "only a person seated in this game (its seat and token) may ask for a rematch")
    asked = hall.made.get(match_id)
    if asked is None:
        raise HTTPException(404, "this game was not started from this hall's form, or too long ago")
    if len(asked.players) > 1:  # a token would hand its holder the other accounts' seats
        raise HTTPException(409, "a game between accounts is rematched when its players agree: offer it on /seeks")
    account = auth.viewer(request)
    if asked.rated and (account is None or account.name != seat.name):
        raise HTTPException(403, "a rated game's rematch is asked by its player, logged in")
    return JSONResponse(_launch(hall, replace(asked, seed=secrets.randbits(62), seed_chosen=False), address))


def _may_start(request: Request, hall: Hall) -> str:
    """The address asking for a new game, if this hall starts games and it has room for one more."""
    if hall.start_match is None:
        raise HTTPException(503, "this server does not start games from the web")
    address = guard.client(request.scope)
    if hall.live_games.full(address):
        raise guard.refusal(request.scope, 429, f"{address} has {hall.live_games.cap} live games already: "
                                                "wait for one to end")
    return address


def _launch(hall: Hall, game: NewGame, address: str) -> dict[str, Any]:
    """Start the game (or open its table): its id and each browser seat's address (with the
    seat's token)."""
    browser = [_person(hall, game, index) if seat in PEOPLE else None for index, seat in enumerate(game.seats)]
    match_id = _open_table(hall, game, browser) if game.has_open_seats else _start_match(hall, game, browser)
    hall.seat_people(match_id, browser, made=game)
    hall.live_games.started(address, match_id)
    return {"id": match_id, "rated": game.rated, "seats": [
        {"seat": i, "name": a.name, "token": a.token, "play": f"/play/{match_id}?seat={i}#{a.token}"}
        for i, a in enumerate(browser) if a is not None]}


async def api_tables(request: Request) -> JSONResponse:
    hall = hall_of(request)
    command = hall.commands_for(request.url.hostname or "127.0.0.1")
    return JSONResponse({"tables": [views.table_json(t, command) for t in hall.waiting_tables()]})


def _person(hall: Hall, game: NewGame, index: int) -> BrowserSeat:
    """A browser seat on the hall's clock, with the game's rule for a player out of time."""
    name = game.players.get(index) or (game.name if game.seats[index] == "me" else f"person {index + 1}")
    return person_seat(game.spec, name, game.seed, game.seconds_per_move or hall.decision_timeout,
                       hall.reconnect_grace, hall.bots_threaded)


def _start_match(hall: Hall, game: NewGame, browser: list[BrowserSeat | None]) -> str:
    """A game of browser seats and built-in bots, run by the hall."""
    agents = [agent or _bot(hall, game, seat, index) for index, (seat, agent) in enumerate(zip(game.seats, browser))]
    match_id = "w" + secrets.token_hex(6)
    match = Match(game.spec, agents, seed=game.seed, options=game.options, match_id=match_id)
    match.record.rated = game.rated
    hall.start_match(match)
    return match_id


def _bot(hall: Hall, game: NewGame, bot: str, index: int) -> BotAgent:
    player, name = game.spec.bots[bot](derive_seed(game.seed, "bot", index)), f"{bot}-{index + 1}"
    if game.pace:
        return PacedBot(player, name, game.pace, threaded=hall.bots_threaded)
    return BotAgent(player, name=name, threaded=hall.bots_threaded)


def _open_table(hall: Hall, game: NewGame, browser: list[BrowserSeat | None]) -> str:
    """A game with seats held for protocol clients: hosted by the game's service."""
    if hall.open_table is None:
        raise HTTPException(503, "this server hosts no open seats")
    entrants = [agent or (OpenSeat(seat.partition(":")[2] or None) if _is_open(seat) else seat)
                for seat, agent in zip(game.seats, browser)]
    try:
        table = hall.open_table(game.spec.name, entrants, seed=game.seed, options=game.options)
    except TableError as exc:
        raise HTTPException(400, str(exc)) from None
    for agent in browser:
        if agent is not None:
            agent.describe_table = lambda: views.table_json(table, hall.commands_for(None), owner=True)
            table.watchers.append(agent.table_changed)
    return table.id


def _is_open(seat: str) -> bool:
    return seat == "open" or seat.startswith("open:")


routes = [
    Route("/new", new_game_page),
    Route("/api/games/new", api_new_game, methods=["POST"]),
    Route("/api/games/{id}/rematch", api_rematch, methods=["POST"]),
    Route("/api/tables", api_tables),
]

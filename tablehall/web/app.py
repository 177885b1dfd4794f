"""The ASGI app: JSON API under /api, a WebSocket per live game, and the pages.  Routes only
read: the hall's store and live matches, through `views`."""

from __future__ import annotations

import asyncio
import secrets
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..core.agents import BotAgent
from ..core.hosting import OpenSeat, TableError
from ..core.match import Match
from ..core.names import name_problem
from ..core.records import RecordError
from ..core.rng import derive_seed
from ..core.registry import UnknownGame, game_file, game_names, get_game
from ..core.store import RecordQuery
from . import guard, openapi, views
from .geometry import BOARDS
from .hall import Hall
from .live import Watchers
from .quota import LiveGames
from .seats import BrowserSeat, PacedBot, person_seat
from .tournaments import routes as tournament_routes

HERE = Path(__file__).parent
MAX_PAGE = 200
MAX_OFFSET = 10**12  # past every store; a larger number would not fit SQLite's integers (a 500 the fuzzer found)
MAX_PACE = 10.0  # seconds a built-in bot of a web game may be made to wait before each move


def create_app(hall: Hall) -> Starlette:
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    watchers = Watchers()
    people = hall.people  # match id -> its browser seats
    live_games = LiveGames(hall.limits.live_games_per_address,
                           lambda i: hall.find(i) is not None or hall.find_table(i) is not None)

    def load(record_id: str):
        try:
            return hall.store.load(record_id)
        except RecordError as exc:
            raise HTTPException(404, str(exc)) from None

    # -- JSON API ---------------------------------------------------------------------------------
    async def api_games(request: Request) -> JSONResponse:
        return JSONResponse({"games": [views.live_game(i, m) for i, m in hall.live().items()]})

    async def api_game(request: Request) -> JSONResponse:
        match = hall.find(request.path_params["id"])
        if match is None:
            raise HTTPException(404, "no such live game")
        return JSONResponse({**views.live_game(request.path_params["id"], match), **views.observer_frame(match)})

    async def api_records(request: Request) -> JSONResponse:
        query = _record_query(request)
        page, total = hall.store.search(query)
        return JSONResponse({"records": [views.summary(s) for s in page], "total": total,
                             "offset": query.offset, "limit": query.limit})

    async def api_record(request: Request) -> JSONResponse:
        return JSONResponse(views.record_json(load(request.path_params["id"])))

    async def api_replay(request: Request) -> JSONResponse:
        record = load(request.path_params["id"])
        try:
            steps = views.replay_views(record)
        except RecordError as exc:
            raise HTTPException(422, str(exc)) from None
        return JSONResponse({"id": record.id, "game": record.game, "players": [s.name for s in record.seats],
                             "steps": steps, "result": record.result.to_json() if record.result else None})

    async def api_export(request: Request) -> PlainTextResponse:
        record = load(request.path_params["id"])
        notation = request.path_params["format"]
        if notation == "json":
            return PlainTextResponse(record.dumps(), media_type="application/json")
        exporter = get_game(record.game).exporters.get(notation)
        if exporter is None:
            raise HTTPException(404, f"{record.game} records have no {notation!r} notation")
        try:
            return PlainTextResponse(exporter(record))
        except ValueError as exc:  # a game the notation cannot express (e.g. SGN and the 6-player board)
            raise HTTPException(422, str(exc)) from None

    async def api_geometry(request: Request) -> JSONResponse:
        board = BOARDS.get(request.path_params["game"])
        if board is None:
            raise HTTPException(404, "no board geometry for this game")
        return JSONResponse(board())

    async def api_openapi(request: Request) -> JSONResponse:
        return JSONResponse(openapi.document())

    async def board_module(request: Request) -> FileResponse:
        """A game's board: the module its SPEC names (`web_board`), else static/games/GAME.js,
        else the generic board."""
        game = request.path_params["game"]
        try:
            declared = get_game(game).web_board
        except UnknownGame:
            raise HTTPException(404, "no such game") from None
        path = game_file(game, declared) if declared else HERE / "static" / "games" / f"{game}.js"
        return FileResponse(path if path.is_file() else HERE / "static" / "games" / "default.js",
                            media_type="text/javascript")

    async def api_server(request: Request) -> JSONResponse:
        return JSONResponse({"games": game_names(), **hall.extra()})

    async def api_tables(request: Request) -> JSONResponse:
        host = request.url.hostname or "127.0.0.1"
        return JSONResponse({"tables": [views.table_json(t, lambda t, s: hall.connect_command(t, s, host=host))
                                        for t in hall.waiting_tables()]})

    async def api_new_game(request: Request) -> JSONResponse:
        """Start a game: each seat "me"/"person" (a browser seat, with a token), a built-in bot,
        or "open"/"open:NAME" (held for a client of the game's protocol: the game starts when
        every open seat is taken)."""
        if hall.start_match is None:
            raise HTTPException(503, "this server does not start games from the web")
        address = guard.client(request.scope)
        if live_games.full(address):
            raise guard.refusal(request.scope, 429, f"{address} has {live_games.cap} live games already: "
                                                    "wait for one to end")
        body = await guard.read_json(request, hall.limits)
        try:
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
        except (KeyError, TypeError, ValueError, UnknownGame) as exc:
            raise HTTPException(400, f"a new game needs game, seats (and name, options, seed): {exc}") from None
        problem = name_problem(name)
        if problem is not None:
            raise HTTPException(400, f"your name: {problem}")
        # whoever chooses the seed or the options that fix chance knows what is coming: only for
        # practice, a game whose every other seat is a built-in bot
        fixed = [*(["seed"] if body.get("seed") is not None else []), *spec.fixed_chance(options)]
        if fixed and any(s != "me" and s not in spec.bots for s in seats):
            raise HTTPException(400, f"{', '.join(fixed)} fix chance: they may be chosen only for a game against "
                                     "built-in bots (practice)")
        if len(seats) not in spec.seat_counts:
            raise HTTPException(400, f"{spec.name} is played by {sorted(spec.seat_counts)} seats, not {len(seats)}")
        unknown = [s for s in seats if s not in ("me", "person") and s not in spec.bots and not _is_open(s)]
        if unknown:
            raise HTTPException(400, f"unknown seat {unknown[0]!r}: me, person, open, open:NAME or one of "
                                     f"{', '.join(sorted(spec.bots))}")
        browser = [person(spec, name if seat == "me" else f"person {index + 1}", seed)
                   if seat in ("me", "person") else None for index, seat in enumerate(seats)]
        if any(_is_open(s) for s in seats):
            match_id = _open_table(spec.name, seats, browser, seed, options)
        else:
            agents = [agent or bot_agent(spec.bots[seat](derive_seed(seed, "bot", index)), f"{seat}-{index + 1}", pace)
                      for index, (seat, agent) in enumerate(zip(seats, browser))]
            match_id = "w" + secrets.token_hex(6)
            hall.start_match(Match(spec, agents, seed=seed, options=options, match_id=match_id))
        for gone in [i for i in people if hall.find(i) is None and hall.find_table(i) is None]:
            del people[gone]  # games that ended (or never started) keep no seats
        if any(browser):
            people[match_id] = browser
        live_games.started(address, match_id)
        return JSONResponse({"id": match_id, "seats": [
            {"seat": i, "token": a.token, "play": f"/play/{match_id}?seat={i}#{a.token}"}
            for i, a in enumerate(browser) if a is not None]})

    def person(spec, name: str, seed: int) -> BrowserSeat:
        return person_seat(spec, name, seed, hall.decision_timeout, hall.reconnect_grace, hall.bots_threaded)

    def bot_agent(bot, name: str, pace: float) -> BotAgent:
        if pace:
            return PacedBot(bot, name, pace, threaded=hall.bots_threaded)
        return BotAgent(bot, name=name, threaded=hall.bots_threaded)

    def _open_table(game: str, seats: list[str], browser: list[BrowserSeat | None], seed: int, options) -> str:
        """A game with seats held for protocol clients: hosted by the game's service."""
        if hall.open_table is None:
            raise HTTPException(503, "this server hosts no open seats")
        entrants = [agent or (OpenSeat(seat.partition(":")[2] or None) if _is_open(seat) else seat)
                    for seat, agent in zip(seats, browser)]
        try:
            table = hall.open_table(game, entrants, seed=seed, options=options)
        except TableError as exc:
            raise HTTPException(400, str(exc)) from None
        owner = lambda: views.table_json(table, lambda t, s: hall.connect_command(t, s), owner=True)  # noqa: E731
        for agent in browser:
            if agent is not None:
                agent.describe_table = owner
                table.watchers.append(agent.table_changed)
        return table.id

    async def play_socket(socket: WebSocket) -> None:
        """A person's seat: that seat's view and, when asked, its legal actions; actions back."""
        await socket.accept()
        seats = people.get(socket.path_params["id"], [])
        try:
            index = int(socket.path_params["seat"])
            seat = seats[index]
        except (ValueError, IndexError):
            seat = None
        if seat is None or not seat.admits(socket.query_params.get("token", "")):
            await socket.send_json({"type": "error", "message": "no such seat, or not your token"})
            await socket.close()
            return
        queue = seat.attach()

        async def forward() -> None:
            while True:
                text = await queue.get()
                await socket.send_text(text)
                if text.startswith(('{"type": "end"', '{"type": "replaced"')):
                    return

        sender = asyncio.ensure_future(forward())
        try:
            while not sender.done():
                receiver = asyncio.ensure_future(socket.receive_json())
                done, _ = await asyncio.wait({sender, receiver}, return_when=asyncio.FIRST_COMPLETED)
                if receiver not in done:
                    receiver.cancel()
                    break
                message = receiver.result()
                error = seat.submit(message.get("action") if isinstance(message, dict) else None)
                if error:
                    await socket.send_json({"type": "refused", "error": error})
        except (WebSocketDisconnect, ValueError, RuntimeError):
            pass
        finally:
            sender.cancel()
            seat.detach(queue)
        await _close(socket)

    async def watch(socket: WebSocket) -> None:
        """A spectator: the observer's frame now and after every change, until the end."""
        await socket.accept()
        match = hall.find(socket.path_params["id"])
        if match is None:
            await socket.send_json({"type": "error", "message": "no such live game"})
            await socket.close()
            return
        spectators = watchers.of(socket.path_params["id"], match)
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

    # -- pages ------------------------------------------------------------------------------------
    def page(template: str, request: Request, **context) -> HTMLResponse:
        return templates.TemplateResponse(request, template, {"games": game_names(), **context})

    async def lobby(request: Request) -> HTMLResponse:
        live = [views.live_game(i, m) for i, m in hall.live().items()]
        host = request.url.hostname or "127.0.0.1"
        tables = [views.table_json(t, lambda t, s: hall.connect_command(t, s, host=host)) for t in hall.waiting_tables()]
        commands = {l.service: hall.connect_command(None, service=l.service, host=host) for l in hall.listeners}
        return page("lobby.html", request, live=live, listeners=hall.listeners, host=host, tables=tables,
                    commands=commands)

    async def records_page(request: Request) -> HTMLResponse:
        query = _record_query(request)
        found, total = hall.store.search(query)
        return page("records.html", request, records=[views.summary(s) for s in found], total=total, query=query)

    async def record_page(request: Request) -> HTMLResponse:
        record = load(request.path_params["id"])
        return page("replay.html", request, record=views.record_json(record))

    async def live_page(request: Request) -> HTMLResponse:
        match = hall.find(request.path_params["id"])
        if match is None:
            raise HTTPException(404, "no such live game")
        return page("live.html", request, game=views.live_game(request.path_params["id"], match))

    async def new_game_page(request: Request) -> HTMLResponse:
        bots = {g: sorted(get_game(g).bots) for g in game_names()}
        counts = {g: sorted(get_game(g).seat_counts) for g in game_names()}
        return page("new.html", request, bots=bots, counts=counts)

    async def play_page(request: Request) -> HTMLResponse:
        match = hall.find(request.path_params["id"])
        clock = {"limit": hall.decision_timeout, "grace": hall.reconnect_grace}
        if match is not None:
            return page("play.html", request, game=views.live_game(request.path_params["id"], match), clock=clock)
        table = hall.find_table(request.path_params["id"])
        if table is None:
            raise HTTPException(404, "no such live game (it may be over: see the records)")
        return page("play.html", request, game=views.waiting_game(table), clock=clock)

    async def player_page(request: Request) -> HTMLResponse:
        name = request.path_params["name"]
        found, total = hall.store.search(RecordQuery(player=name, limit=MAX_PAGE))
        return page("player.html", request, name=name, records=[views.summary(s) for s in found], total=total)

    return Starlette(middleware=guard.middleware(hall.limits, hall.allowed_hosts),
                     exception_handlers={HTTPException: guard.error_answer}, routes=[
        Route("/", lobby),
        Route("/records", records_page),
        Route("/records/{id}", record_page),
        Route("/games/{id}", live_page),
        Route("/players/{name}", player_page),
        Route("/new", new_game_page),
        Route("/play/{id}", play_page),
        Route("/boards/{game}.js", board_module),
        Route("/api/server", api_server),
        Route("/api/openapi.json", api_openapi),
        Route("/api/geometry/{game}", api_geometry),
        Route("/api/games", api_games),
        Route("/api/games/new", api_new_game, methods=["POST"]),
        Route("/api/tables", api_tables),
        Route("/api/games/{id}", api_game),
        Route("/api/records", api_records),
        Route("/api/records/{id}", api_record),
        Route("/api/records/{id}/replay", api_replay),
        Route("/api/records/{id}/export/{format}", api_export),
        *tournament_routes(hall, page),
        WebSocketRoute("/ws/games/{id}", watch),
        WebSocketRoute("/ws/games/{id}/seats/{seat}", play_socket),
        Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
    ])


async def _close(socket: WebSocket) -> None:
    """Close a socket the browser may have closed already."""
    try:
        await socket.close()
    except (RuntimeError, WebSocketDisconnect):
        pass


def _is_open(seat: str) -> bool:
    return seat == "open" or seat.startswith("open:")


def _record_query(request: Request) -> RecordQuery:
    params = request.query_params
    game = params.get("game") or None
    if game is not None:
        try:
            get_game(game)
        except UnknownGame as exc:
            raise HTTPException(400, str(exc)) from None
    try:
        offset = min(MAX_OFFSET, max(0, int(params.get("offset", 0))))
        limit = min(MAX_PAGE, max(1, int(params.get("limit", 50))))
    except ValueError:
        raise HTTPException(400, "offset and limit must be whole numbers") from None
    return RecordQuery(game=game, player=params.get("player") or None, status=params.get("status") or None,
                       since=params.get("since") or None, until=params.get("until") or None,
                       offset=offset, limit=limit)

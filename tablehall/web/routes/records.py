"""The record store in the web: the record browser and a player's games, one record (JSON and
every notation the game writes), and its replay, the observer's view after each action."""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from ...core.records import Record, RecordError
from ...core.registry import get_game
from ...core.store import RecordQuery
from .. import views
from ..hall import hall_of
from ..pages import page
from ..replays import replay_body, replay_key
from .params import game_param

MAX_PAGE = 200
MAX_OFFSET = 10**12  # past every store; a larger number would not fit SQLite's integers (a 500 the fuzzer found)


async def records_page(request: Request) -> HTMLResponse:
    query = _record_query(request)
    found, total = hall_of(request).store.search(query)
    return page("records.html", request, records=[views.summary(s) for s in found], total=total, query=query)


async def record_page(request: Request) -> HTMLResponse:
    return page("replay.html", request, record=views.record_json(_load(request)))


async def player_page(request: Request) -> HTMLResponse:
    name = request.path_params["name"]
    found, total = hall_of(request).store.search(RecordQuery(player=name, limit=MAX_PAGE))
    return page("player.html", request, name=name, records=[views.summary(s) for s in found], total=total)


async def api_records(request: Request) -> JSONResponse:
    query = _record_query(request)
    found, total = hall_of(request).store.search(query)
    return JSONResponse({"records": [views.summary(s) for s in found], "total": total,
                         "offset": query.offset, "limit": query.limit})


async def api_record(request: Request) -> JSONResponse:
    return JSONResponse(views.record_json(_load(request)))


async def api_replay(request: Request) -> Response:
    record = _load(request)
    key = replay_key(record)
    etag = f'"{key[1]}"'
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers={"ETag": etag})
    replays = hall_of(request).replays
    body = replays.get(key)
    if body is None:
        try:
            body = await run_in_threadpool(_replay, record)
        except RecordError as exc:
            raise HTTPException(422, str(exc)) from None
        replays.put(key, body)
    return Response(body, media_type="application/json", headers={"ETag": etag})


def _replay(record: Record) -> bytes:
    return replay_body({"id": record.id, "game": record.game, "players": [s.name for s in record.seats],
                        "steps": views.replay_views(record),
                        "result": record.result.to_json() if record.result else None})


async def api_export(request: Request) -> PlainTextResponse:
    record = _load(request)
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


def _load(request: Request) -> Record:
    try:
        return hall_of(request).store.load(request.path_params["id"])
    except RecordError as exc:
        raise HTTPException(404, str(exc)) from None


def _record_query(request: Request) -> RecordQuery:
    params = request.query_params
    game = game_param(request)
    try:
        offset = min(MAX_OFFSET, max(0, int(params.get("offset", 0))))
        limit = min(MAX_PAGE, max(1, int(params.get("limit", 50))))
    except ValueError:
        raise HTTPException(400, "offset and limit must be whole numbers") from None
    return RecordQuery(game=game, player=params.get("player") or None, status=params.get("status") or None,
                       since=params.get("since") or None, until=params.get("until") or None,
                       offset=offset, limit=limit)


routes = [
    Route("/records", records_page),
    Route("/records/{id}", record_page),
    Route("/players/{name}", player_page),
    Route("/api/records", api_records),
    Route("/api/records/{id}", api_record),
    Route("/api/records/{id}/replay", api_replay),
    Route("/api/records/{id}/export/{format}", api_export),
]

"""What the browser draws games with: each game's board module, the ES module its SPEC names
(`GameSpec.web_board`, a file of the game's package), served at `/boards/GAME.js`, and the modules
beside it that it imports, at `/boards/GAME/NAME.js`; the plain board (the view as text) for a
game without one; board geometry derived from the games' own modules; each game's face data
(`GameSpec.face_data`: cards, costs, texts); the site's icon."""

from __future__ import annotations

import re
from pathlib import Path

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import Route

from ...core.registry import UnknownGame, game_file, get_game
from ..geometry import BOARDS

_MODULE_NAME = re.compile(r"[a-z][a-z_]*")
STATIC = Path(__file__).parent.parent / "static"
PLAIN_BOARD = STATIC / "plain_board.js"
CACHE = {"cache-control": "public, max-age=3600"}  # as the static files (app.STATIC_MAX_AGE)


async def board_module(request: Request) -> FileResponse:
    game = request.path_params["game"]
    try:
        declared = get_game(game).web_board
    except UnknownGame:
        raise HTTPException(404, "no such game") from None
    path = game_file(game, declared) if declared else PLAIN_BOARD
    return FileResponse(path, media_type="text/javascript", headers=CACHE)


async def board_part(request: Request) -> FileResponse:
    """A module beside a game's board module (the sea board beside Catan's)."""
    game, name = request.path_params["game"], request.path_params["name"]
    try:
        declared = get_game(game).web_board
    except UnknownGame:
        raise HTTPException(404, "no such game") from None
    if not declared or not _MODULE_NAME.fullmatch(name):
        raise HTTPException(404, "no such board module")
    path = game_file(game, declared).parent / f"{name}.js"
    if not path.is_file():
        raise HTTPException(404, "no such board module")
    return FileResponse(path, media_type="text/javascript", headers=CACHE)


async def api_geometry(request: Request) -> JSONResponse:
    board = BOARDS.get(request.path_params["game"])
    if board is None:
        raise HTTPException(404, "no board geometry for this game")
    return JSONResponse(board())


async def api_faces(request: Request) -> JSONResponse:
    """What a game's face draws its objects with, from the rules' own data (404: none)."""
    try:
        faces = get_game(request.path_params["game"]).face_data
    except UnknownGame:
        raise HTTPException(404, "no such game") from None
    if faces is None:
        raise HTTPException(404, "this game has no face data")
    return JSONResponse(faces(), headers=CACHE)


async def favicon(request: Request) -> FileResponse:
    return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml", headers=CACHE)


routes = [
    Route("/favicon.ico", favicon),
    Route("/api/faces/{game}", api_faces),
    Route("/boards/{game}.js", board_module),
    Route("/boards/{game}/{name}.js", board_part),
    Route("/api/geometry/{game}", api_geometry),
]

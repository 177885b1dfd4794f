"""Query parameters several routes read."""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.requests import Request

from ...core.registry import UnknownGame, get_game


def game_param(request: Request) -> str | None:
    """The `game` filter: None when empty; 400 for a game this server does not know."""
    game = request.query_params.get("game") or None
    if game is not None:
        try:
            get_game(game)
        except UnknownGame as exc:
            raise HTTPException(400, str(exc)) from None
    return game

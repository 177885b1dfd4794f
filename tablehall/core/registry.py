"""The games tablehall knows.  Adding a game is one line here and a package under games/."""

from __future__ import annotations

import importlib

from .game import GameSpec

GAMES: dict[str, str] = {
    "blokus": "tablehall.games.blokus",
    "catan": "tablehall.games.catan",
    "dominion": "tablehall.games.dominion",
    "renaissance": "tablehall.games.renaissance",
}


class UnknownGame(LookupError):
    pass


def game_names() -> list[str]:
    return sorted(GAMES)


def get_game(name: str) -> GameSpec:
    """The SPEC of game `name`, imported on first use."""
    try:
        module = GAMES[name]
    except KeyError:
        raise UnknownGame(f"unknown game {name!r} (known: {', '.join(game_names())})") from None
    return importlib.import_module(module).SPEC

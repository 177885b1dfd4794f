"""The games tablehall knows.  Adding a game is one line in `GAMES` (and one per protocol in
`SERVICES`) and a package under games/.

Nothing here imports a game: a game's package (its rules tables, bots, protocol) is imported
only when a command uses it, so `tablehall records` or `tablehall --help` start at once.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .game import GameSpec

GAMES: dict[str, str] = {
    "blokus": "tablehall.games.blokus",
    "catan": "tablehall.games.catan",
    "dominion": "tablehall.games.dominion",
    "renaissance": "tablehall.games.renaissance",
}


class ServiceInfo(NamedTuple):
    """A protocol listener as the command line shows it, without importing its game.  Must
    agree with the game's `GameSpec.services` (tests/core/test_registry.py checks it)."""

    name: str
    default_port: int
    game: str
    description: str


SERVICES: tuple[ServiceInfo, ...] = (
    ServiceInfo("sc", 13050, "blokus", "Software Challenge 2021 XML (Blokus)"),
    ServiceInfo("jsettlers", 8880, "catan", "JSettlers 2.x (Catan robots and clients)"),
    ServiceInfo("dominion", 8291, "dominion", "Dominion v1 text bot protocol: join, then the stdin/stdout lines"),
    ServiceInfo("renaissance", 48745, "renaissance", "Masters of Renaissance, numeric message codes over text lines"),
)


class UnknownGame(LookupError):
    pass


def game_names() -> list[str]:
    return sorted(GAMES)


def get_game(name: str) -> "GameSpec":
    """The SPEC of game `name`, imported on first use."""
    return _module(name).SPEC


def game_file(name: str, relative: str) -> Path:
    """A file game `name` ships (its web board module, say), `relative` to its package."""
    return Path(_module(name).__file__).parent / relative


def _module(name: str) -> ModuleType:
    try:
        module = GAMES[name]
    except KeyError:
        raise UnknownGame(f"unknown game {name!r} (known: {', '.join(game_names())})") from None
    return importlib.import_module(module)

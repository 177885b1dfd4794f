"""The games tablehall knows, found without importing them.

A game is a module that exports `SPEC` (a `GameSpec`); everything the platform asks of a game
hangs off that SPEC.  Three places list games:

* built in: every package under `tablehall/games/` (named as its folder);
* installed plugins: entry points in the group ``tablehall.games``, named as the game, each
  naming the module that exports SPEC (``nim = "nim_game"`` in the plugin's pyproject.toml,
  under ``[project.entry-points."tablehall.games"]``);
* modules on the path: ``TABLEHALL_GAMES=module[,module...]``, each exporting SPEC, for games
  under development or in tests.  The variable reaches every process a command starts (the
  arena's workers, `serve --workers`), so each must be able to import the module (PYTHONPATH).

A game's package is imported only when a command uses it (entry points and TABLEHALL_GAMES
modules when a name is not built in), so `tablehall --help` and `tablehall records` start at
once.  A built-in game's name cannot be taken by a plugin.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import GameSpec

#: the environment variable naming game modules on the path (comma-separated)
GAMES_VARIABLE = "TABLEHALL_GAMES"
ENTRY_POINT_GROUP = "tablehall.games"
BUILT_IN = "tablehall.games"


class UnknownGame(LookupError):
    pass


def game_names() -> list[str]:
    return sorted(_all_games())


def get_game(name: str) -> "GameSpec":
    """The SPEC of game `name`, imported on first use."""
    return _module(name).SPEC


def all_services() -> list[tuple[str, Any]]:
    """(game, `hosting.ServiceSpec`) for every protocol every registered game offers (a game's
    `GameSpec.services`; the hosting contract stands above the registry)."""
    return [(name, spec) for name in game_names() for spec in get_game(name).services]


def game_file(name: str, relative: str) -> Path:
    """A file game `name` ships (its web board module, say), `relative` to its package."""
    return Path(_module(name).__file__).parent / relative


def game_object(name: str, reference: str) -> Any:
    """What ``module:attribute`` names, the module relative to game `name`'s package when it
    starts with a dot (``.env:NimAdapter``): how a game points at code that lives in a layer
    above it (an environment adapter) without importing it."""
    module, _, attribute = reference.partition(":")
    package = _module(name)
    loaded = importlib.import_module(module, package.__package__ or package.__name__)
    return getattr(loaded, attribute) if attribute else loaded


# -- finding the games --------------------------------------------------------------------------
def _module(name: str) -> ModuleType:
    where = _built_in().get(name) or _elsewhere(os.environ.get(GAMES_VARIABLE, "")).get(name)
    if where is None:
        raise UnknownGame(f"unknown game {name!r} (known: {', '.join(game_names())})")
    module = importlib.import_module(where) if isinstance(where, str) else where
    spec = getattr(module, "SPEC", None)
    if spec is None or spec.name != name:
        raise UnknownGame(f"{module.__name__} does not export the SPEC of game {name!r}")
    return module


def _all_games() -> dict[str, str | ModuleType]:
    return {**_elsewhere(os.environ.get(GAMES_VARIABLE, "")), **_built_in()}


@cache
def _built_in() -> dict[str, str]:
    """Every package under tablehall/games/, by folder name (nothing imported)."""
    folder = Path(__file__).resolve().parent.parent / "games"
    return {found.name: f"{BUILT_IN}.{found.name}" for found in pkgutil.iter_modules([str(folder)]) if found.ispkg}


@cache
def _elsewhere(variable: str) -> dict[str, str | ModuleType]:
    """Installed plugins' entry points (module names), then the modules `variable` names
    (imported: their names are their SPECs')."""
    from importlib.metadata import entry_points

    games: dict[str, str | ModuleType] = {}
    for point in entry_points(group=ENTRY_POINT_GROUP):
        games[point.name] = point.value.partition(":")[0]
    for where in filter(None, (part.strip() for part in variable.split(","))):
        try:
            module = importlib.import_module(where)
        except ImportError as exc:
            raise UnknownGame(f"{GAMES_VARIABLE}: cannot import {where!r} ({exc})") from None
        spec = getattr(module, "SPEC", None)
        if spec is None:
            raise UnknownGame(f"{GAMES_VARIABLE}: {where!r} exports no SPEC")
        games[spec.name] = module
    return games

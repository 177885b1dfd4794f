"""The games that have environments: each game's SPEC names its adapter (`env_adapter`) and
its Gymnasium id (`gym_id`); any such game, built in or not, gets a PettingZoo environment here
(`aec_env`).  The built-in games also have a module each, ``tablehall.envs.<game>_v0``."""

from __future__ import annotations

from functools import cache
from typing import Any

from pettingzoo import AECEnv

from tablehall.core.registry import game_names, game_object, get_game

from .adapter import Adapter
from .aec import TablehallAEC, env_factory


def environment_games() -> list[str]:
    """The games whose SPEC names an environment adapter."""
    return [name for name in game_names() if get_game(name).env_adapter]


def adapter_class(game: str) -> type[Adapter]:
    """The adapter `game`'s SPEC names (ValueError when it names none)."""
    reference = get_game(game).env_adapter
    if reference is None:
        raise ValueError(f"{game} has no environment (games: {', '.join(environment_games())})")
    return game_object(game, reference)


def gym_ids() -> dict[str, str]:
    """game -> the Gymnasium id `import tablehall.envs` registers (`register_envs`)."""
    ids = {name: get_game(name).gym_id for name in environment_games()}
    return {name: env_id for name, env_id in ids.items() if env_id}


@cache
def raw_env_class(game: str) -> type[TablehallAEC]:
    """`game`'s PettingZoo AEC environment class (unwrapped)."""
    adapter, seats = adapter_class(game), get_game(game).default_seat_count

    class raw_env(TablehallAEC):  # noqa: N801 - PettingZoo's name for the unwrapped environment
        adapter_class = adapter
        default_players = seats
        metadata = {"name": f"{game}_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    return raw_env


def aec_env(game: str, **options: Any) -> AECEnv:
    """`game`'s PettingZoo AEC environment, wrapped as PettingZoo's classic games are; options
    as for `TablehallAEC` (players, shaping, illegal, game options)."""
    return env_factory(raw_env_class(game))(**options)


def tables(game: str) -> str:
    """The action and observation tables docs/envs.md shows for `game` (tests/envs/test_docs.py
    checks the page against them): ``python -c "from tablehall.envs.games import tables;
    print(tables('catan'))"``."""
    adapter = adapter_class(game)
    return f"Actions:\n\n{adapter.index.markdown()}\n\nObservation:\n\n{adapter.layout.markdown()}\n"

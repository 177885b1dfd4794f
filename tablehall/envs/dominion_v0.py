"""Dominion (base set, first edition) as a PettingZoo AEC environment: 2-4 players
(``players=``), ``player_k`` is seat k.  Observation and action layouts: docs/envs.md.  Game
option: ``max_turns`` (as for `tablehall play dominion`).
"""

from __future__ import annotations

from .aec import TablehallAEC, env_factory
from .dominion import DominionAdapter


class raw_env(TablehallAEC):  # noqa: N801 - PettingZoo's name for the unwrapped environment
    adapter_class = DominionAdapter
    default_players = 2
    metadata = {"name": "dominion_v0", "render_modes": ["ansi"], "is_parallelizable": False}


env = env_factory(raw_env)

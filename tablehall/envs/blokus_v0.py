"""Blokus (Software Challenge 2021) as a PettingZoo AEC environment.

Two agents, as the contest plays it: ``player_0`` is team ONE (BLUE and RED), ``player_1`` team
TWO (YELLOW and GREEN); each agent moves both its colours.  Observation and action layouts:
docs/envs.md.  Game options: ``start_piece`` (see `tablehall play blokus`).
"""

from __future__ import annotations

from .aec import TablehallAEC, env_factory
from .blokus import BlokusAdapter


class raw_env(TablehallAEC):  # noqa: N801 - PettingZoo's name for the unwrapped environment
    adapter_class = BlokusAdapter
    default_players = 2
    metadata = {"name": "blokus_v0", "render_modes": ["ansi"], "is_parallelizable": False}


env = env_factory(raw_env)

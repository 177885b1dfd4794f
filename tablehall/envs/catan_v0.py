"""Settlers of Catan (classic) as a PettingZoo AEC environment: 3 or 4 players (``players=``;
2 also works), ``player_k`` is seat k.  Observation and action layouts: docs/envs.md.  Game
options as for `tablehall play catan` (``vp_to_win``, ``layout``, ``first_player``, ...).
"""

from __future__ import annotations

from .aec import TablehallAEC, env_factory
from .catan import CatanAdapter


class raw_env(TablehallAEC):  # noqa: N801 - PettingZoo's name for the unwrapped environment
    adapter_class = CatanAdapter
    default_players = 4
    metadata = {"name": "catan_v0", "render_modes": ["ansi"], "is_parallelizable": False}


env = env_factory(raw_env)

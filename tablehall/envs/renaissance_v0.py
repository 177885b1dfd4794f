"""Masters of Renaissance as a PettingZoo AEC environment: 1-4 players (``players=``; one
player plays solo against Lorenzo il Magnifico, whose turns the engine plays), ``player_k`` is
seat k.  Observation and action layouts: docs/envs.md.
"""

from __future__ import annotations

from .aec import TablehallAEC, env_factory
from .renaissance import RenaissanceAdapter


class raw_env(TablehallAEC):  # noqa: N801 - PettingZoo's name for the unwrapped environment
    adapter_class = RenaissanceAdapter
    default_players = 2
    metadata = {"name": "renaissance_v0", "render_modes": ["ansi"], "is_parallelizable": False}


env = env_factory(raw_env)

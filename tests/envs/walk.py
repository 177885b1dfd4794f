"""Random masked games through the PettingZoo environments, for the tests of this folder."""

from __future__ import annotations

import importlib
import random
from typing import Iterator

import numpy as np

from tablehall.envs.aec import TablehallAEC

#: game -> player counts its environment is tested with
PLAYERS = {"blokus": (2,), "catan": (3, 4), "dominion": (2, 3, 4), "renaissance": (1, 2, 4)}
CASES = [(game, players) for game, counts in PLAYERS.items() for players in counts]


def raw_env(game: str, **options) -> TablehallAEC:
    return importlib.import_module(f"tablehall.envs.{game}_v0").raw_env(**options)


def random_steps(env: TablehallAEC, steps: int, seed: int) -> Iterator[TablehallAEC]:
    """Play `steps` uniformly random masked actions, over as many seeded games as it takes,
    yielding the environment before each one (the test looks, then the walk steps)."""
    rng = random.Random(seed)
    game = 0
    env.reset(seed=seed)
    done = 0
    while done < steps:
        if not env.agents:
            game += 1
            env.reset(seed=seed * 1000 + game)
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        yield env
        legal = np.flatnonzero(observation["action_mask"])
        assert len(legal), f"{env.metadata['name']}: nothing legal for {env.agent_selection}"
        env.step(int(legal[rng.randrange(len(legal))]))
        done += 1

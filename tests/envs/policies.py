"""Tiny policies for the bridge tests: callables from (observation, mask) to an action index."""

from __future__ import annotations

import numpy as np


def first_legal(observation: np.ndarray, mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[0])


def last_legal(observation: np.ndarray, mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[-1])


def forbidden(observation: np.ndarray, mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask == 0)[0])


class Counting:
    """The first legal index, counting its calls and the observation sizes it saw."""

    def __init__(self) -> None:
        self.calls = 0
        self.sizes: set[int] = set()

    def __call__(self, observation: np.ndarray, mask: np.ndarray) -> int:
        self.calls += 1
        self.sizes.add(observation.size)
        return int(np.flatnonzero(mask)[0])


counting = Counting()
not_callable = 42

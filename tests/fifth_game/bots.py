"""Nim's bots."""

from __future__ import annotations

from functools import reduce
from operator import xor

from tablehall.core import Bot


class RandomBot(Bot):
    """Takes any legal number of stones from any pile, at random."""

    name = "random"

    def choose(self, state, seat):
        return self.rng.choice(state.legal_actions(seat))


class PerfectBot(Bot):
    """Leaves the piles' nim-sum at zero when it can (then it cannot lose); else takes one stone."""

    name = "perfect"

    def choose(self, state, seat):
        total = reduce(xor, state.piles, 0)
        for pile, stones in enumerate(state.piles):
            if stones ^ total < stones:
                return pile, stones - (stones ^ total)
        return next((pile, 1) for pile, stones in enumerate(state.piles) if stones)

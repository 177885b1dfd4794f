"""Ratings with their uncertainty: openskill's Plackett-Luce model, which rates games of any
number of seats from their ranks (ties allowed).

Games are rated one at a time in the tournament's schedule order, never in the order they
happened to finish, so the same games give the same ratings bit for bit whatever ran them.

A solo game (Renaissance against Lorenzo) is rated as a two-player game against the game's
solo opponent (`GameSpec.solo_opponent`), a rated pseudo-entrant of its own: rank 1 means the
entrant beat it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def interval(self) -> tuple[float, float]:
        """mu ± 1.96 sigma: where the skill lies with 95 % belief under the model."""
        return self.mu - 1.96 * self.sigma, self.mu + 1.96 * self.sigma

    def to_json(self) -> dict[str, float]:
        low, high = self.interval
        return {"mu": round(self.mu, 6), "sigma": round(self.sigma, 6), "low": round(low, 6), "high": round(high, 6)}


class Ratings:
    """One openskill Plackett-Luce rating per label, updated game by game."""

    def __init__(self, labels: Sequence[str]) -> None:
        try:
            from openskill.models import PlackettLuce
        except ImportError:
            raise ValueError("ratings need openskill: pip install 'tablehall[arena]'") from None
        self.model = PlackettLuce()
        self._ratings = {label: self.model.rating(name=label) for label in labels}

    def add(self, labels: Sequence[str], ranks: Sequence[int]) -> None:
        """One game: the label in each seat and its rank (1 is best; ties share a rank)."""
        for label in labels:
            if label not in self._ratings:
                self._ratings[label] = self.model.rating(name=label)
        teams = [[self._ratings[label]] for label in labels]
        rated = self.model.rate(teams, ranks=list(ranks))
        for label, (rating,) in zip(labels, rated):
            self._ratings[label] = rating

    def __getitem__(self, label: str) -> Rating:
        rating = self._ratings[label]
        return Rating(float(rating.mu), float(rating.sigma))

    def __contains__(self, label: str) -> bool:
        return label in self._ratings

    def labels(self) -> list[str]:
        return list(self._ratings)

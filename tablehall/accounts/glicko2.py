"""Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2022), as lichess rates its games.

A player is a rating, a deviation (how unsure the rating is) and a volatility (how erratic the
player is).  `rate` updates one player after one rating period from its results against the
opponents' ratings before the period.  tablehall makes every rated game its own period, as
lichess does, and gives each result a weight: a game of several players is rated pairwise by
rank, each pair weighted so that the whole game counts as one game (`ratings.py`).  With every
weight 1 this is Glickman's algorithm exactly (tests/accounts/test_glicko2.py checks his
published example).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

#: Glickman's constant between the Glicko scale (1500 +- 350) and Glicko-2's (0 +- 2.01)
SCALE = 173.7178
DEFAULT_RATING = 1500.0
DEFAULT_DEVIATION = 350.0
DEFAULT_VOLATILITY = 0.06
#: the system constant: how much volatility may change in one period (Glickman: 0.3 to 1.2)
TAU = 0.5
#: deviations stay within these (a player never becomes quite certain, nor less known than new)
MIN_DEVIATION = 30.0
MAX_DEVIATION = DEFAULT_DEVIATION


@dataclass(frozen=True)
class Rating:
    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY


@dataclass(frozen=True)
class Outcome:
    """One result of a period: against `opponent` (its rating before the period), `score` 1 for
    a win, 0.5 a draw, 0 a loss, counted `weight` times."""

    opponent: Rating
    score: float
    weight: float = 1.0


def rate(player: Rating, outcomes: Sequence[Outcome], tau: float = TAU, epsilon: float = 1e-6) -> Rating:
    """`player` after a rating period with `outcomes` (none: only its deviation grows)."""
    mu = (player.rating - DEFAULT_RATING) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not outcomes:
        grown = math.sqrt(phi * phi + sigma * sigma) * SCALE
        return Rating(player.rating, _bounded(grown), sigma)
    information = 0.0  # 1 / v
    progress = 0.0  # the sum of g(phi_j) (s_j - E) in delta = v * progress
    for outcome in outcomes:
        mu_j = (outcome.opponent.rating - DEFAULT_RATING) / SCALE
        g = _g(outcome.opponent.deviation / SCALE)
        expected = 1.0 / (1.0 + math.exp(-g * (mu - mu_j)))
        information += outcome.weight * g * g * expected * (1.0 - expected)
        progress += outcome.weight * g * (outcome.score - expected)
    v = 1.0 / information
    delta = v * progress
    sigma = _new_volatility(phi, sigma, v, delta, tau, epsilon)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu = mu + phi * phi * progress
    return Rating(DEFAULT_RATING + SCALE * mu, _bounded(SCALE * phi), sigma)


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _new_volatility(phi: float, sigma: float, v: float, delta: float, tau: float, epsilon: float) -> float:
    """Step 5 of the algorithm: the root of f by the Illinois method (regula falsi)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2)
                - (x - a) / (tau * tau))

    low = a
    if delta * delta > phi * phi + v:
        high = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    while abs(high - low) > epsilon:
        c = low + (low - high) * f_low / (f_high - f_low)
        f_c = f(c)
        if f_c * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2.0
        high, f_high = c, f_c
    return math.exp(low / 2.0)


def _bounded(deviation: float) -> float:
    return min(MAX_DEVIATION, max(MIN_DEVIATION, deviation))

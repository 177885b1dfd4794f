"""The statistics of the arena: 95 % intervals, Elo from a score, and the sequential
probability ratio test as fishtest defines it.

Intervals of means are *clustered*: games that share a seed (a round with duplicate seeding)
are not independent, so the variance is computed from the per-round sums (the usual
cluster-robust estimator) and Student's t with rounds - 1 degrees of freedom is used.  Without
duplicate seeding every game is its own cluster and this is the plain standard error.

The SPRT is fishtest's generalised SPRT (GSPRT).  Results are counted as a trinomial (losses,
draws, wins of the challenger) or, when games come in pairs that share a seed with the seats
swapped, as a pentanomial of pair scores (0, 1/4, 1/2, 3/4, 1).  For a hypothesis "the expected
score is s" the maximum-likelihood distribution closest to the observed one is found (for the
logistic Elo model: expectation s; for the normalized Elo model: t-value s), and

    LLR = N * sum_i p_i * (log p1_i - log p0_i)

where p is the observed (regularised) distribution and p0, p1 the MLEs under H0 and H1.  The
test stops when LLR leaves (log(beta / (1 - alpha)), log((1 - beta) / alpha)): below, accept H0
(elo <= elo0); above, accept H1 (elo >= elo1).  See M. Van den Bergh's notes for fishtest
("support_MLE_multinomial", "normalized_elo_practical", "GSPRT_approximation").
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

#: Student's t, two-sided 95 %, by degrees of freedom (beyond 30: the normal's 1.96 within 2 %)
_T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
        2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
        2.045, 2.042)

#: normalized Elo per unit of t-value: 800 / ln 10
NELO_PER_T = 800 / math.log(10)


def t95(degrees: int) -> float:
    if degrees < 1:
        return math.inf
    return _T95[degrees - 1] if degrees <= len(_T95) else 1.96


@dataclass(frozen=True)
class Interval:
    mean: float
    half_width: float  # inf when there is not yet enough data

    @property
    def low(self) -> float:
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        return self.mean + self.half_width

    def to_json(self) -> dict[str, float | None]:
        finite = math.isfinite(self.half_width)
        return {"mean": round(self.mean, 6), "low": round(self.low, 6) if finite else None,
                "high": round(self.high, 6) if finite else None}


class ClusteredMean:
    """A running mean with a cluster-robust 95 % interval (clusters: rounds sharing a seed).

    Clusters arrive one after another (a round's games are contiguous in schedule order), so
    only running sums are kept: the memory does not grow with the number of games."""

    def __init__(self) -> None:
        self.n = 0
        self.total = 0.0
        self.clusters = 0
        self._current: int | None = None
        self._sum = 0.0  # of the current cluster
        self._count = 0
        self._sum_sq = 0.0  # over finished clusters: sum of S_c^2, S_c n_c, n_c^2
        self._sum_n = 0.0
        self._n_sq = 0.0

    def add(self, value: float, cluster: int) -> None:
        if cluster != self._current:
            self._close()
            self._current = cluster
            self.clusters += 1
        self.n += 1
        self.total += value
        self._sum += value
        self._count += 1

    def _close(self) -> None:
        self._sum_sq += self._sum ** 2
        self._sum_n += self._sum * self._count
        self._n_sq += self._count ** 2
        self._sum, self._count = 0.0, 0

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    def interval(self) -> Interval:
        if self.clusters < 2:
            return Interval(self.mean, math.inf)
        mean = self.mean
        sum_sq = self._sum_sq + self._sum ** 2  # with the cluster still open
        sum_n = self._sum_n + self._sum * self._count
        n_sq = self._n_sq + self._count ** 2
        spread = max(0.0, sum_sq - 2 * mean * sum_n + mean ** 2 * n_sq)  # sum of (S_c - n_c mean)^2
        variance = spread / self.n ** 2 * self.clusters / (self.clusters - 1)
        return Interval(mean, t95(self.clusters - 1) * math.sqrt(variance))


# -- Elo -------------------------------------------------------------------------------------------
def elo_from_score(score: float) -> float:
    """Logistic Elo difference for an expected score (infinite at 0 and 1)."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


def finite(value: float, digits: int = 3) -> float | None:
    """A number for JSON: rounded, or None when infinite (a score of 0 or 100 %)."""
    return round(value, digits) if math.isfinite(value) else None


def score_from_elo(elo: float) -> float:
    return 1 / (1 + 10 ** (-elo / 400))


def _phi(x: float) -> float:
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


# -- head to head: trinomial and pentanomial counts ---------------------------------------------
PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)


@dataclass
class HeadToHead:
    """The challenger's games against one opponent: losses, draws, wins, and (for games in
    seat-swapped pairs on one seed) the pentanomial of pair scores."""

    losses: int = 0
    draws: int = 0
    wins: int = 0
    pairs: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)  # LL, LD+DL, LW+DD+WL, DW+WD, WW

    @property
    def games(self) -> int:
        return self.losses + self.draws + self.wins

    @property
    def trinomial(self) -> list[int]:
        return [self.losses, self.draws, self.wins]

    @property
    def paired(self) -> bool:
        return sum(self.pairs) > 0 and 2 * sum(self.pairs) == self.games

    def add_game(self, score: float) -> None:
        if score == 1:
            self.wins += 1
        elif score == 0:
            self.losses += 1
        else:
            self.draws += 1

    def add_pair(self, first: float, second: float) -> None:
        counts = list(self.pairs)
        counts[round(2 * (first + second))] += 1
        self.pairs = tuple(counts)  # type: ignore[assignment]

    def counts(self) -> list[int]:
        """Pentanomial counts when every game is in a pair, else trinomial."""
        return list(self.pairs) if self.paired else self.trinomial

    @property
    def score(self) -> float:
        return (self.wins + self.draws / 2) / self.games if self.games else 0.5

    def score_interval(self) -> Interval:
        """The challenger's expected score, 95 %: from the pair scores' spread when paired
        (what duplicate seeding buys), else from the games'."""
        counts = self.counts()
        values = PAIR_SCORES if len(counts) == 5 else (0.0, 0.5, 1.0)
        n = sum(counts)
        if n < 2:
            return Interval(self.score, math.inf)
        mean = sum(c * v for c, v in zip(counts, values)) / n
        variance = sum(c * (v - mean) ** 2 for c, v in zip(counts, values)) / (n - 1)
        return Interval(mean, t95(n - 1) * math.sqrt(variance / n))

    def elo(self) -> tuple[float, float, float]:
        """Elo difference and its 95 % interval (from the score's; infinite ends at 0 or 1)."""
        interval = self.score_interval()
        if not math.isfinite(interval.half_width):
            return elo_from_score(interval.mean), -math.inf, math.inf
        return elo_from_score(interval.mean), elo_from_score(interval.low), elo_from_score(interval.high)

    def los(self) -> float:
        """Likelihood of superiority: the probability that the challenger is the stronger."""
        interval = self.score_interval()
        if not math.isfinite(interval.half_width):
            return 0.5
        sd = interval.half_width / t95(max(sum(self.counts()) - 1, 1))
        if sd == 0:
            return 1.0 if interval.mean > 0.5 else 0.0 if interval.mean < 0.5 else 0.5
        return _phi((interval.mean - 0.5) / sd)

    def to_json(self) -> dict:
        elo, low, high = self.elo()
        interval = self.score_interval()
        bounded = math.isfinite(interval.half_width)
        return {"games": self.games, "wins": self.wins, "draws": self.draws, "losses": self.losses,
                "pentanomial": list(self.pairs), "score": round(self.score, 6),
                "score_low": round(max(interval.low, 0.0), 6) if bounded else None,
                "score_high": round(min(interval.high, 1.0), 6) if bounded else None,
                "elo": finite(elo), "elo_low": finite(low), "elo_high": finite(high), "los": round(self.los(), 6)}


# -- the GSPRT -------------------------------------------------------------------------------------
def _distribution(counts: Sequence[int]) -> tuple[float, list[tuple[float, float]]]:
    """(N, [(score, probability)]) of results; empty cells get a small count so the
    likelihoods stay finite (fishtest's regularisation, 1e-3)."""
    cells = [c if c > 0 else 1e-3 for c in counts]
    total = sum(cells)
    last = len(cells) - 1
    return total, [(i / last, c / total) for i, c in enumerate(cells)]


def _moments(pdf: Iterable[tuple[float, float]]) -> tuple[float, float]:
    pdf = list(pdf)
    mean = sum(p * a for a, p in pdf)
    return mean, sum(p * (a - mean) ** 2 for a, p in pdf)


def _solve_secular(shifted: Sequence[tuple[float, float]]) -> float:
    """The x with sum p_i * d_i / (1 + x * d_i) = 0, for shifts d_i of both signs, by
    bisection on the interval where every 1 + x * d_i stays positive (the sum falls as x
    grows there, so the root is unique)."""
    low_d = min(d for d, _ in shifted)
    high_d = max(d for d, _ in shifted)
    if not (low_d < 0 < high_d):
        raise ValueError("the hypothesis lies outside the observed results")
    low, high = -1 / high_d, -1 / low_d
    margin = (high - low) * 1e-12
    low, high = low + margin, high - margin
    for _ in range(200):
        middle = (low + high) / 2
        value = sum(p * d / (1 + middle * d) for d, p in shifted)
        if value > 0:
            low = middle
        else:
            high = middle
        if high - low < 1e-15 * max(1.0, abs(middle)):
            break
    return (low + high) / 2


def mle_expectation(pdf: Sequence[tuple[float, float]], s: float) -> list[tuple[float, float]]:
    """The distribution on the same scores, nearest to `pdf` (maximum likelihood), whose
    expectation is `s`."""
    x = _solve_secular([(a - s, p) for a, p in pdf])
    return [(a, p / (1 + x * (a - s))) for a, p in pdf]


def mle_t_value(pdf: Sequence[tuple[float, float]], ref: float, t: float) -> list[tuple[float, float]]:
    """The distribution nearest to `pdf` whose t-value (mean - ref) / sd is `t`: fixed-point
    iteration from the uniform distribution, each step a secular equation."""
    estimate = [(a, 1 / len(pdf)) for a, _ in pdf]
    for _ in range(20):
        mean, variance = _moments(estimate)
        sd = math.sqrt(variance)
        shifted = [(a - ref - t * sd * (1 + ((mean - a) / sd) ** 2) / 2, p) for a, p in pdf]
        x = _solve_secular(shifted)
        updated = [(a, p / (1 + x * d)) for (a, p), (d, _) in zip(pdf, shifted)]
        change = max(abs(u[1] - e[1]) for u, e in zip(updated, estimate))
        estimate = updated
        if change < 1e-10:
            break
    return estimate


@dataclass(frozen=True)
class Sprt:
    """fishtest's SPRT: H0 elo <= elo0 against H1 elo >= elo1, with error rates alpha, beta."""

    elo0: float = 0.0
    elo1: float = 30.0
    alpha: float = 0.05
    beta: float = 0.05
    model: str = "logistic"  # or "normalized"

    def __post_init__(self) -> None:
        if self.model not in ("logistic", "normalized"):
            raise ValueError(f"unknown Elo model {self.model!r} (logistic or normalized)")
        if not self.elo0 < self.elo1:
            raise ValueError("the SPRT needs elo0 < elo1")
        if not (0 < self.alpha < 1 and 0 < self.beta < 1):
            raise ValueError("alpha and beta are probabilities between 0 and 1")

    @property
    def lower(self) -> float:
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        return math.log((1 - self.beta) / self.alpha)

    def llr(self, counts: Sequence[int]) -> float:
        """The log-likelihood ratio of H1 against H0 for trinomial (L, D, W) or pentanomial
        (pair score 0 .. 1 by quarters) counts."""
        if sum(counts) == 0:
            return 0.0
        total, pdf = _distribution(counts)
        if self.model == "logistic":
            s0, s1 = score_from_elo(self.elo0), score_from_elo(self.elo1)
            p0, p1 = mle_expectation(pdf, s0), mle_expectation(pdf, s1)
        else:
            scale = math.sqrt(2) if len(counts) == 5 else 1.0  # a pair's t-value is sqrt(2) a game's
            t0, t1 = (elo / NELO_PER_T * scale for elo in (self.elo0, self.elo1))
            p0, p1 = mle_t_value(pdf, 0.5, t0), mle_t_value(pdf, 0.5, t1)
        return total * sum(p * (math.log(b[1]) - math.log(a[1])) for (_, p), a, b in zip(pdf, p0, p1))

    def verdict(self, llr: float) -> str | None:
        if llr >= self.upper:
            return "accept H1"
        if llr <= self.lower:
            return "accept H0"
        return None

    def to_json(self) -> Mapping[str, float | str]:
        return {"elo0": self.elo0, "elo1": self.elo1, "alpha": self.alpha, "beta": self.beta, "model": self.model,
                "lower": round(self.lower, 6), "upper": round(self.upper, 6)}

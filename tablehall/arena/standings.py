"""The standings of a tournament, built game by game in schedule order: per entrant games,
wins (first alone), draws (first together), losses, forfeits, mean score and mean rank with
clustered 95 % intervals, and the openskill rating; for two entrants, the head-to-head counts
the SPRT and the fixed-games interval use."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from ..core.registry import get_game
from .entrants import Entrant
from .ratings import Ratings
from .schedule import Scheduled
from .stats import ClusteredMean, HeadToHead


@dataclass
class Line:
    """One entrant's row."""

    label: str
    games: int = 0
    wins: int = 0
    draws: int = 0  # first place shared
    losses: int = 0
    forfeits: int = 0  # taken out: timeout, rule violation, left, disqualified
    score: ClusteredMean = field(default_factory=ClusteredMean)
    rank: ClusteredMean = field(default_factory=ClusteredMean)


class Standings:
    def __init__(self, game: str, entrants: Sequence[Entrant], seats: int) -> None:
        self.game = game
        self.entrants = list(entrants)
        self.seats = seats
        self.lines = {e.label: Line(e.label) for e in entrants}
        self.solo = get_game(game).solo_opponent if seats == 1 else None
        self.ratings = Ratings([e.label for e in entrants] + ([self.solo] if self.solo else []))
        self.head_to_head = HeadToHead() if len(entrants) == 2 and seats >= 2 else None
        self.challenger = entrants[0].label
        self._block: tuple[int, list[float]] | None = None  # the head-to-head block being paired
        self.played = 0
        self.aborted = 0

    def add(self, scheduled: Scheduled, result: dict[str, Any] | None, status: str) -> None:
        """The next game in schedule order (its Result.to_json(), or None if it had none)."""
        self.played += 1
        if result is None or status == "aborted":
            self.aborted += 1
            self._block = None  # a pair with an aborted game is no pair
            return
        labels = [self.entrants[e].label for e in scheduled.seats]
        seats = sorted(result["seats"], key=lambda s: s["seat"])
        ranks = [int(s["rank"]) for s in seats]
        best = min(ranks)
        for label, seat in zip(labels, seats):
            line = self.lines[label]
            line.games += 1
            rank = int(seat["rank"])
            shared = ranks.count(rank) > 1
            if self.solo is not None:  # alone against the game: rank 1 is a win
                line.wins += rank == 1
                line.losses += rank != 1
            elif rank == best:
                line.draws += shared
                line.wins += not shared
            else:
                line.losses += 1
            line.forfeits += seat.get("cause", "regular") != "regular"
            line.score.add(float(seat["score"]), scheduled.round)
            line.rank.add(rank, scheduled.round)
        if self.solo is not None:
            self.ratings.add([labels[0], self.solo], [ranks[0], 1 if ranks[0] != 1 else 2])
        else:
            self.ratings.add(labels, ranks)
        if self.head_to_head is not None:
            self._head_to_head(scheduled, labels, ranks)

    def _head_to_head(self, scheduled: Scheduled, labels: list[str], ranks: list[int]) -> None:
        mine = ranks[labels.index(self.challenger)]
        theirs = min(r for label, r in zip(labels, ranks) if label != self.challenger)
        score = 1.0 if mine < theirs else 0.0 if mine > theirs else 0.5
        self.head_to_head.add_game(score)
        if self._block is None or self._block[0] != scheduled.block:
            self._block = (scheduled.block, [])
        self._block[1].append(score)
        if len(self._block[1]) == 2 and self.seats == 2:
            self.head_to_head.add_pair(*self._block[1])
            self._block = None

    def block_complete(self) -> bool:
        """Whether the games so far end on a whole pair (an SPRT looks only then)."""
        return self._block is None

    def order(self) -> list[str]:
        """Labels best first: by rating mu, then mean rank."""
        return sorted(self.lines, key=lambda label: (-self.ratings[label].mu, self.lines[label].rank.mean))

    def rows(self) -> list[dict[str, Any]]:
        rows = []
        for label in self.order():
            line = self.lines[label]
            entrant = next(e for e in self.entrants if e.label == label)
            rows.append({"label": label, "seat": entrant.seat, "games": line.games, "wins": line.wins,
                         "draws": line.draws, "losses": line.losses, "forfeits": line.forfeits,
                         "mean_score": line.score.interval().to_json(), "mean_rank": line.rank.interval().to_json(),
                         "rating": self.ratings[label].to_json()})
        if self.solo is not None:
            rows.append({"label": self.solo, "seat": "(the game)", "games": sum(l.games for l in self.lines.values()),
                         "rating": self.ratings[self.solo].to_json()})
        return rows

"""Which games a tournament plays, in which order, with which seeds.

A *table* is the entrants of one game (a set of `seats` entrants).  Formats choose the tables:

* round robin: every set of `seats` entrants (every pair in two-seat games);
* gauntlet: the first entrant (the challenger) with every set of `seats - 1` others (the field);
  with two entrants and two seats it is the head-to-head match an SPRT runs on.

Every table is played in each rotation of its seats (entrant i of the table in seat
(i + r) mod seats), so every entrant plays every position equally often.  A *round* plays every
table in every rotation.  With duplicate seeding (the default) all games of a round share one
seed: the same dice, shuffles and boards meet every entrant in every seat, so the luck of the
deal cancels out between them.  Without it, every game has a seed of its own.

Solo games (one seat, Renaissance against Lorenzo) are tables of one entrant.  The schedule is
a pure function of (entrant count, seats, format, seed, duplicate), so every backend plays the
same games.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, count, islice
from typing import Iterator

from ..core.rng import derive_seed

FORMATS = ("round-robin", "gauntlet")


class ScheduleError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class Scheduled:
    """One game of the schedule."""

    index: int  # its place in the tournament's order (ratings follow it)
    round: int  # games of a round with duplicate seeding share a seed
    block: int  # the games of one table in one round: its rotations (statistics pair them)
    seed: int
    seats: tuple[int, ...]  # the entrant (index) in each seat


def tables(entrants: int, seats: int, format: str = "round-robin") -> list[tuple[int, ...]]:
    """The tables of a format, in a fixed order."""
    if format not in FORMATS:
        raise ScheduleError(f"unknown format {format!r} (known: {', '.join(FORMATS)})")
    if seats < 1:
        raise ScheduleError("a game has at least one seat")
    if format == "gauntlet":
        if entrants < 2:
            raise ScheduleError("a gauntlet needs a challenger and at least one opponent")
        if seats - 1 > entrants - 1:
            raise ScheduleError(f"a gauntlet of {seats}-seat games needs at least {seats - 1} opponents, "
                                f"not {entrants - 1}")
        return [(0, *others) for others in combinations(range(1, entrants), seats - 1)]
    if seats > entrants:
        raise ScheduleError(f"{seats}-seat games need at least {seats} entrants, not {entrants}")
    return list(combinations(range(entrants), seats))


def rotations(table: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The table in each rotation of its seats: entrant k sits in seat (k + r) mod n."""
    n = len(table)
    return [tuple(table[(seat - r) % n] for seat in range(n)) for r in range(n)]


def round_seed(seed: int, round_index: int) -> int:
    """The seed of a round (62 bits: stores keep seeds as signed 64-bit integers)."""
    return derive_seed(seed, "arena", "round", round_index) >> 2


def game_seed(seed: int, index: int) -> int:
    """The seed of one game when games are not seeded in duplicate."""
    return derive_seed(seed, "arena", "game", index) >> 2


@dataclass(frozen=True)
class Schedule:
    entrants: int
    seats: int
    format: str = "round-robin"
    seed: int = 0
    duplicate: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "_tables", tables(self.entrants, self.seats, self.format))

    @property
    def tables(self) -> list[tuple[int, ...]]:
        return self._tables  # type: ignore[attr-defined]

    @property
    def games_per_round(self) -> int:
        return len(self.tables) * self.seats

    def rounds_for(self, games: int) -> int:
        """Whole rounds needed for at least `games` games (so seats stay balanced)."""
        return max(1, -(-games // self.games_per_round))

    def games(self, rounds: int | None = None) -> Iterator[Scheduled]:
        """The games of `rounds` rounds in order (all rounds, endlessly, if None)."""
        index = 0
        for round_index in count() if rounds is None else range(rounds):
            shared = round_seed(self.seed, round_index)
            for t, table in enumerate(self.tables):
                block = round_index * len(self.tables) + t
                for seating in rotations(table):
                    seed = shared if self.duplicate else game_seed(self.seed, index)
                    yield Scheduled(index, round_index, block, seed, seating)
                    index += 1

    def first(self, games: int) -> list[Scheduled]:
        return list(islice(self.games(), games))

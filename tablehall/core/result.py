"""How a game ended: a rank and score per seat, and why."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Mapping, Sequence


class EndCause(StrEnum):
    """Why a game (or one seat's part in it) ended."""

    REGULAR = "regular"
    SOFT_TIMEOUT = "soft_timeout"
    HARD_TIMEOUT = "hard_timeout"
    RULE_VIOLATION = "rule_violation"
    LEFT = "left"
    DISQUALIFIED = "disqualified"
    ABORTED = "aborted"


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat's outcome. Rank 1 is best; tied seats share a rank."""

    seat: int
    rank: int
    score: float | int
    cause: EndCause = EndCause.REGULAR
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "rank": self.rank, "score": self.score}
        if self.cause is not EndCause.REGULAR:
            out["cause"] = self.cause.value
        if self.reason:
            out["reason"] = self.reason
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "SeatResult":
        return cls(
            seat=int(data["seat"]),
            rank=int(data["rank"]),
            score=data["score"],
            cause=EndCause(data.get("cause", EndCause.REGULAR)),
            reason=str(data.get("reason", "")),
        )


@dataclass(frozen=True, slots=True)
class Result:
    """The end of a game: per-seat outcomes (in seat order), the overall cause, game extras."""

    seats: tuple[SeatResult, ...]
    cause: EndCause = EndCause.REGULAR
    details: Mapping[str, Any] = field(default_factory=dict)

    @property
    def winners(self) -> list[int]:
        """Seats ranked first (several on a shared win; none when the game was aborted)."""
        if self.cause is EndCause.ABORTED:
            return []
        return [s.seat for s in self.seats if s.rank == 1]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"cause": self.cause.value, "seats": [s.to_json() for s in self.seats]}
        if self.details:
            out["details"] = dict(self.details)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Result":
        return cls(
            seats=tuple(SeatResult.from_json(s) for s in data["seats"]),
            cause=EndCause(data["cause"]),
            details=dict(data.get("details", {})),
        )

    @classmethod
    def aborted(cls, seat_count: int, reason: str = "") -> "Result":
        return cls(
            seats=tuple(SeatResult(s, 0, 0, EndCause.ABORTED, reason) for s in range(seat_count)),
            cause=EndCause.ABORTED,
        )


def rank_by(scores: Sequence[Sequence[float | int]]) -> list[int]:
    """Competition ranks (1 = best) for per-seat sort keys, higher is better; ties share a rank.

    >>> rank_by([(3,), (5,), (3,)])
    [2, 1, 2]
    """
    keys = [tuple(key) for key in scores]  # each compared with every other: converted once
    return [1 + sum([other > mine for other in keys]) for mine in keys]

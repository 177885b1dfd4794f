"""What breaking a rule of play costs a seat: the protocol's choice, given per seat to the match
runner as a `SeatPolicy` (time limits, and a `Consequence` for each kind of breach)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Callable

from .result import EndCause

if TYPE_CHECKING:
    from .agents import Agent


class Consequence(StrEnum):
    FORFEIT = "forfeit"  # state.forfeit(seat, cause): the game decides whether it goes on
    REPLACE = "replace"  # a built-in bot takes the seat over; the game goes on
    RETRY = "retry"  # (illegal actions) tell the agent and ask again
    IGNORE = "ignore"  # (soft limit) accept the late action anyway


@dataclass(frozen=True)
class SeatPolicy:
    """Time limits per decision and what breaking a rule of play costs a seat."""

    soft_timeout: float | None = None  # seconds; a later answer is refused (on_timeout)
    hard_timeout: float | None = None  # seconds; no answer by then -> on_timeout
    on_timeout: Consequence = Consequence.FORFEIT
    on_illegal: Consequence = Consequence.FORFEIT
    on_leave: Consequence = Consequence.FORFEIT
    forfeit_cause: EndCause | None = None  # e.g. DISQUALIFIED instead of the specific cause
    max_retries: int = 3  # illegal answers in a row before RETRY turns into a forfeit
    replacement: Callable[[int], "Agent"] | None = None  # for REPLACE: seat -> agent


TRUSTED = SeatPolicy()

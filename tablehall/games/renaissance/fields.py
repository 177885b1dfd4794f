"""Everything a Masters of Renaissance game holds, declared in one place.

`RenaissanceFields` names and types every attribute of a game; `rules.RenaissanceState` derives
from it and gives each its first value, and `views` reads a game through it, so what each party
sees stands below the rules that call it.  `Task` is the open follow-up of a command, part of
that state.
"""

from __future__ import annotations

from typing import Any, Sequence

from tablehall.core.result import EndCause
from tablehall.core.rng import Rng

from .board import Player
from .data import MARBLE_NAMES, RESOURCES, WHITE
from .solo import Lorenzo


class Task:
    """The open follow-up of a command: resources to store, a price to pay, a slot or
    production outputs to choose."""

    __slots__ = ("kind", "incoming", "pay", "pay_any", "card", "output", "faith", "choose", "source")

    def __init__(self, kind: str, incoming: list[int] | None = None, pay: Sequence[int] = (0, 0, 0, 0),
                 pay_any: int = 0, card: int = 0, output: Sequence[int] = (0, 0, 0, 0),
                 faith: int = 0, choose: int = 0, source: str = "") -> None:
        self.kind = kind  # market | buy | produce
        self.incoming = incoming or []  # market: resources (and WHITE) still to store, in order
        self.pay = list(pay)  # still to pay, per resource
        self.pay_any = pay_any  # still to pay, any resources
        self.card = card  # buy: the card bought
        self.output = tuple(output)  # produce: fixed output
        self.faith = faith  # produce: faith output
        self.choose = choose  # produce: outputs of choice still to name
        self.source = source  # produce: slot | base | leader

    def copy(self) -> "Task":
        return Task(self.kind, self.incoming[:], self.pay, self.pay_any, self.card, self.output,
                    self.faith, self.choose, self.source)

    @property
    def paying(self) -> bool:
        return self.pay_any > 0 or any(self.pay)

    def step(self) -> str:
        """The sub-step action this task waits for."""
        if self.kind == "market":
            return "white" if self.incoming[0] == WHITE else "place"
        if self.paying:
            return "pay"
        return "slot" if self.kind == "buy" else "output"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "step": self.step()}
        if self.kind == "market":
            out["incoming"] = [MARBLE_NAMES[WHITE] if r == WHITE else RESOURCES[r] for r in self.incoming]
        if self.paying:
            out["pay"] = {RESOURCES[r]: n for r, n in enumerate(self.pay) if n}
            if self.pay_any:
                out["pay_any"] = self.pay_any
        if self.kind == "buy":
            out["card"] = self.card
        if self.kind == "produce":
            out["source"] = self.source
            if not self.paying:
                out["choose"] = self.choose
        return out


class RenaissanceFields:
    """The declared state of a Masters of Renaissance game (see the module docstring)."""

    # -- the game as it was made --------------------------------------------------------------
    seat_count: int
    seed: int
    rng: Rng
    # -- the table ------------------------------------------------------------------------------
    players: list[Player]
    market: list[int]  # marbles, row-major ROWS x COLUMNS
    spare: int  # the marble beside the market
    decks: list[list[int]]  # development cards per level and colour; the top card is the last
    dealt: list[list[int]]  # setup: the leaders each seat was dealt and has not yet kept
    picks_left: list[int]  # setup: starting resources each seat still picks
    lorenzo: Lorenzo | None  # the solo opponent
    reports_done: list[bool]  # the Vatican reports already made
    # -- whose turn, and what is open ---------------------------------------------------------
    phase: str  # setup | turns | over
    current: int
    main: str  # "" | market | buy | produce: this turn's main action
    produced: int  # bits of the productions used this turn
    task: Task | None
    final_round: bool
    end_reason: str
    lorenzo_won: bool
    ended_by: EndCause | None  # the forfeit that ended the game, if one did
    steps: int  # actions applied: an observation's random stream depends on it

    def copy(self, rng: Rng | None = None) -> "RenaissanceFields":
        """An independent game; `rng` replaces the copy of the random stream (observations)."""
        raise NotImplementedError

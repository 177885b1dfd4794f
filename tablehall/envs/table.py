"""The play loop of the environments: a game stepped one action index at a time.

A `Table` holds the game's state and each seat's draft (the parts of a free-form action chosen
so far, `adapter`), and turns an index into a whole engine action, which it plays.  The PettingZoo
AEC environment plays every seat through an `InlineTable`; the Gymnasium environment plays its
learner's seat through one whose other seats are in-process bots, or through a `Match` on an
event loop (`gym._MatchTable`) when they are subprocesses.  Both forms thus apply, forfeit and
record the same way, and their records are the match runner's, digest for digest.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Mapping

import numpy as np

from tablehall.core import Bot, EndCause, GameState, IllegalAction
from tablehall.core.records import Entry, Record, SeatInfo
from tablehall.core.result import Result

from .adapter import Adapter

ILLEGAL_CHOICES = ("forfeit", "raise")


class Forfeit:
    """A seat taken out for an illegal action (kept among the actions, recorded as a forfeit)."""

    __slots__ = ("reason",)

    def __init__(self, reason: str) -> None:
        self.reason = reason


class Table(ABC):
    """A game an environment plays: its state, the seats' drafts, and one step of a seat."""

    state: GameState

    def __init__(self, adapter: Adapter) -> None:
        self.adapter = adapter
        self.action_count = adapter.action_count
        self.drafts: dict[int, Any] = {}

    def step(self, seat: int, index: int) -> None:
        """`seat` names action `index`: it extends the seat's draft, or completes an action,
        which is played."""
        if not 0 <= index < self.action_count:
            raise ValueError(f"action {index} out of range 0..{self.action_count - 1}")
        action, draft = self.adapter.decode(self.state, seat, index, self.drafts.get(seat))
        if action is None:
            self.drafts[seat] = draft
        else:
            self.drafts.pop(seat, None)
            self.play(seat, action)

    def observe(self, seat: int, asked: bool) -> dict[str, np.ndarray]:
        """The seat's observation, with its mask when it is `asked` (else all zero)."""
        adapter, state, draft = self.adapter, self.state, self.drafts.get(seat)
        mask = adapter.mask(state, seat, draft) if asked else adapter.zero_mask()
        return {"observation": adapter.observe(state, seat, draft), "action_mask": mask}

    @abstractmethod
    def play(self, seat: int, action: Any) -> None:
        """Play `seat`'s whole engine action."""


class InlineTable(Table):
    """The game played in the caller's own thread: an action is applied at once, and then the
    in-process `bots` play their seats until a seat of the caller's is asked (the first seat the
    engine asks acts, a bot on its `observation(seat)`), the way `Match` plays trusted bots.  An
    action the engine refuses takes its seat out (RULE_VIOLATION), or with ``illegal="raise"``
    raises `IllegalAction` and changes nothing.  The actions are kept as played and encoded only
    when the record is asked for."""

    def __init__(self, adapter: Adapter, options: Mapping[str, Any], seed: int, seats: list[SeatInfo],
                 bots: Mapping[int, Bot] | None = None, illegal: str = "forfeit") -> None:
        super().__init__(adapter)
        self.state = adapter.new_game(dict(options), seed)
        self.options, self.seed, self.seats = dict(options), seed, seats
        self.bots = dict(bots or {})
        self.illegal = illegal
        self.played: list[tuple[int, Any]] = []  # (seat, engine action or Forfeit)
        self.out: set[int] = set()  # seats taken out for an illegal action
        move = self._bot_move() if self.bots else None
        if move is not None:
            self.play(*move)

    @property
    def over(self) -> bool:
        return self.state.is_over

    def seat_to_act(self) -> int:
        """The seat that acts next: one with a draft keeps the turn, else the engine's first."""
        for seat in self.drafts:
            return seat
        return self.state.to_act()[0]

    def play(self, seat: int, action: Any) -> None:
        """Apply `seat`'s action, then the bots' moves until a seat of the caller's is asked."""
        state, played = self.state, self.played
        while True:
            try:
                state.apply(seat, action)
            except IllegalAction as error:
                if self.illegal == "raise":
                    raise
                state.forfeit(seat, EndCause.RULE_VIOLATION, str(error))
                played.append((seat, Forfeit(str(error))))
                self.out.add(seat)
            else:
                played.append((seat, action))
            move = self._bot_move() if self.bots else None
            if move is None:
                return
            seat, action = move

    def _bot_move(self) -> tuple[int, Any] | None:
        """The move of the bot whose seat the engine asks first, if it is a bot's."""
        state = self.state
        if state.is_over:
            return None
        seat = state.to_act()[0]
        bot = self.bots.get(seat)
        return None if bot is None else (seat, bot.choose(state.observation(seat), seat))

    def record(self, unfinished: str = "left unfinished") -> Record:
        """The game so far as a tablehall record; a game still running is aborted for the
        reason `unfinished`."""
        spec = self.adapter.spec
        record = Record(spec.name, spec.rules_version, dict(self.options), self.seed, list(self.seats))
        entries = record.entries
        for seat, action in self.played:
            if isinstance(action, Forfeit):
                entries.append(Entry(seat, forfeit=EndCause.RULE_VIOLATION, reason=action.reason))
            else:
                entries.append(Entry(seat, spec.encode_action(action)))
        result = self.state.result()
        record.result = result if result is not None else Result.aborted(len(self.seats), unfinished)
        return record

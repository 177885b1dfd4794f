"""Replaying game records through the rules, and a game's actions in their record form.

The record itself (`Record`, its entries and seats) is the value `record.py` defines, below the
rules contract: a game declares how its records are written and read (`GameSpec.exporters`), and
this module runs a record through a game's rules.  The record's names are importable from here
as well, where most callers look for them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Iterator, NamedTuple

from .game import GameSpec, GameState, IllegalAction
from .record import (ANNOTATIONS, FORMAT, MAX_RECORD_DEPTH, Entry, Handover, Record, RecordError, SeatInfo,
                     dumps)
from .result import EndCause, Result

__all__ = ["ANNOTATIONS", "FORMAT", "MAX_RECORD_DEPTH", "Entry", "Handover", "KnownActions", "Record", "RecordError",
           "Replay", "ReplayStep", "SeatInfo", "dumps", "replay", "replay_steps"]


class KnownActions:
    """A game's actions in their record form (`GameSpec.encode_action`), each encoded once per
    process.  Games between bots play the same few hundred actions over and over (a Catan game
    is about 1,000 of them), and encoding each one as it is played costs more than a cheap rule
    applying it.  Equal actions encode alike in every game here (an action is a tuple or a frozen
    dataclass of names and whole numbers), so an action equal to one already seen gets the same
    record form, which, like the `Entry` that holds it, nothing changes; an action that cannot
    be hashed is encoded each time.  `for_spec` gives the one instance per encoder."""

    LIMIT = 1 << 16  # distinct actions remembered (the least recently used forgotten first)

    def __init__(self, encode: Callable[[Any], Any]) -> None:
        self._encode = encode
        self._known = lru_cache(maxsize=self.LIMIT)(encode)

    @classmethod
    def for_spec(cls, spec: GameSpec) -> "KnownActions":
        return _known_actions(spec.encode_action)

    def encode(self, action: Any) -> Any:
        try:
            return self._known(action)
        except TypeError:  # unhashable: encoded every time
            return self._encode(action)

    def encode_all(self, actions: list[Any]) -> list[Any]:
        """`[self.encode(a) for a in actions]`."""
        try:
            return list(map(self._known, actions))
        except TypeError:
            return [self.encode(action) for action in actions]


@lru_cache(maxsize=None)
def _known_actions(encode: Callable[[Any], Any]) -> KnownActions:
    return KnownActions(encode)


@dataclass
class Replay:
    """The outcome of re-running a record through the rules."""

    record: Record
    state: GameState
    result: Result | None

    @property
    def matches(self) -> bool:
        stored = self.record.result
        if stored is None or stored.cause is EndCause.ABORTED:
            return not self.state.is_over or stored is None or self.result is None
        return self.result is not None and self.result.to_json() == stored.to_json()


class ReplayStep(NamedTuple):
    """One step of a record re-run through the rules: `number` counts the actions from 1 (0 for
    the start of the game), `seat` took `action` (decoded; None for a forfeit) and `events`
    came of it; `state` is the game right after the step.  `seat`, `action` and `entry` are None
    for the start, whose events are the game's `start_events`."""

    number: int
    seat: int | None
    action: Any
    events: list[Any]
    state: GameState
    entry: Entry | None


def replay_steps(record: Record, spec: GameSpec) -> Iterator[ReplayStep]:
    """Re-run `record` through the rules of `spec`, one step at a time; raise RecordError where
    an action is illegal.  Each step's `state` is the one game being replayed, valid until the
    next step is taken: copy it to keep it."""
    if record.game != spec.name:
        raise RecordError(f"record is a {record.game} game, not {spec.name}")
    try:
        state = spec.new(len(record.seats), record.options, record.seed)
    except ValueError as exc:
        raise RecordError(f"record cannot start: {exc}") from None
    yield ReplayStep(0, None, None, state.start_events(), state, None)
    for index, entry in enumerate(record.entries):
        if state.is_over:
            raise RecordError(f"action {index} comes after the game ended")
        action = None
        try:
            if entry.forfeit is not None:
                events = state.forfeit(entry.seat, entry.forfeit, entry.reason)
            else:
                action = spec.decode_action(entry.action)
                events = state.apply(entry.seat, action)
        except IllegalAction as exc:
            raise RecordError(f"action {index} (seat {entry.seat}) is illegal: {exc.message}") from None
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"action {index} (seat {entry.seat}) cannot be read: {exc}") from None
        yield ReplayStep(index + 1, entry.seat, action, events, state, entry)


def replay(record: Record, spec: GameSpec) -> Replay:
    """Re-run `record` through the rules of `spec`; raise RecordError if an action is illegal."""
    state = None
    for step in replay_steps(record, spec):
        state = step.state
    assert state is not None
    return Replay(record, state, state.result())

"""What an environment needs to know about one game: its fixed action index, its observation
layout, and how both map onto the engine.

Each game's adapter (`blokus`, `catan`, `dominion`, `renaissance` in this package) numbers every
action a seat can name once and for all (`ActionIndex`), lists its observation fields
(`layout.Layout`), and answers five questions for a seat of a live game:

* `mask`: which indices are legal now, read off the engine's `legal_actions` (plus the few
  legal actions an engine deliberately leaves out of that list; tests/envs/test_masks.py checks
  every index against `check`);
* `observe`: the observation vector, from what the seat may see only (tests/envs/test_hidden.py
  checks that it equals the encoding of the engine's `observation(seat)`, where everything the
  seat cannot see is re-dealt);
* `decode`: the engine action an index stands for;
* `encode`: the indices that stand for an engine action (replaying records through the env);
* `points`: the seat's running score (VP, points) for shaped rewards.

A few engine actions are free-form (a Catan discard of several cards): their index picks one part
at a time and the adapter keeps the parts chosen so far in a *draft* until the action is whole.
A draft is a small tuple the environment holds per seat; it is part of the observation.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Sequence

import numpy as np

from tablehall.core import GameState, IllegalAction, Result
from tablehall.core.registry import get_game

from .layout import Layout


class ActionIndex:
    """Named, consecutive ranges of action indices: ``start = index.add("road", 72, "...")``."""

    def __init__(self) -> None:
        self.ranges: list[tuple[str, int, int, str]] = []  # (name, start, count, meaning)
        self.size = 0

    def add(self, name: str, count: int, meaning: str) -> int:
        start = self.size
        self.ranges.append((name, start, count, meaning))
        self.size += count
        return start

    def name_of(self, index: int) -> tuple[str, int]:
        """(range name, position within the range) of `index`."""
        for name, start, count, _ in self.ranges:
            if start <= index < start + count:
                return name, index - start
        raise IndexError(f"action index {index} out of range 0..{self.size - 1}")

    def markdown(self) -> str:
        lines = ["| indices | action | meaning |", "|---|---|---|"]
        for name, start, count, meaning in self.ranges:
            span = str(start) if count == 1 else f"{start}..{start + count - 1}"
            lines.append(f"| {span} | `{name}` | {meaning} |")
        lines.append(f"| {self.size} | | total size |")
        return "\n".join(lines)


class Adapter(ABC):
    """A game seen by an environment.  One adapter serves one game of a given seat count; it may
    cache what never changes during a game (the board), keyed by the state."""

    game: str
    index: ActionIndex
    layout: Layout

    def __init__(self, seat_count: int) -> None:
        self.spec = get_game(self.game)
        if seat_count not in self.spec.seat_counts:
            raise ValueError(f"{self.game} is played by {'/'.join(map(str, self.spec.seat_counts))} seats, "
                             f"not {seat_count}")
        self.seat_count = seat_count

    @property
    def action_count(self) -> int:
        return self.index.size

    def new_game(self, options: dict[str, Any], seed: int) -> GameState:
        """The game `tablehall play` starts with these options and this seed."""
        return self.spec.new(self.seat_count, options, seed)

    # -- the five questions -------------------------------------------------------------------
    @abstractmethod
    def mask(self, state: GameState, seat: int, draft: Any = None) -> np.ndarray:
        """int8 vector, 1 where the index is legal for `seat` now (all 0 when it is not asked)."""

    @abstractmethod
    def observe(self, state: GameState, seat: int, draft: Any = None) -> np.ndarray:
        """float32 vector laid out as `layout`, from `seat`'s point of view."""

    @abstractmethod
    def decode(self, state: GameState, seat: int, index: int, draft: Any = None) -> tuple[Any, Any]:
        """(engine action, None) when `index` completes an action; (None, new draft) when it
        only adds to a draft.  Never raises for an index in range: an index the rules forbid
        gives an action the engine refuses."""

    @abstractmethod
    def encode(self, state: GameState, seat: int, action: Any) -> list[int]:
        """The indices that, played from no draft, make `action` (ValueError if none can)."""

    def accepts(self, state: GameState, seat: int, index: int, draft: Any = None) -> bool:
        """What the engine says of `index` now: the action it completes passes `check`, or the
        draft it extends can still be completed into one that does.  (The mask is computed
        without asking `check`; tests hold the two against each other.)"""
        action, extended = self.decode(state, seat, index, draft)
        if action is None:
            action = self.completion(state, seat, extended)
        try:
            self.check(state, seat, action)
        except IllegalAction:
            return False
        return True

    def check(self, state: GameState, seat: int, action: Any) -> None:
        """Raise IllegalAction unless the game takes `action` from `seat` through its index (the
        engine's `check`, and any bound the game's menu sets)."""
        state.check(seat, action)

    def completion(self, state: GameState, seat: int, draft: Any) -> Any:
        """A whole engine action that a draft could still grow into (games with drafts)."""
        raise NotImplementedError(f"{self.game} has no drafts")

    def points(self, state: GameState, seat: int) -> float:
        """The seat's running score for shaped rewards (what it may know of it)."""
        return 0.0

    def render(self, state: GameState) -> str:
        """A text picture of the game for an observer (render_mode="ansi")."""
        import json

        return json.dumps(state.view(None), indent=1, sort_keys=True)

    # -- shared helpers -------------------------------------------------------------------------
    def zero_mask(self) -> np.ndarray:
        return np.zeros(self.action_count, np.int8)

    def mask_of(self, indices: Sequence[int]) -> np.ndarray:
        mask = np.zeros(self.action_count, np.int8)
        mask[list(indices)] = 1
        return mask


def outcome(result: Result | None, seat: int) -> float:
    """The reward at the end of a game: +1 for a win alone, 0 for a shared win (a draw) or an
    aborted game, -1 otherwise (a loss, being taken out, Lorenzo winning a solo game)."""
    if result is None:
        return 0.0
    winners = result.winners
    if not winners and result.cause.value == "aborted":
        return 0.0
    if seat in winners:
        return 1.0 if len(winners) == 1 else 0.0
    return -1.0


def relative(seat: int, other: int, seat_count: int) -> int:
    """Where `other` sits from `seat`'s point of view: 0 itself, 1 the next seat in turn, ..."""
    return (other - seat) % seat_count

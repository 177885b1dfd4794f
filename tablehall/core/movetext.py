"""Moves in words: what one played step says to a person, for one audience.

A game tells its moves with a function on its `GameSpec` (`move_text`), given a `StepView`:
the step (seat, action, events) as one viewer (a seat, or None for observers) may see it.  The
live log, the replay's move list, the record page and `tablehall replay --moves` all call
`describe` (or `record_moves` for a stored game), so every face tells a move the same way.

Hidden information: `describe` hands the game's function only the events the viewer may see
(`Audience.admits`), and a function builds every hidden detail from those.  The action itself
may hold what others must not see (the cards a seat discards), and the state holds every
hand: a move-text function reads the action and the state only for what everyone sees.

A game without a function of its own gets `plain_text`: the action's record form as JSON.

>>> from tablehall.core.registry import get_game
>>> spec = get_game("blokus")
>>> state = spec.new(2, {"start_piece": "PENTO_V"})
>>> move = state.legal_actions(0)[0]
>>> events = state.apply(0, move)
>>> describe(spec, state, 0, move, events, ["Ana", "Ben"]).lines
('Ana places the blue V pentomino on A1-C3',)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, Sequence

from .events import Event, visible_to

if TYPE_CHECKING:
    from .game import GameSpec, GameState
    from .record import Record


@dataclass(frozen=True, slots=True)
class StepView:
    """One step of a game as `viewer` may see it.

    `seat` and `action` are None for the start of the game (the events `start_events` gives);
    for a seat taken out, `action` is None and the events are the game's forfeit events.
    `events` are only those `viewer` may see.  `state` is the game right after the step: read
    its public parts only (a board, a seat count).  `names` are the seats' display names."""

    seat: int | None
    action: Any
    events: tuple[Event, ...]
    viewer: int | None
    names: tuple[str, ...]
    state: "GameState"

    def name(self, seat: int) -> str:
        """The display name of `seat` ("seat 3" past the names given)."""
        return self.names[seat] if 0 <= seat < len(self.names) else f"seat {seat + 1}"

    def of(self, *kinds: str) -> list[Event]:
        """The step's events of these kinds, in order."""
        return [event for event in self.events if event.kind in kinds]

    def first(self, kind: str) -> Event | None:
        return next((event for event in self.events if event.kind == kind), None)


@dataclass(frozen=True, slots=True)
class MoveText:
    """A step in words: one or more English lines, and, where a game has one, `figure`: JSON-able
    data for a small drawing beside the words (Blokus: the piece's cells and colour)."""

    lines: tuple[str, ...]
    figure: Mapping[str, Any] | None = field(default=None)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"lines": list(self.lines)}
        if self.figure is not None:
            out["figure"] = dict(self.figure)
        return out


#: a game's move-text function (`GameSpec.move_text`)
MoveTextFunction = Callable[[StepView], MoveText]


def describe(spec: "GameSpec", state: "GameState", seat: int | None, action: Any, events: Sequence[Event],
             names: Sequence[str], viewer: int | None = None) -> MoveText:
    """The step `seat` just took (`action`, which gave `events`; `state` as it is now) in words
    for `viewer` (a seat, or None for observers), by the game's own function or `plain_text`."""
    view = StepView(seat, action, tuple(visible_to(events, viewer)), viewer, distinct(names), state)
    if spec.move_text is None:
        return plain_text(view, spec.encode_action)
    return spec.move_text(view)


def distinct(names: Sequence[str]) -> tuple[str, ...]:
    """The seats' names, each told apart: a name two seats share gets its seat number.

    >>> distinct(["strong", "Ana", "strong"])
    ('strong (seat 1)', 'Ana', 'strong (seat 3)')
    """
    return tuple(f"{name} (seat {seat + 1})" if names.count(name) > 1 else name for seat, name in enumerate(names))


def plain_text(view: StepView, encode: Callable[[Any], Any]) -> MoveText:
    """The words of a game that has none of its own: who took which action, in its record form."""
    if view.seat is None:
        return MoveText(())
    if view.action is None:
        return MoveText((f"{view.name(view.seat)} is out of the game",))
    return MoveText((f"{view.name(view.seat)}: {json.dumps(encode(view.action))}",))


@dataclass(frozen=True, slots=True)
class NumberedMove:
    """One step of a stored game in words: `number` counts the record's actions from 1 (0 for
    the start of the game), `seat` took it (None at the start)."""

    number: int
    seat: int | None
    text: MoveText

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "seat": self.seat, **self.text.to_json()}


def record_moves(record: "Record", spec: "GameSpec", viewer: int | None = None) -> Iterator[NumberedMove]:
    """Every step of `record`, re-run through the rules (`records.replay_steps`), in words for
    `viewer`; raises RecordError where the record does not replay."""
    from .records import replay_steps

    names = [seat.name for seat in record.seats]
    for step in replay_steps(record, spec):
        text = describe(spec, step.state, step.seat, step.action, step.events, names, viewer)
        yield NumberedMove(step.number, step.seat, text)


# -- shared English ------------------------------------------------------------------------------

def counted(count: int, noun: str, plural: str | None = None) -> str:
    """'1 card', '3 cards', 'no cards'.

    >>> counted(1, "card"), counted(2, "city", "cities"), counted(0, "card")
    ('1 card', '2 cities', 'no cards')
    """
    many = plural or f"{noun}s"
    if count == 0:
        return f"no {many}"
    return f"{count} {noun if count == 1 else many}"


def listed(items: Sequence[str], last: str = "and") -> str:
    """'a', 'a and b', 'a, b and c'.

    >>> listed(["Ana"]), listed(["Ana", "Ben"]), listed(["Ana", "Ben", "Cy"], "or")
    ('Ana', 'Ana and Ben', 'Ana, Ben or Cy')
    """
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


CAUSE_WORDS = {
    "regular": "left the game",
    "soft_timeout": "answered too late",
    "hard_timeout": "did not answer in time",
    "rule_violation": "broke a rule",
    "left": "left the game",
    "disqualified": "was disqualified",
    "aborted": "was stopped",
}


#: a game's words for one kind of event: (view, event) -> a line, or None when it says nothing
EventWords = Callable[[StepView, Event], "str | None"]


def lines_of(view: StepView, words: Mapping[str, EventWords]) -> list[str]:
    """A line for each of the step's events that `words` (by event kind) says something about."""
    lines = []
    for event in view.events:
        write = words.get(event.kind)
        line = write(view, event) if write is not None else None
        if line:
            lines.append(line)
    return lines


def seat_does(words: str) -> EventWords:
    """The words of an event that only says its seat did something ("Ana ends the turn")."""
    return lambda view, event: f"{view.name(event.data['seat'])} {words}"


def forfeit_line(view: StepView, event: Event) -> str:
    """The words of a seat's forfeit event (data: seat, cause, reason)."""
    data = event.data
    return out_words(view.name(data["seat"]), data["cause"], data["reason"])


def out_words(name: str, cause: str, reason: str = "") -> str:
    """A seat taken out of the game, in words.

    >>> out_words("Ana", "hard_timeout", "no move within 10 s")
    'Ana is out: did not answer in time (no move within 10 s)'
    """
    why = CAUSE_WORDS.get(cause, cause.replace("_", " "))
    return f"{name} is out: {why}" + (f" ({reason})" if reason else "")

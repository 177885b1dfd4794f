"""Events produced by applying an action, each with the audience allowed to see it.

Hidden information is decided here, once: a stolen resource is one event for the thief and
the victim and another, without the resource, for everybody else.  Protocol adapters, records
and spectator views all filter with `Audience.admits`, so none of them can leak by accident.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

OBSERVER = None  # the seat value that stands for an observer (spectator, admin, replay viewer)


@dataclass(frozen=True, slots=True)
class Audience:
    """Who may see an event.

    kinds: ``all`` (every seat and observers), ``seats`` (only the listed seats),
    ``all_but`` (every seat not listed, and observers), ``observers`` (observers only).
    """

    kind: str
    seats: frozenset[int] = frozenset()

    def admits(self, seat: int | None) -> bool:
        if self.kind == "all":
            return True
        if self.kind == "seats":
            return seat is not None and seat in self.seats
        if self.kind == "all_but":
            return seat is None or seat not in self.seats
        if self.kind == "observers":
            return seat is None
        raise ValueError(f"unknown audience kind {self.kind!r}")

    def to_json(self) -> Any:
        return self.kind if not self.seats else [self.kind, sorted(self.seats)]


EVERYONE = Audience("all")
OBSERVERS = Audience("observers")


def only(*seats: int) -> Audience:
    return Audience("seats", frozenset(seats))


def all_but(*seats: int) -> Audience:
    return Audience("all_but", frozenset(seats))


@dataclass(slots=True)
class Event:
    """Something that happened, as the game tells it: a kind, JSON-able data, an audience.

    A plain slotted dataclass: games make an event or two per action, and a frozen one costs
    more than twice as much to make (``object.__setattr__`` per field).  Nobody changes an
    event once made: agents and listeners are handed the same ones."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    audience: Audience = EVERYONE

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "data": dict(self.data), "to": self.audience.to_json()}


def visible_to(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events `seat` (or an observer, for None) may see, in order."""
    return [e for e in events if e.audience.admits(seat)]

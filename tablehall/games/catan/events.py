"""Catan's events, and the audiences its private events go to (seats 0..5)."""

from __future__ import annotations

from tablehall.core import Event, all_but, only

#: the rules' name for a kernel event (`Event(kind, data, audience)`)
event = Event

ALONE = tuple((seat,) for seat in range(6))
ONLY = tuple(only(seat) for seat in range(6))
ALL_BUT = tuple(all_but(seat) for seat in range(6))
ONLY_PAIR = tuple(tuple(only(a, b) for b in range(6)) for a in range(6))
ALL_BUT_PAIR = tuple(tuple(all_but(a, b) for b in range(6)) for a in range(6))

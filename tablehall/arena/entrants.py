"""Who plays in a tournament: entrants, each a label (its name in the standings) and a seat as
`tablehall play` writes one.

An entrant is written ``[LABEL=]SEAT``.  SEAT is anything `tablehall play --seats` accepts (a
built-in bot name, ``cmd:COMMAND`` for a subprocess bot where the protocol allows it, and
whatever seat kinds play learns later), or ``remote:NAME``: the clients that log in to the
arena's listeners under NAME (JSettlers robots, contest clients, Dominion TCP bots,
Renaissance clients).  Seats are checked and turned into agents by play's own parser
(`tablehall.core.seats`), so the arena knows every seat kind play knows.

Without a label, an entrant is named for its bot, its command's script (``engine`` for
``cmd:python3 examples/dominion/engine.py``) or its login name; the same name twice becomes
``random``, ``random#2``, ...
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import PurePath
from typing import Sequence

from ..core.game import GameSpec

REMOTE = "remote:"
_LABEL = re.compile(r"^[A-Za-z0-9_.#+-]{1,40}$")


class EntrantError(ValueError):
    """An entrant the arena cannot seat (one line for the user)."""


@dataclass(frozen=True)
class Entrant:
    label: str  # unique in the tournament: standings, ratings and record seat names use it
    seat: str  # the seat text: a bot name, cmd:COMMAND, remote:NAME, ...

    @property
    def kind(self) -> str:
        """``bot`` for built-in bots, else the seat's prefix (``cmd``, ``remote``, ...)."""
        prefix, sep, _ = self.seat.partition(":")
        return prefix if sep else "bot"

    @property
    def remote(self) -> bool:
        return self.seat.startswith(REMOTE)

    @property
    def login(self) -> str:
        """The login name of a remote entrant."""
        return self.seat[len(REMOTE):]

    def to_json(self) -> dict[str, str]:
        return {"label": self.label, "seat": self.seat, "kind": self.kind}


def split_entrants(text: str) -> list[str]:
    """``strong,random`` -> its items; a comma inside quotes (a command) does not split."""
    items, current, quote = [], "", ""
    for char in text:
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == ",":
            items.append(current.strip())
            current = ""
            continue
        current += char
    items.append(current.strip())
    return [item for item in items if item]


def default_label(seat: str) -> str:
    if seat.startswith("cmd:"):
        try:
            words = shlex.split(seat[4:])
        except ValueError:
            words = seat[4:].split()
        # the program's file: the first word that looks like a path (python3 bot.py, java -jar
        # bot.jar, ./bot), else the command's first word
        files = [w for w in words[1:] if not w.startswith("-") and ("/" in w or PurePath(w).suffix)]
        chosen = files[0] if files else (words[0] if words else "cmd")
        return PurePath(chosen).stem or "cmd"
    if seat.startswith(REMOTE):
        return seat[len(REMOTE):]
    return seat


def parse_entrant(item: str) -> tuple[str | None, str]:
    """``LABEL=SEAT`` or ``SEAT``.  A seat with ``=`` in it (``cmd:bot --depth=3``) is no label:
    a label is one word without a colon or spaces."""
    label, sep, seat = item.partition("=")
    if sep and _LABEL.match(label) and ":" not in label:
        return label, seat.strip()
    return None, item


def parse_entrants(spec: GameSpec, items: Sequence[str]) -> list[Entrant]:
    """Entrants from `items` (each ``[LABEL=]SEAT``), checked against the game: every seat must
    be one play can seat, or a remote login for a protocol the game speaks."""
    entrants: list[Entrant] = []
    taken: set[str] = set()
    for item in items:
        label, seat = parse_entrant(item)
        if not seat:
            raise EntrantError(f"entrant {item!r} has no seat")
        check_seat(spec, seat)
        if label is None:
            base = default_label(seat)
            label, number = base, 1
            while label in taken:
                number += 1
                label = f"{base}#{number}"
        elif label in taken:
            raise EntrantError(f"two entrants are labelled {label!r}")
        taken.add(label)
        entrants.append(Entrant(label, seat))
    return entrants


def check_seat(spec: GameSpec, seat: str) -> None:
    """Refuse a seat the game cannot take, with play's own error."""
    if seat.startswith(REMOTE):
        login = seat[len(REMOTE):]
        if not login or len(login) > 40 or any(c.isspace() or c == "," for c in login):
            raise EntrantError(f"remote entrant needs a login name (no spaces), not {seat!r}")
        if not spec.services:
            raise EntrantError(f"{spec.name} has no network protocol for remote entrants")
        return
    from ..core.seats import SeatError, make_agent  # play's seat parser: every seat kind play knows

    try:
        make_agent(spec, seat, 0, 0)  # builds (and drops) the agent; a subprocess is not started
    except SeatError as exc:
        raise EntrantError(str(exc)) from None

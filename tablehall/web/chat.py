"""Chat at a live table: two rooms, the players' (people seated in the browser) and the
spectators' (apart from the players, as on most game sites).  A line is checked here (length,
control characters, how often its sender writes) and fanned out to the room's pages; pages put
it in as text, never as HTML.  Bots are never sent chat: only browser seats and spectator pages
join a room.  Each line goes into the match's record as it is said (`Record.chat`), so the record
stored at the end holds them."""

from __future__ import annotations

import unicodedata
from typing import Any, Callable

from ..core.match import Match
from .quota import RateLimit

MAX_LENGTH = 300  # characters of one line
MAX_LINES = 500  # lines a table keeps (and its record stores)
PER_MINUTE = 12  # lines one sender may write a minute, in bursts of as many
ROOMS = ("players", "spectators")

Send = Callable[[dict[str, Any]], None]


def clean(text: Any) -> str | None:
    """The line as it will be shown: control characters out, spaces trimmed; None if nothing is left."""
    if not isinstance(text, str):
        return None
    kept = "".join(" " if unicodedata.category(c).startswith("C") else c for c in text)
    return " ".join(kept.split()) or None


class TableChat:
    """The chat of one live match: who is told each new line (the lines are its record's)."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.lines = match.record.chat
        self.members: dict[str, dict[object, Send]] = {room: {} for room in ROOMS}
        self.rate = RateLimit(PER_MINUTE)

    def join(self, room: str, key: object, send: Send) -> None:
        """`send` is told every new line of `room` from now on (`key` names it for `leave`)."""
        self.members[room][key] = send
        said = [line for line in self.lines if line["room"] == room]
        if said:  # what was said before the page came
            send({"type": "chat", "room": room, "lines": said})

    def leave(self, room: str, key: object) -> None:
        self.members[room].pop(key, None)

    def say(self, room: str, sender: str, name: str, seat: int | None, text: Any) -> str | None:
        """Add a line (None), or say why not."""
        line = clean(text)
        if line is None:
            return "an empty message"
        if len(line) > MAX_LENGTH:
            return f"a message is at most {MAX_LENGTH} characters"
        if self.match.state.is_over or self.match.record.result is not None:
            return "the game is over"
        if len(self.lines) >= MAX_LINES:
            return "this table's chat is full"
        if not self.rate.allow(sender):
            return f"at most {PER_MINUTE} messages a minute"
        said = {"room": room, "seat": seat, "name": name, "after": len(self.match.record.entries), "text": line}
        self.lines.append(said)
        for send in list(self.members[room].values()):
            send({"type": "chat", "room": room, "lines": [said]})
        return None


class Chats:
    """The chat of every live match that has one, by match id (made at its first member)."""

    def __init__(self) -> None:
        self.by_match: dict[str, TableChat] = {}

    def of(self, match_id: str, match: Match) -> TableChat:
        chat = self.by_match.get(match_id)
        if chat is None or chat.match is not match:
            for gone in [i for i, c in self.by_match.items() if c.match.finished.is_set()]:
                del self.by_match[gone]
            chat = self.by_match[match_id] = TableChat(match)
        return chat

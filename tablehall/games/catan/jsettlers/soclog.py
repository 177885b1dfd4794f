"""JSettlers game event logs (``.soclog``, ``soc.extra.server.GameEventLog``): read and write.

A log is a header line, then one entry per line: ``[m:ss.mmm:]AUDIENCE:MessageToString``
or a ``#`` comment.  The audience says who a server message went to (``all``, ``p3``, ``!p3``,
``!p[3, 1]``, ``ob`` observer, ``un`` undetermined) or who sent a client message (``f3``, ``fo``).
The first message must be the server's `Version`, the second `NewGame` or `NewGameWithOptions`
for the header's game name.

Reading checks what JSettlers checks and fails the way it fails: `SoclogMissing` where Java
throws ``NoSuchElementException`` (no header, no version, version too old, first messages
missing), `SoclogParseError` where it throws ``ParseException`` (bad header fields, a line that
does not parse, version or game name differing from the header).  Messages keep their
comments and order, so `Soclog.render` re-creates a JSettlers-written log byte for byte.
Normalisations: lines are trimmed and blank lines dropped (as Java does), ``!p[3]`` is written
back as ``!p3``, and the header is written in Java's field order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from datetime import datetime, timezone, tzinfo
from typing import Iterable

from tablehall.core.quoting import clip, token

from .game_messages import NewGame
from .lobby_messages import NewGameWithOptions, Version
from .message import MalformedMessage, Message, is_single_line_and_safe, java_int, parse_str

HEADER_PREFIX = "SOC game event log: type="
MIN_VERSION = 2500
MAX_ELAPSED_MS = 2**31 - 1

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_PLAYER_LIST_SEP = re.compile(r", ?")


class SoclogError(ValueError):
    """A ``.soclog`` JSettlers would refuse."""


class SoclogMissing(SoclogError):
    """A required part is missing (Java: ``NoSuchElementException``)."""


class SoclogParseError(SoclogError):
    """Something present does not parse or is inconsistent (Java: ``ParseException``)."""


@dataclass(frozen=True)
class Audience:
    """Who a logged message went to, or came from.

    ``kind``: ``all``, ``player`` (``pn``), ``except`` (``excluded`` seats), ``observer``,
    ``undetermined``, ``from_player`` (``pn``), ``from_observer``.  ``reach_bits`` says whom a
    server message with this audience reaches, as bits: ``1 << pn`` per seat it `reaches`, and
    `OBSERVERS_BIT` when observers get it (`reaches_member`); a room picks each member's share
    of a batch with them.
    """

    kind: str
    pn: int | None = None
    excluded: tuple[int, ...] = ()
    reach_bits: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        bits = sum(1 << pn for pn in range(SEAT_BITS) if self.reaches(pn))
        if self.reaches_member(None):
            bits |= OBSERVERS_BIT
        object.__setattr__(self, "reach_bits", bits)  # a frozen dataclass's derived field

    @property
    def from_client(self) -> bool:
        return self.kind in ("from_player", "from_observer")

    def reaches(self, pn: int) -> bool:
        """Whether a server message with this audience is delivered to seat `pn`."""
        if self.kind == "all":
            return True
        if self.kind == "player":
            return self.pn == pn
        if self.kind == "except":
            return pn not in self.excluded
        return False

    def reaches_member(self, pn: int | None) -> bool:
        """Whether a server message with this audience is delivered to the member sitting in seat
        `pn` (None: an observer, who gets ``all`` and ``!pN`` messages)."""
        if pn is None:
            return self.kind in ("all", "except")
        return self.reaches(pn)

    def prefix(self) -> str:
        if self.kind == "all":
            return "all"
        if self.kind == "player":
            return f"p{self.pn}"
        if self.kind == "except":
            if len(self.excluded) == 1:
                return f"!p{self.excluded[0]}"
            return "!p[" + ", ".join(map(str, self.excluded)) + "]"
        if self.kind == "observer":
            return "ob"
        if self.kind == "undetermined":
            return "un"
        if self.kind == "from_player":
            return f"f{self.pn}"
        if self.kind == "from_observer":
            return "fo"
        raise ValueError(f"unknown audience kind {self.kind!r}")

    @classmethod
    def parse(cls, users: str) -> "Audience":
        try:
            return cls._parse(users)
        except MalformedMessage:
            raise SoclogParseError(f"Can't parse event user spec {token(users)}") from None

    @classmethod
    def _parse(cls, users: str) -> "Audience":
        if users == "all":
            return ALL
        if users.startswith("f"):
            return FROM_OBSERVER if users == "fo" else cls("from_player", java_int(users[1:]))
        if users.startswith("!p"):
            rest = users[2:]
            if "0" <= rest[:1] <= "9" and rest[:1]:
                return cls("except", excluded=(java_int(rest),))
            if rest.startswith("[") and rest.endswith("]") and len(rest) > 2:
                return cls("except", excluded=tuple(java_int(p) for p in _PLAYER_LIST_SEP.split(rest[1:-1])))
            raise MalformedMessage(users)
        if users == "ob":
            return OBSERVER
        if users == "un":
            return UNDETERMINED
        if users.startswith("p"):
            return cls("player", java_int(users[1:]))
        raise MalformedMessage(users)


SEAT_BITS = 8  # seats `reach_bits` covers (JSettlers games have at most 6)
OBSERVERS_BIT = 1 << SEAT_BITS

ALL = Audience("all")
OBSERVER = Audience("observer")
UNDETERMINED = Audience("undetermined")
FROM_OBSERVER = Audience("from_observer")
_PLAYERS = tuple(Audience("player", pn) for pn in range(8))  # `to_player`


def to_player(pn: int) -> Audience:
    if 0 <= pn < len(_PLAYERS):
        return _PLAYERS[pn]  # made once: games send to one player on most moves
    return Audience("player", pn)


@lru_cache(maxsize=1024)
def all_except(*pns: int) -> Audience:
    """Everybody but these seats (made once per set of seats: a game uses a few)."""
    return Audience("except", excluded=pns)


def from_player(pn: int) -> Audience:
    return Audience("from_player", pn)


@dataclass(unsafe_hash=True)
class Entry:
    """One log line: a message with its audience (``message`` None for Java's ``null``), or a
    comment (``audience`` None).  A plain dataclass, as messages are (`message`)."""

    audience: Audience | None
    message: Message | None
    elapsed_ms: int | None = None
    comment: str | None = None

    @classmethod
    def of_comment(cls, text: str) -> "Entry":
        return cls(None, None, comment=text)

    def render(self, timed: bool = True) -> str:
        if self.audience is None:
            return f"#{self.comment}"
        stamp = ""
        if timed and self.elapsed_ms is not None:
            seconds, ms = divmod(self.elapsed_ms, 1000)
            minutes, seconds = divmod(seconds, 60)
            stamp = f"{minutes}:{seconds:02d}.{ms:03d}:"
        body = "null" if self.message is None else self.message.to_str()
        return f"{stamp}{self.audience.prefix()}:{body}"

    @classmethod
    def parse(cls, line: str) -> "Entry | None":
        """A trimmed line as an entry (None for an empty line); `SoclogParseError` if malformed."""
        if not line:
            return None
        if line.startswith("#"):
            return cls.of_comment(line[1:])
        elapsed = None
        if "0" <= line[0] <= "9":
            elapsed, line = _parse_timestamp(line)
        colon = line.find(":")
        if colon < 1:
            raise SoclogParseError("Must start with users + ':'")
        if colon == len(line) - 1:
            raise SoclogParseError("Missing event after ':'")
        users, text = line[:colon], line[colon + 1 :]
        try:
            message = None if text == "null" else parse_str(text)
        except MalformedMessage as error:
            raise SoclogParseError(f"Error parsing event: {error}") from None
        return cls(Audience.parse(users), message, elapsed)


def _parse_timestamp(line: str) -> tuple[int, str]:
    """Split ``m:ss.mmm:`` off the front of `line`."""
    first = line.find(":")
    if first == -1:
        raise SoclogParseError('Expected start to be "digits:"')
    dot = line.find(".", first + 1)
    if dot == -1:
        raise SoclogParseError("Missing . after seconds")
    end = line.find(":", dot + 1)
    if end != dot + 4:
        raise SoclogParseError("msec: Expected 3 digits + :")
    try:
        minutes = java_int(line[:first])
        seconds = java_int(line[first + 1 : dot])
        ms = java_int(line[dot + 1 : end])
    except MalformedMessage as error:
        raise SoclogParseError(f"Couldn't parse timestamp: {error}") from None
    if seconds < 0 or ms < 0:
        raise SoclogParseError("Negative time")
    rest = line[end + 1 :]
    if not rest:
        raise SoclogParseError("Expected users after timestamp")
    return min(1000 * (60 * minutes + seconds) + ms, MAX_ELAPSED_MS), rest


def _java_trim(line: str) -> str:
    """`String.trim`: strip every char up to and including the space."""
    start, end = 0, len(line)
    while start < end and line[start] <= " ":
        start += 1
    while end > start and line[end - 1] <= " ":
        end -= 1
    return line[start:end]


@dataclass
class Soclog:
    """A game event log: header values and the entries in order (comments included)."""

    game_name: str
    version: int
    entries: list[Entry] = field(default_factory=list)
    at_client: bool = False  # header type C: only what clients received
    created_at: int | None = None
    now: int | None = None

    @property
    def options(self) -> str | None:
        """The game's option string from its `NewGameWithOptions`, or None."""
        for entry in self.entries:
            if isinstance(entry.message, NewGameWithOptions):
                return entry.message.options.removeprefix(",")
            if isinstance(entry.message, NewGame):
                return None
        return None

    def messages(self) -> Iterable[tuple[Audience, Message | None]]:
        """(audience, message) for every non-comment entry."""
        return ((e.audience, e.message) for e in self.entries if e.audience is not None)

    def header(self) -> str:
        fields = [f"type={'C' if self.at_client else 'F'}", f"version={self.version}"]
        if self.created_at is not None:
            fields.append(f"created_at={self.created_at}")
        if self.now is not None:
            fields.append(f"now={self.now}")
        fields.append(f"game_name={self.game_name}")
        return "SOC game event log: " + ", ".join(fields)

    def render(self, timed: bool = True) -> str:
        """The log as JSettlers writes it (``\\n`` line ends)."""
        lines = [self.header(), *(e.render(timed) for e in self.entries if not (self.at_client and _from_client(e)))]
        return "\n".join(lines) + "\n"

    def at_seat(self, pn: int) -> "Soclog":
        """What one seat's client received (Java's ``filterAtClientPN``): server messages to all,
        to `pn`, or to everybody but others; comments kept."""
        kept = [
            e
            for e in self.entries
            if e.audience is None or (not e.audience.from_client and e.audience.reaches(pn))
        ]
        return Soclog(self.game_name, self.version, kept, True, self.created_at, self.now)


def _from_client(entry: Entry) -> bool:
    return entry.audience is not None and entry.audience.from_client


def header_comments(created_at: int, now: int, tz: tzinfo = timezone.utc) -> list[Entry]:
    """The two comment lines JSettlers writes after the header (local time, RFC 822 offset)."""

    def stamp(seconds: int) -> str:
        return datetime.fromtimestamp(seconds, tz).strftime("%Y-%m-%d %H:%M:%S %z")

    return [
        Entry.of_comment(f" Game created at: {stamp(created_at)}"),
        Entry.of_comment(f" Log written at:  {stamp(now)}"),
    ]


def read_soclog(text: str, ignore_comments: bool = False) -> Soclog:
    """Parse a ``.soclog`` as `GameEventLog.load` does; `SoclogMissing` / `SoclogParseError`."""
    lines = _LINE_BREAK.split(text)
    if text.endswith(("\n", "\r")):
        lines.pop()
    header = lines[0] if lines else ""
    if not header.startswith(HEADER_PREFIX):
        raise SoclogMissing('File must start with "SOC game event log" header line')
    log = _parse_header(header)

    saw_version = saw_new_game = False
    for number, raw in enumerate(lines[1:], 2):
        line = _java_trim(raw)
        if not line:
            continue
        if not saw_version and not line.startswith("#") and ":SOCVersion" not in line:
            raise SoclogMissing("First event message must be SOCVersion")
        try:
            entry = Entry.parse(line)
        except SoclogParseError as error:
            reason = str(error)
            if line[line.find(":") + 1:][:20] in reason:  # the reason quotes the line already
                raise SoclogParseError(f"Line {number}: {clip(reason, 80)}") from None
            raise SoclogParseError(f"Line {number}: {clip(reason, 80)}; the line: {token(line, 60)}") from None
        assert entry is not None
        if entry.comment is not None:
            if not ignore_comments:
                log.entries.append(entry)
            continue
        message = entry.message
        if not saw_version and isinstance(message, Version):
            if message.version != log.version:
                raise SoclogParseError(
                    f"Line {number}: Version {message.version} in SOCVersion differs from header's {log.version}"
                )
            saw_version = True
        elif not saw_new_game and message is not None:
            if not isinstance(message, (NewGame, NewGameWithOptions)):
                raise SoclogMissing("Second event message must be SOCNewGame or SOCNewGameWithOptions")
            if message.game != log.game_name:
                raise SoclogParseError(f"Line {number}: Game name differs from header")
            saw_new_game = True
        log.entries.append(entry)
    return log


def _parse_header(line: str) -> Soclog:
    version = 0
    game_name = None
    at_client = False
    stamps: dict[str, int] = {}
    for item in line[len("SOC game event log: ") :].split(", "):
        key, _, value = item.partition("=")
        if key == "type":
            if len(value) != 1:
                raise SoclogParseError(f"unknown log type, must be 1 character: {token(item)}")
            if value not in "FC":
                raise SoclogParseError(f"unknown log type: {token(value)}")
            at_client = value == "C"
        elif key == "version":
            try:
                version = java_int(value)
            except MalformedMessage:
                raise SoclogParseError("Couldn't parse version number in header") from None
            if version < MIN_VERSION:
                raise SoclogMissing(f"Minimum version for format is {MIN_VERSION}, this file has {version}")
        elif key == "game_name":
            if not value:
                raise SoclogParseError("Empty game_name")
            if not is_single_line_and_safe(value):
                raise SoclogParseError("Invalid game_name")
            game_name = value
        elif key in ("created_at", "now"):
            try:
                stamps[key] = int(value)
            except ValueError:
                pass  # informational only; Java ignores these fields
    if version == 0:
        raise SoclogMissing("Header missing required version field")
    if game_name is None:
        raise SoclogParseError("Header missing required game_name field")
    return Soclog(game_name, version, [], at_client, stamps.get("created_at"), stamps.get("now"))

"""Game records: what is stored for every finished or aborted game, and replay.

A record has a *canonical body* (game, rules version, options, seed, seats, actions, result)
that depends only on what was played, and *annotations* that depend on when and how fast
(start time, per-action milliseconds, record id).  The digest covers the canonical body, so the
same game played in any process has the same digest.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Iterator, Mapping, NamedTuple

from . import jsonbounds
from .quoting import clip
from .game import GameSpec, GameState, IllegalAction
from .record_text import dumps, with_actions
from .result import EndCause, Result

FORMAT = "tablehall-record/1"
#: arrays and objects a record file may nest (a record's own actions nest a few levels)
MAX_RECORD_DEPTH = 64


class RecordError(ValueError):
    """A record that cannot be read or does not replay."""



@dataclass(frozen=True, slots=True)
class SeatInfo:
    """Who played a seat: a display name and the kind of agent (``bot:NAME``, ``remote:PROTOCOL``,
    ``cmd:COMMAND``)."""

    name: str
    agent: str

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "agent": self.agent}


@dataclass(frozen=True, slots=True)
class Handover:
    """From action `since` on (the index of the first action it may take), `seat` is played by
    someone else: a person taking over a robot's seat, a bot replacing a client that left."""

    seat: int
    since: int
    name: str
    agent: str

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "since": self.since, "name": self.name, "agent": self.agent}


class Entry(NamedTuple):
    """One step of a game: `seat` took `action` (its record form), or was taken out (`forfeit`
    holds the cause).  A named tuple: the runner makes one per action, and a tuple is the
    cheapest immutable record Python makes."""

    seat: int
    action: Any = None
    forfeit: EndCause | None = None
    reason: str = ""
    ms: int = 0  # time the seat used for this decision: an annotation, not canonical

    def canonical(self) -> list[Any]:
        if self.forfeit is not None:
            return [self.seat, {"forfeit": self.forfeit.value, "reason": self.reason}]
        return [self.seat, self.action]


@dataclass(repr=False)
class Record:
    game: str
    rules_version: str
    options: dict[str, Any]
    seed: int
    seats: list[SeatInfo]
    entries: list[Entry] = field(default_factory=list)
    result: Result | None = None
    handovers: list[Handover] = field(default_factory=list)  # seats that changed hands, in order
    started_at: str = ""
    ended_at: str = ""
    id: str = ""
    rated: bool = False  # played for ratings (the players chose it when the game was made)
    # what people wrote at the table (`ChatLine`s as JSON): an annotation, outside the digest,
    # and written only when there was some, so records of games without chat are as they were
    chat: list[dict[str, Any]] = field(default_factory=list)
    # read from a file or a store: whether it carried its digest (checked), or not; None: made here
    digest_checked: bool | None = field(default=None, compare=False)

    def __repr__(self) -> str:  # short: a whole game in a repr costs milliseconds and says little
        return f"<Record {self.game} {self.id or '-'} seed={self.seed} actions={len(self.entries)} {self.status}>"

    @property
    def status(self) -> str:
        if self.result is None or self.result.cause is EndCause.ABORTED:
            return "aborted"
        return "finished"

    def holder(self, seat: int) -> SeatInfo:
        """Who plays `seat` now (or last did): its latest handover, else who sat at the start."""
        for handover in reversed(self.handovers):
            if handover.seat == seat:
                return SeatInfo(handover.name, handover.agent)
        return self.seats[seat]

    # -- serialisation ------------------------------------------------------------------------
    def canonical(self) -> dict[str, Any]:
        body = self._head()
        body["actions"] = self._actions()
        return body

    def _head(self) -> dict[str, Any]:
        """The canonical body but its actions."""
        body = {
            "format": FORMAT,
            "game": self.game,
            "rules_version": self.rules_version,
            "options": self.options,
            "seed": self.seed,
            "seats": [s.to_json() for s in self.seats],
            "result": None if self.result is None else self.result.to_json(),
        }
        if self.handovers:  # only then: records of games nobody left keep their digests
            body["handovers"] = [h.to_json() for h in self.handovers]
        if self.rated:  # likewise: casual games' records are as they were
            body["rated"] = True
        return body

    def _actions(self) -> list[Any]:
        return [[e.seat, e.action] if e.forfeit is None else e.canonical() for e in self.entries]

    def _annotations(self, digest: str) -> dict[str, Any]:
        """What the stored body adds to the canonical one (`ANNOTATIONS`)."""
        notes = {"id": self.id, "started_at": self.started_at, "ended_at": self.ended_at,
                 "ms": [e.ms for e in self.entries], "digest": digest}
        if self.chat:
            notes["chat"] = self.chat
        return notes

    def canonical_bytes(self) -> bytes:
        return dumps(self.canonical()).encode()

    def digest(self) -> str:
        return hashlib.sha256(self.canonical_bytes()).hexdigest()

    def to_json(self) -> dict[str, Any]:
        body = self.canonical()
        body.update(self._annotations(self.digest()))
        return body

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Record":
        try:
            if data.get("format") != FORMAT:
                raise RecordError(f"not a {FORMAT} record (format={data.get('format')!r})")
            times = list(data.get("ms") or [])
            entries = []
            for i, (seat, action) in enumerate(data["actions"]):
                ms = int(times[i]) if i < len(times) else 0
                if isinstance(action, dict) and set(action) == {"forfeit", "reason"}:
                    entries.append(Entry(int(seat), forfeit=EndCause(action["forfeit"]),
                                         reason=str(action["reason"]), ms=ms))
                else:
                    entries.append(Entry(int(seat), action, ms=ms))
            record = cls(
                game=str(data["game"]),
                rules_version=str(data["rules_version"]),
                options=dict(data["options"]),
                seed=int(data["seed"]),
                seats=[SeatInfo(str(s["name"]), str(s["agent"])) for s in data["seats"]],
                entries=entries,
                result=None if data.get("result") is None else Result.from_json(data["result"]),
                handovers=[Handover(int(h["seat"]), int(h["since"]), str(h["name"]), str(h["agent"]))
                           for h in data.get("handovers") or ()],
                started_at=str(data.get("started_at", "")),
                ended_at=str(data.get("ended_at", "")),
                id=str(data.get("id", "")),
                rated=data.get("rated") is True,
                chat=[chat_line(line) for line in data.get("chat") or ()],
            )
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError, OverflowError) as exc:
            raise RecordError(f"corrupt record: {type(exc).__name__}: {clip(str(exc))}") from None
        stored = data.get("digest")
        try:
            if stored and stored != record.digest():
                raise RecordError("corrupt record: digest does not match its content")
        except (TypeError, ValueError, RecursionError) as exc:  # content JSON cannot write back
            raise RecordError(f"corrupt record: {type(exc).__name__}: {clip(str(exc))}") from None
        record.digest_checked = bool(stored)
        return record

    @classmethod
    def loads(cls, text: str | bytes) -> "Record":
        try:
            data = jsonbounds.loads(text, MAX_RECORD_DEPTH)
        except ValueError as exc:
            raise RecordError(f"corrupt record: not JSON ({clip(str(exc))})") from None
        if not isinstance(data, dict):
            raise RecordError("corrupt record: not a JSON object")
        return cls.from_json(data)

    def dumps(self) -> str:
        return dumps(self.to_json())

    def digest_and_dumps(self) -> tuple[str, str]:
        """(`digest()`, `dumps()`), with the actions written to JSON once for both (what a store
        saves; `record_text.with_actions`)."""
        actions, head = dumps(self._actions()), self._head()
        digest = hashlib.sha256(with_actions(actions, head).encode()).hexdigest()
        head.update(self._annotations(digest))
        return digest, with_actions(actions, head)


#: the keys `to_json` adds to the canonical body, in order ("chat" only when there was chat)
ANNOTATIONS = ("chat", "digest", "ended_at", "id", "ms", "started_at")


def chat_line(data: Mapping[str, Any]) -> dict[str, Any]:
    """One stored line of a table's chat, checked: who (a seat number, or None for a spectator,
    and a name), which room ("players" or "spectators"), after how many actions, and the text."""
    room = str(data["room"])
    if room not in ("players", "spectators"):
        raise ValueError(f"chat room {room!r}")
    seat = data.get("seat")
    return {"room": room, "seat": None if seat is None else int(seat), "name": str(data["name"]),
            "after": int(data["after"]), "text": str(data["text"])}


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

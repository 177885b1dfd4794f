"""Game records: what is stored for every finished or aborted game, and replay.

A record has a *canonical body* (game, rules version, options, seed, seats, actions, result)
that depends only on what was played, and *annotations* that depend on when and how fast
(start time, per-action milliseconds, record id).  The digest covers the canonical body, so the
same game played in any process has the same digest.
"""

from __future__ import annotations

import hashlib
from hashlib import sha256
import json
from dataclasses import dataclass, field
from json.encoder import c_make_encoder, encode_basestring_ascii  # type: ignore[attr-defined]
from operator import attrgetter, itemgetter
from typing import Any, Callable, Iterator, Mapping, NamedTuple

from . import jsonbounds
from .quoting import clip
from .game import GameSpec, GameState, IllegalAction
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
    """One step of a game: `seat` took `action`, or was taken out (`forfeit` holds the cause).
    A named tuple: the runner makes one per action, and a tuple is the cheapest immutable
    record Python makes."""

    seat: int
    action: Any = None
    forfeit: EndCause | None = None
    reason: str = ""
    ms: int = 0  # time the seat used for this decision: an annotation, not canonical

    @classmethod
    def played(cls, seat: int, action: Any, ms: int) -> "Entry":
        """`Entry(seat, action, ms=ms)`, without the keyword handling."""
        return _new_tuple(cls, (seat, action, None, "", ms))

    def canonical(self) -> list[Any]:
        if self.forfeit is not None:
            return [self.seat, {"forfeit": self.forfeit.value, "reason": self.reason}]
        return [self.seat, self.action]


_new_tuple = tuple.__new__


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
        body = self.canonical_head()
        body["actions"] = [e.canonical() for e in self.entries]
        return body

    def canonical_head(self) -> dict[str, Any]:
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
        return body

    def canonical_bytes(self) -> bytes:
        return dumps(self.canonical()).encode()

    def digest(self) -> str:
        return hashlib.sha256(self.canonical_bytes()).hexdigest()

    def to_json(self) -> dict[str, Any]:
        body = self.canonical()
        body["id"] = self.id
        body["started_at"] = self.started_at
        body["ended_at"] = self.ended_at
        body["ms"] = [e.ms for e in self.entries]
        body["digest"] = self.digest()
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
        """(`digest()`, `dumps()`), the same strings, with each part of the record written to
        JSON once.  With sorted keys both bodies are their items in key order, and the stored
        body's own keys (`ANNOTATIONS`) fall between the canonical ones at fixed places:

            canonical  {actions, format, game, [handovers], options, result, rules_version, seats, seed}
            stored     {actions, digest, ended_at, format, game, [handovers], id, ms,
                        options, result, rules_version, seats, seed, started_at}

        so each is spliced from the actions' text, the head's texts and those.  The parts that
        do not change between the games of a run (game, options, rules version, seats) are
        written once per process (`_head_texts`)."""
        front, options_text, back = _head_texts(self)
        if self.handovers:
            front = f'{front},"handovers":{dumps([h.to_json() for h in self.handovers])}'
        tail = f'{options_text},"result":{result_json(self.result)},{back},"seed":{dumps(self.seed)}'
        actions = actions_json(self.entries)
        digest = sha256(f'{{"actions":{actions},{front},{tail}}}'.encode()).hexdigest()
        entries = self.entries
        ms = dumps(list(map(_MS, entries))) if any(map(_MS, entries)) else _zeros(len(entries))
        return digest, (f'{{"actions":{actions},"digest":"{digest}","ended_at":{dumps(self.ended_at)},{front},'
                        f'"id":{dumps(self.id)},"ms":{ms},{tail},'
                        f'"started_at":{dumps(self.started_at)}}}')


def _zeros(count: int) -> str:
    """`dumps([0] * count)`, written once per length: most games between bots decide every
    action in under half a millisecond, and their `ms` are all 0."""
    text = _ZEROS.get(count)
    if text is None:
        if len(_ZEROS) >= 4096:
            _ZEROS.clear()
        text = _ZEROS[count] = f"[{','.join('0' * count)}]"
    return text


_ZEROS: dict[int, str] = {}


def result_json(result: Result | None) -> str:
    """`dumps(result.to_json())` (or ``null``), written straight from the fields when every
    seat's outcome is a regular one in whole numbers (any other is written by `dumps`)."""
    if result is None:
        return "null"
    parts = []
    for seat in result.seats:
        if (seat.cause is not EndCause.REGULAR or seat.reason or type(seat.seat) is not int
                or type(seat.rank) is not int or type(seat.score) is not int):
            return dumps(result.to_json())
        parts.append(f'{{"rank":{seat.rank},"score":{seat.score},"seat":{seat.seat}}}')
    details = result.details
    if details:
        details = f',"details":{dumps(details if type(details) is dict else dict(details))}'
    return f'{{"cause":{_CAUSE_TEXTS[result.cause]}{details or ""},"seats":[{",".join(parts)}]}}'


_CAUSE_TEXTS = {cause: encode_basestring_ascii(cause.value) for cause in EndCause}


def _head_texts(record: Record) -> tuple[str, str, str]:
    """The record head's texts that games of one run share: `"format":..,"game":..`,
    `"options":..` and `"rules_version":..,"seats":..`, remembered by what they are made of
    (the options by their text: a dict cannot be a key, and a short one is quick to write)."""
    options = dumps(record.options)
    key = (record.game, record.rules_version, options, *map(_NAME_AND_AGENT, record.seats))
    texts = _HEADS.get(key)
    if texts is None:
        if len(_HEADS) >= 256:
            _HEADS.clear()
        texts = _HEADS[key] = (f'"format":{dumps(FORMAT)},"game":{dumps(record.game)}', f'"options":{options}',
                               f'"rules_version":{dumps(record.rules_version)},'
                               f'"seats":{dumps([s.to_json() for s in record.seats])}')
    return texts


_HEADS: dict[tuple, tuple[str, str, str]] = {}
_NAME_AND_AGENT = attrgetter("name", "agent")  # a seat's key, hashed and compared in C


#: the keys `to_json` adds to the canonical body, in order
ANNOTATIONS = ("digest", "ended_at", "id", "ms", "started_at")


class KnownActions:
    """A game's actions in their record form (`GameSpec.encode_action`), each encoded once per
    process, with its canonical JSON text.  Games between bots play the same few hundred
    actions over and over (a Catan game is about 1,000 of them), so encoding each one as it is
    played, then writing it to JSON with the record, costs more than a cheap rule applying it.

    An action equal to one already seen gets the same record form, the very same object:
    like the `Entry` that holds it, it is never changed.  Equal actions encode alike in every
    game here (an action is a tuple or a frozen dataclass of names and whole numbers); an
    action that cannot be hashed is encoded each time.  `for_spec` gives the one instance per
    encoder, and `actions_json` writes the entries whose record forms it knows from their
    texts."""

    LIMIT = 1 << 16  # distinct actions remembered; then forgotten and learnt again

    def __init__(self, encode: Callable[[Any], Any]) -> None:
        self._encode = encode
        self._known: dict[Any, Any] = {}

    @classmethod
    def for_spec(cls, spec: GameSpec) -> "KnownActions":
        encode = spec.encode_action
        known = _KNOWN.get(encode)
        if known is None:
            known = _KNOWN[encode] = cls(encode)
        return known

    def encode(self, action: Any) -> Any:
        try:
            return self._known[action]
        except KeyError:
            pass
        except TypeError:  # unhashable: encoded every time, written as any other record form
            return self._encode(action)
        encoded = self._encode(action)
        if encoded is None:  # the action of a forfeit entry: never written from a text
            return encoded
        if len(self._known) >= self.LIMIT:
            self.forget()
        self._known[action] = encoded
        text = dumps(encoded)
        _TEXTS[id(encoded)] = tuple(f"[{seat},{text}]" for seat in range(_SEATS))
        return encoded

    def encode_all(self, actions: list[Any]) -> list[Any]:
        """`[self.encode(a) for a in actions]`, in C when every action is known."""
        try:
            return list(map(self._known.__getitem__, actions))
        except (KeyError, TypeError):
            return [self.encode(action) for action in actions]

    def forget(self) -> None:
        for encoded in self._known.values():
            _TEXTS.pop(id(encoded), None)
        self._known.clear()


#: KnownActions by encoder; and by the id of each record form they hold (alive as long as it is
#: there, so the id is its own), the canonical JSON text of `[seat, record form]` for seats 0-7
_KNOWN: dict[Callable[[Any], Any], KnownActions] = {}
_TEXTS: dict[int, tuple[str, ...]] = {}
_SEATS = 8
_MS = itemgetter(4)


def actions_json(entries: list[Entry]) -> str:
    """`dumps([e.canonical() for e in entries])`, from the texts `KnownActions` keeps when it
    knows every entry's action (the actions of games between in-process bots): one look-up
    per entry (a Catan game has about 1,000)."""
    texts = _TEXTS
    try:  # a forfeit's entry is looked up as -1, which no id is: written by `dumps`, as the rest
        return f"[{','.join([texts[id(e[1]) if e[2] is None else -1][e[0]] for e in entries])}]"
    except (KeyError, IndexError, TypeError):
        return dumps([e.canonical() for e in entries])


def dumps(data: Any) -> str:
    """Canonical JSON: sorted keys, no spaces, ASCII only."""
    if _ENCODE is None:
        return _CANONICAL.encode(data)
    return "".join(_ENCODE(data, 0))


# one encoder for every record: json.dumps with options other than the defaults builds a new
# encoder on each call, which costs more than encoding a short game
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=True)
# and so does `JSONEncoder.encode`, below it: its C encoder (the same arguments), made once,
# writes a record's parts in half the time.  Without the check for circular references (a
# record is a tree): that is the one difference.
_ENCODE = None if c_make_encoder is None else c_make_encoder(
    None, _CANONICAL.default, encode_basestring_ascii, None, ":", ",", True, False, True)


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

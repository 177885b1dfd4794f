"""The journal of live games: every game in play is in the record store from its start, and its
actions are added as they are played, so that a crash or a restart of the server does not lose
it: the next `tablehall serve` finds it and plays on (`core/resume.py`).

When a game starts, its row (`live_games`, status ``running``) holds its record's head (game,
rules version, options, seed, seats, start time), the host that runs it (a protocol's service,
or the web hall) and how each seat's player comes back (`Agent.comeback`).  Then the actions
follow in batches (`live_actions`): the record forms and milliseconds of the actions played
since the last batch, and the seats that changed hands.  When the game's record is stored, its
journal is dropped.

Writes are grouped, one transaction for what every game of the process played since the last
one.  A game at a person's pace (its previous action, or its start, `PERSON_PACE` seconds ago
or more) is written at the end of the read that played its action, before the read's replies are
sent (`core.soon`), or on the event loop's next pass: a crash loses at most the action being
played, whose consequences nobody was sent yet.  Games played faster (machines answering at
once) are written together every `interval` seconds: a transaction's fixed cost (a commit, on a
machine whose caches other work keeps cold, costs a hundred times a move's share of the rest) is
paid twenty times a second, not once a move; a crash may lose what they played in their last
`interval`, which deterministic bots play again alike.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import TYPE_CHECKING, Any

from .match import MatchListener, Step
from .records import Entry, Handover, Record, SeatInfo
from .result import EndCause
from .store import JournaledGame, LiveRow, RecordStore
from .soon import soon

if TYPE_CHECKING:
    from .match import Match

log = logging.getLogger("tablehall.journal")

FORMAT = "tablehall-journal/1"
#: seconds between two writes of the games played faster than a person plays: what they may
#: lose in a crash
INTERVAL = 0.05
#: seconds since a game's previous action from which it plays at a person's pace: its action is
#: written before anyone is told it
PERSON_PACE = 1.0


class Journal:
    """The journal of the games one process plays, written to `store` in grouped transactions."""

    def __init__(self, store: RecordStore, interval: float = INTERVAL) -> None:
        self.store = store
        self.interval = interval
        self._started: list[LiveRow] = []
        self._changed: list[GameJournal] = []  # games with actions or handovers not written yet
        self._ended: list[str] = []
        self._soon = False  # a write is queued at the end of the read (`soon`)
        self._timer: asyncio.TimerHandle | None = None  # a write of the faster games, timed
        self._last_write = float("-inf")
        self._resumed: dict[str, int] = {}  # game id -> batches its journal holds (`resuming`)

    def follow(self, match: "Match", host: str) -> "GameJournal":
        """The listener that journals `match`, which `host` runs."""
        return GameJournal(self, host, self._resumed.pop(match.id, None))

    def resuming(self, game: JournaledGame) -> None:
        """`game` is played on from its journal: its listener adds to the batches it has."""
        self._resumed[game.id] = len(game.batches)

    # -- what the games' listeners report ---------------------------------------------------------
    def _start(self, row: LiveRow) -> None:
        self._started.append(row)
        self._schedule()

    def _change(self, game: "GameJournal", at_once: bool) -> None:
        self._changed.append(game)
        self._schedule(at_once)

    def _end(self, game: "GameJournal", game_id: str) -> None:
        if game.changed:
            game.changed = False
            self._changed.remove(game)
        self._ended.append(game_id)
        self._schedule()

    def _schedule(self, at_once: bool = False) -> None:
        """A write at the end of the read (`at_once`, or `interval` after the last write), else
        one timed for then."""
        if self._soon:
            return
        wait = self._last_write + self.interval - time.monotonic()
        if at_once or wait <= 0:
            self._soon = True
            soon(self._write_now)
        elif self._timer is None:
            self._timer = asyncio.get_running_loop().call_later(wait, self._write_now)

    def _write_now(self) -> None:
        self._soon = False
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.flush()

    def flush(self) -> None:
        """Write what the games played since the last write, in one transaction.  If the store
        fails, it is logged and kept for the next write."""
        if not (self._started or self._changed or self._ended):
            return
        self._last_write = time.monotonic()
        started, changed, ended = self._started, self._changed, self._ended
        batches = [batch for batch in map(GameJournal.batch, changed) if batch is not None]
        try:
            self.store.write_journal(started, batches, ended)
        except Exception:
            log.exception("the journal could not be written (kept for the next write)")
            self._schedule()
            return
        self._started, self._changed, self._ended = [], [], []
        for game in changed:
            game.written()


class GameJournal(MatchListener):
    """Journals one match: its row at the start, then what it played, batch by batch; at its
    end (its record stored) its journal is dropped."""

    def __init__(self, journal: Journal, host: str, batches: int | None = None) -> None:
        self.journal = journal
        self.host = host
        self.resumed = batches is not None  # its row and first batches are in the journal already
        self.seq = batches or 0  # the number of its next batch
        self.match: "Match | None" = None
        self.changed = False  # queued with the journal for the next write
        self._last_step = float("-inf")  # when it last played (`PERSON_PACE`)
        self._entries = 0  # actions and handovers written so far (a resumed game: set at the start)
        self._handovers = 0
        self._pending: tuple[int, int] = (0, 0)  # what the batch being written covers

    def on_start(self, match: "Match") -> None:
        self.match = match
        record = match.record
        self._entries, self._handovers = len(record.entries), len(record.handovers)
        if not self.resumed:
            self.journal._start(live_row(match, self.host))

    def on_step(self, match: "Match", step: Step) -> None:
        now = time.monotonic()  # the start events are no action: its first comes at its own pace
        person_pace = step.seat is not None and now - self._last_step >= PERSON_PACE
        self._last_step = now
        if not self.changed:
            self.changed = True
            self.journal._change(self, person_pace)
        elif person_pace:
            self.journal._schedule(at_once=True)

    def on_handover(self, match: "Match", seat: int) -> None:
        self.on_step(match, Step(seat, None, (), None))

    def on_end(self, match: "Match", record: Record) -> None:
        self.journal._end(self, match.id)

    def batch(self) -> tuple[str, int, str] | None:
        """(game id, batch number, JSON) of what was played since the last batch written (None:
        nothing, e.g. after the start events)."""
        match = self.match
        assert match is not None
        record = match.record
        entries, handovers = record.entries[self._entries:], record.handovers[self._handovers:]
        self._pending = (len(record.entries), len(record.handovers))
        if not entries and not handovers:
            return None
        body: dict[str, Any] = {"actions": [entry.canonical() for entry in entries], "ms": [e.ms for e in entries]}
        if handovers:  # who plays each seat now, and how they come back (an earlier holder: gone)
            latest = {h.seat: h for h in record.handovers}
            body["handovers"] = [{**h.to_json(), "comeback": match.agents[h.seat].comeback()
                                  if latest[h.seat] is h else None} for h in handovers]
        return match.id, self.seq, json.dumps(body, separators=(",", ":"))

    def written(self) -> None:
        if self._pending != (self._entries, self._handovers):
            self.seq += 1
        self.changed = False
        self._entries, self._handovers = self._pending


def live_row(match: "Match", host: str) -> LiveRow:
    """The journal's row of a game starting: its record's head and each seat's comeback."""
    record = match.record
    head = {"format": FORMAT, "game": record.game, "rules_version": record.rules_version,
            "options": record.options, "seed": record.seed, "seats": [s.to_json() for s in record.seats],
            "rated": record.rated, "started_at": record.started_at,
            "comeback": [agent.comeback() for agent in match.agents]}
    seats = ", ".join([s.name or s.agent for s in record.seats])
    return (match.id, record.game, "running", str(record.seed), record.started_at, seats, host,
            json.dumps(head, separators=(",", ":")))


class JournalError(ValueError):
    """A journal that cannot be read back (the message says what is wrong)."""


def read_journal(game: JournaledGame) -> tuple[Record, list[list[tuple[int, dict[str, Any] | None]]]]:
    """The record `game`'s journal holds (no result: the game is not over) and, for each seat,
    who played it from which action and how they come back: [(since, comeback)], in order."""
    try:
        head = json.loads(game.head)
        if head.get("format") != FORMAT:
            raise JournalError(f"not a {FORMAT} journal (format={head.get('format')!r})")
        record = Record(str(head["game"]), str(head["rules_version"]), dict(head["options"]), int(head["seed"]),
                        [SeatInfo(str(s["name"]), str(s["agent"])) for s in head["seats"]],
                        started_at=str(head["started_at"]), id=game.id, rated=head.get("rated") is True)
        holders = [[(0, comeback)] for comeback in head["comeback"]]
        for text in game.batches:
            batch = json.loads(text)
            for handover in batch.get("handovers", ()):
                seat = int(handover["seat"])
                record.handovers.append(Handover(seat, int(handover["since"]), str(handover["name"]),
                                                 str(handover["agent"])))
                holders[seat].append((int(handover["since"]), handover.get("comeback")))
            for (seat, action), ms in zip(batch["actions"], batch["ms"]):
                if isinstance(action, dict) and set(action) == {"forfeit", "reason"}:
                    record.entries.append(Entry(int(seat), forfeit=EndCause(action["forfeit"]),
                                                reason=str(action["reason"]), ms=int(ms)))
                else:
                    record.entries.append(Entry(int(seat), action, ms=int(ms)))
    except JournalError:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise JournalError(f"corrupt journal of game {game.id}: {type(exc).__name__}: {exc}") from None
    if len(holders) != len(record.seats):
        raise JournalError(f"corrupt journal of game {game.id}: {len(holders)} comebacks for {len(record.seats)} seats")
    return record, holders

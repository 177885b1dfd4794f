"""Where records live.  `RecordStore` is the interface; `SqliteStore` (stdlib sqlite3) is the
embedded default and `DirectoryStore` writes one JSON file per game.  A PostgreSQL store
implements the same four methods over the same table.

Every save is atomic: one INSERT in one transaction (SQLite, WAL journal) or write-then-rename
(files), so a crash mid-write leaves earlier records intact and never a half record.
"""

from __future__ import annotations

import os
import sqlite3
import tempfile
import threading
import uuid
from abc import ABC, abstractmethod
from dataclasses import dataclass
from pathlib import Path

from .records import Record, RecordError, dumps


@dataclass(frozen=True)
class RecordSummary:
    id: str
    game: str
    status: str
    seed: int
    started_at: str
    seats: str
    result: str


@dataclass(frozen=True)
class RecordQuery:
    """Which records to list (every field optional), newest first, a page at a time."""

    game: str | None = None
    player: str | None = None  # a seat's exact name
    status: str | None = None  # finished | aborted | ...
    since: str | None = None  # ISO date or time: started at or after
    until: str | None = None  # ISO date or time: started before
    offset: int = 0
    limit: int = 50

    def admits(self, summary: RecordSummary) -> bool:
        return ((self.game is None or summary.game == self.game)
                and (self.status is None or summary.status == self.status)
                and (self.player is None or self.player in summary.seats.split(", "))
                and (self.since is None or summary.started_at >= self.since)
                and (self.until is None or summary.started_at < self.until))


class RecordStore(ABC):
    @abstractmethod
    def save(self, record: Record) -> str:
        """Store `record` atomically (assigning an id if it has none); return the id."""

    @abstractmethod
    def load(self, record_id: str) -> Record:
        """The record with this id or a unique prefix of it; RecordError if none."""

    @abstractmethod
    def summaries(self, game: str | None = None, limit: int = 50) -> list[RecordSummary]:
        """The newest records first."""

    def search(self, query: RecordQuery) -> tuple[list[RecordSummary], int]:
        """The page of records `query` asks for and how many match in all.  Stores with an
        index override this; the default filters every summary."""
        matching = [s for s in self.summaries(query.game, limit=10**9) if query.admits(s)]
        return matching[query.offset:query.offset + query.limit], len(matching)

    def close(self) -> None:
        pass


def _summary(record: Record) -> RecordSummary:
    seats = ", ".join(s.name or s.agent for s in record.seats)
    if record.result is None:
        outcome = "-"
    elif record.status == "aborted":
        outcome = "aborted"
    else:
        outcome = " ".join(f"{r.rank}:{r.score}" for r in record.result.seats)
    return RecordSummary(record.id, record.game, record.status, record.seed, record.started_at, seats, outcome)


_SCHEMA = """
CREATE TABLE IF NOT EXISTS records (
    id            TEXT PRIMARY KEY,
    game          TEXT NOT NULL,
    rules_version TEXT NOT NULL,
    status        TEXT NOT NULL,
    seed          TEXT NOT NULL,    -- seeds are unbounded integers; SQLite's are 64-bit signed
    started_at    TEXT NOT NULL,
    ended_at      TEXT NOT NULL,
    seats         TEXT NOT NULL,
    outcome       TEXT NOT NULL,
    digest        TEXT NOT NULL,
    body          TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS records_by_game ON records (game, started_at);
"""


class SqliteStore(RecordStore):
    """Records in one SQLite file: one row per game, the full record as JSON in `body`."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(_SCHEMA)

    def save(self, record: Record) -> str:
        if not record.id:
            record.id = uuid.uuid4().hex
        summary = _summary(record)
        row = (record.id, record.game, record.rules_version, record.status, str(record.seed),
               record.started_at, record.ended_at, summary.seats, summary.result,
               record.digest(), record.dumps())
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute("INSERT OR REPLACE INTO records VALUES (?,?,?,?,?,?,?,?,?,?,?)", row)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        return record.id

    def load(self, record_id: str) -> Record:
        with self._lock:
            rows = self._db.execute(
                "SELECT body FROM records WHERE id LIKE ? ESCAPE '\\' LIMIT 2",
                (_like_prefix(record_id),),
            ).fetchall()
        if not rows:
            raise RecordError(f"no record {record_id!r} in {self.path}")
        if len(rows) > 1:
            raise RecordError(f"record id prefix {record_id!r} is ambiguous in {self.path}")
        return Record.loads(rows[0][0])

    def summaries(self, game: str | None = None, limit: int = 50) -> list[RecordSummary]:
        query = "SELECT id, game, status, seed, started_at, seats, outcome FROM records"
        args: tuple = ()
        if game:
            query += " WHERE game = ?"
            args = (game,)
        query += " ORDER BY started_at DESC, rowid DESC LIMIT ?"
        with self._lock:
            rows = self._db.execute(query, args + (limit,)).fetchall()
        return [RecordSummary(r[0], r[1], r[2], int(r[3]), *r[4:]) for r in rows]

    def search(self, query: RecordQuery) -> tuple[list[RecordSummary], int]:
        where, args = [], []
        for column, op, value in (("game", "=", query.game), ("status", "=", query.status),
                                  ("started_at", ">=", query.since), ("started_at", "<", query.until)):
            if value is not None:
                where.append(f"{column} {op} ?")
                args.append(value)
        if query.player is not None:  # names are joined by ", " in `seats`: match one whole name
            where.append("(', ' || seats || ', ') LIKE ? ESCAPE '\\'")
            args.append("%, " + _like_prefix(query.player)[:-1] + ", %")
        clause = f" WHERE {' AND '.join(where)}" if where else ""
        columns = "id, game, status, seed, started_at, seats, outcome"
        with self._lock:
            total = self._db.execute(f"SELECT COUNT(*) FROM records{clause}", args).fetchone()[0]
            rows = self._db.execute(f"SELECT {columns} FROM records{clause} ORDER BY started_at DESC, rowid DESC "
                                    "LIMIT ? OFFSET ?", [*args, query.limit, query.offset]).fetchall()
        return [RecordSummary(r[0], r[1], r[2], int(r[3]), *r[4:]) for r in rows], total

    def count(self) -> int:
        with self._lock:
            return self._db.execute("SELECT COUNT(*) FROM records").fetchone()[0]

    def close(self) -> None:
        with self._lock:
            self._db.close()


def _like_prefix(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


class DirectoryStore(RecordStore):
    """One `<id>.json` file per record in a directory, each written to a temporary file in the
    same directory and renamed into place (atomic on POSIX)."""

    def __init__(self, directory: str | os.PathLike[str]) -> None:
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)

    def save(self, record: Record) -> str:
        if not record.id:
            record.id = uuid.uuid4().hex
        write_atomically(self.directory / f"{record.id}.json", record.dumps() + "\n")
        return record.id

    def load(self, record_id: str) -> Record:
        matches = sorted(self.directory.glob(f"{glob_escape(record_id)}*.json"))
        if not matches:
            raise RecordError(f"no record {record_id!r} in {self.directory}")
        if len(matches) > 1:
            raise RecordError(f"record id prefix {record_id!r} is ambiguous in {self.directory}")
        return Record.loads(matches[0].read_bytes())

    def summaries(self, game: str | None = None, limit: int = 50) -> list[RecordSummary]:
        out = []
        for path in self.directory.glob("*.json"):
            try:
                record = Record.loads(path.read_bytes())
            except RecordError:
                continue
            if game is None or record.game == game:
                out.append(_summary(record))
        out.sort(key=lambda s: (s.started_at, s.id), reverse=True)
        return out[:limit]


def glob_escape(text: str) -> str:
    return "".join(f"[{c}]" if c in "*?[]" else c for c in text)


def write_atomically(path: Path, text: str) -> None:
    """Write `text` to `path` so that readers see the old file or the whole new one."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def open_store(location: str | os.PathLike[str]) -> RecordStore:
    """A directory becomes a DirectoryStore, anything else an SQLite file."""
    path = Path(location)
    if path.is_dir():
        return DirectoryStore(path)
    return SqliteStore(path)


#: files `tablehall import` reads; given where a record is expected, they get a pointer to it
NOTATION_SUFFIXES = (".sgn", ".soclog", ".xml", ".log")
#: how to store a notation file as a record, by suffix (contest replay XML is written, not read)
IMPORT_HINTS = {".sgn": "tablehall import catan {} --format sgn", ".log": "tablehall import catan {} --format sgn",
                ".soclog": "tablehall import catan {} --format soclog"}


def load_record(ref: str, db: str | None = None) -> Record:
    """A record from a JSON file path, or by id (prefix) from the store at `db`."""
    path = Path(ref)
    if path.is_file():
        if path.suffix.lower() in NOTATION_SUFFIXES:
            hint = IMPORT_HINTS.get(path.suffix.lower())
            how = f"`{hint.format(ref)}` stores it as one" if hint else "tablehall does not read it back"
            raise RecordError(f"{ref} is a notation file, not a record: {how}")
        try:
            return Record.loads(path.read_bytes())
        except OSError as exc:
            raise RecordError(f"cannot read {ref}: {exc.strerror}") from None
    if "/" in ref or path.suffix.lower() in (".json", *NOTATION_SUFFIXES):
        raise RecordError(f"no such file: {ref}")
    if db is None:
        raise RecordError(f"{ref!r} is not a record file, and no --db was given to look it up")
    if not Path(db).exists():
        raise RecordError(f"no record store at {db}")
    store = open_store(db)
    try:
        return store.load(ref)
    finally:
        store.close()


__all__ = ["RecordStore", "RecordQuery", "SqliteStore", "DirectoryStore", "RecordSummary", "open_store",
           "load_record", "write_atomically", "dumps"]

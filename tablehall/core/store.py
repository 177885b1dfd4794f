"""Where records live.  `RecordStore` is the interface; `SqliteStore` (stdlib sqlite3) is the
embedded default, `DirectoryStore` writes one JSON file per game, and `PostgresStore`
(`pgstore.py`, psycopg 3) is the shared store for deployments where several processes or
machines write at once.  `locations.open_store` picks one from a `--db` value.

Every save is atomic: one INSERT in one transaction (SQLite, WAL journal; PostgreSQL) or
write-then-rename (files), so a crash mid-write leaves earlier records intact and never a half
record.  Besides records, a store keeps tournaments (`tablehall arena`): a JSON document each,
owned by the arena, and the (index, record id, digest) of each of its games.

The SQL stores create and migrate their schema themselves: `schema_version` holds the version,
and `MIGRATIONS` are applied in order under a lock, so several processes may open a new store
at once.  They also keep the tables of the layers above the kernel (accounts, ratings: their
steps are here too, so one version says what a store holds); those layers reach them through
`transact`, one transaction at a time, in SQL both engines read (`Sql`).
"""

from __future__ import annotations

import json
import os
import sqlite3
import tempfile
import threading
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence, TypeVar

from .record import Record, RecordError, dumps
from .result import EndCause


T = TypeVar("T")


class StoreError(ValueError):
    """A store that cannot be opened or reached (one line for the user)."""


class Sql(ABC):
    """The statements of one transaction, for layers that keep tables in the record store.
    Statements mark their arguments with ``?`` and use what SQLite and PostgreSQL both read
    (``ON CONFLICT``, ``RETURNING``, ``COALESCE``); a PostgreSQL store turns the marks into its
    driver's."""

    @abstractmethod
    def rows(self, sql: str, args: Sequence[Any] = ()) -> list[tuple]:
        """Run `sql`; every row it returns."""

    def one(self, sql: str, args: Sequence[Any] = ()) -> tuple | None:
        """Run `sql`; its first row, or None."""
        found = self.rows(sql, args)
        return found[0] if found else None

    @abstractmethod
    def run(self, sql: str, args: Sequence[Any] = ()) -> int:
        """Run `sql`; how many rows it changed."""


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


@dataclass(frozen=True)
class TournamentSummary:
    id: str
    game: str
    name: str
    status: str  # running | finished | stopped
    started_at: str
    updated_at: str
    games: int  # games stored with it so far


#: one game of a tournament: (index in its schedule, record id, record digest)
TournamentGame = tuple[int, str, str]

#: the fields every tournament document has (the arena owns the rest of it)
TOURNAMENT_FIELDS = ("id", "game", "name", "status", "started_at", "updated_at")


def check_tournament(doc: Mapping[str, Any]) -> None:
    missing = [key for key in TOURNAMENT_FIELDS if not isinstance(doc.get(key), str)]
    if missing:
        raise ValueError(f"a tournament document needs {', '.join(missing)} (strings)")
    if not doc["id"] or not doc["id"].replace("-", "").isalnum():
        raise ValueError(f"a tournament id is letters, digits and dashes, not {doc['id']!r}")


#: a game's row in the journal as `RecordStore.write_journal` takes it: (id, game, status, seed,
#: started_at, seats, host, head)
LiveRow = tuple[str, str, str, str, str, str, str, str]


@dataclass(frozen=True)
class JournaledGame:
    """A game the journal holds (it was in play when the store was last written): its row's
    `host` and `head` (JSON) and its batches of actions (JSON each, in order).  `recorded`: its
    record is stored already (the process stopped between storing it and dropping its journal)."""

    id: str
    host: str
    head: str
    batches: tuple[str, ...]
    recorded: bool = False


class RecordStore(ABC):
    #: whether it keeps a journal of the games in play (`core/journal.py`): the SQL stores do
    keeps_journal = False

    @abstractmethod
    def save(self, record: Record) -> str:
        """Store `record` atomically (assigning an id if it has none); return the id."""

    def save_many(self, records: Sequence[Record]) -> list[str]:
        """Store several records (stores that can do it in one transaction do)."""
        return [self.save(record) for record in records]

    def prepare(self, record: Record) -> Any:
        """What `save_prepared` needs to store `record`, made now, as the game ends (its parts
        still in the CPU's cache), for a `SaveBatch` to write later; the record must not change
        after.  Stores that write rows give the row (the id is assigned here); others, the
        record."""
        return record

    def save_prepared(self, prepared: Sequence[Any]) -> None:
        """Store what `prepare` made, as `save_many` stores records."""
        self.save_many(prepared)

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

    # -- tournaments ---------------------------------------------------------------------------
    @abstractmethod
    def save_tournament(self, doc: Mapping[str, Any], games: Sequence[TournamentGame] = ()) -> None:
        """Write tournament `doc` (replacing the stored one) and add `games` to it, in one
        transaction.  Games already stored under the same index are kept as they are."""

    @abstractmethod
    def load_tournament(self, tournament_id: str) -> tuple[dict[str, Any], list[TournamentGame]]:
        """The document and the games (by index) of a tournament, by id or a unique prefix of
        it; RecordError if none."""

    @abstractmethod
    def tournaments(self, game: str | None = None, limit: int = 50) -> list[TournamentSummary]:
        """The newest tournaments first."""

    # -- the journal of live games -------------------------------------------------------------------
    def write_journal(self, started: Sequence[LiveRow] = (), batches: Sequence[tuple[str, int, str]] = (),
                      ended: Sequence[str] = ()) -> None:
        """In one transaction: the rows of games that `started`, `batches` of actions (game id,
        batch number, JSON), and the journal of games whose record is stored (`ended`) dropped."""

    def journaled_games(self) -> list[JournaledGame]:
        """Every game the journal holds, oldest first."""
        return []

    def transact(self, work: Callable[[Sql], T]) -> T:
        """`work(sql)` in one transaction (rolled back if it raises); what it returns.  Only the
        SQL stores keep tables besides records."""
        raise StoreError(f"{type(self).__name__} keeps records only: accounts and ratings need an SQLite "
                         "or PostgreSQL store (--db FILE or --db postgresql://...)")

    def close(self) -> None:
        pass


class SaveBatch:
    """Records on their way to one or more stores, saved `size` at a time (one transaction for
    many games instead of one each), and at least every `seconds`; `flush` saves the rest.
    For runs of many quick games (`tablehall play`); a server saves each game as it ends."""

    # 1,000 games a transaction: a record's id is random, so each lands on its own page of the
    # id index; a bigger batch writes each page once for more records (a third less CPU per
    # game than 100 at a time, in a file of 20,000 records); `seconds` bounds what waits
    def __init__(self, stores: Sequence[RecordStore], size: int = 1000, seconds: float = 1.0) -> None:
        self.stores = list(stores)
        self.size = size
        self.seconds = seconds
        self._pending: list[list[Any]] = [[] for _ in self.stores]  # per store, what it prepared
        self._count = 0
        self._since = 0.0

    def add(self, record: Record) -> None:
        """Queue `record` (which must not change after): each store prepares it now (a row
        made as the game ends costs less than a thousand games later: `RecordStore.prepare`)."""
        if not self.stores:
            return
        if not self._count:
            self._since = time.monotonic()
        for store, pending in zip(self.stores, self._pending):
            pending.append(store.prepare(record))
        self._count += 1
        if self._count >= self.size or time.monotonic() - self._since >= self.seconds:
            self.flush()

    def flush(self) -> None:
        pending, self._pending = self._pending, [[] for _ in self.stores]
        if self._count:
            self._count = 0
            for store, prepared in zip(self.stores, pending):
                store.save_prepared(prepared)


def new_record_id() -> str:
    """A record id: `uuid.uuid4().hex`, made from randomness fetched for 256 ids at a time (one
    system call instead of one per game).  A forked child starts with none of its parent's."""
    try:
        return _IDS.pop()
    except IndexError:
        pass
    raw = os.urandom(16 * 256)
    _IDS.extend(f"{int.from_bytes(raw[i:i + 16], 'big') & _UUID4_CLEAR | _UUID4_SET:032x}"
                for i in range(0, len(raw), 16))
    return _IDS.pop()


# a version-4 UUID: version nibble 4, variant bits 10 (RFC 4122), the other 122 bits random
_UUID4_CLEAR = ~((0xF000 << 64) | (0xC000 << 48))
_UUID4_SET = (0x4000 << 64) | (0x8000 << 48)
_IDS: list[str] = []
os.register_at_fork(after_in_child=_IDS.clear)


def _row(record: Record) -> tuple:
    """The `records` row of `record` (an id is assigned if it has none)."""
    if not record.id:
        record.id = new_record_id()
    seats, outcome = _summary_columns(record)
    digest, body = record.digest_and_dumps()
    return (record.id, record.game, record.rules_version, record.status, str(record.seed),
            record.started_at, record.ended_at, seats, outcome, digest, body)


def _summary(record: Record) -> RecordSummary:
    return RecordSummary(record.id, record.game, record.status, record.seed, record.started_at,
                         *_summary_columns(record))


def _summary_columns(record: Record) -> tuple[str, str]:
    """The summary's seats and outcome texts (`_row` writes them without a `RecordSummary`)."""
    seats = ", ".join([s.name or s.agent for s in record.seats])
    result = record.result
    if result is None:
        return seats, "-"
    if result.cause is EndCause.ABORTED:
        return seats, "aborted"
    return seats, " ".join([f"{r.rank}:{r.score}" for r in result.seats])


#: the accounts' and ratings' tables (`tablehall.accounts`), in SQL both engines read (times
#: are seconds since the epoch): people and their bots, sessions, login failures, bot tokens and
#: seat tickets (hashes only), the admins' audit log, ratings per game and their changes
ACCOUNTS_SCHEMA = """
    CREATE TABLE IF NOT EXISTS accounts (
        id         TEXT PRIMARY KEY,
        name       TEXT NOT NULL,
        name_key   TEXT NOT NULL UNIQUE,   -- the name casefolded: one account per name, any case
        kind       TEXT NOT NULL,          -- person | bot
        owner      TEXT REFERENCES accounts (id),  -- a bot's person
        password   TEXT,                   -- an Argon2 hash (people only)
        admin      INTEGER NOT NULL DEFAULT 0,
        disabled   INTEGER NOT NULL DEFAULT 0,
        created_at DOUBLE PRECISION NOT NULL
    );
    CREATE INDEX IF NOT EXISTS accounts_by_owner ON accounts (owner);
    CREATE TABLE IF NOT EXISTS account_sessions (
        id_hash    TEXT PRIMARY KEY,       -- SHA-256 of the session id the cookie carries
        account    TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        created_at DOUBLE PRECISION NOT NULL,
        expires_at DOUBLE PRECISION NOT NULL,
        address    TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS account_sessions_by_account ON account_sessions (account);
    CREATE TABLE IF NOT EXISTS login_failures (
        subject TEXT NOT NULL,             -- account:<name key> | address:<ip>
        at      DOUBLE PRECISION NOT NULL
    );
    CREATE INDEX IF NOT EXISTS login_failures_by_subject ON login_failures (subject, at);
    CREATE TABLE IF NOT EXISTS bot_tokens (
        hash         TEXT PRIMARY KEY,     -- SHA-256 of the token: the token is shown once
        account      TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        label        TEXT NOT NULL,
        created_at   DOUBLE PRECISION NOT NULL,
        last_used_at DOUBLE PRECISION
    );
    CREATE INDEX IF NOT EXISTS bot_tokens_by_account ON bot_tokens (account);
    CREATE TABLE IF NOT EXISTS seat_tickets (
        hash       TEXT PRIMARY KEY,       -- SHA-256 of the ticket
        account    TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        game       TEXT NOT NULL,
        rated      INTEGER NOT NULL,
        expires_at DOUBLE PRECISION NOT NULL,
        used_at    DOUBLE PRECISION
    );
    CREATE TABLE IF NOT EXISTS audit_log (
        at     DOUBLE PRECISION NOT NULL,
        actor  TEXT NOT NULL,              -- the admin's name (or "console" for the command line)
        action TEXT NOT NULL,
        target TEXT NOT NULL,
        detail TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS audit_log_by_time ON audit_log (at);
    CREATE TABLE IF NOT EXISTS ratings (
        player     TEXT NOT NULL,          -- an account id, or bot:NAME for a built-in bot
        game       TEXT NOT NULL,
        rating     DOUBLE PRECISION NOT NULL,
        deviation  DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games      INTEGER NOT NULL,
        updated_at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (player, game)
    );
    CREATE INDEX IF NOT EXISTS ratings_by_game ON ratings (game, rating);
    CREATE TABLE IF NOT EXISTS rating_changes (
        record_id  TEXT NOT NULL,
        player     TEXT NOT NULL,
        game       TEXT NOT NULL,
        at         DOUBLE PRECISION NOT NULL,
        before     DOUBLE PRECISION NOT NULL,
        after      DOUBLE PRECISION NOT NULL,
        deviation  DOUBLE PRECISION NOT NULL,
        score      DOUBLE PRECISION NOT NULL,          -- the mean of its pairwise results (1 win, 0.5 tie, 0 loss)
        PRIMARY KEY (record_id, player)
    );
    CREATE INDEX IF NOT EXISTS rating_changes_by_player ON rating_changes (player, game, at);
"""

#: the journal of the games in play (`core/journal.py`), in SQL both engines read but for
#: `{clustered}` (SQLite keeps the batches in their key's order, one b-tree: a write of the
#: journal then touches one page instead of two): a row per game from its start (its record's
#: head, where it is played and how each seat comes back), and its actions in batches as they are
#: played; both go when the game's record is stored
JOURNAL_SCHEMA = """
    CREATE TABLE IF NOT EXISTS live_games (
        id         TEXT PRIMARY KEY,       -- the record's id
        game       TEXT NOT NULL,
        status     TEXT NOT NULL,          -- running
        seed       TEXT NOT NULL,
        started_at TEXT NOT NULL,
        seats      TEXT NOT NULL,
        host       TEXT NOT NULL,          -- what runs it: a protocol's service, or web
        head       TEXT NOT NULL           -- JSON: the record's head and each seat's comeback
    );
    CREATE TABLE IF NOT EXISTS live_actions (
        game_id TEXT NOT NULL,
        seq     INTEGER NOT NULL,          -- the batch's number in its game, from 0
        body    TEXT NOT NULL,             -- JSON: actions (record form), their ms, handovers
        PRIMARY KEY (game_id, seq)
    ) {clustered};
"""

#: the SQL stores' schema, one step per version (SQLite dialect; `pgstore` has its own).
#: A store at version N applies steps N+1.. when opened.  Never edit a released step: add one.
MIGRATIONS: tuple[str, ...] = (
    # 1: records, one row per game
    """
    CREATE TABLE IF NOT EXISTS records (
        id            TEXT PRIMARY KEY,
        game          TEXT NOT NULL,
        rules_version TEXT NOT NULL,
        status        TEXT NOT NULL,
        seed          TEXT NOT NULL,    -- seeds are unbounded integers, SQLite's are 64-bit signed
        started_at    TEXT NOT NULL,
        ended_at      TEXT NOT NULL,
        seats         TEXT NOT NULL,
        outcome       TEXT NOT NULL,
        digest        TEXT NOT NULL,
        body          TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS records_by_game ON records (game, started_at);
    """,
    # 2: tournaments (`tablehall arena`) and their games
    """
    CREATE TABLE IF NOT EXISTS tournaments (
        id         TEXT PRIMARY KEY,
        game       TEXT NOT NULL,
        name       TEXT NOT NULL,
        status     TEXT NOT NULL,
        started_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        body       TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS tournaments_by_start ON tournaments (started_at);
    CREATE TABLE IF NOT EXISTS tournament_games (
        tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
        idx           INTEGER NOT NULL,
        record_id     TEXT NOT NULL,
        digest        TEXT NOT NULL,
        PRIMARY KEY (tournament_id, idx)
    );
    """,
    # 3: accounts (tablehall.accounts): people and their bots, sessions, login attempts, bot
    # tokens and seat tickets (hashes only), the admins' audit log; ratings per game
    ACCOUNTS_SCHEMA,
    # 4: the journal of live games (`core/journal.py`)
    JOURNAL_SCHEMA.format(clustered="WITHOUT ROWID"),
)
SCHEMA_VERSION = len(MIGRATIONS)
#: the page size of a new SQLite file (`SqliteStore`)
PAGE_SIZE = 16384


class SqliteStore(RecordStore):
    """Records in one SQLite file: one row per game, the full record as JSON in `body`.
    Several processes may write to one file (WAL journal; a writer waits up to `timeout`
    seconds for another's transaction)."""

    keeps_journal = True

    def __init__(self, path: str | os.PathLike[str], timeout: float = 60.0) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        if str(path) != ":memory:":
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise StoreError(f"cannot make the folder of the record store {path}: {exc.strerror}") from None
        try:
            self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None, timeout=timeout)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open the record store {path}: {exc}") from None
        try:
            # a new file gets 16 KiB pages (an existing one keeps its own): a short game's row,
            # 1.5-3 KB, took a 4 KiB page nearly alone, so every game written was a page
            # written, and a long game's body ran over several pages; a third less CPU per row saved
            self._db.execute(f"PRAGMA page_size={PAGE_SIZE}")
            self._use_wal(timeout)
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._migrate()
        except sqlite3.Error as exc:  # "file is not a database", "unable to open database file"
            self._db.close()
            raise StoreError(f"cannot open the record store {path}: {exc}") from None
        except BaseException:
            self._db.close()
            raise

    def _use_wal(self, timeout: float) -> None:
        """Switch the file to the WAL journal.  The switch takes the file for itself, and SQLite
        answers "database is locked" at once, without waiting its busy timeout, while another
        process opening the same new file switches or creates it: try again until `timeout`."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                self._db.execute("PRAGMA journal_mode=WAL")
                return
            except sqlite3.OperationalError as error:
                if "locked" not in str(error) or time.monotonic() >= deadline:
                    raise
            time.sleep(0.01)

    def _migrate(self) -> None:
        """Bring the file to SCHEMA_VERSION, one writer at a time (BEGIN IMMEDIATE)."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            self._db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            row = self._db.execute("SELECT version FROM schema_version").fetchone()
            if row is None:  # a new file, or one written before versions (records only: version 1)
                had_records = self._db.execute(
                    "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'records'").fetchone()
                version = 1 if had_records else 0
                self._db.execute("INSERT INTO schema_version VALUES (?)", (version,))
            else:
                version = row[0]
            if version > SCHEMA_VERSION:
                raise StoreError(f"{self.path} has schema version {version}; this tablehall knows up to "
                                 f"{SCHEMA_VERSION} (upgrade tablehall)")
            for step in MIGRATIONS[version:]:
                for statement in step.split(";"):
                    if statement.strip():
                        self._db.execute(statement)
            self._db.execute("UPDATE schema_version SET version = ?", (max(version, SCHEMA_VERSION),))
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def schema_version(self) -> int:
        with self._lock:
            return self._db.execute("SELECT version FROM schema_version").fetchone()[0]

    def _write(self, *statements: tuple[str, Sequence[Any]], many: tuple[str, Sequence[Sequence[Any]]] | None = None) -> None:
        """Run `statements` (and `many`) in one transaction."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for sql, args in statements:
                    self._db.execute(sql, args)
                if many is not None and many[1]:
                    self._db.executemany(*many)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def save(self, record: Record) -> str:
        self._write(("INSERT OR REPLACE INTO records VALUES (?,?,?,?,?,?,?,?,?,?,?)", _row(record)))
        return record.id

    def save_many(self, records: Sequence[Record]) -> list[str]:
        """All in one transaction: a commit costs more than the row (`tablehall play` saves
        its games in batches)."""
        self.save_prepared([_row(record) for record in records])
        return [record.id for record in records]

    prepare = staticmethod(_row)  # type: ignore[assignment]

    def save_prepared(self, rows: Sequence[tuple]) -> None:
        self._write(many=("INSERT OR REPLACE INTO records VALUES (?,?,?,?,?,?,?,?,?,?,?)", rows))

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
        where, args = _search_clause(query, "?")
        columns = "id, game, status, seed, started_at, seats, outcome"
        with self._lock:
            total = self._db.execute(f"SELECT COUNT(*) FROM records{where}", args).fetchone()[0]
            rows = self._db.execute(f"SELECT {columns} FROM records{where} ORDER BY started_at DESC, rowid DESC "
                                    "LIMIT ? OFFSET ?", [*args, query.limit, query.offset]).fetchall()
        return [RecordSummary(r[0], r[1], r[2], int(r[3]), *r[4:]) for r in rows], total

    def count(self) -> int:
        with self._lock:
            return self._db.execute("SELECT COUNT(*) FROM records").fetchone()[0]

    def write_journal(self, started: Sequence[LiveRow] = (), batches: Sequence[tuple[str, int, str]] = (),
                      ended: Sequence[str] = ()) -> None:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                if started:
                    self._db.executemany("INSERT OR REPLACE INTO live_games VALUES (?,?,?,?,?,?,?,?)", started)
                if batches:
                    self._db.executemany("INSERT OR REPLACE INTO live_actions VALUES (?,?,?)", batches)
                for game_id in ended:
                    self._db.execute("DELETE FROM live_actions WHERE game_id = ?", (game_id,))
                    self._db.execute("DELETE FROM live_games WHERE id = ?", (game_id,))
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def journaled_games(self) -> list[JournaledGame]:
        with self._lock:
            games = self._db.execute(
                "SELECT g.id, g.host, g.head, EXISTS (SELECT 1 FROM records r WHERE r.id = g.id) "
                "FROM live_games g ORDER BY g.started_at, g.rowid").fetchall()
            batches = self._db.execute("SELECT game_id, body FROM live_actions ORDER BY game_id, seq").fetchall()
        return _journaled(games, batches)

    def transact(self, work: Callable[[Sql], T]) -> T:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                out = work(_SqliteSql(self._db))
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
            return out

    # -- tournaments ---------------------------------------------------------------------------
    def save_tournament(self, doc: Mapping[str, Any], games: Sequence[TournamentGame] = ()) -> None:
        check_tournament(doc)
        row = tuple(doc[key] for key in TOURNAMENT_FIELDS) + (dumps(doc),)
        self._write(("INSERT INTO tournaments (id, game, name, status, started_at, updated_at, body) "
                     "VALUES (?,?,?,?,?,?,?) ON CONFLICT (id) DO UPDATE SET game = excluded.game, "
                     "name = excluded.name, status = excluded.status, started_at = excluded.started_at, "
                     "updated_at = excluded.updated_at, body = excluded.body", row),
                    many=("INSERT OR IGNORE INTO tournament_games VALUES (?,?,?,?)",
                          [(doc["id"], int(i), rid, digest) for i, rid, digest in games]))

    def load_tournament(self, tournament_id: str) -> tuple[dict[str, Any], list[TournamentGame]]:
        with self._lock:
            rows = self._db.execute("SELECT id, body FROM tournaments WHERE id LIKE ? ESCAPE '\\' LIMIT 2",
                                    (_like_prefix(tournament_id),)).fetchall()
            if len(rows) != 1:
                raise RecordError(_no_tournament(tournament_id, rows, self.path))
            games = self._db.execute("SELECT idx, record_id, digest FROM tournament_games "
                                     "WHERE tournament_id = ? ORDER BY idx", (rows[0][0],)).fetchall()
        return json.loads(rows[0][1]), [(int(i), r, d) for i, r, d in games]

    def tournaments(self, game: str | None = None, limit: int = 50) -> list[TournamentSummary]:
        where, args = (" WHERE t.game = ?", [game]) if game else ("", [])
        with self._lock:
            rows = self._db.execute(
                "SELECT t.id, t.game, t.name, t.status, t.started_at, t.updated_at, "
                "(SELECT COUNT(*) FROM tournament_games g WHERE g.tournament_id = t.id) "
                f"FROM tournaments t{where} ORDER BY t.started_at DESC, t.rowid DESC LIMIT ?",
                [*args, limit]).fetchall()
        return [TournamentSummary(*row) for row in rows]

    def close(self) -> None:
        with self._lock:
            self._db.close()


def _journaled(games: Sequence[tuple], batches: Sequence[tuple[str, str]]) -> list[JournaledGame]:
    """The journal's games from its rows: (id, host, head, recorded) and (game id, body) in order."""
    bodies: dict[str, list[str]] = {}
    for game_id, body in batches:
        bodies.setdefault(game_id, []).append(body)
    return [JournaledGame(game_id, host, head, tuple(bodies.get(game_id, ())), bool(recorded))
            for game_id, host, head, recorded in games]


class _SqliteSql(Sql):
    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def rows(self, sql: str, args: Sequence[Any] = ()) -> list[tuple]:
        return self._db.execute(sql, tuple(args)).fetchall()

    def run(self, sql: str, args: Sequence[Any] = ()) -> int:
        return self._db.execute(sql, tuple(args)).rowcount


def _search_clause(query: RecordQuery, mark: str) -> tuple[str, list[Any]]:
    """The WHERE clause of a record search and its arguments (`mark`: the driver's placeholder)."""
    where, args = [], []
    for column, op, value in (("game", "=", query.game), ("status", "=", query.status),
                              ("started_at", ">=", query.since), ("started_at", "<", query.until)):
        if value is not None:
            where.append(f"{column} {op} {mark}")
            args.append(value)
    if query.player is not None:  # names are joined by ", " in `seats`: match one whole name
        where.append(f"(', ' || seats || ', ') LIKE {mark} ESCAPE '\\'")
        args.append("%, " + _like_prefix(query.player)[:-1] + ", %")
    return (f" WHERE {' AND '.join(where)}" if where else ""), args


def _no_tournament(tournament_id: str, rows: Sequence[Any], where: Any) -> str:
    if not rows:
        return f"no tournament {tournament_id!r} in {where}"
    return f"tournament id prefix {tournament_id!r} is ambiguous in {where}"


def _like_prefix(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


class DirectoryStore(RecordStore):
    """One `<id>.json` file per record in a directory, each written to a temporary file in the
    same directory and renamed into place (atomic on POSIX)."""

    def __init__(self, directory: str | os.PathLike[str]) -> None:
        self.directory = Path(directory)
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
        except FileExistsError:
            raise StoreError(f"{directory} is a file, not a directory for records") from None
        except OSError as exc:
            raise StoreError(f"cannot make the record directory {directory}: {exc.strerror}") from None

    def save(self, record: Record) -> str:
        if not record.id:
            record.id = new_record_id()
        self._write(self.directory / f"{record.id}.json", record.dumps() + "\n")
        return record.id

    def _write(self, path: Path, text: str) -> None:
        try:
            write_atomically(path, text)
        except OSError as exc:
            raise StoreError(f"cannot write {path.name} in {self.directory}: {exc.strerror}") from None

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

    # -- tournaments: tournaments/<id>.json, the document and its games --------------------------
    def save_tournament(self, doc: Mapping[str, Any], games: Sequence[TournamentGame] = ()) -> None:
        check_tournament(doc)
        folder = self.directory / "tournaments"
        try:
            folder.mkdir(exist_ok=True)
        except OSError as exc:
            raise StoreError(f"cannot make {folder}: {exc.strerror}") from None
        path = folder / f"{doc['id']}.json"
        known: dict[int, TournamentGame] = {}
        if path.exists():
            known = {int(g[0]): tuple(g) for g in json.loads(path.read_bytes())["games"]}
        for game in games:
            known.setdefault(int(game[0]), (int(game[0]), game[1], game[2]))
        self._write(path, dumps({"doc": doc, "games": [known[i] for i in sorted(known)]}) + "\n")

    def load_tournament(self, tournament_id: str) -> tuple[dict[str, Any], list[TournamentGame]]:
        matches = sorted((self.directory / "tournaments").glob(f"{glob_escape(tournament_id)}*.json"))
        if len(matches) != 1:
            raise RecordError(_no_tournament(tournament_id, matches, self.directory))
        data = json.loads(matches[0].read_bytes())
        return data["doc"], [(int(i), r, d) for i, r, d in data["games"]]

    def tournaments(self, game: str | None = None, limit: int = 50) -> list[TournamentSummary]:
        out = []
        for path in (self.directory / "tournaments").glob("*.json"):
            data = json.loads(path.read_bytes())
            doc = data["doc"]
            if game is None or doc["game"] == game:
                out.append(TournamentSummary(*(doc[k] for k in TOURNAMENT_FIELDS), len(data["games"])))
        out.sort(key=lambda t: (t.started_at, t.id), reverse=True)
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


def is_url(location: str | os.PathLike[str]) -> bool:
    """Whether a `--db` value names a PostgreSQL server rather than a file."""
    return str(location).startswith(("postgresql://", "postgres://"))


def describe(location: str | os.PathLike[str]) -> str:
    """A `--db` value fit to print: a URL's password is masked."""
    if not is_url(location):
        return str(location)
    from urllib.parse import urlsplit

    parts = urlsplit(str(location))
    if parts.password is None:
        return str(location)
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return parts._replace(netloc=netloc).geturl()



__all__ = ["RecordStore", "RecordQuery", "JournaledGame", "LiveRow", "Sql", "SqliteStore", "DirectoryStore", "RecordSummary", "StoreError",
           "TournamentSummary", "TournamentGame", "is_url", "describe", "write_atomically", "dumps"]

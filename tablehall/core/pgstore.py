"""The shared record store: PostgreSQL through psycopg 3 (`--db postgresql://...`).

The same rows as `SqliteStore` (one per game, the canonical record as JSON in `body`;
tournaments and their games), so both pass the same tests.  Every write is one transaction,
so several `tablehall serve` processes and arena workers on several machines may write at
once: records never collide (ids are random, a save of an existing id replaces it whole) and a
crash leaves no half record.  The schema is created and migrated when a store opens, under a
PostgreSQL advisory lock, so processes that start together do not race to create it.

A connection that breaks (the server restarted) is opened again once and the operation
retried: every write is idempotent (an upsert by id), so a retry cannot store a game twice.
"""

from __future__ import annotations

import json
import threading
import uuid
from typing import Any, Callable, Mapping, Sequence, TypeVar

from .record import Record, RecordError, dumps
from .store import (ACCOUNTS_SCHEMA, JOURNAL_SCHEMA, TOURNAMENT_FIELDS, JournaledGame, LiveRow, RecordQuery,
                    RecordStore, RecordSummary, Sql, StoreError, TournamentGame, TournamentSummary, _journaled,
                    _like_prefix, _no_tournament, _search_clause, _summary, check_tournament, describe)

try:
    import psycopg
except ImportError:  # the postgres extra is optional
    psycopg = None  # type: ignore[assignment]

T = TypeVar("T")

#: pg_advisory_xact_lock key that serialises schema migrations ("tablehal" in ASCII)
MIGRATION_LOCK = 0x7461626C6568616C

#: one step per schema version, PostgreSQL dialect (the same tables as store.MIGRATIONS)
MIGRATIONS: tuple[str, ...] = (
    # 1: records, one row per game; seq orders rows saved in the same millisecond
    """
    CREATE TABLE IF NOT EXISTS records (
        seq           BIGSERIAL,
        id            TEXT PRIMARY KEY,
        game          TEXT NOT NULL,
        rules_version TEXT NOT NULL,
        status        TEXT NOT NULL,
        seed          TEXT NOT NULL,
        started_at    TEXT NOT NULL,
        ended_at      TEXT NOT NULL,
        seats         TEXT NOT NULL,
        outcome       TEXT NOT NULL,
        digest        TEXT NOT NULL,
        body          TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS records_by_game ON records (game, started_at);
    CREATE INDEX IF NOT EXISTS records_by_start ON records (started_at);
    CREATE INDEX IF NOT EXISTS records_id_prefix ON records (id text_pattern_ops)
    """,
    # 2: tournaments (`tablehall arena`) and their games
    """
    CREATE TABLE IF NOT EXISTS tournaments (
        seq        BIGSERIAL,
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
    )
    """,
    # 3: accounts and ratings (the same text as SQLite's)
    ACCOUNTS_SCHEMA,
    # 4: the journal of live games (SQLite's text; a primary key's index is PostgreSQL's way)
    JOURNAL_SCHEMA.format(clustered=""),
)
SCHEMA_VERSION = len(MIGRATIONS)

_RECORD_COLUMNS = ("id", "game", "rules_version", "status", "seed", "started_at", "ended_at", "seats",
                   "outcome", "digest", "body")
_UPSERT_RECORD = (f"INSERT INTO records ({', '.join(_RECORD_COLUMNS)}) VALUES ({', '.join(['%s'] * 11)}) "
                  f"ON CONFLICT (id) DO UPDATE SET "
                  + ", ".join(f"{c} = EXCLUDED.{c}" for c in _RECORD_COLUMNS[1:]))
_UPSERT_TOURNAMENT = (f"INSERT INTO tournaments ({', '.join(TOURNAMENT_FIELDS)}, body) "
                      f"VALUES ({', '.join(['%s'] * 7)}) ON CONFLICT (id) DO UPDATE SET "
                      + ", ".join(f"{c} = EXCLUDED.{c}" for c in (*TOURNAMENT_FIELDS[1:], "body")))
_SUMMARY_COLUMNS = "id, game, status, seed, started_at, seats, outcome"
_LIVE_COLUMNS = ("id", "game", "status", "seed", "started_at", "seats", "host", "head")
_UPSERT_LIVE_GAME = (f"INSERT INTO live_games VALUES ({', '.join(['%s'] * 8)}) ON CONFLICT (id) DO UPDATE SET "
                     + ", ".join(f"{c} = EXCLUDED.{c}" for c in _LIVE_COLUMNS[1:]))


class _PostgresSql(Sql):
    """`Sql` on a psycopg connection: the statements' ``?`` marks become psycopg's ``%s`` (and a
    literal ``%`` is doubled)."""

    def __init__(self, conn: "psycopg.Connection") -> None:
        self._conn = conn

    def rows(self, sql: str, args: Sequence[Any] = ()) -> list[tuple]:
        cursor = self._conn.execute(_marks(sql), tuple(args))
        return cursor.fetchall() if cursor.description is not None else []

    def run(self, sql: str, args: Sequence[Any] = ()) -> int:
        return self._conn.execute(_marks(sql), tuple(args)).rowcount


def _marks(sql: str) -> str:
    return sql.replace("%", "%%").replace("?", "%s")


class PostgresStore(RecordStore):
    """Records in a PostgreSQL database, given as a libpq URL (``postgresql://user@host/db``;
    ``?host=/socket/dir`` for a unix socket)."""

    keeps_journal = True

    def __init__(self, url: str, connect_timeout: int = 10) -> None:
        if psycopg is None:
            raise StoreError("a postgresql:// store needs psycopg: pip install 'tablehall[postgres]'")
        self.url = url
        self.where = describe(url)
        self.connect_timeout = connect_timeout
        self._lock = threading.Lock()
        self._conn = self._connect()
        self._migrate()

    def __repr__(self) -> str:
        return f"<PostgresStore {self.where}>"

    def _connect(self) -> "psycopg.Connection":
        try:
            return psycopg.connect(self.url, autocommit=True, connect_timeout=self.connect_timeout)
        except psycopg.Error as exc:
            first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            raise StoreError(f"cannot reach the record store {self.where}: {first}") from None

    def _run(self, operation: Callable[["psycopg.Connection"], T]) -> T:
        """`operation(connection)` under the lock; once more on a new connection if the old one
        broke (writes are upserts, so running one twice stores it once)."""
        with self._lock:
            try:
                return operation(self._conn)
            except psycopg.OperationalError:
                if not self._conn.closed and not self._conn.broken:
                    raise
                self._conn = self._connect()
                return operation(self._conn)

    def _migrate(self) -> None:
        def migrate(conn: "psycopg.Connection") -> None:
            with conn.transaction():
                conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
                conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
                row = conn.execute("SELECT version FROM schema_version").fetchone()
                version = 0 if row is None else row[0]
                if row is None:
                    conn.execute("INSERT INTO schema_version VALUES (0)")
                if version > SCHEMA_VERSION:
                    raise StoreError(f"{self.where} has schema version {version}; this tablehall knows up to "
                                     f"{SCHEMA_VERSION} (upgrade tablehall)")
                for step in MIGRATIONS[version:]:
                    for statement in step.split(";"):
                        if statement.strip():
                            conn.execute(statement)
                conn.execute("UPDATE schema_version SET version = %s", (max(version, SCHEMA_VERSION),))

        self._run(migrate)

    def schema_version(self) -> int:
        return self._run(lambda conn: conn.execute("SELECT version FROM schema_version").fetchone()[0])

    # -- records ---------------------------------------------------------------------------------
    def save(self, record: Record) -> str:
        if not record.id:
            record.id = uuid.uuid4().hex
        summary = _summary(record)
        digest, body = record.digest_and_dumps()
        row = (record.id, record.game, record.rules_version, record.status, str(record.seed),
               record.started_at, record.ended_at, summary.seats, summary.result, digest, body)

        def save(conn: "psycopg.Connection") -> None:
            with conn.transaction():
                conn.execute(_UPSERT_RECORD, row)

        self._run(save)
        return record.id

    def load(self, record_id: str) -> Record:
        rows = self._run(lambda conn: conn.execute(
            "SELECT body FROM records WHERE id LIKE %s ESCAPE '\\' LIMIT 2", (_like_prefix(record_id),)).fetchall())
        if not rows:
            raise RecordError(f"no record {record_id!r} in {self.where}")
        if len(rows) > 1:
            raise RecordError(f"record id prefix {record_id!r} is ambiguous in {self.where}")
        return Record.loads(rows[0][0])

    def summaries(self, game: str | None = None, limit: int = 50) -> list[RecordSummary]:
        where, args = (" WHERE game = %s", [game]) if game else ("", [])
        rows = self._run(lambda conn: conn.execute(
            f"SELECT {_SUMMARY_COLUMNS} FROM records{where} ORDER BY started_at DESC, seq DESC LIMIT %s",
            [*args, limit]).fetchall())
        return [RecordSummary(r[0], r[1], r[2], int(r[3]), *r[4:]) for r in rows]

    def search(self, query: RecordQuery) -> tuple[list[RecordSummary], int]:
        where, args = _search_clause(query, "%s")

        def search(conn: "psycopg.Connection") -> tuple[int, list[Any]]:
            total = conn.execute(f"SELECT COUNT(*) FROM records{where}", args).fetchone()[0]
            rows = conn.execute(f"SELECT {_SUMMARY_COLUMNS} FROM records{where} "
                                "ORDER BY started_at DESC, seq DESC LIMIT %s OFFSET %s",
                                [*args, query.limit, query.offset]).fetchall()
            return total, rows

        total, rows = self._run(search)
        return [RecordSummary(r[0], r[1], r[2], int(r[3]), *r[4:]) for r in rows], total

    def count(self) -> int:
        return self._run(lambda conn: conn.execute("SELECT COUNT(*) FROM records").fetchone()[0])

    # -- the journal of live games --------------------------------------------------------------------
    def write_journal(self, started: Sequence[LiveRow] = (), batches: Sequence[tuple[str, int, str]] = (),
                      ended: Sequence[str] = ()) -> None:
        """One transaction that does not wait for PostgreSQL to flush its own log to disk (what
        it risks is a crash of the database's machine, not of tablehall: like SQLite's NORMAL)."""
        def write(conn: "psycopg.Connection") -> None:
            with conn.transaction(), conn.cursor() as cursor:
                cursor.execute("SET LOCAL synchronous_commit TO OFF")
                if started:
                    cursor.executemany(_UPSERT_LIVE_GAME, started)
                if batches:
                    cursor.executemany("INSERT INTO live_actions VALUES (%s, %s, %s) "
                                       "ON CONFLICT (game_id, seq) DO UPDATE SET body = EXCLUDED.body", batches)
                if ended:
                    cursor.execute("DELETE FROM live_actions WHERE game_id = ANY(%s)", (list(ended),))
                    cursor.execute("DELETE FROM live_games WHERE id = ANY(%s)", (list(ended),))

        self._run(write)

    def journaled_games(self) -> list[JournaledGame]:
        def read(conn: "psycopg.Connection") -> tuple[list[Any], list[Any]]:
            games = conn.execute("SELECT g.id, g.host, g.head, EXISTS (SELECT 1 FROM records r WHERE r.id = g.id) "
                                 "FROM live_games g ORDER BY g.started_at, g.id").fetchall()
            batches = conn.execute("SELECT game_id, body FROM live_actions ORDER BY game_id, seq").fetchall()
            return games, batches

        return _journaled(*self._run(read))

    def transact(self, work: Callable[[Sql], T]) -> T:
        def transact(conn: "psycopg.Connection") -> T:
            with conn.transaction():
                return work(_PostgresSql(conn))

        return self._run(transact)

    # -- tournaments -----------------------------------------------------------------------------
    def save_tournament(self, doc: Mapping[str, Any], games: Sequence[TournamentGame] = ()) -> None:
        check_tournament(doc)
        row = tuple(doc[key] for key in TOURNAMENT_FIELDS) + (dumps(doc),)
        game_rows = [(doc["id"], int(i), rid, digest) for i, rid, digest in games]

        def save(conn: "psycopg.Connection") -> None:
            with conn.transaction():
                conn.execute(_UPSERT_TOURNAMENT, row)
                if game_rows:
                    with conn.cursor() as cursor:
                        cursor.executemany("INSERT INTO tournament_games VALUES (%s, %s, %s, %s) "
                                           "ON CONFLICT DO NOTHING", game_rows)

        self._run(save)

    def load_tournament(self, tournament_id: str) -> tuple[dict[str, Any], list[TournamentGame]]:
        def load(conn: "psycopg.Connection") -> tuple[list[Any], list[Any]]:
            rows = conn.execute("SELECT id, body FROM tournaments WHERE id LIKE %s ESCAPE '\\' LIMIT 2",
                                (_like_prefix(tournament_id),)).fetchall()
            if len(rows) != 1:
                return rows, []
            return rows, conn.execute("SELECT idx, record_id, digest FROM tournament_games "
                                      "WHERE tournament_id = %s ORDER BY idx", (rows[0][0],)).fetchall()

        rows, games = self._run(load)
        if len(rows) != 1:
            raise RecordError(_no_tournament(tournament_id, rows, self.where))
        return json.loads(rows[0][1]), [(int(i), r, d) for i, r, d in games]

    def tournaments(self, game: str | None = None, limit: int = 50) -> list[TournamentSummary]:
        where, args = (" WHERE t.game = %s", [game]) if game else ("", [])
        rows = self._run(lambda conn: conn.execute(
            "SELECT t.id, t.game, t.name, t.status, t.started_at, t.updated_at, "
            "(SELECT COUNT(*) FROM tournament_games g WHERE g.tournament_id = t.id) "
            f"FROM tournaments t{where} ORDER BY t.started_at DESC, t.seq DESC LIMIT %s", [*args, limit]).fetchall())
        return [TournamentSummary(*row[:6], int(row[6])) for row in rows]

    def close(self) -> None:
        with self._lock:
            self._conn.close()

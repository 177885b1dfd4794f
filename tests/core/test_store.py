"""The record stores behind one interface: the same tests run against SQLite and a real
PostgreSQL server (tests/support/postgres.py; skipped where its binaries are absent).

Saving is atomic and idempotent, reading by id prefix, listing and searching, tournaments,
schema creation and migration, and several processes writing to one store at once."""

from __future__ import annotations

import multiprocessing
import sqlite3

import pytest

from tablehall.core import Record, RecordError, SeatInfo
from tablehall.core.records import Entry
from tablehall.core.result import Result, SeatResult
from tablehall.core.locations import open_store
from tablehall.core.store import (PAGE_SIZE, SCHEMA_VERSION, DirectoryStore, RecordQuery, SqliteStore, describe,
                                  is_url)


@pytest.fixture
def location(store_location) -> str:
    """Where a store lives: an SQLite file, or a fresh database on the session's PostgreSQL."""
    return store_location


@pytest.fixture
def store(location):
    store = open_store(location)
    yield store
    store.close()


def make_record(seed: int, *, game: str = "blokus", names=("alice", "bob"), started: str = "2026-01-01T00:00:00",
                ranks=(1, 2), aborted: bool = False) -> Record:
    record = Record(game, "v1", {"x": 1}, seed, [SeatInfo(n, f"bot:{n}") for n in names],
                    entries=[Entry(0, ["move", seed]), Entry(1, ["pass"])], started_at=started,
                    ended_at=started)
    record.result = (Result.aborted(len(names), "stop") if aborted else
                     Result(tuple(SeatResult(i, r, 10 - r) for i, r in enumerate(ranks))))
    return record


def test_save_and_load_by_id_and_prefix(store):
    record = make_record(2**70 + 5)  # seeds are unbounded integers
    record_id = store.save(record)
    assert record_id == record.id and len(record_id) == 32
    loaded = store.load(record_id)
    assert loaded.digest() == record.digest() and loaded.seed == 2**70 + 5
    assert store.load(record_id[:8]).id == record_id
    with pytest.raises(RecordError, match="no record"):
        store.load("nothing-like-this")


def test_saving_again_replaces_the_row(store):
    record = make_record(1)
    store.save(record)
    record.result = Result(tuple(SeatResult(i, r, 0) for i, r in enumerate((2, 1))))
    store.save(record)
    assert store.count() == 1
    assert store.load(record.id).result.winners == [1]


def test_ambiguous_prefix_and_like_wildcards(store):
    a, b = make_record(1), make_record(2)
    a.id, b.id = "ab_1", "ab%2"
    store.save(a)
    store.save(b)
    with pytest.raises(RecordError, match="ambiguous"):
        store.load("ab")
    assert store.load("ab_").id == "ab_1"  # _ and % are literal characters of an id
    assert store.load("ab%").id == "ab%2"


def test_summaries_newest_first_and_by_game(store):
    for index, (game, started) in enumerate([("blokus", "2026-01-01T10:00:00"), ("dominion", "2026-01-02T10:00:00"),
                                             ("blokus", "2026-01-03T10:00:00")]):
        store.save(make_record(index, game=game, started=started))
    rows = store.summaries()
    assert [r.started_at for r in rows] == ["2026-01-03T10:00:00", "2026-01-02T10:00:00", "2026-01-01T10:00:00"]
    assert [r.seed for r in store.summaries("blokus")] == [2, 0]
    assert len(store.summaries(limit=1)) == 1
    assert rows[0].seats == "alice, bob" and rows[0].result == "1:9 2:8"


def test_search_filters_pages_and_counts(store):
    store.save(make_record(1, names=("al_ce", "bob"), started="2026-02-01T00:00:00"))
    store.save(make_record(2, names=("alice", "carol"), started="2026-02-02T00:00:00"))
    store.save(make_record(3, names=("bob", "carol"), started="2026-02-03T00:00:00", aborted=True))
    page, total = store.search(RecordQuery(player="alice"))
    assert total == 1 and page[0].seed == 2  # "al_ce" does not match: _ is not a wildcard
    page, total = store.search(RecordQuery(player="carol", status="finished"))
    assert total == 1 and page[0].seed == 2
    page, total = store.search(RecordQuery(since="2026-02-02", until="2026-02-03"))
    assert [p.seed for p in page] == [2] and total == 1
    page, total = store.search(RecordQuery(limit=2, offset=1))
    assert total == 3 and [p.seed for p in page] == [2, 1]
    assert store.search(RecordQuery(status="aborted"))[1] == 1


def tournament(tid: str, started: str = "2026-03-01T00:00:00", status: str = "running", **extra) -> dict:
    return {"id": tid, "game": "dominion", "name": f"cup {tid}", "status": status, "started_at": started,
            "updated_at": started, "entrants": ["a", "b"], **extra}


def test_tournaments_documents_and_games(store):
    store.save_tournament(tournament("t1"), [(0, "r0", "d0"), (1, "r1", "d1")])
    store.save_tournament(tournament("t1", status="finished", standings=[1, 2]), [(1, "other", "x"), (2, "r2", "d2")])
    doc, games = store.load_tournament("t1")
    assert doc["status"] == "finished" and doc["standings"] == [1, 2]
    assert games == [(0, "r0", "d0"), (1, "r1", "d1"), (2, "r2", "d2")]  # an index is stored once
    store.save_tournament(tournament("t2", started="2026-03-02T00:00:00"))
    listed = store.tournaments()
    assert [t.id for t in listed] == ["t2", "t1"] and listed[1].games == 3 and listed[1].status == "finished"
    assert store.tournaments(game="blokus") == []
    with pytest.raises(RecordError, match="ambiguous"):
        store.load_tournament("t")
    with pytest.raises(RecordError, match="no tournament"):
        store.load_tournament("zz")
    with pytest.raises(ValueError, match="needs"):
        store.save_tournament({"id": "t3"})


def test_schema_is_versioned(store, location):
    assert store.schema_version() == SCHEMA_VERSION
    store.close()
    again = open_store(location)  # opening an up-to-date store changes nothing
    try:
        assert again.schema_version() == SCHEMA_VERSION
    finally:
        again.close()


def test_a_store_from_before_versions_is_migrated(tmp_path):
    """A file written before the schema had versions (records only) gains the new tables."""
    path = tmp_path / "old.sqlite"
    old = sqlite3.connect(path)
    old.executescript("""
        CREATE TABLE records (id TEXT PRIMARY KEY, game TEXT NOT NULL, rules_version TEXT NOT NULL,
            status TEXT NOT NULL, seed TEXT NOT NULL, started_at TEXT NOT NULL, ended_at TEXT NOT NULL,
            seats TEXT NOT NULL, outcome TEXT NOT NULL, digest TEXT NOT NULL, body TEXT NOT NULL);""")
    record = make_record(9)
    record.id = "old"
    old.execute("INSERT INTO records VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                ("old", "blokus", "v1", "finished", "9", record.started_at, record.ended_at, "alice, bob", "-",
                 record.digest(), record.dumps()))
    old.commit()
    old.close()
    store = SqliteStore(path)
    assert store.schema_version() == SCHEMA_VERSION
    assert store.load("old").digest() == record.digest()
    store.save_tournament(tournament("t1"))
    assert store.tournaments()[0].id == "t1"


def test_a_new_file_gets_big_pages_and_an_old_one_keeps_its_own(tmp_path):
    """A new SQLite file is made with `PAGE_SIZE` pages; a file made before keeps its 4 KiB
    pages and still reads and writes."""
    new = SqliteStore(tmp_path / "new.sqlite")
    new.save(make_record(1))
    new.close()
    old = sqlite3.connect(tmp_path / "old.sqlite")
    old.execute("CREATE TABLE other (x)")
    old.close()
    kept = SqliteStore(tmp_path / "old.sqlite")
    kept.save(make_record(2))
    kept.close()
    for name, size in (("new.sqlite", PAGE_SIZE), ("old.sqlite", 4096)):
        with sqlite3.connect(tmp_path / name) as db:
            assert db.execute("PRAGMA page_size").fetchone()[0] == size
            assert db.execute("SELECT seed FROM records").fetchall() == [("1",) if size == PAGE_SIZE else ("2",)]
    assert PAGE_SIZE != 4096


def test_a_newer_schema_is_refused(location):
    store = open_store(location)
    if isinstance(store, SqliteStore):
        store._db.execute("UPDATE schema_version SET version = 99")
    else:
        store._run(lambda conn: conn.execute("UPDATE schema_version SET version = 99"))
    store.close()
    with pytest.raises(ValueError, match="schema version 99"):
        open_store(location)


def _writer(location: str, worker: int, count: int) -> None:
    store = open_store(location)
    try:
        for index in range(count):
            record = make_record(worker * 1000 + index)
            record.id = f"w{worker}-{index}"
            store.save(record)
        store.save_tournament(tournament("shared"), [(worker * 100 + i, f"w{worker}-{i}", "d") for i in range(count)])
    finally:
        store.close()


def test_several_processes_write_at_once(location):
    """Processes that open a new store together (racing to create its schema) and then write
    concurrently lose nothing and collide nowhere."""
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_writer, args=(location, w, 25)) for w in range(4)]
    for process in workers:
        process.start()
    for process in workers:
        process.join(timeout=300)
        assert process.exitcode == 0
    store = open_store(location)
    try:
        assert store.count() == 100
        assert store.load("w3-24").seed == 3024
        assert len(store.load_tournament("shared")[1]) == 100
    finally:
        store.close()


def test_urls_and_descriptions():
    assert is_url("postgresql://u:pw@db/x") and is_url("postgres://db/x") and not is_url("var/x.sqlite")
    assert describe("postgresql://u:secret@db:5432/x") == "postgresql://u:***@db:5432/x"
    assert describe("var/x.sqlite") == "var/x.sqlite"


def test_an_unreachable_server_is_one_line(tmp_path):
    with pytest.raises(ValueError, match="cannot reach the record store postgresql://u:\\*\\*\\*@/x"):
        open_store(f"postgresql://u:secret@/x?host={tmp_path}&port=1&connect_timeout=2")


def test_directory_store_keeps_tournaments(tmp_path):
    store = DirectoryStore(tmp_path / "records")
    store.save(make_record(1))
    store.save_tournament(tournament("t1"), [(0, "r0", "d0")])
    store.save_tournament(tournament("t1", status="finished"), [(0, "x", "x"), (1, "r1", "d1")])
    doc, games = store.load_tournament("t1")
    assert doc["status"] == "finished" and games == [(0, "r0", "d0"), (1, "r1", "d1")]
    assert [t.games for t in store.tournaments()] == [2]
    assert len(store.summaries()) == 1  # tournaments are not records

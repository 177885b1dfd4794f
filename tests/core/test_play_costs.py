"""What `tablehall play` spends per game besides the rules, made cheaper (issue 15, point 6),
checked against what it replaces: the timestamp written once per second, the record's texts
spliced from parts written once per run, record ids from pooled randomness, records saved a
thousand to a transaction, Dominion's result counted instead of summed card by card."""

import asyncio
import os
import random
import re
import uuid
from datetime import datetime, timezone

import pytest

from tablehall.core import BotAgent, Match, derive_seed, rank_by
from tablehall.core import stamps as stamps_module
from tablehall.core.records import Entry, Handover, Record, SeatInfo
from tablehall.core.registry import get_game
from tablehall.core.result import EndCause, Result, SeatResult
from tablehall.core.store import SaveBatch, SqliteStore, new_record_id
from tablehall.games.dominion.cards import VP


# -- the timestamp ----------------------------------------------------------------------------
def _datetime_text(ns: int) -> str:
    """What `utc_now` replaced, at the instant `ns` (datetime floors to the microsecond)."""
    seconds, rest = divmod(ns, 1_000_000_000)
    moment = datetime.fromtimestamp(seconds, timezone.utc).replace(microsecond=rest // 1000)
    return moment.isoformat(timespec="milliseconds")


def test_utc_now_writes_what_datetime_writes(monkeypatch):
    start = 1_700_000_000 * 1_000_000_000
    instants = [start, start + 999_999_999, start + 1_000_000_000, start + 1_000_499_999,
                start + 59 * 1_000_000_000 + 1, start + 86_400 * 1_000_000_000 + 123_456_789,
                start - 1, 1_000_000_000 * 4_102_444_799 + 999_000_000]
    rng = random.Random(3)
    instants += sorted(start + rng.randrange(10 * 1_000_000_000) for _ in range(500))
    for ns in instants:  # in order and out of it: each second's text comes back right
        monkeypatch.setattr(stamps_module, "time_ns", lambda ns=ns: ns)
        assert stamps_module.utc_now() == _datetime_text(ns), ns


def test_utc_now_is_the_time_now():
    before = datetime.now(timezone.utc).isoformat(timespec="milliseconds")
    now = stamps_module.utc_now()
    after = datetime.now(timezone.utc).isoformat(timespec="milliseconds")
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00", now)
    assert before <= now <= after


# -- Dominion's result ------------------------------------------------------------------------
def _result_as_it_was(state) -> Result | None:
    """`DominionState.result` before it counted: the points card by card, `rank_by`, a new
    `SeatResult` per seat."""
    if state.end is None:
        return None
    scores = [sum(VP[card] for card in p.deck + p.hand + p.discard + p.play) for p in state.players]
    keys = [(0, 0, 0) if state.out[s] is not None else (1, scores[s], -p.turns)
            for s, p in enumerate(state.players)]
    ranks = rank_by(keys)
    seats = tuple(SeatResult(s, ranks[s], scores[s], state.out[s] or EndCause.REGULAR,
                             "" if state.out[s] is None else "out of the game")
                  for s in range(state.seat_count))
    cause = EndCause.REGULAR
    if state.end == "last-player":
        cause = next(o for o in state.out if o is not None)
    return Result(seats, cause, {"end": state.end, "turns": [p.turns for p in state.players]})


@pytest.mark.parametrize("seed", range(60))
def test_dominion_result_is_the_one_it_was(seed):
    """Seeded games of 2-4 seats, each bot, some cut short by the turn limit, some with seats
    taken out along the way (ties, last players, causes): the same result, field by field."""
    spec = get_game("dominion")
    rng = random.Random(seed)
    seats = rng.choice([2, 2, 3, 4])
    names = [rng.choice(sorted(spec.bots)) for _ in range(seats)]
    state = spec.new(seats, {"max_turns": rng.choice([500, 500, 8, 20])}, seed)
    bots = [spec.bots[name](derive_seed(seed, "seat", s)) for s, name in enumerate(names)]
    leaving = {rng.randrange(200): rng.randrange(seats) for _ in range(rng.choice([0, 0, 1, 3]))}
    steps = 0
    while not state.is_over:
        if steps in leaving and state.out[leaving[steps]] is None:
            state.forfeit(leaving[steps], rng.choice([EndCause.LEFT, EndCause.DISQUALIFIED]), "gone")
        else:
            seat = state.to_act()[0]
            state.apply(seat, bots[seat].choose(state, seat))
        steps += 1
        assert state.result() is None or state.is_over
    result, old = state.result(), _result_as_it_was(state)
    assert result == old and result.to_json() == old.to_json()
    assert state.scores() == [s.score for s in old.seats]


# -- the record's texts -----------------------------------------------------------------------
def _record(**changes) -> Record:
    record = Record("dominion", "1", {"max_turns": 500}, 7, [SeatInfo("ann", "bot:random"), SeatInfo("bo", "bot:x")],
                    [Entry(0, ["buy", ["silver"]], ms=3), Entry(1, ["pass"]), Entry(0, ["pass"], ms=1)],
                    Result((SeatResult(0, 1, 6), SeatResult(1, 2, 3)), details={"end": "piles"}),
                    started_at="2026-01-01T00:00:00.000+00:00", ended_at="2026-01-01T00:00:01.000+00:00", id="abc")
    for key, value in changes.items():
        setattr(record, key, value)
    return record


@pytest.mark.parametrize("changes", [
    {},
    {"seats": [SeatInfo("Zoë \"z\" \\", "remote:v1"), SeatInfo("", "cmd:./bot --x")]},
    {"options": {"max_turns": 20, "b": [1, {"c": None}], "a": "é"}},
    {"options": {}},
    {"game": "catan", "rules_version": "2.7-x"},
    {"seed": 2**80 + 5},
    {"result": None},
    {"result": Result.aborted(2, "server error: ")},
    {"result": Result((SeatResult(0, 2, 0, EndCause.LEFT, "left"), SeatResult(1, 1, 4.5)), EndCause.LEFT)},
    {"handovers": [Handover(1, 2, "Ida", "web:person"), Handover(0, 3, "bot", "bot:random")]},
    {"entries": [Entry(0, ["buy", ["gold"]]), Entry(1, forfeit=EndCause.HARD_TIMEOUT, reason="late")]},
    {"entries": []},
    {"id": "", "started_at": "", "ended_at": ""},
    # results written straight from their fields, and those that are not
    {"result": Result((SeatResult(0, 1, 6), SeatResult(1, 1, 6), SeatResult(2, 3, -2)), EndCause.REGULAR)},
    {"result": Result((SeatResult(0, 1, 6.0), SeatResult(1, 2, 3)), details={"end": "piles"})},
    {"result": Result((SeatResult(0, 1, True), SeatResult(1, 2, 2**70)), details={"z": [1.5, None], "a": "é"})},
    {"result": Result((SeatResult(0, 1, 6, reason="well"), SeatResult(1, 2, 3)), EndCause.DISQUALIFIED)},
    {"result": Result((), EndCause.REGULAR)},
    # every ms 0 (written once per length), and some not
    {"entries": [Entry(0, ["pass"]), Entry(1, ["pass"]), Entry(0, ["pass"])]},
    {"entries": [Entry(0, ["pass"]), Entry(1, ["pass"], ms=12)]},
])
def test_the_spliced_texts_are_the_written_ones(changes):
    record = _record(**changes)
    assert record.digest_and_dumps() == (record.digest(), record.dumps())
    again = Record.loads(record.digest_and_dumps()[1])
    assert again.digest() == record.digest()


def test_the_head_texts_are_remembered_by_all_they_are_made_of():
    """Records that differ only in a seat, an option or the rules version, one after the
    other: none takes another's head."""
    variants = [_record(), _record(seats=[SeatInfo("ann", "bot:random"), SeatInfo("bo", "bot:y")]),
                _record(options={"max_turns": 501}), _record(rules_version="2"), _record(game="blokus"),
                _record(seats=[SeatInfo("ann", "bot:random")])]
    for _ in range(2):
        for record in variants:
            assert record.digest_and_dumps() == (record.digest(), record.dumps())
    assert len({record.digest() for record in variants}) == len(variants)


# -- record ids ------------------------------------------------------------------------------
def test_record_ids_are_uuid4_hex_and_unique():
    ids = [new_record_id() for _ in range(3000)]
    assert len(set(ids)) == len(ids)
    for text in ids[:600]:
        parsed = uuid.UUID(hex=text)
        assert parsed.hex == text and parsed.version == 4 and parsed.variant == uuid.RFC_4122


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork")
def test_a_forked_child_makes_ids_of_its_own():
    new_record_id()  # the pool holds ids now
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - the child
        os.write(write, " ".join(new_record_id() for _ in range(300)).encode())
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as pipe:
        theirs = pipe.read().split()
    os.waitpid(child, 0)
    ours = [new_record_id() for _ in range(300)]
    assert len(theirs) == 300 and not set(theirs) & set(ours)


# -- saving in batches -----------------------------------------------------------------------
def _played(seed: int) -> Record:
    spec = get_game("dominion")
    agents = [BotAgent(spec.bots["bigmoney"](derive_seed(seed, "seat", s)), name="bigmoney") for s in range(2)]
    return asyncio.run(Match(spec, agents, seed=seed).run())


def test_save_batch_saves_at_its_size_and_on_flush(tmp_path):
    store = SqliteStore(tmp_path / "r.sqlite")
    try:
        batch = SaveBatch([store], size=3, seconds=3600)
        records = [_played(seed) for seed in range(7)]
        for record in records[:5]:
            batch.add(record)
        assert len(store.summaries(limit=100)) == 3  # the first three, in one go
        for record in records[5:]:
            batch.add(record)
        assert len(store.summaries(limit=100)) == 6
        batch.flush()
        stored = {s.id for s in store.summaries(limit=100)}
        assert stored == {r.id for r in records}
        for record in records:
            assert store.load(record.id).dumps() == record.dumps()
    finally:
        store.close()


def test_save_batch_prepares_each_store_its_own_way(tmp_path):
    """Rows made as each game is added (`RecordStore.prepare`) store what `save_many` stores;
    a store without rows of its own (files) gets the records."""
    from tablehall.core.store import DirectoryStore

    rows, files, direct = SqliteStore(tmp_path / "r.sqlite"), DirectoryStore(tmp_path / "files"), SqliteStore(tmp_path / "d.sqlite")
    try:
        batch = SaveBatch([rows, files], size=4, seconds=3600)
        records = [_played(seed) for seed in range(6)]
        for record in records:
            batch.add(record)
            assert record.id  # the row's id is given when the game is added
        batch.flush()
        direct.save_many([Record.loads(r.dumps()) for r in records])
        for record in records:
            assert rows.load(record.id).dumps() == files.load(record.id).dumps() == direct.load(record.id).dumps() == record.dumps()
        assert rows.summaries(limit=100) == direct.summaries(limit=100)
    finally:
        rows.close()
        direct.close()


def test_save_batch_saves_what_waited_long_enough(tmp_path, monkeypatch):
    store = SqliteStore(tmp_path / "r.sqlite")
    try:
        now = [1000.0]
        monkeypatch.setattr("tablehall.core.store.time.monotonic", lambda: now[0])
        batch = SaveBatch([store], seconds=1.0)
        assert batch.size >= 100
        batch.add(_played(1))
        now[0] += 0.5
        batch.add(_played(2))
        assert store.summaries() == []
        now[0] += 0.6  # the first has waited 1.1 s
        batch.add(_played(3))
        assert len(store.summaries()) == 3
    finally:
        store.close()


# -- the match's events, made when asked for ------------------------------------------------------
def test_finished_is_set_whenever_it_is_asked_for():
    spec = get_game("dominion")

    async def main():
        waited = Match(spec, [BotAgent(spec.bots["bigmoney"](s)) for s in range(2)], seed=1)
        waiting = asyncio.ensure_future(waited.finished.wait())
        assert not waited.finished.is_set()
        await waited.run()
        await asyncio.wait_for(waiting, 5)
        later = Match(spec, [BotAgent(spec.bots["bigmoney"](s)) for s in range(2)], seed=2)
        await later.run()
        assert later.finished.is_set()

    asyncio.run(main())

"""The journal of live games (issue 30): its rows in SQLite and PostgreSQL, what a match writes
to it, and a game suspended mid-way, rebuilt from the journal alone and played on with its bots
made again, ends with the same record, byte for byte, as the same game played through."""

from __future__ import annotations

import asyncio
import json

import pytest

from tablehall.core import Match
from tablehall.core.agents import BotAgent
from tablehall.core.journal import Journal, read_journal
from tablehall.core.match import MatchListener
from tablehall.core.records import Record, replay
from tablehall.core.registry import get_game
from tablehall.core.resume import rebuild
from tablehall.core.rng import derive_seed
from tablehall.core.store import SCHEMA_VERSION, open_store


@pytest.fixture
def store(store_location):
    store = open_store(store_location)
    yield store
    store.close()


def head(game_id: str, seats: str = "a, b") -> tuple:
    return (game_id, "blokus", "running", "7", "2026-01-01T00:00:00", seats, "web", json.dumps({"id": game_id}))


def test_the_journal_keeps_rows_and_batches_until_the_game_ends(store):
    assert store.schema_version() == SCHEMA_VERSION == 4
    store.write_journal(started=[head("g1"), head("g2")], batches=[("g1", 0, "[1]"), ("g1", 1, "[2]")])
    store.write_journal(batches=[("g2", 0, "[3]"), ("g1", 2, "[4]")])
    games = {g.id: g for g in store.journaled_games()}
    assert set(games) == {"g1", "g2"}
    assert games["g1"].batches == ("[1]", "[2]", "[4]") and games["g1"].host == "web"
    assert json.loads(games["g2"].head) == {"id": "g2"} and not games["g2"].recorded
    store.write_journal(batches=[("g1", 2, "[4]")])  # written again (a retried write): kept once
    assert [g.batches for g in store.journaled_games() if g.id == "g1"] == [("[1]", "[2]", "[4]")]
    store.write_journal(ended=["g1"])
    assert [g.id for g in store.journaled_games()] == ["g2"]


def test_a_game_whose_record_is_stored_is_marked_recorded(store):
    spec = get_game("dominion")
    record = play(spec, 3)
    store.write_journal(started=[head(record.id)])
    store.save(record)
    [game] = store.journaled_games()
    assert game.recorded


class SuspendAfter(MatchListener):
    """Suspends the match after `count` actions, as a stopping server does."""

    def __init__(self, count: int) -> None:
        self.count = count

    def on_step(self, match, step) -> None:
        if len(match.record.entries) == self.count:
            match.suspend()


def bots(spec, names: list[str], seed: int) -> list[BotAgent]:
    return [BotAgent(spec.bots[name](derive_seed(seed, "bot", i)), name=f"{name}-{i + 1}")
            for i, name in enumerate(names)]


def play(spec, seed: int, names=("bigmoney", "random"), store=None, journal=None, stop_after: int | None = None,
         game_id: str = "") -> Record:
    match = Match(spec, bots(spec, list(names), seed), seed=seed, store=store, match_id=game_id or f"g{seed}")
    if journal is not None:
        match.add_listener(journal.follow(match, "web"))
    if stop_after is not None:
        match.add_listener(SuspendAfter(stop_after))
    return asyncio.run(run_and_flush(match, journal))


async def run_and_flush(match: Match, journal: Journal | None) -> Record:
    record = await match.run()
    if journal is not None:
        journal.flush()
    return record


GAMES = [("dominion", ("bigmoney", "random"), 40), ("blokus", ("random", "strong"), 30),
         ("catan", ("random", "random", "strong"), 120), ("renaissance", ("random", "greedy"), 60)]


@pytest.mark.parametrize("game,names,stop", GAMES)
def test_a_suspended_game_rebuilt_from_its_journal_ends_as_if_never_stopped(store, game, names, stop):
    spec = get_game(game)
    whole = play(spec, 11, names)
    assert whole.status == "finished" and len(whole.entries) > stop
    journal = Journal(store, interval=0)
    cut = play(spec, 11, names, store=store, journal=journal, stop_after=stop, game_id="g11")
    assert store.count() == 0, "a suspended game stores no record"
    [journaled] = store.journaled_games()
    record, holders = read_journal(journaled)
    assert [e.action for e in record.entries] == [e.action for e in cut.entries[:stop]]
    assert [h[0][1]["bot"] for h in holders] == list(names)
    rebuilt = rebuild(journaled)
    agents = [BotAgent(rebuilt.bots[seat], name=record.seats[seat].name) for seat in range(len(names))]
    resumed = Match(spec, agents, seed=record.seed, options=record.options, store=store, match_id=journaled.id)
    resumed.continue_from(rebuilt.record, rebuilt.state)
    journal.resuming(journaled)
    resumed.add_listener(journal.follow(resumed, "web"))
    asyncio.run(run_and_flush(resumed, journal))
    stored = store.load("g11")
    assert stored.digest() == whole.digest()
    assert [e.action for e in stored.entries] == [e.action for e in whole.entries]
    assert replay(stored, spec).matches
    assert store.journaled_games() == [], "the record replaces the journal"


def test_an_action_at_a_persons_pace_is_written_at_once_and_faster_ones_together(store):
    """An action a second or more after the game's previous one is written before the loop's
    next pass (before its replies go out); one that follows at once waits for the timed write,
    here far off, and goes with the next action at a person's pace."""
    from tablehall.core.journal import PERSON_PACE
    from tablehall.core.match import Step
    from tablehall.core.records import Entry

    spec = get_game("dominion")
    match = Match(spec, bots(spec, ["bigmoney", "random"], 1), seed=1, match_id="paced")
    journal = Journal(store, interval=600)

    def journaled() -> int:
        return len(read_journal(store.journaled_games()[0])[0].entries)

    def play(seat: int) -> None:
        entry = Entry(seat, ["end"])
        match.record.entries.append(entry)
        follower.on_step(match, Step(seat, ("end",), (), entry))

    async def run() -> list[int]:
        follower.on_start(match)
        follower.on_step(match, Step(None, None, (), None))  # the start events: no action
        await asyncio.sleep(0)
        seen = [journaled()]
        await asyncio.sleep(PERSON_PACE)
        play(0)  # a person's pace
        await asyncio.sleep(0)
        seen.append(journaled())
        play(1)  # at once: waits
        await asyncio.sleep(0)
        seen.append(journaled())
        await asyncio.sleep(PERSON_PACE)
        play(0)
        await asyncio.sleep(0)
        seen.append(journaled())
        return seen

    follower = journal.follow(match, "web")
    assert asyncio.run(run()) == [0, 1, 1, 3]

"""`records.replay_steps`: a record re-run one step at a time, as the web's replay viewer shows
it; `replay` is its last step."""

import asyncio
from dataclasses import replace

import pytest

from tablehall.core import BotAgent, Match, replay
from tablehall.core.records import Entry, RecordError, replay_steps

from .pilegame import SPEC, RandomBot


def played(seed: int = 3):
    return asyncio.run(Match(SPEC, [BotAgent(RandomBot(seed + i)) for i in range(3)], seed=seed).run())


def test_each_step_is_the_game_after_that_entry_and_the_last_is_replay():
    record = played()
    steps = [(step.entry, step.state.view(None)) for step in replay_steps(record, SPEC)]
    assert [entry for entry, _ in steps] == [None, *record.entries]
    fresh = SPEC.new(len(record.seats), record.options, record.seed)
    assert steps[0][1] == fresh.view(None)
    for entry, view in steps[1:]:
        fresh.apply(entry.seat, SPEC.decode_action(entry.action))
        assert view == fresh.view(None)
    assert replay(record, SPEC).result.to_json() == record.result.to_json() == fresh.result().to_json()


def test_a_record_stops_replaying_where_its_bad_action_is():
    record = played()
    bad = replace(record, entries=[*record.entries[:4], Entry(record.entries[4].seat, "take 99")])
    steps = replay_steps(bad, SPEC)
    for _ in range(5):  # the start and the four good entries
        next(steps)
    with pytest.raises(RecordError, match="action 4"):
        next(steps)

"""`GameSpec.few_actions`: a Dominion match keeps each action's record form once per process
(`records.KnownActions`) on every path, not only between in-process bots, and its record is byte
for byte the one the general encoding writes."""

import asyncio
from dataclasses import replace

from tablehall.core import BotAgent, Match
from tablehall.core.records import KnownActions
from tablehall.games.dominion import SPEC


class Follower:
    """A listener: the runner then plays every action through `_play`, the path of a match
    that has clients or spectators."""

    def on_events(self, match, events):
        pass

    def on_end(self, match, record):
        pass


def play(spec, bots, seed):
    match = Match(spec, [BotAgent(SPEC.bots[name](seed + seat)) for seat, name in enumerate(bots)], seed=seed)
    match.add_listener(Follower())
    return asyncio.run(match.run())


def test_every_path_writes_the_same_record_with_its_actions_known():
    assert SPEC.few_actions
    general = replace(SPEC, few_actions=False)
    mixes = [["bigmoney", "bigmoney"], ["random", "smithy"], ["engine", "random", "bigmoney"],
             ["random", "random", "engine", "smithy"]]
    for seed in range(12):
        bots = mixes[seed % len(mixes)]
        known, encoded = play(SPEC, bots, seed), play(general, bots, seed)
        assert known.digest() == encoded.digest()
        assert [e.canonical() for e in known.entries] == [e.canonical() for e in encoded.entries]
        # the known forms are the ones `KnownActions` holds, and equal the general encoder's
        forms = KnownActions.for_spec(SPEC)
        assert all(e.action is forms.encode(SPEC.decode_action(e.action)) for e in known.entries if e.forfeit is None)
        assert known.digest_and_dumps()[0] == encoded.digest_and_dumps()[0]

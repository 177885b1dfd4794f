"""Games between built-in bots, played through the match runner, for tests that need records."""

from __future__ import annotations

import asyncio
from typing import Any, Iterator, Mapping, Sequence

from tablehall.core import BotAgent, GameSpec, Match, Record
from tablehall.core.movetext import MoveText, describe
from tablehall.core.records import ReplayStep, replay_steps


def bot_record(spec: GameSpec, bots: Sequence[str], seed: int, options: Mapping[str, Any] | None = None,
               names: Sequence[str] | None = None) -> Record:
    """A finished game between the named built-in bots (seat names `names`, else the bots')."""
    agents = [BotAgent(spec.bots[name](seed * 10 + seat)) for seat, name in enumerate(bots)]
    match = Match(spec, agents, seed=seed, options=dict(options or {}), names=list(names) if names else None)
    return asyncio.run(match.run())


def told(spec: GameSpec, record: Record, names: Sequence[str]) -> Iterator[tuple[ReplayStep, int | None, MoveText]]:
    """Every step of `record` in words for every audience: observers (None), then each seat."""
    for step in replay_steps(record, spec):
        for viewer in (None, *range(len(record.seats))):
            yield step, viewer, describe(spec, step.state, step.seat, step.action, step.events, names, viewer)

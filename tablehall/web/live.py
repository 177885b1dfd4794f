"""Spectators of a live match: one `Spectators` listener per watched match fans the observer's
frame out to every WebSocket watching it.  The frame is built once per update, not once per
spectator, and a spectator that falls behind drops old frames rather than holding memory."""

from __future__ import annotations

import asyncio
import json
from typing import Any, Sequence

from ..core.match import Match, MatchListener, Step
from .views import observer_frame

#: frames a slow spectator may have waiting; older ones are dropped (each frame is a whole view)
BACKLOG = 8


class Spectators(MatchListener):
    def __init__(self, match: Match) -> None:
        self.match = match
        self.queues: set[asyncio.Queue] = set()
        match.add_listener(self)

    def join(self) -> asyncio.Queue:
        queue: asyncio.Queue = asyncio.Queue(BACKLOG)
        queue.put_nowait(json.dumps(observer_frame(self.match)))
        self.queues.add(queue)
        return queue

    def leave(self, queue: asyncio.Queue) -> None:
        self.queues.discard(queue)

    def _push(self, frame: dict[str, Any]) -> None:
        text = json.dumps(frame)
        for queue in self.queues:
            if queue.full():
                queue.get_nowait()
            queue.put_nowait(text)

    def on_step(self, match: Match, step: Step) -> None:
        if self.queues:
            self._push(observer_frame(match, events=step.events))

    def on_end(self, match: Match, record: Any) -> None:
        self._push({**observer_frame(match, "end"), "record": record.id})


class Watchers:
    """The `Spectators` of every watched match (created on first watch)."""

    def __init__(self) -> None:
        self.by_match: dict[int, Spectators] = {}

    def of(self, match: Match) -> Spectators:
        spectators = self.by_match.get(id(match))
        if spectators is None or spectators.match is not match:
            spectators = self.by_match[id(match)] = Spectators(match)
        return spectators

"""Spectators of a live match: one `Spectators` listener per watched match fans the observer's
frame out to every WebSocket watching it.  The frame is built once per update, not once per
spectator, and a spectator that falls behind drops old frames rather than holding memory."""

from __future__ import annotations

import asyncio
import json
from typing import Any, Callable

from ..core.match import Match, MatchListener, Step
from .views import history, observer_frame, step_text

#: frames a slow spectator may have waiting; older ones are dropped (each frame is a whole view)
BACKLOG = 8


def offer(queue: asyncio.Queue, text: str) -> None:
    """Queue a frame for a page, dropping its oldest when the page falls behind."""
    if queue.full():
        queue.get_nowait()
    queue.put_nowait(text)


class Spectators(MatchListener):
    def __init__(self, match: Match, ended: Callable[["Spectators"], None] = lambda spectators: None) -> None:
        self.match = match
        self.ended = ended  # told when the match has ended and the last frame is out
        self.queues: set[asyncio.Queue] = set()
        match.add_listener(self)

    def join(self) -> asyncio.Queue:
        queue: asyncio.Queue = asyncio.Queue(BACKLOG)
        # the first frame holds the game so far in words (`history`) for the page's log
        past = {"history": history(self.match, None)}
        if self.match.finished.is_set():  # it ended before this spectator came: its last frame
            queue.put_nowait(json.dumps({**self._last_frame(self.match), **past}))
            return queue
        self._count(len(self.queues) + 1)
        self.queues.add(queue)
        queue.put_nowait(json.dumps({**observer_frame(self.match), **past, "spectators": len(self.queues)}))
        return queue

    def leave(self, queue: asyncio.Queue) -> None:
        if queue in self.queues:
            self.queues.discard(queue)
            self._count(len(self.queues))

    def _count(self, count: int) -> None:
        """The spectators already watching told how many watch now."""
        self._push({"type": "spectators", "count": count})

    def _push(self, frame: dict[str, Any]) -> None:
        if "view" in frame:
            frame["spectators"] = len(self.queues)
        text = json.dumps(frame)
        for queue in self.queues:
            offer(queue, text)

    def on_step(self, match: Match, step: Step) -> None:
        if self.queues:
            self._push(observer_frame(match, events=step.events, moves=step_text(match, step, None)))

    def on_end(self, match: Match, record: Any) -> None:
        self._push(self._last_frame(match))
        self.queues = set()  # each spectator's queue holds the last frame: its socket sends it and closes
        self.ended(self)

    @staticmethod
    def _last_frame(match: Match) -> dict[str, Any]:
        result = match.record.result  # also of a game stopped before its end
        return {**observer_frame(match, "end"), "record": match.record.id,
                **({"result": result.to_json()} if result is not None else {})}


class Watchers:
    """The `Spectators` of every watched live match, by match id: made at its first spectator,
    forgotten when the match ends, so memory follows the live games, not every game watched."""

    def __init__(self) -> None:
        self.by_match: dict[str, Spectators] = {}

    def of(self, match_id: str, match: Match) -> Spectators:
        spectators = self.by_match.get(match_id)
        if spectators is None or spectators.match is not match:
            spectators = Spectators(match, ended=lambda ended: self._forget(match_id, ended))
            if not match.finished.is_set():
                self.by_match[match_id] = spectators
        return spectators

    def _forget(self, match_id: str, spectators: Spectators) -> None:
        if self.by_match.get(match_id) is spectators:
            del self.by_match[match_id]

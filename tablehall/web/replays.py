"""Replays as the web sends them.  Re-running a record through the rules takes up to a second
for a long Catan game, so it runs off the event loop (live games go on meanwhile) and its JSON
is kept while there is room: a stored record never changes, so the bytes made for one visit
serve the next (keyed by the record's id and digest, and sent with the digest as ETag so a
browser that has them is answered 304)."""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

from ..core.records import Record

BUDGET = 32 * 2**20  # bytes of replays kept: the least recently asked for go first


def replay_body(payload: dict[str, Any]) -> bytes:
    """The JSON as Starlette's JSONResponse writes it."""
    return json.dumps(payload, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":")).encode()


def replay_key(record: Record) -> tuple[str, str]:
    return record.id, record.digest()


class ReplayCache:
    """The replays made lately, least recently asked for first, within `budget` bytes."""

    def __init__(self, budget: int = BUDGET) -> None:
        self.budget = budget
        self.size = 0
        self._kept: OrderedDict[tuple[str, str], bytes] = OrderedDict()

    def __len__(self) -> int:
        return len(self._kept)

    def get(self, key: tuple[str, str]) -> bytes | None:
        body = self._kept.get(key)
        if body is not None:
            self._kept.move_to_end(key)
        return body

    def put(self, key: tuple[str, str], body: bytes) -> None:
        if len(body) > self.budget or key in self._kept:
            return
        self._kept[key] = body
        self.size += len(body)
        while self.size > self.budget:
            _, dropped = self._kept.popitem(last=False)
            self.size -= len(dropped)

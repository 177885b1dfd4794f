"""What every load client shares: pairing connections into one match across processes,
latency bookkeeping, and the totals a client process reports."""

from __future__ import annotations

import asyncio
import fcntl
import os
import time
from dataclasses import dataclass, field


class PairLock:
    """Held while the connections of one match join, so that a FIFO lobby (SC `join`, Dominion
    `join any`) seats them together even when several client processes join at once: an
    asyncio lock inside this process and an flock on a shared file across processes."""

    def __init__(self, path: str) -> None:
        self._local = asyncio.Lock()
        self._fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)

    async def __aenter__(self) -> "PairLock":
        await self._local.acquire()
        while True:
            try:
                fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return self
            except BlockingIOError:
                await asyncio.sleep(0.001)

    async def __aexit__(self, *exc: object) -> None:
        fcntl.flock(self._fd, fcntl.LOCK_UN)
        self._local.release()


class MatchClock:
    """One match's latencies: from a move sent by any of its seats to the next request the
    server sends to any of them (or to the result, for the last move)."""

    def __init__(self, latencies: list[float]) -> None:
        self.latencies = latencies
        self._sent: float | None = None

    def sent(self) -> None:
        self._sent = time.monotonic()

    def answered(self) -> None:
        if self._sent is not None:
            self.latencies.append(1000 * (time.monotonic() - self._sent))
            self._sent = None


@dataclass
class Totals:
    """What one client process reports (as JSON)."""

    moves: int = 0
    games: int = 0
    errors: list[str] = field(default_factory=list)
    gave_up: list[str] = field(default_factory=list)  # games left unfinished because they never end
    latencies: list[float] = field(default_factory=list)  # ms
    started: float = 0.0
    ended: float = 0.0
    cpu: float = 0.0  # this process's CPU seconds while playing (start-up left out)

    def to_json(self) -> dict:
        return {"moves": self.moves, "games": self.games, "errors": self.errors[:20],
                "error_count": len(self.errors), "gave_up": self.gave_up[:20], "gave_up_count": len(self.gave_up),
                "latencies": [round(x, 3) for x in self.latencies],
                "started": self.started, "ended": self.ended, "cpu": self.cpu}


class Deadline:
    def __init__(self, seconds: float) -> None:
        self.at = time.monotonic() + seconds

    @property
    def passed(self) -> bool:
        return time.monotonic() >= self.at


async def read_until(reader: asyncio.StreamReader, marker: bytes, buffer: bytearray, timeout: float) -> None:
    """Read into `buffer` until it holds `marker` (the bytes stay in the buffer)."""
    while marker not in buffer:
        data = await asyncio.wait_for(reader.read(65536), timeout)
        if not data:
            raise ConnectionError(f"closed before {marker!r}")
        buffer += data

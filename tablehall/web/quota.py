"""Per-address quotas of the web hall: token buckets for how often an address may do something
(start a game, open a seat socket) and a cap on the games it keeps live.  Addresses are the
clients' own (behind a trusted proxy, the one it forwards).  Memory stays bounded: a bucket that
has filled up again is the same as no bucket, and is dropped."""

from __future__ import annotations

import time
from typing import Callable


class TokenBucket:
    """`capacity` tokens, refilled at `per_second`; each allowed act takes one."""

    __slots__ = ("capacity", "per_second", "tokens", "updated")

    def __init__(self, capacity: float, per_second: float, now: float) -> None:
        self.capacity = capacity
        self.per_second = per_second
        self.tokens = capacity
        self.updated = now

    def refill(self, now: float) -> float:
        self.tokens = min(self.capacity, self.tokens + (now - self.updated) * self.per_second)
        self.updated = now
        return self.tokens

    def take(self, now: float) -> bool:
        if self.refill(now) < 1:
            return False
        self.tokens -= 1
        return True


class RateLimit:
    """At most `per_minute` acts a minute per address, in bursts of as many."""

    PRUNE_EVERY = 1024  # acts between sweeps of the buckets that filled up again

    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_minute = per_minute
        self.clock = clock
        self.buckets: dict[str, TokenBucket] = {}
        self.acts = 0

    def allow(self, address: str) -> bool:
        now = self.clock()
        bucket = self.buckets.get(address)
        if bucket is None:
            bucket = self.buckets[address] = TokenBucket(self.per_minute, self.per_minute / 60, now)
        self.acts += 1
        if self.acts % self.PRUNE_EVERY == 0:
            self._prune(now)
        return bucket.take(now)

    def _prune(self, now: float) -> None:
        for address, bucket in list(self.buckets.items()):
            if bucket.refill(now) >= bucket.capacity:
                del self.buckets[address]


class LiveGames:
    """The games each address started that are still live (waiting for clients or playing),
    at most `cap` at once; `is_live(id)` tells, so ended games free their place themselves."""

    SWEEP_EVERY = 256  # games started between sweeps of addresses that have not come back

    def __init__(self, cap: int, is_live: Callable[[str], bool]) -> None:
        self.cap = cap
        self.is_live = is_live
        self.by_address: dict[str, list[str]] = {}
        self.count = 0

    def full(self, address: str) -> bool:
        live = [game for game in self.by_address.pop(address, []) if self.is_live(game)]
        if live:
            self.by_address[address] = live
        return len(live) >= self.cap

    def started(self, address: str, game_id: str) -> None:
        self.by_address.setdefault(address, []).append(game_id)
        self.count += 1
        if self.count % self.SWEEP_EVERY == 0:
            for other in list(self.by_address):
                self.full(other)

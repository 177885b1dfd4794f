"""The JSettlers service in memory: no sockets, tablehall bots playing in the test's event loop.

Clients (`recorded.Client`) send wire strings as frames and read back everything they were sent;
`until` lets the loop run until the game has come where the test wants it.  The clock is the
test's (`Clock`), so the game's timing is known.
"""

from __future__ import annotations

import asyncio
from typing import Callable

from tablehall.core.hosting import Host
from tablehall.games.catan.jsettlers.connection import ServerConfig
from tablehall.games.catan.jsettlers.play import PlaySettings
from tablehall.games.catan.jsettlers.service import JSettlersService, JSettlersSettings

from .recorded import Client

__all__ = ["Client", "Clock", "memory_service", "until"]

VERSION_2700 = "9998|2700,2.7.00,JM20260517,;6pl;sb;sc=2700;,en_US"
STEPS_LIMIT = 2_000_000  # loop turns before a game that never gets there fails the test (no clock)


class Clock:
    """Seconds since the epoch, as the test sets them."""

    def __init__(self, now: int = 1700000000) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def memory_service(clock: Callable[[], float] | None = None, seed: int = 5, **server) -> JSettlersService:
    """A service whose empty seats random tablehall bots take; `server`: `ServerConfig` fields."""
    settings = JSettlersSettings(ServerConfig(**{"robot_cookie": "cookie", **server}),
                                 PlaySettings(bot="random", robot_timeout=None, bots_threaded=False, bot_pause=0),
                                 seed=seed)
    return JSettlersService(Host(store=None, bots_threaded=False), settings, clock=clock or Clock())


async def until(condition: Callable[[], bool]) -> None:
    """Let the bots play until `condition` holds."""
    for _ in range(STEPS_LIMIT):
        if condition():
            return
        await asyncio.sleep(0)
    raise AssertionError("the game never got there")

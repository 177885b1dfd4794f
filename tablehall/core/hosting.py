"""The contract between `tablehall serve` and a game's protocol service.

A game package that speaks a wire protocol exports `ServiceSpec`s in its GameSpec.  The server
opens one TCP listener per service and, per connection, asks the service for a `Session`; from
then on it only moves bytes: `Session.data_received(bytes)` in, `Transport.write(bytes)` out.
Sessions hold no sockets and no event loop, so tests drive them with an in-memory transport.
Matches a service starts run on the server's loop through `Host.start_match`, which tracks them
so a shutdown can store every in-flight game as aborted.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Coroutine, Mapping

from .store import RecordStore

if TYPE_CHECKING:
    from .match import Match

#: the SC server's default admin password; like any built-in default it is refused from
#: non-loopback peers unless the operator configured a password explicitly.
BUILTIN_ADMIN_PASSWORD = "examplepassword"


class Transport(ABC):
    """Bytes out to one peer."""

    peer: str = "-"

    @abstractmethod
    def write(self, data: bytes) -> None: ...

    @abstractmethod
    def close(self) -> None:
        """Close after everything written so far has been sent."""

    @property
    def is_closing(self) -> bool:
        return False

    @property
    def is_loopback(self) -> bool:
        host = self.peer.rsplit(":", 1)[0].strip("[]")
        try:
            return ipaddress.ip_address(host).is_loopback
        except ValueError:
            return host in ("-", "localhost", "memory")


class Session(ABC):
    """One connection's protocol state machine."""

    @abstractmethod
    def data_received(self, data: bytes) -> None: ...

    @abstractmethod
    def connection_lost(self) -> None: ...


class Service(ABC):
    """One protocol's lobby, rooms and sessions inside a server."""

    @abstractmethod
    def open_session(self, transport: Transport) -> Session: ...

    async def shutdown(self) -> None:
        """Stop: sessions are about to be closed and matches aborted by the host."""


@dataclass(frozen=True)
class ServiceSpec:
    name: str  # config section and `--<name>-port` flag, e.g. "sc" -> --sc-port
    default_port: int
    factory: Callable[["Host"], Service]
    description: str = ""


@dataclass
class Host:
    """What a service gets from the server: the store, its config section, admin auth, tasks."""

    store: RecordStore | None
    config: Mapping[str, Any] = field(default_factory=dict)
    admin_password: str | None = None  # None: the built-in default, loopback only
    bots_threaded: bool = True
    log: logging.Logger = field(default_factory=lambda: logging.getLogger("tablehall.server"))
    matches: set["Match"] = field(default_factory=set)
    tasks: set[asyncio.Task] = field(default_factory=set)

    def admin_allowed(self, password: str | None, transport: Transport) -> bool:
        """Configured passwords are accepted from anywhere, the built-in default only from
        loopback peers."""
        if password is None:
            return False
        if self.admin_password is not None:
            return password == self.admin_password
        return password == BUILTIN_ADMIN_PASSWORD and transport.is_loopback

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task:
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            self.log.error("background task failed", exc_info=task.exception())

    def start_match(self, match: "Match") -> asyncio.Task:
        """Run `match` on the server loop; it is aborted and stored if the server stops."""
        if match.store is None:
            match.store = self.store
        self.matches.add(match)

        async def run() -> None:
            try:
                await match.run()
            finally:
                self.matches.discard(match)

        return self.spawn(run())

    async def abort_all(self, reason: str = "server shutdown") -> None:
        """Abort every running match and wait until each has stored its record."""
        matches = list(self.matches)
        for match in matches:
            match.abort(reason)
        if matches:
            await asyncio.wait([asyncio.ensure_future(m.finished.wait()) for m in matches], timeout=10)


class MemoryTransport(Transport):
    """An in-memory transport for tests and in-process clients: collects what is written."""

    def __init__(self, peer: str = "memory") -> None:
        self.peer = peer
        self.buffer = bytearray()
        self.closed = False
        self.on_write: Callable[[bytes], None] | None = None

    def write(self, data: bytes) -> None:
        if self.closed:
            return
        self.buffer += data
        if self.on_write is not None:
            self.on_write(data)

    def close(self) -> None:
        self.closed = True

    @property
    def is_closing(self) -> bool:
        return self.closed

    def take(self) -> bytes:
        data = bytes(self.buffer)
        self.buffer.clear()
        return data

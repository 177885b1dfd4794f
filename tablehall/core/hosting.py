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
import time
import uuid
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Coroutine, Mapping

from .store import RecordStore

if TYPE_CHECKING:
    from .match import Match
    from .records import Record

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


class SettingError(ValueError):
    """A service setting (``[name]`` in the config, ``--set name.key=value``) that is unknown
    or has a value the service cannot use; the message names the key and what it accepts."""


@dataclass(frozen=True)
class Setting:
    """One key of a service's config section: its default, what it accepts, what it does."""

    default: Any
    help: str
    kind: type | None = None  # the accepted type when the default does not say (a None default)
    choices: tuple[Any, ...] = ()

    @property
    def accepts(self) -> str:
        if self.choices:
            return " | ".join(repr(c) if isinstance(c, str) else str(c) for c in self.choices)
        kind = self.kind or type(self.default)
        return {bool: "true | false", int: "a whole number", float: "a number", str: "a string",
                list: "a list of strings", dict: "a table"}.get(kind, kind.__name__)


@dataclass(frozen=True)
class ServiceSpec:
    name: str  # config section and `--<name>-port` flag, e.g. "sc" -> --sc-port
    default_port: int
    factory: Callable[["Host"], Service]
    description: str = ""
    settings: Mapping[str, Setting] = field(default_factory=dict)
    """The keys of its config section, for `serve --help` (and `read_settings`)."""


def read_settings(service: str, section: Mapping[str, Any], settings: Mapping[str, Setting]) -> dict[str, Any]:
    """`section` with every default filled in and every value checked: SettingError names an
    unknown key or a bad value and what the key accepts.  Strings (``--set`` values that are
    not TOML) are converted to the key's type."""
    unknown = sorted(set(section) - set(settings))
    if unknown:
        raise SettingError(f"[{service}] unknown setting {unknown[0]!r} (known: {', '.join(sorted(settings))})")
    out = {key: setting.default for key, setting in settings.items()}
    for key, value in section.items():
        setting = settings[key]
        kind = setting.kind or type(setting.default)
        try:
            value = _convert(value, kind)
        except ValueError:
            raise SettingError(f"[{service}] {key} must be {setting.accepts}, not {value!r}") from None
        if setting.choices and value not in setting.choices:
            raise SettingError(f"[{service}] {key} must be {setting.accepts}, not {value!r}")
        out[key] = value
    return out


def _convert(value: Any, kind: type) -> Any:
    if isinstance(value, str) and kind is not str:
        text = value.strip().lower()
        if kind is bool:
            if text not in ("true", "false", "1", "0", "yes", "no"):
                raise ValueError(value)
            return text in ("true", "1", "yes")
        return kind(text)
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if not isinstance(value, kind) or (kind in (int, float) and isinstance(value, bool)):
        raise ValueError(value)
    return value


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
        """Run `match` on the server loop; it is aborted and stored if the server stops.  Every
        protocol's matches (and the web hall's) start here, so here the operator's log gets one
        line when a game starts and one when it ends (`GameLog`)."""
        if match.store is None:
            match.store = self.store
        if not match.id:  # the log's id is the record's: `tablehall replay <id>` finds the game
            match.id = match.record.id = uuid.uuid4().hex
        match.add_listener(GameLog(self.log))
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


def connected_via(agent_kind: str) -> str:
    """How a seat's player is connected, from its agent kind: ``bot`` (built in), ``cmd`` (a
    subprocess), ``browser``, or the protocol's name."""
    if agent_kind.startswith("remote:"):
        return agent_kind.removeprefix("remote:")
    if agent_kind == "web":
        return "browser"
    return agent_kind.partition(":")[0] or "-"


class GameLog:
    """A match listener that writes the operator's lines: ``game start`` once every player has
    connected (id, game, seats, each player's name and how it is connected) and ``game end``
    (status, end cause, each seat's rank and score, duration).  Structured fields, so
    ``--log-format json`` gives machines the same."""

    def __init__(self, log: logging.Logger) -> None:
        self.log = log
        self.started = time.monotonic()

    def on_start(self, match: "Match") -> None:
        self.started = time.monotonic()
        seats = match.record.seats
        self.log.info("game start", extra={
            "id": match.id, "game": match.spec.name, "seats": len(seats),
            "players": [{"seat": seat, "name": info.name, "via": connected_via(info.agent)}
                        for seat, info in enumerate(seats)]})

    def on_events(self, match: "Match", events: Any) -> None:
        pass

    def on_end(self, match: "Match", record: "Record") -> None:
        result = record.result
        fields: dict[str, Any] = {"id": match.id, "game": match.spec.name, "status": record.status,
                                  "cause": result.cause.value if result else "-",
                                  "duration_s": round(time.monotonic() - self.started, 1)}
        if result is not None and record.status == "finished":
            fields["result"] = [{"seat": r.seat, "name": record.seats[r.seat].name, "rank": r.rank,
                                 "score": r.score, **({"out": r.cause.value} if r.cause.value != "regular" else {})}
                                for r in result.seats]
        elif result is not None and result.seats and result.seats[0].reason:
            fields["reason"] = result.seats[0].reason
        self.log.info("game end", extra=fields)


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

"""The contract between `tablehall serve` and a game's protocol service.

A game package that speaks a wire protocol exports `ServiceSpec`s in its GameSpec.  The server
opens one TCP listener per service and, per connection, asks the service for a `Session`; from
then on it only moves bytes: `Session.data_received(bytes)` in, `Transport.write(bytes)` out.
Sessions hold no sockets and no event loop, so tests drive them with an in-memory transport.
Matches a service starts run on the server's loop through `Host.start_match`, which tracks them
so a shutdown can store every in-flight game as aborted.

Tables: someone other than the protocol's clients (the web hall, the arena) may ask a service
to host a match whose seats are agents it brings, built-in bots, and seats held open for the
protocol's own clients (`OpenSeat`, optionally only for the client that logs in under a given
name).  Each service fills open seats its own way (a JSettlers robot invited, a contest
reservation code, a Dominion bot's `join table`, a Renaissance login) and starts the match when
every seat is taken; `Table` is the caller's handle on it.
"""

from __future__ import annotations

import asyncio
import hashlib
import ipaddress
import logging
import time
import uuid
from abc import ABC, abstractmethod
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Coroutine, Mapping, Sequence, Union

from .identity import Identities
from .match import MatchListener
from .names import name_problem
from .quoting import token
from .store import RecordStore

if TYPE_CHECKING:
    from .agents import Agent
    from .journal import Journal
    from .game import Bot, GameSpec
    from .match import Match
    from .record import Record
    from .resume import Rebuilt

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

    @property
    def logged_in(self) -> bool:
        """Whether the client has said who it is (logged in, joined a game): until then the
        server closes the connection after ``[limits] login_timeout`` seconds.  A protocol
        without a login says True."""
        return True


# -- tables: matches hosted for the web hall and the arena ----------------------------------------

class TableError(ValueError):
    """A table the service cannot host (seat count, unknown bot, a name its clients cannot use)."""


class TableCancelled(Exception):
    """The table was cancelled (or the server stopped) before its match started."""


@dataclass(frozen=True)
class OpenSeat:
    """A seat held for the protocol's clients: the first that comes, or with `name` one held
    for that client, taken with a secret ticket (a contest reservation code, a Dominion or
    Renaissance ticket; JSettlers: the login name).  `ticket` lets the caller choose the secret
    (the arena keeps one per remote entrant for every game); unset, the service makes one."""

    name: str | None = None
    ticket: str | None = field(default=None, repr=False)


#: what a caller puts in a seat: an agent it runs itself (a browser seat, an in-process bot), the
#: name of one of the game's built-in bots, or a seat held open for the protocol's clients
Entrant = Union["Agent", str, OpenSeat]


@dataclass
class TableSeat:
    kind: str  # "agent" | "bot" | "open"
    name: str  # who plays it (for open seats: who it is held for, or who took it)
    held_for: str | None = None  # open seats: the login name it waits for (None: anyone)
    ticket: str | None = None  # what a client must present to take it, if the protocol needs one
    secret: bool = False  # the ticket alone takes the seat (a reservation code): only the table's owner sees it
    taken_by: str | None = None  # open seats: the client that took it

    @property
    def waiting(self) -> bool:
        return self.kind == "open" and self.taken_by is None

    def to_json(self, owner: bool = False) -> dict[str, Any]:
        """The seat as JSON; a secret ticket only for the table's owner."""
        ticket = self.ticket if owner or not self.secret else None
        return {"kind": self.kind, "name": self.name, "held_for": self.held_for, "ticket": ticket,
                "taken_by": self.taken_by, "waiting": self.waiting}


class Table:
    """A match a service hosts for a caller, from the moment its seats are held to its record.

    `match` is set when the last open seat is taken and the match starts; `record()` waits for
    its end.  Only the service changes the seats (`take`, `free`)."""

    def __init__(self, table_id: str, game: str, service: str, seats: list[TableSeat], seed: int,
                 options: Mapping[str, Any]) -> None:
        self.id = table_id
        self.game = game
        self.service = service
        self.seats = seats
        self.seed = seed
        self.options = dict(options)
        self.match: "Match | None" = None
        self.cancelled: str | None = None
        self.on_cancel: Callable[[str], None] | None = None  # set by the service
        self.watchers: list[Callable[["Table"], None]] = []  # told when a seat is taken or freed, at start and cancel
        self._done: asyncio.Future | None = None

    @property
    def waiting(self) -> list[int]:
        """Open seats no client has taken yet."""
        return [i for i, seat in enumerate(self.seats) if seat.waiting]

    @property
    def status(self) -> str:
        if self.cancelled is not None:
            return "cancelled"
        if self.match is None:
            return "waiting"
        return "over" if self.match.finished.is_set() else "running"

    def take(self, index: int, who: str) -> None:
        self.seats[index].taken_by = who
        self._changed()

    def free(self, index: int) -> None:
        self.seats[index].taken_by = None
        self._changed()

    def _changed(self) -> None:
        for watcher in list(self.watchers):
            watcher(self)

    def cancel(self, reason: str = "cancelled") -> None:
        """Give up a table whose match has not started (a started one is aborted instead)."""
        if self.match is not None:
            self.match.abort(reason)
            return
        if self.cancelled is None:
            self.cancelled = reason
            if self.on_cancel is not None:
                self.on_cancel(reason)
            if self._done is not None and not self._done.done():
                self._done.set_exception(TableCancelled(reason))
            self._changed()

    async def record(self) -> "Record":
        """Wait for the match to start and end; its record (TableCancelled if it never starts)."""
        if self.cancelled is not None:
            raise TableCancelled(self.cancelled)
        if self._done is None:
            self._done = asyncio.get_running_loop().create_future()
        if self.match is not None:
            await self.match.finished.wait()
            return self.match.record
        match = await asyncio.shield(self._done)
        await match.finished.wait()
        return match.record

    def started(self, match: "Match") -> None:
        self.match = match
        if self._done is not None and not self._done.done():
            self._done.set_result(match)
        self._changed()

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "service": self.service, "status": self.status,
                "seats": [seat.to_json(owner=True) for seat in self.seats], "waiting": self.waiting}


def new_table_id() -> str:
    return "t" + secrets.token_hex(6)


def new_ticket() -> str:
    """The secret that takes a seat held for a name (96 random bits): only the table's owner
    is given it, as a contest reservation code, since a name proves nothing.  Hex digits: it
    goes on a command line, where a URL-safe token starting with "-" reads as an option."""
    return secrets.token_hex(12)


def ticket_matches(given: str | None, ticket: str | None) -> bool:
    return given is not None and ticket is not None and secrets.compare_digest(given.encode(), ticket.encode())


def secret_digest(secret: str) -> str:
    """What the journal keeps of a seat's secret (a ticket, a page's token): its SHA-256 (the
    secrets are 96 or more random bits)."""
    return hashlib.sha256(secret.encode()).hexdigest()


def digest_matches(given: str | None, digest: str | None) -> bool:
    """Whether `given` is the secret whose `secret_digest` is `digest`."""
    return given is not None and bool(digest) and secrets.compare_digest(secret_digest(given), str(digest))


def describe_entrants(entrants: Sequence[Entrant], bots: Mapping[str, Any]) -> list[TableSeat]:
    """The seats of a table request, checked: unknown bots are refused."""
    from .agents import Agent

    seats = []
    for entrant in entrants:
        if isinstance(entrant, OpenSeat):
            problem = name_problem(entrant.name) if entrant.name is not None else None
            if problem is not None:
                raise TableError(f"no seat can be held for a player named {token(entrant.name)}: {problem}")
            seats.append(TableSeat("open", entrant.name or "open seat", held_for=entrant.name))
        elif isinstance(entrant, Agent):
            seats.append(TableSeat("agent", entrant.name))
        elif isinstance(entrant, str) and entrant in bots:
            seats.append(TableSeat("bot", entrant))
        else:
            raise TableError(f"unknown seat {entrant!r}: an agent, an open seat or one of the built-in bots "
                             f"({', '.join(sorted(bots))})")
    return seats


class HeldTable(ABC):
    """A table whose held seats this service's clients take and wait in until the last one is
    taken, then its match starts (`start`): Dominion's `join table`, a Renaissance login.  It is
    listed in the service's `registry` (table id -> HeldTable) and the host until then."""

    def __init__(self, host: "Host", registry: dict[str, Any], table: Table, entrants: Sequence[Entrant]) -> None:
        self.host = host
        self.registry = registry
        self.table = table
        self.entrants = list(entrants)
        self.clients: dict[int, Any] = {}  # seat index -> the client waiting in that held seat

    def hold(self) -> Table:
        """List the table and start it at once if no seat is held open."""
        self.registry[self.table.id] = self
        self.host.hold_table(self.table, on_cancel=self._cancelled)
        self.start_if_ready()
        return self.table

    def sit(self, index: int, client: Any, who: str) -> None:
        """`client` (shown as `who`) takes held seat `index` and waits."""
        self.clients[index] = client
        self.table.take(index, who)

    def release(self, client: Any) -> None:
        """A waiting client left before the match: its seat is held again."""
        if self.table.match is not None:
            return
        for index, held in list(self.clients.items()):
            if held is client:
                del self.clients[index]
                self.table.free(index)

    def start_if_ready(self) -> None:
        table = self.table
        if table.waiting or table.match is not None or table.cancelled is not None:
            return
        self.registry.pop(table.id, None)
        self.start()

    @abstractmethod
    def start(self) -> None:
        """Every seat is taken: seat the clients, bots and agents and start the match."""

    def _cancelled(self, reason: str) -> None:
        self.registry.pop(self.table.id, None)
        self.host.drop_table(self.table)
        self.cancelled(reason)

    def cancelled(self, reason: str) -> None:
        """The table was given up before its match: tell the clients waiting in it."""


class Service(ABC):
    """One protocol's lobby, rooms and sessions inside a server."""

    @abstractmethod
    def open_session(self, transport: Transport) -> Session: ...

    async def shutdown(self) -> None:
        """Stop: sessions are about to be closed and matches aborted by the host."""

    def refusal(self, reason: str) -> bytes:
        """What this protocol writes to a connection the server turns away (a limit: too many
        connections, no login in time) just before closing it: its own error, saying `reason`."""
        return b""

    def open_table(self, entrants: Sequence[Entrant], *, seed: int | None = None,
                   options: Mapping[str, Any] | None = None) -> Table:
        """Host a match with these seats, in this order; open seats wait for this protocol's
        clients and the match starts when the last one is taken.  TableError if it cannot."""
        raise TableError(f"{type(self).__name__} does not host tables")

    def connect_command(self, host: str, port: int, seat: TableSeat | None = None) -> str:
        """A command line that connects one of this protocol's clients (to `seat`, if given)."""
        return ""

    #: whether it plays its games on after a restart (`resume`): its matches are then
    #: suspended, not aborted, when the server stops
    resumes: bool = False

    def resume(self, rebuilt: "Rebuilt", game_id: str) -> "Match | None":
        """The match that plays on a game this service ran before a restart, rebuilt from the
        journal (`core/resume.py`: its record so far, its state, its bots made and replayed,
        how each other seat comes back), its players seated as the protocol lets them rejoin;
        the host starts it.  None (the default): the protocol has no rejoin, and the game ends
        aborted (`server restart`)."""
        return None


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
    also: tuple[Callable[[Any], bool], str] | None = None  # values accepted besides the choices, and their name

    @property
    def accepts(self) -> str:
        if self.choices:
            names = [repr(c) if isinstance(c, str) else str(c) for c in self.choices]
            return " | ".join(names + ([self.also[1]] if self.also else []))
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
        if setting.choices and value not in setting.choices and not (setting.also and setting.also[0](value)):
            raise SettingError(f"[{service}] {key} must be {setting.accepts}, not {value!r}")
        out[key] = value
    return out


def _convert(value: Any, kind: type) -> Any:
    if isinstance(value, str) and kind is not str:
        if kind in (list, dict):
            raise ValueError(value)
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
    tables: dict[str, Table] = field(default_factory=dict)  # hosted tables, until their match ends
    bots: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """Bots the operator named (config ``[bots.<game>] NAME = "SEAT TEXT"``, e.g. a trained
    ``policy:...``), per game: clients may ask for them by name like built-in bots."""
    identities: Identities = field(default_factory=Identities)
    """Who a client giving a name is (`core.identity`): guests only, unless the server keeps
    accounts."""
    listeners: list[Any] = field(default_factory=list)
    """Match listeners every match started here gets besides the operator's log (the ratings)."""
    name: str = ""
    """The service it hosts (``web`` for the web hall's games): the journal says which host
    runs each game, and a restart gives the game back to it."""
    journal: "Journal | None" = None
    """The journal of the games in play (`core/journal.py`), when the store keeps one."""
    resumes: bool = False
    """Whether its games are played on after a restart (`Service.resume`): a stopping server
    then leaves them in the journal instead of storing them as aborted."""

    def bot_names(self, spec: "GameSpec") -> dict[str, str]:
        """The bots a client may name for a seat of `spec`: built-in and operator-named."""
        return {**{name: name for name in spec.bots}, **self.bots.get(spec.name, {})}

    def make_bot(self, spec: "GameSpec", name: str, seed: int) -> "Bot":
        """The bot `name` stands for: an operator-named bot, a built-in bot, or (from the
        operator's own config only: check client-given names with `bot_names`) any seat text
        such as ``policy:MODULE:CALLABLE``."""
        from .seats import make_bot

        return make_bot(spec, self.bots.get(spec.name, {}).get(name, name), seed)

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
        for listener in self.listeners:
            match.add_listener(listener)
        if self.journal is not None:
            match.add_listener(self.journal.follow(match, self.name))
        self.matches.add(match)

        async def run() -> None:
            try:
                await match.run()
            finally:
                self.matches.discard(match)

        return self.spawn(run())

    def new_table(self, spec: "GameSpec", service: str, entrants: Sequence[Entrant], *, seed: int | None = None,
                  options: Mapping[str, Any] | None = None) -> Table:
        """The table a `Service.open_table` request asks for, checked: a seat count the game is
        played by, every seat (unknown bots refused: `bot_names`), the options; a random seed
        (62 bits: it fits the stores' signed 64-bit integers) unless one is given."""
        if len(entrants) not in spec.seat_counts:
            raise TableError(f"{spec.name} is played by {sorted(spec.seat_counts)} players, not {len(entrants)}")
        seats = describe_entrants(entrants, self.bot_names(spec))
        options = spec.normalize_options(dict(options or {}))
        return Table(new_table_id(), spec.name, service, seats, secrets.randbits(62) if seed is None else seed, options)

    def hold_table(self, table: Table, on_cancel: Callable[[str], None] | None = None) -> None:
        """A service holds seats of `table` for its clients (`on_cancel`: what it does if the
        table is given up before its match starts)."""
        if on_cancel is not None:
            table.on_cancel = on_cancel
        self.tables[table.id] = table

    def start_table(self, table: Table, match: "Match") -> asyncio.Task:
        """Every seat of `table` is taken: run its match (listed until it ends)."""
        table.started(match)
        self.tables[table.id] = table
        task = self.start_match(match)
        task.add_done_callback(lambda _: self.tables.pop(table.id, None))
        return task

    def drop_table(self, table: Table) -> None:
        self.tables.pop(table.id, None)

    async def abort_all(self, reason: str = "server shutdown") -> None:
        """Abort every running match and wait until each has stored its record; tables still
        waiting for clients are cancelled."""
        await self._stop_all(reason, suspend=False)

    async def stop_all(self, reason: str = "server shutdown") -> None:
        """A stopping server's end of its matches: games that are played on after a restart
        (`resumes`, with a journal) are suspended and stay in the journal; others are aborted
        and stored as today."""
        await self._stop_all(reason, suspend=self.resumes and self.journal is not None)

    async def _stop_all(self, reason: str, suspend: bool) -> None:
        for table in list(self.tables.values()):
            if table.match is None:
                table.cancel(reason)
                self.tables.pop(table.id, None)
        matches = list(self.matches)
        for match in matches:
            if suspend:
                match.suspend()
            else:
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


def player_line(seat: int, name: str, agent_kind: str, agent: "Agent") -> dict[str, Any]:
    """One player as the operator's lines show it: seat, name, how it is connected and, for a
    client over the network, from where (the address the `connected` line has too)."""
    line: dict[str, Any] = {"seat": seat, "name": name, "via": connected_via(agent_kind)}
    if agent.peer is not None:
        line["peer"] = agent.peer
    return line


def _holder(record: "Record", seat: int) -> tuple[str, str]:
    holder = record.holder(seat)
    return holder.name, holder.agent


class GameLog(MatchListener):
    """A match listener that writes the operator's lines: ``game start`` once every player has
    connected (id, game, seats, each player's name and how it is connected), or ``game
    resumed`` after a restart (with the actions played before it), and ``game end`` (status,
    end cause, each seat's rank and score, duration).  Structured fields, so ``--log-format
    json`` gives machines the same."""

    follows_steps = False

    def __init__(self, log: logging.Logger) -> None:
        self.log = log
        self.started = time.monotonic()

    def on_start(self, match: "Match") -> None:
        self.started = time.monotonic()
        seats = match.record.seats
        fields = {"id": match.id, "game": match.spec.name, "seats": len(seats),
                  "players": [player_line(seat, *_holder(match.record, seat), match.agents[seat])
                              for seat in range(len(seats))]}
        if match.resumed:
            fields["actions"] = len(match.record.entries)
        self.log.info("game resumed" if match.resumed else "game start", extra=fields)

    def on_handover(self, match: "Match", seat: int) -> None:
        handover = match.record.handovers[-1]
        player = player_line(seat, handover.name, handover.agent, match.agents[seat])
        player["player"] = player.pop("name")  # `name` is the logger's own field
        self.log.info("seat handover", extra={
            "id": match.id, "game": match.spec.name, "since_action": handover.since, **player})

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

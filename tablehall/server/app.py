"""The `tablehall serve` process: listeners, sessions, graceful shutdown.

This layer only moves bytes.  Each accepted connection gets a `Session` from its protocol's
`Service`; bytes read go to `session.data_received`, bytes the session writes go to the socket.
A session that raises is logged and its connection closed; nothing else is affected.
"""

from __future__ import annotations

import asyncio
import logging
import signal
from pathlib import Path
from typing import Awaitable, Callable

from ..core.hosting import Entrant, Host, Service, ServiceSpec, Session, Table, TableError, TableSeat, Transport
from ..core.limits import Limits
from ..core.registry import all_services
from ..core.journal import Journal
from ..core.soon import flush_soon, handling_read
from ..accounts.service import open_accounts
from ..core.locations import open_store
from ..core.store import RecordStore, is_url
from .config import ServerConfig, named_bots
from .gate import ConnectionGate, ProxyLine, refused
from .listening import ListenError, Listening
from .restart import Resumer, resume_journaled

log = logging.getLogger("tablehall.server")

#: a peer that does not read what we send may not make us buffer more than this
MAX_WRITE_BUFFER = 8 * 1024 * 1024


class SocketTransport(Transport):
    """Bytes out to one socket.  What a session writes while one read is handled (or, outside
    a read, during one pass of the event loop) goes out in one send at its end (`flush_soon`): a
    move's events, the next request and the lines of several events cost one system call per
    connection instead of one each."""

    def __init__(self, transport: asyncio.Transport) -> None:
        self._transport = transport
        self._pending: bytes | None = None  # written since the last flush
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "-"  # the address the connection limits count
        self.peer = f"{peer[0]}:{peer[1]}" if peer else "-"

    def write(self, data: bytes) -> None:
        pending = self._pending
        if pending is not None:  # more of a batch (rare: most connections are written once a read)
            self._pending = pending + data
        elif not self._transport.is_closing():
            self._pending = data
            flush_soon(self)

    def flush(self) -> None:
        pending, self._pending = self._pending, None
        transport = self._transport
        if not pending or transport.is_closing():
            return
        transport.write(pending)
        if transport.get_write_buffer_size() > MAX_WRITE_BUFFER:
            log.warning("peer does not read; closing", extra={"peer": self.peer})
            transport.abort()

    def close(self) -> None:
        if not self._transport.is_closing():
            self.flush()
            self._transport.close()

    def abort(self) -> None:
        self._transport.abort()

    @property
    def is_closing(self) -> bool:
        return self._transport.is_closing()


class Connection(asyncio.Protocol):
    """Glue between an asyncio socket and a protocol Session, inside the limits: the gate
    admits the connection (or it is turned away with the protocol's error), and a client that
    has not logged in within `login_timeout` seconds is told so and closed."""

    def __init__(self, service: Service, name: str, connections: set["Connection"],
                 gate: ConnectionGate, limits: Limits) -> None:
        self.service = service
        self.name = name
        self.connections = connections
        self.gate = gate
        self.limits = limits
        self.session: Session | None = None
        self.transport: SocketTransport | None = None
        self.address: str | None = None  # the client's address, counted by the gate
        self.proxy_line: ProxyLine | None = None  # a trusted proxy's PROXY line still to read
        self.deadline: asyncio.TimerHandle | None = None
        self.opened = False  # a session was opened (and its "connected" line written)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = SocketTransport(transport)
        self.connections.add(self)
        address = self.transport.address
        if not self._admit(address):
            return
        if self.limits.proxy_protocol and self.limits.is_trusted_proxy(address):
            self.proxy_line = ProxyLine()  # the client's address comes first, then its protocol
        else:
            self._open_session()
        self.deadline = asyncio.get_running_loop().call_later(self.limits.login_timeout, self._login_overdue)

    def _admit(self, address: str) -> bool:
        assert self.transport is not None
        reason = self.gate.admit(address)
        if reason is None:
            self.address = address
            return True
        refused(self.name, address, reason)
        self.transport.write(self.service.refusal(reason))
        self.transport.close()
        return False

    def _open_session(self) -> None:
        assert self.transport is not None
        log.info("connected", extra={"service": self.name, "peer": self.transport.peer})
        self.opened = True
        try:
            self.session = self.service.open_session(self.transport)
        except Exception:
            log.exception("could not open a session", extra={"service": self.name, "peer": self.transport.peer})
            self.transport.abort()

    def _login_overdue(self) -> None:
        self.deadline = None
        if self.transport is None or self.transport.is_closing or (self.session is not None and self.session.logged_in):
            return
        reason = f"no login within {self.limits.login_timeout:g} seconds"
        refused(self.name, self.transport.peer, reason)
        self.transport.write(self.service.refusal(reason))
        self.transport.close()

    def data_received(self, data: bytes) -> None:
        if self.proxy_line is not None:
            data = self._read_proxy_line(data)
            if not data:
                return
        if self.session is None or self.transport is None:
            return
        try:
            # the match steps a client's answer and flushes the writes once the session is done
            # with these bytes, in this callback: no later pass of the loop per move
            handling_read(self.session.data_received, data)
        except Exception:
            log.exception("session failed; closing its connection",
                          extra={"service": self.name, "peer": self.transport.peer})
            self._lose()
            self.transport.close()

    def _read_proxy_line(self, data: bytes) -> bytes:
        """A trusted proxy's PROXY line: the client it names is counted instead of the proxy,
        then the session opens with the bytes after the line."""
        assert self.transport is not None and self.proxy_line is not None and self.address is not None
        line = self.proxy_line
        try:
            if not line.feed(data):
                return b""
        except ValueError as exc:
            refused(self.name, self.transport.peer, str(exc))
            self.transport.close()
            return b""
        self.proxy_line = None
        if line.client is not None:
            self.gate.release(self.address)
            self.address = None
            self.transport.peer = f"{line.client[0]}:{line.client[1]}"
            if not self._admit(line.client[0]):
                return b""
        self._open_session()
        return line.rest

    def connection_lost(self, exc: Exception | None) -> None:
        self.connections.discard(self)
        if self.deadline is not None:
            self.deadline.cancel()
        if self.address is not None:
            self.gate.release(self.address)
            self.address = None
        if self.transport is not None and self.opened:
            log.info("disconnected", extra={"service": self.name, "peer": self.transport.peer})
        self._lose()

    def _lose(self) -> None:
        session, self.session = self.session, None
        if session is not None:
            try:
                session.connection_lost()
            except Exception:
                log.exception("session failed while closing", extra={"service": self.name})


class Server:
    """All listeners of one `tablehall serve` process."""

    def __init__(self, config: ServerConfig, store: RecordStore | None = None,
                 services: list[ServiceSpec] | None = None, web: bool = False) -> None:
        self.config = config
        self.store = store
        self._owns_store = store is None
        games = {spec.name: game for game, spec in all_services()}
        self.service_specs = ([(games.get(spec.name, "-"), spec) for spec in services]
                              if services is not None else None)
        self.hosts: dict[str, Host] = {}
        self.services: dict[str, Service] = {}
        self.listeners: list[asyncio.AbstractServer] = []
        self.connections: set[Connection] = set()
        self.listening: list[Listening] = []
        self.web = None  # the web hall's listener, when it runs
        self.hall = None  # what the web hall reads of this server, when it runs
        self.want_web = web  # servers given their services (tests, embedding): a web hall on a free port
        self.web_deflate = False  # WebSocket per-message deflate (the web benchmark compares both)
        self.accounts = None  # the store's accounts (`tablehall.accounts`), when it keeps them
        self.journal: Journal | None = None  # the games in play, when the store keeps a journal
        self.limits = Limits.from_section(config.section("limits"))  # [limits]: what one client may cost
        self.gate = ConnectionGate(self.limits)  # every port's connections, the web hall's too
        self._stopped = asyncio.Event()

    async def start(self) -> list[Listening]:
        if self.store is None:
            if not is_url(self.config.db):
                Path(self.config.db).parent.mkdir(parents=True, exist_ok=True)
            self.store = open_store(self.config.db)
        self.accounts = open_accounts(self.store, self.config.section("accounts"))
        self.journal = Journal(self.store) if self.store.keeps_journal and self.config.journal else None
        loop = asyncio.get_running_loop()
        explicit = self.service_specs is not None
        bots = named_bots(self.config)
        for game, spec in self.service_specs if explicit else all_services():
            if self.config.ports.get(spec.name) == 0:
                continue  # turned off
            # services given explicitly (tests, embedding) take any free port unless configured
            port = self.config.port_for(spec.name, 0 if explicit else spec.default_port)
            host = self._host(spec.name, self.config.section(spec.name), logging.getLogger(f"tablehall.{spec.name}"),
                              bots)
            service = spec.factory(host)
            host.resumes = service.resumes
            try:
                listener = await loop.create_server(
                    lambda s=service, n=spec.name: Connection(s, n, self.connections, self.gate, self.limits),
                    self.config.host, port)
            except OSError as exc:  # in use, no such address, no permission: say which and what to do
                await self.stop()
                raise ListenError(f"cannot listen for {spec.name} on {self.config.host}:{port}: "
                                  f"{exc.strerror or exc} (--{spec.name}-port N moves it, 0 turns it off)") from None
            bound = listener.sockets[0].getsockname()[1]
            self.hosts[spec.name] = host
            self.services[spec.name] = service
            self.listeners.append(listener)
            self.listening.append(Listening(spec.name, game, self.config.host, bound, spec.description))
            log.info("listening", extra={"service": spec.name, "game": game, "host": self.config.host, "port": bound})
        self._start_web(explicit)
        if self.journal is not None:
            resume_journaled(self.store, self.journal, self.hosts, self._resumers())
        return self.listening

    def _resumers(self) -> dict[str, Resumer]:
        """How each host of this process plays on a game journaled before a restart."""
        resumers: dict[str, Resumer] = {name: service.resume for name, service in self.services.items()}
        if self.hall is not None:
            from ..web.resume import resume_web_game

            hall = self.hall
            resumers["web"] = lambda rebuilt, game_id: resume_web_game(hall, rebuilt, game_id)
        return resumers

    def _start_web(self, explicit: bool) -> None:
        """The web hall on `ports.http` (default 8080, 0 turns it off).  A server given its
        services explicitly has none unless asked (`web=True`: on a free port)."""
        from ..core.hosting import read_settings
        from .web import DEFAULT_HTTP_PORT, WEB_SETTINGS, WebListener, WebUnavailable, allowed_hosts
        from ..web.hall import Hall, Listener

        port = self.config.ports.get("http")
        if port == 0 or (port is None and explicit and not self.want_web):
            return
        if port is None:
            port = 0 if explicit else DEFAULT_HTTP_PORT
        # games people start from the web run through a host of their own: stored, and aborted
        # and stored if the server stops, like every protocol's games
        web_host = self._host("web", {}, logging.getLogger("tablehall.web"), named_bots(self.config))
        web_host.resumes = True
        self.hosts["web"] = web_host
        hall = Hall(self.store, self.live_matches, [Listener(l.service, l.game, l.host, l.port, l.description)
                                                    for l in self.listening],
                    start_match=web_host.start_match, bots_threaded=web_host.bots_threaded,
                    open_table=self.open_table, tables=self.tables, connect_command=self.connect_command)
        settings = read_settings("web", self.config.section("web"), WEB_SETTINGS)
        hall.decision_timeout = settings["decision_timeout"] or None
        hall.reconnect_grace = settings["reconnect_grace"] or None
        hall.limits = self.limits
        hall.allowed_hosts = allowed_hosts(settings["allowed_hosts"], self.config.host)
        if not settings["allowed_hosts"] and self.config.host in ("0.0.0.0", "::", ""):
            log.warning("the web hall answers only to loopback names: set [web] allowed_hosts to the names "
                        "it is reached by")
        if self.accounts is not None:
            from ..web.auth import Keys

            hall.accounts = self.accounts
            hall.keys = Keys(self.accounts.settings.cookie_key)
        self.hall = hall
        try:
            self.web = WebListener(hall, self.config.host, port, self.gate, deflate=self.web_deflate)
        except WebUnavailable as exc:
            log.warning("web hall off: %s", exc)
            return
        self.web.start()
        log.info("listening", extra={"service": "http", "game": "-", "host": self.config.host, "port": self.web.port})

    def _host(self, name: str, section: dict, logger: logging.Logger, bots: dict) -> Host:
        """A service's (or the web hall's) host: the store and its journal, and with accounts,
        who names are and the ratings of every match."""
        host = Host(self.store, section, self.config.admin_password, log=logger, bots=bots, name=name,
                    journal=self.journal)
        if self.accounts is not None:
            host.identities = self.accounts.identities
            host.listeners.append(self.accounts.listener)
        return host

    def live_matches(self):
        """Every running match of every service."""
        return [match for host in self.hosts.values() for match in list(host.matches)]

    def port(self, service: str) -> int:
        return next(l.port for l in self.listening if l.service == service)

    # -- tables: matches hosted for the web hall and the arena ---------------------------------------
    def open_table(self, game: str, entrants: list[Entrant], *, seed: int | None = None,
                   options: dict | None = None, service: str | None = None) -> Table:
        """Host a match of `game` on its protocol's listener (the first this server runs, or
        `service`): each entrant an agent the caller runs, a built-in bot's name, or an
        `OpenSeat` the protocol's clients fill (`OpenSeat("name")`: only the client logged in
        under that name).  The match starts when every open seat is taken; `await
        table.record()` waits for its end.  TableError if no listener of the game can host it."""
        names = [l.service for l in self.listening if l.game == game and (service is None or l.service == service)]
        if not names:
            raise TableError(f"this server runs no listener for {game}" + (f" named {service}" if service else ""))
        return self.services[names[0]].open_table(entrants, seed=seed, options=options)

    def tables(self) -> list[Table]:
        """Every hosted table: waiting for clients, or playing."""
        return [table for host in self.hosts.values() for table in list(host.tables.values())]

    def connect_command(self, table: Table | None, seat: TableSeat | None = None, service: str | None = None,
                        host: str | None = None) -> str:
        """How a client of the table's protocol (or of `service`) connects, to `seat` if given."""
        name = table.service if table is not None else service
        listening = next((l for l in self.listening if l.service == name), None)
        if listening is None:
            return ""
        return self.services[name].connect_command(host or listening.host, listening.port, seat)

    def request_stop(self) -> None:
        self._stopped.set()

    async def serve_until_stopped(self) -> None:
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(sig, self.request_stop)
            except (NotImplementedError, RuntimeError):
                pass
        await self._stopped.wait()
        await self.stop()

    async def stop(self) -> None:
        """Stop accepting; suspend the games that are played on after a restart (the journal
        keeps them), abort the others (each stores its record); close."""
        log.info("shutting down")
        for listener in self.listeners:
            listener.close()
        if self.web is not None:
            await self.web.stop()
        for service in self.services.values():
            try:
                await service.shutdown()
            except Exception:
                log.exception("service shutdown failed")
        for host in self.hosts.values():
            await host.stop_all()
        if self.journal is not None:
            self.journal.flush()  # what the suspended games played last
        for connection in list(self.connections):
            if connection.transport is not None:
                connection.transport.close()
        for listener in self.listeners:
            await listener.wait_closed()
        for host in self.hosts.values():
            for task in list(host.tasks):
                task.cancel()
        if self.store is not None and self._owns_store:
            self.store.close()
        log.info("stopped")


def loop_factory(kind: str = "auto") -> Callable[[], asyncio.AbstractEventLoop] | None:
    """The event loop `serve` runs on: uvloop (libuv; the `fast` extra) when it is installed and
    `kind` is "auto" or "uvloop", asyncio's own for "asyncio" (None: asyncio's default).  A
    server's Python share per move is largely the loop itself (scheduling, socket reads and
    writes), which uvloop does in C: docs/benchmarks.md, "Server paths"."""
    if kind == "asyncio":
        return None
    try:
        import uvloop
    except ImportError:
        if kind == "uvloop":
            raise ListenError("event_loop = \"uvloop\" but uvloop is not installed "
                              "(pip install 'tablehall[fast]')") from None
        return None
    return uvloop.new_event_loop


def run_server(main: Awaitable[None], kind: str = "auto") -> None:
    """Run `main` (a server's lifetime) to its end on the event loop `kind` chooses."""
    with asyncio.Runner(loop_factory=loop_factory(kind)) as runner:
        runner.run(main)

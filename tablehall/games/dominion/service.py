"""Dominion bots over TCP (`tablehall serve`, port 8291 by default): a lobby and matchmaking,
then the very same line protocol as on stdin/stdout.

A bot connects and may say which game it wants with one line, ``join <opponent>...``, where
each opponent is a built-in bot (``bigmoney``, ``smithy``, ``engine``, ``random``) or ``any``
(another connected bot).  A bot that says nothing within `join_grace` seconds joins with the
configured default (``join any``).  A game starts as soon as enough bots wait with the same
request; seats are drawn at random.  One game per connection; the server closes it after
``game-end`` (or after disqualifying the bot).

Tables (`open_table`, for the web hall and the arena): seats held for TCP bots are taken with
``join table`` (any seat held for anyone), ``join table <table id>`` (a seat of that table held
for anyone) or ``join table <ticket>`` (the seat held for a name: its secret ticket, given to the
table's owner only); the game starts, seats in the table's order, when every held seat is taken.

Accounts (docs/accounts.md): a bot plays under its account's name with a seat ticket, given at
the end of its join line (``join bigmoney ticket <T>``); a rated ticket joins it to rated games,
which only bots with rated tickets and built-in bots play.  A bot without a ticket that names
itself with a registered name in the handshake is disqualified before the game starts.

Config (section ``[dominion]``): ``reply_timeout`` (10 s), ``join_grace`` (1 s),
``default_join`` ("any"), ``max_waiting`` (64), ``seed`` (fixed seeds for tests; random if unset).
"""

from __future__ import annotations

import asyncio
import secrets
import shlex
from typing import Any, Mapping, Sequence

from tablehall.core import Agent, BotAgent, GameSpec, Match, Result, Rng, SeatPolicy, derive_seed
from tablehall.core.hosting import (Entrant, HeldTable, Host, OpenSeat, Service, Session, Setting, Table,
                                    TableSeat, Transport, digest_matches, new_ticket, read_settings, secret_digest,
                                    ticket_matches)
from tablehall.core.agents import AgentGone
from tablehall.core.identity import Identity, NameRefused
from tablehall.core.match import TRUSTED, MatchListener
from tablehall.core.resume import AwaitedSeat, Rebuilt
from tablehall.core.quoting import token
from tablehall.core.lineproc import LineBuffer, LineTooLong

from .agent import DEFAULT_REPLY_TIMEOUT, MAX_LINE, LineBotAgent, seat_policy
from .cards import KINGDOM
from .codec import format_kingdom, format_supply
from .room import SeatLines
from .rules import names

DEFAULT_PORT = 8291
ANY = "any"
TABLE = "table"
TICKET = "ticket"

#: the [dominion] config section (also --set dominion.KEY=VALUE)
SETTINGS = {
    "reply_timeout": Setting(DEFAULT_REPLY_TIMEOUT, "seconds a bot has to answer before it is disqualified"),
    "join_grace": Setting(1.0, "seconds a new connection has to send its join line"),
    "default_join": Setting(ANY, "the opponents of a bot that sends no join line (built-in bots or any)"),
    "max_waiting": Setting(64, "bots that may wait for a game at once; more are refused"),
    "seed": Setting(None, "fixed seeds for the games (tests); unset: random", kind=int),
    "rejoin_grace": Setting(60.0, "seconds a table's bot has to come back to a game resumed after a restart "
                                  "(join table ...), then it is disqualified; 0: forever"),
}


class TcpBotAgent(LineBotAgent):
    """A seat played by the bot on a TCP connection."""

    def __init__(self, connection: "BotConnection", seat: int, rejoin: dict[str, Any] | None = None,
                 **settings: Any) -> None:
        super().__init__(seat, connection.transport.peer, "remote:dominion", **settings)
        self.connection = connection
        self.peer = connection.transport.peer
        self.rejoin = rejoin

    def comeback(self) -> dict[str, Any] | None:
        """A table's seat comes back after a restart with ``join table`` and what took it: its
        secret ticket (the journal keeps its hash) or, held for any bot, the table's id.  A seat
        the lobby matched has nothing that proves it: it cannot."""
        return self.rejoin

    async def start(self, seat: int, match: Any) -> None:
        """The handshake; a bot without an account that names itself with an account's name
        is put out before the game begins."""
        await super().start(seat, match)
        name = self.chosen_name
        if self.connection.identity is None and name and self.connection.service.host.identities.registered(name):
            reason = f"the name {name!r} is registered: its account plays with a seat ticket"
            self._disqualify(reason)
            raise AgentGone(reason)

    def _send_line(self, text: str) -> None:
        self.connection.transport.write(text.encode() + b"\n")

    def _send_lines(self, lines: list[str]) -> None:
        self.write(("\n".join(lines) + "\n").encode())

    def write(self, data: bytes) -> None:
        self.connection.transport.write(data)

    async def finish(self, seat: int, result: Result) -> None:
        self._tell_end(result)
        self.connection.close()  # game-end is flushed first; a connection closes at once, no task

    async def _close(self) -> None:
        self.connection.close()


class BotConnection(Session):
    """One TCP connection: in the lobby until matched, then the line channel of its seat."""

    def __init__(self, service: "DominionService", transport: Transport) -> None:
        self.service = service
        self.transport = transport
        self.lines = LineBuffer(MAX_LINE)
        self.stage = "lobby"  # lobby -> waiting -> playing -> closed
        self.agent: TcpBotAgent | None = None
        self.table: "HostedTable | None" = None  # the table whose held seat it took
        self.identity: Identity | None = None  # the account its seat ticket proved (None: a guest)
        self.early_lines = 0  # lines sent while waiting for a game
        # a timer, not a task: nearly every bot joins at once, and the timer is cancelled then
        # (the loop the service runs on; sessions may be opened outside its callbacks: fuzzers)
        self.default_join = asyncio.get_event_loop().call_later(service.join_grace, self._join_by_default)

    def _join_by_default(self) -> None:
        if self.stage == "lobby":
            self._join(self.service.default_join)

    def data_received(self, data: bytes) -> None:
        if self.stage == "closed":
            return
        try:
            lines = self.lines.feed(data)
        except LineTooLong as exc:
            self._misbehaved(f"flooded: {exc}")
            return
        for line in lines:
            if self.stage == "playing":
                assert self.agent is not None
                self.agent.line_received(line)
            elif self.stage == "lobby":
                self.default_join.cancel()
                self._join(line.decode("utf-8", errors="replace"))
            elif self.stage == "waiting":
                self.early_lines += 1
                if self.early_lines > self.service.max_early_lines:
                    self._misbehaved("flooding the lobby")
            if self.stage == "closed":
                return

    def _join(self, line: str) -> None:
        words = line.lower().split()
        if not words or words[0] != "join":
            self.refuse("the first line must be: join <opponent>... (built-in bot names or any), "
                        "or join table [<ticket or table id>]")
            return
        rated = False
        if len(words) >= 3 and words[-2] == TICKET:  # join ... ticket <T>: play as its account
            try:
                self.identity = self.service.host.identities.claim("", line.split()[-1], game=self.service.spec.name)
            except NameRefused as refused:
                self.refuse(str(refused))
                return
            words, rated = words[:-2], self.identity.rated
        if words[1:2] == [TABLE]:
            error = self.service.join_table(self, line.split()[2] if len(words) > 2 else None)
        else:
            error = self.service.join(self, tuple(words[1:]), rated)
        if error:
            self.refuse(error)

    @property
    def logged_in(self) -> bool:
        """Past its join line (or the default join)."""
        return self.stage != "lobby"

    def refuse(self, reason: str) -> None:
        """Lobby errors: one ``error`` line, then the connection is closed."""
        self.transport.write(f"error {reason}\n".encode())
        self.close()

    def _misbehaved(self, reason: str) -> None:
        if self.agent is not None:
            self.agent.channel_closed(reason)
        else:
            self.close()

    def connection_lost(self) -> None:
        if self.stage == "closed":
            return
        if self.agent is not None:
            self.agent.channel_closed("disconnected")
        self.close()

    def close(self) -> None:
        if self.stage == "closed":
            return
        self.stage = "closed"
        self.default_join.cancel()
        self.service.leave(self)
        self.transport.close()


class DominionService(Service):
    """The lobby: pools of waiting connections keyed by what they asked to play."""

    def __init__(self, host: Host, spec: GameSpec) -> None:
        self.host = host
        self.spec = spec
        config = read_settings("dominion", host.config, SETTINGS)
        self.reply_timeout = config["reply_timeout"]
        self.join_grace = config["join_grace"]
        self.default_join = config["default_join"]
        if not self.default_join.startswith("join"):
            self.default_join = f"join {self.default_join}"
        self.max_waiting = config["max_waiting"]
        self.max_early_lines = 10
        self.seed = config["seed"]
        self.games_started = 0
        self.rejoin_grace = config["rejoin_grace"] or None
        self.pools: dict[tuple[str, ...], list[BotConnection]] = {}
        self.tables: dict[str, HostedTable] = {}
        self.resumed: dict[str, ResumedGame] = {}  # games resumed after a restart, awaiting bots

    def open_session(self, transport: Transport) -> BotConnection:
        return BotConnection(self, transport)

    def refusal(self, reason: str) -> bytes:
        return f"error {reason}\n".encode()

    def join(self, connection: BotConnection, opponents: tuple[str, ...], rated: bool = False) -> str:
        """Queue `connection` for a game against `opponents` (a rated game: with its like only);
        an error text if it cannot be."""
        if not 1 <= len(opponents) <= 3:
            return "join names 1 to 3 opponents (a game has 2-4 players)"
        bots = self.host.bot_names(self.spec)  # built-in and operator-named
        unknown = [o for o in opponents if o != ANY and o not in bots]
        if unknown:
            return f"unknown opponent {unknown[0]!r} (bots: {' '.join(sorted(bots))}, or {ANY})"
        if sum(len(pool) for pool in self.pools.values()) >= self.max_waiting:
            return "too many bots waiting, try later"
        key = tuple(sorted(opponents))
        pool = self.pools.setdefault((*key, "rated") if rated else key, [])
        pool.append(connection)
        connection.stage = "waiting"
        players = key.count(ANY) + 1
        if len(pool) >= players:
            matched = pool[:players]
            del pool[:players]
            self._start(matched, [o for o in key if o != ANY], rated)
        return ""

    def leave(self, connection: BotConnection) -> None:
        for pool in self.pools.values():
            if connection in pool:
                pool.remove(connection)
        hosted = connection.table
        if hosted is not None and hosted.table.match is None:
            hosted.release(connection)

    # -- tables ------------------------------------------------------------------------------------
    def open_table(self, entrants: Sequence[Entrant], *, seed: int | None = None,
                   options: Mapping[str, Any] | None = None) -> Table:
        table = self.host.new_table(self.spec, "dominion", entrants, seed=seed, options=options)
        return HostedTable(self, table, entrants).hold()

    def join_table(self, connection: BotConnection, wanted: str | None) -> str:
        """`join table [<name-or-table-id>]`: take a seat held for bots, or one of a game
        resumed after a restart that awaits its bot, or say why not."""
        for hosted in self.tables.values():
            seat = hosted.seat_for(wanted)
            if seat is not None:
                hosted.take(seat, connection)
                return ""
        for resumed in self.resumed.values():
            seat = resumed.seat_for(wanted)
            if seat is not None:
                resumed.rejoin(seat, connection)
                return ""
        if wanted is None:
            return "no table holds a seat for any bot right now"
        return f"no table holds a seat for {token(wanted)} right now"

    # -- after a restart ---------------------------------------------------------------------------
    resumes = True

    def resume(self, rebuilt: Rebuilt, game_id: str) -> Match:
        """Play on a journaled game: its built-in bots at once; each TCP seat of a table waits
        `rejoin_grace` seconds for its bot to ``join table`` again (with the seat's ticket, or
        for a seat held for any bot, the table's id), then is disqualified like a bot that left."""
        record = rebuilt.record
        agents: list[Agent] = []
        for seat, comeback in enumerate(rebuilt.comebacks):
            holder = record.holder(seat)
            if seat in rebuilt.bots:
                agents.append(BotAgent(rebuilt.bots[seat], name=holder.name, threaded=self.host.bots_threaded))
            else:
                agents.append(AwaitedSeat(holder.name, holder.agent, comeback, seat_policy(self.reply_timeout),
                                          self.rejoin_grace if comeback is not None else 0))
        match = Match(self.spec, agents, seed=record.seed, options=record.options, match_id=game_id)
        match.continue_from(record, rebuilt.state)
        resumed = ResumedGame(self, match)
        if resumed.awaited():
            self.resumed[game_id] = resumed
        return match

    def connect_command(self, host: str, port: int, seat: TableSeat | None = None) -> str:
        command = ["python3", "examples/dominion/bigmoney.py", "--connect", f"{host}:{port}"]
        if seat is not None:
            command += ["--join", "table", *([seat.ticket] if seat.ticket else [])]
        return shlex.join(command)

    def _start(self, connections: list[BotConnection], builtins: list[str], rated: bool = False) -> Match:
        """Seat the connections and built-in bots in a random order and start their game (bots
        with accounts under their accounts' names)."""
        if self.seed is None:
            seed = secrets.randbits(62)
        else:  # 62 bits: a seed must fit the store's signed 64-bit integers
            seed = derive_seed(self.seed, "game", self.games_started) >> 2
        self.games_started += 1
        entrants: list[BotConnection | str] = [*connections, *builtins]
        Rng(derive_seed(seed, "seats")).shuffle(entrants)
        agents: list[Agent] = []
        policies: list[SeatPolicy] = []
        names: list[str] = []
        for seat, entrant in enumerate(entrants):
            if isinstance(entrant, BotConnection):
                agent = TcpBotAgent(entrant, seat, reply_timeout=self.reply_timeout)
                entrant.agent = agent
                entrant.stage = "playing"
                policies.append(agent.policy)
                names.append(entrant.identity.name if entrant.identity is not None else agent.name)
            else:
                agent = BotAgent(self.host.make_bot(self.spec, entrant, derive_seed(seed, "seat", seat)),
                                 threaded=self.host.bots_threaded)
                policies.append(TRUSTED)
                names.append(agent.name)
            agents.append(agent)
        match = Match(self.spec, agents, seed=seed, policies=policies, names=names)
        match.record.rated = rated
        match.add_listener(SeatLines([a for a in agents if isinstance(a, TcpBotAgent)]))
        self.host.start_match(match)
        return match


class HostedTable(HeldTable):
    """A table's seats on this service: connections wait in its held seats until all are taken."""

    def __init__(self, service: DominionService, table: Table, entrants: Sequence[Entrant]) -> None:
        super().__init__(service.host, service.tables, table, entrants)
        self.service = service
        self.connections: dict[int, BotConnection] = self.clients
        for seat, entrant in zip(table.seats, entrants):
            if isinstance(entrant, OpenSeat) and entrant.name is not None:  # its ticket alone takes it
                seat.ticket, seat.secret = entrant.ticket or new_ticket(), True
            elif isinstance(entrant, OpenSeat):
                seat.ticket = table.id

    def seat_for(self, wanted: str | None) -> int | None:
        """The first waiting seat `join table [<wanted>]` may take: one held for anyone (with no
        word or the table's id), or the one held for a name whose secret ticket `wanted` is."""
        for index in self.table.waiting:
            seat = self.table.seats[index]
            if seat.held_for is None and wanted in (None, self.table.id):
                return index
            if seat.held_for is not None and ticket_matches(wanted, seat.ticket):
                return index
        return None

    def take(self, index: int, connection: BotConnection) -> None:
        connection.table = self
        connection.stage = "waiting"
        self.sit(index, connection, connection.transport.peer)
        self.start_if_ready()

    def cancelled(self, reason: str) -> None:
        for connection in list(self.connections.values()):
            connection.refuse("the table was cancelled")

    def start(self) -> None:
        table, service = self.table, self.service
        agents: list[Agent] = []
        policies: list[SeatPolicy] = []
        names: list[str] = []
        for seat, (entrant, info) in enumerate(zip(self.entrants, table.seats)):
            if isinstance(entrant, OpenSeat):
                connection = self.connections[seat]
                rejoin = ({"join": "ticket", "ticket": secret_digest(info.ticket)} if info.secret and info.ticket
                          else {"join": "table"})
                agent: Agent = TcpBotAgent(connection, seat, rejoin, reply_timeout=service.reply_timeout)
                connection.agent = agent
                connection.stage = "playing"
                policies.append(agent.policy)
                names.append(info.held_for or connection.transport.peer)
            elif isinstance(entrant, str):
                agent = BotAgent(service.host.make_bot(service.spec, entrant, derive_seed(table.seed, "seat", seat)),
                                 name=f"{entrant}-{seat + 1}", threaded=service.host.bots_threaded)
                policies.append(TRUSTED)
                names.append(agent.name)
            else:
                agent = entrant
                policies.append(getattr(agent, "policy", None) or TRUSTED)
                names.append(agent.name)
            agents.append(agent)
        match = Match(service.spec, agents, seed=table.seed, options=table.options, policies=policies,
                      names=names, match_id=table.id)
        match.add_listener(SeatLines([a for a in agents if isinstance(a, TcpBotAgent)]))
        service.host.start_table(table, match)


class ResumedGame:
    """A game resumed after a restart whose table's bots may come back: ``join table`` with the
    seat's ticket (or, for a seat held for any bot, the table's id) takes the seat again, after
    the handshake, the game's kingdom and the supply, as a bot joining a game under way."""

    def __init__(self, service: DominionService, match: Match) -> None:
        self.service = service
        self.match = match
        self.room = SeatLines([])
        match.add_listener(self.room)
        match.add_listener(_Forget(service.resumed))

    def awaited(self) -> dict[int, AwaitedSeat]:
        """The seats whose bots may still come back, by seat."""
        return {seat: agent for seat, agent in enumerate(self.match.agents)
                if isinstance(agent, AwaitedSeat) and not agent.back and agent.comeback() is not None
                and not self.match.state.is_over and self.match.state.out[seat] is None}

    def seat_for(self, wanted: str | None) -> int | None:
        for seat, awaited in self.awaited().items():
            rejoin = awaited.comeback() or {}
            if rejoin.get("join") == "ticket" and digest_matches(wanted, rejoin.get("ticket")):
                return seat
            if rejoin.get("join") == "table" and wanted in (None, self.match.id):
                return seat
        return None

    def rejoin(self, seat: int, connection: BotConnection) -> None:
        awaited = self.match.agents[seat]
        assert isinstance(awaited, AwaitedSeat)
        awaited.came_back()
        agent = TcpBotAgent(connection, seat, awaited.comeback(), reply_timeout=self.service.reply_timeout)
        connection.agent = agent
        connection.stage = "playing"
        self.service.host.spawn(self._seat(seat, agent, awaited))

    async def _seat(self, seat: int, agent: TcpBotAgent, awaited: AwaitedSeat) -> None:
        """The handshake; then the game so far, and the seat is the bot's."""
        match = self.match
        try:
            await agent.start(seat, match)
        except AgentGone as gone:
            match.seat_left(seat, f"came back after the restart but {gone}")
            return
        if match.finished.is_set() or match.agents[seat] is not awaited or match.state.out[seat] is not None:
            agent.connection.refuse("the seat is no longer in the game")
            return
        agent.protocol.in_game = True
        agent.write(rejoin_lines(match.state))
        self.room.agents.append(agent)
        agent.on_events = None  # the room tells it
        match.hand_over(seat, agent, name=match.record.holder(seat).name, policy=agent.policy)


def rejoin_lines(state: Any) -> bytes:
    """What a bot joining a game under way is told after its handshake: the kingdom and the supply."""
    return f"{format_kingdom(names(KINGDOM))}\n{format_supply(state.supply)}\n".encode()


class _Forget(MatchListener):
    """Drops a resumed game from the service's list when it ends."""

    follows_steps = False

    def __init__(self, resumed: dict[str, ResumedGame]) -> None:
        self.resumed = resumed

    def on_end(self, match: Match, record: Any) -> None:
        self.resumed.pop(match.id, None)

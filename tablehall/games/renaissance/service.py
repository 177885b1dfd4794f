"""The Masters of Renaissance service inside `tablehall serve`: sessions, the lobby, bots in
free seats, matches, and the 2-second ping.

Matchmaking: the first player without a game chooses the number of players (1-4); a solo
game starts at once, otherwise a lobby opens and the next players to connect join it in
order.  Free seats go to built-in bots when a lobby member types ``Add bot`` or ``Fill with
bots``, or automatically after `bot_fill_after` seconds without a new player.  Several games
run side by side; only one lobby is open at a time.

Tables (`open_table`, for the web hall and the arena): a seat held for a login name is taken by
the client that logs in with its secret ticket (``NAME TICKET`` for its nickname; only the
table's owner is given the ticket); a seat held for anyone by the next client that logs in
without one (before it is asked for a number of players).  The game starts when every held seat
is taken.

Configuration (the server's ``[renaissance]`` section): ping_interval (2 s), ping_timeout
(10 s without any line, pongs included, closes the connection), decision_timeout (600 s for
one answer, then the seat is forfeited; 0 = none), bot_fill_after (60 s; 0 = never), bot
(the bot that fills seats: greedy), seed (fixed match seeds, for tests).
"""

from __future__ import annotations

import asyncio
import secrets
import shlex
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from tablehall.core.agents import Agent, BotAgent
from tablehall.core.hosting import (Entrant, HeldTable, Host, OpenSeat, Service, ServiceSpec, Setting, Table, TableError,
                                    TableSeat, Transport, digest_matches, new_ticket, read_settings, secret_digest,
                                    ticket_matches)
from tablehall.core.match import Consequence, Match, MatchListener, SeatPolicy
from tablehall.core.resume import AwaitedSeat, Rebuilt
from tablehall.core.rng import derive_seed
from tablehall.core.seats import seat_kind

from . import messages as m
from .codec import encode
from .commands import ProtocolError
from .session import RenaissanceSession, reserved_nickname, NICKNAME

if TYPE_CHECKING:
    from tablehall.core.game import GameSpec

DEFAULT_PORT = 48745

#: the [renaissance] config section (also --set renaissance.KEY=VALUE)
SETTINGS = {
    "ping_interval": Setting(2.0, "seconds between pings"),
    "ping_timeout": Setting(10.0, "seconds without any line (pongs included) before the connection is closed"),
    "decision_timeout": Setting(600.0, "seconds for one answer, then the seat is forfeited; 0: no limit"),
    "bot_fill_after": Setting(60.0, "seconds without a new player before bots fill a lobby's free seats; 0: never"),
    "bot": Setting("greedy", "the bot that fills free seats", choices=("greedy", "random"),
                   also=(lambda value: seat_kind(value) is not None, "a policy:... seat")),
    "flood_limit": Setting(100, "lines in a row that move nothing (refused, views, typed ahead) before the "
                                "connection is closed (429) and its seat forfeited; 0: no limit"),
    "seed": Setting(None, "fixed seeds for the games (tests); unset: random", kind=int),
    "rejoin_grace": Setting(120.0, "seconds a player has to log in again to a game resumed after a restart "
                                   "(its nickname, and a held seat's ticket), then its seat is forfeited; "
                                   "0: forever"),
}


def timeout_policy(limit: float | None, replacement: Any = None) -> SeatPolicy:
    """What a player risks: no answer within `limit` seconds, or leaving, puts it out
    (HARD_TIMEOUT, LEFT; the others play on, a solo game is lost); a refused answer is asked
    again, ten times in a row at most."""
    return SeatPolicy(hard_timeout=limit, on_timeout=Consequence.FORFEIT, on_illegal=Consequence.RETRY,
                      max_retries=10, on_leave=Consequence.FORFEIT)


@dataclass
class Lobby:
    size: int
    members: list[Any]  # RenaissanceSession, or the name of a built-in bot
    touched: float  # when the last member joined

    @property
    def sessions(self) -> list[RenaissanceSession]:
        return [s for s in self.members if isinstance(s, RenaissanceSession)]


@dataclass
class Room:
    """The sessions playing one match."""

    sessions: list[RenaissanceSession] = field(default_factory=list)
    match: Match | None = None


class RenaissanceService(Service):
    def __init__(self, host: Host, spec: "GameSpec", clock: Callable[[], float] = time.monotonic) -> None:
        config = read_settings("renaissance", host.config, SETTINGS)
        self.host = host
        self.spec = spec
        self.clock = clock
        self.ping_interval = config["ping_interval"]
        self.ping_timeout = config["ping_timeout"]
        self.decision_timeout = config["decision_timeout"]
        self.bot_fill_after = config["bot_fill_after"]
        self.default_bot = config["bot"]
        self.flood_limit = config["flood_limit"]
        self.seed = config["seed"]
        self.rejoin_grace = config["rejoin_grace"] or None
        self.resumed: dict[str, ResumedRoom] = {}  # games resumed after a restart, awaiting players
        self.sessions: list[RenaissanceSession] = []
        self.chooser: RenaissanceSession | None = None  # deciding the size of the next game
        self.queued: list[RenaissanceSession] = []  # connected while the chooser decides
        self.lobby: Lobby | None = None
        self.rooms: dict[RenaissanceSession, Room] = {}
        self.tables: dict[str, HostedTable] = {}
        self.games = 0
        self._ticker: asyncio.Task | None = None

    # -- connections ----------------------------------------------------------------------------------
    def open_session(self, transport: Transport) -> RenaissanceSession:
        session = RenaissanceSession(self, transport)
        self.sessions.append(session)
        self._start_ticker()
        return session

    def refusal(self, reason: str) -> bytes:
        return encode(m.say(m.REFUSED, f"Connection refused: {reason}"))

    def _start_ticker(self) -> None:
        if self._ticker is not None:
            return
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return  # driven without a loop (unit tests call tick() themselves)
        self._ticker = self.host.spawn(self._tick_forever())

    async def _tick_forever(self) -> None:
        while True:
            await asyncio.sleep(self.ping_interval if self.ping_interval > 0 else 1.0)
            self.tick(self.clock())

    def tick(self, now: float) -> None:
        """Ping every session, drop silent ones, fill a lobby that waited long enough."""
        for session in list(self.sessions):
            session.tick(now)
        lobby = self.lobby
        if lobby is not None and self.bot_fill_after > 0 and now - lobby.touched >= self.bot_fill_after:
            self._fill(lobby, lobby.size - len(lobby.members), self.default_bot)

    async def shutdown(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()

    def nickname_taken(self, name: str) -> bool:
        return any(s.nickname.lower() == name.lower() for s in self.sessions if s.stage != "closed")

    def forget(self, session: RenaissanceSession, stage: str) -> None:
        """`session` disconnected while in `stage`."""
        if session in self.sessions:
            self.sessions.remove(session)
        if session in self.queued:
            self.queued.remove(session)
        for hosted in list(self.tables.values()):
            hosted.release(session)
        if self.chooser is session:
            self.chooser = None
            if self.queued:
                self.matchmake(self.queued.pop(0))
        lobby = self.lobby
        if lobby is not None and session in lobby.members:
            lobby.members.remove(session)
            if not lobby.sessions:
                self.lobby = None  # nobody left to play with the bots
            for other in lobby.sessions:
                other.send(m.say(m.PLAYER_LEFT, f"{session.nickname} left the lobby "
                                                f"({len(lobby.members)}/{lobby.size})"))
        room = self.rooms.pop(session, None)
        if room is not None and stage == "game":
            for other in room.sessions:
                if other is not session and other.stage == "game":
                    other.send(m.say(m.PLAYER_LEFT, f"{session.nickname} disconnected: "
                                                    "the seat is forfeited when the game needs it"))

    # -- matchmaking ----------------------------------------------------------------------------------
    def matchmake(self, session: RenaissanceSession) -> None:
        if self._rejoin(session) or self._seat_at_table(session):
            return
        lobby = self.lobby
        if lobby is not None:
            session.send(m.say(m.CONNECTED_NOT_FIRST), m.say(m.WAIT_FOR_START))
            self._join(lobby, session)
        elif self.chooser is None:
            self.chooser = session
            session.stage = "players"
            session.send(m.say(m.CONNECTED_FIRST), m.say(m.ASK_PLAYERS))
        else:
            session.stage = "queued"
            self.queued.append(session)
            session.send(m.say(m.CONNECTED_NOT_FIRST), m.say(m.WAIT_FOR_START))

    def open_lobby(self, session: RenaissanceSession, size: int) -> None:
        self.chooser = None
        if size == 1:
            self._start([session])
        else:
            self.lobby = Lobby(size, [], self.clock())
            automatic = (f"; free seats go to bots after {self.bot_fill_after:g} s without a new player"
                         if self.bot_fill_after > 0 else "")
            session.send(m.say(m.JOINED, f"You opened a game for {size} players. Waiting for {size - 1} more "
                                         f"(Add bot, Fill with bots{automatic})"))
            self._join(self.lobby, session)
        waiting, self.queued = self.queued, []
        for other in waiting:
            self.matchmake(other)

    def add_bots(self, session: RenaissanceSession, count: int | None, bot: str | None) -> None:
        """`Add bot` (count 1) or `Fill with bots` (count None) typed by a lobby member."""
        name = bot or self.default_bot  # a client names a built-in or operator-named bot only
        known = self.host.bot_names(self.spec)
        if bot is not None and bot not in known:
            raise ProtocolError(m.INCORRECT_PARAMETERS, f"Unknown bot: choose {' or '.join(sorted(known))}")
        lobby = self.lobby
        assert lobby is not None and session in lobby.members
        self._fill(lobby, count or lobby.size - len(lobby.members), name)

    def _fill(self, lobby: Lobby, count: int, bot: str) -> None:
        for _ in range(count):
            if self.lobby is not lobby:
                return
            self._join(lobby, bot)

    def _join(self, lobby: Lobby, member: Any) -> None:
        lobby.members.append(member)
        lobby.touched = self.clock()
        if isinstance(member, RenaissanceSession):
            member.stage = "lobby"
        name = member.nickname if isinstance(member, RenaissanceSession) else f"a {member} bot"
        count = f"({len(lobby.members)}/{lobby.size})"
        for session in lobby.sessions:
            if session is not member:
                session.send(m.say(m.JOINED, f"{name} joined the game {count}"))
            elif len(lobby.members) > 1:
                session.send(m.say(m.JOINED, f"You joined the game {count}"))
        if len(lobby.members) == lobby.size:
            self.lobby = None
            self._start(lobby.members)

    # -- tables ---------------------------------------------------------------------------------------
    def open_table(self, entrants: Sequence[Entrant], *, seed: int | None = None,
                   options: Mapping[str, Any] | None = None) -> Table:
        for entrant in entrants:
            if isinstance(entrant, OpenSeat) and entrant.name is not None and (
                    not NICKNAME.match(entrant.name) or reserved_nickname(entrant.name)):
                raise TableError(f"no Renaissance client can log in as {entrant.name!r}")
        table = self.host.new_table(self.spec, "renaissance", entrants, seed=seed, options=options)
        return HostedTable(self, table, entrants).hold()

    def _seat_at_table(self, session: RenaissanceSession) -> bool:
        """A client that logged in with a held seat's ticket takes that seat; one without a
        ticket, a seat held for anyone."""
        for hosted in self.tables.values():
            index = hosted.seat_for(session.ticket)
            if index is not None:
                session.send(m.say(m.CONNECTED_NOT_FIRST), m.say(m.WAIT_FOR_START))
                hosted.take(index, session)
                return True
        return False

    def ticket_held(self, ticket: str) -> bool:
        return (any(hosted.seat_for(ticket) is not None for hosted in self.tables.values())
                or any(resumed.ticket_held(ticket) for resumed in self.resumed.values()))

    # -- after a restart ----------------------------------------------------------------------------------
    resumes = True

    def resume(self, rebuilt: Rebuilt, game_id: str) -> Match:
        """Play on a journaled game: its built-in bots at once; each player's seat waits
        `rejoin_grace` seconds for its client to log in again (its nickname, and a table's seat
        held for a name its ticket), then it has left, like a player who disconnects."""
        record = rebuilt.record
        remote = timeout_policy(self.decision_timeout or None)
        agents: list[Agent] = []
        for seat, comeback in enumerate(rebuilt.comebacks):
            holder = record.holder(seat)
            if seat in rebuilt.bots:
                agents.append(BotAgent(rebuilt.bots[seat], name=holder.name, threaded=self.host.bots_threaded))
            else:
                agents.append(AwaitedSeat(holder.name, holder.agent, comeback, remote,
                                          self.rejoin_grace if comeback is not None else 0))
        match = Match(self.spec, agents, seed=record.seed, options=record.options, match_id=game_id)
        match.continue_from(record, rebuilt.state)
        resumed = ResumedRoom(self, match, Room(match=match))
        if resumed.awaited():
            self.resumed[game_id] = resumed
        return match

    def _rejoin(self, session: RenaissanceSession) -> bool:
        """A client logging in as the player of a resumed game's seat takes it again."""
        for resumed in self.resumed.values():
            seat = resumed.seat_for(session)
            if seat is not None:
                resumed.rejoin(seat, session)
                return True
        return False

    def connect_command(self, host: str, port: int, seat: TableSeat | None = None) -> str:
        name = (seat.held_for if seat is not None else None) or "NAME"
        ticket = ["--ticket", seat.ticket] if seat is not None and seat.ticket else []
        return shlex.join(["python3", "examples/renaissance/random_client.py", host, str(port), name, *ticket])

    # -- matches ----------------------------------------------------------------------------------------
    def _start(self, members: list[Any], seed: int | None = None, table: Table | None = None) -> None:
        self.games += 1
        if seed is None:
            seed = derive_seed(self.seed, "game", self.games) if self.seed is not None else secrets.randbits(64)
        names = [member.nickname if isinstance(member, RenaissanceSession)
                 else member.name if isinstance(member, Agent) else f"{member}-bot-{seat + 1}"
                 for seat, member in enumerate(members)]
        remote = timeout_policy(self.decision_timeout or None)
        room = Room()
        agents: list[Agent] = []
        policies = []
        for seat, member in enumerate(members):
            if isinstance(member, RenaissanceSession):
                held = table.seats[seat] if table is not None else None
                rejoin = ({"join": "ticket", "name": member.nickname, "ticket": secret_digest(held.ticket)}
                          if held is not None and held.secret and held.ticket
                          else {"join": "nickname", "name": member.nickname})
                agents.append(member.enter_match(seat, names, rejoin))
                policies.append(remote)
                room.sessions.append(member)
                self.rooms[member] = room
            elif isinstance(member, Agent):  # brought by the table's caller (a browser seat)
                agents.append(member)
                policies.append(getattr(member, "policy", None) or SeatPolicy())
            else:
                bot = self.host.make_bot(self.spec, member, derive_seed(seed, "bot", seat))
                agents.append(BotAgent(bot, name=names[seat], threaded=self.host.bots_threaded))
                policies.append(SeatPolicy())
        order = ", ".join(f"{seat + 1}. {name}" for seat, name in enumerate(names))
        for session in room.sessions:
            session.send(m.say(m.ALL_CONNECTED), m.say(m.GAME_STARTS, f"The game starts: {order}"))
        if table is None:
            room.match = Match(self.spec, agents, seed=seed, names=names, policies=policies)
            self.host.start_match(room.match)
        else:
            room.match = Match(self.spec, agents, seed=seed, names=names, policies=policies,
                               options=table.options, match_id=table.id)
            self.host.start_table(table, room.match)


class HostedTable(HeldTable):
    """A table's seats on this service: logged-in clients wait in held seats until all are taken."""

    def __init__(self, service: RenaissanceService, table: Table, entrants: Sequence[Entrant]) -> None:
        super().__init__(service.host, service.tables, table, entrants)
        self.service = service
        self.sessions: dict[int, RenaissanceSession] = self.clients
        for seat, entrant in zip(table.seats, entrants):
            if isinstance(entrant, OpenSeat) and entrant.name is not None:  # its ticket alone takes it
                seat.ticket, seat.secret = entrant.ticket or new_ticket(), True

    def seat_for(self, ticket: str | None) -> int | None:
        """The waiting seat a login takes: held for a name, with that seat's ticket; held for
        anyone, with none."""
        for index in self.table.waiting:
            seat = self.table.seats[index]
            if seat.held_for is None and ticket is None:
                return index
            if seat.held_for is not None and ticket_matches(ticket, seat.ticket):
                return index
        return None

    def take(self, index: int, session: RenaissanceSession) -> None:
        session.stage = "table"
        self.sit(index, session, session.nickname)
        waiting = len(self.table.waiting)
        for other in self.sessions.values():
            other.send(m.say(m.JOINED, f"{session.nickname} joined the game "
                                       f"({len(self.table.seats) - waiting}/{len(self.table.seats)})"))
        self.start_if_ready()

    def cancelled(self, reason: str) -> None:
        for session in list(self.sessions.values()):
            session.send(m.say(m.PLAYER_LEFT, "The table was cancelled"))
            session.close()

    def start(self) -> None:
        members = [self.sessions[seat] if isinstance(entrant, OpenSeat) else entrant
                   for seat, entrant in enumerate(self.entrants)]
        self.service._start(members, seed=self.table.seed, table=self.table)


class ResumedRoom:
    """A game resumed after a restart whose players may log in again: the nickname the seat was
    played under (a table's seat held for a name: with its ticket) takes it back, told the game
    as its seat sees it."""

    def __init__(self, service: RenaissanceService, match: Match, room: Room) -> None:
        self.service = service
        self.match = match
        self.room = room
        match.add_listener(_Forget(service.resumed))

    def awaited(self) -> dict[int, AwaitedSeat]:
        state = self.match.state
        return {seat: agent for seat, agent in enumerate(self.match.agents)
                if isinstance(agent, AwaitedSeat) and not agent.back and agent.comeback() is not None
                and not state.is_over and state.players[seat].out is None}

    def seat_for(self, session: RenaissanceSession) -> int | None:
        for seat, awaited in self.awaited().items():
            rejoin = awaited.comeback() or {}
            if str(rejoin.get("name", "")).lower() != session.nickname.lower():
                continue
            if rejoin.get("join") == "nickname" or digest_matches(session.ticket, rejoin.get("ticket")):
                return seat
        return None

    def ticket_held(self, ticket: str) -> bool:
        return any(digest_matches(ticket, (agent.comeback() or {}).get("ticket")) for agent in self.awaited().values())

    def rejoin(self, seat: int, session: RenaissanceSession) -> None:
        match = self.match
        awaited = match.agents[seat]
        assert isinstance(awaited, AwaitedSeat)
        awaited.came_back()
        names = [match.record.holder(s).name for s in range(len(match.record.seats))]
        agent = session.rejoin_match(seat, names, match.state, awaited.comeback())
        self.room.sessions.append(session)
        self.service.rooms[session] = self.room
        match.hand_over(seat, agent, name=names[seat], policy=timeout_policy(self.service.decision_timeout or None))


class _Forget(MatchListener):
    """Drops a resumed game from the service's list when it ends."""

    follows_steps = False

    def __init__(self, resumed: dict[str, ResumedRoom]) -> None:
        self.resumed = resumed

    def on_end(self, match: Match, record: Any) -> None:
        self.resumed.pop(match.id, None)


def service_spec(spec_getter: Callable[[], "GameSpec"]) -> ServiceSpec:
    """The ServiceSpec for `tablehall serve` (the GameSpec is looked up when the server starts)."""
    return ServiceSpec("renaissance", DEFAULT_PORT, lambda host: RenaissanceService(host, spec_getter()),
                       "Masters of Renaissance, numeric message codes over text lines", SETTINGS)

"""The JSettlers listener of ``tablehall serve`` (port 8880): sessions, the lobby, games, pings.

`JSettlersService` owns one `PregameLobby` and starts a `GamePlay` (a kernel match, stored like
every tablehall game) for each game whose seats are filled.  `JSettlersSession` is one TCP
connection: bytes in through the frame decoder to its `ServerConnection`, messages out as frames.
The service pings every robot well inside its 300 s read timeout, and can start robots-only games
by itself (``robot_games``) so robot authors can run robot-vs-robot matches.

Configuration, section ``[jsettlers]`` (all optional)::

    version = 2700            # or 2610: robots refuse a server of another version
    robot_cookie = "secret"   # robots must present it (JSettlers' -Djsettlers.cookie / 5th arg);
                              # unset: a random cookie made at start and logged once
    bot = "strong"            # tablehall bot for seats no robot takes; "" = connected robots only
    robot_turn_timeout = 30   # seconds a robot's turn may go without a step before it is ended
                              # for it (the Java server's robot watchdog); 0 = never
    robot_timeout = 180       # seconds a robot may think before a tablehall bot replaces it; 0 = never
    human_timeout = 0         # the same for human players (0 = never)
    bot_pause = 0.5           # seconds a tablehall bot waits before each action in games where
                              # robots or people play (JSettlers robots need it); 0 = never
    ping_interval = 90        # seconds between pings to robots
    debug_commands = false    # "Debugging is On"; debug users may use *STARTBOTGAME* N
    debug_users = ["debug"]
    allow_bot_games = false   # *STARTBOTGAME* allowed (default: as debug_commands)
    robot_games = 0           # robots-only games tablehall starts itself when robots are idle
    robot_game_robots = 4     # connected robots per such game (the other seats: tablehall bots)
    robot_game_seats = 4      # seats of such games (5 or 6: the 5-6 player rules)
    robot_game_options = ""   # more JSettlers options of such games, e.g. "SBL=t" or "SC=SC_FOG"
    seed = 7                  # fixed seed for every game (tests); default random
    rejoin_grace = 120        # seconds a game resumed after a restart waits for a client to sit
                              # down again at its seat; then a tablehall bot plays it; 0 = forever
    [jsettlers.accounts]      # nicknames that need a password (seeds the server's accounts: docs/accounts.md)
    alice = "pw"
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import secrets
import shlex
import time
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from tablehall.core.hosting import (Entrant, Host, OpenSeat, Service, Session, Table, TableError, TableSeat,
                                    Transport, describe_entrants, new_table_id)
from tablehall.core.match import Match
from tablehall.core.resume import Rebuilt
from tablehall.core.seats import seat_kind

from .. import JSETTLERS_SETTINGS, SPEC
from .connection import SERVER_VERSIONS, ServerConfig, ServerConnection
from .constants import State
from .engine_rules import PROTOCOL_MAX_PLAYERS
from .lobby import GameRoom, PregameLobby
from .lobby_messages import RejectConnection
from .message import Message, is_single_line_and_safe
from .options import adjust_options, parse_options
from .play import ROBOT_AGENT, GamePlay, PlaySettings
from .seeding import engine_options

log = logging.getLogger("tablehall.jsettlers")


class ConfigError(ValueError):
    """A ``[jsettlers]`` setting tablehall cannot use."""


@dataclass(frozen=True)
class JSettlersSettings:
    server: ServerConfig
    play: PlaySettings
    ping_interval: float = 90.0
    robot_games: int = 0
    robot_game_robots: int = 4
    seed: int | None = None
    robot_game_seats: int = 4
    rejoin_grace: float | None = 120.0
    robot_game_options: str = ""  # added to PL (a sea board, a scenario, ...)
    robot_turn_timeout: float | None = 30.0  # a robot's turn without a step is ended for it; None: never


def _seconds(section: Mapping[str, Any], key: str, default: float | None) -> float | None:
    value = section.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
        raise ConfigError(f"[jsettlers] {key} must be a number of seconds >= 0, not {value!r}")
    return None if value == 0 else float(value)


def _flag(section: Mapping[str, Any], key: str, default: bool) -> bool:
    value = section.get(key, default)
    if not isinstance(value, bool):
        raise ConfigError(f"[jsettlers] {key} must be true or false, not {value!r}")
    return value


def settings_from(section: Mapping[str, Any]) -> JSettlersSettings:
    """Settings from a ``[jsettlers]`` config section; `ConfigError` names a bad key."""
    known = set(JSETTLERS_SETTINGS)  # every key is documented there, for `serve --help`
    unknown = sorted(set(section) - known)
    if unknown:
        raise ConfigError(f"[jsettlers] unknown setting {unknown[0]!r} (known: {', '.join(sorted(known))})")
    version = section.get("version", 2700)
    if version not in SERVER_VERSIONS:
        raise ConfigError(f"[jsettlers] version must be one of {sorted(SERVER_VERSIONS)}, not {version!r}")
    bot = section.get("bot", "strong") or None
    if bot is not None and bot not in SPEC.bots and seat_kind(bot) is None:
        raise ConfigError(f"[jsettlers] bot must be one of {sorted(SPEC.bots)}, a policy:... seat or \"\", "
                          f"not {bot!r}")
    cookie = section.get("robot_cookie")
    accounts = section.get("accounts", {})
    users = section.get("debug_users", ["debug"])
    if not isinstance(accounts, Mapping) or not all(isinstance(v, str) for v in accounts.values()):
        raise ConfigError("[jsettlers] accounts must be a table of nickname = password")
    if not isinstance(users, (list, tuple)) or not all(isinstance(u, str) for u in users):
        raise ConfigError("[jsettlers] debug_users must be a list of nicknames")
    debug = _flag(section, "debug_commands", False)
    if cookie is not None and (not isinstance(cookie, str) or not cookie):
        raise ConfigError(f"[jsettlers] robot_cookie must be a non-empty string, not {cookie!r}")
    server = ServerConfig(version=version, debug_commands=debug,
                          debug_users=frozenset(users), allow_bot_games=_flag(section, "allow_bot_games", debug),
                          accounts=dict(accounts))
    if cookie is not None:
        server = dataclasses.replace(server, robot_cookie=cookie)
    play = PlaySettings(bot=bot, robot_timeout=_seconds(section, "robot_timeout", 180.0),
                        human_timeout=_seconds(section, "human_timeout", None),
                        bot_pause=_seconds(section, "bot_pause", 0.5) or 0.0)
    counts = {}
    for key, default in (("robot_games", 0), ("robot_game_robots", 4), ("robot_game_seats", 4)):
        value = section.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ConfigError(f"[jsettlers] {key} must be a whole number >= 0, not {value!r}")
        counts[key] = value
    seed = section.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ConfigError(f"[jsettlers] seed must be a whole number, not {seed!r}")
    if not 2 <= counts["robot_game_seats"] <= max(SPEC.seat_counts):
        raise ConfigError(f"[jsettlers] robot_game_seats must be 2..{max(SPEC.seat_counts)}, "
                          f"not {counts['robot_game_seats']}")
    extra = section.get("robot_game_options", "")
    try:
        if not isinstance(extra, str) or "PL=" in extra:
            raise ValueError("a string of JSettlers options other than PL")
        adjust_options(parse_options(extra), server.offer)
    except ValueError as error:
        raise ConfigError(f"[jsettlers] robot_game_options: {error}") from None
    return JSettlersSettings(server, play, _seconds(section, "ping_interval", 90.0) or 90.0,
                             counts["robot_games"], counts["robot_game_robots"], seed, counts["robot_game_seats"],
                             rejoin_grace=_seconds(section, "rejoin_grace", 120.0), robot_game_options=extra,
                             robot_turn_timeout=_seconds(section, "robot_turn_timeout", 30.0))


class JSettlersService(Service):
    """The JSettlers protocol for one `tablehall serve`."""

    def __init__(self, host: Host, settings: JSettlersSettings | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        self.host = host
        self.settings = settings or settings_from(host.config)
        # [jsettlers.accounts] seeds the server's accounts, which check those nicknames from then on
        config_accounts = self.settings.server.accounts
        kept = {name: password for name, password in config_accounts.items()
                if not host.identities.seed(name, password)}
        self.settings = dataclasses.replace(self.settings, server=dataclasses.replace(
            self.settings.server, identities=host.identities, accounts=kept))
        self.play_settings = dataclasses.replace(self.settings.play, bots_threaded=host.bots_threaded)
        self.lobby = PregameLobby(self.settings.server, clock=clock, on_start=self._start_game,
                                  on_game_action=self._game_action, fill_bot=self.settings.play.bot,
                                  on_seat_left=self._seat_left, on_idle_robot=self._robots_idle,
                                  game_picture=lambda room: room.play.join_picture(),
                                  on_take_over=lambda room, conn, pn: room.play.take_over(pn, conn),
                                  on_rejoin=lambda room, conn, pn: room.play.rejoin(pn, conn))
        self.sessions: set[JSettlersSession] = set()
        if "robot_cookie" not in host.config:
            # the operator must be able to hand it to robots: say it once, where they look
            host.log.info("robot cookie %s (robots need it; set [jsettlers] robot_cookie to choose one)",
                          self.settings.server.robot_cookie, extra={"robot_cookie": self.settings.server.robot_cookie})
        self.robot_games_left = self.settings.robot_games
        self._robot_game_number = 0
        self._pinger: asyncio.Task | None = None
        self._idle_check_scheduled = False
        self.resumed: list[GamePlay] = []  # games played on after a restart, until they end
        self._turn_watch: dict[GamePlay, asyncio.TimerHandle] = {}  # `_watch_turn`
        self._last_step: dict[GamePlay, float] = {}  # loop time of each game's last step

    def open_session(self, transport: Transport) -> "JSettlersSession":
        self._start_pinger()
        return JSettlersSession(self, transport)

    def refusal(self, reason: str) -> bytes:
        return RejectConnection(reason).frame

    async def shutdown(self) -> None:
        if self._pinger is not None:
            self._pinger.cancel()

    # -- games ------------------------------------------------------------------------------------
    def new_play(self, room: GameRoom) -> GamePlay:
        """The game of a room whose seats are filled: the engine with the room's options, the
        first player drawn at random (as JSettlers does); a table's own seed and options."""
        table = room.table
        if table is not None:
            return GamePlay(room, self.play_settings, table.seed, table.options, match_id=table.id)
        seed = self.settings.seed if self.settings.seed is not None else secrets.randbits(63)
        options = {**engine_options(room.packed_options), "first_player": -1}
        return GamePlay(room, self.play_settings, seed, options)

    def _start_game(self, room: GameRoom) -> None:
        play = self.new_play(room)
        play.on_finished = self._game_finished
        play.on_progress = self._watch_turn
        room.play = play
        room.state = State.START1A
        log.info("game %s starts: %s", room.name, ", ".join(n or "-" for n in room.seats))
        if room.table is not None:
            self.host.start_table(room.table, play.match)
        else:
            self.host.start_match(play.match)

    # -- tables (the web hall, the arena) -----------------------------------------------------------
    def open_table(self, entrants: Sequence[Entrant], *, seed: int | None = None,
                   options: Mapping[str, Any] | None = None) -> Table:
        """A game in the JSettlers lobby with these seats (player numbers in order): held seats
        are offered to connected robots (the one of that name, if named) and to people who join
        the game and sit down; it starts when every seat is taken."""
        counts = [n for n in SPEC.seat_counts if n <= PROTOCOL_MAX_PLAYERS]
        if len(entrants) not in counts:
            raise TableError(f"catan over JSettlers is played by {counts} players, not {len(entrants)}")
        seats = describe_entrants(entrants, self.host.bot_names(SPEC))
        for seat in seats:
            if seat.kind != "bot" and not is_single_line_and_safe(seat.name):
                raise TableError(f"no JSettlers client can be named {seat.name!r}")
        engine = SPEC.normalize_options({"first_player": -1, **dict(options or {})})
        table = Table(new_table_id(), SPEC.name, "jsettlers", seats,
                      secrets.randbits(63) if seed is None else seed, engine)
        game = f"tablehall {table.id}"
        for seat in seats:
            if seat.kind == "open":
                seat.ticket = game
        jsettlers_options = [f"PL={len(entrants)}"]
        if engine["vp_to_win"] != 10:
            jsettlers_options.append(f"VP=t{engine['vp_to_win']}")
        if not engine["domestic_trades"]:
            jsettlers_options.append("NT=t")
        self.host.hold_table(table)
        named = self.host.bots.get(SPEC.name, {})  # operator-named bots play as their seat texts
        entrants = [named.get(e, e) if isinstance(e, str) else e for e in entrants]
        room = self.lobby.create_table(game, ",".join(jsettlers_options), entrants, table)
        table.on_cancel = lambda reason: self._cancel_table(room, reason)
        return table

    def _cancel_table(self, room: GameRoom, reason: str) -> None:
        self.host.drop_table(room.table)
        self.lobby.delete_game(room, reason)

    def connect_command(self, host: str, port: int, seat: TableSeat | None = None) -> str:
        # the example robot (JSettlers' own: java -cp JSettlers.jar soc.robot.SOCRobotClient HOST
        # PORT NAME x COOKIE); the robot cookie is the operator's to hand out, never shown here
        name = (seat.held_for if seat is not None else None) or "robot1"
        return shlex.join(["python3", "examples/catan/simple_robot.py", host, str(port), name, "--cookie", "COOKIE"])

    def _game_action(self, room: GameRoom, conn: ServerConnection, message: Message) -> None:
        if room.play is not None:
            room.play.receive(conn, message)

    def _seat_left(self, room: GameRoom, pn: int) -> None:
        if room.play is not None:
            room.play.seat_left(pn)

    # -- the robot watchdog -------------------------------------------------------------------------
    def _watch_turn(self, play: GamePlay) -> None:
        """A step of `play` was told.  If no step follows within `robot_turn_timeout` while a
        JSettlers robot is to move, its turn is ended for it, as the Java server's robot watchdog
        does (`GamePlay.force_end_turn`).  One timer a game, set again only when it fires early
        (steps are many, stalls rare)."""
        timeout = self.settings.robot_turn_timeout
        if timeout is None or play.finished:
            return
        loop = asyncio.get_running_loop()
        self._last_step[play] = loop.time()
        if play not in self._turn_watch:
            self._turn_watch[play] = loop.call_later(timeout, self._turn_stalled, play, timeout)

    def _turn_stalled(self, play: GamePlay, timeout: float) -> None:
        del self._turn_watch[play]
        if play.finished:
            return
        loop = asyncio.get_running_loop()
        idle = loop.time() - self._last_step[play]
        if idle < timeout:  # a step came since it was set
            self._turn_watch[play] = loop.call_later(timeout - idle, self._turn_stalled, play, timeout)
            return
        pn = play.stalled_robot()
        if pn is not None:
            play.force_end_turn(pn)

    def _game_finished(self, play: GamePlay) -> None:
        handle = self._turn_watch.pop(play, None)
        if handle is not None:
            handle.cancel()
        self._last_step.pop(play, None)
        if play in self.resumed:
            self.resumed.remove(play)
        room = play.room
        if play.match.state.is_over:
            room.finished_at = int(self.lobby.clock())  # the game's timing says when (`GameRoom.timing`)
        if not room.humans():
            self.lobby.delete_game(room, "game over")  # robots leave a game deleted at its end
        self._robots_idle()

    def start_robot_game(self, robots: int = 4, seats: int = 4, name: str | None = None) -> GameRoom | None:
        """A robots-only game started by tablehall: up to `robots` idle connected robots, the
        other `seats` played by tablehall bots.  None when the game cannot be formed."""
        self._robot_game_number += 1
        game = name or f"tablehall robots {self._robot_game_number}"
        options = ",".join(filter(None, (f"PL={max(seats, 4)}", self.settings.robot_game_options)))
        return self.lobby.create_bot_game(game, options, seats=seats, robots=robots)

    def _robots_idle(self) -> None:
        """Robots became free (logged in, game over): invite them to tables' held seats, maybe
        start a configured robots-only game.  Checked on the next loop turn, after the current
        message sequence is out."""
        if (self.robot_games_left <= 0 and not self.host.tables and not self.resumed) or self._idle_check_scheduled:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._idle_check_scheduled = True
        loop.call_soon(self._start_robot_games)

    def _start_robot_games(self) -> None:
        self._idle_check_scheduled = False
        self.lobby.invite_to_tables()
        self._invite_to_resumed()
        wanted = self.settings.robot_game_robots
        while self.robot_games_left > 0 and wanted and len(self.lobby.idle_robots()) >= wanted:
            if self.start_robot_game(robots=wanted, seats=max(wanted, self.settings.robot_game_seats)) is None:
                return
            self.robot_games_left -= 1

    # -- after a restart ----------------------------------------------------------------------------------
    resumes = True

    def resume(self, rebuilt: Rebuilt, game_id: str) -> Match:
        """Play on a journaled game: back in the game list under its name and options, its
        tablehall bots at once; people log in again, join it and sit down at the seat held
        under their nickname; robots' seats are offered to the connected robots; a seat nobody
        takes within `rejoin_grace` is played by a tablehall bot, as for a client that left."""
        record, comebacks = rebuilt.record, rebuilt.comebacks
        note = next((c for c in comebacks if c is not None and "game" in c), {})
        name = str(note.get("game") or f"tablehall {game_id}")
        pns = [int((c or {}).get("pn", seat)) for seat, c in enumerate(comebacks)]
        seats = {pn: (record.holder(seat).name,
                      seat in rebuilt.bots or (comebacks[seat] or {}).get("join") == "robot"
                      or record.holder(seat).agent == ROBOT_AGENT)
                 for seat, pn in enumerate(pns)}
        bots = {pn: str((comebacks[seat] or {})["bot"]) for seat, pn in enumerate(pns) if seat in rebuilt.bots}
        room = self.lobby.restore_game(name, str(note.get("options") or f"PL={len(pns)}"), seats, bots,
                                       rebuilt.state.jsettlers_state)
        play = GamePlay(room, self.play_settings, record.seed, record.options, match_id=game_id,
                        resumed=rebuilt, rejoin_grace=self.settings.rejoin_grace)
        play.on_finished = self._game_finished
        play.on_progress = self._watch_turn
        play.on_all_gone = self._people_gone
        room.play = play
        self.resumed.append(play)
        log.info("game %s resumed: %s", name, ", ".join(n or "-" for n in room.seats))
        self._robots_idle()
        return play.match

    def _invite_to_resumed(self) -> None:
        """Idle robots are invited to the robots' seats of resumed games that wait for one."""
        for play in self.resumed:
            invited = set(play.room.invitations.values())
            for pn in play.awaited_robot_seats():
                idle = self.lobby.idle_robots()
                if pn not in invited and idle:
                    self.lobby.invite_robot(play.room, pn, idle[0])

    def _people_gone(self, play: GamePlay) -> None:
        """No person came back to a resumed game in time: it goes, as a game its last person left."""
        room = play.room
        if not room.humans() and room.table is None:
            asyncio.get_running_loop().call_soon(self.lobby.delete_game, room, "the last player left")

    # -- keep-alive ---------------------------------------------------------------------------------
    def _start_pinger(self) -> None:
        if self._pinger is not None:
            return
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return  # driven without an event loop (tests): nothing to keep alive
        self._pinger = self.host.spawn(self._ping_robots())

    async def _ping_robots(self) -> None:
        """`ServerPing` to every robot: robots drop a server silent for 300 s."""
        while True:
            await asyncio.sleep(self.settings.ping_interval)
            for session in list(self.sessions):
                session.ping()


class JSettlersSession(Session):
    """One client connection: the transport's bytes to its `ServerConnection`, whose one output
    is the transport (a closing transport drops what is written to it)."""

    def __init__(self, service: JSettlersService, transport: Transport) -> None:
        self.service = service
        self.transport = transport
        self.closed = False
        self.conn = ServerConnection(service.settings.server, service.lobby, transport.write, peer=transport.peer,
                                     defer=self._in_thread)
        service.sessions.add(self)
        self.conn.start()

    def _in_thread(self, work: Callable[[], object], then: Callable[[object], None]) -> None:
        """The connection's slow work (an account's Argon2 check) in a worker thread, its
        outcome handed back on the event loop."""
        def done(future: asyncio.Future) -> None:
            if self.closed:
                return
            if future.exception() is not None:
                log.error("account check for %s failed: %s", self.transport.peer, future.exception())
                self._close()
                return
            then(future.result())
            if self.conn.closing:
                self._close()

        asyncio.get_running_loop().run_in_executor(None, work).add_done_callback(done)

    def data_received(self, data: bytes) -> None:
        if self.closed:
            return
        self.conn.receive_data(data)
        if self.conn.closing:
            self._close()

    def ping(self) -> None:
        if self.conn.is_robot and not self.closed:
            self.conn.ping()

    def _close(self) -> None:
        if self.closed:
            return
        self.conn.connection_lost()
        self.closed = True
        self.service.sessions.discard(self)
        self.transport.close()

    def connection_lost(self) -> None:
        if not self.closed:
            self.closed = True
            self.service.sessions.discard(self)
            self.conn.connection_lost()

    @property
    def logged_in(self) -> bool:
        """Past its version message: JSettlers' own clients sit in the lobby, listing games,
        before they log in."""
        return self.conn.client_version is not None

"""Replays a recorded JSettlers game against tablehall's JSettlers service.

`RecordedGame` seats the service's engine with the recording's chance (board, first player,
dice, cards, steals), connects one in-memory session per client of the recording (its robots
and the human who created the game), and feeds every client message of the log, in log order,
as frames.  Only what the recording leaves open is supplied: the clock reads the log's
``created_at`` (it appears in `GameStats`), and robots get the seats the recording shows (the
Java server picks robots at random).  What each session received is decoded frame by frame.
"""

from __future__ import annotations

import asyncio
from typing import Callable, Iterator

from tablehall.core.hosting import Host, MemoryTransport
from tablehall.games.catan.jsettlers import (
    BoardLayout,
    GameTextMsg,
    ImARobot,
    JoinGame,
    JoinGameAuth,
    LeaveGame,
    NewGameWithOptions,
    NewGameWithOptionsRequest,
    SitDown,
    Version,
    encode_frame,
)
from tablehall.games.catan.jsettlers.connection import BUILTIN_ROBOT_BRAIN, ServerConfig
from tablehall.games.catan.jsettlers.framing import FrameDecoder
from tablehall.games.catan.jsettlers.play import GamePlay, PlaySettings
from tablehall.games.catan.jsettlers.seeding import name_vp_cards, seeding_from_soclog
from tablehall.games.catan.jsettlers.service import JSettlersService, JSettlersSession, JSettlersSettings
from tablehall.games.catan.jsettlers.soclog import ALL, OBSERVER, Soclog

COOKIE = "testcookie"
ROBOT_VERSION = Version(2700, "2.7.00", "JM20260517", ";6pl;sb;sc=2700;")
HUMAN_VERSION = Version(2700, "2.7.00", "JM20260517", ";6pl;sb;sc=2700;", "en_US")
SETTINGS = JSettlersSettings(
    # the recorded Java server's robots include "droid N": tablehall's own bots get another name
    ServerConfig(version=2700, robot_cookie=COOKIE, debug_commands=True, allow_bot_games=True,
                 own_bot_prefix="tablehall bot", game_log=True),
    PlaySettings(bot="random", robot_timeout=None, bots_threaded=False, bot_pause=0),
)


async def settle(rounds: int = 40) -> None:
    """Let the match loop take up everything fed so far (no I/O here: a few loop turns do)."""
    for _ in range(rounds):
        await asyncio.sleep(0)


class SeededService(JSettlersService):
    """The service with the recording's chance instead of fresh randomness."""

    def __init__(self, host: Host, log: Soclog, seats: dict[int, str]) -> None:
        super().__init__(host, SETTINGS, clock=lambda: log.created_at)
        self.seeding = seeding_from_soclog(log)
        by_seat = [seats[pn] for pn in sorted(seats)]
        self.lobby.choose_robots = lambda room, available, count: [
            next(c for c in available if c.nickname == name) for name in by_seat][:count]

    def new_play(self, room) -> GamePlay:
        play = GamePlay(room, self.play_settings, 0, self.seeding.options)
        name_vp_cards(play.match.state, self.seeding.vp_cards)
        return play


class Client:
    def __init__(self, service: JSettlersService, name: str) -> None:
        self.name = name
        self.transport = MemoryTransport(f"127.0.0.1:{abs(hash(name)) % 60000}")
        self.session = JSettlersSession(service, self.transport)
        self.sent: list[str] = []

    def send(self, wire: str) -> None:
        self.sent.append(wire)
        self.session.data_received(encode_frame(wire))

    def received(self) -> list[str]:
        decoder = FrameDecoder()
        decoder.feed(self.transport.buffer)
        return list(decoder)


class RecordedGame:
    """A recording played again through the service.  `robot_frames` may supply a robot's own
    client frames (a TCP transcript) in place of the log's messages for it."""

    def __init__(self, log: Soclog, robot_frames: dict[str, Iterator[str]] | None = None) -> None:
        self.log = log
        self.entries = [e for e in log.entries if e.audience is not None]
        self.start_index = start = next(i for i, e in enumerate(self.entries)
                                        if isinstance(e.message, BoardLayout) and e.audience == ALL)
        before = self.entries[:start]
        joins = [e.message.nickname for e in before if isinstance(e.message, JoinGame)]
        self.creator, self.robot_names = joins[0], joins[1:]
        self.seats = {e.message.pn: e.message.nickname for e in before
                      if isinstance(e.message, SitDown) and e.audience == ALL}
        self.robot_frames = robot_frames or {}
        self.fed: dict[str, list[str]] = {}

    async def play(self, after: Callable[["RecordedGame"], None] | None = None) -> None:
        host = Host(store=None, bots_threaded=False)
        self.service = service = SeededService(host, self.log, self.seats)
        self.clients = {name: Client(service, name) for name in self.robot_names}
        for name, robot in self.clients.items():
            self._send(name, ROBOT_VERSION.to_cmd())
            self._send(name, ImARobot(name, COOKIE, BUILTIN_ROBOT_BRAIN).to_cmd())
        self.clients[self.creator] = Client(service, self.creator)
        self._send(self.creator, HUMAN_VERSION.to_cmd())
        game = self.log.game_name
        seated: dict[int, str] = {}
        for index, entry in enumerate(self.entries):
            message, audience = entry.message, entry.audience
            if isinstance(message, NewGameWithOptions):
                request = NewGameWithOptionsRequest(self.creator, "", "\t", game, message.options)
                self._send(self.creator, request.to_cmd())
            elif isinstance(message, JoinGameAuth) and audience == OBSERVER:
                joiner = next(e.message.nickname for e in self.entries[index:] if isinstance(e.message, JoinGame))
                if joiner != self.creator:
                    self._send(joiner, JoinGame(joiner, "", "\t", game).to_cmd())
            elif isinstance(message, SitDown) and audience.from_client:
                robot = next(e.message.nickname for e in self.entries[index:]
                             if isinstance(e.message, SitDown) and e.audience == ALL)
                seated[message.pn] = robot
                self._send(robot, message.to_cmd())
            elif audience.from_client and message is not None:
                sender = self.creator if isinstance(message, GameTextMsg) else seated[audience.pn]
                self._send(sender, message.to_cmd())
            else:
                continue
            await settle()
        self.room_record = self.room.play.match.record
        if after is not None:
            after(self)
        self._send(self.creator, LeaveGame(self.creator, "-", game).to_cmd())
        await settle()

    def _send(self, name: str, wire: str) -> None:
        frames = self.robot_frames.get(name)
        if frames is not None:
            recorded = next(frames)
            assert recorded == wire, f"{name}: the transcript sends {recorded!r} where the log has {wire!r}"
        self.fed.setdefault(name, []).append(wire)
        self.clients[name].send(wire)

    @property
    def room(self):
        return self.service.lobby.games.get(self.log.game_name)

"""Conformance up to the start of a game, against JSettlers' own recordings.

1. The robot transcript: every frame the external robot "extbot" sent before the game started
   is fed, as bytes, to a `ServerConnection`; the frames it writes must be the Java server's
   frames byte for byte (handshake, robot login, new-game announcement, join request, the join
   sequence, the other robots sitting down).
2. The recorded game logs (A and B): the client messages in the log before the start, sent as
   frames, drive a `PregameLobby` with one connection per client; everything the lobby sends to the game's
   members, with its audience, must equal the log's entries up to the start.

Only what the recording itself leaves open is supplied by the test, and nothing is tolerated:
the clock reads the log's ``created_at`` (it appears in `GameStats`), and the robots are given
the seats the recording shows (the Java server picks robots at random).  The next server
message in both recordings is the real board layout, the engine's part.
"""

from __future__ import annotations

import pytest

from tablehall.games.catan.jsettlers import (
    BoardLayout,
    ChangeFace,
    GameTextMsg,
    ImARobot,
    JoinGame,
    JoinGameAuth,
    NewGameWithOptions,
    NewGameWithOptionsRequest,
    SitDown,
    Version,
    encode_frame,
)
from tablehall.games.catan.jsettlers.connection import BUILTIN_ROBOT_BRAIN, ServerConfig, ServerConnection
from tablehall.games.catan.jsettlers.lobby import GameRoom, PregameLobby
from tablehall.games.catan.jsettlers.soclog import ALL, OBSERVER, read_soclog

from .conftest import read_jsonl, reference_path
from .wire import client_sends, open_connection

# the recorded Java server has robots named "droid N": tablehall's own bots get another name
CONFIG = ServerConfig(version=2700, robot_cookie="testcookie", debug_commands=True, allow_bot_games=True,
                      own_bot_prefix="tablehall bot", game_log=True)
ROBOT_VERSION = Version(2700, "2.7.00", "JM20260517", ";6pl;sb;sc=2700;")


class Server:
    """A lobby with named connections, driven message by message."""

    def __init__(self, created_at: int, seats: dict[int, str]) -> None:
        self.started: list[GameRoom] = []
        self.lobby = PregameLobby(CONFIG, clock=lambda: created_at, on_start=self.started.append,
                                  choose_robots=self._choose)  # fmt: skip
        self.seats = seats
        self.conns: dict[str, ServerConnection] = {}

    def _choose(self, room, available, count):
        by_name = {c.nickname: c for c in available}
        return [by_name[self.seats[pn]] for pn in sorted(self.seats)][:count]

    def robot(self, name: str) -> ServerConnection:
        conn = open_connection(CONFIG, self.lobby)
        conn.start()
        client_sends(conn, ROBOT_VERSION, ImARobot(name, "testcookie", BUILTIN_ROBOT_BRAIN))
        self.conns[name] = conn
        return conn

    def human(self, name: str) -> ServerConnection:
        conn = open_connection(CONFIG, self.lobby)
        conn.start()
        client_sends(conn, Version(2700, "2.7.00", "JM20260517", ";6pl;sb;sc=2700;", "en_US"))
        self.conns[name] = conn
        return conn


def test_robot_transcript_until_the_game_starts():
    frames = read_jsonl("robot-tcp-transcript-classic4p-B.jsonl")
    sent = [f["wire"] for f in frames if f["dir"] == "c2s"]
    expected = [f["wire"] for f in frames if f["dir"] == "s2c"]
    empty_board = "1014|classic4b,6,6,6"
    start = next(i for i, w in enumerate(expected) if w.startswith("1014|") and not w.startswith(empty_board))
    server = Server(1795311592, {0: "extbot", 1: "robot 2", 2: "robot 1", 3: "robot 3"})
    for name in ("robot 1", "robot 2", "robot 3"):
        server.robot(name)

    received = bytearray()
    extbot = ServerConnection(CONFIG, server.lobby, received.extend)  # what it writes is what extbot receives

    def robot_sends(wire: str) -> None:
        extbot.receive_data(encode_frame(wire))

    def others(conn: ServerConnection, message) -> None:
        client_sends(conn, message)

    extbot.start()
    robot_sends(sent[0])  # 9998 version
    robot_sends(sent[1])  # 1022 I'm a robot, with the cookie
    debug = server.human("debug")
    others(debug, NewGameWithOptionsRequest("debug", "", "\t", "classic4b", "PL=4"))
    others(debug, GameTextMsg("classic4b", "debug", "*STARTBOTGAME* 4"))
    for name in ("robot 1", "robot 3", "robot 2"):  # the join order the recording shows
        others(server.conns[name], JoinGame(name, "", "\t", "classic4b"))
    robot_sends(sent[2])  # 1013 join
    others(server.conns["robot 1"], SitDown("classic4b", "\t", 2, True))
    others(server.conns["robot 2"], SitDown("classic4b", "\t", 1, True))
    robot_sends(sent[3])  # 1012 sit down at seat 0
    others(server.conns["robot 1"], ChangeFace("classic4b", 2, -1))
    assert not server.started
    others(server.conns["robot 3"], SitDown("classic4b", "\t", 3, True))

    assert bytes(received) == b"".join(encode_frame(w) for w in expected[:start])
    assert [room.name for room in server.started] == ["classic4b"]  # the engine takes over here
    # the robot's face change, queued behind the last sit-down at the Java server, is echoed
    assert sent[4] == "1058|classic4b,0,0"
    robot_sends(sent[4])
    assert bytes(received).endswith(encode_frame("1058|classic4b,0,0"))


@pytest.mark.parametrize("name", ["recorded-classic4p-robots-A.soclog", "recorded-classic4p-robots-B.soclog"])
def test_recorded_game_log_until_the_game_starts(name):
    log = read_soclog(reference_path(name).read_text(encoding="utf-8"))
    entries = [e for e in log.entries if e.audience is not None]
    start = next(i for i, e in enumerate(entries) if isinstance(e.message, BoardLayout) and e.audience == ALL)
    before_start = entries[:start]
    joins = [e.message.nickname for e in before_start if isinstance(e.message, JoinGame)]
    creator, robots = joins[0], joins[1:]
    seats = {e.message.pn: e.message.nickname for e in before_start
             if isinstance(e.message, SitDown) and e.audience == ALL}  # fmt: skip
    server = Server(log.created_at, seats)
    for robot in robots:
        server.robot(robot)
    server.human(creator)

    seated: dict[int, str] = {}
    for index, entry in enumerate(before_start):
        message = entry.message
        if isinstance(message, NewGameWithOptions):
            client_sends(server.conns[creator], NewGameWithOptionsRequest(creator, "", "\t", log.game_name, message.options))
        elif isinstance(message, JoinGameAuth) and entry.audience == OBSERVER:
            joiner = next(e.message.nickname for e in before_start[index:] if isinstance(e.message, JoinGame))
            if joiner != creator:
                client_sends(server.conns[joiner], JoinGame(joiner, "", "\t", log.game_name))
        elif isinstance(message, SitDown) and entry.audience.from_client:
            robot = next(e.message.nickname for e in before_start[index:] if isinstance(e.message, SitDown)
                         and e.audience == ALL)  # fmt: skip
            seated[message.pn] = robot
            client_sends(server.conns[robot], message)
        elif entry.audience.from_client:
            sender = creator if isinstance(message, GameTextMsg) else seated[entry.audience.pn]
            client_sends(server.conns[sender], message)

    room = server.lobby.games[log.game_name]
    assert [e.render() for e in room.log] == [e.render() for e in before_start]
    assert server.started == [room]

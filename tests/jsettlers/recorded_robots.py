"""Replays a robots-only game the JSettlers server recorded (the sea and scenario recordings)
against tablehall's JSettlers service.

As `recorded.RecordedGame` does for the classic recordings, the service's engine gets the
recording's chance (`seeding`), one in-memory session per recorded robot logs in, and every
client message of the log is fed as a frame in log order.  These games have no human creator:
the server made them itself, as tablehall does with `create_bot_game` (its robot invitations
included), with the options the recording's robots were asked to play (``PL``, ``PLB`` and
``SC``; the scenario's options follow from ``SC``).

Where the log shows the server passing a robot's turn on without the robot's request (its robot
watchdog: a `Turn` among what the server sent after a client message, beyond what tablehall's
server answered to it), the turn is ended as tablehall's watchdog ends it
(`GamePlay.force_end_turn`), at the same point of the game.
"""

from __future__ import annotations

from tablehall.core.hosting import Host
from tablehall.games.catan.jsettlers import ImARobot, JoinGame, JoinGameAuth, SitDown
from tablehall.games.catan.jsettlers.connection import BUILTIN_ROBOT_BRAIN
from tablehall.games.catan.jsettlers.game_messages import BoardLayout2, Turn
from tablehall.games.catan.jsettlers.soclog import ALL, OBSERVER, Soclog

from .recorded import COOKIE, ROBOT_VERSION, Client, SeededService, settle

ASKED = ("PL", "PLB", "SC")  # what the recording's server was asked for a scenario game


def asked_options(packed: str) -> str:
    items = packed.split(",")
    if not any(item.startswith("SC=") for item in items):
        return packed  # the plain sea board: the options as announced
    return ",".join(item for item in items if item.split("=")[0] in ASKED)


def game_start(entries: list) -> int:
    """Where the game starts in a game's log: the real board (`SOCBoardLayout2` with land hexes)."""
    return next(i for i, e in enumerate(entries) if isinstance(e.message, BoardLayout2)
                and e.audience == ALL and dict(e.message.parts).get("LH"))


class RobotsOnlyGame:
    """A robots-only recording played again through the service."""

    def __init__(self, log: Soclog) -> None:
        self.log = log
        self.entries = [e for e in log.entries if e.audience is not None]
        self.seats = {e.message.pn: e.message.nickname for e in self.entries
                      if isinstance(e.message, SitDown) and e.audience == ALL}
        self.start_index = game_start(self.entries)

    async def play(self) -> list:
        """Play the recording; what the server logged for the game."""
        host = Host(store=None, bots_threaded=False)
        service = SeededService(host, self.log, self.seats)
        self.clients = {name: Client(service, name) for name in sorted(set(self.seats.values()))}
        for name, client in self.clients.items():
            client.send(ROBOT_VERSION.to_cmd())
            client.send(ImARobot(name, COOKIE, BUILTIN_ROBOT_BRAIN).to_cmd())
        await settle()
        game = self.log.game_name
        room = service.lobby.create_bot_game(game, asked_options(self.log.options), seats=len(self.seats),
                                             robots=len(self.seats))
        await settle()
        seated: dict[int, str] = {}
        self._logged_start: int | None = None
        for index, entry in enumerate(self.entries):
            message, audience = entry.message, entry.audience
            if isinstance(message, JoinGameAuth) and audience == OBSERVER:
                joiner = next(e.message.nickname for e in self.entries[index:] if isinstance(e.message, JoinGame))
                self.clients[joiner].send(JoinGame(joiner, "", "\t", game).to_cmd())
            elif isinstance(message, SitDown) and audience.from_client:
                robot = next(e.message.nickname for e in self.entries[index:]
                             if isinstance(e.message, SitDown) and e.audience == ALL)
                seated[message.pn] = robot
                self.clients[robot].send(message.to_cmd())
            elif audience.kind == "from_player" and message is not None:
                self.clients[seated[audience.pn]].send(message.to_cmd())
                await settle()
                if room.play is not None and self._turn_passed_unasked(room.log):
                    pn = room.play.pns[room.play.match.state.current]
                    room.play.force_end_turn(pn)  # refused only where the replay has gone astray
            else:
                continue
            await settle()
        return list(room.log)

    def _turn_passed_unasked(self, logged: list) -> bool:
        """Whether, after the client message just fed, the recording's server passed the turn on
        where tablehall's (what it `logged`) has not (yet): a `Turn` among the server's messages
        that follow in the recording, past those tablehall's server answered with."""
        if self._logged_start is None:
            self._logged_start = game_start(logged)
        answered = len(logged) - self._logged_start + self.start_index  # the recording's entries matched so far
        for entry in self.entries[answered:]:
            if entry.audience.from_client:
                return False
            if isinstance(entry.message, Turn) and entry.audience == ALL:
                return True
        return False

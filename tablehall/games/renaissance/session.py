"""One connection's dialogue: nickname, number of players (first player of a game), lobby,
then the game: "What do you want to do?", each command with its sub-questions, errors with
their codes, and the state pushes.  No sockets and no event loop here: bytes come in through
`data_received`, go out through the transport, and the time comes from the service's clock.
"""

from __future__ import annotations

import logging
import re
from collections import deque
from typing import Any, Callable, Protocol, Sequence

from tablehall.core.agents import RemoteAgent
from tablehall.core.events import Event
from tablehall.core.game import IllegalAction
from tablehall.core.hosting import Host, Session, Transport
from tablehall.core.identity import TICKET, NameRefused, Refusal
from tablehall.core.names import name_problem
from tablehall.core.result import Result

from . import messages as m
from . import objects
from .announce import Announcer
from .codec import LineBuffer, Message, encode, parse_client_line
from .commands import (HELP, TURN_COMMANDS, VIEW_COMMANDS, Command, ProtocolError, in_range, number, parse,
                       with_code, words)
from .dialogue import Sub, question, setup_answer, step_answer, turn_action
from .rules import RenaissanceState

log = logging.getLogger("tablehall.renaissance")

NICKNAME = re.compile(r"[A-Za-z0-9_.\-]{1,20}\Z")
#: a nickname and a table seat's ticket (`hosting.new_ticket`: 24 hex digits)
RESERVED_NAMES = ("lorenzo", "server")
#: tablehall's own bots sit as "<kind>-bot-<seat>" (e.g. greedy-bot-3): no person may take such a name
BOT_NAME = re.compile(r".+-bot-\d+\Z", re.IGNORECASE)


def reserved_nickname(text: str) -> bool:
    return text.lower() in RESERVED_NAMES or BOT_NAME.match(text) is not None


class SeatAgent(RemoteAgent):
    """A seat played by a session's client; after a restart it comes back by logging in again
    with its nickname (and, for a table's seat held for a name, the seat's ticket)."""

    rejoin: dict[str, Any] | None = None

    def comeback(self) -> dict[str, Any] | None:
        return self.rejoin


class SessionService(Protocol):
    """What a session asks of the service it connected to (`service.RenaissanceService`): its
    clock and limits, names and tickets in use, and to seat it, open a lobby, add bots or forget
    it."""

    host: Host
    clock: Callable[[], float]
    ping_interval: float
    ping_timeout: float
    flood_limit: int

    def nickname_taken(self, name: str) -> bool: ...

    def ticket_held(self, ticket: str) -> bool: ...

    def matchmake(self, session: "RenaissanceSession") -> None: ...

    def open_lobby(self, session: "RenaissanceSession", size: int) -> None: ...

    def add_bots(self, session: "RenaissanceSession", count: int | None, bot: str | None) -> None: ...

    def forget(self, session: "RenaissanceSession", stage: str) -> None: ...


class RenaissanceSession(Session):
    def __init__(self, service: SessionService, transport: Transport) -> None:
        self.service = service
        self.transport = transport
        self.lines = LineBuffer()
        self.stage = "nickname"  # nickname | players | queued | lobby | table | game | over | closed
        self.nickname = ""
        self.ticket: str | None = None  # the secret of a table's seat held for a name, given at login
        self.last_heard = service.clock()
        # in a game
        self.agent: RemoteAgent | None = None
        self.seat = -1
        self.names: list[str] = []
        self.announcer: Announcer | None = None
        self.obs: RenaissanceState | None = None  # the observation of the pending decision
        self.view: dict[str, Any] | None = None  # the latest view of the game, for view commands
        self.to_act: tuple[int, ...] = ()
        self.sub: Sub | None = None
        self.queue: deque[str] = deque()  # lines typed ahead of the next question
        # lines in a row that moved nothing (refused, views, typed ahead): a flood past the limit
        self.idle_lines = 0
        self.send(m.say(m.ASK_NICKNAME))

    # -- bytes in and out -------------------------------------------------------------------------
    def send(self, *messages: Message) -> None:
        if self.stage != "closed" and not self.transport.is_closing:
            self.transport.write(b"".join(encode(message) for message in messages))

    def data_received(self, data: bytes) -> None:
        for line in self.lines.feed(data):
            if self.stage == "closed":
                return
            self.last_heard = self.service.clock()
            code, text = parse_client_line(line) if line is not None else (None, "")
            if code == m.PONG:
                continue
            self.idle_lines += 1  # back to 0 if the line moves the game on (`moved`)
            if line is None:
                self.send(m.say(m.INCORRECT_PARAMETERS, "Incorrect parameter(s): line too long"))
            else:
                try:
                    self._line(with_code(code, text))
                except ProtocolError as error:
                    self._refuse(error)
                except Exception:  # a bug must cost this client an error message, never the server
                    log.exception("renaissance session %s: failed on %r", self.nickname or "-", line)
                    self.send(m.say(m.UNKNOWN_ERROR))
            if self.idle_lines > self.service.flood_limit > 0 and self.stage != "closed":
                self._flooded()
                return

    def moved(self) -> None:
        """The last line moved the game (or the lobby) on: the flood count starts again."""
        self.idle_lines = 0

    def _flooded(self) -> None:
        """More lines in a row than `flood_limit` that moved nothing: say so and close.  In a
        game the seat is then forfeited like any departure (cause left, this reason)."""
        reason = f"flooding: more than {self.service.flood_limit} lines in a row that moved nothing"
        log.info("renaissance session %s: %s", self.nickname or "-", reason)
        self.send(m.say(m.FLOODING, reason[0].upper() + reason[1:] + "; closing the connection"))
        if self.agent is not None:
            self.agent.gone(reason)
        self.close()

    @property
    def logged_in(self) -> bool:
        """Past its nickname."""
        return self.stage != "nickname"

    def connection_lost(self) -> None:
        if self.stage == "closed":
            return
        stage = self.stage
        self.stage = "closed"
        self.service.forget(self, stage)
        if self.agent is not None:
            self.agent.gone()

    def close(self) -> None:
        self.transport.close()
        self.connection_lost()

    def tick(self, now: float) -> None:
        """Called by the service every ping interval: ping, and drop a silent peer."""
        if self.stage == "closed" or self.service.ping_interval <= 0:
            return
        if now - self.last_heard > self.service.ping_timeout:
            log.info("renaissance session %s: no pong, closing", self.nickname or "-")
            self.close()
            return
        self.send(m.say(m.PING))

    # -- dispatch ---------------------------------------------------------------------------------
    def _line(self, text: str) -> None:
        command = parse(text)
        if command is not None and command.name == "quit":
            self.send(m.say(m.OK, "Bye"))
            self.close()
        elif self.stage == "nickname":
            self._nickname(text)
        elif self.stage == "players":
            self._players(text)
        elif self.stage in ("queued", "lobby", "table"):
            self._lobby(text)
        elif self.stage == "game":
            self._game(text)
        else:
            self._over(text)

    def _refuse(self, error: ProtocolError) -> None:
        self.send(m.Message(error.code, error.text))
        if error.code == m.INCORRECT_COMMAND:
            self.send(m.say(m.VALID_COMMANDS, "Valid commands: " + "; ".join(self._valid_commands())))
        self._ask_again()

    def _valid_commands(self) -> list[str]:
        if self.stage in ("queued", "lobby", "table"):
            return HELP["lobby"]
        if self.stage == "over":
            return HELP["over"]
        if self.stage == "game" and self.obs is not None and self.obs.phase == "turns" and self.obs.task is None:
            return HELP["turn"] + HELP["views"]
        return HELP["views"]

    def _ask_again(self) -> None:
        if self.stage == "nickname":
            self.send(m.say(m.ASK_NICKNAME))
        elif self.stage == "players":
            self.send(m.say(m.ASK_PLAYERS))
        elif self.stage == "game" and self._deciding():
            self.send(question(self.obs, self.seat, self.sub))  # type: ignore[arg-type]

    def _deciding(self) -> bool:
        return self.agent is not None and self.obs is not None and self.agent.waiting(self.seat)

    # -- before the game ---------------------------------------------------------------------------
    def _nickname(self, text: str) -> None:
        """``NAME``; ``NAME TICKET`` for a table's seat held for a name (the seat's secret) or
        for an account's name (its seat ticket, docs/accounts.md).  A registered nickname
        without its ticket is refused."""
        name, _, ticket = text.strip().partition(" ")
        text, ticket = (name, ticket) if TICKET.match(ticket) else (text, "")
        # the players' name policy (core.names), narrowed to one ASCII word as the seed has it
        if name_problem(text) or not NICKNAME.match(text) or reserved_nickname(text):
            raise ProtocolError(m.INCORRECT_PARAMETERS, "Invalid nickname: 1-20 letters, digits, _ . or -")
        if self.service.nickname_taken(text):
            raise ProtocolError(m.INCORRECT_PARAMETERS, "Nickname already taken")
        if not (ticket and self.service.ticket_held(ticket)):
            try:
                text = self.service.host.identities.claim(text, ticket or None, game="renaissance").name
            except NameRefused as refused:
                if refused.kind is Refusal.BAD_TICKET:
                    raise ProtocolError(m.INCORRECT_PARAMETERS, f"No table holds a seat for that ticket ({refused})") from None
                raise ProtocolError(m.INCORRECT_PARAMETERS, f"Nickname refused: {refused}") from None
            ticket = ""
        self.ticket = ticket or None
        self.nickname = text
        self.moved()
        self.send(m.say(m.NICKNAME_OK))
        self.service.matchmake(self)

    def _players(self, text: str) -> None:
        tokens = words(text)
        if not tokens:
            raise ProtocolError(m.MISSING_PARAMETERS)
        count = in_range(number(tokens[0]), 1, 4, "Index out of bounds: 1-4 players")
        self.moved()
        self.service.open_lobby(self, count)

    def _lobby(self, text: str) -> None:
        command = parse(text)
        if command is None or command.name not in ("add_bot", "fill_bots", "help"):
            raise ProtocolError(m.WAIT)
        if command.name == "help":
            self.send(m.say(m.VALID_COMMANDS, "Valid commands: " + "; ".join(HELP["lobby"])))
        elif self.stage != "lobby":
            raise ProtocolError(m.WAIT)
        elif command.name == "add_bot":
            self.service.add_bots(self, 1, command.params[0] if command.params else None)
            self.moved()
        else:
            self.service.add_bots(self, None, command.params[0] if command.params else None)
            self.moved()

    def _over(self, text: str) -> None:
        command = parse(text)
        if command is not None and command.name == "join":
            self.moved()
            self.service.matchmake(self)
        else:
            raise ProtocolError(m.WAIT, "The game is over: Join game to play again, or Quit")

    # -- the game ---------------------------------------------------------------------------------
    def enter_match(self, seat: int, names: Sequence[str], rejoin: dict[str, Any] | None = None) -> RemoteAgent:
        """The service seats this session in a new match; returns the agent the match drives.
        `rejoin`: how the seat comes back after a restart (`SeatAgent.comeback`)."""
        self.stage = "game"
        self.seat = seat
        self.names = list(names)
        self.announcer = Announcer(seat, names)
        self.to_act = tuple(range(len(names)))  # the setup: everybody acts at once
        self.agent = SeatAgent(self.nickname, "remote:renaissance", on_request=self._on_request,
                               on_events=self._on_events, on_rejected=self._on_rejected,
                               on_finish=self._on_finish)
        self.agent.peer = self.transport.peer
        self.agent.rejoin = rejoin
        return self.agent

    def rejoin_match(self, seat: int, names: Sequence[str], state: RenaissanceState,
                     rejoin: dict[str, Any] | None) -> RemoteAgent:
        """The service seats this session again in a game resumed after a restart: it is told
        the order of play and the whole game as its seat sees it; the next question follows."""
        agent = self.enter_match(seat, names, rejoin)
        assert self.announcer is not None
        self.to_act = state.to_act()
        self.view = state.view(seat)
        order = ", ".join(f"{index + 1}. {name}" for index, name in enumerate(names))
        self.send(m.say(m.GAME_STARTS, f"The game goes on: {order}"),
                  *self.announcer.picture(self.view, state.dealt[seat] if state.phase == "setup" else ()))
        return agent

    def _on_request(self, seat: int, state: RenaissanceState) -> None:
        self.obs = state
        self.sub = None
        self.send(question(state, seat, None))
        while self.queue and self._deciding():
            self._typed(self.queue.popleft())

    def _on_events(self, seat: int, events: Sequence[Event], state: RenaissanceState) -> None:
        assert self.announcer is not None
        self.to_act = state.to_act()
        self.view = state.view(self.seat)
        self.send(*self.announcer.events(events, self.view))
        if self.seat not in self.to_act:
            while self.queue:
                self._typed(self.queue.popleft())

    def _on_rejected(self, seat: int, action: Any, error: IllegalAction) -> None:
        self.send(m.Message(m.ILLEGAL_CODES.get(error.code, m.INCORRECT_PARAMETERS), error.message))

    def _on_finish(self, seat: int, result: Result) -> None:
        assert self.announcer is not None
        self.send(*self.announcer.final(result))
        self.queue.clear()
        self.agent = self.obs = None
        if self.stage == "game":
            self.stage = "over"

    def _typed(self, text: str) -> None:
        try:
            self._game(text)
        except ProtocolError as error:
            self._refuse(error)

    def _game(self, text: str) -> None:
        command = parse(text)
        if command is not None and command.name in VIEW_COMMANDS:
            self._show(command)
            self._ask_again()
            return
        if not self._deciding():
            if self.seat in self.to_act and self.agent is not None:
                self.queue.append(text)  # typed ahead: answered when the question comes
                return
            raise ProtocolError(m.NOT_YOUR_TURN)
        obs = self.obs
        assert obs is not None
        if command is not None and command.name in TURN_COMMANDS:
            if obs.phase == "setup":
                raise ProtocolError(418, "Finish your setup first")
            action = turn_action(obs, self.seat, command)
        elif obs.phase == "setup":
            action = setup_answer(obs, self.seat, text)
        elif obs.task is None:
            raise ProtocolError(m.INCORRECT_COMMAND)
        else:
            answer = step_answer(obs, self.seat, self.sub, text)
            if isinstance(answer, Sub):
                self.sub = answer
                self.moved()
                self.send(question(obs, self.seat, answer))
                return
            action = answer
        self._submit(action)

    def _submit(self, action: tuple) -> None:
        assert self.obs is not None and self.agent is not None
        try:
            self.obs.check(self.seat, action)
        except IllegalAction as error:
            self.sub = None  # the rules refused: ask the task's own question again
            raise ProtocolError(m.ILLEGAL_CODES.get(error.code, m.INCORRECT_PARAMETERS), error.message) from None
        self.sub = None
        self.obs = None
        self.moved()
        self.agent.answer(self.seat, action)

    def _show(self, command: Command) -> None:
        """The view commands: the current state objects again, at any time in a game."""
        if command.name == "help":
            self.send(m.say(m.VALID_COMMANDS, "Valid commands: " + "; ".join(self._valid_commands())))
            return
        view = self.view
        if view is None:
            raise ProtocolError(m.WAIT)
        if command.name == "view_market":
            self.send(m.obj(m.MARKET, objects.market(view)))
        elif command.name == "view_cards":
            self.send(m.obj(m.CARD_MARKET, objects.card_market(view)))
        elif command.name == "view_board":
            seat = self._player(command.params)
            self.send(m.obj(m.PERSONAL_BOARD, objects.personal_board(view, seat, self.names)),
                      m.obj(m.ACTIVE_LEADERS, objects.active_leaders(view, seat, self.names)))
        elif command.name == "view_leaders":
            self.send(m.obj(m.LEADER_CARDS, objects.leader_cards(view, self.seat)))
        else:
            self.send(m.obj(m.VATICAN, objects.vatican(view, self.names)))

    def _player(self, params: list[str]) -> int:
        """A player named by nickname or by seat number (1-4); no parameter: oneself."""
        if not params:
            return self.seat
        typed = "".join(params)
        for seat, name in enumerate(self.names):
            if "".join(words(name)) == typed:
                return seat
        if params[0].isdigit():
            return in_range(int(params[0]), 1, len(self.names)) - 1
        raise ProtocolError(m.INCORRECT_PARAMETERS, "No player with this name in the game")

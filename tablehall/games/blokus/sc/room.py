"""A game room: two player slots, observers, one Blokus match, and the contest's conventions for
what each of them is told and when (notes/socha-blokus.md §5)."""

from __future__ import annotations

import logging
import uuid
from dataclasses import dataclass
from typing import Any, Protocol

from ....core import (Agent, BotAgent, EndCause, GameSpec, IllegalAction, Match, RemoteAgent, Result, SeatPolicy,
                      derive_seed)
from ....core.hosting import Host, Table, Transport
from ....core.match import MatchListener, Step
from ..rules import MOVE_MISTAKES, BlokusState, InvalidMove, SetMove, SkipMove
from . import messages as msg
from .memento import memento_text
from .requests import ProtocolError
from .words import MISTAKE_TEXTS, contest_reason, move_text
from .dialect import Dialect
from .xml import Node, render


class Member(Protocol):
    """What a room asks of a client's connection (`lobby.ScSession`): where it is, the rooms it
    plays in or watches, and its stream."""

    transport: Transport
    rooms: list["ScRoom"]
    observing: list["ScRoom"]

    def send(self, node: Node) -> None: ...

    def send_rendered(self, payload: bytes) -> None: ...

    def close_stream(self, with_close_element: bool) -> None: ...

    def drop(self, why: str) -> None: ...


class Lobby(Protocol):
    """What a room asks of the service that opened it (`lobby.ScService`): its settings, and to
    be told when the room ends, empties or frees a table's seat."""

    spec: GameSpec
    host: Host
    dialect: Dialect
    start_piece: str  # "" for a random one
    soft_timeout: float
    hard_timeout: float

    def new_room_id(self) -> str: ...

    def seed_for_room(self) -> int: ...

    def forget_room(self, room: "ScRoom") -> None: ...

    def reopen(self, room: "ScRoom", seat: int) -> None: ...

    def room_emptied(self, room: "ScRoom") -> None: ...


def message_bytes(text: str) -> bytes:
    """A top-level element rendered at level 1, as it goes on the wire after the previous one."""
    return ("\n" + text).encode("utf-8")

log = logging.getLogger("tablehall.sc")

LEFT_REASON = "Der Spieler hat das Spiel verlassen"
SOFT_REASON = "Der Spieler hat innerhalb von 2 Sekunden nach Aufforderung keinen Zug gesendet"
HARD_REASON = "Der Spieler hat innerhalb von 10 Sekunden nach Aufforderung keinen Zug gesendet"
GAME_LOGIC_EXCEPTION = "sc.api.plugins.exceptions.GameLogicException"


@dataclass
class Slot:
    display_name: str
    can_timeout: bool
    reserved: bool = False
    code: str | None = None  # reservation code while unredeemed
    bot: str | None = None  # a built-in bot plays this slot
    session: "Member | None" = None
    agent: Agent | None = None  # an agent a table's caller brought (a browser seat)

    @property
    def filled(self) -> bool:
        return self.session is not None or self.bot is not None or self.agent is not None


class SeatAgent(RemoteAgent):
    """The runner's view of a slot played by a client: asks go out as MoveRequests."""

    def __init__(self, room: "ScRoom", seat: int) -> None:
        super().__init__(f"slot {seat}", "remote:sc", on_request=room.ask,
                         on_rejected=room.rejected)
        self.mute = False  # 21.3.3: a client disconnected for not-your-turn still 'holds' the seat
        self.room, self.seat = room, seat

    @property
    def peer(self) -> str | None:  # type: ignore[override]
        session = self.room.slots[self.seat].session
        return session.transport.peer if session is not None else None

    def answer(self, seat: int, action: Any) -> bool:
        return False if self.mute else super().answer(seat, action)


class ScRoom(MatchListener):
    def __init__(self, service: "Lobby", slots: list[Slot], *, paused: bool, prepared: bool,
                 table: Table | None = None) -> None:
        self.service = service
        self.dialect = service.dialect
        self.table = table  # hosted for the web hall or the arena: its id, seed and options
        self.id = table.id if table is not None else service.new_room_id()
        self.slots = slots
        self.prepared = prepared
        self.paused = paused
        self.observers: list["Member"] = []
        self.started = False
        self.over = False
        self.seed = table.seed if table is not None else service.seed_for_room()
        self.agents = [SeatAgent(self, seat) for seat in range(2)]
        options = table.options if table is not None else {"start_piece": service.start_piece}
        self.match = Match(service.spec, list(self.agents), seed=self.seed, options=options,
                           policies=[self._policy(s) for s in slots],
                           names=[s.display_name for s in slots],
                           match_id=self.id)
        self.match.add_listener(self)
        self._move_request: bytes | None = None  # this room's MoveRequest, rendered once
        self._farewells: dict["Member", list[Node]] = {}  # sent after <left>, then closed

    # -- set-up ---------------------------------------------------------------------------------
    def _policy(self, slot: Slot) -> SeatPolicy:
        if not slot.can_timeout:
            return SeatPolicy()
        return self.service.spec.timeout_policy(self.service.hard_timeout, soft=self.service.soft_timeout)

    @property
    def state(self) -> BlokusState:
        return self.match.state  # type: ignore[return-value]

    @property
    def names(self) -> list[str]:
        return [s.display_name for s in self.slots]

    @property
    def player_count(self) -> int:
        return sum(1 for s in self.slots if s.filled)

    def free_unreserved_slot(self) -> int | None:
        for seat, slot in enumerate(self.slots):
            if not slot.filled and not slot.reserved:
                return seat
        return None

    def seat_of(self, session: "Member") -> int | None:
        for seat, slot in enumerate(self.slots):
            if slot.session is session:
                return seat
        return None

    def sessions(self) -> list["Member"]:
        return [s.session for s in self.slots if s.session is not None]

    def seat_player(self, seat: int, session: "Member") -> None:
        """`session` takes slot `seat`; the game starts once both slots are filled."""
        self.slots[seat].session = session
        self.slots[seat].code = None
        session.rooms.append(self)
        if self.table is not None:
            self.table.take(seat, session.transport.peer)
        if not self.prepared or self.dialect.joined_on_prepared_immediately:
            session.send(msg.joined(self.id))
        self.start_if_ready()

    def seat_bot(self, seat: int, bot_name: str) -> None:
        bot = self.service.host.make_bot(self.service.spec, bot_name, derive_seed(self.seed, "seat", seat))
        self.slots[seat].bot = bot_name
        self.match.agents[seat] = BotAgent(bot, name=self.slots[seat].display_name or bot_name,
                                           threaded=self.service.host.bots_threaded)
        self.match.record.seats[seat] = type(self.match.record.seats[seat])(
            self.match.record.seats[seat].name, f"bot:{bot_name}")
        self.match.policies[seat] = SeatPolicy()

    def seat_agent(self, seat: int, agent: Agent) -> None:
        """An agent the table's caller runs plays slot `seat`."""
        self.slots[seat].agent = agent
        self.match.agents[seat] = agent
        self.match.record.seats[seat] = type(self.match.record.seats[seat])(agent.name, agent.kind)
        self.match.policies[seat] = agent.policy or SeatPolicy()

    def start_if_ready(self) -> None:
        if self.started or not all(s.filled for s in self.slots):
            return
        self.started = True
        for seat, slot in enumerate(self.slots):
            if slot.session is None:
                continue
            if self.prepared and not self.dialect.joined_on_prepared_immediately:
                slot.session.send(msg.joined(self.id))
            slot.session.send(msg.welcome(self.id, seat))
        if self.paused:
            self.match.pause()
        self._send_memento(players=not self.paused)  # observers see the start even when paused
        if self.table is not None:
            self.service.host.start_table(self.table, self.match)
        else:
            self.service.host.start_match(self.match)

    def add_observer(self, session: "Member") -> None:
        self.observers.append(session)
        session.observing.append(self)
        session.send(msg.observed(self.id))  # the contest sends no state here; the next one follows

    # -- messages to the room -------------------------------------------------------------------
    def _send_memento(self, players: bool) -> None:
        """One memento for every player and observer: written once, the same bytes to each."""
        audience = (self.sessions() if players else []) + self.observers
        if audience:
            payload = message_bytes(memento_text(self.id, self.state, self.names))
            for session in audience:
                session.send_rendered(payload)

    def ask(self, seat: int, state: Any) -> None:
        session = self.slots[seat].session
        if session is not None:
            if self._move_request is None:
                self._move_request = message_bytes(render(msg.move_request(self.id), 1))
            session.send_rendered(self._move_request)

    def on_step(self, match: Match, step: Step) -> None:
        if step.action is not None:  # a move, not the start or a seat taken out
            self._send_memento(players=not self.paused)

    def on_end(self, match: Match, record: Any) -> None:
        self.over = True
        result = record.result
        audience = self.sessions() + self.observers
        if result.cause is not EndCause.ABORTED or self.dialect.cancel_sends_result:
            node = self.result_node(result)
            for session in audience:
                session.send(node)
        for session in audience:
            session.send(msg.left(self.id))
        for session, farewell in self._farewells.items():
            for node in farewell:
                session.send(node)
            session.close_stream(with_close_element=True)
        self.service.forget_room(self)

    def result_node(self, result: Result) -> Node:
        return render_result(self.id, result, self.names, self.dialect)

    # -- what players do --------------------------------------------------------------------------
    def move_arrived(self, session: "Member", data: Node | None) -> None:
        """A room packet from a player of this room (already known to be well-formed XML)."""
        seat = self.seat_of(session)
        if seat is None or self.over:
            return  # late packets to a finished room are dropped, as the contest does
        try:
            move = msg.decode_move(data)
        except ProtocolError as exc:
            session.drop(f"protocol error: {exc}")
            return
        except msg.NotAMove:
            self._invalid_format(seat, session, data)
            return
        agent = self.agents[seat]
        if not self.started or not agent.waiting(seat):
            self._not_your_turn(seat, session, move, data)
            return
        agent.answer(seat, move)

    def rejected(self, seat: int, move: Any, error: IllegalAction) -> None:
        """The runner found the move illegal: error message now, result next, then the close."""
        reported = error.move if isinstance(error, InvalidMove) else move
        echoed = reported if self.dialect.echo_reported_move else move
        echo = None if echoed is None else msg.move_node(self.dialect.error_echo_tag, echoed)
        mistake = MISTAKE_TEXTS[error.mistake] if isinstance(error, InvalidMove) else error.message
        self._report_violation(seat, mistake, "null" if reported is None else move_text(reported),
                               echo, msg.move_node("data", move))

    def _invalid_format(self, seat: int, session: "Member", data: Node) -> None:
        echo = msg.echo_data(data, self.dialect.error_echo_tag)
        self._report_violation(seat, MISTAKE_TEXTS["INVALID_FORMAT"], "null", echo, msg.echo_data(data, "data"))
        self.match.forfeit_now(seat, EndCause.RULE_VIOLATION, MOVE_MISTAKES["INVALID_FORMAT"])

    def _report_violation(self, seat: int, mistake: str, move_str: str, echo: Node | None,
                          data_echo: Node) -> None:
        exception = f"InvalidMoveException(mistake={mistake}, move={move_str})"
        text = f"Ungueltiger Zug von '{self.slots[seat].display_name}'.\n{exception}"
        node = msg.error_message(self.id, text, echo)
        session = self.slots[seat].session
        for listener in ([session] if session is not None else []) + self.observers:
            listener.send(node)
        if session is not None:
            farewell = []
            if self.dialect.errorpacket_after_player_error:
                original = Node("originalRequest", [("class", "room"), ("roomId", self.id)], [data_echo])
                farewell.append(msg.error_packet(f"{GAME_LOGIC_EXCEPTION}: {exception}", original))
            self._farewells[session] = farewell

    def _not_your_turn(self, seat: int, session: "Member", move: SetMove | SkipMove, data: Node) -> None:
        expected = self.state.current_color.team if not self.state.is_over else 1 - seat
        names = self.names
        team = lambda t: f"Team {t + 1}({names[t]})"  # noqa: E731 - reads like the contest's text
        text = move_text(move)
        session.send(msg.error_message(
            self.id, f"It's not your turn yet; expected: {team(expected)}, got {team(seat)} (msg was {text}).",
            msg.move_node(self.dialect.error_echo_tag, move)))
        if self.dialect.errorpacket_after_player_error:
            original = Node("originalRequest", [("class", "room"), ("roomId", self.id)], [msg.move_node("data", move)])
            session.send(msg.error_packet(
                f"NotYourTurnException(expected={team(expected)}, actual={team(seat)}, data={text})", original))
        if not self.dialect.not_your_turn_ends_game:
            self.agents[seat].mute = True  # 21.3.3: the room keeps waiting for this seat
            self.slots[seat].session = None
        session.close_stream(with_close_element=True)

    def player_gone(self, session: "Member") -> None:
        """The player's connection ended (closed, dropped, or broke the protocol)."""
        seat = self.seat_of(session)
        if seat is None:
            return
        self.slots[seat].session = None
        if self.over:
            return
        if not self.started and self.table is not None:
            self.service.reopen(self, seat)  # a table's seat waits for the next client
            return
        if not self.started:
            if self.prepared:
                return  # the reservation is spent; the slot stays empty, as in the contest
            self.service.room_emptied(self)
            return
        if not self.agents[seat].mute:
            self.match.seat_left(seat, "connection closed")

    def observer_gone(self, session: "Member") -> None:
        if session in self.observers:
            self.observers.remove(session)

    # -- admin ---------------------------------------------------------------------------------
    def set_paused(self, pause: bool) -> None:
        if self.over or pause == self.paused:
            return
        self.paused = pause
        if pause:
            self.match.pause()
        elif self.started:
            self._send_memento(players=True)
            self.match.resume()
        if self.dialect.paused_event:
            for observer in self.observers:
                observer.send(msg.paused_event(self.id, pause))

    def step(self) -> None:
        if not self.started or self.over or not self.paused:
            return
        self._send_memento(players=True)
        self.match.step()

    def cancel(self) -> None:
        if self.started and not self.over:
            self.match.abort("cancelled by an administrator")
            return
        # never started: there is no match loop to stop; tell whoever waits
        if self.over:
            return
        self.over = True
        if self.table is not None:
            self.table.cancel("cancelled")
        for session in self.sessions() + self.observers:
            session.send(msg.left(self.id))
        self.service.forget_room(self)


def render_result(room_id: str, result: Result, names: list[str], dialect: Any) -> Node:
    """The contest's <data class="result"> for a kernel result."""
    details = result.details or {}
    points = list(details.get("points", [0, 0]))
    win_points = list(details.get("win_points", [0, 0]))
    scores = []
    causes = []
    for seat_result in result.seats:
        seat = seat_result.seat
        cause = seat_result.cause
        if cause is EndCause.ABORTED:
            scores.append(msg.Score("REGULAR", "", 0, 0))
            causes.append(EndCause.REGULAR)
            points[seat] = 0
            continue
        label, reason = cause_label(cause, dialect), ""
        if cause is EndCause.LEFT:
            reason = LEFT_REASON
        elif cause is EndCause.SOFT_TIMEOUT:
            reason = SOFT_REASON
        elif cause is EndCause.HARD_TIMEOUT:
            reason = HARD_REASON
        elif cause is EndCause.RULE_VIOLATION:
            reason = contest_reason(seat_result.reason)  # the record's English, in the contest's words
        scores.append(msg.Score(label, reason, int(win_points[seat]), int(points[seat])))
        causes.append(cause)
    candidates = [s for s in range(len(scores)) if causes[s] not in dialect.winner_excludes]
    best = max((points[s] for s in candidates), default=None)
    winners = [(names[s], s) for s in candidates if points[s] == best]
    return msg.result(room_id, scores, winners)


def cause_label(cause: EndCause, dialect: Any) -> str:
    if cause is EndCause.HARD_TIMEOUT:
        return dialect.hard_timeout_cause
    return {EndCause.REGULAR: "REGULAR", EndCause.LEFT: "LEFT", EndCause.RULE_VIOLATION: "RULE_VIOLATION",
            EndCause.SOFT_TIMEOUT: "SOFT_TIMEOUT", EndCause.DISQUALIFIED: "RULE_VIOLATION"}.get(cause, "UNKNOWN")


def new_code() -> str:
    """Room ids and reservation codes: random UUIDs, as the contest's."""
    return str(uuid.uuid4())

"""A started JSettlers game: the kernel match, who plays each seat, and what everyone is told.

`GamePlay` binds a `GameRoom` whose seats are filled to a `Match` of the Catan engine.  Each
seat is played by its client (robot or human, a `RemoteAgent`) or by a tablehall bot
(`BotAgent`).  Client game messages go through `requests.interpret`: legal actions are handed to
the match (the answer to the seat's pending decision, or an unprompted action such as a trade
offer), refusals are answered at once.  The match tells `GamePlay` what happened; the
`Narrator` turns it into JSettlers messages and the room delivers each to its audience.

A JSettlers robot that stalls in its own turn has that turn ended for it (`force_end_turn`,
called by the service's watchdog after `robot_turn_timeout` seconds without a step), as the
Java server's robot watchdog does; it keeps its seat.  A client that stops answering for
`robot_timeout` seconds in one decision (or leaves, or disconnects) is replaced by a tablehall
bot and, if still connected, dismissed from the game with `RobotDismiss`, as the Java server's
robot replacement does.

A person may take over a seat a robot (a JSettlers robot or a tablehall bot) plays in a game
under way (`take_over`): the robot is dismissed at once, and the match hands the seat over
between two decisions (`Match.hand_over`); at that moment everyone hears the robot leave and the
person sit down, and the person alone is told the seat's hand and cards (`joining.seat_hand`).

A game journaled before a restart is played on from its journal (`resumed`): its tablehall bots
at once; each client's seat waits for its client (`AwaitedSeat`) to sit down at it again
(`rejoin`): a person under the seat's nickname, a robot's seat any connected robot invited to it.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Awaitable, Callable, Sequence

from tablehall.core import Agent, BotAgent, IllegalAction, Match, RemoteAgent, SeatPolicy
from tablehall.core.match import MatchListener, Step
from tablehall.core import derive_seed
from tablehall.core.records import replay_steps
from tablehall.core.resume import AwaitedSeat, Rebuilt
from tablehall.core.seats import make_bot

from .. import SPEC, timeout_policy
from ..actions import FORCE_END_TURN
from .constants import DEFAULT_FACE, ROBOT_FACE
from .game_messages import ChangeFace, DiscardRequest, GameServerText, LeaveGame, RobotDismiss, SitDown
from .joining import seat_hand, started_game_picture
from .message import Message
from .narrator import VERSION_SAYING_SPECIAL_TURNS
from .sea_narrator import narrator_class
from .requests import Answer, Forward, Request, interpret
from .soclog import ALL, UNDETERMINED, Entry, to_player

if TYPE_CHECKING:
    from .connection import ServerConnection
    from .lobby import GameRoom

log = logging.getLogger("tablehall.jsettlers")

HUMAN_AGENT = "remote:jsettlers"  # the agent kind records show for a JSettlers client
ROBOT_AGENT = "remote:jsettlers-robot"


@dataclass(frozen=True)
class PlaySettings:
    """How games are played (the ``[jsettlers]`` config section's game part)."""

    bot: str | None = "strong"  # tablehall bot for empty and abandoned seats; None: none
    robot_timeout: float | None = 180.0  # seconds a robot may take for one decision
    human_timeout: float | None = None
    bots_threaded: bool = True
    bot_pause: float = 0.5  # seconds a tablehall bot waits before each action when clients play too
    sleep: Callable[[float], Awaitable[None]] = field(default=asyncio.sleep, compare=False)  # tests: a gate


class ClientSeat(RemoteAgent):
    """A seat a JSettlers client plays.  The room tells the client what happens and what it must
    do (the narrator's messages, `GamePlay.on_step`), so the runner neither delivers events to
    the seat nor works out its observation: said once here, for every delivery and decision."""

    wants_events = False
    wants_observation = False

    def __init__(self, name: str, kind: str, on_rejected: Callable[[int, Any, IllegalAction], None],
                 rejoin: dict[str, Any] | None = None) -> None:
        super().__init__(name, kind, on_rejected=on_rejected)
        self.rejoin = rejoin

    def comeback(self) -> dict[str, Any] | None:
        """After a restart a person logs in again under the seat's nickname and sits down at it;
        a robot's seat is offered to the connected robots (`GamePlay.rejoin`)."""
        return self.rejoin


class RoomBotAgent(BotAgent):
    """A tablehall bot in a JSettlers game: made again after a restart by its name and seed, in
    the game of its room's name, options and seat number (`note`)."""

    def __init__(self, bot: Any, name: str, threaded: bool, note: dict[str, Any]) -> None:
        super().__init__(bot, name=name, threaded=threaded)
        self.note = note

    def comeback(self) -> dict[str, Any] | None:
        return {**(super().comeback() or {}), **self.note}


class PacedBotAgent(Agent):
    """A tablehall bot that pauses before each action, as JSettlers robots do in games with
    people: a JSettlers robot keeps its picture of every hand from the messages it reads, some on
    its network thread and some in its brain's queue, and an opponent answering within
    milliseconds (Year of Plenty right after a roll) makes those disagree.  The bot decides on
    the game as it is after the pause."""

    trusted = True
    wants_events = False
    awaits_start = awaits_finish = False

    def __init__(self, inner: BotAgent, pause: float, sleep: Callable[[float], Awaitable[None]],
                 observe: Callable[[int], Any]) -> None:
        self.inner = inner
        self.name, self.kind = inner.name, inner.kind
        self.pause = pause
        self.sleep = sleep
        self.observe = observe

    async def decide(self, seat: int, state: Any) -> Any:
        await self.sleep(self.pause)
        return await self.inner.decide(seat, self.observe(seat))

    def comeback(self) -> dict[str, Any] | None:
        return self.inner.comeback()


def _awaits_person(agent: Agent) -> bool:
    """Whether `agent` is a person's seat waiting for its person to come back after a restart."""
    return isinstance(agent, AwaitedSeat) and not agent.back and (agent.comeback() or {}).get("join") == "nickname"


class GamePlay(MatchListener):
    """One running game of a room."""

    def __init__(self, room: "GameRoom", settings: PlaySettings, seed: int, options: dict,
                 clock: Callable[[], float] = time.monotonic, match_id: str = "",
                 resumed: Rebuilt | None = None, rejoin_grace: float | None = None) -> None:
        self.room = room
        self.settings = settings
        self.seed = seed
        self.clock = clock
        self.pns: tuple[int, ...] = tuple(pn for pn, name in enumerate(room.seats) if name is not None)
        self.replaced: set[int] = set()
        self.taking: dict[int, "ServerConnection"] = {}  # seat -> the person taking it over, until handed over
        self.finished = False
        self.on_finished: Callable[["GamePlay"], None] | None = None
        self.on_progress: Callable[["GamePlay"], None] | None = None  # after each step (the service's watchdog)
        self._discard_reprompted: set[int] = set()
        self._in_flight: dict[tuple[int, tuple], tuple[Message, bool]] = {}  # forwarded requests
        self._requests: dict[tuple[int, bool], Request] = {}  # `_request`
        self._started_at = clock()
        # tablehall bots pause only where a client plays: its robot or person needs the time
        in_process = {*room.bots, *(pn for pn, agent in room.agents.items() if agent.trusted)}
        self.paced = settings.bot_pause > 0 and any(pn not in in_process for pn in self.pns)
        names = {pn: room.seats[pn] or "" for pn in self.pns}
        self.narrator = narrator_class(options)(room.name, self.pns, names, {pn: room.robots[pn] for pn in self.pns},
                                 elapsed=lambda: self.clock() - self._started_at, seats=room.seat_count)
        self.on_all_gone: Callable[["GamePlay"], None] | None = None  # every person awaited after a restart is gone
        if resumed is None:
            agents = [self._agent(seat, pn) for seat, pn in enumerate(self.pns)]
            policies = [self._policy(pn) for pn in self.pns]
        else:
            agents = [self._resumed_agent(seat, pn, resumed, rejoin_grace) for seat, pn in enumerate(self.pns)]
            policies = [agent.policy or SeatPolicy() for agent in agents]
        self.match = Match(SPEC, agents, seed=seed, options=options, names=[names[pn] for pn in self.pns],
                           policies=policies, match_id=match_id)
        if resumed is not None:
            self.match.continue_from(resumed.record, resumed.state)
            produced = (e for step in replay_steps(resumed.record, SPEC) for e in step.events if e.kind == "produced")
            self.narrator.resume(resumed.state, produced)
        self.match.add_listener(self)

    # -- seats ------------------------------------------------------------------------------------
    def _agent(self, seat: int, pn: int) -> Agent:
        if pn in self.room.agents:
            return self.room.agents[pn]
        if pn in self.room.bots:
            return self._bot(seat, self.room.bots[pn], self.room.seats[pn] or "")
        agent = self._client_seat(pn, self.room.seats[pn] or "", self.room.robots[pn])
        member = self.room.member_at(pn)
        agent.peer = member.peer if member is not None else None
        return agent

    def _client_seat(self, pn: int, nickname: str, robot: bool) -> ClientSeat:
        rejoin = {"join": "robot" if robot else "nickname", "name": nickname, **self._note(pn)}
        return ClientSeat(nickname, ROBOT_AGENT if robot else HUMAN_AGENT, self._rejected, rejoin)

    def _note(self, pn: int) -> dict[str, Any]:
        """What the journal keeps of the room with each seat's comeback: the game is made again
        under its name and options, each seat at its player number (`service.resume`)."""
        return {"game": self.room.name, "options": self.room.packed_options, "pn": pn}

    def _bot(self, seat: int, kind: str, name: str) -> Agent:
        bot = make_bot(SPEC, kind, derive_seed(self.seed, "seat", seat))  # built-in, or the operator's policy:
        return self._paced(RoomBotAgent(bot, name, self.settings.bots_threaded, self._note(self.pns[seat])))

    def _paced(self, agent: BotAgent) -> Agent:
        if not self.paced:
            return agent
        return PacedBotAgent(agent, self.settings.bot_pause, self.settings.sleep,
                             lambda s: self.match.state.observation(s))

    def _resumed_agent(self, seat: int, pn: int, resumed: Rebuilt, grace: float | None) -> Agent:
        """Who plays a seat of a game resumed after a restart: its tablehall bot, replayed to
        where it was; a client's seat waits `grace` seconds for its client to sit down again,
        then a tablehall bot plays it, as for a client that left (at once: nobody can come back)."""
        name = self.room.seats[pn] or ""
        bot = resumed.bots.get(seat)
        if bot is not None:
            return self._paced(RoomBotAgent(bot, name, self.settings.bots_threaded, self._note(pn)))
        comeback = resumed.comebacks[seat]
        joins = comeback is not None and comeback.get("join") in ("nickname", "robot")
        return AwaitedSeat(name, resumed.record.holder(seat).agent, comeback,
                           self._client_policy(bool(self.room.robots[pn])), grace if joins else 0)

    def rejoin(self, pn: int, conn: "ServerConnection") -> bool:
        """Client `conn` sits down at seat `pn` of a game resumed after a restart, as the Java
        server lets a player whose connection was lost take its seat back: a person whose
        nickname the seat was played under (its password checked at login), or any robot at a
        robot's seat (invited as a robot replacing a player).  Everyone sees it sit down; it
        alone is told the seat's hand and cards.  False: no seat there waits for it."""
        if self.finished or pn not in self.pns:
            return False
        seat = self.pns.index(pn)
        awaited = self.match.agents[seat]
        if not isinstance(awaited, AwaitedSeat) or awaited.back:
            return False
        rejoin = awaited.comeback() or {}
        if not ((rejoin.get("join") == "nickname" and not conn.is_robot and conn.nickname == rejoin.get("name"))
                or (rejoin.get("join") == "robot" and conn.is_robot)):
            return False
        awaited.came_back()
        room, game, nickname = self.room, self.room.name, conn.nickname or ""
        room.seats[pn], room.robots[pn], room.holders[pn] = nickname, conn.is_robot, conn
        if not conn.is_robot:
            room.bots_only = False  # a person plays again: the game goes when the last one leaves
        self.narrator.names[pn] = nickname
        agent = self._client_seat(pn, nickname, conn.is_robot)
        agent.peer = conn.peer
        self.deliver([Entry(ALL, SitDown(game, nickname, pn, conn.is_robot)),
                      *seat_hand(game, self.match.state, seat, pn, self.pns, room.seat_count),
                      Entry(ALL, ChangeFace(game, pn, room.faces[pn]))])
        log.info("game %s: %s sits down again at seat %d after the restart", game, nickname, pn)
        self.match.hand_over(seat, agent, policy=self._client_policy(conn.is_robot))
        return True

    def awaited_robot_seats(self) -> list[int]:
        """The player numbers of robots' seats that wait for a robot after a restart."""
        return [pn for seat, pn in enumerate(self.pns)
                if isinstance(agent := self.match.agents[seat], AwaitedSeat) and not agent.back
                and (agent.comeback() or {}).get("join") == "robot" and not self.finished]

    def _policy(self, pn: int) -> SeatPolicy:
        if pn in self.room.agents:  # a seat the table brought (a person in the browser)
            policy = self.room.agents[pn].policy or SeatPolicy()
            if policy.replacement is not None:  # out of time: replaced as this game replaces its
                policy = replace(policy, replacement=self._replacement)  # clients, told to all, paced
            return policy
        if pn in self.room.bots:
            return SeatPolicy()
        return self._client_policy(self.room.robots[pn])

    def _client_policy(self, robot: bool) -> SeatPolicy:
        limit = self.settings.robot_timeout if robot else self.settings.human_timeout
        return timeout_policy(limit, self._replacement if self.settings.bot else None)

    def _replacement(self, seat: int) -> Agent:
        """A client gave up its seat (timed out, left): a tablehall bot plays it from now on."""
        pn = self.pns[seat]
        name = self.room.seats[pn] or ""
        person_awaited = _awaits_person(self.match.agents[seat])
        self.replaced.add(pn)
        self.room.robots[pn] = True
        self.narrator.robots[pn] = True
        conn = self.room.member_at(pn)
        if conn is not None and conn.is_robot:
            conn.send(RobotDismiss(self.room.name))
        self.deliver([Entry(ALL, GameServerText(self.room.name, f"A tablehall bot now plays for {name}."))])
        log.info("game %s: seat %d (%s) replaced by a tablehall bot", self.room.name, pn, name)
        bot = self._bot(seat, self.settings.bot or "random", name)
        if person_awaited and self.on_all_gone is not None and not any(
                _awaits_person(agent) for other, agent in enumerate(self.match.agents) if other != seat):
            self.on_all_gone(self)
        return bot

    def seat_left(self, pn: int) -> None:
        """The client of seat `pn` left the game or disconnected (a dismissed robot whose seat
        a person is taking over leaves as it was asked to: the seat is no longer its)."""
        if pn in self.pns and pn not in self.replaced and pn not in self.taking and not self.finished:
            self.match.seat_left(self.pns.index(pn), "left the game")

    # -- a stalled robot's turn ---------------------------------------------------------------------
    def stalled_robot(self) -> int | None:
        """The player number of the JSettlers robot whose turn it is, if a robot's (its client
        plays the seat: not replaced, nor being taken over), else None."""
        if self.finished:
            return None
        pn = self.pns[self.match.state.current]
        member = self.room.member_at(pn)
        if pn in self.replaced or pn in self.taking or member is None or not member.is_robot:
            return None
        return pn

    def force_end_turn(self, pn: int) -> bool:
        """End seat `pn`'s turn for it, as the Java server's robot watchdog ends a stalled
        robot's turn ("force end turn"): what it was placing is cancelled (its cost or its Road
        Building card given back, an initial settlement without its road taken back) and the
        turn passes on (`forced`); the robot keeps its seat.  False when `pn` is not the player
        to move or its turn cannot be ended now (e.g. others must discard): then a robot that
        stays silent is replaced after `robot_timeout` as before."""
        if self.finished or pn not in self.pns or pn in self.replaced:
            return False
        seat = self.pns.index(pn)
        state = self.match.state
        if state.current != seat:
            return False
        try:
            state.check(seat, FORCE_END_TURN)
        except IllegalAction:
            return False
        log.info("game %s: %s stalls in its turn (state %d): its turn is ended for it",
                 self.room.name, self.room.seats[pn], state.jsettlers_state)
        agent = self.match.agents[seat]
        if not (isinstance(agent, RemoteAgent) and agent.answer(seat, FORCE_END_TURN)):
            self.match.submit(seat, FORCE_END_TURN)
        return True

    # -- a person taking over a robot's seat --------------------------------------------------------
    def take_over(self, pn: int, conn: "ServerConnection") -> bool:
        """Person `conn` asks to sit in seat `pn` of this game under way.  Granted when a robot
        plays it (a JSettlers robot, a tablehall bot, a bot that replaced a client) and nobody
        else is taking it: a JSettlers robot is dismissed now (`RobotDismiss`), and the match
        hands the seat to the person at its next turn (`on_handover`).  False: refused."""
        room = self.room
        if (self.finished or pn not in self.pns or not room.robots[pn] or room.table is not None
                or pn in self.taking or conn in self.taking.values()):
            return False
        self.taking[pn] = conn
        robot = room.member_at(pn)
        if robot is not None and robot.is_robot:
            room.to_one(robot, to_player(pn), RobotDismiss(room.name))
        agent = self._client_seat(pn, conn.nickname or "", robot=False)
        agent.peer = conn.peer
        self.match.hand_over(self.pns.index(pn), agent, policy=self._client_policy(robot=False))
        return True

    def on_handover(self, match: Match, seat: int) -> None:
        """The match handed `seat` over (between two decisions): if to a person taking it over,
        the robot leaves, the person sits down and is told the seat's hand and cards."""
        pn = self.pns[seat]
        conn = self.taking.pop(pn, None)
        if conn is None:
            return  # a tablehall bot replacing a client: `_replacement` told everyone
        room, game = self.room, self.room.name
        left = room.seats[pn] or ""
        robot = room.member_at(pn)  # the dismissed robot, unless it has already left
        announce = robot is not None or pn in room.bots or pn in self.replaced
        if robot is not None:
            room.members.remove(robot)
        room.bots.pop(pn, None)
        self.replaced.discard(pn)
        nickname = conn.nickname or ""
        room.seats[pn], room.robots[pn], room.holders[pn] = nickname, False, conn
        if room.faces[pn] <= ROBOT_FACE:  # a person now plays the seat: a person's face
            room.faces[pn] = DEFAULT_FACE
        self.narrator.names[pn], self.narrator.robots[pn] = nickname, False
        told = [Entry(ALL, LeaveGame(left, "-", game)), Entry(ALL, GameServerText(game, f"{left} left the game."))]
        self.deliver([*(told if announce else ()), Entry(ALL, SitDown(game, nickname, pn, False)),
                      *seat_hand(game, match.state, seat, pn, self.pns, room.seat_count),
                      Entry(ALL, ChangeFace(game, pn, room.faces[pn]))])
        log.info("game %s: %s takes over seat %d from %s", game, nickname, pn, left)
        if conn not in room.members:  # the person left while the seat was being handed over
            match.seat_left(seat, "left the game")
            return
        self._pace_bots()

    def _pace_bots(self) -> None:
        """A person now plays: tablehall bots that played without pauses start pausing."""
        if self.paced or self.settings.bot_pause <= 0:
            return
        self.paced = True
        for seat, agent in enumerate(self.match.agents):
            if isinstance(agent, BotAgent):
                self.match.hand_over(seat, PacedBotAgent(agent, self.settings.bot_pause, self.settings.sleep,
                                                         lambda s: self.match.state.observation(s)))

    def join_picture(self) -> list[Message]:
        """What a client joining now is told about the game (`joining.started_game_picture`)."""
        actions = [(e.seat, SPEC.decode_action(e.action)) for e in self.match.record.entries if e.action is not None]
        return started_game_picture(self.room.name, self.match.state, self.pns, self.room.faces, actions)

    # -- client requests ------------------------------------------------------------------------
    def receive(self, conn: "ServerConnection", message: Message) -> None:
        """A game message from a member; players' requests are checked and played or refused."""
        pn = self.room.seat_of(conn)
        if pn is None or pn in self.replaced or pn not in self.pns or self.finished:
            return
        seat = self.pns.index(pn)
        state = self.match.state
        who = self._requests.get((seat, conn.is_robot)) or self._request(seat, conn.is_robot)
        decision = interpret(message, who, state, seat not in self._discard_reprompted)
        if isinstance(decision, Answer):
            if any(isinstance(e.message, DiscardRequest) for e in decision.entries):
                self._discard_reprompted.add(seat)
            self._answer(conn, decision.entries)
        elif isinstance(decision, Forward):
            action = decision.action
            self._in_flight[(seat, action)] = (message, conn.is_robot)
            agent = self.match.agents[seat]
            # the answer to the seat's decision if the runner waits for it, else unprompted
            if not (isinstance(agent, RemoteAgent) and agent.answer(seat, action)):
                self.match.submit(seat, action)

    def _answer(self, conn: "ServerConnection | None", entries: Sequence[Entry]) -> None:
        """A refusal's messages; one the Java server sends straight to the client's connection
        (its log says ``un``: it cannot name the player) goes to `conn` alone."""
        if any(e.audience == UNDETERMINED for e in entries):
            for entry in entries:
                if entry.audience != UNDETERMINED:
                    self.deliver([entry])
                elif conn is not None:
                    self.room.to_one(conn, UNDETERMINED, entry.message)
            return
        self.deliver(entries)

    def _request(self, seat: int, robot: bool) -> Request:
        """Who asks, made once per seat and kind of client (every request of a game asks it)."""
        key = (seat, robot)
        who = self._requests.get(key)
        if who is None:
            who = self._requests[key] = Request(seat, self.pns[seat], robot, self.pns, self.room.name,
                                                self.room.seat_count)
        return who

    def _rejected(self, seat: int, action: Any, error: IllegalAction) -> None:
        """The match refused an action that was legal when it was checked (another player's
        action came first): answer the request as it would be answered now."""
        message, robot = self._in_flight.pop((seat, action), (None, False))
        if message is None:
            return
        decision = interpret(message, self._request(seat, robot), self.match.state)
        if isinstance(decision, Answer):
            self._answer(self.room.member_at(self.pns[seat]), decision.entries)

    # -- what the match tells -----------------------------------------------------------------------
    def on_step(self, match: Match, step: Step) -> None:
        state = match.state
        action = step.action
        if step.entry is None:
            told = self.narrator.start(state)
        elif action is None:
            told = self.narrator.forfeit(step.seat, step.events, state)
        else:
            self._in_flight.pop((step.seat, action), None)
            if action[0] in ("roll", "end_turn", "force_end_turn"):
                self._discard_reprompted.clear()
            told = self.narrator.action(step.seat, action, step.events, state)
        room = self.room
        room.state = state.jsettlers_state
        room.deliver(told)
        if self.narrator.for_old_clients:
            room.to_clients_older_than(VERSION_SAYING_SPECIAL_TURNS, *self.narrator.for_old_clients)
        if self.on_progress is not None:
            self.on_progress(self)

    def on_end(self, match: Match, record: Any) -> None:
        self.finished = True
        if not match.state.is_over:
            reason = record.result.seats[0].reason if record.result is not None and record.result.seats else ""
            self.deliver([Entry(ALL, GameServerText(self.room.name, f"The game was stopped: {reason}"))])
        if self.on_finished is not None:
            self.on_finished(self)

    def deliver(self, entries: Sequence[Entry]) -> None:
        self.room.deliver(entries)

    def abort(self, reason: str) -> None:
        if not self.finished:
            self.match.abort(reason)

"""A scripted JSettlers client for loopback tests: real TCP, real frames, the message codec.

As a robot it logs in (version, cookie), joins the game it is invited to, sits down, and plays;
as a human it creates a game, sits down and asks to start it (or, as a debug user, starts a
robots-only game with ``*STARTBOTGAME*`` and watches).  It plays like this:
whenever a sequence from the server has arrived and the game (as the server's engine has it,
through `oracle`) waits for its seat, it sends the request for the action a tablehall bot picks
from its seat's observation, now and then a trade offer of its own.  Every decision goes over
the wire as the Java robot would send it (`requests.request_for`).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Callable

from tablehall.core import Rng
from tablehall.games.catan import SPEC
from tablehall.games.catan import actions as A
from tablehall.games.catan.constants import Phase
from tablehall.games.catan.jsettlers import (
    BotJoinGameRequest,
    CancelBuildRequest,
    DeclinePlayerRequest,
    DeleteGame,
    GameMembers,
    GameState,
    GameTextMsg,
    ImARobot,
    JoinGame,
    LeaveGame,
    NewGameWithOptionsRequest,
    RobotDismiss,
    ServerPing,
    SitDown,
    StartGame,
    Turn,
    UpdateRobotParams,
    Version,
    encode_frame,
    parse_cmd,
)
from tablehall.games.catan.jsettlers.connection import BUILTIN_ROBOT_BRAIN
from tablehall.games.catan.jsettlers.framing import FrameDecoder
from tablehall.games.catan.jsettlers.requests import Request, request_for

REFUSALS = (DeclinePlayerRequest, CancelBuildRequest)


@dataclass
class Outcome:
    name: str
    received: list[str] = field(default_factory=list)
    sent: list[str] = field(default_factory=list)
    logged_in: bool = False
    saw_game_over: bool = False
    deleted: bool = False
    refused: list[str] = field(default_factory=list)
    gave_up: bool = False  # heard nothing from the server for 30 s and stopped


async def robot(port: int, name: str, cookie: str, oracle: Callable[[str], object], seed: int,
                version: int = 2700, bot: str = "random", offer_rate: float = 0.05,
                silent_after: int | None = None, leave_after: int | None = None,
                create: str | None = None, bot_game: int = 0,
                take_over: tuple[str, int, Callable[[], bool]] | None = None, options: str = "PL=4",
                decide: Callable[[object, int], tuple] | None = None, poll: float | None = None,
                last: bool = False) -> Outcome:
    """Play until the game this client is in is deleted (or the server closes).

    `silent_after` / `leave_after`: stop answering (staying connected) / disconnect after that
    many requests.  `create`: log in as a human, create that game (with `options`) and sit
    (seat 0) and start it, or with `bot_game` > 0 start a robots-only game of that many seats and watch.
    `take_over` = (game, pn, when): log in as a person, join that game under way and, once
    `when()` holds, sit in seat pn (a robot's: take it over, or its own seat again after a
    restart) and play it.  `options`: the game's, as created.  `decide(state, seat)`: the action
    instead of the bot's (a function of the game alone decides alike when asked again).  `poll`:
    look at the oracle again after that many seconds without a message too (an oracle that
    follows the game from outside, a step behind the messages).  `last`: answer only once every
    other seat asked with it has answered (discards after a seven), so that the order of the
    actions never hangs on which answer comes first."""
    outcome = Outcome(name)
    rng = Rng(seed)
    brain = SPEC.bots[bot](seed)
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    decoder = FrameDecoder()
    game: str | None = None
    pn = -1
    waiting_since = -1  # engine action count when our last request went out
    requests = 0
    is_robot = create is None and take_over is None
    asked_to_sit = False
    sat = create is not None and not bot_game  # asked to sit down: no request goes before it

    def send(wire: str) -> None:
        outcome.sent.append(wire)
        writer.write(encode_frame(wire))

    text = {2700: "2.7.00", 2610: "2.6.10"}[version]
    if take_over is not None:
        game = take_over[0]
        send(Version(version, text, "JM", ";6pl;sb;sc=2700;", "en_US").to_cmd())
        send(JoinGame(name, "", "\t", game).to_cmd())
    elif create is None:
        send(Version(version, text, "JM", ";6pl;sb;sc=2700;").to_cmd())
        send(ImARobot(name, cookie, BUILTIN_ROBOT_BRAIN).to_cmd())
    else:
        game, pn = create, (-1 if bot_game else 0)
        send(Version(version, text, "JM", ";6pl;sb;sc=2700;", "en_US").to_cmd())
        send(NewGameWithOptionsRequest(name, "", "\t", game, options).to_cmd())
        if bot_game:
            send(GameTextMsg(game, name, f"*STARTBOTGAME* {bot_game}").to_cmd())
        else:
            send(SitDown(game, name, 0, False).to_cmd())
            send(StartGame(game).to_cmd())
    silent = 0.0
    try:
        while not outcome.deleted:
            try:
                chunk = await asyncio.wait_for(reader.read(65536), timeout=poll or 30)
            except asyncio.TimeoutError:
                silent += poll or 30
                if poll is None or silent >= 30:
                    raise
                chunk = b""
            else:
                if not chunk:
                    break
                silent = 0.0
            decoder.feed(chunk)
            for wire in decoder:
                outcome.received.append(wire)
                message = parse_cmd(wire)
                if isinstance(message, ServerPing):
                    send(wire)
                elif isinstance(message, UpdateRobotParams):
                    outcome.logged_in = True
                elif isinstance(message, BotJoinGameRequest) and game is None:
                    game, pn = message.game, message.pn
                    send(JoinGame(name, "", "\t", game).to_cmd())
                elif isinstance(message, GameMembers) and message.game == game and is_robot:
                    send(SitDown(game, "\t", pn, True).to_cmd())
                    sat = True
                elif isinstance(message, SitDown) and message.game == game and message.nickname == name:
                    pn = message.pn  # a person's seat, once the server has seated it
                elif (isinstance(message, (GameState, Turn)) and message.game == game
                      and (message.state if isinstance(message, GameState) else message.game_state) == Phase.OVER):
                    outcome.saw_game_over = True
                    if not is_robot:
                        send(LeaveGame(name, "-", game).to_cmd())  # a human leaves: the game goes
                elif isinstance(message, RobotDismiss) and message.game == game:
                    send(LeaveGame(name, "-", game).to_cmd())  # as a JSettlers robot leaves when dismissed
                    outcome.deleted = True
                elif isinstance(message, DeleteGame) and message.game == game:
                    outcome.deleted = True
                elif isinstance(message, REFUSALS):
                    outcome.refused.append(wire)
                    waiting_since = -1  # refused: decide again
            if take_over is not None and not asked_to_sit and take_over[2]():
                send(SitDown(game, "\t", take_over[1], False).to_cmd())
                asked_to_sit = sat = True
            if game is None or outcome.deleted or pn < 0 or not sat or requests == silent_after:
                continue
            if requests == leave_after:
                break
            play = oracle(game)
            if play is None or play.room.state < Phase.START1A:
                continue
            state = play.match.state
            if state.is_over or pn not in play.pns:
                continue
            seat = play.pns.index(pn)
            if seat not in state.to_act() or state.action_count == waiting_since:
                continue
            if state.offers[seat] is not None and len(state.to_act()) > 1:
                continue
            if last and len(state.to_act()) > 1:
                continue  # our offer is open: wait for the answers, as JSettlers robots do
            action = decide(state, seat) if decide is not None else _choose(brain, state, seat, rng, offer_rate)
            if play.room.seats[pn] != name:
                continue  # not (or no longer) our seat
            who = Request(seat, pn, is_robot, play.pns, game, play.room.seat_count)
            send(request_for(action, who, state).to_cmd())
            waiting_since = state.action_count
            requests += 1
            await writer.drain()
    except asyncio.TimeoutError:
        outcome.gave_up = True
    finally:
        writer.close()
    return outcome


def _choose(brain, state, seat: int, rng: Rng, offer_rate: float) -> tuple:
    """The bot's action, or sometimes a one-for-one offer to everybody (the bots never offer)."""
    hand = state.hands[seat]
    if (state.phase is Phase.PLAY1 and seat == state.current and state.offers[seat] is None
            and state.trading and rng.random() < offer_rate and any(hand)):
        give = rng.choice([r for r in range(5) if hand[r]])
        get = rng.choice([r for r in range(5) if r != give])
        others = tuple(s for s in range(state.seat_count) if s != seat and s not in state.out)
        return A.offer(A.unit(give), A.unit(get), others)
    return brain.choose(state.observation(seat), seat)

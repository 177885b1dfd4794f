"""The robot watchdog over real TCP: a JSettlers robot that stops acting in its own turn has its
turn ended for it (``robot_turn_timeout``), keeps its seat, and the game goes on, as the Java
server's watchdog does ("force end turn").  The checks are on the messages and the record, never
on time: the timeout is tiny and every wait is bounded and generous."""

from __future__ import annotations

import asyncio

from tablehall.games.catan.constants import ROLL_OR_CARD
from tablehall.games.catan.jsettlers import ClearOffer, EndTurn, RobotDismiss, Turn, parse_cmd
from tablehall.server.app import Server
from tablehall.server.config import ServerConfig

from .scripted_robot import robot
from .test_loopback import COOKIE, JSETTLERS

FORCED = ["force_end_turn"]


def test_a_stalled_robots_turn_is_ended_for_it_and_the_game_goes_on():
    section = {"robot_cookie": COOKIE, "bot": "random", "seed": 9, "bot_pause": 0, "robot_games": 1,
               "robot_game_robots": 1, "robot_turn_timeout": 0.5, "robot_timeout": 600}

    async def scenario():
        server = Server(ServerConfig(sections={"jsettlers": section}), store=None, services=[JSETTLERS])
        await server.start()
        lobby = server.services["jsettlers"].lobby
        oracle = lambda game: getattr(lobby.games.get(game), "play", None)  # noqa: E731
        # the robot places its two settlements and roads, then never answers again
        stalling = asyncio.ensure_future(robot(server.port("jsettlers"), "stalling", COOKIE, oracle, 3,
                                               silent_after=4))

        async def two_turns_ended_and_more():
            while True:
                await asyncio.sleep(0.01)
                play = next((room.play for room in lobby.games.values() if room.play is not None), None)
                if play is None:
                    continue
                entries = play.match.record.entries
                forced = [i for i, e in enumerate(entries) if e.action == FORCED]
                if len(forced) >= 2 and len(entries) > forced[1] + 1:
                    pn = next(pn for pn in play.pns if play.room.seats[pn] == "stalling")
                    return play, pn, pn in play.replaced

        try:
            watched = await asyncio.wait_for(two_turns_ended_and_more(), timeout=60)
        finally:
            await server.stop()
        return (*watched, await asyncio.wait_for(stalling, timeout=60))

    play, pn, replaced, outcome = asyncio.run(scenario())
    seat = play.pns.index(pn)
    entries = play.match.record.entries
    assert {e.seat for e in entries if e.action == FORCED} == {seat}  # only the silent robot's turns
    assert play.room.seats[pn] == "stalling" and not replaced  # it keeps its seat: no tablehall bot took it
    received = [parse_cmd(w) for w in outcome.received]
    assert not any(isinstance(m, RobotDismiss) for m in received)
    assert not any(isinstance(parse_cmd(w), EndTurn) for w in outcome.sent)
    # the robot is told each of its turns passed on unasked: the end of turn's ClearOffer, then
    # the next player's turn
    turns = [(i, m) for i, m in enumerate(received) if isinstance(m, Turn)]
    passed = [i for (_, before), (i, after) in zip(turns, turns[1:])
              if before.pn == pn and before.game_state == ROLL_OR_CARD and after.pn != pn]
    assert len(passed) >= 2
    assert all(isinstance(received[i - 1], ClearOffer) for i in passed)

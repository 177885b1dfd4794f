"""The JSettlers load client's games end as real robots' games do (its robot keeps to the pieces a
player has and buys development cards once the board is full), and as a guard it leaves a game
that goes on far longer than any real game, so that every row of `tablehall bench server` ends."""

from __future__ import annotations

import asyncio

from tablehall.games.catan import SPEC
from tablehall.bench.load import jsettlers
from tablehall.bench.load.common import Deadline, Totals
from tablehall.server.app import Server
from tablehall.server.config import ServerConfig

JSETTLERS = next(s for s in SPEC.services if s.name == "jsettlers")


def test_the_load_robots_leave_a_game_past_the_round_limit():
    section = {"robot_cookie": jsettlers.COOKIE, "robot_games": 1, "robot_game_robots": 4, "seed": 3,
               "bot_pause": 0}
    totals = Totals()

    async def scenario():
        server = Server(ServerConfig(sections={"jsettlers": section}), store=None, services=[JSETTLERS])
        await server.start()
        try:
            # a deadline far away: the robots would play on; only the limit makes them leave
            await asyncio.wait_for(jsettlers.play_match("127.0.0.1", server.port("jsettlers"), totals,
                                                        Deadline(600), slot=0, max_rounds=3), timeout=120)
            return list(server.services["jsettlers"].lobby.games)
        finally:
            await server.stop()

    games = asyncio.run(scenario())
    assert totals.errors == []
    assert totals.games == 0  # nobody finished the game: they left it
    assert len(totals.gave_up) == jsettlers.ROBOTS_PER_GAME
    assert all("at round 4: a game past 3 rounds never ends" in line for line in totals.gave_up), totals.gave_up
    assert totals.moves > 0
    assert games == ["tablehall robots 1"]  # they left the one game the server started


def test_the_load_robots_finish_games_that_once_never_ended():
    # seeds where the example robot, before it kept to its pieces and bought development cards,
    # went on for thousands of actions (every seat boxed in, or asking for a 5th city)
    for seed in (24, 29):
        section = {"robot_cookie": jsettlers.COOKIE, "robot_games": 1, "robot_game_robots": 4, "seed": seed,
                   "bot_pause": 0}
        totals = Totals()

        class OneGame:  # the robots' deadline: passed once their game is over
            passed = property(lambda self: totals.games > 0)

        async def scenario():
            server = Server(ServerConfig(sections={"jsettlers": section}), store=None, services=[JSETTLERS])
            await server.start()
            try:
                await asyncio.wait_for(jsettlers.play_match("127.0.0.1", server.port("jsettlers"), totals,
                                                            OneGame(), slot=seed), timeout=300)
            finally:
                await server.stop()

        asyncio.run(scenario())
        assert totals.errors == [] and totals.gave_up == [], (seed, totals.errors, totals.gave_up)
        assert totals.games == jsettlers.ROBOTS_PER_GAME, seed  # each robot saw its game end
        assert 0 < totals.moves < 4 * jsettlers.MAX_ROUNDS, (seed, totals.moves)

"""JSettlers (Catan) load client: robots that log in with the server's robot cookie and play the
robots-only games the server starts (``robot_games``), four robots a game.

The robot is `games/catan/jsettlers/simple_robot.py`, the example robot (its `Game` keeps the
board and hand from the server's messages and picks each request), driven here over asyncio so that one process runs
many.  Latency: from a robot's request to the end of the server's answer as that robot sees
it (the next GameState or Turn, which close every sequence the server sends).
"""

from __future__ import annotations

import asyncio
import os
import struct

from ...games.catan.jsettlers import simple_robot as robot
from .common import Deadline, Totals
from .process import client_source

COOKIE = "loadtest"
ROBOTS_PER_GAME = 4
STALLED = 30  # seconds without a message in a game: the client gives up on that game
MAX_REPEATS = 50  # the same request sent this many times in a row: the robot is stuck
# A game of these robots lasts about 20-150 rounds.  A guard, not a cut: past this many of its own
# turns a robot leaves its game, so that a row of the bench ends whatever a robot does.  (Before
# the example robot kept to its pieces and bought development cards, about one game in 25 never
# ended: every seat boxed in, or asking for a city it no longer had.)
MAX_ROUNDS = 300

SERVER_CONFIG = f"""
[jsettlers]
robot_cookie = "{COOKIE}"
robot_games = 1000000000
robot_game_robots = {ROBOTS_PER_GAME}
robot_game_seats = {ROBOTS_PER_GAME}
bot_pause = 0
"""
# bot_pause = 0: the tablehall bots that replace the robots of a game they left (MAX_ROUNDS) play
# it out at once, so that its record, with every action, is stored within the same row


async def play_robot(host: str, port: int, name: str, totals: Totals, deadline: Deadline,
                     max_rounds: int = MAX_ROUNDS) -> None:
    """One robot connection: games until the deadline has passed and it is idle; it leaves (and
    returns) a game that reaches `max_rounds` of its turns."""
    reader, writer = await asyncio.open_connection(host, port, local_addr=client_source())
    send = lambda text: writer.write(robot.frame(text))  # noqa: E731
    send(robot.VERSION)
    send(f"1022|{name},{COOKIE},{robot.BRAIN}")
    buffer = b""
    game = None
    sent_at: float | None = None
    last, repeats = "", 0
    turns = 0  # this robot's turns in its game
    loop = asyncio.get_running_loop()
    try:
        while True:
            if game is None and deadline.passed:
                return
            try:
                data = await asyncio.wait_for(reader.read(65536), 1.0 if game is None else STALLED)
            except asyncio.TimeoutError:
                if game is None:
                    continue  # idle: look at the deadline again
                raise asyncio.TimeoutError(f"nothing from the server for {STALLED} s in game {game.name}") from None
            if not data:
                return
            buffer += data
            while len(buffer) >= 2:
                size = struct.unpack(">H", buffer[:2])[0]
                if len(buffer) < 2 + size:
                    break
                wire = buffer[2:2 + size].replace(b"\xc0\x80", b"\x00").decode("utf-8", "surrogatepass")
                buffer = buffer[2 + size:]
                kind, game_name, fields = robot.split(wire)
                if kind == 9999:
                    send(wire)
                elif kind == 1059:
                    totals.errors.append(f"refused: {wire[:120]}")
                    return
                elif kind == 1023 and game is None and not deadline.passed:
                    game = robot.Game(game_name, int(fields[0]))
                    turns = 0
                    send(f"1013|{name},\t,\t,{game_name}")
                elif game is not None and game_name == game.name:
                    if kind == 1017:
                        send(f"1012|{game_name},\t,{game.pn},true")
                    elif kind == 1041 and fields[1 + game.pn] == "true":
                        send(f"1037|{game_name},{game.pn}")
                    elif kind in (1015, 1056):
                        totals.games += 1
                        game = None
                        continue
                    game.hear(kind, fields)
                    if kind == 1026 and fields[0] == str(game.pn):
                        turns += 1
                        if turns > max_rounds:
                            totals.gave_up.append(f"{name} left game {game.name} at round {turns}: "
                                                  f"a game past {max_rounds} rounds never ends")
                            return
                    if kind in (1025, 1026) and sent_at is not None:
                        totals.latencies.append(1000 * (loop.time() - sent_at))
                        sent_at = None
            if game is not None and not game.over:
                request = game.next_request()
                if request is not None:
                    repeats = repeats + 1 if request == last else 0
                    last = request
                    if repeats > MAX_REPEATS:  # the example robot does not learn from a refusal
                        totals.errors.append(f"the robot repeats {request[:100]!r}; it leaves game {game.name}")
                        return
                    game.waiting = not request.startswith("1033|")
                    send(request)
                    sent_at = loop.time()
                    totals.moves += 1
    finally:
        writer.close()


async def play_match(host: str, port: int, totals: Totals, deadline: Deadline, slot: int,
                     max_rounds: int = MAX_ROUNDS) -> None:
    """A match's worth of robots (four), each playing until the deadline."""
    names = [f"lt{os.getpid()}-{slot}-{k}" for k in range(ROBOTS_PER_GAME)]
    await asyncio.gather(*(play_robot(host, port, name, totals, deadline, max_rounds) for name in names))

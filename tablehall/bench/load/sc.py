"""Software Challenge (Blokus) load client: two seats of a match, answering every MoveRequest
with the next move of a game played beforehand by tablehall's random bot.

The scripts are made at start-up for every possible start piece; a match picks one from its
start piece (read off the first memento) and its room id, so both seats of a room follow the
same game without talking to each other, against tablehall or the official server alike.
Incoming XML is not parsed: the client only looks for the few markers it needs.
"""

from __future__ import annotations

import asyncio
import re
import zlib

from .common import MatchClock, PairLock, Totals, read_until
from .process import client_source

JOIN = b'<protocol><join gameType="swc_2021_blokus"/>'
CLOSE = b"<sc.protocol.CloseConnection/></protocol>"
SCRIPTS_PER_START = 4
JOINED = re.compile(rb'<joined roomId="([^"]+)"')
WELCOME = re.compile(rb'class="welcomeMessage" color="(ONE|TWO)"')
START = re.compile(rb'startPiece="(\w+)"')
REQUEST = b'class="sc.framework.plugins.protocol.MoveRequest"'
RESULT = b'class="result"'
ERROR = b'class="error"'
LEFT = b"<left "
TAIL = 160  # bytes kept between reads, so a marker split over two reads is still found


def make_scripts(per_start: int = SCRIPTS_PER_START) -> dict[str, list[list[tuple[int, str]]]]:
    """start piece -> games, each a list of (team, the move's <data> element)."""
    from ...games.blokus.bots import RandomBot
    from ...games.blokus.pieces import START_SHAPES
    from ...games.blokus.rules import new_game
    from ...games.blokus.sc import messages as msg
    from ...games.blokus.sc.xml import render

    scripts: dict[str, list[list[tuple[int, str]]]] = {}
    for shape in START_SHAPES:
        games = scripts[shape.name] = []
        for index in range(per_start):
            seed = zlib.crc32(f"{shape.name}/{index}".encode())
            state = new_game(2, {"start_piece": shape.name}, seed)
            bots = [RandomBot(seed + 1), RandomBot(seed + 2)]
            moves = []
            while not state.is_over:
                team = state.to_act()[0]
                move = bots[team].choose(state, team)
                state.apply(team, move)
                moves.append((team, render(msg.move_node("data", move))))
            games.append(moves)
    return scripts


class Seat:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, greeting: bytes) -> None:
        self.reader, self.writer = reader, writer
        self.greeting = greeting
        self.team: int | None = None
        self.room = ""
        self.moves: list[str] = []


async def play_match(host: str, port: int, lock: PairLock, scripts: dict, totals: Totals, think: float) -> None:
    seats = []
    async with lock:  # both seats join back to back: the lobby puts them in one room
        for _ in range(2):
            reader, writer = await asyncio.open_connection(host, port, local_addr=client_source())
            writer.write(JOIN)
            buffer = bytearray()
            await read_until(reader, b"<joined", buffer, 60)
            seats.append(Seat(reader, writer, bytes(buffer)))
    clock = MatchClock(totals.latencies)
    match = {"script": None}
    try:
        await asyncio.gather(*(_seat(seat, match, scripts, clock, totals, think) for seat in seats))
        totals.games += 1
    finally:
        for seat in seats:
            seat.writer.close()


async def _seat(seat: Seat, match: dict, scripts: dict, clock: MatchClock, totals: Totals, think: float) -> None:
    """Answer the seat's MoveRequests.  Markers are found with bytes.find (a regular expression
    over every 10 KB memento would cost the client more than the server spends on it)."""
    tail = b""
    data = seat.greeting
    mine = 0
    while True:
        chunk = tail + data
        fresh = len(tail)  # markers ending after this offset are new
        if seat.team is None:
            found = WELCOME.search(chunk)
            if found:
                seat.team = 0 if found.group(1) == b"ONE" else 1
            found = JOINED.search(chunk)
            if found:
                seat.room = found.group(1).decode()
        if match["script"] is None:
            found = START.search(chunk)
            if found:
                games = scripts[found.group(1).decode()]
                match["script"] = games[zlib.crc32(seat.room.encode()) % len(games)]
        for _ in range(_count(chunk, REQUEST, fresh)):
            clock.answered()
            if think:
                await asyncio.sleep(think)
            if not seat.moves:
                seat.moves = [move for team, move in match["script"] if team == seat.team]
            seat.writer.write(f'<room roomId="{seat.room}">{seat.moves[mine]}</room>'.encode())
            mine += 1
            clock.sent()
            totals.moves += 1
        if _count(chunk, RESULT, fresh):
            clock.answered()
        at = _find(chunk, ERROR, fresh)
        if at >= 0:
            totals.errors.append(chunk[at:at + 300].decode(errors="replace"))
        if _count(chunk, LEFT, fresh):
            seat.writer.write(CLOSE)
            return
        tail = chunk[-TAIL:]
        data = await asyncio.wait_for(seat.reader.read(262144), 120)
        if not data:
            return


def _find(chunk: bytes, marker: bytes, fresh: int) -> int:
    at = chunk.find(marker, max(0, fresh - len(marker) + 1))
    return at


def _count(chunk: bytes, marker: bytes, fresh: int) -> int:
    """Occurrences of `marker` that end after offset `fresh`."""
    count, at = 0, max(0, fresh - len(marker) + 1)
    while True:
        at = chunk.find(marker, at)
        if at < 0:
            return count
        count += 1
        at += len(marker)

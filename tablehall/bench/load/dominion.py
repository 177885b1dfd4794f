"""Dominion (v1 line protocol over TCP) load client: two Big Money bots per match, joined with
``join any`` back to back so the lobby pairs them; every reply is computed from the request's
own words (treasures in hand), so the client keeps no game state."""

from __future__ import annotations

import asyncio

from .common import MatchClock, PairLock, Totals
from .process import client_source

MONEY = {"copper": 1, "silver": 2, "gold": 3}
JUNK_FIRST = {"curse": 0, "estate": 1, "duchy": 2, "province": 3, "copper": 4, "silver": 5, "gold": 6}


def reply(words: list[str]) -> str:
    """The Big Money answer to one play-request."""
    if words[1] == "attack":
        discard = int(words[3])
        hand = sorted(words[5:], key=lambda card: JUNK_FIRST.get(card, 7))
        return "play-reply discard " + " ".join(hand[:discard])
    money = int(words[7]) + sum(MONEY.get(card, 0) for card in words[9:])
    if money >= 8:
        return "play-reply buy province"
    if money >= 6:
        return "play-reply buy gold"
    if money >= 3:
        return "play-reply buy silver"
    return "play-reply pass"


async def play_match(host: str, port: int, lock: PairLock, totals: Totals, think: float) -> None:
    seats = []
    async with lock:  # both join back to back; the first line to either means the game has both
        for _ in range(2):
            reader, writer = await asyncio.open_connection(host, port, local_addr=client_source())
            writer.write(b"join any\n")
            seats.append((reader, writer))
        firsts = [asyncio.ensure_future(reader.readline()) for reader, _ in seats]
        await asyncio.wait(firsts, timeout=60, return_when=asyncio.FIRST_COMPLETED)
    clock = MatchClock(totals.latencies)
    try:
        await asyncio.gather(*(_seat(r, w, first, clock, totals, think) for (r, w), first in zip(seats, firsts)))
        totals.games += 1
    finally:
        for _, writer in seats:
            writer.close()


async def _seat(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, first: asyncio.Future,
                clock: MatchClock, totals: Totals, think: float) -> None:
    line = await asyncio.wait_for(first, 60)
    while line:
        words = line.decode().split()
        if not words:
            pass
        elif words[0] == "play-request":
            clock.answered()
            if think:
                await asyncio.sleep(think)
            writer.write(reply(words).encode() + b"\n")
            clock.sent()
            totals.moves += 1
        elif words[0] == "player" and words[2:] == ["name"]:
            writer.write(f"player {words[1]} loadbot\n".encode())
        elif words[0] == "player" and words[2:3] == ["version"]:
            writer.write(line.rstrip() + b"\n")
        elif words[0] == "game-end":
            clock.answered()
            return
        elif words[0] == "error" or words[1:2] == ["disqualified"]:
            totals.errors.append(line.decode(errors="replace").strip())
        line = await asyncio.wait_for(reader.readline(), 120)

"""Fuzzing every protocol's parser and session (issue 14): seed messages per protocol, the ways
to spoil them, and a harness that feeds the result to real sessions of a real service in memory
(sans-I/O: the very code a socket's bytes reach) on a running event loop, and tells whether
anything crashed.  Used by the bounded hypothesis run in `make test` and the long run behind
`make bench` (the `slow` marker)."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import re
from dataclasses import dataclass
from typing import Callable

from tablehall.core.hosting import Host, MemoryTransport, Service
from tablehall.core.registry import get_game
from tablehall.games.catan.jsettlers.framing import encode_frame

from tests.support.reference import REFERENCE
from tests.support.transcripts import read_transcript


# -- seeds: valid messages of each protocol ---------------------------------------------------------
def sc_seeds() -> list[bytes]:
    sends = []
    for path in sorted((REFERENCE / "socha2021" / "captures").glob("*/transcripts/*.txt")):
        sends += read_transcript(path.read_bytes()).sends
    unique = list(dict.fromkeys(sends))
    return [b"<protocol>"] + unique


def jsettlers_seeds() -> list[bytes]:
    wires = []
    for path in sorted((REFERENCE / "jsettlers").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            wire = json.loads(line).get("wire")
            if wire:
                wires.append(wire)
    unique = list(dict.fromkeys(wires))
    return [encode_frame(w) for w in unique]


DOMINION_LINES = [
    "join bigmoney", "join any", "join bigmoney smithy engine", "player player1 tester", "player player1 version 1",
    "play-reply pass", "play-reply buy province", "play-reply buy silver", "play-reply action smithy",
    "play-reply action militia", "play-reply action cellar copper estate", "play-reply action remodel estate silver",
    "play-reply action mine copper silver", "play-reply discard copper copper", "play-reply reaction moat",
    "play-reply action workshop gardens", "play-reply reply workshop smithy", "play-reply action chapel estate",
]


def dominion_seeds() -> list[bytes]:
    return [line.encode() + b"\n" for line in DOMINION_LINES]


RENAISSANCE_LINES = [
    "171 alice", "1", "2", "4", "Buy resources -row -1", "Buy resources -column -3", "Move resources -1 -2",
    "Buy production card -1 -2", "Standard production", "Activate card production -1", "Activate leader card -1",
    "Discard leader card -2", "End turn", "165 End turn", "View marble market", "View personal board", "help",
    "Add bot", "Fill with bots", "Join game", "1 coin", "2 stone", "3", "Warehouse depot", "Discard", "Quit",
]


def renaissance_seeds() -> list[bytes]:
    return [line.encode() + b"\n" for line in RENAISSANCE_LINES]


# -- spoiling them ------------------------------------------------------------------------------------
SEPARATORS = re.compile(rb"([,| \x00\"=<>/\n\t])")
NASTY = [b"", b"-1", b"0", b"99999999999999999999", b"NaN", b"\x00", b"\xff\xfe", b"<", b"&amp;", b"|",
         b",", b"\n", b"A" * 300, b"\xe2\x80\xae", b"'", b"\"", b"%s%n", b"-", b"true", b"null"]


def spoil(rng: random.Random, seed: bytes) -> bytes:
    """One random mutation of a valid message: truncated, cut up, a field replaced, dropped or
    doubled (wrong types and arities), bytes flipped or inserted, or blown up past any limit."""
    kind = rng.randrange(8)
    if kind == 0:
        return seed[:rng.randrange(len(seed) + 1)]
    if kind in (1, 2, 3):
        parts = SEPARATORS.split(seed)
        fields = list(range(0, len(parts), 2))
        i = rng.choice(fields)
        if kind == 1:
            parts[i] = rng.choice(NASTY)
        elif kind == 2:
            del parts[i:i + 2]
        else:
            parts[i:i] = [parts[i], b","]
        return b"".join(parts)
    if kind == 4:
        data = bytearray(seed)
        for _ in range(rng.randrange(1, 4)):
            if data:
                data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data)
    if kind == 5:
        at = rng.randrange(len(seed) + 1)
        return seed[:at] + rng.randbytes(rng.randrange(1, 40)) + seed[at:]
    if kind == 6:
        return seed * rng.randrange(2, 60)  # many at once
    return seed[:len(seed) // 2] + rng.choice([b"x", b"9", b" ", b"<"]) * rng.randrange(70_000, 200_000)  # oversize


def random_input(rng: random.Random, seeds: list[bytes]) -> bytes:
    roll = rng.random()
    if roll < 0.15:
        return rng.randbytes(rng.randrange(0, 300))
    if roll < 0.35:
        return rng.choice(seeds)
    return spoil(rng, rng.choice(seeds))


# -- the harness --------------------------------------------------------------------------------------
@dataclass
class Protocol:
    name: str  # the service name
    game: str
    seeds: Callable[[], list[bytes]]
    healthy: Callable[["Fuzzer"], bool]  # a valid exchange still works afterwards


class Crashes(logging.Handler):
    """Collects every logged exception (a session or a task that raised)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


class Fuzzer:
    """One protocol's real service on its own event loop, fed session after session."""

    def __init__(self, protocol: Protocol) -> None:
        self.protocol = protocol
        self.crashes: list[str] = []
        self.inputs = 0
        self.loop = asyncio.new_event_loop()
        asyncio.set_event_loop(self.loop)
        self.loop.set_exception_handler(lambda loop, context: self.crashes.append(str(context.get("message"))))
        spec = next(s for s in get_game(protocol.game).services if s.name == protocol.name)
        config = {"robot_cookie": "cookie"} if protocol.name == "jsettlers" else {}
        self.host = Host(store=None, config=config, bots_threaded=False)

        async def build() -> Service:  # services may start timers: they need a running loop
            return spec.factory(self.host)

        self.service = self.loop.run_until_complete(build())

    def open(self) -> tuple[object, MemoryTransport]:
        # a remote peer (a documentation address, only a label: nothing is sent anywhere): the
        # contest's built-in admin password works from loopback only, so fuzzed input meets
        # what any client on the network meets, not an administrator's powers
        transport = MemoryTransport("192.0.2.1:40000")
        return self.service.open_session(transport), transport

    def feed(self, chunks: list[bytes]) -> None:
        """A fresh session gets `chunks` one after another (the loop turning in between), then
        the connection is lost.  An exception out of the session is a crash."""
        session, transport = self.open()
        try:
            for chunk in chunks:
                if transport.closed:
                    break
                self.inputs += 1
                session.data_received(chunk)
                self.turn()
                transport.buffer.clear()  # what the server answered is not kept: memory stays bounded
        except Exception as exc:  # noqa: BLE001 - that is the finding
            self.crashes.append(f"{type(exc).__name__}: {exc} after {chunks!r:.300}")
        finally:
            session.connection_lost()
            self.turn()

    def turn(self, rounds: int = 3) -> None:
        for _ in range(rounds):
            self.loop.run_until_complete(asyncio.sleep(0))

    def close(self) -> None:
        self.loop.run_until_complete(self.host.abort_all("fuzzing over"))
        self.loop.run_until_complete(self.service.shutdown())
        for task in list(self.host.tasks):
            task.cancel()
        self.turn()
        self.loop.close()
        asyncio.set_event_loop(None)


# -- "still serving": a valid exchange on the same service after the fuzzing --------------------------
def _exchange(fuzzer: Fuzzer, sends: list[bytes], expect: bytes, rounds: int = 200) -> bool:
    session, transport = fuzzer.open()
    for data in sends:
        session.data_received(data)
        fuzzer.turn()
    for _ in range(rounds):
        if expect in transport.buffer:
            break
        fuzzer.turn()
    ok = expect in transport.buffer
    session.connection_lost()
    fuzzer.turn()
    return ok


def sc_healthy(fuzzer: Fuzzer) -> bool:
    """Two clients join and the game starts: the first is sent the memento."""
    first, t1 = fuzzer.open()
    second, t2 = fuzzer.open()
    for session in (first, second):
        session.data_received(b'<protocol><join gameType="swc_2021_blokus"/>')
        fuzzer.turn()
    for _ in range(200):
        if b'class="memento"' in t1.buffer:
            break
        fuzzer.turn()
    ok = b"<joined" in t1.buffer and b"<joined" in t2.buffer and b'class="memento"' in t1.buffer
    first.connection_lost()
    second.connection_lost()
    fuzzer.turn()
    return ok


def jsettlers_healthy(fuzzer: Fuzzer) -> bool:
    return _exchange(fuzzer, [encode_frame("9998|2700,2.7.00,JM20260517,;6pl;sb;sc=2700;"),
                              encode_frame("1022|healthy,cookie,soc.robot.SOCRobotBrain")], b"1071|")


def dominion_healthy(fuzzer: Fuzzer) -> bool:
    return _exchange(fuzzer, [b"join bigmoney\n"], b"player player")


def renaissance_healthy(fuzzer: Fuzzer) -> bool:
    return _exchange(fuzzer, [b"171 healthy\n"], b"310")


PROTOCOLS = {
    "sc": Protocol("sc", "blokus", sc_seeds, sc_healthy),
    "jsettlers": Protocol("jsettlers", "catan", jsettlers_seeds, jsettlers_healthy),
    "dominion": Protocol("dominion", "dominion", dominion_seeds, dominion_healthy),
    "renaissance": Protocol("renaissance", "renaissance", renaissance_seeds, renaissance_healthy),
}

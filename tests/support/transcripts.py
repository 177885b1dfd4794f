"""Replaying captured conversations against a protocol service.

A scenario is a list of steps (a client sends bytes, closes, or time passes).  Before a client
sends, the harness waits until it has received what the capture says it had by then (`Expect`),
and after each step until the server has gone quiet, so the order of what each connection
receives is decided by the server alone, however busy the machine.  The same scenario runs two ways:

- `run_in_memory`: sessions on in-memory transports, no network;
- `run_over_tcp`: a real `tablehall.server` listening on 127.0.0.1, clients on real sockets.

Both return what each connection received, to compare with the capture.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass, field
from typing import Callable, Sequence

from tablehall.core.hosting import Host, MemoryTransport, Service, ServiceSpec
from tablehall.core.store import RecordStore

QUIET = 0.06  # seconds without output that count as "the server has nothing more to say"
SETTLE_LIMIT = 10.0
# A guard, not a timing: how long to wait for output the capture says will come before calling
# the run finished (a wrong server shows as a diff after this long).
EXPECT_LIMIT = 120.0


@dataclass
class Step:
    conn: str
    send: bytes = b""
    close: bool = False
    sleep: float = 0.0
    answers: list[bytes] | None = None  # auto-reply: one chunk per `trigger` the conn receives
    trigger: bytes = b""


def autoplay(conn: str, answers: Sequence[bytes], trigger: bytes) -> Step:
    """From now on, `conn` answers every occurrence of `trigger` in what it receives with the
    next of `answers` (a client playing recorded moves when asked)."""
    return Step(conn, answers=list(answers), trigger=trigger)


def send(conn: str, data: bytes | str) -> Step:
    return Step(conn, send=data.encode() if isinstance(data, str) else data)


def close(conn: str) -> Step:
    return Step(conn, close=True)


def pause(seconds: float) -> Step:
    return Step("", sleep=seconds)


@dataclass
class Transcript:
    """A probe transcript: what the client sent (in order) and all it received."""

    sends: list[bytes] = field(default_factory=list)
    received: bytes = b""
    marks: list[int] = field(default_factory=list)  # bytes received when each send went out


@dataclass
class Expect:
    """What a connection is known to receive: how much before each of its own sends, and in all.
    The harness waits for that much instead of guessing from a quiet moment, so a busy machine
    cannot make it send early or stop reading before the server has finished."""

    marks: Sequence[int] = ()
    total: int = 0

    @classmethod
    def of(cls, transcript: "Transcript") -> "Expect":
        return cls(transcript.marks, len(transcript.received))


_MARKER = re.compile(rb"\n>>> (.*)\n")


def read_transcript(data: bytes) -> Transcript:
    """Parse the capture format: '\\n>>> TEXT\\n' marks a send; every other byte was received."""
    transcript = Transcript()
    received = bytearray()
    position = 0
    for match in _MARKER.finditer(data):
        received += data[position:match.start()]
        transcript.marks.append(len(received))
        transcript.sends.append(match.group(1))
        position = match.end()
    received += data[position:]
    transcript.received = bytes(received)
    return transcript


# -- drivers ------------------------------------------------------------------------------------
class _Peer:
    received: bytearray
    server_closed: bool

    async def send(self, data: bytes) -> None: ...
    async def close(self) -> None: ...


class _MemoryPeer(_Peer):
    def __init__(self, service: Service, name: str) -> None:
        self.transport = MemoryTransport(peer="127.0.0.1:0")
        self.session = service.open_session(self.transport)
        self.received = self.transport.buffer
        self.gone = False

    @property
    def server_closed(self) -> bool:
        return self.transport.closed

    async def send(self, data: bytes) -> None:
        if not self.transport.closed:
            self.session.data_received(data)

    async def close(self) -> None:
        if not self.gone:
            self.gone = True
            self.session.connection_lost()


class _SocketPeer(_Peer):
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.received = bytearray()
        self.server_closed = False
        self.task = asyncio.ensure_future(self._pump())

    async def _pump(self) -> None:
        while True:
            chunk = await self.reader.read(65536)
            if not chunk:
                self.server_closed = True
                return
            self.received += chunk

    async def send(self, data: bytes) -> None:
        if not self.writer.is_closing():
            self.writer.write(data)
            await self.writer.drain()

    async def close(self) -> None:
        if not self.writer.is_closing():
            self.writer.close()
        await asyncio.sleep(0)


@dataclass
class _Responder:
    """Answers each new `trigger` a connection receives with the next answer, rewritten when it
    is sent (not up front: rewriting thousands of recorded moves before the first one goes out
    would make the first move late on a busy machine)."""

    answers: list[bytes]
    trigger: bytes
    rewrite: "Rewrite | None" = None
    sent: int = 0
    triggers: int = 0  # occurrences of `trigger` found so far
    scanned: int = 0  # where the search for the next one starts

    def count_triggers(self, received: bytearray) -> int:
        while (found := received.find(self.trigger, self.scanned)) >= 0:
            self.triggers += 1
            self.scanned = found + len(self.trigger)
        return self.triggers


async def _respond(peers: dict[str, _Peer], responders: dict[str, _Responder]) -> None:
    for name, responder in responders.items():
        peer = peers[name]
        while responder.sent < len(responder.answers) and responder.count_triggers(peer.received) > responder.sent:
            answer = responder.answers[responder.sent]
            responder.sent += 1
            await peer.send(responder.rewrite(answer, peers) if responder.rewrite else answer)


async def _settle(peers: dict[str, _Peer], responders: dict[str, _Responder]) -> None:
    """Wait until no connection received anything for QUIET seconds (auto-replies included)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + SETTLE_LIMIT
    last = None
    quiet_since = loop.time()
    while loop.time() < deadline:
        await asyncio.sleep(0.01)
        await _respond(peers, responders)
        sizes = tuple((len(p.received), p.server_closed) for p in peers.values())
        if sizes != last:
            last = sizes
            quiet_since = loop.time()
        elif loop.time() - quiet_since >= QUIET:
            return


async def _await_received(peers: dict[str, _Peer], responders: dict[str, _Responder], conn: str,
                          amount: int) -> None:
    """Wait until `conn` has received `amount` bytes (answering autoplay triggers meanwhile)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + EXPECT_LIMIT
    while conn in peers and len(peers[conn].received) < amount and loop.time() < deadline:
        await _respond(peers, responders)
        await asyncio.sleep(0.01)


async def _play(steps: Sequence[Step], connect: Callable[[str], "asyncio.Future[_Peer] | _Peer"],
                rewrite: Callable[[bytes, dict[str, _Peer]], bytes] | None = None,
                expect: dict[str, Expect] | None = None) -> dict[str, _Peer]:
    peers: dict[str, _Peer] = {}
    responders: dict[str, _Responder] = {}
    expect = expect or {}
    sends: dict[str, int] = {}  # explicit sends made so far per connection
    for step in steps:
        if step.sleep:
            await asyncio.sleep(step.sleep)
        elif step.close:
            if step.conn in peers:
                await peers[step.conn].close()
        elif step.answers is not None:
            responders[step.conn] = _Responder(list(step.answers), step.trigger, rewrite)
            await _respond(peers, responders)
        else:
            if step.conn not in peers:
                peer = connect(step.conn)
                peers[step.conn] = await peer if asyncio.iscoroutine(peer) else peer  # type: ignore[misc]
            index = sends.get(step.conn, 0)
            sends[step.conn] = index + 1
            marks = expect[step.conn].marks if step.conn in expect else ()
            if index < len(marks):
                await _await_received(peers, responders, step.conn, marks[index])
            await peers[step.conn].send(rewrite(step.send, peers) if rewrite else step.send)
        await _settle(peers, responders)
    for conn, known in expect.items():
        await _await_received(peers, responders, conn, known.total)
    await _settle(peers, responders)
    return peers


Rewrite = Callable[[bytes, dict[str, "_Peer"]], bytes]


async def run_in_memory(factory: Callable[[Host], Service], steps: Sequence[Step],
                        host: Host, rewrite: Rewrite | None = None,
                        expect: dict[str, Expect] | None = None) -> dict[str, bytes]:
    service = factory(host)
    peers = await _play(steps, lambda name: _MemoryPeer(service, name), rewrite, expect)
    out = {name: bytes(peer.received) for name, peer in peers.items()}
    for peer in peers.values():
        await peer.close()
    await host.abort_all("test over")
    return out


async def run_over_tcp(spec: ServiceSpec, steps: Sequence[Step], config: dict,
                       store: RecordStore | None = None, rewrite: Rewrite | None = None,
                       expect: dict[str, Expect] | None = None) -> dict[str, bytes]:
    from tablehall.server.app import Server
    from tablehall.server.config import ServerConfig

    server = Server(ServerConfig(ports={}, sections={spec.name: dict(config)}), store=store,
                    services=[spec])
    await server.start()
    port = server.port(spec.name)

    async def connect(name: str) -> _Peer:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        return _SocketPeer(reader, writer)

    peers = await _play(steps, connect, rewrite, expect)
    out = {name: bytes(peer.received) for name, peer in peers.items()}
    for peer in peers.values():
        await peer.close()
    await server.stop()
    return out

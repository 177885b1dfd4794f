"""A real TCP server for the Renaissance service on 127.0.0.1 (an asyncio loop in a thread,
`asyncio.start_server`, the service's sessions fed with the bytes read) and a blocking
line client.  Stands in for `tablehall serve` until the platform's server lands."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from typing import Any, Callable

from tablehall.core.hosting import Host, Transport
from tablehall.games.renaissance import SPEC
from tablehall.games.renaissance.codec import Message, encode, parse_server_line


class StreamTransport(Transport):
    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        host, port = writer.get_extra_info("peername")[:2]
        self.peer = f"{host}:{port}"

    def write(self, data: bytes) -> None:
        if not self.writer.is_closing():
            self.writer.write(data)

    def close(self) -> None:
        self.writer.close()

    @property
    def is_closing(self) -> bool:
        return self.writer.is_closing()


class ServerThread:
    """`with ServerThread(config) as server:` ... `server.port`."""

    def __init__(self, config: dict[str, Any] | None = None, store=None) -> None:
        self.config = {"bot_fill_after": 0, **(config or {})}
        self.store = store
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.port = 0
        self.sessions: list[Any] = []
        self.connections: dict[asyncio.Task, asyncio.StreamWriter] = {}

    def __enter__(self) -> "ServerThread":
        self.thread.start()
        self.call(self._open)
        return self

    def __exit__(self, *exc: Any) -> None:
        self.call(self._close)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()

    def call(self, make_coroutine: Callable[[], Any], timeout: float = 20) -> Any:
        return asyncio.run_coroutine_threadsafe(make_coroutine(), self.loop).result(timeout)

    async def _open(self) -> None:
        self.host = Host(self.store, self.config)
        self.service = SPEC.services[0].factory(self.host)
        self.server = await asyncio.start_server(self._connection, "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        session = self.service.open_session(StreamTransport(writer))
        self.sessions.append(session)
        task = asyncio.current_task()
        self.connections[task] = writer
        try:
            while True:
                data = await reader.read(4096)
                if not data:
                    break
                session.data_received(data)
        except (ConnectionError, OSError):
            pass
        finally:
            self.connections.pop(task, None)
            session.connection_lost()
            writer.close()

    async def _close(self) -> None:
        self.server.close()
        await self.host.abort_all()
        await self.service.shutdown()
        for task in list(self.host.tasks):
            task.cancel()
        connections = list(self.connections)
        for writer in self.connections.values():
            writer.close()  # the reader sees the end of the stream and the task returns
        await asyncio.gather(*connections, *self.host.tasks, return_exceptions=True)

    def matches_done(self, timeout: float = 30) -> None:
        """Wait until no match is running."""
        deadline = time.monotonic() + timeout
        while self.host.matches or self.host.tasks - {self.service._ticker}:
            if time.monotonic() > deadline:
                raise TimeoutError("matches still running")
            time.sleep(0.02)


class Client:
    """A blocking line client that answers pings and keeps every message it read."""

    def __init__(self, port: int, timeout: float = 10) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.timeout = timeout
        self.buffer = b""
        self.log: list[Message] = []
        self.pings = 0

    def send(self, line: str) -> None:
        self.sock.sendall(line.encode() + b"\n")

    def send_raw(self, data: bytes) -> None:
        self.sock.sendall(data)

    def read(self, deadline: float | None = None) -> Message:
        """The next message other than a ping (pings are answered)."""
        deadline = deadline or time.monotonic() + self.timeout
        while True:
            while b"\n" not in self.buffer:
                if time.monotonic() > deadline:
                    raise TimeoutError(f"nothing in time; last: {self.log[-5:]}")
                data = self.sock.recv(65536)
                if not data:
                    raise EOFError("server closed the connection")
                self.buffer += data
            line, self.buffer = self.buffer.split(b"\n", 1)
            message = parse_server_line(line.decode())
            if message.code == 350:
                self.pings += 1
                self.send("351 pong")
                continue
            self.log.append(message)
            return message

    def expect(self, *codes: int) -> Message:
        """Read until a message with one of `codes`; the ones skipped stay in the log."""
        deadline = time.monotonic() + self.timeout
        while True:
            message = self.read(deadline)
            if message.code in codes:
                return message

    def latest(self, code: int) -> Message | None:
        for message in reversed(self.log):
            if message.code == code:
                return message
        return None

    def closed(self, timeout: float = 5) -> bool:
        """Whether the server closes the connection within `timeout` (reading what comes)."""
        deadline = time.monotonic() + timeout
        self.sock.settimeout(timeout)
        try:
            while True:
                self.read(deadline)
        except EOFError:
            return True
        except (socket.timeout, TimeoutError):
            return False

    def close(self) -> None:
        self.sock.close()


def login(port: int, name: str) -> Client:
    client = Client(port)
    client.expect(110)
    client.send(f"171 {name}")
    client.expect(310)
    return client


__all__ = ["ServerThread", "Client", "login", "encode", "Message"]

"""The platform's server (`tablehall.server.app.Server`, real listeners on 127.0.0.1) with
only the Renaissance service, run on an asyncio loop in a thread so that tests can use plain
blocking sockets and subprocesses as clients; and a blocking line client."""

from __future__ import annotations

import asyncio
import socket
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable

from tablehall.core.store import SqliteStore
from tablehall.games.renaissance import SPEC
from tablehall.games.renaissance.codec import Message, parse_server_line
from tablehall.server.app import Server
from tablehall.server.config import ServerConfig


class ServerThread:
    """`with ServerThread(config) as server:` ... `server.port`; `config` is the service's
    section (bot_fill_after defaults to 0 here: tests add bots explicitly)."""

    def __init__(self, config: dict[str, Any] | None = None, store=None) -> None:
        self.config = {"bot_fill_after": 0, **(config or {})}
        self._scratch = None
        if store is None:
            self._scratch = tempfile.TemporaryDirectory()
            store = SqliteStore(Path(self._scratch.name) / "records.sqlite")
        self.store = store
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.port = 0

    def __enter__(self) -> "ServerThread":
        self.thread.start()
        self.call(self._open)
        return self

    def __exit__(self, *exc: Any) -> None:
        self.call(self.server.stop)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()
        if self._scratch is not None:
            self.store.close()
            self._scratch.cleanup()

    def call(self, make_coroutine: Callable[[], Any], timeout: float = 20) -> Any:
        return asyncio.run_coroutine_threadsafe(make_coroutine(), self.loop).result(timeout)

    async def _open(self) -> None:
        config = ServerConfig(sections={"renaissance": self.config})
        self.server = Server(config, store=self.store, services=list(SPEC.services))
        await self.server.start()
        self.port = self.server.port("renaissance")
        self.service = self.server.services["renaissance"]
        self.host = self.server.hosts["renaissance"]

    @property
    def sessions(self) -> list[Any]:
        return self.service.sessions

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



"""The web hall inside `tablehall serve`: uvicorn on the server's own event loop, serving
`tablehall.web` over the same live matches and record store as the protocol listeners."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from typing import Iterator

from ..core.hosting import Setting
from ..core.limits import Limits
from ..web.hall import LOOPBACK_NAMES, Hall
from .gate import ConnectionGate
from .listening import ListenError

log = logging.getLogger("tablehall.web")

DEFAULT_HTTP_PORT = 8080

#: the [web] config section: the clock of people playing in the browser
WEB_SETTINGS = {
    "decision_timeout": Setting(300.0, "seconds a person in the browser has for one decision; then the seat is "
                                       "handled as the game's protocol handles a client that timed out "
                                       "(docs/http-api.md); 0: no limit"),
    "reconnect_grace": Setting(120.0, "seconds a seat whose page was closed waits for it to come back (a reload "
                                      "with the seat's token); then the seat has left the game; 0: forever"),
    "allowed_hosts": Setting([], "the names the hall answers to (the Host of a request; a request naming "
                                 "another is refused, against DNS rebinding), e.g. [\"games.example.org\"]; "
                                 "unset: the bound address and loopback's names; [\"*\"]: any"),
}


def allowed_hosts(configured: list[str], bound: str) -> list[str]:
    """The Host names the hall accepts: the configured ones, else its bound address and
    loopback's names (a hall bound to every address must be told its public names)."""
    if configured:
        return list(configured)
    names = list(LOOPBACK_NAMES)
    if bound not in ("0.0.0.0", "::", ""):
        names.append(bound)
    return names


class WebUnavailable(RuntimeError):
    """The `web` extra is not installed."""


class WebListener:
    def __init__(self, hall: Hall, host: str, port: int, gate: ConnectionGate, deflate: bool = False) -> None:
        try:
            import uvicorn

            from ..web.app import create_app
            from .httpgate import GuardedWebSocket, guarded_h11
        except ImportError as exc:
            raise WebUnavailable(f"the web hall needs the web extra (pip install 'tablehall[web]'): {exc}") from None

        class EmbeddedServer(uvicorn.Server):
            @contextlib.contextmanager
            def capture_signals(self) -> Iterator[None]:
                yield  # `tablehall serve` handles SIGINT/SIGTERM itself and stops us

        try:
            self.sock = socket.create_server((host, port), reuse_port=False)
        except OSError as exc:
            raise ListenError(f"cannot listen for the web hall on {host}:{port}: {exc.strerror or exc} "
                              "(--http-port N moves it, 0 turns it off)") from None
        self.port = self.sock.getsockname()[1]
        # no per-message deflate by default: a frame goes to every spectator of a game, and
        # compressing it once per socket costs more than sending it (docs/benchmarks.md, "Web hall")
        limits: Limits = hall.limits
        config = uvicorn.Config(create_app(hall), log_level="warning", lifespan="off", access_log=False,
                                http=guarded_h11(gate, limits), ws=GuardedWebSocket, ws_max_size=1 << 16,
                                ws_per_message_deflate=deflate, timeout_keep_alive=limits.keepalive_timeout,
                                proxy_headers=bool(limits.trusted_proxies),
                                forwarded_allow_ips=list(limits.trusted_proxies))
        self.server = EmbeddedServer(config)
        self.task: asyncio.Task | None = None

    def start(self) -> None:
        self.task = asyncio.ensure_future(self.server.serve(sockets=[self.sock]))

    async def stop(self) -> None:
        self.server.should_exit = True
        if self.task is not None:
            try:
                await asyncio.wait_for(self.task, 10)
            except asyncio.TimeoutError:
                self.task.cancel()
        self.sock.close()

"""uvicorn's HTTP/1.1 protocol inside the limits (uvicorn closes idle connections between
requests, but never one that is slow to send a request).  Each connection is admitted by the
server's `ConnectionGate` like a protocol port's, and a request must arrive whole, headers and
body, within ``[limits] request_timeout`` seconds; a WebSocket keeps its gate place until it
closes."""

from __future__ import annotations

import asyncio
from typing import Any, Callable

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from ..core.limits import Limits
from .gate import ConnectionGate, refused


class GuardedWebSocket(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol that gives its connection's gate place back when it closes."""

    on_lost: Callable[[], None] | None = None

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        if self.on_lost is not None:
            self.on_lost()


class GuardedH11(H11Protocol):
    """Made per server by `guarded_h11`, which sets the gate and the limits."""

    gate: ConnectionGate
    limits: Limits

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.address: str | None = None  # counted by the gate until the connection (or its WebSocket) closes
        self.request_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = self.client[0] if self.client else "-"
        reason = self.gate.admit(address)
        if reason is not None:
            refused("http", address, reason)
            status = "503 Service Unavailable" if reason.startswith("the server is full") else "429 Too Many Requests"
            self._answer_and_close(status, reason)
            return
        self.address = address
        self._await_request()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.transport.is_closing() or self.transport.get_protocol() is not self:
            return  # closed, or handed to the WebSocket protocol
        if self.conn.their_state in (h11.IDLE, h11.SEND_BODY):
            self._await_request()  # a request begun (or the next one): it has the time from its first byte
        else:
            self._cancel_timer()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        self._cancel_timer()
        super().handle_websocket_upgrade(event)
        protocol = self.transport.get_protocol()
        if isinstance(protocol, GuardedWebSocket) and self.address is not None:
            protocol.on_lost = self._release  # its place at the gate goes with the socket
        else:
            self._release()

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        self._cancel_timer()
        self._release()

    def _await_request(self) -> None:
        if self.request_timer is None:
            self.request_timer = self.loop.call_later(self.limits.request_timeout, self._request_overdue)

    def _request_overdue(self) -> None:
        self.request_timer = None
        if self.transport.is_closing() or self.transport.get_protocol() is not self:
            return
        state = self.conn.their_state
        if state not in (h11.IDLE, h11.SEND_BODY):
            return  # the request is in, the app answers it
        reason = f"no whole request within {self.limits.request_timeout:g} seconds"
        refused("http", self.client[0] if self.client else "-", reason)
        if state is h11.IDLE:
            self._answer_and_close("408 Request Timeout", reason)
        else:  # the app reads its body: it sees the client gone
            self.transport.close()

    def _cancel_timer(self) -> None:
        if self.request_timer is not None:
            self.request_timer.cancel()
            self.request_timer = None

    def _release(self) -> None:
        if self.address is not None:
            self.gate.release(self.address)
            self.address = None

    def _answer_and_close(self, status: str, reason: str) -> None:
        body = reason.encode()
        self.transport.write(f"HTTP/1.1 {status}\r\ncontent-type: text/plain; charset=utf-8\r\n"
                             f"content-length: {len(body)}\r\nconnection: close\r\n\r\n".encode() + body)
        self.transport.close()


def guarded_h11(gate: ConnectionGate, limits: Limits) -> type[GuardedH11]:
    """The HTTP protocol class uvicorn builds per connection, bound to this server's gate."""
    return type("ServerH11", (GuardedH11,), {"gate": gate, "limits": limits})

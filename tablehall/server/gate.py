"""Who may open one more connection: every port of a `tablehall serve` process (the protocol
listeners and the web hall) asks one `ConnectionGate` as a connection arrives and tells it when
the connection is gone.  A connection past a limit is turned away with its protocol's own
error and one log line; the others are never slowed by it."""

from __future__ import annotations

import ipaddress
import logging

from ..core.limits import Limits

log = logging.getLogger("tablehall.limits")


class ConnectionGate:
    """At most `connections_per_address` connections open at once from one address (a trusted
    proxy's are not counted, its clients' limits are applied behind it), and `max_connections`
    in all, a budget under the process's file limit."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.open_by_address: dict[str, int] = {}
        self.total = 0

    def admit(self, address: str) -> str | None:
        """Count a new connection from `address`, or say why it is refused (not counted)."""
        limits = self.limits
        if self.total >= limits.max_connections:
            return f"the server is full ({limits.max_connections} connections)"
        held = self.open_by_address.get(address, 0)
        if held >= limits.connections_per_address and not limits.is_trusted_proxy(address):
            return f"too many connections from {address} ({limits.connections_per_address} at once)"
        self.open_by_address[address] = held + 1
        self.total += 1
        return None

    def release(self, address: str) -> None:
        """A connection `admit` counted is gone."""
        self.total -= 1
        held = self.open_by_address.pop(address, 0) - 1
        if held > 0:  # an address with no connection left takes no memory
            self.open_by_address[address] = held


def refused(service: str, address: str, reason: str) -> None:
    """The operator's line for a connection turned away by a limit."""
    log.warning("connection refused", extra={"service": service, "peer": address, "reason": reason})


class ProxyLine:
    """The PROXY protocol's version 1 line a trusted proxy sends before its client's bytes
    (nginx's stream module with ``proxy_protocol on``): ``PROXY TCP4 <client> <server> <client
    port> <server port>\\r\\n``, at most 107 bytes.  `feed` says when it is whole; then `client`
    is the client's (address, port), or None for ``PROXY UNKNOWN``, and `rest` the bytes after it."""

    MAX = 107

    def __init__(self) -> None:
        self.buffer = b""
        self.client: tuple[str, int] | None = None
        self.rest = b""

    def feed(self, data: bytes) -> bool:
        """Take bytes; True once the line is read.  ValueError for anything but a PROXY line."""
        self.buffer += data
        end = self.buffer.find(b"\r\n")
        if end < 0:
            if len(self.buffer) >= self.MAX or not b"PROXY ".startswith(self.buffer[:6]):
                raise ValueError("not a PROXY protocol line")
            return False
        if end > self.MAX - 2:
            raise ValueError("PROXY line too long")
        line, self.rest = self.buffer[:end], self.buffer[end + 2:]
        words = line.decode("ascii", errors="replace").split(" ")
        if words[:2] == ["PROXY", "UNKNOWN"]:
            return True
        if len(words) != 6 or words[0] != "PROXY" or words[1] not in ("TCP4", "TCP6"):
            raise ValueError("not a PROXY protocol line")
        try:
            address = str(ipaddress.ip_address(words[2]))
            port = int(words[4])
        except ValueError:
            raise ValueError("PROXY line with a bad address") from None
        self.client = (address, port)
        return True

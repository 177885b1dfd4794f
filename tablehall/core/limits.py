"""What one client may cost the server, declared once: the ``[limits]`` section of the config
(also ``--set limits.KEY=VALUE``), with its defaults, for `serve --help` and docs/security.md.

The server's connection gate, the protocol ports' login deadline, the HTTP guards and the web
hall's quotas all read their numbers from the `Limits` made here; nothing else holds a limit.
"""

from __future__ import annotations

import ipaddress
import resource
from dataclasses import dataclass, field
from typing import Any, Mapping

from .hosting import Setting, read_settings

#: file descriptors kept out of the connection budget: the record store, logs, subprocess bots
FILE_RESERVE = 64

LIMIT_SETTINGS = {
    "max_body": Setting(65536, "bytes an HTTP request body may have (the JSON API's are far smaller); "
                               "more: 413, refused before it is read whole"),
    "max_json_depth": Setting(32, "nesting of arrays and objects a JSON request body may have; deeper: 400"),
    "request_timeout": Setting(10.0, "seconds an HTTP client has to send a whole request, headers and body, "
                                     "from its first byte (or from connecting); then 408 and closed"),
    "keepalive_timeout": Setting(5, "seconds an idle HTTP connection is kept open between requests"),
    "login_timeout": Setting(30.0, "seconds a client of a protocol port has to say who it is (JSettlers' "
                                   "version message, a contest join, Dominion's join line, a Renaissance "
                                   "nickname); then the protocol's error and closed"),
    "connections_per_address": Setting(64, "connections one address may hold open at once, on every port "
                                           "together; more: refused with the protocol's error (a trusted "
                                           "proxy is not counted: its clients are)"),
    "max_connections": Setting(None, "connections open at once on every port together; more: refused with "
                                     "the protocol's error; unset: the process's file limit (RLIMIT_NOFILE) "
                                     f"less {FILE_RESERVE}", kind=int),
    "games_per_minute": Setting(10, "games one address may start from the web hall per minute (a burst of "
                                    "as many, then one each 60/N seconds); more: 429"),
    "live_games_per_address": Setting(8, "games started from the web hall by one address that may be live "
                                         "(waiting or playing) at once; more: 429"),
    "seat_joins_per_minute": Setting(60, "seat sockets one address may open in the web hall per minute; "
                                         "more: refused"),
    "trusted_proxies": Setting([], "addresses of reverse proxies in front of the hall (docs/deploy.md): "
                                   "their X-Forwarded-For (HTTP) and PROXY line (protocol ports) name the "
                                   "client the limits count"),
    "proxy_protocol": Setting(False, "connections from trusted_proxies to the protocol ports begin with a "
                                     "PROXY protocol line naming the client (nginx's stream module with "
                                     "proxy_protocol on)"),
}


class LimitError(ValueError):
    """A [limits] value the server cannot use."""


@dataclass(frozen=True)
class Limits:
    max_body: int = LIMIT_SETTINGS["max_body"].default
    max_json_depth: int = LIMIT_SETTINGS["max_json_depth"].default
    request_timeout: float = LIMIT_SETTINGS["request_timeout"].default
    keepalive_timeout: int = LIMIT_SETTINGS["keepalive_timeout"].default
    login_timeout: float = LIMIT_SETTINGS["login_timeout"].default
    connections_per_address: int = LIMIT_SETTINGS["connections_per_address"].default
    max_connections: int = 0  # 0: worked out from the file limit by `from_section`
    games_per_minute: int = LIMIT_SETTINGS["games_per_minute"].default
    live_games_per_address: int = LIMIT_SETTINGS["live_games_per_address"].default
    seat_joins_per_minute: int = LIMIT_SETTINGS["seat_joins_per_minute"].default
    trusted_proxies: tuple[str, ...] = ()
    proxy_protocol: bool = False
    _proxy_networks: tuple[Any, ...] = field(default=(), repr=False, compare=False)

    @classmethod
    def from_section(cls, section: Mapping[str, Any]) -> "Limits":
        """The ``[limits]`` section checked (SettingError names a bad key or value), with the
        connection budget worked out from the file limit when it is not set."""
        values = read_settings("limits", section, LIMIT_SETTINGS)
        budget = values["max_connections"] or file_budget()
        if budget > file_budget():
            raise LimitError(f"[limits] max_connections = {budget} is over the file limit's budget "
                             f"({file_budget()}: RLIMIT_NOFILE less {FILE_RESERVE}); raise the file limit first")
        for key in ("max_body", "max_json_depth", "connections_per_address", "games_per_minute",
                    "live_games_per_address", "seat_joins_per_minute"):
            if values[key] < 1:
                raise LimitError(f"[limits] {key} must be at least 1")
        for key in ("request_timeout", "keepalive_timeout", "login_timeout"):
            if values[key] <= 0:
                raise LimitError(f"[limits] {key} must be more than 0 seconds")
        proxies = tuple(str(p) for p in values["trusted_proxies"])
        try:
            networks = tuple(ipaddress.ip_network(p, strict=False) for p in proxies)
        except ValueError as exc:
            raise LimitError(f"[limits] trusted_proxies: {exc}") from None
        return cls(**{**values, "max_connections": budget, "trusted_proxies": proxies}, _proxy_networks=networks)

    def is_trusted_proxy(self, address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in network for network in self._proxy_networks)


def file_budget() -> int:
    """Connections the process can hold: its soft file limit less what it keeps for itself."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        soft = 1 << 20
    return max(1, soft - FILE_RESERVE)


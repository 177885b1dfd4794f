"""The web hall's guards: ASGI middleware in front of every route, each refusing one kind of
abuse with the API's own error (``{"detail": ...}`` and a status; a WebSocket is closed before
it is accepted, which the browser sees as 403) and one log line.

From the outside in: security headers on every answer; a Host allow-list (against DNS
rebinding); state-changing requests and WebSocket upgrades only from the hall's own pages
(Origin, Sec-Fetch-Site, then the CSRF hook); per-address rates; request bodies counted as
they arrive.  The numbers are the server's ``[limits]`` (core/limits.py)."""

from __future__ import annotations

import json
import logging
import re
from typing import Any, Awaitable, Callable, MutableMapping, Sequence

from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request

from ..core import jsonbounds
from ..core.limits import Limits
from .quota import RateLimit

log = logging.getLogger("tablehall.limits")

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

#: every answer's security headers: scripts and styles only from /static (the pages have no
#: inline script, style or handler), no framing, no MIME sniffing, no referrer to other sites
SECURITY_HEADERS = [
    (b"content-security-policy", b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                                 b"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
                                 b"frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


def client(scope: Scope) -> str:
    """The client's address (behind a trusted proxy, the one it forwards: uvicorn's proxy headers)."""
    address = scope.get("client")
    return address[0] if address else "-"


def header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope["headers"]:
        if key == name:
            return value.decode("latin-1")
    return None


def refusal(scope: Scope, status: int, reason: str) -> HTTPException:
    """A request a limit turns away: its log line, and the error a route raises."""
    log.warning("request refused", extra={"peer": client(scope), "path": scope.get("path", "-"),
                                          "status": status, "reason": reason})
    return HTTPException(status, reason)


async def refuse(scope: Scope, receive: Receive, send: Send, status: int, reason: str) -> None:
    """Turn the request away: the API's JSON error, or a WebSocket closed before it opens."""
    refusal(scope, status, reason)
    if scope["type"] == "websocket":
        await receive()  # websocket.connect
        await send({"type": "websocket.close", "code": 1008, "reason": reason[:120]})
        return
    body = json.dumps({"detail": reason}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


class SecurityHeaders:
    def __init__(self, app: App) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def with_headers(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                present = {key.lower() for key, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []),
                                      *((k, v) for k, v in SECURITY_HEADERS if k not in present)]
            await send(message)

        await self.app(scope, receive, with_headers)


class HostCheck:
    """Only requests naming the hall by one of its own names: a page on another site that
    rebinds its DNS name to the hall's address still sends its own name, and is refused."""

    def __init__(self, app: App, allowed: Sequence[str]) -> None:
        self.app = app
        self.any = "*" in allowed
        self.allowed = {name.lower().strip("[]") for name in allowed}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and not self.any:
            host = hostname(header(scope, b"host") or "")
            if host not in self.allowed:
                return await refuse(scope, receive, send, 400, f"unknown host {host[:60]!r}: this hall answers to "
                                                               f"{', '.join(sorted(self.allowed))}")
        await self.app(scope, receive, send)


def hostname(host: str) -> str:
    """The name in a Host header, without its port ("[::1]:8080" -> "::1")."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


class CsrfPolicy:
    """What a state-changing request must show besides its origin: nothing here (a request
    without a credential has nothing to forge); `web.auth.AccountCsrf` checks the token of a
    request that carries the session cookie.  `check` gives a reason to refuse, or None."""

    def check(self, scope: Scope) -> str | None:
        return None


class OriginCheck:
    """State-changing requests and WebSocket upgrades only from the hall's own pages: a browser
    names the page's origin (Origin) and says whether it is this site (Sec-Fetch-Site); a
    client that is not a browser sends neither, and is let through to the CSRF hook."""

    def __init__(self, app: App, csrf: CsrfPolicy) -> None:
        self.app = app
        self.csrf = csrf

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" or (scope["type"] == "http" and scope["method"] not in SAFE_METHODS):
            reason = self.cross_site(scope) or self.csrf.check(scope)
            if reason is not None:
                return await refuse(scope, receive, send, 403, reason)
        await self.app(scope, receive, send)

    @staticmethod
    def cross_site(scope: Scope) -> str | None:
        site = header(scope, b"sec-fetch-site")
        if site is not None and site not in ("same-origin", "none"):
            return f"a {site} request may not change the hall"
        origin = header(scope, b"origin")
        if origin is None:
            return None
        scheme = {"ws": "http", "wss": "https"}.get(scope["scheme"], scope["scheme"])
        own = f"{scheme}://{(header(scope, b'host') or '').strip().lower()}"
        if origin.strip().lower() != own:
            return f"a request from {origin[:80]!r} may not change the hall (only {own})"
        return None


class RateLimits:
    """Per-address rates of the acts that cost the server most: starting a game, opening a
    seat socket."""

    def __init__(self, app: App, rules: Sequence[tuple[str, re.Pattern[str], RateLimit, str]]) -> None:
        self.app = app
        self.rules = rules  # (scope type and method, path, limit, what it counts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = f"{scope['type']} {scope.get('method', '')}".strip()
        for rule_kind, path, limit, what in self.rules:
            if kind == rule_kind and path.match(scope["path"]) and not limit.allow(client(scope)):
                return await refuse(scope, receive, send, 429, f"too many {what} from {client(scope)} "
                                                               f"(at most {limit.per_minute} a minute)")
        await self.app(scope, receive, send)


class BodyTooLarge(Exception):
    pass


class BodyLimit:
    """A request body larger than `max_body` bytes is refused with 413: at once when its
    Content-Length says so, else as soon as the bytes that arrived pass the limit (uvicorn
    stops reading a body the app does not take, so no more is held)."""

    def __init__(self, app: App, max_body: int) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        too_large = f"request body over {self.max_body} bytes"
        length = header(scope, b"content-length")
        if length is not None and length.strip().isdigit() and int(length) > self.max_body:
            return await refuse(scope, receive, send, 413, too_large)
        received = 0
        answered = False

        async def counted() -> MutableMapping[str, Any]:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_body:
                    raise BodyTooLarge
            return message

        async def watched(message: MutableMapping[str, Any]) -> None:
            nonlocal answered
            answered = answered or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except BodyTooLarge:
            if not answered:
                await refuse(scope, receive, send, 413, too_large)


async def read_json(request: Request, limits: Limits) -> Any:
    """The request's JSON body within the limits (its size is BodyLimit's): 400 for one that
    is not JSON, nests too deeply or holds a number that does not fit."""
    body = await request.body()
    try:
        return jsonbounds.loads(body, limits.max_json_depth)
    except ValueError as exc:
        raise HTTPException(400, f"the body is not usable JSON: {exc}") from None


def middleware(limits: Limits, allowed_hosts: Sequence[str], csrf: CsrfPolicy | None = None) -> list[Middleware]:
    """The guards in the order a request meets them."""
    rules = [("http POST", re.compile(r"(/api/games/(new|[^/]+/rematch)|/api/play-bot|/seeks/bot)\Z"),
              RateLimit(limits.games_per_minute), "new games"),
             ("websocket", re.compile(r"/ws/games/[^/]+/seats/"), RateLimit(limits.seat_joins_per_minute),
              "seat sockets")]
    return [Middleware(SecurityHeaders), Middleware(HostCheck, allowed=allowed_hosts),
            Middleware(OriginCheck, csrf=csrf or CsrfPolicy()), Middleware(RateLimits, rules=rules),
            Middleware(BodyLimit, max_body=limits.max_body)]

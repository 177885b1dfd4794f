"""Who is at the browser: the session cookie and the CSRF tokens of the web hall's forms.

The session cookie (`SESSION_COOKIE`) carries the session's random id (`accounts.sessions`)
signed with the hall's key (HMAC-SHA256), HttpOnly and SameSite=Lax, Secure over HTTPS, and
lives as long as the server-side session; the store keeps only the id's hash and its expiry,
so a cookie whose session ended (logout, expiry, a new password, a disabled account) opens
nothing.

CSRF: every browser gets a random `CSRF_COOKIE`; a form's token is the HMAC of it under the
hall's key (so a page on another site can neither read nor make one).  Forms carry it in a
hidden ``csrf`` field, the pages' scripts in an ``X-CSRF-Token`` header (the token is in every
page's ``<meta name="csrf-token">``).  The account forms check their field themselves
(`require_form_token`); `AccountCsrf`, the guard's CSRF hook, refuses any other state-changing
request that carries the session cookie without the header, so the JSON API called with the
session cookie is covered too.  Requests without the cookie carry no credential and pass as
before (bots, scripts)."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import TYPE_CHECKING, Any

from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection, Request
from starlette.responses import Response

from .guard import CsrfPolicy, Scope, header

if TYPE_CHECKING:
    from ..accounts.book import Account
    from ..accounts.service import Accounts

SESSION_COOKIE = "th_session"
CSRF_COOKIE = "th_csrf"
CSRF_HEADER = b"x-csrf-token"
CSRF_FIELD = "csrf"
NEW_BROWSER = "new_browser_cookie"  # the scope state's key for a CSRF cookie being set
#: paths whose POSTs are forms that check their own token field
FORM_PREFIXES = ("/account", "/admin/", "/seeks", "/bots")


class Keys:
    """The hall's signing key: the ``[accounts] cookie_key`` setting, or (unset) a random one
    for this process, so a restart logs everyone out."""

    def __init__(self, key: str = "") -> None:
        self.key = key.encode() if key else secrets.token_bytes(32)

    def mac(self, purpose: str, value: str) -> str:
        return hmac.new(self.key, f"{purpose}:{value}".encode(), hashlib.sha256).hexdigest()

    def sign(self, session_id: str) -> str:
        return f"{session_id}.{self.mac('session', session_id)}"

    def unsign(self, cookie: str) -> str | None:
        session_id, _, mac = cookie.rpartition(".")
        return session_id if session_id and hmac.compare_digest(mac, self.mac("session", session_id)) else None

    def csrf_token(self, browser: str) -> str:
        return self.mac("csrf", browser)

    def csrf_ok(self, browser: str | None, token: str | None) -> bool:
        return bool(browser and token) and hmac.compare_digest(self.csrf_token(browser), token)


def cookie_value(scope: Scope, name: str) -> str | None:
    raw = header(scope, b"cookie")
    if not raw:
        return None
    for part in raw.split(";"):
        key, _, value = part.strip().partition("=")
        if key == name:
            return value
    return None


def _hall(connection: HTTPConnection) -> Any:
    return connection.app.state.hall


def viewer(connection: HTTPConnection) -> "Account | None":
    """The logged-in account of a request (None: a guest), looked up once per request."""
    if "viewer" in connection.scope.get("state", {}):
        return connection.scope["state"]["viewer"]
    hall = _hall(connection)
    account = None
    cookie = cookie_value(connection.scope, SESSION_COOKIE)
    if hall.accounts is not None and cookie:
        session_id = hall.keys.unsign(cookie)
        session = hall.accounts.sessions.find(session_id) if session_id else None
        account = session.account if session is not None else None
    connection.scope.setdefault("state", {})["viewer"] = account
    return account


def session_id(request: Request) -> str | None:
    cookie = request.cookies.get(SESSION_COOKIE)
    return _hall(request).keys.unsign(cookie) if cookie else None


def accounts_of(request: Request) -> "Accounts":
    accounts = _hall(request).accounts
    if accounts is None:
        raise HTTPException(404, "this server keeps no accounts (its store is a directory of files)")
    return accounts


def browser_id(connection: HTTPConnection) -> str | None:
    """The browser's CSRF cookie (or the one `BrowserCookie` is giving it with this answer)."""
    return cookie_value(connection.scope, CSRF_COOKIE) or connection.scope.get("state", {}).get(NEW_BROWSER)


def csrf_token(connection: HTTPConnection) -> str:
    """The token of this browser's forms and scripts."""
    browser = browser_id(connection)
    return _hall(connection).keys.csrf_token(browser) if browser else ""


class BrowserCookie:
    """ASGI middleware: a page answered to a browser without the CSRF cookie sets one (random),
    so its forms' tokens can be checked when they come back."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or cookie_value(scope, CSRF_COOKIE) or scope["path"].startswith(("/api/", "/static/")):
            return await self.app(scope, receive, send)
        made = secrets.token_urlsafe(24)
        scope.setdefault("state", {})[NEW_BROWSER] = made
        secure = "; Secure" if scope.get("scheme") == "https" else ""
        cookie = f"{CSRF_COOKIE}={made}; Path=/; HttpOnly; SameSite=Lax{secure}".encode()

        async def with_cookie(message: Any) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), (b"set-cookie", cookie)]
            await send(message)

        await self.app(scope, receive, with_cookie)


def require_form_token(request: Request, form: Any) -> None:
    """403 unless the form's ``csrf`` field is this browser's token."""
    token = form.get(CSRF_FIELD) if form is not None else None
    if not _hall(request).keys.csrf_ok(cookie_value(request.scope, CSRF_COOKIE), token):
        raise HTTPException(403, "the form's CSRF token is missing or wrong: reload the page and try again")


def set_session(request: Request, response: Response, session: Any) -> None:
    max_age = max(0, int(session.expires_at - _hall(request).accounts.sessions.clock()))
    response.set_cookie(SESSION_COOKIE, _hall(request).keys.sign(session.id), max_age=max_age, httponly=True,
                        samesite="lax", secure=request.url.scheme == "https", path="/")


def clear_session(response: Response) -> None:
    response.delete_cookie(SESSION_COOKIE, path="/")


class AccountCsrf(CsrfPolicy):
    """The guard's CSRF hook with accounts: a state-changing request carrying the session cookie
    shows this browser's token in its header, unless it is one of the forms that check their
    own field."""

    def __init__(self, keys: Keys) -> None:
        self.keys = keys

    def check(self, scope: Scope) -> str | None:
        if scope["type"] != "http" or cookie_value(scope, SESSION_COOKIE) is None:
            return None
        if scope["path"].startswith(FORM_PREFIXES) and _is_form(scope):
            return None  # the route checks the form's field
        if self.keys.csrf_ok(cookie_value(scope, CSRF_COOKIE), header(scope, CSRF_HEADER)):
            return None
        return "a logged-in request must carry its page's CSRF token (X-CSRF-Token)"


def _is_form(scope: Scope) -> bool:
    kind = (header(scope, b"content-type") or "").split(";")[0].strip().lower()
    return kind in ("application/x-www-form-urlencoded", "multipart/form-data")


def player_name(request: Request, typed: str, rated: bool) -> str:
    """The name a browser seat of this request plays under: a logged-in person's account name
    (whatever was typed); a guest's typed name, unless an account has it (400)."""
    account = viewer(request)
    if account is not None:
        return account.name
    if rated:
        raise HTTPException(400, "rated games are for accounts: log in, or play a casual game")
    accounts = _hall(request).accounts
    if accounts is not None and accounts.identities.registered(typed):
        raise HTTPException(400, f"the name {typed!r} is registered: log in to play under it, or choose another")
    return typed


def register_template_globals(templates: Any) -> None:
    """What every page's header reads: who is logged in, and the token of its forms."""
    templates.env.globals.update(viewer=viewer, csrf_token=csrf_token)

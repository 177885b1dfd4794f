"""Accounts in the browser: registering, logging in and out, the account's settings (a new
password, deleting the account), its bots and their API tokens; and the endpoint where a bot
exchanges its token for a seat ticket (`POST /api/seat-tickets`).

Every form carries its CSRF token (`auth`), checked before anything else; Argon2 work (hashing,
checking a password) runs in a worker thread, off the event loop.  The rules are the accounts'
(`tablehall.accounts`); this module only reads forms and shows pages."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from ...accounts.book import Account, AccountError
from ...core.identity import NameRefused
from ...core.registry import UnknownGame, get_game
from .. import auth, guard
from ..hall import hall_of
from ..pages import TEMPLATES, page

auth.register_template_globals(TEMPLATES)

#: fields a form may have (the largest has five)
MAX_FIELDS = 20


def _form_page(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    response = page(template, request, **context)
    response.status_code = status
    return response


async def checked_form(request: Request) -> dict[str, str]:
    """The URL-encoded form of a POST, its CSRF token checked (403 if wrong).  The hall's forms
    send no files, so the body is read as `application/x-www-form-urlencoded` only."""
    if (request.headers.get("content-type") or "").split(";")[0].strip() != "application/x-www-form-urlencoded":
        raise HTTPException(415, "a form is sent as application/x-www-form-urlencoded")
    body = (await request.body()).decode("utf-8", errors="replace")
    form: dict[str, str] = {}
    for key, value in parse_qsl(body, keep_blank_values=True, max_num_fields=MAX_FIELDS):
        form.setdefault(key, value)
    auth.require_form_token(request, form)
    return form


def _home() -> RedirectResponse:
    return RedirectResponse("/account", status_code=303)


def logged_in(request: Request) -> Account:
    """The request's account; 401 for a guest (a page shows the login form's address)."""
    account = auth.viewer(request)
    if account is None:
        raise HTTPException(401, "log in first: /account/login")
    return account


# -- registering, logging in and out -------------------------------------------------------------

async def register_page(request: Request) -> HTMLResponse:
    accounts = auth.accounts_of(request)
    return page("account_register.html", request, open=accounts.settings.registration == "open")


async def register(request: Request) -> Response:
    accounts = auth.accounts_of(request)
    form = await checked_form(request)
    if accounts.settings.registration != "open":
        return _form_page(request, "account_register.html", 403, open=False)
    name, password = str(form.get("name", "")).strip(), str(form.get("password", ""))
    if password != str(form.get("again", "")):
        return _form_page(request, "account_register.html", 400, open=True, name=name,
                          error="the two passwords differ")
    try:
        account = await run_in_threadpool(accounts.book.add_person, name, password)
    except AccountError as error:
        return _form_page(request, "account_register.html", 400, open=True, name=name, error=str(error))
    response = _home()
    auth.set_session(request, response, accounts.sessions.open(account, guard.client(request.scope)))
    return response


async def login_page(request: Request) -> HTMLResponse:
    auth.accounts_of(request)
    return page("account_login.html", request)


async def login(request: Request) -> Response:
    accounts = auth.accounts_of(request)
    form = await checked_form(request)
    name, password = str(form.get("name", "")).strip(), str(form.get("password", ""))
    try:
        session = await run_in_threadpool(accounts.sessions.login, name, password, guard.client(request.scope))
    except NameRefused as refused:
        status = 429 if refused.kind == "limited" else 403
        return _form_page(request, "account_login.html", status, name=name, error=str(refused))
    response = _home()
    auth.set_session(request, response, session)
    return response


async def logout(request: Request) -> Response:
    accounts = auth.accounts_of(request)
    await checked_form(request)
    session_id = auth.session_id(request)
    if session_id is not None:
        accounts.sessions.logout(session_id)
    account = auth.viewer(request)
    if account is not None:
        hall_of(request).finding.forget(account.name)
    response = RedirectResponse("/", status_code=303)
    auth.clear_session(response)
    return response


# -- the account's settings ----------------------------------------------------------------------

def _settings(request: Request, account: Account, status: int = 200, **context: Any) -> HTMLResponse:
    accounts = auth.accounts_of(request)
    bots = [(bot, accounts.bots.tokens(bot)) for bot in accounts.book.list(owner=account.id)]
    return _form_page(request, "account_settings.html", status, account=account, bots=bots,
                      ratings=accounts.ratings.of(account.id), **context)


async def settings_page(request: Request) -> Response:
    account = auth.viewer(request)
    if account is None:
        return RedirectResponse("/account/login", status_code=303)
    return _settings(request, account)


async def change_password(request: Request) -> Response:
    accounts = auth.accounts_of(request)
    form = await checked_form(request)
    account = logged_in(request)
    new = str(form.get("new", ""))
    if new != str(form.get("again", "")):
        return _settings(request, account, 400, error="the two new passwords differ")
    try:
        await run_in_threadpool(lambda: accounts.sessions.change_password(
            account, str(form.get("old", "")), new, address=guard.client(request.scope),
            keep=auth.session_id(request)))
    except AccountError as error:
        return _settings(request, account, 400, error=str(error))
    return _settings(request, account, notice="password changed: your other sessions have ended")


async def delete_account(request: Request) -> Response:
    accounts = auth.accounts_of(request)
    form = await checked_form(request)
    account = logged_in(request)
    try:
        await run_in_threadpool(accounts.sessions.check_password, account.name, str(form.get("password", "")),
                                guard.client(request.scope))
    except NameRefused as refused:
        return _settings(request, account, 403, error=f"not deleted: {refused}")
    hall_of(request).finding.forget(account.name)
    anonymous = await run_in_threadpool(accounts.book.delete, account, actor=account.name)
    response = _form_page(request, "account_deleted.html", anonymous=anonymous)
    auth.clear_session(response)
    return response


# -- bots and their tokens -----------------------------------------------------------------------

def _own_bot(request: Request, account: Account) -> Account:
    bot = auth.accounts_of(request).book.find(request.path_params["bot"])
    if bot is None or bot.owner != account.id:
        raise HTTPException(404, "you have no bot of that name")
    return bot


async def new_bot(request: Request) -> Response:
    accounts = auth.accounts_of(request)
    form = await checked_form(request)
    account = logged_in(request)
    try:
        accounts.book.add_bot(account, str(form.get("name", "")).strip())
    except AccountError as error:
        return _settings(request, account, 400, error=str(error))
    return _home()


async def new_token(request: Request) -> Response:
    accounts = auth.accounts_of(request)
    form = await checked_form(request)
    account = logged_in(request)
    bot = _own_bot(request, account)
    try:
        token = accounts.bots.new_token(bot, str(form.get("label", "")))
    except AccountError as error:
        return _settings(request, account, 400, error=str(error))
    # shown this once: the store keeps its hash only
    return _settings(request, account, new_token={"bot": bot.name, "token": token})


async def revoke_token(request: Request) -> Response:
    accounts = auth.accounts_of(request)
    await checked_form(request)
    bot = _own_bot(request, logged_in(request))
    accounts.bots.revoke(bot, request.path_params["token"])
    return _home()


# -- a bot's seat ticket -------------------------------------------------------------------------

async def api_seat_ticket(request: Request) -> JSONResponse:
    """A bot gives its API token (``Authorization: Bearer thb_...``) and the game it wants to
    play, rated or casual; it gets a one-time seat ticket for its protocol's login."""
    accounts = auth.accounts_of(request)
    kind, _, token = (request.headers.get("authorization") or "").partition(" ")
    if kind.lower() != "bearer" or not token:
        raise HTTPException(401, "give the bot's API token: Authorization: Bearer thb_...")
    body = await guard.read_json(request, hall_of(request).limits)
    try:
        game = get_game(str(body["game"])).name
        rated = body.get("rated", False)
        if not isinstance(rated, bool):
            raise TypeError("rated is true or false")
    except (KeyError, TypeError, UnknownGame) as exc:
        raise HTTPException(400, f"a seat ticket needs game (and rated): {exc}") from None
    try:
        ticket = accounts.bots.ticket_for_token(token, game, rated)
    except NameRefused as refused:
        raise HTTPException(403 if refused.kind == "disabled" else 401, str(refused)) from None
    return JSONResponse({"ticket": ticket.ticket, "name": ticket.name, "game": ticket.game, "rated": ticket.rated,
                         "expires_at": ticket.expires_at})


async def api_me(request: Request) -> JSONResponse:
    """Who the session cookie says this is (a guest: null)."""
    account = auth.viewer(request)
    return JSONResponse({"account": None if account is None else {
        "name": account.name, "admin": account.admin, "kind": account.kind}})


routes = [
    Route("/account/register", register_page),
    Route("/account/register", register, methods=["POST"]),
    Route("/account/login", login_page),
    Route("/account/login", login, methods=["POST"]),
    Route("/account/logout", logout, methods=["POST"]),
    Route("/account", settings_page),
    Route("/account/password", change_password, methods=["POST"]),
    Route("/account/delete", delete_account, methods=["POST"]),
    Route("/bots/new", new_bot, methods=["POST"]),
    Route("/bots/{bot}/tokens", new_token, methods=["POST"]),
    Route("/bots/{bot}/tokens/{token}/revoke", revoke_token, methods=["POST"]),
    Route("/api/seat-tickets", api_seat_ticket, methods=["POST"]),
    Route("/api/me", api_me),
]

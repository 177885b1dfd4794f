"""The admins' pages: the live games with a button to abort each, disabling (or enabling) an
account or bot, and the audit log of what admins did.  What an admin may do is checked by the
accounts (`accounts.admin`); a non-admin is refused with 403."""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from ...accounts import admin
from ...accounts.book import Account, AccountError
from .. import auth, views
from ..hall import hall_of
from ..pages import page
from .accounts import checked_form


def _admin(request: Request) -> Account:
    try:
        return admin.require_admin(auth.viewer(request))
    except AccountError as error:
        raise HTTPException(403, str(error)) from None


def _admin_page(request: Request, status: int = 200, **context) -> HTMLResponse:
    accounts = auth.accounts_of(request)
    response = page("admin.html", request, live=views.live_games(hall_of(request).live()),
                    accounts=accounts.book.list(), audit=accounts.book.audit_log(100), **context)
    response.status_code = status
    return response


async def admin_page(request: Request) -> HTMLResponse:
    _admin(request)
    return _admin_page(request)


async def abort(request: Request) -> Response:
    form = await checked_form(request)
    account = _admin(request)
    match = hall_of(request).find(request.path_params["id"])
    if match is None:
        return _admin_page(request, 404, error="no such live game")
    admin.abort_game(auth.accounts_of(request).book, account, match, str(form.get("reason", "")).strip()[:200])
    return RedirectResponse("/admin", status_code=303)


async def disable(request: Request) -> Response:
    form = await checked_form(request)
    account = _admin(request)
    try:
        admin.disable_account(auth.accounts_of(request).book, account, str(form.get("name", "")).strip(),
                              disabled=form.get("enable") != "1")
    except AccountError as error:
        return _admin_page(request, 400, error=str(error))
    return RedirectResponse("/admin", status_code=303)


routes = [
    Route("/admin", admin_page),
    Route("/admin/games/{id}/abort", abort, methods=["POST"]),
    Route("/admin/accounts", disable, methods=["POST"]),
]

"""The ASGI app: the route modules (`routes`) and the static files, behind the guards every
request passes (`guard`: security headers, host and origin checks, rates, body limits), around
the hall they share."""

from __future__ import annotations

from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles

from . import guard
from .hall import Hall
from .auth import AccountCsrf, BrowserCookie
from .routes import accounts, admin, boards, finding, lobby, play, ratings, records, tables, tournaments

#: the route modules, one per concern (routes/__init__.py)
ROUTE_MODULES = (lobby, tables, play, records, tournaments, boards, accounts, ratings, finding, admin)

STATIC = Path(__file__).parent / "static"


def create_app(hall: Hall) -> Starlette:
    routes = [route for module in ROUTE_MODULES for route in module.routes]
    app = Starlette(routes=[*routes, Mount("/static", StaticFiles(directory=str(STATIC)), name="static")],
                    middleware=[*guard.middleware(hall.limits, hall.allowed_hosts, AccountCsrf(hall.keys)),
                                Middleware(BrowserCookie)],
                    exception_handlers={HTTPException: guard.error_answer})
    app.state.hall = hall
    return app

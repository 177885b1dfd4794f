"""The ASGI app: the route modules (`routes`) and the static files, behind the guards every
request passes (`guard`: security headers, host and origin checks, rates, body limits), around
the hall they share.  Pages and JSON go out compressed; static files may be cached."""

from __future__ import annotations

from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles

from . import guard, pages
from .hall import Hall
from .auth import AccountCsrf, BrowserCookie
from .routes import accounts, admin, boards, finding, lobby, play, ratings, records, tables, tournaments

#: the route modules, one per concern (routes/__init__.py)
ROUTE_MODULES = (lobby, tables, play, records, tournaments, boards, accounts, ratings, finding, admin)

STATIC = Path(__file__).parent / "static"
#: how long a browser keeps a static file or board module before asking again (they change only
#: with the server's version; an hour keeps a deploy visible the same day)
STATIC_MAX_AGE = 3600


class CachedStaticFiles(StaticFiles):
    def file_response(self, *args, **kwargs):
        response = super().file_response(*args, **kwargs)
        response.headers["cache-control"] = f"public, max-age={STATIC_MAX_AGE}"
        return response


def create_app(hall: Hall) -> Starlette:
    routes = [route for module in ROUTE_MODULES for route in module.routes]
    app = Starlette(routes=[*routes, Mount("/static", CachedStaticFiles(directory=str(STATIC)), name="static")],
                    middleware=[*guard.middleware(hall.limits, hall.allowed_hosts, AccountCsrf(hall.keys)),
                                Middleware(BrowserCookie), Middleware(GZipMiddleware, minimum_size=1000)],
                    exception_handlers={HTTPException: pages.error_answer, Exception: pages.server_error})
    app.state.hall = hall
    return app

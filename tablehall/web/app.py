"""The ASGI app: the route modules (`routes`), the static files, and the middleware every
request passes through, around the hall they share."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles

from .hall import Hall
from .routes import boards, lobby, play, records, tables, tournaments

#: the route modules, one per concern (routes/__init__.py)
ROUTE_MODULES = (lobby, tables, play, records, tournaments, boards)

STATIC = Path(__file__).parent / "static"


def create_app(hall: Hall, middleware: Sequence[Middleware] = ()) -> Starlette:
    """The web hall over `hall`; `middleware` wraps every request and WebSocket, the first
    outermost."""
    routes = [route for module in ROUTE_MODULES for route in module.routes]
    app = Starlette(routes=[*routes, Mount("/static", StaticFiles(directory=str(STATIC)), name="static")],
                    middleware=list(middleware))
    app.state.hall = hall
    return app

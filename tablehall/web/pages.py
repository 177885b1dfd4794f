"""The HTML pages' one renderer: a Jinja2 template of web/templates, given every page's context
(the games, for the navigation and the forms) and its own; and the errors, as the API gives
them (``{"detail": ...}``) or as a page with the site's header."""

from __future__ import annotations

import logging
from http import HTTPStatus
from pathlib import Path

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.templating import Jinja2Templates

from ..core.registry import game_names

TEMPLATES = Jinja2Templates(directory=str(Path(__file__).parent / "templates"))
log = logging.getLogger("tablehall.web")


def page(template: str, request: Request, status_code: int = 200, **context) -> HTMLResponse:
    return TEMPLATES.TemplateResponse(request, template, {"games": game_names(), **context}, status_code=status_code)


def wants_json(request: Request) -> bool:
    return request.url.path.startswith("/api/")


async def error_answer(request: Request, exc: Exception) -> Response:
    """An HTTP error: the API's ``{"detail": ...}``, or a page with the site's header."""
    assert isinstance(exc, HTTPException)
    if wants_json(request):
        return JSONResponse({"detail": exc.detail}, exc.status_code, headers=exc.headers)
    phrase = HTTPStatus(exc.status_code).phrase
    detail = exc.detail
    if detail == phrase and exc.status_code == 404:
        detail = "There is no page at this address."
    return page("error.html", request, status_code=exc.status_code, status=exc.status_code, heading=phrase,
                detail=detail)


async def server_error(request: Request, exc: Exception) -> Response:
    """A fault of the server (logged with its traceback): one clear line, in the API's form."""
    log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
    detail = "the server failed on this request (its log says why)"
    if wants_json(request):
        return JSONResponse({"detail": detail}, 500)
    return page("error.html", request, status_code=500, status=500, heading="Server error", detail=detail)

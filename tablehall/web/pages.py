"""The HTML pages' one renderer: a Jinja2 template of web/templates, given every page's context
(the games, for the navigation and the forms) and its own."""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.templating import Jinja2Templates

from ..core.registry import game_names

TEMPLATES = Jinja2Templates(directory=str(Path(__file__).parent / "templates"))


def page(template: str, request: Request, **context) -> HTMLResponse:
    return TEMPLATES.TemplateResponse(request, template, {"games": game_names(), **context})

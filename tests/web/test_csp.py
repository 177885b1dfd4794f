"""Every page under its Content-Security-Policy (issue 26): no inline script, style or event
handler in the markup, and in a real Chromium every page's scripts run with no CSP violation."""

from __future__ import annotations

import json
import urllib.request
from html.parser import HTMLParser

import pytest

from .test_browser import CHROMIUM, FLAGS, WAIT, sync_api
from .test_spectate import paused_match


class InlineFinder(HTMLParser):
    """What a CSP without 'unsafe-inline' would block: inline scripts, style elements and
    attributes, event-handler attributes, javascript: URLs."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        names = dict(attrs)
        if tag == "script" and "src" not in names:
            self._in_script = True
        if tag == "style":
            self.found.append("<style>")
        for name, value in attrs:
            if name == "style" or name.startswith("on"):
                self.found.append(f"<{tag} {name}=...>")
            if value and value.strip().lower().startswith("javascript:"):
                self.found.append(f"<{tag} {name}=javascript:...>")

    def handle_endtag(self, tag):
        self._in_script = False

    def handle_data(self, data):
        if self._in_script and data.strip():
            self.found.append(f"inline script: {data.strip()[:40]!r}")


def new_game(web, body: dict) -> dict:
    request = urllib.request.Request(web.url + "/api/games/new", method="POST", data=json.dumps(body).encode())
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


@pytest.fixture(scope="module")
def pages(web, stored):
    """A path of every kind of page, with something on it to run."""
    match = paused_match("blokus", ["strong", "random"], seed=3, name="csp-live")
    web.start_match(match)
    seat = new_game(web, {"game": "blokus", "seats": ["me", "random"]})["seats"][0]
    table = new_game(web, {"game": "dominion", "seats": ["me", "open"]})
    record = stored[1]["catan"]
    return {"lobby": "/", "new": "/new", "records": "/records", "replay": f"/records/{record.id}",
            "live": f"/games/{match.id}", "play": seat["play"], "table": table["seats"][0]["play"],
            "tournaments": "/tournaments", "player": f"/players/{record.seats[0].name}"}


def test_no_page_has_inline_script_style_or_handlers(web, pages):
    for name, path in pages.items():
        with urllib.request.urlopen(web.url + path.partition("#")[0], timeout=60) as response:
            finder = InlineFinder()
            finder.feed(response.read().decode())
        assert finder.found == [], (name, finder.found)


def test_every_page_runs_under_its_csp_in_chromium(web, pages):
    ready = {  # what each page's own script does once it ran
        "lobby": "#listeners button", "new": "#bots:not(:empty)", "replay": "#replay[data-ready='true']",
        "live": "#board svg", "play": "#board svg", "table": "#waiting:not(:empty)",
    }
    violations: list[str] = []
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})  # the CSP enforced
        page.set_default_timeout(WAIT)
        page.on("console", lambda message: violations.append(message.text)
                if "Content Security Policy" in message.text else None)
        page.on("pageerror", lambda error: violations.append(str(error)))
        for name, path in pages.items():
            page.goto(web.url + path)
            if name in ready:
                page.wait_for_selector(ready[name])
        browser.close()
    assert violations == []

"""The web hall's figures in Chromium (issue 27), behind the `slow` marker (`make bench`):
click-to-redraw on loopback (a Dominion seat against a built-in bot: from the click to the board
redrawn with the game moved on, timed in the page), what the lobby and a play page transfer
(compressed, every file of a first visit), and how long a 4-player Catan replay takes to load.
Printed, and written to tests/artifacts/web-bench.json; docs/benchmarks.md "Web hall" quotes a
run.  Nothing here is asserted against a time."""

from __future__ import annotations

import asyncio
import json
import statistics

import pytest

from tablehall.core import BotAgent, Match
from tablehall.core.registry import get_game

from .test_browser import DESKTOP, new_page, page  # noqa: F401 - the browser fixture
from .test_seat_leaks import new_game

pytestmark = pytest.mark.slow

CLICKS = 80
REPLAYS = 7

# in the page: click, then wait for the draw that shows the game moved on; ms from click to draw
CLICK_TO_DRAW = """(selector) => new Promise((done) => {
  const root = document.querySelector('#play'), before = root.dataset.actions, start = performance.now();
  document.querySelector(selector).click();
  const check = () => root.dataset.actions !== before ? done(window.tablehall.drawnAt - start) : requestAnimationFrame(check);
  requestAnimationFrame(check);
})"""


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def transferred(browser, url: str, ready: str) -> int:
    """Bytes a first visit of `url` moves (headers and bodies as sent, compressed where they were)."""
    tab = new_page(browser, DESKTOP)
    sizes: list[int] = []
    tab.on("requestfinished", lambda request: sizes.append(sum(request.sizes()[k] for k in
                                                                ("responseBodySize", "responseHeadersSize"))))
    tab.goto(url)
    tab.wait_for_selector(ready)
    tab.wait_for_load_state("networkidle")
    tab.context.close()
    return sum(sizes)


def test_web_hall_figures(web, page, artifacts):
    figures: dict[str, float] = {}
    # click to redraw: "end the turn" (or a buy) on every turn of a Dominion seat
    created = new_game(web, "dominion", ["me", "bigmoney"], seed=3)
    page.goto(web.url + created["seats"][0]["play"])
    times = []
    for _ in range(CLICKS):
        page.wait_for_selector("#play[data-asked='true'], #play[data-over='true']")
        if page.get_attribute("#play", "data-over") == "true":
            break
        times.append(page.evaluate(CLICK_TO_DRAW, "#pass"))
    [live] = [m for m in web.server.live_matches() if m.id == created["id"]]
    web.loop.call_soon_threadsafe(live.abort, "measured")
    figures.update(clicks=len(times), click_p50_ms=statistics.median(times), click_p95_ms=percentile(times, 0.95))
    # transfer sizes of a first visit
    browser = page.context.browser
    figures["lobby_bytes"] = transferred(browser, web.url + "/", "#listeners")
    seat = new_game(web, "dominion", ["me", "bigmoney"], seed=4)
    figures["play_page_bytes"] = transferred(browser, web.url + seat["seats"][0]["play"], "#play[data-asked='true']")
    [live] = [m for m in web.server.live_matches() if m.id == seat["id"]]
    web.loop.call_soon_threadsafe(live.abort, "measured")
    # a 4-player Catan replay: from navigation to the first step drawn with every move listed
    spec = get_game("catan")
    match = Match(spec, [BotAgent(spec.bots["random"](i), name=f"random-{i}") for i in range(4)], seed=12,
                  store=web.store)
    record = asyncio.run(match.run())
    loads = []
    for _ in range(REPLAYS):
        page.goto(f"{web.url}/records/{record.id}")
        page.wait_for_selector("#replay[data-ready='true']")
        loads.append(page.evaluate("performance.now()"))
    status, body = web.get(f"/api/records/{record.id}/replay")
    figures.update(catan_replay_actions=len(record.entries), catan_replay_load_ms=statistics.median(loads))
    (artifacts / "web-bench.json").write_text(json.dumps(figures, indent=1))
    print("web hall:", json.dumps(figures))
    assert figures["clicks"] >= 10 and status == 200

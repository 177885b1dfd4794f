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
from concurrent.futures import ThreadPoolExecutor

import pytest

from tablehall.core import BotAgent, Match
from tablehall.core.registry import get_game

from .test_browser import DESKTOP, new_page, page  # noqa: F401 - the browser fixture
from .test_seat_leaks import new_game

pytestmark = pytest.mark.slow

CLICKS = 100
GAMES = 6  # at most: a game passed turn after turn ends in about 30 clicks
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


def stop(web, game_id: str) -> None:
    for live in [m for m in web.server.live_matches() if m.id == game_id]:
        web.loop.call_soon_threadsafe(live.abort, "measured")


def test_web_hall_figures(web, page, artifacts):
    figures: dict[str, float] = {}
    # click to redraw: "end the turn" on every turn of Dominion seats, game after game
    times: list[float] = []
    for seed in range(3, 3 + GAMES):
        created = new_game(web, "dominion", ["me", "bigmoney"], seed=seed)
        page.goto(web.url + created["seats"][0]["play"])
        while len(times) < CLICKS:
            page.wait_for_selector("#play[data-asked='true'], #play[data-over='true']")
            if page.get_attribute("#play", "data-over") == "true":
                break
            times.append(page.evaluate(CLICK_TO_DRAW, "#pass"))
        stop(web, created["id"])
    figures.update(clicks=len(times), click_p50_ms=statistics.median(times), click_p95_ms=percentile(times, 0.95))
    # transfer sizes of a first visit
    browser = page.context.browser
    figures["lobby_bytes"] = transferred(browser, web.url + "/", "#listeners")
    seat = new_game(web, "dominion", ["me", "bigmoney"], seed=4)
    figures["play_page_bytes"] = transferred(browser, web.url + seat["seats"][0]["play"], "#play[data-asked='true']")
    stop(web, seat["id"])
    # a 4-player Catan replay: from navigation to the first step drawn with every move listed
    spec = get_game("catan")
    match = Match(spec, [BotAgent(spec.bots["random"](i), name=f"random-{i}") for i in range(4)], seed=12,
                  store=web.store)
    with ThreadPoolExecutor(1) as thread:  # this thread's loop is Playwright's
        record = thread.submit(asyncio.run, match.run()).result(600)
    loads, fetches = [], []
    for _ in range(REPLAYS):
        page.goto(f"{web.url}/records/{record.id}")
        page.wait_for_selector("#replay[data-ready='true']")
        loads.append(page.evaluate("performance.now()"))
        fetches.append(page.evaluate("performance.getEntriesByType('resource').find((e) => e.name.endsWith('/replay')).duration"))
    status, body = web.get(f"/api/records/{record.id}/replay")
    # the first visit makes the replay; later ones are answered from the kept JSON (or 304)
    figures.update(catan_replay_actions=len(record.entries), catan_replay_first_load_ms=loads[0],
                   catan_replay_first_fetch_ms=fetches[0], catan_replay_load_ms=statistics.median(loads[1:]),
                   catan_replay_fetch_ms=statistics.median(fetches[1:]))
    (artifacts / "web-bench.json").write_text(json.dumps(figures, indent=1))
    print("web hall:", json.dumps(figures))
    assert figures["clicks"] >= 10 and status == 200

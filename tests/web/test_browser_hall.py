"""The hall's shell and flow in Chromium (issue 27): every page at 1366x900 and at 390x844 (and
in the dark scheme) with no sideways scroll and no serious or critical axe-core violation (its
contrast rule included), a screenshot of each; the
new-game form's errors and its single submit; chat between two people and between spectators;
the game-over summary and a rematch; the whole history on a live page opened mid-game.  Each
waits for what the page shows, never for time."""

from __future__ import annotations

import json
import urllib.request

import pytest

from .test_browser import DESKTOP, PHONE, new_page, page, phone, press  # noqa: F401 - fixtures
from .test_browser_play import question
from .test_spectate import paused_match

axe_api = pytest.importorskip("axe_playwright_python.sync_playwright",
                              reason="the accessibility scan needs axe-playwright-python (the dev extra)")

DARK = {**DESKTOP, "color_scheme": "dark"}  # the dark scheme, at the desktop's size


def new_game(web, body: dict) -> dict:
    request = urllib.request.Request(web.url + "/api/games/new", method="POST", data=json.dumps(body).encode())
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


def serious(page) -> list[str]:
    """axe-core's serious and critical violations on the page, one line each."""
    results = axe_api.Axe().run(page)
    return [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


def look(page, artifacts, name: str, size: str) -> None:
    """The page fits the screen's width, passes the scan, and is saved as a picture."""
    page.screenshot(path=str(artifacts / f"hall-{name}-{size}.png"), full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{name} at {size} scrolls sideways ({width} px)"
    found = serious(page)
    assert not found, f"{name} at {size}: " + "; ".join(found)


@pytest.mark.parametrize("size", ["desktop", "phone", "dark"])
def test_every_page_fits_the_screen_and_passes_the_accessibility_scan(web, stored, page, phone, artifacts, size):
    tab = {"desktop": page, "phone": phone}.get(size) or new_page(page.context.browser, DARK)
    record = stored[1]["catan"]
    for name, path, ready in [("lobby", "/", "#listeners"), ("new", "/new", "#seat-list select"),
                              ("records", "/records", "#records"),
                              ("replay", f"/records/{record.id}", "#replay[data-ready='true']"),
                              ("not-found", "/records/nothing-here", "#error-detail")]:
        tab.goto(web.url + path)
        tab.wait_for_selector(ready)
        look(tab, artifacts, name, size)
    # a live game, opened after three moves: its whole history is in the log
    match = paused_match("dominion", ["bigmoney", "smithy"], seed=21, name=f"hall-live-{size}")
    web.start_match(match)
    for _ in range(3):
        web.loop.call_soon_threadsafe(match.step)
    tab.goto(f"{web.url}/games/{match.id}")
    tab.wait_for_selector("#live[data-actions='3']")
    assert tab.locator("#log li").count() >= 3 and "watching" in tab.inner_text("#spectators")
    look(tab, artifacts, "live", size)
    # a person's seat
    created = new_game(web, {"game": "renaissance", "seats": ["me", "greedy"], "name": "ivy", "seed": 5})
    tab.goto(web.url + created["seats"][0]["play"])
    tab.wait_for_selector("#play[data-asked='true'] #controls")
    look(tab, artifacts, "play", size)
    for game_id in (match.id, created["id"]):
        [live] = [m for m in web.server.live_matches() if m.id == game_id]
        web.loop.call_soon_threadsafe(live.abort, "looked at")
    # an ended game's live page is its replay
    tab.goto(f"{web.url}/games/{record.id}")
    tab.wait_for_selector("#replay[data-ready='true']")
    assert f"/records/{record.id}" in tab.url
    if size == "dark":
        tab.context.close()


def test_the_form_shows_the_api_error_and_starts_one_game_for_a_double_click(web, page, artifacts):
    page.goto(web.url + "/new")
    page.select_option("#game", "dominion")
    page.fill("#name", "quinn")
    page.fill("#seats", "me,me,wizard")
    page.click("#start")
    page.wait_for_function("document.querySelector('#error').textContent.includes('wizard')")
    assert "unknown seat 'wizard'" in page.inner_text("#error") and page.is_enabled("#start")
    page.screenshot(path=str(artifacts / "hall-new-error.png"), full_page=True)
    # menus: two seats, the second a bot; then a double click
    page.select_option("#seat-count", "2")
    page.select_option("#seat-1", "bigmoney")
    assert page.input_value("#seats") == "me,bigmoney"
    page.dblclick("#start")
    page.wait_for_selector("#play")
    status, body = web.get("/api/games")
    mine = [g for g in body["games"] if g["players"][0]["name"] == "quinn"]
    assert len(mine) == 1, mine
    [live] = [m for m in web.server.live_matches() if m.id == mine[0]["id"]]
    web.loop.call_soon_threadsafe(live.abort, "one game only")


def test_two_people_chat_at_their_table_and_spectators_apart(web, page, artifacts):
    created = new_game(web, {"game": "dominion", "seats": ["me", "person"], "name": "rosa"})
    other = new_page(page.context.browser, PHONE)
    watcher = new_page(page.context.browser, DESKTOP)
    page.goto(web.url + created["seats"][0]["play"])
    other.goto(web.url + created["seats"][1]["play"])
    watcher.goto(f"{web.url}/games/{created['id']}")
    for tab in (page, other):
        tab.wait_for_selector("#play[data-asked]")
    watcher.wait_for_selector("#live[data-actions]")
    page.fill("#chat-text", "hello <b>there</b>")
    page.click("#chat-send")
    other.wait_for_selector("#chat-lines li")
    assert other.inner_text("#chat-lines li") == "rosahello <b>there</b>"  # text, never markup
    assert other.locator("#chat-lines b").count() == 0
    other.fill("#chat-text", "hi rosa")
    press(other, other.locator("#chat-send"))
    page.wait_for_function("document.querySelectorAll('#chat-lines li').length === 2")
    watcher.fill("#chat-text", "nice opening")
    watcher.click("#chat-send")
    watcher.wait_for_selector("#chat-lines li")
    assert watcher.locator("#chat-lines li").count() == 1  # the spectators' room only
    assert page.locator("#chat-lines li").count() == 2
    page.fill("#chat-text", "x" * 300)  # the longest line a person may type
    page.click("#chat-send")
    other.wait_for_function("document.querySelectorAll('#chat-lines li').length === 3")
    page.screenshot(path=str(artifacts / "hall-chat.png"), full_page=True)
    [live] = [m for m in web.server.live_matches() if m.id == created["id"]]
    web.loop.call_soon_threadsafe(live.abort, "chatted enough")
    page.wait_for_selector("#play[data-over='true']")
    chat = web.store.load(created["id"]).chat
    assert [(line["room"], line["name"], line["text"]) for line in chat] == [
        ("players", "rosa", "hello <b>there</b>"), ("players", "person 2", "hi rosa"),
        ("spectators", "spectator", "nice opening"), ("players", "rosa", "x" * 300)]
    for tab in (other, watcher):
        tab.context.close()


def test_a_finished_game_shows_its_summary_and_a_rematch_starts_the_same_seats(web, page, artifacts):
    created = new_game(web, {"game": "dominion", "seats": ["me", "bigmoney"], "name": "uma",
                             "options": {"max_turns": 2}})
    page.goto(web.url + created["seats"][0]["play"])
    while question(page) is not None:
        before = page.get_attribute("#play", "data-actions")
        page.click("#pass")
        page.wait_for_function(f"document.querySelector('#play').dataset.actions !== '{before}'")
    page.wait_for_selector("#summary #replay-link")
    summary = page.inner_text("#summary")
    assert "uma" in summary and "bigmoney-2" in summary and "Ended:" in summary
    assert page.locator("#summary .ranks tr[data-seat]").count() == 2
    page.screenshot(path=str(artifacts / "hall-game-over.png"), full_page=True)
    page.click("#rematch")
    page.wait_for_url(lambda url: "/play/" in url and created["id"] not in url)
    page.wait_for_selector("#play[data-asked]")
    rematch_id = page.url.split("/play/")[1].split("?")[0]
    [live] = [m for m in web.server.live_matches() if m.id == rematch_id]
    first = web.store.load(created["id"])
    assert [s.agent for s in live.record.seats] == [s.agent for s in first.seats] == ["web", "bot:bigmoney"]
    assert live.record.options == first.options and live.record.seed != first.seed
    web.loop.call_soon_threadsafe(live.abort, "rematched")


# the Dominion face on its own: its module drawing a seat with two buys and four coins (a
# view as the rules give one, and the buys they would offer), in a page of the hall
DOMINION_TWO_BUYS = """async () => {
  const { render } = await import('/boards/dominion.js');
  const root = document.createElement('div');
  root.id = 'face';
  document.querySelector('main').replaceChildren(root);
  window.sent = [];
  const player = (hand) => ({ hand, deck: 5, discard: 0, top_discard: null, play: [], turns: 3, vp: 3, out: null });
  const view = { supply: { copper: 46, silver: 40, village: 10, cellar: 10 }, trash: [], current: 0, actions: 0, buys: 2,
                 extra_money: 0, attack: {}, players: [player(['copper', 'copper', 'copper', 'copper']), player(5)], over: null };
  const legal = [['pass'], ['buy', ['copper']], ['buy', ['silver']], ['buy', ['village']], ['buy', ['cellar']],
                 ['buy', ['copper', 'copper']], ['buy', ['copper', 'silver']], ['buy', ['copper', 'village']],
                 ['buy', ['copper', 'cellar']], ['buy', ['cellar', 'cellar']]];
  render(root, view, { seat: 0, names: ['ana', 'ben'], legal, asked: true, act: (a) => window.sent.push(a), events: [], result: null });
}"""


def test_the_dominion_basket_keeps_a_running_total_and_refuses_what_the_coins_cannot_pay(web, page, artifacts):
    page.goto(web.url + "/records")
    page.evaluate(DOMINION_TWO_BUYS)
    page.wait_for_selector("#face .dcard.buyable[data-card='silver']")
    assert "4 coins to spend" in page.inner_text("#hand h3")
    page.click("#face .buyable[data-card='silver']")
    page.wait_for_function("document.querySelector('#basket-total').textContent.includes('3 of 4 coins')")
    page.click("#face .buyable[data-card='village']")  # 3 more: the rules offer no such pair
    page.wait_for_selector("#basket-refusal")
    assert page.inner_text("#basket-refusal") == "Village costs 3: you have 1 left."
    assert page.evaluate("window.sent") == []  # refused before anything was sent
    page.click("#face .buyable[data-card='copper']")
    page.wait_for_function("document.querySelector('#basket-total').textContent.includes('2 of 2 buys')")
    assert page.locator("#basket-refusal").count() == 0  # the refusal cleared
    page.screenshot(path=str(artifacts / "hall-dominion-basket.png"), full_page=True)
    page.click("#buy")
    assert page.evaluate("window.sent") == [["buy", ["silver", "copper"]]]

"""The pages in a real browser: Debian's Chromium driven by Playwright.  Screenshots of each
page are saved as artifacts (TABLEHALL_ARTIFACTS, default tests/artifacts/)."""

from __future__ import annotations

import os
import shutil

import pytest

from .conftest import GAMES
from .test_spectate import paused_match

CHROMIUM = os.environ.get("TABLEHALL_CHROMIUM", "/usr/bin/chromium")
sync_api = pytest.importorskip("playwright.sync_api", reason="browser tests need playwright (the dev extra)")
if not shutil.which(CHROMIUM) and not os.path.exists(CHROMIUM):
    pytest.skip(f"browser tests need Chromium at {CHROMIUM} (Debian package chromium; .ci/run installs it)",
                allow_module_level=True)

FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
WAIT = 60_000  # ms: generous bounds for a busy machine, never a measure of speed


DESKTOP = {"viewport": {"width": 1366, "height": 900}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}


def new_page(browser, size: dict):
    """A page of its own context (its own storage) at a screen size; Playwright's
    wait_for_function evaluates strings, which the pages' CSP forbids (test_csp.py loads every
    page under the CSP)."""
    page = browser.new_context(bypass_csp=True, **size).new_page()
    page.set_default_timeout(WAIT)
    return page


@pytest.fixture(scope="module")
def page():
    """A desktop page (1366x900) of the module's browser."""
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield new_page(browser, DESKTOP)
        browser.close()


@pytest.fixture(scope="module")
def phone(page):
    """A phone (390x844 with touch) in the same browser; tests tap on it (`press`)."""
    phone = new_page(page.context.browser, PHONE)
    yield phone
    phone.context.close()


def press(page, locator) -> None:
    """Tap on a touch screen, click elsewhere."""
    if page.viewport_size["width"] < 600:
        locator.tap()
    else:
        locator.click()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_replay_viewer_steps_a_stored_game_to_its_end(web, stored, page, artifacts, game):
    record = stored[1][game]
    page.goto(f"{web.url}/records/{record.id}")
    page.wait_for_selector("#replay[data-ready='true']")
    last = len(record.entries)
    assert page.inner_text("#position") == f"0 / {last}"
    page.click("#next")
    assert page.inner_text("#position") == f"1 / {last}"
    page.keyboard.press("ArrowRight")
    assert page.inner_text("#position") == f"2 / {last}"
    page.keyboard.press("ArrowLeft")
    assert page.inner_text("#position") == f"1 / {last}"
    page.click("#last")
    assert page.inner_text("#position") == f"{last} / {last}"
    result = page.inner_text("#result")
    for seat, outcome in zip(record.seats, record.result.seats):
        assert f"{seat.name} rank {outcome.rank}" in result
    assert page.locator("#moves li").count() == last
    if game == "blokus":
        assert page.locator("svg[data-board='blokus'] rect").count() >= 400
    page.screenshot(path=str(artifacts / f"replay-{game}.png"), full_page=True)


def test_the_lobby_lists_a_live_game_and_its_board_updates(web, page, artifacts):
    match = paused_match("blokus", ["strong", "random"], seed=8, name="lobby-live")
    web.start_match(match)
    page.goto(web.url + "/")
    page.wait_for_selector("#live-games tr[data-id='lobby-live']")
    page.screenshot(path=str(artifacts / "lobby.png"), full_page=True)
    page.click("#live-games tr[data-id='lobby-live'] a.spectate")
    page.wait_for_selector("#live[data-actions='0']")
    for step in range(1, 4):
        web.loop.call_soon_threadsafe(match.step)
        page.wait_for_selector(f"#live[data-actions='{step}']")
    assert page.locator("rect.last-move").count() >= 1  # the last move is marked
    page.screenshot(path=str(artifacts / "live-blokus.png"), full_page=True)
    web.loop.call_soon_threadsafe(match.resume)
    page.wait_for_selector("#result a")
    assert "Game over" in page.inner_text("#result")


def test_the_record_browser_filters_and_links_players(web, page, artifacts):
    page.goto(web.url + "/records?game=catan")
    assert page.locator("#records tr").count() == 2  # header and the one Catan game
    page.screenshot(path=str(artifacts / "records.png"), full_page=True)
    page.click("#records a[href^='/players/']")
    assert "game(s)" in page.inner_text("main")
    page.screenshot(path=str(artifacts / "player.png"), full_page=True)


def test_a_person_plays_a_whole_blokus_game_against_a_bot_by_clicks(web, page, artifacts):
    page.goto(web.url + "/new")
    page.select_option("#game", "blokus")
    page.fill("#name", "alice")
    page.fill("#seats", "me,random")
    page.click("#start")
    page.wait_for_selector("#play")
    moves = 0
    while True:
        page.wait_for_selector("#play[data-asked='true'], #play[data-over='true']")
        if page.get_attribute("#play", "data-over") == "true":
            break
        before = page.get_attribute("#play", "data-actions")
        if moves == 1:
            page.keyboard.press("r")  # turn the piece once: the anchors follow
            page.screenshot(path=str(artifacts / "play-blokus.png"), full_page=True)
        anchors = page.locator("rect.anchor")
        for _ in range(7):  # a turned piece may fit nowhere: turn (and flip) it until it fits
            if anchors.count() or page.locator("#pass").count():
                break
            page.keyboard.press("f" if _ == 3 else "r")
        if anchors.count():
            anchors.first.click()
        else:
            page.click("#pass")
        moves += 1
        page.wait_for_function(f"document.querySelector('#play').dataset.actions !== '{before}'")
    assert moves >= 10
    assert "Game over." in page.inner_text("#result") and "alice: rank" in page.inner_text("#result")
    page.screenshot(path=str(artifacts / "play-blokus-over.png"), full_page=True)
    status, body = web.get("/api/records?player=alice")
    assert body["total"] == 1 and body["records"][0]["status"] == "finished"


def take_seat(page, web, game: str, seats: str) -> None:
    page.goto(web.url + "/new")
    page.select_option("#game", game)
    page.fill("#name", "bob")
    page.fill("#seats", seats)
    page.click("#start")
    page.wait_for_selector("#play")


def click_on_board(page, selector: str) -> None:
    page.wait_for_selector("#play[data-asked='true']")
    before = page.get_attribute("#play", "data-actions")
    page.locator(selector).first.click()
    page.wait_for_function(f"document.querySelector('#play').dataset.actions !== '{before}'")


RESOURCES = ["clay", "ore", "sheep", "wheat", "wood"]


def discard_by_clicks(page) -> list[int]:
    """The discard dialog: + as many times as the legal representative says, per resource."""
    legal = page.evaluate("window.tablehall.frame.legal")
    counts = next(a[1] for a in legal if a[0] == "discard")
    for r, n in enumerate(counts):
        for _ in range(n):
            page.click(f"#discard-dialog .discard-{RESOURCES[r]} button.more")
    assert page.is_enabled("#discard")
    click_on_board(page, "#discard")
    return counts


def test_a_person_takes_a_catan_seat_and_completes_a_turn(web, page, artifacts):
    take_seat(page, web, "catan", "me,random,random")
    page.wait_for_selector("svg[data-board='catan'] polygon.hex")
    assert page.locator("svg[data-board='catan'] polygon.hex").count() == 19
    # initial placement by clicks on the board: a settlement and a road, twice
    for _ in range(2):
        click_on_board(page, "circle.legal-settlement")
        click_on_board(page, "polygon.legal-road")
    page.wait_for_selector("#play[data-asked='true']")
    page.screenshot(path=str(artifacts / "play-catan.png"), full_page=True)
    # the first own turn: roll, answer what the roll asks (robber, discards), build if the hand
    # allows, end the turn
    click_on_board(page, "#roll")
    while True:
        page.wait_for_selector("#play[data-asked='true']")
        if page.locator("circle.legal-robber").count():
            click_on_board(page, "circle.legal-robber")
            continue
        if page.locator("#discard-dialog").count():
            discard_by_clicks(page)
            continue
        if page.locator("button.rob").count():
            click_on_board(page, "button.rob")
            continue
        break
    for piece in ("circle.legal-city", "circle.legal-settlement", "polygon.legal-road"):
        if page.locator(piece).count():
            click_on_board(page, piece)
            break
    click_on_board(page, "#end-turn")
    status, body = web.get("/api/games")
    game = next(g for g in body["games"] if g["game"] == "catan" and g["players"][0]["name"] == "bob")
    [live] = [m for m in web.server.hosts["web"].matches if m.id == game["id"]]
    mine = [e.action[0] for e in live.record.entries if e.seat == 0 and not e.forfeit]
    assert mine[:4] == ["settlement", "road", "settlement", "road"]
    assert "roll" in mine and mine[-1] == "end_turn"

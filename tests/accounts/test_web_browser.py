"""Accounts in Chromium (Playwright), against `tablehall serve` as a process (on SQLite, the
first test on PostgreSQL too): a person registers in the browser, plays a rated game of each of
the four games against the bot "play a bot now" picks (and one from the new-game form), and
sees the rating change (under the result, on their player page with its chart, on the
leaderboard); two people, each in a browser context of their own, meet through a rated seek,
play each other by clicks, both ratings move, and a rematch starts.  Every decision is a click
on what the page draws; the tests wait for frames, never for time."""

from __future__ import annotations

import json
import os
import shutil
import time
import urllib.request

import pytest

sync_api = pytest.importorskip("playwright.sync_api", reason="browser tests need playwright (the dev extra)")
pytest.importorskip("argon2", reason="accounts need argon2-cffi: pip install -e '.[accounts]'")
CHROMIUM = os.environ.get("TABLEHALL_CHROMIUM", "/usr/bin/chromium")
if not shutil.which(CHROMIUM) and not os.path.exists(CHROMIUM):
    pytest.skip(f"browser tests need Chromium at {CHROMIUM} (Debian package chromium)", allow_module_level=True)

from tests.support.serving import Serve  # noqa: E402
from tests.web.policies import catan_choice, dominion_choice, renaissance_choice  # noqa: E402
from tests.web.test_browser_play import (play_catan_action, play_dominion_action,  # noqa: E402
                                         play_renaissance_action, question)

FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
WAIT = 60_000  # ms: generous bounds for a busy machine, never a measure of speed
GAME_LIMIT = 900.0  # seconds a whole game by clicks may take before the test gives up
PASSWORD = "correct horse"


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """The server the games are played on: SQLite (the stores themselves are compared in
    test_web_accounts.py; one whole game is also played on PostgreSQL below)."""
    tmp = tmp_path_factory.mktemp("webbrowser")
    with Serve(tmp, "", db=str(tmp / "records.sqlite")) as server:
        yield server


@pytest.fixture(scope="module")
def served_on_postgresql(request, tmp_path_factory):
    db = request.getfixturevalue("postgres_server").create_database()
    with Serve(tmp_path_factory.mktemp("webbrowser-pg"), "", db=db) as server:
        yield server


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


def person(browser, served, name: str):
    """A browser context of its own (its own cookies), registered as `name` through the form."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(WAIT)
    page.goto(served.url + "/account/register")
    page.fill("#name", name)
    page.fill("#password", PASSWORD)
    page.fill("#again", PASSWORD)
    page.click("#register-button")
    page.wait_for_selector("#me")
    assert page.inner_text("#me") == name
    return context, page


def get_json(served, path: str):
    with urllib.request.urlopen(served.url + path, timeout=60) as response:
        return json.loads(response.read())


def play_turns(pages: dict[str, object]) -> None:
    """Play every page's seat by clicks until each page says the game is over: whichever page
    is asked acts (its frame's legal actions chosen by the Dominion policy)."""
    bought = {name: set() for name in pages}
    deadline = time.monotonic() + GAME_LIMIT
    while True:
        over = 0
        acted = False
        for name, page in pages.items():
            root = page.locator("#play")
            if root.get_attribute("data-over") == "true":
                over += 1
                continue
            if root.get_attribute("data-asked") == "true":
                frame = page.evaluate("window.tablehall.frame")
                if frame.get("asked"):
                    play_dominion_action(page, dominion_choice(frame["legal"], bought[name]), frame)
                    acted = True
        if over == len(pages):
            return
        assert time.monotonic() < deadline, "the game did not end in time"
        if not acted:  # nobody asked yet: wait for any page to be asked or be over
            first = next(iter(pages.values()))
            first.wait_for_timeout(100)


def game_id(page) -> str:
    return page.url.split("/play/")[1].split("?")[0]


def rating_changes(served, record_id: str) -> list[dict]:
    """The game's rating changes, once the server has rated it (a bounded wait, polled)."""
    deadline = time.monotonic() + 120
    while not (changes := get_json(served, f"/api/records/{record_id}/ratings")["changes"]):
        assert time.monotonic() < deadline, "the game was not rated"
        time.sleep(0.2)
    return changes


@pytest.mark.parametrize("store", ["served", "served_on_postgresql"])
def test_a_person_registers_plays_a_rated_bot_and_sees_the_rating(browser, request, store):
    served = request.getfixturevalue(store)
    name = f"rita{served.ports['http'] % 1000}"
    context, page = person(browser, served, name)
    # the new-game form: rated, against a bot, its seat the account's (whatever the name field says)
    page.goto(served.url + "/new")
    page.select_option("#game", "dominion")
    assert page.get_attribute("#name", "readonly") is not None  # the form shows the account's name
    page.eval_on_selector("#name", "e => { e.value = 'someone-else'; }")  # a form tampered with
    page.fill("#seats", "me,bigmoney")
    page.check("#rated")
    page.click("#start")  # new.js sends the page's CSRF token with the session cookie
    page.wait_for_selector("#play[data-asked]")
    assert page.inner_text("#status").startswith(f"{name} (seat 1)")
    live = get_json(served, f"/api/games/{game_id(page)}")
    assert live["players"][0]["name"] == name
    page.goto(served.url + "/seeks")
    page.click("button.play-bot[data-game='dominion']")
    page.wait_for_selector("[data-board='dominion']")
    page.wait_for_selector("#play[data-asked]")
    record_id = game_id(page)
    play_turns({name: page})
    assert f"{name}: rank" in page.inner_text("#result")
    page.wait_for_selector("#rating-changes")  # the game-over view shows what the game did to the ratings
    assert f"{name} 1500 → " in page.inner_text("#rating-changes")

    changes = rating_changes(served, record_id)
    mine = next(c for c in changes if c["name"] == name)
    assert len(changes) == 2 and mine["before"] == 1500.0 and mine["after"] != 1500.0
    assert get_json(served, f"/api/players/{name}/ratings")["ratings"]["dominion"]["games"] == 1

    page.goto(served.url + f"/profile/{name}")
    shown = page.inner_text("#ratings tr[data-game='dominion'] td.rating")
    assert shown.startswith(str(round(mine["after"])))
    assert page.locator("figure.chart[data-game='dominion'] svg.rating-chart polyline").count() == 1
    assert record_id in page.inner_html("#records")
    page.goto(served.url + "/leaderboards/dominion?provisional=1")
    assert name in page.inner_text("table.leaderboard[data-game='dominion']")
    context.close()


def test_two_people_meet_through_a_rated_seek_and_both_ratings_move(browser, served):
    suffix = served.ports["http"] % 1000
    ann_name, ben_name = f"ann{suffix}", f"ben{suffix}"
    ann_context, ann = person(browser, served, ann_name)
    ben_context, ben = person(browser, served, ben_name)
    ann.goto(served.url + "/seeks")
    ann.select_option("#seek-game", "dominion")
    ann.fill("#seek-players", "2")
    ann.check("#seek-rated")
    ann.click("#post-seek")
    ann.wait_for_selector("#seeks tr[data-seek]")

    ben.goto(served.url + "/seeks")
    row = ben.locator("#seeks tr[data-seek]", has_text=ann_name)
    assert "rated" in row.inner_text()
    row.locator("button.accept").click()
    ben.wait_for_selector("[data-board='dominion']")  # straight to Ben's seat
    # Ann's seeks page refreshes itself while she waits: her seat appears there
    ann.wait_for_selector("#my-games a.my-seat")
    ann.click("#my-games a.my-seat")
    ann.wait_for_selector("[data-board='dominion']")
    for page in (ann, ben):
        page.wait_for_selector("#play[data-asked]")
    record_id = game_id(ann)
    assert game_id(ben) == record_id
    play_turns({ann_name: ann, ben_name: ben})

    changes = rating_changes(served, record_id)
    assert sorted(c["name"] for c in changes) == sorted([ann_name, ben_name])
    assert all(c["after"] != c["before"] or c["score"] == 0.5 for c in changes)
    record = get_json(served, f"/api/records/{record_id}")
    assert [s["name"] for s in record["seats"]] == [ann_name, ben_name]

    ann.goto(served.url + "/leaderboards/dominion?provisional=1")
    board = ann.inner_text("table.leaderboard[data-game='dominion']")
    assert ann_name in board and ben_name in board
    ben.goto(served.url + f"/profile/{ben_name}")
    assert ann_name in ben.inner_text("#versus")  # results against each opponent
    assert ben.locator("figure.chart[data-game='dominion'] svg.rating-chart").count() == 1
    # after the game: a rematch offered by one and agreed by the other starts a new rated game
    ann.goto(served.url + "/seeks")
    ann.click(f"#my-games li[data-game='{record_id}'] button.rematch")
    ben.goto(served.url + "/seeks")
    ben.click("#rematches button.agree")
    ben.wait_for_selector("[data-board='dominion']")
    assert game_id(ben) != record_id
    for context in (ann_context, ben_context):
        context.close()


def test_a_rated_blokus_game_against_a_bot_by_clicks(browser, served):
    name = f"bea{served.ports['http'] % 1000}"
    context, page = person(browser, served, name)
    page.goto(served.url + "/seeks")
    page.click("button.play-bot[data-game='blokus']")
    page.wait_for_selector("svg[data-board='blokus'], #play")
    record_id = game_id(page)
    while True:
        page.wait_for_selector("#play[data-asked='true'], #play[data-over='true']")
        if page.get_attribute("#play", "data-over") == "true":
            break
        before = page.get_attribute("#play", "data-actions")
        anchors = page.locator("rect.anchor")
        if anchors.count():
            anchors.first.click()
        else:
            page.click("#pass")
        page.wait_for_function(f"document.querySelector('#play').dataset.actions !== '{before}'")
    page.wait_for_selector("#rating-changes")
    changes = rating_changes(served, record_id)
    assert {c["name"] for c in changes} >= {name} and all(c["game"] == "blokus" for c in changes)
    assert get_json(served, f"/api/players/{name}/ratings")["ratings"]["blokus"]["games"] == 1
    context.close()


def catan_move(page, frame: dict, turns: int) -> None:
    me = frame["view"]["players"][frame["seat"]]
    play_catan_action(page, catan_choice(frame["legal"], 15 - me["roads_left"], me["hand"]))


def renaissance_move(page, frame: dict, turns: int) -> None:
    play_renaissance_action(page, renaissance_choice(frame["legal"], turns))


@pytest.mark.parametrize("game, move", [("catan", catan_move), ("renaissance", renaissance_move)])
def test_a_rated_game_against_a_bot_by_clicks(browser, served, game, move):
    """Catan and Masters of Renaissance, rated, against the bot "play a bot now" picks."""
    name = f"{game[:3]}{served.ports['http'] % 1000}"
    context, page = person(browser, served, name)
    page.goto(served.url + "/seeks")
    page.click(f"button.play-bot[data-game='{game}']")
    page.wait_for_selector(f"svg[data-board='{game}']")
    record_id = game_id(page)
    turns = 0
    while (frame := question(page)) is not None:
        move(page, frame, turns)
        turns += 1
    page.wait_for_selector("#rating-changes")
    assert name in page.inner_text("#rating-changes")
    changes = rating_changes(served, record_id)
    assert name in {c["name"] for c in changes} and all(c["game"] == game for c in changes)
    assert get_json(served, f"/api/players/{name}/ratings")["ratings"][game]["games"] == 1
    context.close()

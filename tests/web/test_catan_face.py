"""The Catan face in Chromium (issues 10 and 27): a whole game against the random bots by clicks at
1366x900 (and by taps at 390x844 under `slow`) using every kind of move, the dice drawn as
dice, the build-cost card, the trade panel folded until opened, a settlement placed by the
keyboard alone, a refusal in a player's words, and an axe-core scan of the play page.  Which move
to make is the policy's choice among the legal moves the seat was sent; the clicks are real."""

from __future__ import annotations

from collections import Counter

import pytest

from .policies import catan_choice
from .test_blokus_face import SIZES, browser, open_page, serious_violations  # noqa: F401 - `browser` is a fixture
from .test_browser_play import play_catan_action, question, start


def check_the_dice(page, view: dict) -> None:
    """The dice show the view's roll, one die a value."""
    dice = page.locator("#dice rect.die")
    assert dice.count() == 2
    if view["dice"] and view["dice"][0]:
        assert [int(dice.nth(k).get_attribute("data-value")) for k in (0, 1)] == view["dice"]
        assert page.get_attribute("#dice", "data-total") == str(sum(view["dice"]))


#: the phone's whole game is the desktop's by taps: behind `slow` (make bench) for the suite's time;
#: the phone page itself is checked in test_browser_hall.py and below
@pytest.mark.parametrize("size", [pytest.param(size, marks=[pytest.mark.slow] if size == "phone" else [])
                                  for size in sorted(SIZES)])
def test_a_whole_catan_game_against_bots_by_clicks(web, browser, artifacts, size):
    context, page, errors = open_page(browser, size)
    created = start(page, web, "catan", ["me", "random", "random"], seed=12, name=f"catan-{size}")
    page.wait_for_selector("svg[data-board='catan'] polygon.hex")
    costs = page.locator("#cost-card tr")
    assert costs.count() == 4 and "3 ore" in page.inner_text("#cost-card tr[data-build='city']")
    made, shots = Counter(), set()
    while (frame := question(page)) is not None:
        legal, view = frame["legal"], frame["view"]
        me = view["players"][0]
        check_the_dice(page, view)
        action = catan_choice(legal, 15 - me["roads_left"], me["hand"])
        if action[0] == "bank_trade" and "trade" not in shots:  # folded until opened
            shots.add("trade")
            assert not page.locator("#trade").evaluate("d => d.open")
            assert not page.is_visible("#bank-dialog")
        for dialog, kind in (("discard-dialog", "discard"), ("bank-dialog", "bank_trade")):
            if action[0] == kind and dialog not in shots:
                shots.add(dialog)
                page.screenshot(path=str(artifacts / f"catan-face-{size}-{dialog}.png"), full_page=True)
        if action[0] == "roll" and made["roll"] == 3:
            page.screenshot(path=str(artifacts / f"catan-face-{size}.png"), full_page=True)
            assert serious_violations(page) == []
        play_catan_action(page, action)
        made[action[0]] += 1
    assert "Game over." in page.inner_text("#result")
    page.screenshot(path=str(artifacts / f"catan-face-{size}-over.png"), full_page=True)
    record = web.store.load(created["id"])
    assert record.status == "finished"
    mine = Counter(e.action[0] for e in record.entries if e.seat == 0 and e.forfeit is None)
    assert mine == made  # every click became exactly the action it stands for
    assert record.result.seats[0].rank >= 1
    for kind in ("settlement", "road", "city", "roll", "end_turn", "discard", "bank_trade", "robber", "buy_dev",
                 "play_dev", "monopoly", "pick_resources"):
        assert made[kind] >= 1, (kind, made)
    assert made["settlement"] > 2  # built in play, not only in the setup
    assert "trade" in shots and not errors
    context.close()


def test_keyboard_words_and_axe_on_the_catan_page(web, browser, artifacts):
    context, page, errors = open_page(browser, "desktop")
    start(page, web, "catan", ["me", "random", "random"], seed=12, name="catan-keys")
    page.wait_for_selector("circle.legal-settlement")
    # every hex and legal place says what it is
    titles = page.locator("polygon.hex title").all_text_contents()
    assert len(titles) == 19 and all("number" in t or t.startswith("desert") for t in titles), titles
    spot = page.locator("circle.legal-settlement").first
    assert spot.get_attribute("aria-label").startswith("build a settlement beside ")
    assert serious_violations(page) == []
    # a refusal says what the game waits for, in words
    page.evaluate("window.tablehall.act(['roll'])")
    page.wait_for_function("document.getElementById('message').textContent.length > 0")
    assert "Place your first settlement now" in page.inner_text("#message")
    assert "START1A" not in page.inner_text("#board")
    # Tab to a legal corner and play it with Enter
    before = page.get_attribute("#play", "data-actions")
    node = spot.get_attribute("data-node")
    spot.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelector('#play').dataset.actions !== '{before}'")
    page.wait_for_selector("#play[data-asked='true']")  # next: the road beside it
    assert [int(node), 0, 1] in page.evaluate("window.tablehall.frame.view.buildings")
    assert page.locator("polygon.legal-road").count() >= 1 and not errors
    context.close()


#: the actions one click plays, and what is clicked
ONE_CLICK = {"settlement": "circle.legal-settlement[data-node='{}']", "city": "circle.legal-city[data-node='{}']",
             "road": "polygon.legal-road[data-edge='{}']", "robber": "circle.legal-robber[data-hex='{}']",
             "roll": "#roll", "end_turn": "#end-turn", "buy_dev": "#buy-dev", "rob": "button.rob[data-victim='{}']",
             "play_dev": "button.play-dev[data-card='{}']", "monopoly": "button.monopoly[data-resource='{}']"}


@pytest.mark.slow
def test_catan_click_to_redraw(web, browser, artifacts):
    """Not a pass/fail measure (no timing assertion): the figures for docs/benchmarks.md."""
    from .test_blokus_face import click_to_redraw, report_timings

    context, page, errors = open_page(browser, "desktop")
    timings = []
    for seed in (12, 13):
        start(page, web, "catan", ["me", "random", "random"], seed=seed, name="catan-speed")
        page.wait_for_selector("#cost-card")  # the face's data loaded: the board is drawn
        while (frame := question(page)) is not None:
            me = frame["view"]["players"][0]
            action = catan_choice(frame["legal"], 15 - me["roads_left"], me["hand"])
            if action[0] in ONE_CLICK and len(action) <= 2:
                timings.append(click_to_redraw(page, ONE_CLICK[action[0]].format(*action[1:])))
            else:
                play_catan_action(page, action)
    report_timings(artifacts, "catan", timings)
    assert len(timings) >= 30 and not errors
    context.close()

"""The Blokus face in Chromium (issue 27): whole games against a bot by clicks at 1366x900 with a
mouse and at 390x844 with touch, a piece turned by the rotate button and one by the flip button,
the previewed footprint under the pointer, one piece placed by the keyboard alone, and an axe-core
scan of the play page.  Which move to make is the test's choice among the legal moves the seat was
sent; the clicks and taps are real.  Waits are for frames, never for time."""

from __future__ import annotations

import pytest

from tablehall.games.blokus.pieces import Rotation, Shape, transform

from .test_browser import CHROMIUM, FLAGS, WAIT, sync_api
from .test_browser_play import question, start

SIZES = {"desktop": {"viewport": {"width": 1366, "height": 900}, "has_touch": False},
         "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True}}


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield browser
        browser.close()


def open_page(browser, size: str):
    # Playwright's wait_for_function evaluates strings, which the pages' CSP forbids (test_csp.py
    # loads every page under the CSP)
    context = browser.new_context(**SIZES[size], bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(WAIT)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return context, page, errors


def moved_on(page, before: str | None) -> None:
    page.wait_for_function(f"document.querySelector('#play').dataset.actions !== '{before}'")


def serious_violations(page) -> list[str]:
    """axe-core's serious and critical findings on the page, but for the log, which is the site
    shell's (its scrolling list is made reachable by keyboard there, in the webshell branch)."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, context={"exclude": [["#log"]]})
    return [f"{v['id']}: {v['help']} ({len(v['nodes'])}x, e.g. {v['nodes'][0]['target']})"
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


# -- turning pieces -------------------------------------------------------------------------------

def footprint(piece: str, rotation: str, flipped: bool) -> frozenset:
    return frozenset(transform(Shape[piece], Rotation[rotation], flipped))


def turned_piece(legal: list, rotation: str, flipped: bool) -> str | None:
    """A piece with a legal placement in the (rotation, flipped) turn whose footprint differs
    from the unturned one: what the rotate (or flip) button must reach."""
    for action in legal:
        if action[0] != "set":
            continue
        target = footprint(action[2], rotation, flipped)
        if target != footprint(action[2], "NONE", False) and footprint(action[2], action[3], action[4]) == target:
            return action[2]
    return None


def hover_or_tap(page, size: str, anchor) -> None:
    """Show the chosen piece on `anchor` (a board square it fits on) and check that the preview
    covers that very square, in green."""
    x, y = anchor.get_attribute("data-x"), anchor.get_attribute("data-y")
    if size == "phone":
        anchor.tap()
    else:
        anchor.hover()
    under = page.locator(f"rect.preview-legal[data-x='{x}'][data-y='{y}']")
    under.wait_for()
    square, shown = anchor.bounding_box(), under.bounding_box()
    middle = (shown["x"] + shown["width"] / 2, shown["y"] + shown["height"] / 2)
    assert square["x"] <= middle[0] <= square["x"] + square["width"]
    assert square["y"] <= middle[1] <= square["y"] + square["height"]
    assert page.locator("rect.preview-illegal").count() == 0


def place_by_keyboard(page, anchor) -> None:
    """Arrow keys from the top-left square to `anchor`, then Enter."""
    x, y = int(anchor.get_attribute("data-x")), int(anchor.get_attribute("data-y"))
    page.focus("#blokus-area")
    for key, times in (("ArrowLeft", 20), ("ArrowUp", 20), ("ArrowRight", x), ("ArrowDown", y)):
        for _ in range(times):
            page.keyboard.press(key)
    assert page.locator(f"rect.preview-legal[data-x='{x}'][data-y='{y}']").count() == 1
    page.keyboard.press("Enter")


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_whole_blokus_game_by_clicks_turning_pieces_with_the_buttons(web, browser, artifacts, size):
    context, page, errors = open_page(browser, size)
    created = start(page, web, "blokus", ["me", "random"], seed=21, name=f"blokus-{size}")
    assert "You play blue and red" in page.inner_text("#your-colours")
    page.wait_for_selector("#trays .tray[data-color='GREEN'] .tray-piece")
    assert page.locator("#trays .tray").count() == 4
    assert page.locator("#trays .tray[data-color='BLUE'] .tray-piece").count() == 21
    turned: dict[str, tuple[str, str, bool]] = {}  # which button turned which piece how
    keyboard_done = False
    moves = 0
    while (frame := question(page)) is not None:
        legal = frame["legal"]
        before = page.get_attribute("#play", "data-actions")
        for button, turn in (("rotate", ("RIGHT", False)), ("flip", ("NONE", True))):
            piece = None if button in turned or moves < 2 else turned_piece(legal, *turn)
            if piece:
                page.click(f"button.piece[data-piece='{piece}']")
                page.click(f"#{button}")
                turned[button] = (piece, *turn)
                page.screenshot(path=str(artifacts / f"blokus-face-{size}-{button}.png"), full_page=True)
                if button == "rotate":  # mid-game, the controls shown
                    assert serious_violations(page) == []
                break
        anchors = page.locator("rect.anchor")
        if not anchors.count():
            page.click("#pass")
        elif size == "desktop" and moves == 3 and not keyboard_done:
            place_by_keyboard(page, anchors.first)
            keyboard_done = True
        else:
            anchor = anchors.first
            hover_or_tap(page, size, anchor)
            if size == "phone" and moves % 2:
                page.tap("#place")
            elif size == "phone":
                anchor.tap()  # the second tap on the same square places the piece
            else:
                anchor.click()
        moved_on(page, before)
        moves += 1
    assert moves >= 10 and "Game over." in page.inner_text("#result")
    page.screenshot(path=str(artifacts / f"blokus-face-{size}-over.png"), full_page=True)
    record = web.store.load(created["id"])
    assert record.status == "finished"
    placed = [e.action for e in record.entries if e.seat == 0 and e.action and e.action[0] == "set"]
    for button, (piece, rotation, flipped) in turned.items():
        assert any(a[2] == piece and footprint(a[2], a[3], a[4]) == footprint(piece, rotation, flipped)
                   for a in placed), (button, piece)
    assert set(turned) == {"rotate", "flip"}
    assert keyboard_done or size == "phone"
    assert not errors
    context.close()


def test_the_blokus_play_page_passes_axe(web, browser, artifacts):
    context, page, errors = open_page(browser, "desktop")
    start(page, web, "blokus", ["me", "random"], seed=22, name="blokus-axe")
    page.wait_for_selector("rect.anchor")
    page.screenshot(path=str(artifacts / "blokus-face-desktop.png"), full_page=True)
    assert serious_violations(page) == []
    context.close()


# -- how fast a click answers (make bench) --------------------------------------------------------

CLICK_TO_REDRAW = """(selector) => new Promise((resolve) => {
  const play = document.getElementById("play"), before = play.dataset.actions, start = performance.now();
  const watch = new MutationObserver(() => {
    if (play.dataset.actions === before) return;
    watch.disconnect();
    resolve(performance.now() - start);  // the page sets data-actions once the board is redrawn
  });
  watch.observe(play, { attributes: true, attributeFilter: ["data-actions"] });
  document.querySelector(selector).dispatchEvent(new MouseEvent("click", { bubbles: true }));
})"""


def click_to_redraw(page, selector: str) -> float:
    """Milliseconds from a click on `selector` to the board redrawn with the frame it caused."""
    return page.evaluate(CLICK_TO_REDRAW, selector)


def report_timings(artifacts, game: str, timings: list[float]) -> str:
    """p50 and p95 of the click-to-redraw times, printed and kept beside the screenshots."""
    ordered = sorted(timings)
    p50, p95 = ordered[len(ordered) // 2], ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    line = f"{game}: {len(ordered)} clicks, click-to-redraw p50 {p50:.1f} ms, p95 {p95:.1f} ms"
    (artifacts / f"click-to-redraw-{game}.txt").write_text(line + "\n")
    print(line)
    return line


@pytest.mark.slow
def test_blokus_click_to_redraw(web, browser, artifacts):
    """Not a pass/fail measure (no timing assertion): the figures for docs/benchmarks.md."""
    context, page, errors = open_page(browser, "desktop")
    timings = []
    for seed in (31, 32, 33):
        start(page, web, "blokus", ["me", "random"], seed=seed, name="blokus-speed")
        page.wait_for_selector("#trays")  # the face's data loaded: the board is drawn
        while question(page) is not None:
            if page.locator("rect.anchor").count():
                timings.append(click_to_redraw(page, "rect.anchor"))
            else:
                before = page.get_attribute("#play", "data-actions")
                page.click("#pass")
                moved_on(page, before)
    report_timings(artifacts, "blokus", timings)
    assert len(timings) >= 30 and not errors
    context.close()

"""The sea board in Chromium (issue 29, part 5; its face, issue 27): a person plays a New Shores game
against bots by clicks (ships placed in initial placement, built and moved on the board, the
pirate) with the classic face's panel in words, drawn dice, the cost card with the ship, a first
settlement played by the keyboard, an axe-core scan and screenshots at 1366x900 and 390x844 in
the dark scheme; the scenarios' own actions (attacking the fortress, starting a wonder) as
buttons in the game's words; and stored scenario games replay with their pieces drawn: fog hexes,
villages, fortresses, special edges.  Which offered move to make is the test's policy (read
from the frame the seat was sent); the click is real.  Waits are for frames, never for time."""

from __future__ import annotations

import asyncio
import json
import re
import pytest

from tablehall.core import BotAgent, Match
from tablehall.core.registry import get_game
from tablehall.core.store import SqliteStore
from tablehall.games.catan.facts import face_data

from ..catan.sea_helpers import give, new_sea, roll, setup
from .conftest import GAMES, play
from .test_blokus_face import SIZES, serious_violations
from .test_browser import WAIT, page  # noqa: F401 - `page` is a fixture
from .test_browser_play import clicks, play_catan_action, question, start

REPLAYED = {"SC_FOG": "hex.fog", "SC_CLVI": "village", "SC_PIRI": "fortress", "SC_FTRI": "special-edge"}
"""Scenario -> the class of the piece its replay draws."""


def play_scenario(store, scenario: str, seed: int):
    spec = get_game("catan")
    agents = [BotAgent(spec.bots["random"](seed * 10 + i), name=f"random-{i}") for i in range(4)]
    match = Match(spec, agents, seed=seed, options={"scenario": scenario}, store=store)
    return asyncio.run(match.run())


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    """The web tests' store (`conftest.stored`) with a finished game of each scenario replayed."""
    store = SqliteStore(tmp_path_factory.mktemp("web-sea") / "records.sqlite")
    records = {game: play(store, game, bots, seed=5) for game, bots in GAMES.items()}
    records.update({scenario: play_scenario(store, scenario, seed=3) for scenario in REPLAYED})
    yield store, records
    store.close()


SEA_PRIORITY = ["attack_fortress", "city", "settlement", "ship", "move_ship", "buy_dev", "road", "play_dev", "roll",
                "bandit", "pirate", "robber", "rob", "rob_cloth", "pick_free", "monopoly", "pick_resources", "discard",
                "end_turn"]


def sea_choice(legal: list, moved: bool) -> list:
    """Settle, build ships (also in initial placement), move one ship a turn, prefer the pirate;
    else the first legal action of the first kind in `SEA_PRIORITY`."""
    for kind in SEA_PRIORITY:
        for action in legal:
            if action[0] != kind or kind == "move_ship" and moved:
                continue
            if kind == "bandit" and action[1] != 1 and any(a[:2] == ["bandit", 1] for a in legal):
                continue
            return action
    return legal[0]


def play_sea_action(page, action: list) -> None:
    kind = action[0]
    if kind == "ship":
        clicks(page, f"polygon.legal-ship[data-edge='{action[1]}']")
    elif kind == "move_ship":  # the ship, then where it sails
        clicks(page, f"polygon.movable-ship[data-edge='{action[1]}']", f"polygon.legal-move[data-edge='{action[2]}']")
    elif kind == "pirate":
        clicks(page, f"circle.legal-pirate[data-hex='{action[1]}']")
    elif kind == "bandit":
        clicks(page, "#bandit-pirate" if action[1] == 1 else "#bandit-robber")
    elif kind == "pick_free":
        clicks(page, f"button.pick-free[data-counts='{','.join(map(str, action[1]))}']")
    elif kind == "rob_cloth":
        clicks(page, f"button.rob-cloth[data-cloth='{action[1]}']")
    elif kind == "attack_fortress":
        clicks(page, "button.attack-fortress")
    else:
        play_catan_action(page, action)


def test_a_person_plays_new_shores_by_clicks_ships_built_and_moved(web, page, artifacts):
    start(page, web, "catan", ["me", "random", "random"], seed=4, name="sofia", options={"scenario": "SC_NSHO"})
    page.wait_for_selector("svg[data-board='catan-sea'] polygon.hex.water")
    assert page.locator("polygon.hex.water").count() > 20  # the sea, as well as the land
    made: dict[str, int] = {}
    moved_in_turn = False
    turns = 0
    while (frame := question(page)) is not None and turns < 14:
        legal = frame["legal"]
        pirate = frame["view"]["sea"]["pirate"]
        action = sea_choice(legal, moved_in_turn)
        if action[0] == "bandit":  # the choice in the game's words
            words = face_data()["sea_actions"]["bandit"]
            assert [page.inner_text("#bandit-robber"), page.inner_text("#bandit-pirate")] == words
        if action[0] == "move_ship" and "move" not in made:
            page.click(f"polygon.movable-ship[data-edge='{action[1]}']")  # chosen: its targets light up
            page.wait_for_selector("polygon.legal-move")
            page.screenshot(path=str(artifacts / "play-sea-move-ship.png"), full_page=True)
            page.click(f"polygon.movable-ship[data-edge='{action[1]}']")  # and put back
        play_sea_action(page, action)
        made[action[0]] = made.get(action[0], 0) + 1
        if action[0] == "move_ship":
            made["move"] = 1
            moved_in_turn = True
            after = question(page)
            if after is not None:
                assert [action[2], 0] in after["view"]["sea"]["ships"]  # the ship sailed where clicked
                assert [action[1], 0] not in after["view"]["sea"]["ships"]
        if action[0] == "end_turn":
            turns += 1
            moved_in_turn = False
    page.screenshot(path=str(artifacts / "play-sea-new-shores.png"), full_page=True)
    assert made.get("ship", 0) >= 1 and made.get("settlement", 0) >= 2 and made.get("roll", 0) >= 5, made
    assert made.get("bandit", 0) >= 1, made  # the robber-or-pirate choice was met, in words
    assert page.locator("polygon.ship[data-seat='0']").count() >= 1  # my ships are drawn
    assert page.locator("polygon.pirate").count() == (1 if pirate >= 0 else 0)
    assert page.locator("polygon.harbor, rect.harbor").count() >= 1


def dark_page(page, size: str):
    """A page at one of the face tests' sizes in the module's browser, in the dark scheme, with
    its script errors kept."""
    context = page.context.browser.new_context(**SIZES[size], color_scheme="dark", bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(WAIT)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return context, page, errors


INTERNAL = re.compile(r"[A-Z0-9]+_[A-Z0-9_]+")
"""A phase, layout or scenario as the code names it (ROLL_OR_CARD, SC_NSHO-4p): never shown."""


def check_the_face(page, frame: dict) -> None:
    """The classic face's panel in words, the dice drawn, the cost card with the ship."""
    view = frame["view"]
    panel = page.inner_text("#catan-side")
    assert not INTERNAL.search(panel) and view["board"]["layout"] not in panel, panel
    assert page.inner_text("#scenario") == "New Shores"  # the game's own name for SC_NSHO
    assert page.inner_text("#phase").startswith(f"Round {view['round']}: ")
    dice = page.locator("#dice rect.die")
    assert dice.count() == 2
    if view["dice"] and view["dice"][0]:
        assert [int(dice.nth(k).get_attribute("data-value")) for k in (0, 1)] == view["dice"]
    ship = next(row for row in face_data()["costs"] if row["build"] == "ship")
    drawn = page.inner_text("#cost-card tr[data-build='ship']")
    assert all(f"{n} {resource}" in drawn for resource, n in ship["cost"].items()), drawn


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_sea_board_has_the_classic_face_words_dice_keyboard_and_no_axe_finding(web, page, artifacts, size):
    context, page, errors = dark_page(page, size)
    start(page, web, "catan", ["me", "random", "random"], seed=4, name=f"sea-{size}", options={"scenario": "SC_NSHO"})
    page.wait_for_selector("svg[data-board='catan-sea'] circle.legal-settlement")
    # every hex, harbour and legal place says what it is; the places are in the Tab order
    titles = page.locator("polygon.hex title").all_text_contents()
    assert titles and all(t for t in titles) and any("number" in t for t in titles) and "the sea" in titles
    assert page.locator("rect.harbor title").count() == page.locator("rect.harbor").count() >= 1
    spot = page.locator("circle.legal-settlement").first
    assert spot.get_attribute("tabindex") == "0"
    assert spot.get_attribute("aria-label").startswith("build a settlement beside ")
    # the first settlement by the keyboard alone: Tab from the top of the page to a legal corner
    focused = tab_to(page, ".legal-settlement")
    node = int(focused["node"])
    before = page.get_attribute("#play", "data-actions")
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelector('#play').dataset.actions !== '{before}'")
    assert [node, 0, 1] in page.evaluate("window.tablehall.frame.view.buildings")
    rolled = shot = sailed = False
    turns = 0
    while (frame := question(page)) is not None and turns < 6:
        check_the_face(page, frame)
        legal = frame["legal"]
        action = sea_choice(legal, moved=sailed)
        if action[0] == "move_ship":  # by the keyboard: Enter on the ship, then on a place it may sail to
            sail_by_keyboard(page, action[1])
            sailed = True
            continue
        if rolled and action[0] == "end_turn" and not shot:  # a turn with dice drawn and pieces on the board
            shot = True
            titled = page.locator("polygon.ship title, circle.settlement title, line.road title").all_text_contents()
            assert titled and all("'s (" in t for t in titled), titled
            page.screenshot(path=str(artifacts / f"play-sea-face-{size}.png"), full_page=True)
            assert serious_violations(page) == []
            if size == "phone":  # scaled to the width: the page does not scroll sideways
                assert page.evaluate("document.documentElement.scrollWidth") <= 390
        play_sea_action(page, action)
        rolled = rolled or action[0] == "roll"
        turns += action[0] == "end_turn"
    assert shot and sailed and not errors
    context.close()


def tab_to(page, selector: str, presses: int = 80) -> dict:
    """Press Tab until the focus is on `selector` (bounded); its data attributes."""
    page.evaluate("document.activeElement?.blur()")
    for _ in range(presses):
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement?.matches({selector!r}) ?? false"):
            return page.evaluate("({...document.activeElement.dataset})")
    raise AssertionError(f"Tab never reached {selector}")


def sail_by_keyboard(page, source: int) -> None:
    """Focus the movable ship, Enter: the focus goes to where it may sail; Enter there moves it."""
    before = page.get_attribute("#play", "data-actions")
    page.locator(f"polygon.movable-ship[data-edge='{source}']").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("polygon.legal-move")
    target = int(page.evaluate("document.activeElement.dataset.edge"))
    assert page.evaluate("document.activeElement.classList.contains('legal-move')")
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelector('#play').dataset.actions !== '{before}'")
    ships = page.evaluate("window.tablehall.frame.view.sea.ships")
    assert [target, 0] in ships and [source, 0] not in ships


def fortress_in_reach():
    """Pirate Islands after the roll, seat 0's ship beside its fortress: the attack is legal."""
    st = setup(new_sea(seats=3, scenario="SC_PIRI"))
    roll(st, 6)
    st._place_ship(0, st.geo.node_edges[st._own_fortress(0)][0])
    return st, ["attack_fortress"]


def wonder_in_reach():
    """Wonders after the roll, seat 0 with a city, 6 points and a level's cost: it may start one."""
    st = setup(new_sea(seats=3, scenario="SC_WOND"))
    roll(st, 6)
    index = next(i for i, w in enumerate(st.layout.wonders) if w["requires"] == ("C", "6V"))
    st.node_level[next(n for n, o in enumerate(st.node_owner) if o == 0)] = 2
    st.building_vp[0] += 1
    st.svp[0] = 6
    give(st, 0, st.layout.wonders[index]["cost"])
    return st, ["wonder", index]


@pytest.mark.parametrize("state, words", [(fortress_in_reach, "Attack the fortress beside "),
                                          (wonder_in_reach, "Start building the Cathedral (level 1 of 4)")],
                         ids=["fortress", "wonder"])
def test_a_scenario_action_is_a_button_in_the_games_words(web, page, artifacts, state, words):
    """The board module draws a real game's view and legal actions (set up by the engine's own
    test helpers); its scenario action is a button in the face data's words and plays itself."""
    st, action = state()
    spec = get_game("catan")
    legal = json.loads(json.dumps([spec.encode_action(a) for a in st.legal_actions(0)]))
    assert action in legal
    view = json.loads(json.dumps(st.view(0)))
    context, page, errors = dark_page(page, "desktop")
    page.goto(web.url + "/")
    page.evaluate("""async ([view, legal]) => {
        const { render } = await import("/boards/catan.js");
        const root = document.createElement("div");
        root.id = "probe";
        document.querySelector("main").prepend(root);
        window.acted = [];
        render(root, view, { seat: 0, names: ["Ana", "Ben", "Cy"], legal, asked: true, events: [],
                             act: (a) => window.acted.push(a) });
    }""", [view, legal])
    button = page.locator(f"#probe button.{action[0].replace('_', '-')}")
    button.wait_for()
    assert button.inner_text().startswith(words), button.inner_text()
    shown = page.locator("#probe #controls button").all_inner_texts()
    assert shown and not any("_" in text or INTERNAL.search(text) for text in shown), shown  # no raw labels
    page.screenshot(path=str(artifacts / f"play-sea-{action[0]}-button.png"), full_page=True)
    button.click()
    assert page.evaluate("window.acted") == [action] and not errors
    context.close()


@pytest.mark.parametrize("scenario", sorted(REPLAYED))
def test_a_scenario_game_replays_with_its_pieces_drawn(web, stored, page, artifacts, scenario):
    record = stored[1][scenario]
    page.goto(f"{web.url}/records/{record.id}")
    page.wait_for_selector("#replay[data-ready='true']")
    page.wait_for_selector("svg[data-board='catan-sea'] polygon.hex")
    piece = f".{REPLAYED[scenario]}"
    if scenario == "SC_FOG":  # before the first move the fog hides its hexes; none is shown as land
        assert page.locator("polygon.hex.fog").count() >= 1
    else:
        page.wait_for_selector(piece)
    page.click("#last")
    last = len(record.entries)
    assert page.inner_text("#position") == f"{last} / {last}"
    page.wait_for_selector("polygon.ship")  # ships sailed in every scenario
    page.screenshot(path=str(artifacts / f"replay-sea-{scenario}.png"), full_page=True)


def test_a_live_fog_islands_game_is_drawn_for_a_spectator_with_its_fog_hidden(web, page, artifacts):
    spec = get_game("catan")
    match = Match(spec, [BotAgent(spec.bots["random"](i), name=f"random-{i}") for i in range(3)], seed=6,
                  options={"scenario": "SC_FOG"}, match_id="fog-live")
    match.pause()  # the test steps it: every frame is awaited
    web.start_match(match)
    page.goto(f"{web.url}/games/{match.id}")
    page.wait_for_selector("#live[data-actions='0'] svg[data-board='catan-sea']")
    hidden = match.state.fog  # what lies under the fog, known to the server alone
    assert hidden and page.locator("polygon.hex.fog").count() == len(hidden)
    for step in range(1, 9):  # initial placement: fog lifts where pieces touch it
        web.loop.call_soon_threadsafe(match.step)
        page.wait_for_selector(f"#live[data-actions='{step}']")
        fogged = {int(h) for h in page.locator("polygon.hex.fog").evaluate_all("els => els.map(e => e.dataset.hex)")}
        assert fogged == set(match.state.fog)  # exactly the hexes still hidden are drawn as fog
        drawn = page.locator("polygon.hex").evaluate_all("els => els.map(e => [+e.dataset.hex, e.dataset.terrain])")
        assert all(terrain == "fog" for h, terrain in drawn if h in match.state.fog)
    page.screenshot(path=str(artifacts / "live-sea-fog.png"), full_page=True)
    web.loop.call_soon_threadsafe(match.resume)
    page.wait_for_selector("#result a")

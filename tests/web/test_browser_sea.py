"""The sea board in Chromium (issue 29, part 5): a person plays a New Shores game against bots by
clicks (ships placed in initial placement, built and moved on the board, the pirate), and stored
scenario games replay with their pieces drawn: fog hexes, villages, fortresses, special edges.
Which offered move to make is the test's policy (read from the frame the seat was sent); the
click is real.  Waits are for frames, never for time."""

from __future__ import annotations

import asyncio
import pytest

from tablehall.core import BotAgent, Match
from tablehall.core.registry import get_game
from tablehall.core.store import SqliteStore

from .conftest import GAMES, play
from .test_browser import page  # noqa: F401 - `page` is a fixture
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


SEA_PRIORITY = ["city", "settlement", "ship", "move_ship", "buy_dev", "road", "play_dev", "roll", "bandit", "pirate",
                "robber", "rob", "pick_free", "monopoly", "pick_resources", "discard", "end_turn"]


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


def label(action: list) -> str:  # as the generic buttons of static/actions.js write it
    words = []
    walk = lambda part: [walk(p) for p in part] if isinstance(part, list) else words.append(str(part))  # noqa: E731
    walk(action)
    return " ".join(words)


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
        clicks(page, f"button.action:text-is('{label(action)}')")
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
    assert page.locator("polygon.ship[data-seat='0']").count() >= 1  # my ships are drawn
    assert page.locator("polygon.pirate").count() == (1 if pirate >= 0 else 0)
    assert page.locator("polygon.harbor, rect.harbor").count() >= 1


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

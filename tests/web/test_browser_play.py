"""Whole games played by a person in Chromium (issue 10, items 5 and 7): seeded games against
built-in bots, every decision made by clicking what the page draws (board places, buttons,
dialogs).  Which of the offered moves to make is the test's policy, read from the legal actions
the seat was sent (`window.tablehall.frame`); the click is real.  Each test waits for frames,
never for time."""

from __future__ import annotations

import json
import urllib.request
from collections import Counter

import pytest

from .policies import catan_choice, dominion_choice, renaissance_choice
from .test_browser import RESOURCES, WAIT, click_on_board, page, phone, press  # noqa: F401 - fixtures


def start(page, web, game: str, seats: list[str], seed: int, name: str = "carla", options: dict | None = None) -> dict:
    """A seeded game against built-in bots through the API; the page opens the person's seat."""
    body = json.dumps({"game": game, "seats": seats, "name": name, "seed": seed, "options": options or {}}).encode()
    request = urllib.request.Request(web.url + "/api/games/new", method="POST", data=body)
    with urllib.request.urlopen(request, timeout=60) as response:
        created = json.loads(response.read())
    page.goto(web.url + created["seats"][0]["play"])
    page.wait_for_selector("#play[data-asked]")
    return created


def question(page) -> dict | None:
    """Wait until the seat is asked (its frame) or the game is over (None)."""
    page.wait_for_selector("#play[data-asked='true'], #play[data-over='true']")
    if page.get_attribute("#play", "data-over") == "true":
        return None
    return page.evaluate("window.tablehall.frame")


def clicks(page, *selectors: str) -> None:
    """Click each selector in turn (re-rendered pages are looked up afresh); the last click must
    make the game move on."""
    before = page.get_attribute("#play", "data-actions")
    for selector in selectors:
        press(page, page.locator(selector).first)
    page.wait_for_function(f"document.querySelector('#play').dataset.actions !== '{before}'")


def open_trade(page) -> None:
    """Unfold the trade panel (folded until opened; it stays open across frames)."""
    page.wait_for_selector("#trade")
    if not page.locator("#trade").evaluate("d => d.open"):
        page.click("#trade > summary")


def record_of(web, game_id: str):
    return web.store.load(game_id)


# -- Catan ---------------------------------------------------------------------------------------

def play_catan_action(page, action: list) -> None:
    kind = action[0]
    if kind in ("settlement", "city"):
        clicks(page, f"circle.legal-{kind}[data-node='{action[1]}']")
    elif kind == "road":
        clicks(page, f"polygon.legal-road[data-edge='{action[1]}']")
    elif kind == "robber":
        clicks(page, f"circle.legal-robber[data-hex='{action[1]}']")
    elif kind in ("roll", "end_turn", "buy_dev", "cancel_build"):
        clicks(page, {"roll": "#roll", "end_turn": "#end-turn", "buy_dev": "#buy-dev", "cancel_build": "#cancel-build"}[kind])
    elif kind == "play_dev":
        clicks(page, f"button.play-dev[data-card='{action[1]}']")
    elif kind == "rob":
        clicks(page, f"button.rob[data-victim='{action[1]}']")
    elif kind == "monopoly":
        clicks(page, f"button.monopoly[data-resource='{action[1]}']")
    elif kind == "pick_resources":
        clicks(page, f"button.pick[data-resource='{action[1]}']", f"button.pick[data-resource='{action[2]}']")
    elif kind == "discard":  # the dialog: + per card to give up, then discard
        more = [f"#discard-dialog .discard-{RESOURCES[r]} button.more" for r, n in enumerate(action[1]) for _ in range(n)]
        clicks(page, *more, "#discard")
    elif kind == "bank_trade":
        give = next(r for r, n in enumerate(action[1]) if n)
        get = next(r for r, n in enumerate(action[2]) if n)
        open_trade(page)
        clicks(page, f"button.bank-give[data-resource='{give}']", f"button.bank-get[data-resource='{get}']")
    else:
        raise AssertionError(f"no control for {action}")


def catan_setup_by_clicks(page) -> None:
    """Place a settlement and a road where the first legal place is."""
    frame = question(page)
    assert frame is not None
    kind = frame["legal"][0][0]
    selector = {"settlement": "circle.legal-settlement", "road": "polygon.legal-road"}[kind]
    clicks(page, selector)


def play_until_they_can_trade(match, ann, ben) -> tuple[int, int]:
    """Roll and end turns by clicks (answering robbers and discards) until it is ann's turn to
    trade and she holds a resource ben does not offer back and ben one she lacks... any pair of
    different resources, one in each hand.  Whose turn it is, the server says; the frames the
    pages wait for."""
    pages = {0: ann, 1: ben}
    while True:
        seen = len(match.record.entries)  # read before whose turn it is: a move in between shows there
        to_act = match.state.to_act()
        if to_act[0] not in pages:  # the bot: wait for its move to reach ann's page
            ann.wait_for_function(f"window.tablehall && window.tablehall.frame.actions > {seen}")
            continue
        seat = to_act[0]
        pages[seat].wait_for_function(f"window.tablehall && window.tablehall.frame.actions >= {seen}")
        frame = question(pages[seat])
        view = frame["view"]
        if seat == 0 and view["phase"] == "PLAY1":
            hands = view["players"][0]["hand"], match.state.view(1)["players"][1]["hand"]
            pairs = [(g, t) for g in range(5) for t in range(5) if g != t and hands[0][g] and hands[1][t]]
            if pairs:
                return pairs[0]
        action = next(a for kind in ("roll", "robber", "rob", "discard", "end_turn") for a in frame["legal"] if a[0] == kind)
        play_catan_action(pages[seat], action)


def test_two_people_trade_in_the_browser_offer_counter_accept_reject_withdraw(web, page, artifacts):
    """Two people at one Catan table, each on their own page: an offer from the player on turn,
    a counter-offer by clicking counter, accepted; a second offer rejected, then withdrawn."""
    body = json.dumps({"game": "catan", "seats": ["me", "person", "random"], "name": "ann"}).encode()
    request = urllib.request.Request(web.url + "/api/games/new", method="POST", data=body)
    with urllib.request.urlopen(request, timeout=60) as response:
        created = json.loads(response.read())
    ann, ben = page, page.context.browser.new_page(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    ben.set_default_timeout(WAIT)
    ann.goto(web.url + created["seats"][0]["play"])
    ben.goto(web.url + created["seats"][1]["play"])
    # the setup: ann, ben, (the bot), ben, ann place a settlement and a road each time
    for who in (ann, ann, ben, ben, ben, ben, ann, ann):
        catan_setup_by_clicks(who)
    [match] = [m for m in web.server.live_matches() if m.id == created["id"]]
    give, get = play_until_they_can_trade(match, ann, ben)
    ann_hand = question(ann)["view"]["players"][0]["hand"]
    # ann offers 1 <give> for 2 <get> to ben only
    open_trade(ann)
    ann.click(f"#offer-dialog .give-{RESOURCES[give]} button.more")
    ann.click(f"#offer-dialog .get-{RESOURCES[get]} button.more")
    ann.click(f"#offer-dialog .get-{RESOURCES[get]} button.more")
    ann.uncheck("input.offer-to[data-seat='2']")  # not to the bot
    clicks(ann, "#make-offer")
    # ben counters: the dialog opens with the offer turned round (1 <get> for 1 <give>... he edits it)
    ben.wait_for_selector(".offer[data-from='0'] button.counter")
    ben.screenshot(path=str(artifacts / "play-catan-offer.png"), full_page=True)
    ben.click(".offer[data-from='0'] button.counter")
    ben.click(f"#offer-dialog .give-{RESOURCES[get]} button.less")  # he gives 1, not 2
    assert ben.inner_text(f"#offer-dialog .give-{RESOURCES[get]} .value") == "1"
    clicks(ben, "#make-offer")
    ann.wait_for_selector(".offer[data-from='1'] button.accept")
    clicks(ann, ".offer[data-from='1'] button.accept")
    after = question(ann)["view"]["players"][0]["hand"]
    assert after[give] == ann_hand[give] - 1 and after[get] == ann_hand[get] + 1
    # a second offer: ben rejects it, ann withdraws it
    ann.click(f"#offer-dialog .give-{RESOURCES[get]} button.more")
    ann.click(f"#offer-dialog .get-{RESOURCES[give]} button.more")
    ann.uncheck("input.offer-to[data-seat='2']")
    clicks(ann, "#make-offer")
    ben.wait_for_selector(".offer[data-from='0'] button.reject")
    clicks(ben, ".offer[data-from='0'] button.reject")
    question(ann)
    clicks(ann, "#withdraw")
    clicks(ann, "#end-turn")
    trades = [(e.seat, e.action[0]) for e in match.record.entries if e.action and e.action[0] in
              ("offer", "accept", "reject", "withdraw")]
    assert trades == [(0, "offer"), (1, "offer"), (0, "accept"), (0, "offer"), (1, "reject"), (0, "withdraw")]
    assert match.record.entries[-1].action == ["end_turn"]
    web.loop.call_soon_threadsafe(match.abort, "the trades are done")
    ben.close()


# -- Dominion ------------------------------------------------------------------------------------

def pick_cards(cards: list[str]) -> list[str]:
    """Clicks that select these cards of the hand in a choice dialog (each re-renders it)."""
    return [f".dialog .choose-card[data-card='{card}']:not(.selected)" for card in cards]


def play_dominion_action(page, action: list, frame: dict) -> None:
    kind = action[0]
    if kind == "play":
        card, args = action[1], action[2]
        steps = [f"button.hand-card.playable[data-card='{card}']"]
        if card == "cellar":
            steps += pick_cards(args) + ["#confirm-choice"]
        elif card == "workshop" and args:
            steps.append(f"button.gain[data-card='{args[0] if args else ''}']")
        elif card in ("remodel", "mine") and args:
            steps.append(f"button.trash[data-card='{args[0]}']")
            steps.append(f"button.gain[data-card='{args[1] if len(args) > 1 else ''}']")
        # a card with one way to be played (a mine without a treasure in hand, a workshop with
        # nothing to gain) is played at the click, with no dialog (dominion.js playCard)
        clicks(page, *steps)
    elif kind == "buy":
        steps = [f"[data-board='dominion'] .buyable[data-card='{action[1][0]}']"]
        if frame["view"]["buys"] > 1:
            steps.append("#buy")
        clicks(page, *steps)
    elif kind == "discard":
        clicks(page, *pick_cards(action[1]), "#discard")
    elif kind == "react":
        clicks(page, "#reveal-moat")
    else:
        clicks(page, "#pass")


@pytest.mark.parametrize("screen", ["page", "phone"])
def test_a_person_plays_a_whole_dominion_game_by_clicks(web, request, artifacts, screen):
    """At 1366x900 by clicks, and at 390x844 by taps."""
    page, size = request.getfixturevalue(screen), "" if screen == "page" else "-phone"
    created = start(page, web, "dominion", ["me", "random", "bigmoney"], seed=4)
    page.wait_for_selector("[data-board='dominion']")
    bought, made, shots = set(), [], set()
    while (frame := question(page)) is not None:
        action = dominion_choice(frame["legal"], bought)
        label = action[1] if action[0] == "play" else action[0]
        if label in ("cellar", "remodel", "discard") and label not in shots:
            shots.add(label)
            if action[0] == "play":
                page.click(f"button.hand-card.playable[data-card='{label}']")  # open its dialog for the picture
                page.wait_for_selector("#choice-dialog")
            page.screenshot(path=str(artifacts / f"play-dominion-{label}{size}.png"), full_page=True)
            if action[0] == "play":
                page.click("#choice-dialog button.cancel")
        play_dominion_action(page, action, frame)
        made.append(action)
    assert "Game over." in page.inner_text("#result") and "carla: rank" in page.inner_text("#result")
    assert page.locator("#summary .ranks tr[data-seat]").count() == 3 and page.locator("#replay-link").count() == 1
    page.screenshot(path=str(artifacts / f"play-dominion-over{size}.png"), full_page=True)
    record = record_of(web, created["id"])
    mine = [e.action for e in record.entries if e.seat == 0 and e.forfeit is None]
    assert mine == made  # each click sequence sent exactly the intended action
    played = {a[1] for a in mine if a[0] == "play"}
    assert {"cellar", "workshop", "remodel", "mine", "militia"} <= played
    assert any(a[0] == "play" and a[1] == "cellar" and a[2] for a in mine), "cellar discarded chosen cards"
    assert any(a[0] in ("discard", "react") for a in mine), "answered a militia"
    assert any(a[0] == "buy" for a in mine)


# -- Masters of Renaissance ----------------------------------------------------------------------

def play_renaissance_action(page, action: list) -> None:
    kind = action[0]
    if kind == "market":
        attr = "row" if action[1] == "row" else "column"
        clicks(page, f"text.market-{attr}[data-{attr}='{action[2]}']")
    elif kind == "buy":
        clicks(page, f".dev-card.legal[data-level='{action[1]}'][data-colour='{action[2]}']")
    elif kind == "place" and action[1] > 0:
        clicks(page, f"text.depot.legal[data-depot='{action[1]}']")
    elif kind == "slot":
        clicks(page, f"text.slot.legal[data-slot='{action[1]}']")
    else:
        clicks(page, f"#controls button.action[data-action='{json.dumps(action, separators=(',', ':'))}']")


@pytest.mark.parametrize("screen", ["page", "phone"])
def test_a_person_plays_a_whole_renaissance_game_against_two_bots(web, request, artifacts, screen):
    """At 1366x900 by clicks, and at 390x844 by taps."""
    page, size = request.getfixturevalue(screen), "" if screen == "page" else "-phone"
    created = start(page, web, "renaissance", ["me", "greedy", "random"], seed=7)
    page.wait_for_selector("svg[data-board='renaissance']")
    made, shots = Counter(), set()
    while (frame := question(page)) is not None:
        action = renaissance_choice(frame["legal"], made["end"])
        if action[0] in ("market", "place", "buy", "slot", "produce") and action[0] not in shots:
            shots.add(action[0])
            page.screenshot(path=str(artifacts / f"play-renaissance-{action[0]}{size}.png"), full_page=True)
        play_renaissance_action(page, action)
        made[action[0]] += 1
    assert "Game over." in page.inner_text("#result") and page.locator("#summary .ranks tr[data-seat]").count() == 3
    page.screenshot(path=str(artifacts / f"play-renaissance-over{size}.png"), full_page=True)
    record = record_of(web, created["id"])
    assert record.status == "finished" and len(record.seats) == 3
    mine = Counter(e.action[0] for e in record.entries if e.seat == 0 and e.forfeit is None)
    assert mine == made
    for kind in ("keep", "market", "place", "buy", "slot", "pay", "produce", "output", "activate", "end"):
        assert made[kind] >= 1, (kind, made)


def test_a_person_plays_renaissance_solo_against_lorenzo(web, page, artifacts):
    start(page, web, "renaissance", ["me"], seed=3)
    page.wait_for_selector("svg[data-board='renaissance']")
    for _ in range(40):
        frame = question(page)
        if frame is None:
            break
        play_renaissance_action(page, renaissance_choice(frame["legal"]))
    assert page.locator("text.black-cross").count() == 1 and page.locator("circle.faith-marker").count() == 1
    page.screenshot(path=str(artifacts / "play-renaissance-solo.png"), full_page=True)


# -- open seats ------------------------------------------------------------------------------------

def test_a_person_opens_a_seat_for_a_dominion_bot_and_plays_it(web, page, artifacts):
    """From the new-game page: a seat held for the bot named alice; the page says how to connect
    it, the lobby lists it, the bot connects over TCP and the game starts on the page."""
    import subprocess
    import sys
    from pathlib import Path

    page.goto(web.url + "/new")
    page.select_option("#game", "dominion")
    page.fill("#name", "dora")
    page.fill("#seats", "me,open:alice")
    page.click("#start")
    page.wait_for_selector("#play[data-waiting='true'] #waiting code.copy")
    command = page.inner_text("#waiting code.copy")
    # the seat held for alice is taken with its secret ticket, shown to its owner only (issue 26)
    assert "--join table " in command and "--join table alice" not in command
    assert f":{web.server.port('dominion')}" in command
    assert page.locator("#waiting button.copy-button").count() == 1
    page.screenshot(path=str(artifacts / "play-waiting-for-a-client.png"), full_page=True)
    lobby = page.context.browser.new_page(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    lobby.goto(web.url + "/")
    lobby.wait_for_selector("#open-seats tr[data-table]")
    assert command not in lobby.inner_text("#open-seats")
    assert "held for alice (its owner has the code)" in lobby.inner_text("#open-seats")
    lobby.screenshot(path=str(artifacts / "lobby-open-seats.png"), full_page=True)
    lobby.close()
    repo = Path(__file__).resolve().parents[2]
    bot = subprocess.Popen([sys.executable, *command.split()[1:]], cwd=repo, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE)
    try:
        page.wait_for_selector("[data-board='dominion']")
        assert page.get_attribute("#play", "data-waiting") is None
        bought: set = set()
        while (frame := question(page)) is not None:
            play_dominion_action(page, dominion_choice(frame["legal"], bought), frame)
        assert "Game over." in page.inner_text("#result") and "dora: rank" in page.inner_text("#result")
        assert bot.wait(120) == 0, bot.stderr.read().decode()[-2000:]
    finally:
        if bot.poll() is None:
            bot.kill()
        bot.stderr.close()


def test_a_closed_tab_rejoins_its_seat_and_a_second_tab_takes_it_over(web, page, artifacts):
    """The seat belongs to whoever holds its token: a new tab with the same address (the token in
    its fragment) gets the whole view and the pending question back; the older tab is told."""
    created = start(page, web, "dominion", ["me", "bigmoney"], seed=11)
    address = page.url
    first = question(page)
    page.goto(web.url + "/")  # the tab leaves the game
    page.goto(address)  # and comes back
    again = question(page)
    assert again["decision"] == first["decision"] and again["legal"] == first["legal"]
    # the seat's clock counts down on the page, and the page says what happens when it runs out
    page.wait_for_function("document.querySelector('#clock').textContent.includes('time left for this move')")
    assert "seconds for each move" in page.inner_text("#clock-rules")
    page.goto(address.split("#")[0])  # no token in the address: this browser kept it (localStorage)
    assert question(page)["decision"] == first["decision"]
    other = page.context.browser.new_page(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    other.goto(address)
    question(other)
    page.wait_for_selector("#play.replaced #take-back")  # the older tab is greyed out, with a way back
    page.screenshot(path=str(artifacts / "play-second-tab.png"), full_page=True)
    play_dominion_action(other, dominion_choice(question(other)["legal"], set()), question(other))
    assert other.get_attribute("#play", "data-actions") != str(first["actions"])
    # the first tab takes the seat back: it plays again, and the other is greyed out in turn
    page.click("#take-back")
    page.wait_for_selector("#play:not(.replaced)")
    other.wait_for_selector("#play.replaced #take-back")
    assert question(page)["legal"]
    other.close()
    [match] = [m for m in web.server.live_matches() if m.id == created["id"]]
    web.loop.call_soon_threadsafe(match.abort, "rejoined enough")


def test_the_lobby_starts_a_bot_game_to_watch_live(web, page, artifacts):
    page.goto(web.url + "/")
    page.click("a.watch-bots:text-is('Dominion')")
    page.wait_for_selector("#new-game")
    assert page.input_value("#seats") == "bigmoney,engine" and page.input_value("#pace") == "0.5"
    page.fill("#pace", "0.2")
    page.click("#start")
    page.wait_for_selector("#live [data-board='dominion']")
    page.wait_for_function("Number(document.querySelector('#live').dataset.actions) >= 3")
    assert page.locator("#log li").count() >= 3
    page.screenshot(path=str(artifacts / "live-dominion.png"), full_page=True)
    game_id = page.url.rsplit("/", 1)[1]
    [match] = [m for m in web.server.live_matches() if m.id == game_id]
    assert [s.agent for s in match.record.seats] == ["bot:bigmoney", "bot:engine"]
    web.loop.call_soon_threadsafe(match.abort, "watched enough")


def test_a_game_with_another_person_gives_the_address_of_their_seat(web, page, artifacts):
    page.goto(web.url + "/new")
    page.select_option("#game", "dominion")
    page.fill("#name", "erin")
    page.fill("#seats", "me,person")
    page.click("#start")
    page.wait_for_selector("#invite:not([hidden]) #people code.copy")
    address = page.inner_text("#people code.copy")
    assert "seat=1#" in address
    page.screenshot(path=str(artifacts / "new-game-invite.png"), full_page=True)
    friend = page.context.browser.new_page(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    friend.goto(address)
    page.click("#my-seat")
    for who in (page, friend):
        who.wait_for_selector("[data-board='dominion']")
    assert "(seat 2)" in friend.inner_text("#status") and "(seat 1)" in page.inner_text("#status")
    game_id = address.split("/play/")[1].split("?")[0]
    friend.close()
    [match] = [m for m in web.server.live_matches() if m.id == game_id]
    assert [s.agent for s in match.record.seats] == ["web", "web"]
    web.loop.call_soon_threadsafe(match.abort, "both people were seated")

"""Move policies the web tests play by: deterministic choices among the legal actions a seat
is sent (the browser tests then make them by clicks; the WebSocket tests send them)."""

from __future__ import annotations


PRIORITY = ["city", "settlement", "buy_dev", "road", "play_dev", "roll", "monopoly", "pick_resources", "robber",
            "rob", "discard", "bank_trade", "end_turn"]


SETTLEMENT, CITY = (1, 0, 1, 1, 1), (0, 3, 0, 2, 0)


def useful_trade(legal: list, hand: list) -> list | None:
    """A bank trade that brings a city or a settlement closer without giving what it needs."""
    for cost in (CITY, SETTLEMENT):
        short = [r for r in range(5) if hand[r] < cost[r]]
        for action in legal:
            if action[0] != "bank_trade":
                continue
            give = next(r for r in range(5) if action[1][r])
            get = next(r for r in range(5) if action[2][r])
            if get in short and hand[give] - action[1][give] >= cost[give]:
                return action
    return None


def catan_choice(legal: list, roads_built: int, hand: list) -> list:
    """Build what can be built, buy and play cards, trade with the bank towards a building."""
    for kind in PRIORITY:
        if kind == "bank_trade":
            trade = useful_trade(legal, hand)
            if trade:
                return trade
            continue
        for action in legal:
            if action[0] != kind:
                continue
            if kind == "road" and roads_built > 8 and any(a[0] == "end_turn" for a in legal):
                continue
            return action
    return legal[0]


WANT = ["cellar", "workshop", "remodel", "mine", "militia", "village", "moat", "market", "smithy"]


def dominion_choice(legal: list, bought: set) -> list:
    """Answer attacks (a moat if held), play the first action card (cellar: discarding its junk),
    buy a province, a gold, one of each kingdom card, a silver; else end the turn."""
    kinds = {a[0] for a in legal}
    if kinds & {"discard", "react"}:
        return next((a for a in legal if a[0] == "react"), None) or next(a for a in legal if a[0] == "discard")
    plays = [a for a in legal if a[0] == "play"]
    if plays:
        return [a for a in plays if a[1] == "cellar"][-1] if plays[0][1] == "cellar" else plays[0]
    buys = {a[1][0]: a for a in legal if a[0] == "buy" and a[1] and len(a[1]) == 1}
    for card in ["province", "gold", *[c for c in WANT if c not in bought], "silver"]:
        if card in buys:
            bought.add(card)
            return buys[card]
    return ["pass"]


RENAISSANCE = ["keep", "pick", "buy", "slot", "pay", "output", "white", "place", "produce", "market", "activate", "end"]


def renaissance_choice(legal: list, turns: int = 0) -> list:
    """Buy what can be bought; every third turn produce, else take from the market; place what
    comes in (discard only where it fits nowhere)."""
    for kind in RENAISSANCE:
        if kind == "produce" and turns % 3 != 2:
            continue
        for action in legal:
            if action[0] != kind:
                continue
            if kind == "place" and action[1] == 0 and any(a[0] == "place" and a[1] > 0 for a in legal):
                continue
            return action
    return legal[0]

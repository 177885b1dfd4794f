#!/usr/bin/env python3
"""Engine: militia and smithy for tempo, markets and villages to play them together, remodel
and mine to improve, a moat when an opponent owns a militia; greens by the province count."""

from collections import Counter

from v1bot import ACTIONS, COST, MONEY, Bot, main

TERMINALS = ("smithy", "militia", "moat", "remodel", "mine")


class Engine(Bot):
    name = "engine"

    def play_turn(self, actions, buys, money, hand):
        if actions:
            play = self.choose_action(actions, money, hand)
            if play:
                return play
        return self.choose_buys(buys, money)

    def choose_action(self, actions, money, hand):
        if "village" in hand and any(c in TERMINALS for c in hand):
            return "action village"
        if "market" in hand:
            return "action market"
        if "cellar" in hand:
            rest = list(hand)
            rest.remove("cellar")
            return "action cellar " + " ".join(c for c in rest if c not in ACTIONS and c not in MONEY)
        provinces = self.supply.get("province", 0)
        if "remodel" in hand:
            if "gold" in hand and provinces <= 4:
                return "action remodel gold province"
            if "estate" in hand and provinces > 4 and self.supply.get("silver", 0):
                return "action remodel estate silver"
        if "smithy" in hand and (actions > 1 or "militia" not in hand or money < 5):
            return "action smithy"
        if "militia" in hand:
            return "action militia"
        if "mine" in hand:
            for treasure, better in (("silver", "gold"), ("copper", "silver")):
                if treasure in hand and self.supply.get(better, 0):
                    return f"action mine {treasure} {better}"
        if "moat" in hand:
            return "action moat"
        return None

    def choose_buys(self, buys, money):
        bought = []
        for _ in range(buys):
            card = self.choose_buy(money, bought)
            if card is None or not self.can_buy(card, money) or self.supply[card] <= bought.count(card):
                break
            bought.append(card)
            money -= COST[card]
        return "buy " + " ".join(bought) if bought else "pass"

    def choose_buy(self, money, bought):
        provinces = self.supply.get("province", 0)
        owned = self.mine() + Counter(bought)
        if money >= 8 and (owned["gold"] or provinces < 8):
            return "province"
        if money >= 6:
            return "duchy" if provinces <= 4 else "gold"
        if money == 5:
            if provinces <= 5:
                return "duchy"
            return "market" if owned["market"] < 2 else "silver"
        if money == 4:
            if owned["militia"] < 1:
                return "militia"
            if owned["smithy"] * 12 < sum(owned.values()):
                return "smithy"
        if 2 <= money <= 4 and provinces <= 2:
            return "estate"
        if money >= 3:
            if owned["smithy"] + owned["militia"] > owned["village"] + 2 and self.supply.get("village", 0):
                return "village"
            return "silver"
        if money == 2 and not owned["moat"] and any(
                cards["militia"] > 0 for player, cards in self.owned.items() if player != self.me):
            return "moat"
        return None


if __name__ == "__main__":
    main(Engine())

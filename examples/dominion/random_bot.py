#!/usr/bin/env python3
"""Random: plays a random action card (with random arguments), buys a random affordable card
or passes.  Seeded by --seed N so its games can be replayed."""

import random

from v1bot import ACTIONS, COST, MONEY, Bot, main


class RandomBot(Bot):
    name = "random"

    def __init__(self) -> None:
        super().__init__()
        self.rng = random.Random(0)

    def seed(self, seed):
        self.rng = random.Random(seed)

    def play_turn(self, actions, buys, money, hand):
        playable = sorted({card for card in hand if card in ACTIONS}) if actions else []
        affordable = [card for card in sorted(self.supply) if self.can_buy(card, money)]
        choice = self.rng.choice(["pass"] + [f"action {c}" for c in playable] + [f"buy {c}" for c in affordable])
        if choice.startswith("action"):
            return choice + self.arguments(choice.split()[1], hand)
        return choice

    def arguments(self, card, hand):
        rest = list(hand)
        rest.remove(card)
        if card == "cellar":
            return "".join(f" {c}" for c in rest if self.rng.random() < 0.5)
        if card == "workshop":
            return " " + self.rng.choice([c for c in self.supply if self.can_buy(c, 4)] or [""])
        if card in ("remodel", "mine"):
            pool = [c for c in rest if card == "remodel" or c in MONEY]
            if not pool:
                return ""
            trashed = self.rng.choice(pool)
            bonus = 2 if card == "remodel" else 3
            gains = [c for c in self.supply if self.can_buy(c, COST[trashed] + bonus)
                     and (card == "remodel" or c in MONEY)]
            return f" {trashed} {self.rng.choice(gains)}" if gains else f" {trashed}"
        return ""


if __name__ == "__main__":
    main(RandomBot())

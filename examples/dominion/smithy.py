#!/usr/bin/env python3
"""Big Money + Smithy: plays a smithy when it has one, buys one at 4-5 per 11 cards owned."""

from v1bot import Bot, main


class Smithy(Bot):
    name = "smithy"

    def play_turn(self, actions, buys, money, hand):
        if actions and "smithy" in hand:
            return "action smithy"
        owned = self.mine()
        if 4 <= money <= 5 and owned["smithy"] * 11 < sum(owned.values()) and self.can_buy("smithy", money):
            return "buy smithy"
        for card, price in (("province", 8), ("gold", 6), ("silver", 3)):
            if money >= price and self.can_buy(card, money):
                return f"buy {card}"
        return "pass"


if __name__ == "__main__":
    main(Smithy())

#!/usr/bin/env python3
"""Big Money: province at 8, gold at 6-7, silver at 3-5, never plays an action."""

from v1bot import Bot, main


class BigMoney(Bot):
    name = "bigmoney"

    def play_turn(self, actions, buys, money, hand):
        for card, price in (("province", 8), ("gold", 6), ("silver", 3)):
            if money >= price and self.can_buy(card, money):
                return f"buy {card}"
        return "pass"


if __name__ == "__main__":
    main(BigMoney())

"""In-process Dominion bots: random, Big Money, Big Money + Smithy and a militia/moat engine.

They read the seat's observation directly (ints, lists): a decision is a few comparisons.
Every bot answers a militia the same way: reveal a moat if it holds one, else discard its least
useful cards (the engine's own default order).
"""

from __future__ import annotations

from typing import Any

from tablehall.core import Bot

from .cards import (CARD_COUNT, CELLAR, COPPER, COST, DUCHY, ESTATE, GOLD, IS_ACTION, IS_TREASURE,
                    MARKET, MILITIA, MINE, MOAT, PROVINCE, REMODEL, SILVER, SMITHY, VILLAGE)
from .rules import PASS, REVEAL_MOAT, DominionState, least_useful

#: the answer that buys one card, by card (made once: a bot answers so every turn)
BUY_ONE = tuple(("buy", (card,)) for card in range(CARD_COUNT))


def big_money_buy(money: int) -> int | None:
    """Big Money's rule: province at 8, gold at 6-7, silver at 3-5, else nothing."""
    return PROVINCE if money >= 8 else GOLD if money >= 6 else SILVER if money >= 3 else None


class RandomBot(Bot):
    """Any legal action, uniformly (see `DominionState.legal_actions`)."""

    name = "random"
    needs_observation = False  # reads only its seat's view: tests/core/test_live_view_bots.py

    def choose(self, state: DominionState, seat: int) -> Any:
        return self.rng.choice(state.legal_actions(seat))


class MoneyBot(Bot):
    """A buy-rule bot: subclasses say which card to buy with some money and which action card
    to play; this class turns that into actions and handles multiple buys and militia."""
    needs_observation = False  # reads only its seat's view: tests/core/test_live_view_bots.py

    def choose(self, state: DominionState, seat: int) -> Any:
        if state.attack:
            return self.defend(state, seat)
        if state.actions:
            play = self.play(state, seat)
            if play is not None:
                return play
        return self.buys(state, seat)

    def defend(self, state: DominionState, seat: int) -> Any:
        hand = state.players[seat].hand
        if MOAT in hand:
            return REVEAL_MOAT
        return ("discard", tuple(sorted(hand, key=least_useful)[:state.attack[seat]]))

    def play(self, state: DominionState, seat: int) -> Any:
        """The action card to play now, or None to go to buying."""
        return None

    def buys(self, state: DominionState, seat: int) -> Any:
        money = state.money()
        if state.buys == 1:  # the usual turn, without the bookkeeping of several buys
            card = self.buy(state, seat, money, [])
            return PASS if card is None or not state.supply[card] else BUY_ONE[card]
        bought: list[int] = []
        for _ in range(state.buys):
            card = self.buy(state, seat, money, bought)
            if card is None or state.supply[card] <= bought.count(card):
                break
            bought.append(card)
            money -= COST[card]
        return ("buy", tuple(bought)) if bought else PASS

    def buy(self, state: DominionState, seat: int, money: int, bought: list[int]) -> int | None:
        """The card to buy with `money` (having bought `bought` this turn already), or None."""
        return big_money_buy(money)


class BigMoneyBot(MoneyBot):
    """Province at 8, gold at 6-7, silver at 3-5, nothing else (the classic benchmark)."""

    name = "bigmoney"

    def choose(self, state: DominionState, seat: int) -> Any:
        if state.attack or state.buys != 1:
            return super().choose(state, seat)
        # the usual turn, straight to its one buy: it plays no action card
        card = big_money_buy(state.money())
        return PASS if card is None or not state.supply[card] else BUY_ONE[card]


class SmithyBot(MoneyBot):
    """Big Money that buys a Smithy at 4-5 for every 11 cards it owns and plays it."""

    name = "smithy"

    def play(self, state: DominionState, seat: int) -> Any:
        return ("play", SMITHY, ()) if SMITHY in state.players[seat].hand else None

    def buy(self, state: DominionState, seat: int, money: int, bought: list[int]) -> int | None:
        if 4 <= money <= 5 and not bought:
            owned = state.players[seat].all_cards()
            if owned.count(SMITHY) * 11 < len(owned):
                return SMITHY
        return super().buy(state, seat, money, bought)


class EngineBot(MoneyBot):
    """Militia and Smithy for tempo, Markets and Villages to play them together, Mine and
    Remodel to improve, a Moat when the others own attacks, and greening by the province count.

    It attacks with militia (the others discard to three), reveals a moat against one, and
    turns gold into provinces with remodel at the end of the game.
    """

    name = "engine"

    def play(self, state: DominionState, seat: int) -> Any:
        hand = state.players[seat].hand
        terminals = sum(1 for c in hand if c in (SMITHY, MILITIA, MOAT, REMODEL, MINE))
        if VILLAGE in hand and terminals:
            return ("play", VILLAGE, ())
        if MARKET in hand:
            return ("play", MARKET, ())
        if CELLAR in hand:
            junk = tuple(c for c in hand if not IS_ACTION[c] and not IS_TREASURE[c])
            return ("play", CELLAR, junk)
        if REMODEL in hand:
            remodel = self._remodel(state, hand)
            if remodel is not None:
                return remodel
        several = state.actions > 1
        if SMITHY in hand and (several or MILITIA not in hand or state.money() < 5):
            return ("play", SMITHY, ())
        if MILITIA in hand:
            return ("play", MILITIA, ())
        if MINE in hand:
            for treasure, better in ((SILVER, GOLD), (COPPER, SILVER)):
                if treasure in hand and state.supply[better]:
                    return ("play", MINE, (treasure, better))
        if MOAT in hand:
            return ("play", MOAT, ())
        return None

    def _remodel(self, state: DominionState, hand: list[int]) -> Any:
        if GOLD in hand and state.supply[PROVINCE] <= 4:
            return ("play", REMODEL, (GOLD, PROVINCE))
        if ESTATE in hand and state.supply[PROVINCE] > 4 and state.supply[SILVER]:
            return ("play", REMODEL, (ESTATE, SILVER))
        return None

    def buy(self, state: DominionState, seat: int, money: int, bought: list[int]) -> int | None:
        provinces = state.supply[PROVINCE]
        owned = state.players[seat].all_cards() + bought
        if money >= 8 and (owned.count(GOLD) or provinces < 8):
            return PROVINCE
        if money >= 6:
            return DUCHY if provinces <= 4 else GOLD
        if money == 5:
            if provinces <= 5:
                return DUCHY
            return MARKET if owned.count(MARKET) < 2 else SILVER
        if money == 4:
            if owned.count(MILITIA) < 1:
                return MILITIA
            if owned.count(SMITHY) * 12 < len(owned):
                return SMITHY
        if 2 <= money <= 4 and provinces <= 2:
            return ESTATE
        if money >= 3:
            terminals = sum(owned.count(c) for c in (SMITHY, MILITIA))
            if terminals > owned.count(VILLAGE) + 2 and state.supply[VILLAGE]:
                return VILLAGE
            return SILVER
        if money == 2 and not owned.count(MOAT) and self._others_attack(state, seat):
            return MOAT
        return None

    @staticmethod
    def _others_attack(state: DominionState, seat: int) -> bool:
        return any(MILITIA in p.all_cards() for s, p in enumerate(state.players) if s != seat)


BOTS = {bot.name: bot for bot in (RandomBot, BigMoneyBot, SmithyBot, EngineBot)}

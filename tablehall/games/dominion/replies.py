"""How the version-1 protocol reads a bot's reply: always as one legal kernel action.

The seed defines a consequence for every bad reply instead of an error message, and so do we
(docs/protocols/dominion.md, "Bad replies").  This module applies those consequences, so the
rules stay strict (`DominionState.check`) and a bot never stalls the game by answering badly:

* to ``play-turn``: an unknown reply, an unknown card, a card not in hand, wrong arguments or
  no action left become ``("invalid", code)``: one action is lost, or the turn ends when none
  is left.  ``buy`` buys its cards left to right and stops at the first one that cannot be
  bought (unknown, empty pile, no money or no buy left); if none could be, the turn ends.
  ``cellar`` discards the cards up to the first one not in hand.
* to ``attack``: anything but an exact discard or a moat the seat holds lets the engine
  choose the discards.
"""

from __future__ import annotations

from tablehall.core import IllegalAction

from .cards import BY_NAME, CELLAR, COST
from .codec import Reply
from .rules import ENGINE_DISCARD, PASS, REVEAL_MOAT, DominionState


def interpret(state: DominionState, seat: int, reply: Reply) -> tuple:
    """The action `reply` stands for when `seat` is asked in `state` (its observation)."""
    if state.attack:
        return _answer_to_attack(state, seat, reply)
    if reply.kind == "pass":
        return PASS
    if reply.kind == "buy":
        return _buy(state, reply.cards)
    if reply.kind == "action":
        return _play(state, seat, reply.cards)
    if reply.kind == "invalid":
        return ("invalid", "BAD_LINE")
    return ("invalid", "NOT_ATTACKED")


def _known(names: tuple[str, ...]) -> list[int]:
    """The cards named, up to the first name that is not a card."""
    cards = []
    for name in names:
        card = BY_NAME.get(name)
        if card is None:
            break
        cards.append(card)
    return cards


def _buy(state: DominionState, names: tuple[str, ...]) -> tuple:
    money, buys, supply = state.money(), state.buys, state.supply
    bought: list[int] = []
    for card in _known(names):
        if not buys or supply[card] <= bought.count(card) or COST[card] > money:
            break
        bought.append(card)
        buys -= 1
        money -= COST[card]
    return ("buy", tuple(bought)) if bought else PASS


def _play(state: DominionState, seat: int, names: tuple[str, ...]) -> tuple:
    cards = _known(names)
    if not cards:
        return ("invalid", "UNKNOWN_CARD")
    card, args = cards[0], tuple(cards[1:])
    if card == CELLAR:  # discards up to the first card not held (an unknown name included)
        args = _held_prefix(state.players[seat].hand, card, args)
    elif len(cards) < len(names):
        return ("invalid", "UNKNOWN_CARD")
    action = ("play", card, args)
    try:
        state.check(seat, action)
    except IllegalAction as error:
        return ("invalid", error.code)
    return action


def _held_prefix(hand: list[int], played: int, cards: tuple[int, ...]) -> tuple[int, ...]:
    """The leading cards that are in hand (besides the card played), each at most as often as held."""
    left = list(hand)
    if played in left:
        left.remove(played)
    held = []
    for card in cards:
        if card not in left:
            break
        left.remove(card)
        held.append(card)
    return tuple(held)


def _answer_to_attack(state: DominionState, seat: int, reply: Reply) -> tuple:
    if reply.kind == "reaction":
        action = REVEAL_MOAT if reply.cards == ("moat",) else None
    elif reply.kind == "discard":
        cards = _known(reply.cards)
        action = ("discard", tuple(cards)) if len(cards) == len(reply.cards) else None
    else:
        action = None
    if action is None:
        return ENGINE_DISCARD
    try:
        state.check(seat, action)
    except IllegalAction:
        return ENGINE_DISCARD
    return action


"""A seat's choices in a fixed menu of Catan actions: the forms a fixed-size action index can
name (the learning environment's, `envs/catan.py`, numbers them).

`legal_actions` lists each free-form action once (one discard, single-lot bank trades, no
offers).  A fixed menu names more of them, and bounds what the rules leave open:

* discards are picked one card at a time (`discard_picks`), and go to the engine once whole
  (`discard_is_whole`);
* bank trades of 1-4 lots at the seat's own ratio;
* offers of one card for one card to every opponent still playing, on the seat's own turn after
  the roll, at most `MAX_OFFERS_PER_TURN` in a turn;
* answers to offers: reject them, or accept one the seat can pay;
* giving up the free roads of a road building card, at any time.

Not in the menu: counter-offers, offers of several cards or to some opponents only, and
JSettlers' pay-then-place build requests (building directly does the same).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablehall.core import IllegalAction

from . import actions as A
from .constants import Phase
from .legality import SINGLE_LOTS, covers

if TYPE_CHECKING:
    from .rules import CatanState

#: Offers the player to move may make in one turn through the menu.  The rules set no bound,
#: but a policy that always picks an offer (an argmax policy, or `last_legal`) would then never
#: end its turn; three leave room to try again after refusals.
MAX_OFFERS_PER_TURN = 3

#: the most lots of one bank trade the menu names (give lots x the seat's ratio, get lots)
MAX_LOTS = 4

NO_CARDS = (0, 0, 0, 0, 0)


def choices(state: CatanState, seat: int) -> list[tuple]:
    """Every action of the menu `seat` may take now (nothing when it is not asked).  Discards
    are picked a card at a time instead: see `discard_picks`."""
    if seat not in state.to_act():
        return []
    phase = state.phase
    if phase is Phase.WAITING_FOR_DISCARDS:
        return []
    if phase is Phase.PLAY1:
        if seat != state.current:
            return answers(state, seat)
        legal = state.legal_actions(seat)
        # counter-offers made to the player to move are answered like any offer
        return [*legal, *answers(state, seat), *offers(state, seat), *bank_lots(state, seat, legal)]
    legal = state.legal_actions(seat)
    if (phase is Phase.PLACING_FREE_ROAD1 or phase is Phase.PLACING_FREE_ROAD2) and A.CANCEL_BUILD not in legal:
        legal.append(A.CANCEL_BUILD)  # the engine lets the free roads go at any time
    return legal


def answers(state: CatanState, seat: int) -> list[tuple]:
    """Answers to the trade offers made to `seat`: reject them all, or accept one it can pay
    (a trade always involves the player to move)."""
    out = []
    hand = state.cards_known_to(seat)[0]
    for offerer, offer in enumerate(state.offers):
        if offer is None or seat not in offer[2] or offerer == seat:
            continue
        if A.REJECT not in out:
            out.append(A.REJECT)
        if state.current in (seat, offerer) and covers(hand, offer[1]):
            out.append(A.accept(offerer))
    return out


def offers(state: CatanState, seat: int) -> list[tuple]:
    """Offers of one card for one card the player to move may make now (trading on, after the
    roll).  Only the player to move offers: the seats answer at once, while its hand is still
    what it offered from, so an accept the menu allows never fails for want of the offerer's
    cards.  A counter-offer would be accepted later, after moves (a knight, a monopoly) that may
    take its cards, and whether they did is hidden from the seat asked."""
    if not state.trading or state.offers_this_turn() >= MAX_OFFERS_PER_TURN:
        return []
    to = offer_to(state, seat)
    if not to:
        return []
    hand = state.cards_known_to(seat)[0]
    return [_OFFERS[give][get] + (to,) for give in range(5) if hand[give] for get in range(5) if get != give]


def offer_to(state: CatanState, seat: int) -> tuple[int, ...]:
    """Whom the menu's offers offer to: every opponent still playing."""
    if not state.out:
        return _OPPONENTS[state.seat_count][seat]
    return tuple(s for s in range(state.seat_count) if s != seat and s not in state.out)


def bank_lots(state: CatanState, seat: int, legal: list[tuple]) -> list[tuple]:
    """Bank trades of several lots: where one lot of a trade is `legal`, more lots are as long
    as the hand and the bank cover them."""
    hand, bank = state.cards_known_to(seat)[0], state.bank
    out = []
    for action in legal:
        if action[0] != "bank_trade":
            continue
        give, ratio, get = SINGLE_LOTS[action]  # at the seat's own ratio: the engine lists no other
        for lots in range(2, MAX_LOTS + 1):
            if hand[give] < lots * ratio or bank[get] < lots:
                break
            out.append(A.bank_trade(A.unit(give, lots * ratio), A.unit(get, lots)))
    return out


def check(state: CatanState, seat: int, action: tuple) -> None:
    """Raise IllegalAction unless the engine takes `action` from `seat` and the menu allows it
    (its own bounds: no offer past `MAX_OFFERS_PER_TURN` in a turn, and none before the roll,
    which the rules allow as JSettlers does: an offer standing over the roll could be accepted
    after a seven's discards took what it offered, which the seat asked cannot see)."""
    if action[0] == "offer":
        if state.offers_this_turn() >= MAX_OFFERS_PER_TURN:
            raise IllegalAction("TOO_MANY_OFFERS", f"the menu allows {MAX_OFFERS_PER_TURN} offers a turn")
        if state.phase is not Phase.PLAY1:
            raise IllegalAction("NOT_NOW", "the menu's offers come after the roll")
    state.check(seat, action)


# -- discards, a card at a time -------------------------------------------------------------
def discard_picks(state: CatanState, seat: int, chosen: tuple[int, ...] | None) -> list[int]:
    """The resources of which one more card may join `chosen`, the cards picked so far for the
    discard a seven asks of `seat` (none once it has the size asked)."""
    chosen = chosen or NO_CARDS
    if sum(chosen) >= state.discards[seat]:
        return []
    hand = state.cards_known_to(seat)[0]
    return [r for r in range(5) if hand[r] > chosen[r]]


def discard_is_whole(state: CatanState, seat: int, chosen: tuple[int, ...]) -> bool:
    """Whether the picked cards `chosen` go to the engine as they are: they have the size the
    roll asks, or hold cards the seat lacks (a discard the engine refuses)."""
    need = state.discards[seat] if state.phase is Phase.WAITING_FOR_DISCARDS else 0
    return sum(chosen) >= need or not covers(state.cards_known_to(seat)[0], chosen)


def discard_completion(state: CatanState, seat: int, chosen: tuple[int, ...]) -> tuple:
    """The discard `chosen` grows into when the rest comes from the largest piles left."""
    cards = list(chosen)
    hand = state.cards_known_to(seat)[0]
    missing = state.discards[seat] - sum(cards)
    while missing > 0:
        r = max(range(5), key=lambda k: hand[k] - cards[k])
        if hand[r] <= cards[r]:
            break
        cards[r] += 1
        missing -= 1
    return A.discard(cards)


# _OFFERS[give][get]: the start of the offer of one `give` for one `get` (the seats it goes to follow)
_OFFERS = tuple(tuple(("offer", A.unit(give), A.unit(get)) for get in range(5)) for give in range(5))
# _OPPONENTS[seat_count][seat]: the other seats, in order
_OPPONENTS = {n: tuple(tuple(s for s in range(n) if s != seat) for seat in range(n)) for n in range(1, 7)}

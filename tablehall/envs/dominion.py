"""Dominion (base set, first edition, the version-1 protocol's 17 supply cards) as an
environment, 2-4 seats.

Actions: pass; buy a card; play an action card with its choice (cellar: discard nothing or
every victory card and curse; workshop: the card to gain; remodel and mine: the card to trash
and the card to gain); and the answers to a militia (reveal a moat, let the engine pick the
discards, or name the one or two cards, in order).  The mask is the engine's `legal_actions`,
looked up in one table.

A buy ends the turn (the protocol's one ``buy`` answer names every card), so with several buys
(market, woodcutter) the cards are chosen one index at a time: they gather in the *draft* until
the buys are used up or the seat passes, and then go to the engine as one action.  While a draft
is open only more buys and pass are legal.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tablehall.games.dominion.cards import (CARD_COUNT, CELLAR, COST, IS_ACTION, IS_TREASURE, MARKET, MILITIA,
                                           MINE, MOAT, NAMES, REMODEL, SMITHY, TREASURES, VILLAGE, WOODCUTTER,
                                           WORKSHOP)
from tablehall.games.dominion.rules import DominionState

from .adapter import ActionIndex, Adapter
from .layout import Layout, Staging

CARDS = range(CARD_COUNT)
SIMPLE = (MARKET, MILITIA, MOAT, SMITHY, VILLAGE, WOODCUTTER)
PAIRS = tuple((a, b) for a in CARDS for b in CARDS)  # in order: the discard pile keeps it

INDEX = ActionIndex()
PASS = INDEX.add("pass", 1, "end the turn without buying")
BUY = INDEX.add("buy", CARD_COUNT, "play every treasure and buy card c (supply order: curse, copper, .. workshop)")
CELLAR_NONE = INDEX.add("cellar", 1, "play cellar, discarding nothing")
CELLAR_JUNK = INDEX.add("cellar_junk", 1, "play cellar, discarding every victory card and curse in hand")
PLAY = INDEX.add("play", len(SIMPLE), "play market, militia, moat, smithy, village, woodcutter")
WORKSHOP_GAIN = INDEX.add("workshop", CARD_COUNT, "play workshop, gaining card c")
WORKSHOP_NONE = INDEX.add("workshop_none", 1, "play workshop when no card can be gained")
REMODEL_PAIR = INDEX.add("remodel", CARD_COUNT * CARD_COUNT, "play remodel: trash t, gain g (index t * 17 + g)")
REMODEL_TRASH = INDEX.add("remodel_trash", CARD_COUNT, "play remodel: trash t when no card can be gained")
REMODEL_NONE = INDEX.add("remodel_none", 1, "play remodel with nothing else in hand")
MINE_PAIR = INDEX.add("mine", 9, "play mine: trash treasure t, gain treasure g (copper, silver, gold; t * 3 + g)")
MINE_TRASH = INDEX.add("mine_trash", 3, "play mine: trash treasure t when no treasure can be gained")
MINE_NONE = INDEX.add("mine_none", 1, "play mine with no treasure in hand")
REACT = INDEX.add("react", 1, "answer a militia by revealing a moat")
DISCARD_ANY = INDEX.add("discard_default", 1, "answer a militia by letting the engine discard (least useful first)")
DISCARD_ONE = INDEX.add("discard_one", CARD_COUNT, "answer a militia by discarding card c")
DISCARD_TWO = INDEX.add("discard_two", len(PAIRS), "answer a militia by discarding card a, then card b "
                                                  "(index a * 17 + b; the order is the discard pile's)")

_ACTION: dict[int, tuple] = {PASS: ("pass",), CELLAR_NONE: ("play", CELLAR, ()), REACT: ("react", MOAT),
                             DISCARD_ANY: ("discard", None), WORKSHOP_NONE: ("play", WORKSHOP, ()),
                             REMODEL_NONE: ("play", REMODEL, ()), MINE_NONE: ("play", MINE, ())}
_ACTION.update({BUY + c: ("buy", (c,)) for c in CARDS})
_ACTION.update({PLAY + i: ("play", c, ()) for i, c in enumerate(SIMPLE)})
_ACTION.update({WORKSHOP_GAIN + g: ("play", WORKSHOP, (g,)) for g in CARDS})
_ACTION.update({REMODEL_PAIR + t * CARD_COUNT + g: ("play", REMODEL, (t, g)) for t in CARDS for g in CARDS})
_ACTION.update({REMODEL_TRASH + t: ("play", REMODEL, (t,)) for t in CARDS})
_ACTION.update({MINE_PAIR + i * 3 + j: ("play", MINE, (t, g))
                for i, t in enumerate(TREASURES) for j, g in enumerate(TREASURES)})
_ACTION.update({MINE_TRASH + i: ("play", MINE, (t,)) for i, t in enumerate(TREASURES)})
_ACTION.update({DISCARD_ONE + c: ("discard", (c,)) for c in CARDS})
_ACTION.update({DISCARD_TWO + i: ("discard", pair) for i, pair in enumerate(PAIRS)})
_INDEX_OF: dict[tuple, int] = {action: index for index, action in _ACTION.items()}

LAYOUT = Layout([
    ("supply", CARD_COUNT, 0, 60, "cards left in each supply pile (curse, copper, silver, gold, estate, duchy, "
                                  "province, cellar, market, militia, mine, moat, remodel, smithy, village, "
                                  "woodcutter, workshop)"),
    ("trash", CARD_COUNT, 0, 60, "cards in the trash"),
    ("hand", CARD_COUNT, 0, 60, "this seat's hand"),
    ("deck", CARD_COUNT, 0, 60, "this seat's draw pile (what it holds; its order is hidden)"),
    ("discard", CARD_COUNT, 0, 60, "this seat's discard pile"),
    ("players", (4, 6), 0, 500, "per relative seat (0 = this seat, 1 = the next in turn, ..): present, out, "
                                "hand size, deck size, discard size, turns played"),
    ("owned", (4, CARD_COUNT), 0, 60, "per relative seat: every card it owns (gains and trashes are public)"),
    ("top_discard", (4, CARD_COUNT), 0, 1, "per relative seat: the card on top of its discard pile (one-hot)"),
    ("in_play", (4, CARD_COUNT), 0, 60, "per relative seat: its play area this turn"),
    ("turn", 6, 0, 500, "to move (1/0), actions, buys left, coins from actions, money left to spend (this "
                        "seat's turn), cards to discard for a militia"),
    ("vp", 1, -60, 500, "this seat's victory points (curses count -1)"),
    ("buying", CARD_COUNT, 0, 4, "cards chosen so far in a buy of several cards (the draft)"),
])
_PLAYERS, _TURN, _BUYING = LAYOUT.offset("players"), LAYOUT.offset("turn"), LAYOUT.offset("buying")
#: what an index names that no engine accepts (an index the rules forbid while a buy is open)
FINISH_BUYING_FIRST = ("draft_error", "finish buying first: more buys or pass")
_OWNED, _TOP, _IN_PLAY = LAYOUT.offset("owned"), LAYOUT.offset("top_discard"), LAYOUT.offset("in_play")
_TRASH = LAYOUT.offset("trash")
_ZEROS = bytes(LAYOUT.size)
_ORDER = {n: tuple(tuple((seat + k) % n for k in range(n)) for seat in range(n)) for n in range(1, 5)}
"""_ORDER[n][seat]: the seats in turn order from `seat`, i.e. by relative seat"""


def _codes(first: int) -> bytes:
    """A `bytes.translate` table: card c becomes code first + c."""
    return bytes(first + c if c < CARD_COUNT else 0 for c in range(256))


# count codes: trash, hand, deck, discard (as the fields trash..discard lie), owned per relative
# seat, in play per relative seat; 204 codes fit a byte
_OWNED_CODES = 4 * CARD_COUNT
_PLAY_CODES = _OWNED_CODES + 4 * CARD_COUNT
_CODES = _PLAY_CODES + 4 * CARD_COUNT
_HAND, _DECK, _DISCARD = _codes(CARD_COUNT), _codes(2 * CARD_COUNT), _codes(3 * CARD_COUNT)
_OWNS = tuple(_codes(_OWNED_CODES + k * CARD_COUNT) for k in range(4))
_PLAYS = tuple(_codes(_PLAY_CODES + k * CARD_COUNT) for k in range(4))


class DominionAdapter(Adapter):
    game = "dominion"
    index = INDEX
    layout = LAYOUT

    def mask(self, state: DominionState, seat: int, draft: Any = None) -> np.ndarray:
        mask = np.zeros(INDEX.size, np.int8)
        if draft:
            mask[PASS] = 1
            mask[[BUY + c for c in CARDS if self._can_add(state, draft, c)]] = 1
            return mask
        legal = state.legal_actions(seat)
        if not legal:
            return mask
        indices = []
        index_of = _INDEX_OF
        for action in legal:
            index = index_of.get(action)
            if index is None:  # cellar discarding its junk: the only play with a hand-made argument
                indices += (CELLAR_NONE, CELLAR_JUNK)
            elif index == CELLAR_NONE:
                indices += (CELLAR_NONE, CELLAR_JUNK)  # with no junk in hand the two are one action
            elif index >= DISCARD_TWO:  # the engine lists each pair once; either order is legal
                a, b = action[1]
                indices += (index, DISCARD_TWO + b * CARD_COUNT + a)
            else:
                indices.append(index)
        if state.attack:
            indices.append(DISCARD_ANY)  # the protocol's default answer is always allowed
        mask[indices] = 1
        return mask

    @staticmethod
    def _can_add(state: DominionState, draft: tuple, card: int) -> bool:
        """Whether `card` may join the cards `draft` buys this turn (supply, money, buys)."""
        money = state.money() - sum(COST[c] for c in draft)
        return len(draft) < state.buys and state.supply[card] > draft.count(card) and COST[card] <= money

    def decode(self, state: DominionState, seat: int, index: int, draft: Any = None) -> tuple[Any, Any]:
        buying = BUY <= index < BUY + CARD_COUNT
        if draft:
            if index == PASS:
                return ("buy", draft), None
            if not buying:
                return FINISH_BUYING_FIRST, None
            cards = draft + (index - BUY,)
            if len(cards) >= state.buys or not self._can_add(state, draft, index - BUY):
                return ("buy", cards), None  # complete, or one the engine refuses
            return None, cards
        if buying and state.buys > 1 and seat == state.current and not state.attack \
                and self._can_add(state, (), index - BUY):
            return None, (index - BUY,)
        if index == CELLAR_JUNK:
            rest = list(state.players[seat].hand)
            if CELLAR in rest:
                rest.remove(CELLAR)
            return ("play", CELLAR, tuple(c for c in rest if not IS_ACTION[c] and not IS_TREASURE[c])), None
        return _ACTION[index], None

    def completion(self, state: DominionState, seat: int, draft: Any) -> Any:
        return ("buy", draft)  # the cards chosen so far are a buy the engine takes

    def encode(self, state: DominionState, seat: int, action: Any) -> list[int]:
        if action[0] == "buy" and isinstance(action[1], tuple) and state.buys > 1:
            cards = [BUY + c for c in action[1]]
            return cards + [PASS] if len(cards) < state.buys else cards
        index = _INDEX_OF.get(action)
        if index is not None:
            return [index]
        if action[0] == "play" and action[1] == CELLAR and self.decode(state, seat, CELLAR_JUNK)[0] == action:
            return [CELLAR_JUNK]
        raise ValueError(f"no action index stands for {action!r}")

    def observe(self, state: DominionState, seat: int, draft: Any = None) -> np.ndarray:
        staged = Staging(_ZEROS)
        data = staged.data
        me = state.players[seat]
        n = state.seat_count
        # every card count in one pass: each pile's cards become codes (pile, card) by a byte
        # translation, and one bincount counts them all
        codes = [bytes(state.trash), bytes(me.hand).translate(_HAND), bytes(me.deck).translate(_DECK),
                 bytes(me.discard).translate(_DISCARD)]
        rows = []
        for k, s in enumerate(_ORDER[n][seat]):
            p = state.players[s]
            codes.append(bytes(p.deck + p.hand + p.discard + p.play).translate(_OWNS[k]))
            if p.play:
                codes.append(bytes(p.play).translate(_PLAYS[k]))
            if p.discard:
                data[_TOP + k * CARD_COUNT + p.discard[-1]] = 1
            rows += (1, state.out[s] is not None, len(p.hand), len(p.deck), len(p.discard), p.turns)
        counts = np.bincount(np.frombuffer(b"".join(codes), np.uint8), minlength=_CODES).astype(np.uint8).tobytes()
        data[_TRASH:_PLAYERS] = counts[:_OWNED_CODES]  # counts stay under 256: 60 cards of a kind at most
        data[_OWNED:_TOP] = counts[_OWNED_CODES:_PLAY_CODES]
        data[_IN_PLAY:_TURN] = counts[_PLAY_CODES:]
        staged.put(0, state.supply)
        staged.put(_PLAYERS, rows)
        spent = 0
        if draft:
            spent = sum(COST[c] for c in draft)
            for card in draft:
                data[_BUYING + card] += 1
        if state.current == seat and not state.is_over:
            staged.put(_TURN, (1, state.actions, state.buys - len(draft or ()), state.coins, state.money() - spent))
        staged.set(_TURN + 5, state.attack.get(seat, 0))
        staged.set(_TURN + 6, me.vp())
        return staged.vector()

    def points(self, state: DominionState, seat: int) -> float:
        return float(state.players[seat].vp())

    def render(self, state: DominionState) -> str:
        lines = [f"seat {state.current} to move, actions {state.actions}, buys {state.buys}"
                 + (f", over ({state.end})" if state.end else "")]
        lines.append("supply: " + " ".join(f"{NAMES[c]}={state.supply[c]}" for c in CARDS))
        for s, p in enumerate(state.players):
            lines.append(f"seat {s}: {p.vp()} VP, {len(p.hand)} in hand, {len(p.deck)} in deck, "
                         f"{len(p.discard)} discarded, {p.turns} turns")
        return "\n".join(lines)


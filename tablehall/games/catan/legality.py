"""What is legal in a Catan game: the enumeration bots use and the checks `apply` runs.

Mixed into `rules.CatanState`; every method reads the state's attributes (declared in
`fields.CatanFields`) and changes nothing.  Whose turn and which phases an action needs is data
(`TURN_PHASES`, checked by the engine first); then the kind's check (named in `rules.RULES`)
raises `IllegalAction` with a stable code and a reason in words a player reads (the refused
seat is "you"; others are named by their seat numbers as the page shows them).  Listing a seat's moves reads its cards through `cards_known_to`, which lets an
observation list them before dealing the cards hidden from that seat (see `views`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import ClassVar, Sequence

from tablehall.core import IllegalAction

from . import actions as A
from .constants import (CITY, COST_DEV, DEV_NAMES, KNIGHT, MONOPOLY, PIECE_COST, PIECE_FROM_NAME, PIECE_NAMES,
                        RESOURCE_NAMES, ROAD,
                        ROAD_BUILDING, SETTLEMENT, YEAR_OF_PLENTY, START1A, START1B, START2A,
                        START2B, ROLL_OR_CARD, PLAY1, PLACING_ROAD, PLACING_SETTLEMENT,
                        PLACING_CITY, PLACING_ROBBER, PLACING_FREE_ROAD1, PLACING_FREE_ROAD2,
                        WAITING_FOR_DISCARDS, WAITING_FOR_ROB_CHOOSE_PLAYER, WAITING_FOR_DISCOVERY,
                        WAITING_FOR_MONOPOLY, SPECIAL_BUILDING, OVER, Phase)
from .fields import CatanFields
from .geometry import MAX_PLACES, bits


class Legality(CatanFields):
    """Legal-move enumeration and per-action checks (a mixin of CatanState)."""

    waiting_texts: ClassVar[dict] = {}  # phase -> what it waits for (`WAITING`, set below)

    def settlement_spots(self, seat: int) -> list[int]:
        if self.phase is START1A or self.phase is START2A:
            return bits(self.geo.all_nodes_mask & ~self.blocked)
        return bits(self.road_nodes[seat] & ~self.blocked)

    def road_spots(self, seat: int) -> list[int]:
        if self.phase is START1B or self.phase is START2B:
            return bits(self.geo.node_edge_mask[self.last_settlement] & ~self.occupied_edges)
        return bits(self.reach[seat] & ~self.occupied_edges)

    def city_spots(self, seat: int) -> list[int]:
        owner, level = self.node_owner, self.node_level
        out, node = [], -1
        for _ in range(owner.count(seat)):  # the seat's buildings, found by the list's own search
            node = owner.index(seat, node + 1)
            if level[node] == 1:
                out.append(node)
        return out

    def can_afford(self, seat: int, cost: Sequence[int]) -> bool:
        return covers(self.hands[seat], cost)

    def cards_known_to(self, seat: int) -> tuple[list[int], list[int], int]:
        """`seat`'s resource hand, its playable development cards and the number of cards left
        in the deck: all that listing the seat's moves reads of the cards.  An observation
        answers this for its own seat without dealing the cards hidden from that seat."""
        return self.hands[seat], self.dev_old[seat], len(self.deck)

    def hand_size(self, seat: int) -> int:
        """How many resource cards `seat` holds (public)."""
        return sum(self.hands[seat])

    def legal_actions(self, seat: int) -> list[tuple]:
        """Every legal action, except that free-form ones are represented: one discard (the
        largest piles first), single-lot bank trades, no domestic offers, no build requests."""
        phase = self.phase
        if seat != self.current or phase is WAITING_FOR_DISCARDS or phase is OVER:
            if seat not in self.to_act():
                return []
        if phase is PLAY1:
            if seat != self.current:
                return self._responses(seat)
            return self._play1_actions(seat)
        if phase is ROLL_OR_CARD:
            playable = self.cards_known_to(seat)[1]
            if self.special_building and self.can_ask_special_build(seat):  # (so no card was played yet)
                return [A.ROLL, *self._dev_plays(seat, playable), A.ASK_SPECIAL_BUILD]
            if self.dev_played or not (playable[0] or playable[1] or playable[2] or playable[3]):
                return [A.ROLL]
            return [A.ROLL, *self._dev_plays(seat, playable)]
        if phase is SPECIAL_BUILDING:  # builds and cards bought with one's own cards, nothing else
            return [a for a in self._play1_actions(seat) if a[0] in _SPECIAL_KINDS]
        if phase is START1A or phase is START2A or phase is PLACING_SETTLEMENT:
            out = [_SETTLEMENT[n] for n in self.settlement_spots(seat)]
        elif phase in (START1B, START2B, PLACING_ROAD, PLACING_FREE_ROAD1, PLACING_FREE_ROAD2):
            out = [_ROAD[e] for e in self.road_spots(seat)]
        elif phase is PLACING_CITY:
            out = [_CITY[n] for n in self.city_spots(seat)]
        elif phase is PLACING_ROBBER:
            return list(robber_moves(self.geo.hex_count, self.robber_barred)[self.robber])
        elif phase is WAITING_FOR_ROB_CHOOSE_PLAYER:
            return [("rob", v) for v in self.victims]
        elif phase is WAITING_FOR_DISCARDS:
            return [A.discard(self.greedy_discard(seat))]
        elif phase is WAITING_FOR_DISCOVERY:
            bank = self.bank
            return [("pick_resources", a, b) for a in range(5) for b in range(a, 5)
                    if bank[a] >= 1 + (a == b) and bank[b] >= 1]
        elif phase is WAITING_FOR_MONOPOLY:
            return [("monopoly", r) for r in range(5)]
        else:
            return []
        if phase in (PLACING_ROAD, PLACING_SETTLEMENT, PLACING_CITY) or not out:
            out.append(A.CANCEL_BUILD)  # free roads are always taken where they fit (see `sgn`)
        return out

    def _play1_actions(self, seat: int) -> list[tuple]:
        hand, playable, deck_left = self.cards_known_to(seat)
        clay, ore, sheep, wheat, wood = hand
        pieces = self.pieces[seat]
        out: list[tuple] = [A.END_TURN]
        if clay and wood:
            if pieces[ROAD]:
                free = self.reach[seat] & ~self.occupied_edges
                while free:  # the road actions, lowest edge first
                    low = free & -free
                    out.append(_ROAD[low.bit_length() - 1])
                    free ^= low
            if sheep and wheat and pieces[SETTLEMENT]:
                out += _settlement_actions(self.road_nodes[seat] & ~self.blocked)
        if ore >= 3 and wheat >= 2 and pieces[CITY]:
            out += [_CITY[n] for n in self.city_spots(seat)]
        if ore and sheep and wheat and deck_left:
            out.append(A.BUY_DEV)
        if not self.dev_played and (playable[0] or playable[1] or playable[2] or playable[3]):
            out += self._dev_plays(seat, playable)
        # bank trades, one lot each (unrolled over the five resources: this runs every decision)
        r0, r1, r2, r3, r4 = self.ratios[seat]
        if clay >= r0 or ore >= r1 or sheep >= r2 or wheat >= r3 or wood >= r4:
            bank = self.bank
            lots = _LOTS if bank[0] and bank[1] and bank[2] and bank[3] and bank[4] else self._lots_left()
            if clay >= r0:
                out += lots[0][r0]
            if ore >= r1:
                out += lots[1][r1]
            if sheep >= r2:
                out += lots[2][r2]
            if wheat >= r3:
                out += lots[3][r3]
            if wood >= r4:
                out += lots[4][r4]
        if self.offers[seat] is not None:
            out.append(A.WITHDRAW)
        if self.undo_point is not None:
            point = self.last_build()
            if point is not None and point[0] == seat and (self.undos_left is None or self.undos_left[seat]):
                out.append(A.undo_build(PIECE_FROM_NAME[point[1]], point[2]))
        return out

    def _lots_left(self) -> list[list[tuple]]:
        """Like `_LOTS`, without the trades for resources the bank has run out of."""
        bank = self.bank
        return [[[lot for lot in lots if covers(bank, lot[2])] for lots in by_ratio] for by_ratio in _LOTS]

    def _dev_plays(self, seat: int, cards: list[int]) -> list[tuple]:
        """Development cards `seat` may play now, given its playable `cards` (and that it has
        not played one this turn)."""
        out = []
        if cards[KNIGHT]:
            out.append(_PLAY[KNIGHT])
        if cards[ROAD_BUILDING] and self.pieces[seat][ROAD] and self.reach[seat] & ~self.occupied_edges:
            out.append(_PLAY[ROAD_BUILDING])
        if cards[YEAR_OF_PLENTY] and sum(self.bank) >= 2:
            out.append(_PLAY[YEAR_OF_PLENTY])
        if cards[MONOPOLY]:
            out.append(_PLAY[MONOPOLY])
        return out

    def _responses(self, seat: int) -> list[tuple]:
        offer = self.offers[self.current]
        if offer is None or seat not in offer[2]:
            return []
        out = [A.REJECT]
        if covers(self.cards_known_to(seat)[0], offer[1]):
            out.append(("accept", self.current))
        return out

    def greedy_discard(self, seat: int) -> tuple[int, ...]:
        """A discard of the required size taking from the largest piles first."""
        hand = list(self.cards_known_to(seat)[0])
        out = [0] * 5
        for _ in range(self.discards[seat]):
            r = max(range(5), key=hand.__getitem__)
            hand[r] -= 1
            out[r] += 1
        return tuple(out)

    def _need_turn(self, seat: int, phases: tuple[Phase, ...]) -> None:
        """Raise unless it is `seat`'s turn and the game is in one of `phases`."""
        if self.phase not in phases:
            if self.phase is SPECIAL_BUILDING and seat == self.current:
                raise IllegalAction("NOT_NOW", "In a special building turn you may only build, buy development cards, "
                                               "undo your last build or end the turn (no rolling, trading or "
                                               "playing cards)")
            raise IllegalAction("NOT_NOW", self._waiting_for(seat))
        if seat != self.current:
            raise IllegalAction("NOT_YOUR_TURN", f"It is {seat_word(self.current)}'s turn, not yours")

    def _waiting_for(self, seat: int) -> str:
        """What the game waits for now, told to `seat` (who asked for something else)."""
        if self.phase is WAITING_FOR_DISCARDS:
            return "Players holding more than 7 cards discard half of them first"
        if self.phase is OVER:
            return "The game is over"
        if seat != self.current:
            return f"It is {seat_word(self.current)}'s turn"
        return self.waiting_texts[self.phase]

    def _need_cost(self, seat: int, cost: Sequence[int], what: str) -> None:
        if not self.can_afford(seat, cost):
            raise IllegalAction("CANNOT_AFFORD", f"You do not have the cards for {what}")

    def _check_settlement(self, seat: int, action: tuple) -> None:
        node = action[1]
        if not 0 <= node < self.geo.node_count:
            raise IllegalAction("BAD_LOCATION", "There is no such corner on the board")
        if self.node_owner[node] >= 0:
            raise IllegalAction("OCCUPIED", "That corner is taken")
        if self.blocked >> node & 1:
            raise IllegalAction("DISTANCE_RULE", "That corner is next to a building: settlements stand at least two roads apart")
        if self.pieces[seat][SETTLEMENT] == 0:
            raise IllegalAction("NO_PIECES", "You have no settlements left")
        phase = self.phase
        if phase is PLAY1 or phase is PLACING_SETTLEMENT or phase is SPECIAL_BUILDING:
            if not self.road_nodes[seat] >> node & 1:
                raise IllegalAction("NOT_CONNECTED", "That corner is not on one of your roads")
            if phase is not PLACING_SETTLEMENT:
                self._need_cost(seat, PIECE_COST[SETTLEMENT], "a settlement")

    def _check_road(self, seat: int, action: tuple) -> None:
        edge = action[1]
        phase = self.phase
        if not 0 <= edge < self.geo.edge_count:
            raise IllegalAction("BAD_LOCATION", "There is no such path on the board")
        if self.occupied_edges >> edge & 1:
            raise IllegalAction("OCCUPIED", "That path has a road already")
        if self.pieces[seat][ROAD] == 0:
            raise IllegalAction("NO_PIECES", "You have no roads left")
        if phase is START1B or phase is START2B:
            if not self.geo.node_edge_mask[self.last_settlement] >> edge & 1:
                raise IllegalAction("NOT_CONNECTED", "The starting road must touch the settlement just placed")
        elif not self.reach[seat] >> edge & 1:
            raise IllegalAction("NOT_CONNECTED", "That path does not touch your roads or buildings")
        if phase is PLAY1 or phase is SPECIAL_BUILDING:
            self._need_cost(seat, PIECE_COST[ROAD], "a road")

    def _check_city(self, seat: int, action: tuple) -> None:
        node = action[1]
        if not 0 <= node < self.geo.node_count or self.node_owner[node] != seat or self.node_level[node] != 1:
            raise IllegalAction("BAD_LOCATION", "You have no settlement there to make a city of")
        if self.pieces[seat][CITY] == 0:
            raise IllegalAction("NO_PIECES", "You have no cities left")
        if self.phase is PLAY1 or self.phase is SPECIAL_BUILDING:
            self._need_cost(seat, PIECE_COST[CITY], "a city")

    def _check_build(self, seat: int, action: tuple) -> None:
        piece = action[1]
        if piece not in (ROAD, SETTLEMENT, CITY):
            raise IllegalAction("BAD_ACTION", "There is no such piece")
        if self.pieces[seat][piece] == 0:
            raise IllegalAction("NO_PIECES", f"You have no {PIECE_NAMES[piece]}s left")
        self._need_cost(seat, PIECE_COST[piece], "a " + PIECE_NAMES[piece])
        spots = (self.reach[seat] & ~self.occupied_edges if piece == ROAD
                 else self.road_nodes[seat] & ~self.blocked if piece == SETTLEMENT
                 else self.city_spots(seat))
        if not spots:
            raise IllegalAction("BAD_LOCATION", f"There is nowhere to place a {PIECE_NAMES[piece]}")

    def _check_buy_dev(self, seat: int, action: tuple) -> None:
        if not self.deck:
            raise IllegalAction("DECK_EMPTY", "The development cards are all bought")
        self._need_cost(seat, COST_DEV, "a development card")

    def _check_play_dev(self, seat: int, action: tuple) -> None:
        card = action[1]
        if card not in (KNIGHT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY):
            raise IllegalAction("BAD_ACTION", "That card cannot be played")
        if self.dev_played:
            raise IllegalAction("ONE_CARD_PER_TURN", "You have played a development card this turn already")
        if not self.dev_old[seat][card]:
            if self.dev_new[seat][card]:
                raise IllegalAction("CARD_TOO_NEW", f"A {_card(card)} bought this turn can be played from your next turn on")
            raise IllegalAction("NO_CARD", f"You have no {_card(card)} card")
        if card == ROAD_BUILDING and not (self.pieces[seat][ROAD] and self.reach[seat] & ~self.occupied_edges):
            raise IllegalAction("NOT_NOW", "There is nowhere to place a road")
        if card == YEAR_OF_PLENTY and sum(self.bank) < 2:
            raise IllegalAction("BANK_EMPTY", "The bank has fewer than 2 cards")

    def _check_pick_resources(self, seat: int, action: tuple) -> None:
        a, b = action[1], action[2]
        if not (0 <= a < 5 and 0 <= b < 5):
            raise IllegalAction("BAD_ACTION", "There is no such resource")
        if self.bank[a] < 1 + (a == b) or self.bank[b] < 1:
            raise IllegalAction("BANK_EMPTY", "The bank does not have those resources")

    def _check_monopoly(self, seat: int, action: tuple) -> None:
        if not 0 <= action[1] < 5:
            raise IllegalAction("BAD_ACTION", "There is no such resource")

    def _check_discard(self, seat: int, action: tuple) -> None:
        if self.phase is not WAITING_FOR_DISCARDS or not self.discards[seat]:
            raise IllegalAction("NOT_NOW", "You have nothing to discard")
        counts = action[1]
        if min(counts) < 0 or sum(counts) != self.discards[seat]:
            raise IllegalAction("BAD_DISCARD", f"Discard exactly {self.discards[seat]} cards")
        if not self.can_afford(seat, counts):
            raise IllegalAction("BAD_DISCARD", "You cannot discard cards you do not hold")

    def _check_robber(self, seat: int, action: tuple) -> None:
        if not 0 <= action[1] < self.geo.hex_count:
            raise IllegalAction("BAD_LOCATION", "There is no such land hex")
        if action[1] == self.robber:
            raise IllegalAction("BAD_LOCATION", "The robber must move to another hex")
        if action[1] in self.robber_barred:
            raise IllegalAction("DESERT", "The robber may not go back to the desert in this game")
        if self.steals_used < len(self.steal_script):
            victims = self._victims_at(action[1], seat)
            if len(victims) == 1:
                self._check_scripted_steal(victims[0])

    def _victims_at(self, hex_index: int, thief: int) -> list[int]:
        """The seats `thief` may rob with the robber on `hex_index`: owners of a building there
        holding cards, in seat order."""
        owner, hands = self.node_owner, self.hands
        victims = []
        for node in self.geo.hex_nodes[hex_index]:
            o = owner[node]
            if o >= 0 and o != thief and o not in victims and sum(hands[o]):
                victims.append(o)
        victims.sort()
        return victims

    def _check_scripted_steal(self, victim: int) -> None:
        if self.steals_used < len(self.steal_script) and not self.hands[victim][self.steal_script[self.steals_used]]:
            raise IllegalAction("SCRIPT", f"The scripted steal takes a resource {seat_word(victim)} does not have")

    def _check_rob(self, seat: int, action: tuple) -> None:
        if action[1] not in self.victims:
            raise IllegalAction("BAD_VICTIM", f"You cannot rob {seat_word(action[1])}: choose " + " or ".join(seat_word(v) for v in self.victims))
        self._check_scripted_steal(action[1])

    def _check_bank_trade(self, seat: int, action: tuple) -> None:
        give, get = action[1], action[2]
        if self.last_bank_trade is not None and (give, get) == self.last_bank_trade[::-1]:
            return self._need_cost(seat, give, "undoing that trade")
        ratios, bank = self.ratios[seat], self.bank
        lot = SINGLE_LOTS.get(action)  # the common case, checked at a glance; else in full below
        if lot is not None:
            given, amount, wanted = lot
            if amount == ratios[given] and bank[wanted] and self.hands[seat][given] >= amount:
                return None
        lots = 0
        for r in range(5):
            g, t = give[r], get[r]
            if g < 0 or t < 0 or (g and t):
                raise IllegalAction("BAD_TRADE", "Give some resources and get others, none of them in both")
            if g % ratios[r]:
                raise IllegalAction("BAD_TRADE", "Give the bank each resource in lots of its rate: " + ", ".join(f"{n}:1 {RESOURCE_NAMES[r]}" for r, n in enumerate(ratios)))
            if bank[r] < t:
                raise IllegalAction("BANK_EMPTY", "The bank does not have those resources")
            lots += g // ratios[r]
        if lots == 0 or lots != sum(get):
            raise IllegalAction("BAD_TRADE", f"Each lot given to the bank buys exactly one resource ({lots} given)")
        self._need_cost(seat, give, "that trade")

    def _check_offer(self, seat: int, action: tuple) -> None:
        # the player to move may offer before its roll too: the Java server takes it (recorded)
        self._need_trading(ROLL_OR_CARD if seat == self.current else PLAY1)
        give, get, to = action[1], action[2], action[3]
        if any(x < 0 for x in give + get) or not sum(give) or not sum(get) or any(give[r] and get[r] for r in range(5)):
            raise IllegalAction("BAD_TRADE", "An offer gives some resources and asks for others, none of them in both")
        if not to or any(not 0 <= s < self.seat_count or s == seat or s in self.out for s in to):
            raise IllegalAction("BAD_TRADE", "Offer to one or more other players")
        if seat != self.current and to != (self.current,):
            raise IllegalAction("NOT_YOUR_TURN", "Outside your turn you may offer only to the player whose turn it is")
        self._need_cost(seat, give, "that offer")

    def _check_accept(self, seat: int, action: tuple) -> None:
        self._need_trading()
        offerer = action[1]
        offer = self.offers[offerer] if 0 <= offerer < self.seat_count else None
        if offer is None or seat not in offer[2]:
            raise IllegalAction("NO_OFFER", f"{seat_word(offerer).capitalize()} has no offer for you")
        if self.current not in (seat, offerer):
            raise IllegalAction("NOT_YOUR_TURN", "Trades must involve the player whose turn it is")
        if not self.can_afford(offerer, offer[0]):
            raise IllegalAction("CANNOT_AFFORD", f"{seat_word(offerer).capitalize()} no longer has what they offered")
        self._need_cost(seat, offer[1], "that trade")

    def _check_reject(self, seat: int, action: tuple) -> None:
        self._need_trading()
        if not any(o is not None and seat in o[2] for o in self.offers):
            raise IllegalAction("NO_OFFER", "No offer was made to you")

    def _check_withdraw(self, seat: int, action: tuple) -> None:
        self._need_trading()
        if self.offers[seat] is None:
            raise IllegalAction("NO_OFFER", "You have no offer to withdraw")

    def _need_trading(self, also: Phase = PLAY1) -> None:
        if not self.trading:
            raise IllegalAction("NO_TRADING", "Trading between players is off in this game")
        if self.phase is not PLAY1 and self.phase is not also:
            raise IllegalAction("NOT_NOW", "Trades are made after the roll, before the turn ends")


#: what the game waits for, said to the player whose turn it is when it asks for something else
WAITING: dict[Phase, str] = {
    START1A: "Place your first settlement now",
    START1B: "Place the road beside your first settlement now",
    START2A: "Place your second settlement now",
    START2B: "Place the road beside your second settlement now",
    ROLL_OR_CARD: "Roll the dice first",
    PLAY1: "The dice are rolled: build, trade, play a card or end your turn",
    PLACING_ROAD: "Place the road you are building first (or cancel it)",
    PLACING_SETTLEMENT: "Place the settlement you are building first (or cancel it)",
    PLACING_CITY: "Place the city you are building first (or cancel it)",
    PLACING_ROBBER: "Move the robber first",
    PLACING_FREE_ROAD1: "Place your two free roads first",
    PLACING_FREE_ROAD2: "Place your second free road first",
    WAITING_FOR_ROB_CHOOSE_PLAYER: "Choose whom to rob first",
    WAITING_FOR_DISCOVERY: "Choose two resources from the bank first",
    WAITING_FOR_MONOPOLY: "Name the resource you take by monopoly first",
    SPECIAL_BUILDING: "In a special building turn you may only build, buy development cards or end the turn",
}


def seat_word(seat: int) -> str:
    """A seat as a refusal names it: the seat numbers people read on the page (the rules know
    no names)."""
    return f"seat {seat + 1}"


def _card(card: int) -> str:
    return DEV_NAMES[card].replace("_", " ")


def covers(hand: Sequence[int], cost: Sequence[int]) -> bool:
    """Whether `hand` holds at least `cost` of every resource."""
    return hand[0] >= cost[0] and hand[1] >= cost[1] and hand[2] >= cost[2] and \
        hand[3] >= cost[3] and hand[4] >= cost[4]


_PLAY = tuple(("play_dev", card) for card in range(4))
_ROAD = tuple(("road", e) for e in range(MAX_PLACES))
_SETTLEMENT = tuple(("settlement", n) for n in range(MAX_PLACES))
_CITY = tuple(("city", n) for n in range(MAX_PLACES))


@lru_cache(maxsize=None)
def robber_moves(hex_count: int, barred: tuple[int, ...] = ()) -> tuple[tuple[tuple, ...], ...]:
    """robber_moves(...)[hex the robber is on]: the moves of the robber on a board of
    `hex_count` land hexes where it may not go to the `barred` hexes (option RD: the deserts)."""
    return tuple(tuple(("robber", h) for h in range(hex_count) if h != robber and h not in barred)
                 for robber in range(hex_count))
# _LOTS[give][ratio]: the single-lot bank trades giving `ratio` of `give`, one per other resource
_LOTS = tuple(tuple(tuple(("bank_trade", A.unit(give, ratio), A.unit(get)) for get in range(5) if get != give)
                    for ratio in range(5)) for give in range(5))
# single-lot bank trade action -> (resource given, amount, resource wanted)
SINGLE_LOTS = {("bank_trade", A.unit(give, amount), A.unit(get)): (give, amount, get)
               for give in range(5) for amount in (2, 3, 4) for get in range(5) if get != give}


# A seat's settlement spots stay the same mask over many turns: list their actions once.  (Its
# road spots change too often for that to pay.)
@lru_cache(maxsize=4096)
def _settlement_actions(free_nodes: int) -> tuple[tuple, ...]:
    return tuple(_SETTLEMENT[n] for n in bits(free_nodes))


# kind -> the phases in which the player to move may take it: checked before `_check_<kind>`.
# Discards and domestic trades are not turn actions; their checks say who may act.
TURN_PHASES: dict[str, tuple[Phase, ...]] = {
    "settlement": (START1A, START2A, PLAY1, PLACING_SETTLEMENT, SPECIAL_BUILDING),
    "road": (START1B, START2B, PLAY1, PLACING_ROAD, PLACING_FREE_ROAD1, PLACING_FREE_ROAD2, SPECIAL_BUILDING),
    "city": (PLAY1, PLACING_CITY, SPECIAL_BUILDING),
    "build": (PLAY1, SPECIAL_BUILDING),
    "cancel_build": (PLACING_ROAD, PLACING_SETTLEMENT, PLACING_CITY, PLACING_FREE_ROAD1, PLACING_FREE_ROAD2),
    "force_end_turn": (START1B, START2B, ROLL_OR_CARD, PLAY1, PLACING_ROAD, PLACING_SETTLEMENT, PLACING_CITY,
                       PLACING_FREE_ROAD1, PLACING_FREE_ROAD2, SPECIAL_BUILDING),
    "undo_build": (PLAY1, SPECIAL_BUILDING),
    "buy_dev": (PLAY1, SPECIAL_BUILDING),
    "play_dev": (ROLL_OR_CARD, PLAY1),
    "pick_resources": (WAITING_FOR_DISCOVERY,),
    "monopoly": (WAITING_FOR_MONOPOLY,),
    "roll": (ROLL_OR_CARD,),
    "robber": (PLACING_ROBBER,),
    "rob": (WAITING_FOR_ROB_CHOOSE_PLAYER,),
    "bank_trade": (PLAY1,),
    "end_turn": (PLAY1, SPECIAL_BUILDING),
}
# what a special builder may do (JSettlers: build or buy with one's own cards)
_SPECIAL_KINDS = frozenset(("settlement", "road", "city", "buy_dev", "end_turn", "undo_build"))


def _is_vector(x) -> bool:
    return type(x) is tuple and len(x) == 5 and type(x[0]) is int and type(x[1]) is int \
        and type(x[2]) is int and type(x[3]) is int and type(x[4]) is int


# argument shape (see actions.SHAPES) -> test of the arguments of an action of the right length
ARGUMENT_TESTS = {
    "": None,
    "i": lambda a: type(a[1]) is int,
    "ii": lambda a: type(a[1]) is int and type(a[2]) is int,
    "v": lambda a: _is_vector(a[1]),
    "vv": lambda a: _is_vector(a[1]) and _is_vector(a[2]),
    "vvs": lambda a: _is_vector(a[1]) and _is_vector(a[2]) and type(a[3]) is tuple
    and all(type(x) is int for x in a[3]),
}


Legality.waiting_texts = WAITING

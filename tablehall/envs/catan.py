"""Settlers of Catan (classic) as an environment, 3-4 seats (2 allowed too; the engine's 5-6 player
games, on their larger board, are not encoded).

Actions: the turn actions over the board's places (settlements and cities on the 54
intersections, roads on the 72 paths, the robber on the 19 hexes), development cards, bank
trades of one to four lots at the seat's ratio, offers of one card for one card to every
opponent and the answers to offers, and discards one card at a time (the cards chosen so far
are the *draft*; the engine gets the whole discard when it is complete).  Seats are named
relative to the agent (1 = the next seat in turn order), so a policy plays every seat alike.
Not in the index (docs/envs.md says why): counter-offers, offers of several cards or to some
opponents only, and JSettlers' pay-then-place build requests (building directly does the same).

What a seat may choose is the game's own menu (`games/catan/choices`: the engine's legal
actions and the forms of free-form ones the index names, with the menu's bound on offers);
this module only numbers its actions and reads the indices back.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tablehall.games.catan import actions as A
from tablehall.games.catan.constants import DESERT, MONOPOLY, ROAD_BUILDING, YEAR_OF_PLENTY, Phase
from tablehall.games.catan.geometry import EDGE_COUNT, HEX_COUNT, NODE_COUNT
from tablehall.games.catan import choices as menu
from tablehall.games.catan.choices import MAX_OFFERS_PER_TURN  # noqa: F401 - the bound the mask keeps
from tablehall.games.catan.rules import CatanState

from .adapter import ActionIndex, Adapter
from .layout import Layout, Staging

PHASES = tuple(Phase)
NUMBERS = (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)
PAIRS = tuple((a, b) for a in range(5) for b in range(a, 5))  # year of plenty
TRADES = tuple((give, get) for give in range(5) for get in range(5) if give != get)

INDEX = ActionIndex()
ROLL = INDEX.add("roll", 1, "roll the dice")
END_TURN = INDEX.add("end_turn", 1, "end the turn")
BUY_DEV = INDEX.add("buy_dev", 1, "buy a development card")
PLAY_DEV = INDEX.add("play_dev", 4, "play a development card: knight, road building, year of plenty, monopoly")
CANCEL = INDEX.add("cancel_build", 1, "give up the free roads of a road building card (or a build request)")
REJECT = INDEX.add("reject", 1, "reject the trade offers made to this seat")
SETTLEMENT = INDEX.add("settlement", NODE_COUNT, "build a settlement on intersection i (`games/catan/geometry`)")
CITY = INDEX.add("city", NODE_COUNT, "upgrade the settlement on intersection i to a city")
ROAD = INDEX.add("road", EDGE_COUNT, "build a road on path i")
ROBBER = INDEX.add("robber", HEX_COUNT, "move the robber to hex i")
ROB = INDEX.add("rob", 3, "rob the seat 1, 2 or 3 places after this one")
DISCARD = INDEX.add("discard", 5, "discard one card of resource r (clay, ore, sheep, wheat, wood); the discard "
                                 "goes to the engine once it has the size the roll asks")
PICK = INDEX.add("year_of_plenty", len(PAIRS), "take two resources (a, b), a <= b, in the order "
                                               "(0,0), (0,1), .. (0,4), (1,1), .. (4,4)")
MONOPOLY_OF = INDEX.add("monopoly", 5, "name resource r for a monopoly")
BANK = INDEX.add("bank_trade", len(TRADES), "trade one lot with the bank: give r (at this seat's ratio for r) "
                                           "for one of s, in the order (0,1), (0,2), .. (4,3)")
ACCEPT = INDEX.add("accept", 3, "accept the offer of the seat 1, 2 or 3 places after this one")
LOTS = (2, 3, 4)  # bank trades of several lots at once (one lot is `bank_trade`)
BANK_LOTS = INDEX.add("bank_trade_lots", len(LOTS) * len(TRADES), "trade 2, 3 or 4 lots with the bank at once: give "
                                                                 "lots x this seat's ratio of r for lots x s "
                                                                 "((lots - 2) * 20 + the `bank_trade` order)")
OFFER = INDEX.add("offer", len(TRADES), "on this seat's turn, offer one r for one s (the `bank_trade` order) to "
                                        "every opponent still playing; they answer with `accept` or `reject`")

_FIXED: dict[tuple, int] = {A.ROLL: ROLL, A.END_TURN: END_TURN, A.BUY_DEV: BUY_DEV, A.CANCEL_BUILD: CANCEL,
                            A.REJECT: REJECT}
_FIXED.update({A.play_dev(card): PLAY_DEV + card for card in range(4)})
_FIXED.update({A.settlement(n): SETTLEMENT + n for n in range(NODE_COUNT)})
_FIXED.update({A.city(n): CITY + n for n in range(NODE_COUNT)})
_FIXED.update({A.road(e): ROAD + e for e in range(EDGE_COUNT)})
_FIXED.update({A.robber(h): ROBBER + h for h in range(HEX_COUNT)})
_FIXED.update({A.pick_resources(a, b): PICK + i for i, (a, b) in enumerate(PAIRS)})
_FIXED.update({A.pick_resources(b, a): PICK + i for i, (a, b) in enumerate(PAIRS)})
_FIXED.update({A.monopoly(r): MONOPOLY_OF + r for r in range(5)})
_ACTION_OF = {index: action for action, index in _FIXED.items()}
_ACTION_OF.update({PICK + i: A.pick_resources(a, b) for i, (a, b) in enumerate(PAIRS)})
# bank trade -> (its index, the resource given, the ratio it gives at): at every ratio a seat may have
_BANK_TRADES = {A.bank_trade(A.unit(give, lots * ratio), A.unit(get, lots)):
                (BANK + trade if lots == 1 else BANK_LOTS + LOTS.index(lots) * len(TRADES) + trade, give, ratio)
                for trade, (give, get) in enumerate(TRADES) for lots in (1, *LOTS) for ratio in (2, 3, 4)}
_OFFER_INDEX = {(A.unit(give), A.unit(get)): OFFER + trade for trade, (give, get) in enumerate(TRADES)}
# a choice of the menu -> its index, where that needs no more than the action: the menu lists
# bank trades at the seat's own ratio only, and offers to every opponent (here: nobody out yet)
_CHOICE_INDEX = {**_FIXED, **{trade: index for trade, (index, _, _) in _BANK_TRADES.items()},
                 **{A.offer(A.unit(give), A.unit(get), [s for s in range(n) if s != seat]): OFFER + trade
                    for n in (2, 3, 4) for seat in range(n) for trade, (give, get) in enumerate(TRADES)}}

LAYOUT = Layout([
    ("hexes", (HEX_COUNT, 16), 0, 1, "per hex: terrain (clay, ore, sheep, wheat, wood, desert), number token "
                                     "(2, 3, 4, 5, 6, 8, 9, 10, 11, 12), one-hot each"),
    ("harbors", (NODE_COUNT, 6), 0, 1, "per intersection: its harbour, 2:1 for a resource or 3:1 (one-hot)"),
    ("buildings", (NODE_COUNT, 8), 0, 1, "per intersection: [seat k's settlement, seat k's city] for relative "
                                         "seats k = 0 (this seat) .. 3"),
    ("roads", (EDGE_COUNT, 4), 0, 1, "per path: the road's owner, relative seat one-hot"),
    ("robber", HEX_COUNT, 0, 1, "the hex the robber is on (one-hot)"),
    ("phase", len(PHASES), 0, 1, "the phase (one-hot, `games/catan/constants.Phase` order)"),
    ("dice", 11, 0, 1, "the last roll's total 2..12 (one-hot; none before the first roll)"),
    ("hand", 5, 0, 95, "this seat's resource cards (clay, ore, sheep, wheat, wood)"),
    ("dev_cards", 5, 0, 25, "this seat's playable development cards (knight, road building, year of plenty, "
                            "monopoly, victory point)"),
    ("dev_new", 5, 0, 25, "development cards this seat bought this turn"),
    ("ratios", 5, 2, 4, "this seat's bank trade ratio per resource"),
    ("pieces", 3, 0, 15, "roads, settlements, cities this seat has left"),
    ("vp", 1, 0, 30, "this seat's victory points, its victory point cards included"),
    ("players", (4, 14), 0, 95, "per relative seat: present, out, public VP, resource cards, development cards, "
                                "knights played, road building / year of plenty / monopoly played, road length, "
                                "longest road, largest army, to move, cards to discard"),
    ("bank", 5, 0, 19, "resource cards in the bank"),
    ("deck", 1, 0, 25, "development cards left"),
    ("victims", 4, 0, 1, "relative seats this seat may rob now"),
    ("free_roads", 1, 0, 2, "free roads left to place (road building)"),
    ("draft", 5, 0, 95, "cards chosen so far for the discard being made"),
    ("offer", 14, 0, 95, "a trade offer made to this seat: what the offerer gives (5), asks (5), its relative seat "
                         "(one-hot 4)"),
    ("vp_to_win", 1, 3, 20, "victory points that win the game"),
])
_TAIL = LAYOUT.offset("hand")
_BUILDINGS, _ROADS = LAYOUT.slice("buildings"), LAYOUT.slice("roads")
_ROBBER, _PHASE, _DICE = LAYOUT.offset("robber"), LAYOUT.offset("phase"), LAYOUT.offset("dice") - 2
_PHASE_INDEX = {phase: i for i, phase in enumerate(PHASES)}


class CatanAdapter(Adapter):
    game = "catan"
    index = INDEX
    layout = LAYOUT

    def __init__(self, seat_count: int) -> None:
        super().__init__(seat_count)
        if seat_count > 4:  # the index and layout are the classic board's and 4 seats'
            raise ValueError(f"the Catan environment is the classic board for 2-4 seats, not {seat_count}")
        self._boards: dict[Any, bytes] = {}  # board -> an observation with only the board written
        self._board: Any = None  # the last board asked, and its observation
        self._board_observation = b""
        self._buildings: dict[tuple, bytes] = {}
        self._roads: dict[tuple, bytes] = {}

    def new_game(self, options: dict[str, Any], seed: int) -> CatanState:
        state = super().new_game(options, seed)
        if state.geo.name != "classic":
            raise ValueError("the Catan environment is the classic board: not options max_players over 4 "
                             "or six_player_board")
        return state

    # -- mask -------------------------------------------------------------------------------------
    def mask(self, state: CatanState, seat: int, draft: Any = None) -> np.ndarray:
        mask = np.zeros(INDEX.size, np.int8)
        if state.phase is Phase.WAITING_FOR_DISCARDS:
            for r in menu.discard_picks(state, seat, draft) if seat in state.to_act() else ():
                mask[DISCARD + r] = 1
            return mask
        index_of, known = self._index_of, _CHOICE_INDEX
        indices = []
        for action in menu.choices(state, seat):
            index = known.get(action)
            if index is None:
                index = index_of(state, seat, action)
                if index is None:  # not in the index (withdrawing an offer, undoing a build, ...)
                    continue
            indices.append(index)
        if indices:
            mask[indices] = 1
        return mask

    # -- actions --------------------------------------------------------------------------------
    def decode(self, state: CatanState, seat: int, index: int, draft: Any = None) -> tuple[Any, Any]:
        if DISCARD <= index < DISCARD + 5:
            chosen = list(draft or menu.NO_CARDS)
            chosen[index - DISCARD] += 1
            if menu.discard_is_whole(state, seat, chosen):
                return A.discard(chosen), None  # whole, or one the engine will refuse
            return None, tuple(chosen)
        n = state.seat_count
        if ROB <= index < ROB + 3:
            return A.rob((seat + index - ROB + 1) % n), None
        if ACCEPT <= index < ACCEPT + 3:
            return A.accept((seat + index - ACCEPT + 1) % n), None
        if BANK <= index < BANK + len(TRADES):
            return _bank_trade(state, seat, 1, *TRADES[index - BANK]), None
        if BANK_LOTS <= index < OFFER:
            lots, trade = divmod(index - BANK_LOTS, len(TRADES))
            return _bank_trade(state, seat, LOTS[lots], *TRADES[trade]), None
        if OFFER <= index < OFFER + len(TRADES):
            give, get = TRADES[index - OFFER]
            return A.offer(A.unit(give), A.unit(get), menu.offer_to(state, seat)), None
        return _ACTION_OF[index], None

    def check(self, state: CatanState, seat: int, action: Any) -> None:
        menu.check(state, seat, action)

    def completion(self, state: CatanState, seat: int, draft: Any) -> Any:
        return menu.discard_completion(state, seat, draft)

    def encode(self, state: CatanState, seat: int, action: Any) -> list[int]:
        if action[0] == "discard":
            return [DISCARD + r for r in range(5) for _ in range(action[1][r])]
        index = _FIXED.get(action)
        if index is None:
            index = self._index_of(state, seat, action)
        if index is None:
            raise ValueError(f"no action index stands for {action!r}")
        return [index]

    @staticmethod
    def _index_of(state: CatanState, seat: int, action: tuple) -> int | None:
        """The index of an action the fixed table does not name: those naming other seats (relative
        to `seat`) and the trades (at `seat`'s ratio, to every opponent); None if none does."""
        kind = action[0]
        if kind == "bank_trade":
            trade = _BANK_TRADES.get(action)
            if trade is not None and state.ratios[seat][trade[1]] == trade[2]:
                return trade[0]
        elif kind == "rob":
            return ROB + (action[1] - seat) % state.seat_count - 1
        elif kind == "accept":
            return ACCEPT + (action[1] - seat) % state.seat_count - 1
        elif kind == "offer":
            index = _OFFER_INDEX.get(action[1:3])
            if index is not None and action[3] == menu.offer_to(state, seat):
                return index
        return None

    # -- observation ----------------------------------------------------------------------------
    def observe(self, state: CatanState, seat: int, draft: Any = None) -> np.ndarray:
        staged = Staging(self._board_part(state.board))  # hexes and harbours written, the rest zero
        data = staged.data
        data[_BUILDINGS] = self._building_part(state, seat)
        data[_ROADS] = self._road_part(state, seat)
        data[_ROBBER + state.robber] = 1
        data[_PHASE + _PHASE_INDEX[state.phase]] = 1
        dice = state.dice
        if dice[0]:
            data[_DICE + dice[0] + dice[1]] = 1
        hand, playable, deck_left = state.cards_known_to(seat)
        new = state.dev_new[seat]
        tail = [*hand, *playable, *new, *state.ratios[seat], *state.pieces[seat], state.total_vp(seat)]
        asked = state.to_act()
        n = state.seat_count
        out_seats, played, knights, lengths, discards = (state.out, state.played, state.knights, state.road_length,
                                                         state.discards)
        vps, dev_old, dev_new = state.building_vp, state.dev_old, state.dev_new
        longest, largest = state.longest_road, state.largest_army
        for s in _ORDER[n][seat]:
            p = played[s]
            cards = sum(playable) + sum(new) if s == seat else sum(dev_old[s]) + sum(dev_new[s])
            tail += (1, s in out_seats, vps[s] + 2 * (longest == s) + 2 * (largest == s), state.hand_size(s), cards,
                     knights[s], p[ROAD_BUILDING], p[YEAR_OF_PLENTY], p[MONOPOLY], lengths[s], longest == s,
                     largest == s, s in asked, discards[s])
        if n < 4:
            tail += _ABSENT * (4 - n)
        tail += state.bank
        tail.append(deck_left)
        victims = [0, 0, 0, 0]
        for v in state.victims:
            victims[(v - seat) % n] = 1
        tail += victims
        tail.append(state.free_roads)
        tail += draft or _NO_DRAFT
        offer = _NO_OFFER
        for offerer, made in enumerate(state.offers):
            if made is not None and offerer != seat and seat in made[2]:
                offer = [*made[0], *made[1], 0, 0, 0, 0]
                offer[10 + (offerer - seat) % n] = 1
                if offerer == state.current:
                    break
        tail += offer
        tail.append(state.vp_to_win)
        staged.put(_TAIL, tail)
        return staged.vector()

    def _board_part(self, board) -> bytes:
        """A whole observation, as bytes, with the board's hexes and harbours written and zeros
        elsewhere: each observation of the game starts as a copy of it."""
        if board is self._board:  # the board's hash spells it out: skip it for the same board
            return self._board_observation
        part = self._boards.get(board)
        if part is None:
            if len(self._boards) > 64:
                self._boards.clear()
            part = np.zeros(LAYOUT.size, np.float32)
            hexes = part[LAYOUT.slice("hexes")].reshape(HEX_COUNT, 16)
            for h in range(HEX_COUNT):
                hexes[h, board.terrain[h] if board.terrain[h] != DESERT else 5] = 1
                if board.numbers[h]:
                    hexes[h, 6 + NUMBERS.index(board.numbers[h])] = 1
            harbors = part[LAYOUT.slice("harbors")].reshape(NODE_COUNT, 6)
            for node, kind in enumerate(board.node_harbor):
                if kind >= 0:
                    harbors[node, kind] = 1
            part = self._boards[board] = part.astype(np.uint8).tobytes()
        self._board, self._board_observation = board, part
        return part

    def _building_part(self, state: CatanState, seat: int) -> bytes:
        # keyed by the whole of what it shows: the same key in another game means the same field
        key = (seat, state.seat_count, tuple(state.node_owner), tuple(state.node_level))
        part = self._buildings.get(key)
        if part is None:
            if len(self._buildings) > 1024:
                self._buildings.clear()
            part = np.zeros((NODE_COUNT, 8), np.float32)
            n, level = state.seat_count, state.node_level
            for node, owner in enumerate(state.node_owner):
                if owner >= 0:
                    part[node, (owner - seat) % n * 2 + level[node] - 1] = 1
            part = self._buildings[key] = part.astype(np.uint8).tobytes()
        return part

    def _road_part(self, state: CatanState, seat: int) -> bytes:
        key = (seat, *state.road_edges)  # each seat's roads as a bit mask: the whole field
        part = self._roads.get(key)
        if part is None:
            if len(self._roads) > 1024:
                self._roads.clear()
            part = np.zeros((EDGE_COUNT, 4), np.float32)
            n = state.seat_count
            for edge, owner in enumerate(state.edge_owner):
                if owner >= 0:
                    part[edge, (owner - seat) % n] = 1
            part = self._roads[key] = part.astype(np.uint8).tobytes()
        return part

    def points(self, state: CatanState, seat: int) -> float:
        return float(state.total_vp(seat))

    def render(self, state: CatanState) -> str:
        lines = [f"{state.phase.name}, seat {state.current} to move, round {state.round}, dice {list(state.dice)}"]
        for s in range(state.seat_count):
            lines.append(f"seat {s}: {state.public_vp(s)} VP shown, {state.hand_size(s)} cards, "
                         f"road {state.road_length[s]}, knights {state.knights[s]}{' (out)' if s in state.out else ''}")
        return "\n".join(lines)


def _bank_trade(state: CatanState, seat: int, lots: int, give: int, get: int) -> tuple:
    """`lots` lots of `give` at `seat`'s ratio for as many of `get`."""
    return A.bank_trade(A.unit(give, lots * state.ratios[seat][give]), A.unit(get, lots))


_ABSENT = (0,) * 14
_NO_DRAFT = (0, 0, 0, 0, 0)
_NO_OFFER = (0,) * 14
_ORDER = {n: tuple(tuple((seat + k) % n for k in range(n)) for seat in range(n)) for n in range(1, 5)}
"""_ORDER[n][seat]: the seats in turn order from `seat`, i.e. by relative seat"""

"""The classic Catan rules engine (base game, 2-4 seats).

`CatanState` holds a game in flat lists of ints plus a few bitmasks (occupied edges, blocked
nodes, each seat's road reach), so legal moves come from mask arithmetic and `copy()` is a
handful of list slices.  Every chance outcome (board, dice, development deck, stolen card)
comes from the state's `Rng`, or from an explicit script in the options (used to import
games recorded elsewhere, e.g. SGN).

The phase is one of `constants.Phase`, whose values are the JSettlers game states, so a
JSettlers adapter can follow the game one to one.  See `actions` for every action and when it
is allowed, and `EVENTS` (below) for what each action reports.
"""

from __future__ import annotations

from typing import Any, Sequence

from tablehall.core import (EVERYONE, EndCause, Event, GameState, IllegalAction, Result, Rng,
                            SeatResult, all_but, derive_seed, only, rank_by)

from . import actions as A
from .board import Board, beginner_board, random_board
from .constants import (CITY, COST_DEV, DECK, DEV_COMPOSITION, DEV_FROM_SGN, DEV_NAMES, GENERIC_HARBOR,
                        JSETTLERS_STATE, KNIGHT, MONOPOLY, PER_RESOURCE, PIECE_COST, PIECE_NAMES,
                        RESOURCE_FROM_SGN, ROAD, ROAD_BUILDING, SETTLEMENT, VICTORY_POINT,
                        VP_CARD_NAMES, YEAR_OF_PLENTY, Phase, card_name, dev_type)
from .geometry import (ALL_NODES_MASK, EDGE_BIT, EDGE_COUNT, EDGES, HEX_COUNT, HEX_NODES, NODE_BIT,
                       NODE_CLOSED_MASK, NODE_COUNT, NODE_EDGE_MASK, NODE_EDGES, NODE_HEXES,
                       NODE_NEIGHBORS, bits)

# the phases as plain module names: faster than attribute lookups on the enum
(START1A, START1B, START2A, START2B, ROLL_OR_CARD, PLAY1, PLACING_ROAD, PLACING_SETTLEMENT, PLACING_CITY,
 PLACING_ROBBER, PLACING_FREE_ROAD1, PLACING_FREE_ROAD2, WAITING_FOR_DISCARDS, WAITING_FOR_ROB_CHOOSE_PLAYER,
 WAITING_FOR_DISCOVERY, WAITING_FOR_MONOPOLY, OVER) = Phase
SETUP_PHASES = (START1A, START1B, START2A, START2B)
DEFAULT_OPTIONS: dict[str, Any] = {
    "vp_to_win": 10,  # JSettlers option VP
    "layout": "random",  # "random" or "beginner"
    "no_adjacent_6_8": True,  # random layouts: no 6 or 8 next to another 6 or 8
    "board": "",  # an explicit layout in Board text form (overrides "layout")
    "first_player": 0,  # seat that places first and rolls first; -1 draws it
    "domestic_trades": True,  # JSettlers option NT turns this off
    "discard_limit": 7,  # a 7 makes hands of more than this many cards discard half
    "dice": "",  # scripted dice totals, space separated; random once used up
    "dev_deck": "",  # scripted deck order (SGN card codes, top first); random if empty
    "steals": "",  # scripted stolen resources (SGN resource codes); random once used up
}

EVENTS = """
Event kinds and their data (seats are ints, vectors are 5 resource counts):
  board           terrain[19], numbers[19], harbors[[edge, kind]], robber       start event
  turn            seat, round                                                    a turn starts
  built           seat, piece ("road"|"settlement"|"city"), at (edge|node), cost[5]
  setup_resources seat, gained[5]                                                2nd settlement
  build_requested seat, piece, cost[5];  build_cancelled seat, piece, refund[5]
  rolled          seat, dice[2], total
  produced        gains[[5] per seat], shortage[resources nobody got], totals[hand sizes]
  discard_required amounts[per seat]
  discarded       seat, count, resources[5] (only the seat) / resources null (others)
  robber_moved    seat, hex
  choose_victim   seat, candidates[]
  robbed          thief, victim, resource (thief+victim) / null (others)
  dev_bought      seat, card, card_id, deck_left (only buyer) / card null (others), cost[5]
  dev_played      seat, card
  largest_army    seat (or -1), knights[per seat]
  longest_road    seat (or -1), lengths[per seat]
  year_of_plenty  seat, resources[5]
  monopoly        seat, resource, taken[per seat], total
  bank_trade      seat, give[5], get[5], undo
  offer           seat, give[5], get[5], to[]
  offer_rejected  seat;  offer_withdrawn seat;  offers_cleared (end of turn / after a trade)
  trade           offerer, accepter, give[5] (offerer gives), get[5] (offerer gets)
  forfeit         seat, cause
  game_over       winner, vp[per seat], vp_cards{seat: [names]}
"""


def _parse_codes(text: str, table: dict[str, int], what: str) -> tuple[int, ...]:
    try:
        return tuple(table[token] for token in text.split())
    except KeyError as exc:
        raise ValueError(f"unknown {what} code {exc.args[0]!r}") from None


class CatanState(GameState):
    """One classic Catan game.  Seats 0..n-1; public attributes are read-only for callers:
    `phase`, `current`, `board`, `robber`, `hands`, `bank`, `node_owner`, `node_level`,
    `edge_owner`, `knights`, `dice`, `offers`, `winner`."""

    # -- construction -----------------------------------------------------------------------
    def __init__(self, seats: int, options: dict[str, Any], seed: int) -> None:
        if not 2 <= seats <= 4:
            raise ValueError("classic Catan is for 2-4 seats")
        self.seat_count = n = seats
        self.options = options
        self.seed = seed
        self.rng = Rng(seed)
        if options["board"]:
            self.board = Board.from_text(options["board"])
        elif options["layout"] == "beginner":
            self.board = beginner_board()
        elif options["layout"] == "random":
            self.board = random_board(self.rng, options["no_adjacent_6_8"])
        else:
            raise ValueError(f"unknown layout {options['layout']!r} (random or beginner)")
        self.vp_to_win = options["vp_to_win"]
        self.discard_limit = options["discard_limit"]
        self.trading = options["domestic_trades"]
        self.dice_script = tuple(int(x) for x in options["dice"].split())
        self.steal_script = _parse_codes(options["steals"], RESOURCE_FROM_SGN, "resource")
        if any(not 2 <= t <= 12 for t in self.dice_script):
            raise ValueError("scripted dice totals are 2..12")
        self.dice_used = self.steals_used = 0
        self.deck = self._new_deck(options["dev_deck"])
        self.draw_at_random = False  # True in observations, whose deck order is unknown
        self.robber = self.board.robber_start
        self.node_owner = [-1] * NODE_COUNT
        self.node_level = [0] * NODE_COUNT
        self.edge_owner = [-1] * EDGE_COUNT
        self.hands = [[0] * 5 for _ in range(n)]
        self.bank = [PER_RESOURCE] * 5
        self.dev_old = [[0] * 5 for _ in range(n)]  # playable development cards by type
        self.dev_new = [[0] * 5 for _ in range(n)]  # bought this turn
        self.vp_cards: list[list[int]] = [[] for _ in range(n)]  # card ids of VP cards held
        self.played = [[0] * 5 for _ in range(n)]  # development cards played, by type (public)
        self.knights = [0] * n
        self.pieces = [[15, 5, 4] for _ in range(n)]  # roads, settlements, cities left
        self.building_vp = [0] * n
        self.road_length = [0] * n
        self.longest_road = -1
        self.largest_army = -1
        self.ratios = [[4] * 5 for _ in range(n)]
        self.occupied_edges = 0  # mask of edges with a road
        self.blocked = 0  # mask of nodes taken or next to a building (distance rule)
        self.reach = [0] * n  # mask of edges touching the seat's network
        self.road_nodes = [0] * n  # mask of nodes touched by the seat's roads
        self.road_edges = [0] * n  # mask of the seat's roads
        first = options["first_player"]
        if first == -1:
            first = self.rng.below(n)
        if not 0 <= first < n:
            raise ValueError(f"first_player must be -1 or a seat 0..{n - 1}")
        self.first = first
        self.current = first
        self.phase = START1A
        self.setup_step = 0
        self.last_settlement = -1
        self.rolled = False
        self.dev_played = False
        self.dice = (0, 0)
        self.discards = [0] * n
        self.victims: tuple[int, ...] = ()
        self.free_roads = 0
        self.build_request = -1
        self.offers: list[tuple | None] = [None] * n  # (give, get, to, responded) per seat
        self.last_bank_trade: tuple | None = None
        self.out: dict[int, EndCause] = {}
        self.winner = -1
        self.round = 0
        self.action_count = 0

    def _new_deck(self, script: str) -> list[int]:
        if script:
            types = _parse_codes(script, DEV_FROM_SGN, "card")
            counts = [0] * 5
            for t in types:
                counts[t] += 1
            if any(c > limit for c, limit in zip(counts, DEV_COMPOSITION)):
                raise ValueError("scripted deck holds more cards of a kind than the game has")
            rest = list(DECK)
            top = []
            for t in types:  # take the first matching card id, VP cards in name order
                card = next(c for c in rest if dev_type(c) == t)
                rest.remove(card)
                top.append(card)
            self.rng.shuffle(rest)
            return rest + top[::-1]  # drawn from the end
        deck = list(DECK)
        self.rng.shuffle(deck)
        return deck

    def start_events(self) -> list[Event]:
        b = self.board
        return [Event("board", {"terrain": list(b.terrain), "numbers": list(b.numbers),
                                "harbors": [list(h) for h in b.harbors], "robber": self.robber,
                                "first": self.first})]

    # -- who acts -----------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase is OVER:
            return ()
        if phase is WAITING_FOR_DISCARDS:
            return tuple(s for s in range(self.seat_count) if self.discards[s])
        if phase is PLAY1:
            offer = self.offers[self.current]
            if offer is not None:
                waiting = tuple(s for s in offer[2] if s not in offer[3] and s not in self.out)
                if waiting:
                    return waiting + (self.current,)
        return (self.current,)

    def may_act_unprompted(self, seat: int) -> bool:
        """Trade offers, answers and withdrawals may come from any seat during PLAY1."""
        return self.trading and self.phase is PLAY1 and seat not in self.out and 0 <= seat < self.seat_count

    @property
    def is_over(self) -> bool:
        return self.phase is OVER

    @property
    def jsettlers_state(self) -> int:
        return JSETTLERS_STATE[self.phase]

    # -- scoring ----------------------------------------------------------------------------
    def public_vp(self, seat: int) -> int:
        return (self.building_vp[seat] + 2 * (self.longest_road == seat)
                + 2 * (self.largest_army == seat))

    def total_vp(self, seat: int) -> int:
        return self.public_vp(seat) + self.dev_old[seat][VICTORY_POINT] + self.dev_new[seat][VICTORY_POINT]

    # -- legal actions --------------------------------------------------------------------------
    def settlement_spots(self, seat: int) -> list[int]:
        if self.phase is START1A or self.phase is START2A:
            return bits(ALL_NODES_MASK & ~self.blocked)
        return bits(self.road_nodes[seat] & ~self.blocked)

    def road_spots(self, seat: int) -> list[int]:
        if self.phase is START1B or self.phase is START2B:
            return bits(NODE_EDGE_MASK[self.last_settlement] & ~self.occupied_edges)
        return bits(self.reach[seat] & ~self.occupied_edges)

    def city_spots(self, seat: int) -> list[int]:
        owner, level = self.node_owner, self.node_level
        return [n for n in range(NODE_COUNT) if owner[n] == seat and level[n] == 1]

    def can_afford(self, seat: int, cost: Sequence[int]) -> bool:
        hand = self.hands[seat]
        return hand[0] >= cost[0] and hand[1] >= cost[1] and hand[2] >= cost[2] and \
            hand[3] >= cost[3] and hand[4] >= cost[4]

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
            return [A.ROLL] + self._dev_plays(seat)
        if phase is START1A or phase is START2A or phase is PLACING_SETTLEMENT:
            out = [("settlement", n) for n in self.settlement_spots(seat)]
        elif phase in (START1B, START2B, PLACING_ROAD, PLACING_FREE_ROAD1, PLACING_FREE_ROAD2):
            out = [("road", e) for e in self.road_spots(seat)]
        elif phase is PLACING_CITY:
            out = [("city", n) for n in self.city_spots(seat)]
        elif phase is PLACING_ROBBER:
            return [("robber", h) for h in range(HEX_COUNT) if h != self.robber]
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
        if phase in (PLACING_ROAD, PLACING_SETTLEMENT, PLACING_CITY,
                     PLACING_FREE_ROAD1, PLACING_FREE_ROAD2):
            out.append(A.CANCEL_BUILD)
        return out

    def _play1_actions(self, seat: int) -> list[tuple]:
        out: list[tuple] = [A.END_TURN]
        hand, pieces = self.hands[seat], self.pieces[seat]
        if pieces[ROAD] and hand[0] and hand[4]:
            out += [("road", e) for e in bits(self.reach[seat] & ~self.occupied_edges)]
        if pieces[SETTLEMENT] and hand[0] and hand[2] and hand[3] and hand[4]:
            out += [("settlement", n) for n in bits(self.road_nodes[seat] & ~self.blocked)]
        if pieces[CITY] and hand[1] >= 3 and hand[3] >= 2:
            out += [("city", n) for n in self.city_spots(seat)]
        if self.deck and hand[1] and hand[2] and hand[3]:
            out.append(A.BUY_DEV)
        out += self._dev_plays(seat)
        bank, ratios = self.bank, self.ratios[seat]
        for give in range(5):
            ratio = ratios[give]
            if hand[give] >= ratio:
                lots = _LOTS[give][ratio]
                for get in range(5):
                    if get != give and bank[get]:
                        out.append(lots[get])
        offer = self.offers[seat]
        if offer is not None:
            out.append(A.WITHDRAW)
        return out

    def _dev_plays(self, seat: int) -> list[tuple]:
        if self.dev_played:
            return []
        cards = self.dev_old[seat]
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
        if self.can_afford(seat, offer[1]):
            out.append(("accept", self.current))
        return out

    def greedy_discard(self, seat: int) -> tuple[int, ...]:
        """A discard of the required size taking from the largest piles first."""
        hand = list(self.hands[seat])
        out = [0] * 5
        for _ in range(self.discards[seat]):
            r = max(range(5), key=hand.__getitem__)
            hand[r] -= 1
            out[r] += 1
        return tuple(out)

    # -- checking ---------------------------------------------------------------------------
    def check(self, seat: int, action: Any) -> None:
        self._check(seat, action)

    def _check(self, seat: int, action: Any):
        """Raise IllegalAction unless `seat` may take `action`; return the method that applies it."""
        if self.phase is OVER:
            raise IllegalAction("GAME_OVER", "the game is over")
        if not isinstance(seat, int) or not 0 <= seat < self.seat_count or seat in self.out:
            raise IllegalAction("NOT_A_PLAYER", f"seat {seat!r} is not playing")
        try:
            well_formed, check, do = _DISPATCH[action[0]]
        except (TypeError, KeyError, IndexError):
            raise IllegalAction("BAD_ACTION", f"not a Catan action: {action!r}") from None
        if type(action) is not tuple or not well_formed(action):
            raise IllegalAction("BAD_ACTION", f"malformed {action[0]} action: {action!r}")
        check(self, seat, action)
        return do

    def _need_turn(self, seat: int, *phases: Phase) -> None:
        if self.phase not in phases:
            names = " or ".join(p.name for p in phases)
            raise IllegalAction("NOT_NOW", f"not allowed in phase {self.phase.name} (needs {names})")
        if seat != self.current:
            raise IllegalAction("NOT_YOUR_TURN", f"it is seat {self.current}'s turn, not seat {seat}'s")

    def _need_cost(self, seat: int, cost: Sequence[int], what: str) -> None:
        if not self.can_afford(seat, cost):
            raise IllegalAction("CANNOT_AFFORD", f"seat {seat} cannot pay for {what}")

    def _check_settlement(self, seat: int, action: tuple) -> None:
        node = action[1]
        self._need_turn(seat, START1A, START2A, PLAY1, PLACING_SETTLEMENT)
        if not 0 <= node < NODE_COUNT:
            raise IllegalAction("BAD_LOCATION", f"no intersection {node}")
        if self.node_owner[node] >= 0:
            raise IllegalAction("OCCUPIED", f"intersection {node} is taken")
        if self.blocked & NODE_BIT[node]:
            raise IllegalAction("DISTANCE_RULE", f"intersection {node} is next to a building")
        if self.pieces[seat][SETTLEMENT] == 0:
            raise IllegalAction("NO_PIECES", "no settlements left")
        if self.phase is PLAY1 or self.phase is PLACING_SETTLEMENT:
            if not self.road_nodes[seat] & NODE_BIT[node]:
                raise IllegalAction("NOT_CONNECTED", f"intersection {node} is not on one of your roads")
            if self.phase is PLAY1:
                self._need_cost(seat, PIECE_COST[SETTLEMENT], "a settlement")

    def _check_road(self, seat: int, action: tuple) -> None:
        edge = action[1]
        phase = self.phase
        self._need_turn(seat, START1B, START2B, PLAY1, PLACING_ROAD, PLACING_FREE_ROAD1,
                        PLACING_FREE_ROAD2)
        if not 0 <= edge < EDGE_COUNT:
            raise IllegalAction("BAD_LOCATION", f"no path {edge}")
        if self.occupied_edges & EDGE_BIT[edge]:
            raise IllegalAction("OCCUPIED", f"path {edge} has a road")
        if self.pieces[seat][ROAD] == 0:
            raise IllegalAction("NO_PIECES", "no roads left")
        if phase is START1B or phase is START2B:
            if not NODE_EDGE_MASK[self.last_settlement] & EDGE_BIT[edge]:
                raise IllegalAction("NOT_CONNECTED", "the setup road must touch the settlement just placed")
        elif not self.reach[seat] & EDGE_BIT[edge]:
            raise IllegalAction("NOT_CONNECTED", f"path {edge} does not touch your network")
        if phase is PLAY1:
            self._need_cost(seat, PIECE_COST[ROAD], "a road")

    def _check_city(self, seat: int, action: tuple) -> None:
        node = action[1]
        self._need_turn(seat, PLAY1, PLACING_CITY)
        if not 0 <= node < NODE_COUNT or self.node_owner[node] != seat or self.node_level[node] != 1:
            raise IllegalAction("BAD_LOCATION", f"you have no settlement at intersection {node}")
        if self.pieces[seat][CITY] == 0:
            raise IllegalAction("NO_PIECES", "no cities left")
        if self.phase is PLAY1:
            self._need_cost(seat, PIECE_COST[CITY], "a city")

    def _check_build(self, seat: int, action: tuple) -> None:
        piece = action[1]
        self._need_turn(seat, PLAY1)
        if piece not in (ROAD, SETTLEMENT, CITY):
            raise IllegalAction("BAD_ACTION", f"unknown piece {piece}")
        if self.pieces[seat][piece] == 0:
            raise IllegalAction("NO_PIECES", f"no {PIECE_NAMES[piece]}s left")
        self._need_cost(seat, PIECE_COST[piece], "a " + PIECE_NAMES[piece])
        spots = (self.reach[seat] & ~self.occupied_edges if piece == ROAD
                 else self.road_nodes[seat] & ~self.blocked if piece == SETTLEMENT
                 else self.city_spots(seat))
        if not spots:
            raise IllegalAction("BAD_LOCATION", f"nowhere to place a {PIECE_NAMES[piece]}")

    def _check_cancel_build(self, seat: int, action: tuple) -> None:
        self._need_turn(seat, PLACING_ROAD, PLACING_SETTLEMENT, PLACING_CITY,
                        PLACING_FREE_ROAD1, PLACING_FREE_ROAD2)

    def _check_buy_dev(self, seat: int, action: tuple) -> None:
        self._need_turn(seat, PLAY1)
        if not self.deck:
            raise IllegalAction("DECK_EMPTY", "no development cards left")
        self._need_cost(seat, COST_DEV, "a development card")

    def _check_play_dev(self, seat: int, action: tuple) -> None:
        card = action[1]
        self._need_turn(seat, ROLL_OR_CARD, PLAY1)
        if card not in (KNIGHT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY):
            raise IllegalAction("BAD_ACTION", f"card {card} cannot be played")
        if self.dev_played:
            raise IllegalAction("ONE_CARD_PER_TURN", "a development card was already played this turn")
        if not self.dev_old[seat][card]:
            if self.dev_new[seat][card]:
                raise IllegalAction("CARD_TOO_NEW", f"a {DEV_NAMES[card]} bought this turn cannot be played yet")
            raise IllegalAction("NO_CARD", f"seat {seat} has no {DEV_NAMES[card]} card")
        if card == ROAD_BUILDING and not (self.pieces[seat][ROAD] and self.reach[seat] & ~self.occupied_edges):
            raise IllegalAction("NOT_NOW", "no road can be placed")
        if card == YEAR_OF_PLENTY and sum(self.bank) < 2:
            raise IllegalAction("BANK_EMPTY", "the bank has fewer than 2 cards")

    def _check_pick_resources(self, seat: int, action: tuple) -> None:
        self._need_turn(seat, WAITING_FOR_DISCOVERY)
        a, b = action[1], action[2]
        if not (0 <= a < 5 and 0 <= b < 5):
            raise IllegalAction("BAD_ACTION", "resources are 0..4")
        if self.bank[a] < 1 + (a == b) or self.bank[b] < 1:
            raise IllegalAction("BANK_EMPTY", "the bank does not have those resources")

    def _check_monopoly(self, seat: int, action: tuple) -> None:
        self._need_turn(seat, WAITING_FOR_MONOPOLY)
        if not 0 <= action[1] < 5:
            raise IllegalAction("BAD_ACTION", "resources are 0..4")

    def _check_roll(self, seat: int, action: tuple) -> None:
        self._need_turn(seat, ROLL_OR_CARD)

    def _check_discard(self, seat: int, action: tuple) -> None:
        if self.phase is not WAITING_FOR_DISCARDS or not self.discards[seat]:
            raise IllegalAction("NOT_NOW", f"seat {seat} has nothing to discard")
        counts = action[1]
        if any(c < 0 for c in counts) or sum(counts) != self.discards[seat]:
            raise IllegalAction("BAD_DISCARD", f"seat {seat} must discard exactly {self.discards[seat]} cards")
        if not self.can_afford(seat, counts):
            raise IllegalAction("BAD_DISCARD", "cannot discard cards not in hand")

    def _check_robber(self, seat: int, action: tuple) -> None:
        self._need_turn(seat, PLACING_ROBBER)
        if not 0 <= action[1] < HEX_COUNT:
            raise IllegalAction("BAD_LOCATION", f"no land hex {action[1]}")
        if action[1] == self.robber:
            raise IllegalAction("BAD_LOCATION", "the robber must move to another hex")
        owner = self.node_owner
        victims = {owner[n] for n in HEX_NODES[action[1]]
                   if owner[n] >= 0 and owner[n] != seat and sum(self.hands[owner[n]])}
        if len(victims) == 1:
            self._check_scripted_steal(victims.pop())

    def _check_scripted_steal(self, victim: int) -> None:
        if self.steals_used < len(self.steal_script) and not self.hands[victim][self.steal_script[self.steals_used]]:
            raise IllegalAction("SCRIPT", f"the scripted steal takes a resource seat {victim} does not have")

    def _check_rob(self, seat: int, action: tuple) -> None:
        self._need_turn(seat, WAITING_FOR_ROB_CHOOSE_PLAYER)
        if action[1] not in self.victims:
            raise IllegalAction("BAD_VICTIM", f"seat {action[1]} cannot be robbed (choose from {list(self.victims)})")
        self._check_scripted_steal(action[1])

    def _check_bank_trade(self, seat: int, action: tuple) -> None:
        self._need_turn(seat, PLAY1)
        give, get = action[1], action[2]
        if self.last_bank_trade is not None and (give, get) == self.last_bank_trade[::-1]:
            return self._need_cost(seat, give, "undoing that trade")
        ratios, bank = self.ratios[seat], self.bank
        lots = 0
        for r in range(5):
            g, t = give[r], get[r]
            if g < 0 or t < 0 or (g and t):
                raise IllegalAction("BAD_TRADE", "give and get must be disjoint, non-negative amounts")
            if g % ratios[r]:
                raise IllegalAction("BAD_TRADE", f"each resource given must be a multiple of its ratio {ratios}")
            if bank[r] < t:
                raise IllegalAction("BANK_EMPTY", "the bank does not have those resources")
            lots += g // ratios[r]
        if lots == 0 or lots != sum(get):
            raise IllegalAction("BAD_TRADE", f"giving {lots} lot(s) buys exactly that many resources")
        self._need_cost(seat, give, "that trade")

    def _check_offer(self, seat: int, action: tuple) -> None:
        self._need_trading()
        give, get, to = action[1], action[2], action[3]
        if any(x < 0 for x in give + get) or not sum(give) or not sum(get) or any(give[r] and get[r] for r in range(5)):
            raise IllegalAction("BAD_TRADE", "an offer gives and asks for different, non-empty resources")
        if not to or any(not 0 <= s < self.seat_count or s == seat or s in self.out for s in to):
            raise IllegalAction("BAD_TRADE", "offer to one or more other players")
        if seat != self.current and to != (self.current,):
            raise IllegalAction("NOT_YOUR_TURN", "outside your turn you may offer only to the player whose turn it is")
        self._need_cost(seat, give, "that offer")

    def _check_accept(self, seat: int, action: tuple) -> None:
        self._need_trading()
        offerer = action[1]
        offer = self.offers[offerer] if 0 <= offerer < self.seat_count else None
        if offer is None or seat not in offer[2]:
            raise IllegalAction("NO_OFFER", f"seat {offerer} has no offer to seat {seat}")
        if self.current not in (seat, offerer):
            raise IllegalAction("NOT_YOUR_TURN", "trades must involve the player whose turn it is")
        if not self.can_afford(offerer, offer[0]):
            raise IllegalAction("CANNOT_AFFORD", f"seat {offerer} no longer has what it offered")
        self._need_cost(seat, offer[1], "that trade")

    def _check_reject(self, seat: int, action: tuple) -> None:
        self._need_trading()
        if not any(o is not None and seat in o[2] for o in self.offers):
            raise IllegalAction("NO_OFFER", f"no offer was made to seat {seat}")

    def _check_withdraw(self, seat: int, action: tuple) -> None:
        self._need_trading()
        if self.offers[seat] is None:
            raise IllegalAction("NO_OFFER", f"seat {seat} has no offer to withdraw")

    def _need_trading(self) -> None:
        if not self.trading:
            raise IllegalAction("NO_TRADING", "trading between players is off in this game")
        if self.phase is not PLAY1:
            raise IllegalAction("NOT_NOW", f"trades are made after the roll, not in phase {self.phase.name}")

    def _check_end_turn(self, seat: int, action: tuple) -> None:
        self._need_turn(seat, PLAY1)

    # -- applying ---------------------------------------------------------------------------
    def apply(self, seat: int, action: Any) -> list[Event]:
        do = self._check(seat, action)
        self.action_count += 1
        kind = action[0]
        if kind != "bank_trade":
            self.last_bank_trade = None
        events = do(self, seat, action)
        if kind in _SCORING and self.phase is not OVER and self.total_vp(self.current) >= self.vp_to_win \
                and self.phase not in SETUP_PHASES:
            self._finish(self.current, events)
        return events

    def _pay(self, seat: int, cost: Sequence[int]) -> None:
        hand, bank = self.hands[seat], self.bank
        for r in range(5):
            if cost[r]:
                hand[r] -= cost[r]
                bank[r] += cost[r]

    def _receive(self, seat: int, gains: Sequence[int]) -> None:
        hand, bank = self.hands[seat], self.bank
        for r in range(5):
            if gains[r]:
                hand[r] += gains[r]
                bank[r] -= gains[r]

    def _do_settlement(self, seat: int, action: tuple) -> list[Event]:
        node = action[1]
        phase = self.phase
        cost = _ZERO
        if phase is PLAY1:
            cost = PIECE_COST[SETTLEMENT]
            self._pay(seat, cost)
        self.node_owner[node] = seat
        self.node_level[node] = 1
        self.pieces[seat][SETTLEMENT] -= 1
        self.building_vp[seat] += 1
        self.blocked |= NODE_CLOSED_MASK[node]
        self.reach[seat] |= NODE_EDGE_MASK[node]
        harbor = self.board.node_harbor[node]
        if harbor >= 0:
            ratios = self.ratios[seat]
            if harbor == GENERIC_HARBOR:
                for r in range(5):
                    if ratios[r] > 3:
                        ratios[r] = 3
            else:
                ratios[harbor] = 2
        events = [Event("built", {"seat": seat, "piece": "settlement", "at": node, "cost": list(cost)})]
        if phase is START1A or phase is START2A:
            self.last_settlement = node
            if phase is START2A:
                gained = [0] * 5
                terrain = self.board.terrain
                for h in NODE_HEXES[node]:
                    r = terrain[h]
                    if r < 5 and self.bank[r] > gained[r]:
                        gained[r] += 1
                self._receive(seat, gained)
                events.append(Event("setup_resources", {"seat": seat, "gained": gained}))
            self.phase = START1B if phase is START1A else START2B
        else:
            self.phase = PLAY1
            self.build_request = -1
            self._after_settlement_breaks(seat, node, events)
        return events

    def _after_settlement_breaks(self, seat: int, node: int, events: list[Event]) -> None:
        """A new settlement may cut an opponent's road: recompute their reach and length."""
        edge_owner = self.edge_owner
        touched = {edge_owner[e] for e in NODE_EDGES[node]}
        changed = False
        for other in sorted(touched):
            if other >= 0 and other != seat:
                self._rebuild_reach(other)
                length = self._longest_road_of(other)
                if length != self.road_length[other]:
                    self.road_length[other] = length
                    changed = True
        if changed:
            self._award_longest_road(events)

    def _rebuild_reach(self, seat: int) -> None:
        owner = self.node_owner
        mask = 0
        for e in bits(self.road_edges[seat]):
            for x in EDGES[e]:
                if owner[x] == -1 or owner[x] == seat:
                    mask |= NODE_EDGE_MASK[x]
        for n in range(NODE_COUNT):
            if owner[n] == seat:
                mask |= NODE_EDGE_MASK[n]
        self.reach[seat] = mask

    def _do_road(self, seat: int, action: tuple) -> list[Event]:
        edge = action[1]
        phase = self.phase
        cost = _ZERO
        if phase is PLAY1:
            cost = PIECE_COST[ROAD]
            self._pay(seat, cost)
        length = self._length_with_road(seat, edge)
        self._place_road(seat, edge)
        events = [Event("built", {"seat": seat, "piece": "road", "at": edge, "cost": list(cost)})]
        if length != self.road_length[seat]:
            self.road_length[seat] = length
            self._award_longest_road(events)
        if phase is START1B or phase is START2B:
            self._next_setup_step(events)
            return events
        if phase is PLACING_FREE_ROAD1 or phase is PLACING_FREE_ROAD2:
            self.free_roads -= 1
            if self.free_roads and self.pieces[seat][ROAD] and self.reach[seat] & ~self.occupied_edges:
                self.phase = PLACING_FREE_ROAD2
            else:
                self.free_roads = 0
                self.phase = PLAY1 if self.rolled else ROLL_OR_CARD
        else:
            self.phase = PLAY1
            self.build_request = -1
        return events

    def _place_road(self, seat: int, edge: int) -> None:
        self.edge_owner[edge] = seat
        self.pieces[seat][ROAD] -= 1
        bit = EDGE_BIT[edge]
        self.occupied_edges |= bit
        self.road_edges[seat] |= bit
        owner = self.node_owner
        for x in EDGES[edge]:
            self.road_nodes[seat] |= NODE_BIT[x]
            if owner[x] == -1 or owner[x] == seat:
                self.reach[seat] |= NODE_EDGE_MASK[x]

    def _next_setup_step(self, events: list[Event]) -> None:
        n = self.seat_count
        while True:
            self.setup_step += 1
            if self.setup_step >= 2 * n:
                self.phase = ROLL_OR_CARD
                self.current = self.first
                self._skip_out_seats(events)
                return
            step = self.setup_step
            offset = step if step < n else 2 * n - 1 - step
            self.current = (self.first + offset) % n
            self.phase = START1A if step < n else START2A
            if self.current not in self.out:
                return

    def _skip_out_seats(self, events: list[Event]) -> None:
        while self.current in self.out:
            self.current = (self.current + 1) % self.seat_count
        events.append(Event("turn", {"seat": self.current, "round": self.round}))

    def _do_city(self, seat: int, action: tuple) -> list[Event]:
        node = action[1]
        cost = _ZERO
        if self.phase is PLAY1:
            cost = PIECE_COST[CITY]
            self._pay(seat, cost)
        self.node_level[node] = 2
        pieces = self.pieces[seat]
        pieces[CITY] -= 1
        pieces[SETTLEMENT] += 1
        self.building_vp[seat] += 1
        self.phase = PLAY1
        self.build_request = -1
        return [Event("built", {"seat": seat, "piece": "city", "at": node, "cost": list(cost)})]

    def _do_build(self, seat: int, action: tuple) -> list[Event]:
        piece = action[1]
        self._pay(seat, PIECE_COST[piece])
        self.build_request = piece
        self.phase = (PLACING_ROAD, PLACING_SETTLEMENT, PLACING_CITY)[piece]
        return [Event("build_requested", {"seat": seat, "piece": PIECE_NAMES[piece], "cost": list(PIECE_COST[piece])})]

    def _do_cancel_build(self, seat: int, action: tuple) -> list[Event]:
        if self.phase is PLACING_FREE_ROAD1 or self.phase is PLACING_FREE_ROAD2:
            self.free_roads = 0
            self.phase = PLAY1 if self.rolled else ROLL_OR_CARD
            return [Event("build_cancelled", {"seat": seat, "piece": "road", "refund": [0] * 5})]
        piece = self.build_request
        self._receive(seat, PIECE_COST[piece])
        self.build_request = -1
        self.phase = PLAY1
        return [Event("build_cancelled", {"seat": seat, "piece": PIECE_NAMES[piece], "refund": list(PIECE_COST[piece])})]

    def _do_buy_dev(self, seat: int, action: tuple) -> list[Event]:
        self._pay(seat, COST_DEV)
        deck = self.deck
        card = deck.pop(self.rng.below(len(deck))) if self.draw_at_random else deck.pop()
        kind = dev_type(card)
        self.dev_new[seat][kind] += 1
        if kind == VICTORY_POINT:
            self.vp_cards[seat].append(card)
        left = len(self.deck)
        cost = list(COST_DEV)
        return [Event("dev_bought", {"seat": seat, "card": DEV_NAMES[kind], "card_id": card,
                                     "name": card_name(card), "deck_left": left, "cost": cost}, only(seat)),
                Event("dev_bought", {"seat": seat, "card": None, "card_id": None, "name": None,
                                     "deck_left": left, "cost": cost}, all_but(seat))]

    def _do_play_dev(self, seat: int, action: tuple) -> list[Event]:
        card = action[1]
        self.dev_old[seat][card] -= 1
        self.played[seat][card] += 1
        self.dev_played = True
        events = [Event("dev_played", {"seat": seat, "card": DEV_NAMES[card]})]
        if card == KNIGHT:
            self.knights[seat] += 1
            holder = self.largest_army
            if self.knights[seat] >= 3 and holder != seat and (holder < 0 or self.knights[seat] > self.knights[holder]):
                self.largest_army = seat
                events.append(Event("largest_army", {"seat": seat, "knights": list(self.knights)}))
            self.phase = PLACING_ROBBER
        elif card == ROAD_BUILDING:
            self.free_roads = min(2, self.pieces[seat][ROAD])
            self.phase = PLACING_FREE_ROAD1 if self.free_roads == 2 else PLACING_FREE_ROAD2
        elif card == YEAR_OF_PLENTY:
            self.phase = WAITING_FOR_DISCOVERY
        else:
            self.phase = WAITING_FOR_MONOPOLY
        return events

    def _do_pick_resources(self, seat: int, action: tuple) -> list[Event]:
        gained = [0] * 5
        gained[action[1]] += 1
        gained[action[2]] += 1
        self._receive(seat, gained)
        self.phase = PLAY1 if self.rolled else ROLL_OR_CARD
        return [Event("year_of_plenty", {"seat": seat, "resources": gained})]

    def _do_monopoly(self, seat: int, action: tuple) -> list[Event]:
        r = action[1]
        taken = [0] * self.seat_count
        for other in range(self.seat_count):
            if other != seat:
                taken[other] = self.hands[other][r]
                self.hands[other][r] = 0
        total = sum(taken)
        self.hands[seat][r] += total
        self.phase = PLAY1 if self.rolled else ROLL_OR_CARD
        return [Event("monopoly", {"seat": seat, "resource": r, "taken": taken, "total": total})]

    def _do_roll(self, seat: int, action: tuple) -> list[Event]:
        if self.dice_used < len(self.dice_script):
            total = self.dice_script[self.dice_used]
            self.dice_used += 1
            first = min(6, total - 1)
            dice = (first, total - first)
        else:
            pair = self.rng.below(36)
            dice = (1 + pair // 6, 1 + pair % 6)
            total = dice[0] + dice[1]
        self.dice = dice
        self.rolled = True
        events = [Event("rolled", {"seat": seat, "dice": list(dice), "total": total})]
        if total != 7:
            events.append(self._produce(total))
            self.phase = PLAY1
            return events
        limit = self.discard_limit
        for s in range(self.seat_count):
            count = sum(self.hands[s])
            self.discards[s] = count // 2 if count > limit and s not in self.out else 0
        if any(self.discards):
            self.phase = WAITING_FOR_DISCARDS
            events.append(Event("discard_required", {"amounts": list(self.discards)}))
        else:
            self.phase = PLACING_ROBBER
        return events

    def _produce(self, total: int) -> Event:
        n = self.seat_count
        gains = [[0] * 5 for _ in range(n)]
        owner, level, robber = self.node_owner, self.node_level, self.robber
        wanted = [0] * 5  # total demand per resource
        for h, r, nodes in self.board.production[total]:
            if h == robber:
                continue
            for node in nodes:
                o = owner[node]
                if o >= 0:
                    gains[o][r] += level[node]
                    wanted[r] += level[node]
        shortage = []
        bank = self.bank
        for r in range(5):
            if wanted[r] > bank[r]:  # too few cards: nobody gets any, unless one player alone
                shortage.append(r)
                takers = [s for s in range(n) if gains[s][r]]
                for s in takers:
                    gains[s][r] = bank[r] if len(takers) == 1 else 0
        hands = self.hands
        for s in range(n):
            hand, gain = hands[s], gains[s]
            for r in range(5):
                if gain[r]:
                    hand[r] += gain[r]
                    bank[r] -= gain[r]
        return Event("produced", {"gains": gains, "shortage": shortage, "totals": [sum(h) for h in hands]})

    def _do_discard(self, seat: int, action: tuple) -> list[Event]:
        counts = action[1]
        self._pay(seat, counts)
        self.discards[seat] = 0
        events = [Event("discarded", {"seat": seat, "count": sum(counts), "resources": list(counts)}, only(seat)),
                  Event("discarded", {"seat": seat, "count": sum(counts), "resources": None}, all_but(seat))]
        if not any(self.discards):
            self.phase = PLACING_ROBBER
        return events

    def _do_robber(self, seat: int, action: tuple) -> list[Event]:
        hex_index = action[1]
        self.robber = hex_index
        events = [Event("robber_moved", {"seat": seat, "hex": hex_index})]
        owner, hands = self.node_owner, self.hands
        victims = sorted({owner[n] for n in HEX_NODES[hex_index]
                          if owner[n] >= 0 and owner[n] != seat and sum(hands[owner[n]])})
        self.victims = tuple(victims)
        if len(victims) == 1:
            self._steal(seat, victims[0], events)
        elif victims:
            self.phase = WAITING_FOR_ROB_CHOOSE_PLAYER
            events.append(Event("choose_victim", {"seat": seat, "candidates": victims}))
        else:
            self.phase = PLAY1 if self.rolled else ROLL_OR_CARD
        return events

    def _do_rob(self, seat: int, action: tuple) -> list[Event]:
        events: list[Event] = []
        self._steal(seat, action[1], events)
        return events

    def _steal(self, thief: int, victim: int, events: list[Event]) -> None:
        hand = self.hands[victim]
        resource = -1
        if self.steals_used < len(self.steal_script):
            resource = self.steal_script[self.steals_used]
            self.steals_used += 1
        else:
            pick = self.rng.below(sum(hand))
            for r in range(5):
                pick -= hand[r]
                if pick < 0:
                    resource = r
                    break
        hand[resource] -= 1
        self.hands[thief][resource] += 1
        self.victims = ()
        self.phase = PLAY1 if self.rolled else ROLL_OR_CARD
        events.append(Event("robbed", {"thief": thief, "victim": victim, "resource": resource}, only(thief, victim)))
        events.append(Event("robbed", {"thief": thief, "victim": victim, "resource": None}, all_but(thief, victim)))

    def _do_bank_trade(self, seat: int, action: tuple) -> list[Event]:
        give, get = action[1], action[2]
        undo = self.last_bank_trade is not None and (give, get) == self.last_bank_trade[::-1]
        self._pay(seat, give)
        self._receive(seat, get)
        self.last_bank_trade = None if undo else (give, get)
        return [Event("bank_trade", {"seat": seat, "give": list(give), "get": list(get), "undo": undo})]

    def _do_offer(self, seat: int, action: tuple) -> list[Event]:
        give, get, to = action[1], action[2], action[3]
        self.offers[seat] = (give, get, to, frozenset())
        if seat != self.current:  # a counter-offer answers the current player's offer
            self._mark_responded(seat)
        return [Event("offer", {"seat": seat, "give": list(give), "get": list(get), "to": list(to)})]

    def _mark_responded(self, seat: int) -> None:
        for s, offer in enumerate(self.offers):
            if offer is not None and seat in offer[2]:
                self.offers[s] = offer[:3] + (offer[3] | {seat},)

    def _do_accept(self, seat: int, action: tuple) -> list[Event]:
        offerer = action[1]
        give, get, _, _ = self.offers[offerer]
        for r in range(5):
            self.hands[offerer][r] += get[r] - give[r]
            self.hands[seat][r] += give[r] - get[r]
        self.offers = [None] * self.seat_count
        return [Event("trade", {"offerer": offerer, "accepter": seat, "give": list(give), "get": list(get)}),
                Event("offers_cleared", {})]

    def _do_reject(self, seat: int, action: tuple) -> list[Event]:
        self._mark_responded(seat)
        return [Event("offer_rejected", {"seat": seat})]

    def _do_withdraw(self, seat: int, action: tuple) -> list[Event]:
        self.offers[seat] = None
        return [Event("offer_withdrawn", {"seat": seat})]

    def _do_end_turn(self, seat: int, action: tuple) -> list[Event]:
        events = []
        if self.offers.count(None) != self.seat_count:
            self.offers = [None] * self.seat_count
            events.append(Event("offers_cleared", {}))
        self._end_turn_of(seat, events)
        return events

    def _end_turn_of(self, seat: int, events: list[Event]) -> None:
        old, new = self.dev_old[seat], self.dev_new[seat]
        if any(new):  # cards bought this turn become playable
            for k in range(5):
                old[k] += new[k]
                new[k] = 0
        self.rolled = self.dev_played = False
        self.phase = ROLL_OR_CARD
        nxt = (seat + 1) % self.seat_count
        if nxt == self.first:
            self.round += 1
        self.current = nxt
        while self.current in self.out:
            self.current = (self.current + 1) % self.seat_count
            if self.current == self.first:
                self.round += 1
        events.append(Event("turn", {"seat": self.current, "round": self.round}))

    # -- longest road and largest army -------------------------------------------------------
    def _longest_road_of(self, seat: int) -> int:
        """Longest trail in the seat's roads that does not pass through an opponent's building.

        A longest trail can start at a node whose road degree is not 2 or that is blocked, or
        anywhere on a component that is a plain cycle; only those starts are searched."""
        own = self.road_edges[seat]
        if not own:
            return 0
        owner = self.node_owner
        degree: dict[int, int] = {}
        for e in bits(own):
            for x in EDGES[e]:
                degree[x] = degree.get(x, 0) + 1
        starts = [x for x, d in degree.items() if d != 2 or (owner[x] != -1 and owner[x] != seat)]
        covered = self._road_component_nodes(seat, starts)
        for x in sorted(degree):
            if x not in covered:  # a cycle of unblocked degree-2 nodes
                starts.append(x)
                covered |= self._road_component_nodes(seat, [x])
        return max(self._trail_from(seat, x) for x in starts)

    def _length_with_road(self, seat: int, edge: int) -> int:
        """The seat's longest road once `edge` is added.  When the road sticks out to a fresh
        intersection, only trails ending there can be new: one search from its other end."""
        a, b = EDGES[edge]
        network = self.road_nodes[seat]
        a_in, b_in = network >> a & 1, network >> b & 1
        if a_in and b_in:  # joins two parts or closes a loop: search everything afterwards
            self.road_edges[seat] |= EDGE_BIT[edge]
            length = self._longest_road_of(seat)
            self.road_edges[seat] &= ~EDGE_BIT[edge]
            return length
        old = self.road_length[seat]
        if not a_in and not b_in:
            return max(old, 1)
        inner = a if a_in else b
        owner = self.node_owner[inner]
        if owner != -1 and owner != seat:
            return max(old, 1)  # the road cannot pass through an opponent's building
        return max(old, 1 + self._trail_from(seat, inner))

    def _trail_from(self, seat: int, start: int) -> int:
        own, owner = self.road_edges[seat], self.node_owner
        best = 0
        stack = [(start, 0, 0)]
        while stack:
            node, used, length = stack.pop()
            if length > best:
                best = length
            if length and owner[node] != -1 and owner[node] != seat:
                continue
            for bit, other in NODE_LINKS[node]:
                if own & bit and not used & bit:
                    stack.append((other, used | bit, length + 1))
        return best

    def _road_component_nodes(self, seat: int, starts: list[int]) -> set[int]:
        own = self.road_edges[seat]
        seen = set(starts)
        todo = list(starts)
        while todo:
            node = todo.pop()
            for e in NODE_EDGES[node]:
                if own & EDGE_BIT[e]:
                    a, b = EDGES[e]
                    other = b if a == node else a
                    if other not in seen:
                        seen.add(other)
                        todo.append(other)
        return seen

    def _award_longest_road(self, events: list[Event]) -> None:
        lengths = self.road_length
        top = max(lengths)
        holder = self.longest_road
        if top < 5:
            new = -1
        elif holder >= 0 and lengths[holder] == top:
            new = holder  # ties keep the holder
        else:
            leaders = [s for s in range(self.seat_count) if lengths[s] == top]
            new = leaders[0] if len(leaders) == 1 else -1
        if new != holder:
            self.longest_road = new
            events.append(Event("longest_road", {"seat": new, "lengths": list(lengths)}))

    # -- end of the game --------------------------------------------------------------------
    def _finish(self, winner: int, events: list[Event]) -> None:
        self.winner = winner
        self.phase = OVER
        events.append(Event("game_over", {
            "winner": winner, "vp": [self.total_vp(s) for s in range(self.seat_count)],
            "vp_cards": {str(s): [card_name(c) for c in self.vp_cards[s]] for s in range(self.seat_count)}}))

    def forfeit(self, seat: int, cause: EndCause, reason: str = "") -> list[Event]:
        """The seat leaves: its pieces stay, its turns are skipped.  With one seat left, it wins."""
        if self.phase is OVER or seat in self.out:
            return []
        self.out[seat] = cause
        events = [Event("forfeit", {"seat": seat, "cause": cause.value, "reason": reason})]
        self.offers[seat] = None
        active = [s for s in range(self.seat_count) if s not in self.out]
        if len(active) == 1:
            self._finish(active[0], events)
            return events
        if self.discards[seat]:
            self.discards[seat] = 0
            if self.phase is WAITING_FOR_DISCARDS and not any(self.discards):
                self.phase = PLACING_ROBBER
        if self.phase is WAITING_FOR_ROB_CHOOSE_PLAYER and seat in self.victims:
            self.victims = tuple(v for v in self.victims if v != seat)
            if len(self.victims) == 1:
                self._steal(self.current, self.victims[0], events)
        if seat == self.current:
            if self.build_request >= 0:
                self._receive(seat, PIECE_COST[self.build_request])
                self.build_request = -1
            self.free_roads = 0
            self.discards = [0] * self.seat_count
            self.victims = ()
            if self.phase in SETUP_PHASES:
                self._next_setup_step(events)
            else:
                self._end_turn_of(seat, events)
        return events

    def result(self) -> Result | None:
        if self.phase is not OVER:
            return None
        n = self.seat_count
        keys = [((s not in self.out), s == self.winner, self.total_vp(s)) for s in range(n)]
        ranks = rank_by(keys)
        seats = tuple(SeatResult(s, ranks[s], self.total_vp(s), self.out.get(s, EndCause.REGULAR))
                      for s in range(n))
        cause = EndCause.REGULAR if not self.out else next(iter(self.out.values()))
        if self.winner >= 0 and self.total_vp(self.winner) >= self.vp_to_win:
            cause = EndCause.REGULAR
        return Result(seats, cause, {"winner": self.winner, "rounds": self.round})

    # -- views ------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        n = self.seat_count
        players = []
        for s in range(n):
            info = {
                "resources": sum(self.hands[s]),
                "dev_cards": sum(self.dev_old[s]) + sum(self.dev_new[s]),
                "knights": self.knights[s], "played": list(self.played[s]),
                "vp": self.public_vp(s), "road_length": self.road_length[s],
                "roads_left": self.pieces[s][ROAD], "settlements_left": self.pieces[s][SETTLEMENT],
                "cities_left": self.pieces[s][CITY], "out": s in self.out,
            }
            if s == seat:
                info["hand"] = list(self.hands[s])
                info["dev_hand"] = list(self.dev_old[s])
                info["dev_new"] = list(self.dev_new[s])
                info["total_vp"] = self.total_vp(s)
                info["ratios"] = list(self.ratios[s])
            players.append(info)
        offers = [None if o is None else {"give": list(o[0]), "get": list(o[1]), "to": list(o[2]),
                                          "answered": sorted(o[3])} for o in self.offers]
        return {
            "board": self.board.to_text(), "robber": self.robber,
            "phase": self.phase.name, "jsettlers_state": self.jsettlers_state,
            "current": self.current, "first": self.first, "round": self.round, "dice": list(self.dice),
            "buildings": [[nd, self.node_owner[nd], self.node_level[nd]] for nd in range(NODE_COUNT)
                            if self.node_owner[nd] >= 0],
            "roads": [[e, self.edge_owner[e]] for e in range(EDGE_COUNT) if self.edge_owner[e] >= 0],
            "players": players, "bank": list(self.bank), "deck": len(self.deck),
            "longest_road": self.longest_road, "largest_army": self.largest_army,
            "discards": list(self.discards), "victims": list(self.victims), "offers": offers,
            "free_roads": self.free_roads, "winner": self.winner, "to_act": list(self.to_act()),
        }

    def copy(self) -> "CatanState":
        twin = self._copy_board_and_cards()
        twin.rng = self.rng.copy()
        return twin

    def _copy_board_and_cards(self) -> "CatanState":
        """A copy sharing nothing mutable except the generator (the caller sets its own)."""
        twin = object.__new__(CatanState)
        twin.__dict__.update(self.__dict__)
        for name in _FLAT_LISTS:
            setattr(twin, name, getattr(self, name)[:])
        for name in _NESTED_LISTS:
            setattr(twin, name, [row[:] for row in getattr(self, name)])
        twin.out = dict(self.out)
        return twin

    def observation(self, seat: int) -> "CatanState":
        """A copy for a bot playing `seat`: opponents' hands and development cards and the deck
        are re-dealt from what `seat` cannot tell apart (keeping every public count: hand sizes,
        the bank, cards played), the future is unscripted and the generator is a fresh one.  So
        the result depends only on what `seat` may know."""
        obs = self._copy_board_and_cards()
        rng = Rng(derive_seed(self.seed, "observation", seat, self.action_count))
        obs.rng = rng
        obs.seed = rng.below(1 << 62)
        obs.dice_script = obs.steal_script = ()
        obs.options = {**self.options, "dice": "", "dev_deck": "", "steals": ""}
        n = self.seat_count
        others = [s for s in range(n) if s != seat]
        if sum(1 for s in others if any(self.hands[s])) > 1:  # one holder alone hides nothing
            pool = [r for r in range(5) for _ in range(PER_RESOURCE - self.hands[seat][r] - self.bank[r])]
            rng.shuffle(pool)
            for s in others:
                size = sum(self.hands[s])
                obs.hands[s] = [0] * 5
                for r in pool[-size:] if size else ():
                    obs.hands[s][r] += 1
                del pool[len(pool) - size:]
        # the cards `seat` has not seen: the deck and the opponents' hands
        unknown = [card for card in range(VICTORY_POINT, len(VP_CARD_NAMES) + VICTORY_POINT)
                   if card not in self.vp_cards[seat]]
        for kind in range(VICTORY_POINT):
            seen = self.dev_old[seat][kind] + self.dev_new[seat][kind] + sum(p[kind] for p in self.played)
            unknown += [kind] * (DEV_COMPOSITION[kind] - seen)
        sizes = [(sum(self.dev_old[s]), sum(self.dev_new[s])) for s in others]
        dealt = rng.sample(unknown, sum(a + b for a, b in sizes))
        for card in dealt:
            unknown.remove(card)
        for s, (old_size, new_size) in zip(others, sizes):
            obs.vp_cards[s] = []
            for counts, size in ((obs.dev_old[s], old_size), (obs.dev_new[s], new_size)):
                counts[:] = [0] * 5
                for card in dealt[:size]:
                    counts[dev_type(card)] += 1
                    if card >= VICTORY_POINT:
                        obs.vp_cards[s].append(card)
                del dealt[:size]
        obs.deck = sorted(unknown)
        obs.draw_at_random = True  # the deck's order is unknown: draws pick a random card
        return obs


# node -> ((edge bit, node at its other end), ...), for walking roads
NODE_LINKS = tuple(tuple((EDGE_BIT[e], m) for e, m in zip(NODE_EDGES[n], NODE_NEIGHBORS[n])) for n in range(NODE_COUNT))
_FLAT_LISTS = ("node_owner", "node_level", "edge_owner", "bank", "knights", "building_vp", "road_length",
               "reach", "road_nodes", "road_edges", "discards", "offers", "deck")
_NESTED_LISTS = ("hands", "dev_old", "dev_new", "vp_cards", "played", "pieces", "ratios")
_ZERO = (0, 0, 0, 0, 0)
_PLAY = tuple(("play_dev", card) for card in range(4))
# _LOTS[give][ratio][get]: the single-lot bank trade action
_LOTS = tuple(tuple(tuple(("bank_trade", A.unit(give, ratio), A.unit(get)) for get in range(5))
                    for ratio in range(5)) for give in range(5))


def _is_vector(x) -> bool:
    return type(x) is tuple and len(x) == 5 and type(x[0]) is int and type(x[1]) is int \
        and type(x[2]) is int and type(x[3]) is int and type(x[4]) is int


_SHAPE_TESTS = {
    "": lambda a: len(a) == 1,
    "i": lambda a: len(a) == 2 and type(a[1]) is int,
    "ii": lambda a: len(a) == 3 and type(a[1]) is int and type(a[2]) is int,
    "v": lambda a: len(a) == 2 and _is_vector(a[1]),
    "vv": lambda a: len(a) == 3 and _is_vector(a[1]) and _is_vector(a[2]),
    "vvs": lambda a: len(a) == 4 and _is_vector(a[1]) and _is_vector(a[2]) and type(a[3]) is tuple
    and all(type(x) is int for x in a[3]),
}
# kind -> (shape test, check, apply); kinds after which the player to move may have won
_DISPATCH = {kind: (_SHAPE_TESTS[shape], getattr(CatanState, "_check_" + kind), getattr(CatanState, "_do_" + kind))
             for kind, shape in A.SHAPES.items()}
_SCORING = frozenset(("settlement", "city", "road", "buy_dev", "play_dev", "end_turn", "rob", "robber"))

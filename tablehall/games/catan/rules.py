"""The Catan rules engine: the base game for 2-4 seats, the 5-6 player rules, JSettlers' options.

`CatanState` holds a game in flat lists of ints plus a few bitmasks (occupied edges, blocked
nodes, each seat's road reach), so legal moves come from mask arithmetic and `copy()` is a
handful of list slices.  Every chance outcome (board, dice, development deck, stolen card)
comes from the state's `Rng`, or from an explicit script in the options (used to import
games recorded elsewhere, e.g. SGN).

The phase is one of `constants.Phase`, whose values are the JSettlers game states, so a
JSettlers adapter can follow the game one to one.  See `actions` for every action and when it
is allowed.  What each action reports, as events (seats are ints, vectors 5 resource counts;
private events come in two versions, the full one for the parties and a redacted one, same
kind, for everybody else):

  board           terrain[19|30], numbers[19|30], harbors[[edge, kind]], robber, first  (start)
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
  dev_bought      seat, card, card_id, name, deck_left, cost[5] (buyer) / card, card_id, name null
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
  special_build_asked seat                       5-6 player rules: a seat asks for the phase
  special_turn    seat, after                    its special turn (phase SPECIAL_BUILDING) begins
  special_turn_ended seat                        ... and ends (then special_turn or turn)
  build_undone    seat, piece, at, refund[5], undos_left   (option undo_builds; then
                  longest_road if the holder changes back)
  game_over       winner, vp[per seat], vp_cards{seat: [names]}
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Sequence

from tablehall.core import (EndCause, Event, GameState, IllegalAction, OptionError, Result, Rng, SeatResult,
                            derive_seed, rank_by)

from . import actions as A
from .board import Board, beginner_board, random_board
from .constants import (CITY, COST_DEV, DECK, DECK_SIX, DEV_COMPOSITION, DEV_COMPOSITION_SIX, DEV_FROM_SGN,
                        DEV_NAMES, GENERIC_HARBOR, JSETTLERS_STATE, KNIGHT, PER_RESOURCE, PER_RESOURCE_SIX,
                        PIECE_COST, PIECE_NAMES, RESOURCE_FROM_SGN, ROAD, ROAD_BUILDING, SETTLEMENT,
                        VICTORY_POINT, YEAR_OF_PLENTY, card_name, dev_type, START1A, START1B,
                        START2A, START2B, ROLL_OR_CARD, PLAY1, PLACING_ROAD, PLACING_SETTLEMENT,
                        PLACING_CITY, PLACING_ROBBER, PLACING_FREE_ROAD1, PLACING_FREE_ROAD2,
                        WAITING_FOR_DISCARDS, WAITING_FOR_ROB_CHOOSE_PLAYER, WAITING_FOR_DISCOVERY,
                        WAITING_FOR_MONOPOLY, SPECIAL_BUILDING, OVER)
from .events import ALL_BUT as _ALL_BUT, ALL_BUT_PAIR as _ALL_BUT_PAIR, ALONE as _ALONE, ONLY as _ONLY
from .events import ONLY_PAIR as _ONLY_PAIR, event as _event
from .fields import HIDDEN_ROWS, PUBLIC_LISTS, PUBLIC_ROWS
from .geometry import CLASSIC, SIX, bits
from .legality import ARGUMENT_TESTS, SINGLE_LOTS, TURN_PHASES, Legality
from .options import DEFAULT_OPTIONS, normalize_options, parse_codes as _parse_codes, scripted_roll
from .forced import ForcedEndTurn
from .special import SpecialBuilding, Undo
from .views import SeatObservation, Views

__all__ = ["CatanState", "CatanObservation", "DEFAULT_OPTIONS", "normalize_options"]

SETUP_PHASES = (START1A, START1B, START2A, START2B)


class CatanState(SpecialBuilding, Undo, ForcedEndTurn, Legality, Views, GameState):
    """One Catan game, 2-6 seats.  Seats 0..n-1; public attributes are read-only for callers:
    `phase`, `current`, `board`, `geo` (its frame), `robber`, `hands`, `bank`, `node_owner`,
    `node_level`, `edge_owner`, `knights`, `dice`, `offers`, `winner`, and for the 5-6 player
    rules `special_building`, `sb_asked`, `sb_done`, `sb_after` (see `special`), and
    `undos_left` (see `special.Undo`).  Its attributes are declared in `fields.CatanFields`."""

    rule_table: ClassVar[dict[str, tuple]]
    """How each kind of action is taken: `RULES`, set below the class, whose methods it names."""
    piece_costs: ClassVar[tuple[tuple[int, ...], ...]] = PIECE_COST
    piece_names: ClassVar[tuple[str, ...]] = PIECE_NAMES
    placing_phases: ClassVar[tuple] = (PLACING_ROAD, PLACING_SETTLEMENT, PLACING_CITY)
    """The pieces a ``build`` request may buy, by JSettlers piece type (the sea board adds ships)."""
    public_lists: ClassVar[tuple[str, ...]] = PUBLIC_LISTS
    public_rows: ClassVar[tuple[str, ...]] = PUBLIC_ROWS
    hidden_rows: ClassVar[tuple[str, ...]] = HIDDEN_ROWS
    """What a copy copies (see `fields`)."""

    # -- construction -----------------------------------------------------------------------
    def __init__(self, seats: int, options: dict[str, Any], seed: int) -> None:
        if not 2 <= seats <= 6:
            raise OptionError("Catan is for 2-6 seats")
        self.seat_count = n = seats
        self.options = options
        self.seed = seed
        self.rng = Rng(seed)
        # JSettlers' 5-6 player rules hang on the seats the game is for (option PL), the board
        # alone on those or on option PLB
        self.max_players = max_players = options.get("max_players", 0) or seats
        if max_players < seats:
            raise OptionError(f"max_players {max_players} is fewer than the {seats} seats")
        self.six_rules = six = max_players > 4
        self.board = self._deal_board(options, six or options.get("six_player_board", False))
        self.geo = geo = self.board.frame
        self.vp_to_win = options["vp_to_win"]
        self.discard_limit = options["discard_limit"]
        self.trading = options["domestic_trades"]
        self.robber_barred = self.board.deserts if options.get("no_robber_on_desert", False) else ()
        self.no_7s_rounds = options.get("no_7s_rounds", 0)
        self.no_7s_until_city = options.get("no_7s_until_city", False)
        self.city_built = False  # JSettlers' HAS_BUILT_CITY_N7C: somebody has built a city
        self.roll_rules = bool(self.no_7s_rounds or self.no_7s_until_city)  # one test per roll when off
        self.per_resource = PER_RESOURCE_SIX if six else PER_RESOURCE
        self.deck_cards, self.dev_composition = (DECK_SIX, DEV_COMPOSITION_SIX) if six else (DECK, DEV_COMPOSITION)
        self.dice_script = tuple(map(scripted_roll, options["dice"].split()))
        self.steal_script = _parse_codes(options["steals"], RESOURCE_FROM_SGN, "resource")
        self.dice_used = self.steals_used = 0
        self.deck = self._new_deck(options["dev_deck"])
        self.draw_at_random = False  # True in observations, whose deck order is unknown
        self.robber = self.board.robber_start
        self._payouts = _NO_PAYOUTS  # per dice total: what a roll pays (see _payout_of)
        self.node_owner = [-1] * geo.node_count
        self.node_level = [0] * geo.node_count
        self.edge_owner = [-1] * geo.edge_count
        self.hands = [[0] * 5 for _ in range(n)]
        self.bank = [self.per_resource] * 5
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
            raise OptionError(f"first_player must be -1 or a seat 0..{n - 1}")
        self.first = first
        self.current = first
        self.phase = START1A
        self.setup_step = 0
        self.last_settlement = -1
        self.before_setup_settlement = None
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
        self.turn_count = 0  # normal turns begun (the first is 1; counted with the special building phase)
        self.offered_in_turn = (0, 0)  # (turn_count, offers the player to move made in that turn)
        self.action_count = 0
        self._init_special_building(options)
        self._init_undo(options)

    def _deal_board(self, options: dict[str, Any], six_board: bool) -> Board:
        """The board the options ask for: explicit, the beginner layout or dealt from the generator."""
        if options["board"]:
            board = Board.from_text(options["board"])
            if six_board and board.frame is not SIX:
                raise OptionError("5-6 player games need the 30-hex board; the board given has 19 hexes")
            return board
        if options["layout"] == "beginner":
            if six_board:
                raise OptionError("the beginner layout is a classic board; 5-6 player boards are random or explicit")
            return beginner_board()
        if options["layout"] == "random":
            return random_board(self.rng, options["no_adjacent_6_8"], SIX if six_board else CLASSIC,
                                options.get("break_clumps", 0))
        raise ValueError(f"unknown layout {options['layout']!r} (random or beginner)")

    def _new_deck(self, script: str) -> list[int]:
        if script:
            types = _parse_codes(script, DEV_FROM_SGN, "card")
            if any(types.count(kind) > limit for kind, limit in enumerate(self.dev_composition)):
                raise OptionError("the scripted deck holds more cards of a kind than the game has")
            rest = list(self.deck_cards)
            top = []
            for t in types:  # take the first matching card id, VP cards in name order
                card = next(c for c in rest if dev_type(c) == t)
                rest.remove(card)
                top.append(card)
            self.rng.shuffle(rest)
            return rest + top[::-1]  # drawn from the end
        deck = list(self.deck_cards)
        self.rng.shuffle(deck)
        return deck

    def start_events(self) -> list[Event]:
        b = self.board
        return [_event("board", {"terrain": list(b.terrain), "numbers": list(b.numbers),
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
        return _ALONE[self.current]

    def may_act_unprompted(self, seat: int) -> bool:
        """Trade offers, answers and withdrawals may come from any seat during PLAY1; with the
        5-6 player rules, asks to special build whenever they are allowed (see `special`)."""
        if self.trading and self.phase is PLAY1 and seat not in self.out and 0 <= seat < self.seat_count:
            return True
        return self.special_building and self.can_ask_special_build(seat)

    is_over = False
    """True once the phase is OVER (set by `_finish`, the only way there): a plain attribute,
    as runners ask it before every move."""

    @property
    def jsettlers_state(self) -> int:
        return JSETTLERS_STATE[self.phase]

    # -- scoring ----------------------------------------------------------------------------
    def public_vp(self, seat: int) -> int:
        return (self.building_vp[seat] + 2 * (self.longest_road == seat)
                + 2 * (self.largest_army == seat))

    def total_vp(self, seat: int) -> int:
        return (self.building_vp[seat] + 2 * (self.longest_road == seat) + 2 * (self.largest_army == seat)
                + self.dev_old[seat][VICTORY_POINT] + self.dev_new[seat][VICTORY_POINT])

    # -- checking ---------------------------------------------------------------------------
    _checked: tuple | None = None
    """The last action `check` found legal, as (seat, action, what `_check` returned), until the
    state changes: `apply` of that very action (the same object) does not check it again.  A
    protocol checks a client's request to answer a refusal its own way, and the runner then
    applies it; nothing can change the game in between but `apply` and `forfeit`, which drop it."""

    def check(self, seat: int, action: Any) -> None:
        self._checked = (seat, action, self._check(seat, action))

    def _check(self, seat: int, action: Any):
        """Raise IllegalAction unless `seat` may take `action`; return the method that applies it
        and whether the player to move may have won by it."""
        if self.phase is OVER:
            raise IllegalAction("GAME_OVER", "the game is over")
        if not isinstance(seat, int) or not 0 <= seat < self.seat_count or seat in self.out:
            raise IllegalAction("NOT_A_PLAYER", f"seat {seat!r} is not playing")
        try:
            size, arguments_ok, phases, check, do, scoring = self.rule_table[action[0]]
        except (TypeError, KeyError, IndexError):
            raise IllegalAction("BAD_ACTION", f"not a Catan action: {action!r}") from None
        if type(action) is not tuple or len(action) != size \
                or (arguments_ok is not None and not arguments_ok(action)):
            raise IllegalAction("BAD_ACTION", f"malformed {action[0]} action: {action!r}")
        if phases is not None and (seat != self.current or self.phase not in phases):
            self._need_turn(seat, phases)
        if check is not None:
            check(self, seat, action)
        return do, scoring

    # -- applying ---------------------------------------------------------------------------
    def apply(self, seat: int, action: Any) -> list[Event]:
        checked = self._checked
        if checked is not None and checked[1] is action and checked[0] == seat:
            do, scoring = checked[2]  # checked in this very state (`check`)
        else:
            do, scoring = self._check(seat, action)
        self._checked = None
        self.action_count += 1
        if self.last_bank_trade is not None and action[0] != "bank_trade":
            self.last_bank_trade = None
        events = do(self, seat, action)
        if scoring and self.phase is not OVER and self.phase not in SETUP_PHASES \
                and self.phase is not SPECIAL_BUILDING and self._wins(self.current):
            self._finish(self.current, events)  # nobody wins in a special building phase
        return events

    def _wins(self, seat: int) -> bool:
        """Whether `seat` wins in its turn: at the points to win, if `_may_win` agrees (a
        scenario may also win otherwise)."""
        return self.total_vp(seat) >= self.vp_to_win and self._may_win(seat)

    def _may_win(self, seat: int) -> bool:
        """Whether `seat`, at the points to win in its turn, wins: always, in the base game (the
        sea board's scenarios ask more)."""
        return True

    def _bandit_phase(self):
        """The phase in which the player to move moves the robber (after a 7's discards or a
        knight): the sea board may ask first whether the robber or the pirate moves."""
        return PLACING_ROBBER

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
        undo = None
        if phase is PLAY1 or phase is SPECIAL_BUILDING:
            cost = PIECE_COST[SETTLEMENT]
            if self.undo_enabled:
                undo = self._undo_snapshot(seat)
            self._pay(seat, cost)
        elif phase is PLACING_SETTLEMENT and self.undo_point is not None:
            undo = self._requested_snapshot()
        elif phase is START1A or phase is START2A:
            self._keep_before_setup_settlement()
        self._place_settlement(seat, node)
        events = [_event("built", {"seat": seat, "piece": "settlement", "at": node, "cost": list(cost)})]
        if phase is START1A or phase is START2A:
            self.last_settlement = node
            if phase is START2A:
                gained = [0] * 5
                terrain = self.board.terrain
                for h in self.geo.node_hexes[node]:
                    r = terrain[h]
                    if r < 5 and self.bank[r] > gained[r]:
                        gained[r] += 1
                self._receive(seat, gained)
                events.append(_event("setup_resources", {"seat": seat, "gained": gained}))
            self.phase = START1B if phase is START1A else START2B
        else:
            self.phase = SPECIAL_BUILDING if self.sb_after >= 0 else PLAY1
            self.build_request = -1
            self._after_settlement_breaks(seat, node, events)
            if undo is not None:
                self.undo_point = (seat, "settlement", node, PIECE_COST[SETTLEMENT], undo, self.action_count)
        return events

    def _place_settlement(self, seat: int, node: int) -> None:
        """A settlement of `seat` at `node`: the distance rule, its reach and its harbour."""
        self.node_owner[node] = seat
        self.node_level[node] = 1
        self._forget_payouts_at(node)
        self.pieces[seat][SETTLEMENT] -= 1
        self.building_vp[seat] += 1
        geo = self.geo
        self.blocked |= geo.node_closed_mask[node]
        self.reach[seat] |= geo.node_edge_mask[node]
        harbor = self.board.node_harbor[node]
        if harbor >= 0:
            ratios = self.ratios[seat]
            if harbor == GENERIC_HARBOR:
                for r in range(5):
                    if ratios[r] > 3:
                        ratios[r] = 3
            else:
                ratios[harbor] = 2

    def _after_settlement_breaks(self, seat: int, node: int, events: list[Event]) -> None:
        """A new settlement may cut an opponent's road: recompute their reach, and their
        length when their road passes through the node (two of their roads meet there)."""
        owners = [self.edge_owner[e] for e in self.geo.node_edges[node]]
        changed = False
        for other in sorted(set(owners)):
            if other >= 0 and other != seat:
                self._rebuild_reach(other)
                if owners.count(other) < 2:
                    continue
                length = self._longest_road_of(other)
                if length != self.road_length[other]:
                    self.road_length[other] = length
                    changed = True
        if changed:
            self._award_longest_road(events)

    def _rebuild_reach(self, seat: int) -> None:
        owner = self.node_owner
        edges, node_edge_mask = self.geo.edges, self.geo.node_edge_mask
        mask = 0
        for e in bits(self.road_edges[seat]):
            for x in edges[e]:
                if owner[x] == -1 or owner[x] == seat:
                    mask |= node_edge_mask[x]
        for n, o in enumerate(owner):
            if o == seat:
                mask |= node_edge_mask[n]
        self.reach[seat] = mask

    def _do_road(self, seat: int, action: tuple) -> list[Event]:
        edge = action[1]
        phase = self.phase
        cost = _ZERO
        undo = None
        if phase is PLAY1 or phase is SPECIAL_BUILDING:
            cost = PIECE_COST[ROAD]
            if self.undo_enabled:
                undo = self._undo_snapshot(seat)
            self._pay(seat, cost)
        elif phase is PLACING_ROAD and self.undo_point is not None:
            undo = self._requested_snapshot()
        length = self._length_with_road(seat, edge)
        self._place_road(seat, edge)
        events = [_event("built", {"seat": seat, "piece": "road", "at": edge, "cost": list(cost)})]
        if length != self.road_length[seat]:
            self.road_length[seat] = length
            self._award_longest_road(events)
        if phase is START1B or phase is START2B:
            self._next_setup_step(events)
            return events
        if phase is PLACING_FREE_ROAD1 or phase is PLACING_FREE_ROAD2:
            self._next_free_road(seat)
        else:
            self.phase = SPECIAL_BUILDING if self.sb_after >= 0 else PLAY1
            self.build_request = -1
            if undo is not None:
                self.undo_point = (seat, "road", edge, PIECE_COST[ROAD], undo, self.action_count)
        return events

    def _next_free_road(self, seat: int) -> None:
        """A free road placed: the second, if one is left and fits, else back to the turn."""
        self.free_roads -= 1
        if self.free_roads and self._free_road_fits(seat):
            self.phase = PLACING_FREE_ROAD2
        else:
            self.free_roads = 0
            self.phase = PLAY1 if self.rolled else ROLL_OR_CARD

    def _free_road_fits(self, seat: int) -> bool:
        return bool(self.pieces[seat][ROAD] and self.reach[seat] & ~self.occupied_edges)

    def _place_road(self, seat: int, edge: int) -> None:
        self.road_edges[seat] |= 1 << edge
        self.reach[seat] |= self._lay(seat, edge, ROAD)

    def _lay(self, seat: int, edge: int, piece: int) -> int:
        """`seat`'s `piece` (a road, or a ship on the sea board) takes `edge` from its supply:
        the edges touching its ends where the seat may go on (no opponent's building there)."""
        self.edge_owner[edge] = seat
        self.pieces[seat][piece] -= 1
        self.occupied_edges |= 1 << edge
        geo = self.geo
        a, b = geo.edges[edge]
        self.road_nodes[seat] |= 1 << a | 1 << b
        owner = self.node_owner
        reach = 0
        if owner[a] == -1 or owner[a] == seat:
            reach = geo.node_edge_mask[a]
        if owner[b] == -1 or owner[b] == seat:
            reach |= geo.node_edge_mask[b]
        return reach

    def _next_setup_step(self, events: list[Event]) -> None:
        self.before_setup_settlement = None
        n = self.seat_count
        while True:
            self.setup_step += 1
            if self.setup_step >= 2 * n:
                self.phase = ROLL_OR_CARD
                self.current = self.first
                self.turn_count = 1
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
        events.append(_event("turn", {"seat": self.current, "round": self.round}))

    def _do_city(self, seat: int, action: tuple) -> list[Event]:
        node = action[1]
        phase = self.phase
        cost = _ZERO
        undo = None
        if phase is PLAY1 or phase is SPECIAL_BUILDING:
            cost = PIECE_COST[CITY]
            if self.undo_enabled:
                undo = self._undo_snapshot(seat)
            self._pay(seat, cost)
        elif self.undo_point is not None:
            undo = self._requested_snapshot()
        self.node_level[node] = 2
        self._forget_payouts_at(node)
        pieces = self.pieces[seat]
        pieces[CITY] -= 1
        pieces[SETTLEMENT] += 1
        self.building_vp[seat] += 1
        self.city_built = True
        self.phase = SPECIAL_BUILDING if self.sb_after >= 0 else PLAY1
        self.build_request = -1
        if undo is not None:
            self.undo_point = (seat, "city", node, PIECE_COST[CITY], undo, self.action_count)
        return [_event("built", {"seat": seat, "piece": "city", "at": node, "cost": list(cost)})]

    def _do_build(self, seat: int, action: tuple) -> list[Event]:
        piece = action[1]
        cost = self.piece_costs[piece]
        if self.undo_enabled:  # the placement that follows may be undone back to here
            self.undo_point = (seat, None, None, cost, self._undo_snapshot(seat), self.action_count)
        self._pay(seat, cost)
        self.build_request = piece
        self.phase = self.placing_phases[piece]
        return [_event("build_requested", {"seat": seat, "piece": self.piece_names[piece], "cost": list(cost)})]

    def _do_cancel_build(self, seat: int, action: tuple) -> list[Event]:
        if self.phase is PLACING_FREE_ROAD1 or self.phase is PLACING_FREE_ROAD2:
            card_back = self.phase is PLACING_FREE_ROAD1  # no road placed: the card is not used up
            if card_back:
                self.dev_old[seat][ROAD_BUILDING] += 1
                self.dev_played = False
            self.free_roads = 0
            self.phase = PLAY1 if self.rolled else ROLL_OR_CARD
            return [_event("build_cancelled", {"seat": seat, "piece": "road", "refund": [0] * 5,
                                               "card_back": card_back})]
        piece = self.build_request
        self._receive(seat, self.piece_costs[piece])
        self.build_request = -1
        self.phase = SPECIAL_BUILDING if self.sb_after >= 0 else PLAY1
        return [_event("build_cancelled", {"seat": seat, "piece": self.piece_names[piece],
                                           "refund": list(self.piece_costs[piece])})]

    def _do_buy_dev(self, seat: int, action: tuple) -> list[Event]:
        self._pay(seat, COST_DEV)
        return self._draw_card(seat, "dev_bought", {"cost": list(COST_DEV)})

    def _draw_card(self, seat: int, kind_of_event: str, extra: dict[str, Any]) -> list[Event]:
        """`seat` draws a development card (playable next turn): the event telling it, with
        `extra` data, to the seat, and its twin without the card to everybody else."""
        deck = self.deck
        card = deck.pop(self.rng.below(len(deck))) if self.draw_at_random else deck.pop()
        kind = dev_type(card)
        self.dev_new[seat][kind] += 1
        if kind == VICTORY_POINT:
            self.vp_cards[seat].append(card)
        left = len(deck)
        return [_event(kind_of_event, {"seat": seat, "card": DEV_NAMES[kind], "card_id": card,
                                       "name": card_name(card), "deck_left": left, **extra}, _ONLY[seat]),
                _event(kind_of_event, {"seat": seat, "card": None, "card_id": None, "name": None,
                                       "deck_left": left, **extra}, _ALL_BUT[seat])]

    def _do_play_dev(self, seat: int, action: tuple) -> list[Event]:
        card = action[1]
        self.dev_old[seat][card] -= 1
        self.played[seat][card] += 1
        self.dev_played = True
        events = [_event("dev_played", {"seat": seat, "card": DEV_NAMES[card]})]
        if card == KNIGHT:
            self.knights[seat] += 1
            holder = self.largest_army
            if self.knights[seat] >= 3 and holder != seat and (holder < 0 or self.knights[seat] > self.knights[holder]):
                self.largest_army = seat
                events.append(_event("largest_army", {"seat": seat, "knights": list(self.knights)}))
            self.phase = self._bandit_phase()
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
        return [_event("year_of_plenty", {"seat": seat, "resources": gained})]

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
        return [_event("monopoly", {"seat": seat, "resource": r, "taken": taken, "total": total})]

    def _do_roll(self, seat: int, action: tuple) -> list[Event]:
        total, events = self._roll_dice(seat)
        if total != 7:
            self.phase = PLAY1
            events.append(self._produce(total))
            return events
        self._seven(events)
        return events

    def _roll_dice(self, seat: int) -> tuple[int, list[Event]]:
        """`seat` rolls (a scripted total or pair, else the generator; options N7, N7C roll a 7 again):
        the total, and the `rolled` event in a new list."""
        if self.dice_used < len(self.dice_script):
            scripted = self.dice_script[self.dice_used]
            self.dice_used += 1
            if scripted.__class__ is int:  # a total: the highest first die that makes it
                first = min(6, scripted - 1)
                dice, total = (first, scripted - first), scripted
            else:
                dice, total = scripted, scripted[0] + scripted[1]
        else:
            dice, total = _DICE[self.rng.below(36)]
            if self.roll_rules:  # options N7, N7C: a 7 is rolled again
                while total == 7 and (self.round < self.no_7s_rounds or (self.no_7s_until_city and not self.city_built)):
                    dice, total = _DICE[self.rng.below(36)]
        self.dice = dice
        self.rolled = True
        if self.special_building:
            self.offer_mark = self.action_count  # the moment `volunteers` offers its chance
        return total, [_event("rolled", {"seat": seat, "dice": list(dice), "total": total})]

    def _seven(self, events: list[Event]) -> None:
        """A 7: hands over the limit discard half, then the robber moves."""
        limit = self.discard_limit
        for s in range(self.seat_count):
            count = sum(self.hands[s])
            self.discards[s] = count // 2 if count > limit and s not in self.out else 0
        if any(self.discards):
            self.phase = WAITING_FOR_DISCARDS
            events.append(_event("discard_required", {"amounts": list(self.discards)}))
        else:
            self.phase = self._bandit_phase()

    def _produce(self, total: int) -> Event:
        hexes, rows, demand, credits, robbed = self._payouts[total] or self._payout_of(total)
        robber = self.robber
        if robber in hexes:  # the robbed hex pays nothing
            table = robbed.get(robber)
            if table is None:
                table = robbed[robber] = self._pay_table(total, robber)
            rows, demand, credits = table
        bank, hands = self.bank, self.hands
        gains = list(map(list, rows))
        shortage = []
        for r, wanted in demand:
            if wanted > bank[r]:
                shortage.append(r)
        if shortage:  # too few cards: nobody gets any, unless one player alone
            for r in shortage:
                takers = [s for s in range(self.seat_count) if gains[s][r]]
                for s in takers:
                    gains[s][r] = bank[r] if len(takers) == 1 else 0
            credits = [(s, r, gain[r]) for s, gain in enumerate(gains) for r in range(5) if gain[r]]
        for s, r, amount in credits:
            hands[s][r] += amount
            bank[r] -= amount
        return _event("produced", {"gains": gains, "shortage": shortage, "totals": list(map(sum, hands))})

    def _payout_of(self, total: int) -> tuple:
        """What a roll of `total` pays: (the hexes numbered `total`, then `_pay_table` with the
        robber elsewhere, then {robbed hex: `_pay_table`} filled as the robber visits them).
        Kept in `_payouts` until a building next to one of those hexes changes; copies of the
        state share it, as it depends only on the buildings they share."""
        entry = (tuple(h for h, _, _ in self.board.production[total]),) + self._pay_table(total, -1) + ({},)
        self._payouts = self._payouts[:total] + (entry,) + self._payouts[total + 1:]
        return entry

    def _pay_table(self, total: int, robber: int) -> tuple:
        """(gains per seat, (resource, total demand) for resources in demand, (seat, resource,
        amount) credits, one per building) of a roll of `total` with the robber on hex `robber`."""
        gains = [[0] * 5 for _ in range(self.seat_count)]
        wanted = [0] * 5
        credits = []
        owner, level = self.node_owner, self.node_level
        for h, r, nodes in self.board.production[total]:
            if h != robber:
                for node in nodes:
                    if owner[node] >= 0:
                        gains[owner[node]][r] += level[node]
                        wanted[r] += level[node]
                        credits.append((owner[node], r, level[node]))
        demand = tuple((r, wanted[r]) for r in range(5) if wanted[r])
        return tuple(map(tuple, gains)), demand, tuple(credits)

    def _forget_payouts_at(self, node: int) -> None:
        """A building at `node` changed: what rolls of its hexes' numbers pay must be counted again."""
        payouts = list(self._payouts)
        for h in self.geo.node_hexes[node]:
            payouts[self.board.numbers[h]] = None
        self._payouts = tuple(payouts)

    def _do_discard(self, seat: int, action: tuple) -> list[Event]:
        counts = action[1]
        self._pay(seat, counts)
        self.discards[seat] = 0
        count = sum(counts)
        events = [_event("discarded", {"seat": seat, "count": count, "resources": list(counts)}, _ONLY[seat]),
                  _event("discarded", {"seat": seat, "count": count, "resources": None}, _ALL_BUT[seat])]
        if not any(self.discards):
            self.phase = self._bandit_phase()
        return events

    def _do_robber(self, seat: int, action: tuple) -> list[Event]:
        hex_index = action[1]
        self.robber = hex_index
        events = [_event("robber_moved", {"seat": seat, "hex": hex_index})]
        self._rob_among(seat, self._victims_at(hex_index, seat), events)
        return events

    def _rob_among(self, thief: int, victims: list[int], events: list[Event]) -> None:
        """The thief robs its only victim, chooses among several, or robs nobody."""
        self.victims = tuple(victims)
        if len(victims) == 1:
            self._steal(thief, victims[0], events)
        elif victims:
            self.phase = WAITING_FOR_ROB_CHOOSE_PLAYER
            events.append(_event("choose_victim", {"seat": thief, "candidates": victims}))
        else:
            self.phase = PLAY1 if self.rolled else ROLL_OR_CARD

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
        events.append(_event("robbed", {"thief": thief, "victim": victim, "resource": resource},
                             _ONLY_PAIR[thief][victim]))
        events.append(_event("robbed", {"thief": thief, "victim": victim, "resource": None},
                             _ALL_BUT_PAIR[thief][victim]))

    def _do_bank_trade(self, seat: int, action: tuple) -> list[Event]:
        give, get = action[1], action[2]
        undo = self.last_bank_trade is not None and (give, get) == self.last_bank_trade[::-1]
        hand, bank = self.hands[seat], self.bank
        lot = SINGLE_LOTS.get(action)
        if lot is not None:  # one lot moves two piles
            given, amount, wanted = lot
            hand[given] -= amount
            bank[given] += amount
            hand[wanted] += 1
            bank[wanted] -= 1
        else:
            for r in range(5):
                change = get[r] - give[r]
                if change:
                    hand[r] += change
                    bank[r] -= change
        self.last_bank_trade = None if undo else (give, get)
        return [_event("bank_trade", {"seat": seat, "give": list(give), "get": list(get), "undo": undo})]

    def _do_offer(self, seat: int, action: tuple) -> list[Event]:
        give, get, to = action[1], action[2], action[3]
        self.offers[seat] = (give, get, to, frozenset())
        if seat != self.current:  # a counter-offer answers the current player's offer
            self._mark_responded(seat)
        else:
            turn, made = self.offered_in_turn
            self.offered_in_turn = (self.turn_count, made + 1 if turn == self.turn_count else 1)
        return [_event("offer", {"seat": seat, "give": list(give), "get": list(get), "to": list(to)})]

    def offers_this_turn(self) -> int:
        """Offers the player to move has made in this turn (the rules set no bound; a caller that
        must end, such as a learning environment, may)."""
        turn, made = self.offered_in_turn
        return made if turn == self.turn_count else 0

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
        return [_event("trade", {"offerer": offerer, "accepter": seat, "give": list(give), "get": list(get)}),
                _event("offers_cleared", {})]

    def _do_reject(self, seat: int, action: tuple) -> list[Event]:
        self._mark_responded(seat)
        return [_event("offer_rejected", {"seat": seat})]

    def _do_withdraw(self, seat: int, action: tuple) -> list[Event]:
        self.offers[seat] = None
        return [_event("offer_withdrawn", {"seat": seat})]

    def _do_end_turn(self, seat: int, action: tuple) -> list[Event]:
        events = []
        if self.offers.count(None) != self.seat_count:
            self.offers = [None] * self.seat_count
            events.append(_event("offers_cleared", {}))
        self._end_turn_of(seat, events)
        return events

    def _end_turn_of(self, seat: int, events: list[Event]) -> None:
        """`seat`'s turn ends; with the special building phase, see `special`."""
        if self.special_building:
            self._end_turn_with_special_building(seat, events)
            return
        old, new = self.dev_old[seat], self.dev_new[seat]
        if any(new):  # cards bought this turn become playable (as `_age_cards`, inline: every turn)
            for k in range(5):
                old[k] += new[k]
                new[k] = 0
        self.rolled = self.dev_played = False
        # `_next_turn`, inline: this runs every turn of every game
        self.phase = ROLL_OR_CARD
        nxt = (seat + 1) % self.seat_count
        if nxt == self.first:
            self.round += 1
        self.current = nxt
        while self.current in self.out:
            self.current = (self.current + 1) % self.seat_count
            if self.current == self.first:
                self.round += 1
        events.append(_event("turn", {"seat": self.current, "round": self.round}))

    def _age_cards(self, seat: int) -> None:
        old, new = self.dev_old[seat], self.dev_new[seat]
        if any(new):  # cards bought this turn become playable
            for k in range(5):
                old[k] += new[k]
                new[k] = 0

    def _next_turn(self, seat: int, events: list[Event]) -> None:
        """The normal turn of the seat after `seat` begins."""
        self.phase = ROLL_OR_CARD
        nxt = (seat + 1) % self.seat_count
        if nxt == self.first:
            self.round += 1
        self.current = nxt
        while self.current in self.out:
            self.current = (self.current + 1) % self.seat_count
            if self.current == self.first:
                self.round += 1
        self.turn_count += 1
        if self.special_building:
            self.sb_done = (False,) * self.seat_count
        events.append(_event("turn", {"seat": self.current, "round": self.round}))

    # -- longest road and largest army -------------------------------------------------------
    def _longest_road_of(self, seat: int) -> int:
        """Longest trail in the seat's roads that does not pass through an opponent's building.

        A longest trail can start at a node whose road degree is not 2 or that is blocked, or
        anywhere on a component that is a plain cycle; only those starts are searched."""
        own = self.road_edges[seat]
        if not own:
            return 0
        owner = self.node_owner
        edges = self.geo.edges
        degree: dict[int, int] = {}
        for e in bits(own):
            for x in edges[e]:
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
        a, b = self.geo.edges[edge]
        network = self.road_nodes[seat]
        a_in, b_in = network >> a & 1, network >> b & 1
        if a_in and b_in:  # joins two parts or closes a loop: search everything afterwards
            self.road_edges[seat] |= 1 << edge
            length = self._longest_road_of(seat)
            self.road_edges[seat] &= ~(1 << edge)
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
        node_links = self.geo.node_links
        best = 0
        stack = [(start, 0, 0)]
        while stack:
            node, used, length = stack.pop()
            if length > best:
                best = length
            if length and owner[node] != -1 and owner[node] != seat:
                continue
            for bit, other in node_links[node]:
                if own & bit and not used & bit:
                    stack.append((other, used | bit, length + 1))
        return best

    def _road_component_nodes(self, seat: int, starts: list[int]) -> set[int]:
        own = self.road_edges[seat]
        geo = self.geo
        seen = set(starts)
        todo = list(starts)
        while todo:
            node = todo.pop()
            for e in geo.node_edges[node]:
                if own >> e & 1:
                    a, b = geo.edges[e]
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
            events.append(_event("longest_road", {"seat": new, "lengths": list(lengths)}))

    # -- end of the game --------------------------------------------------------------------
    def _finish(self, winner: int, events: list[Event]) -> None:
        self.winner = winner
        self.phase = OVER
        self.is_over = True
        events.append(_event("game_over", {
            "winner": winner, "vp": [self.total_vp(s) for s in range(self.seat_count)],
            "vp_cards": {str(s): [card_name(c) for c in self.vp_cards[s]] for s in range(self.seat_count)}}))

    def forfeit(self, seat: int, cause: EndCause, reason: str = "") -> list[Event]:
        """The seat leaves: its pieces stay, its turns are skipped.  With one seat left, it wins."""
        if self.phase is OVER or seat in self.out:
            return []
        self._checked = None
        self.out[seat] = cause
        events = [_event("forfeit", {"seat": seat, "cause": cause.value, "reason": reason})]
        self.offers[seat] = None
        self.undo_point = None
        active = [s for s in range(self.seat_count) if s not in self.out]
        if len(active) == 1:
            self._finish(active[0], events)
            return events
        if self.discards[seat]:
            self.discards[seat] = 0
            if self.phase is WAITING_FOR_DISCARDS and not any(self.discards):
                self.phase = self._bandit_phase()
        if self.phase is WAITING_FOR_ROB_CHOOSE_PLAYER and seat in self.victims:
            self.victims = tuple(v for v in self.victims if v != seat)
            if len(self.victims) == 1:
                self._steal(self.current, self.victims[0], events)
        if seat == self.current:
            if self.build_request >= 0:
                self._receive(seat, self.piece_costs[self.build_request])
                self.build_request = -1
            self.free_roads = 0
            self.discards = [0] * self.seat_count
            self.victims = ()
            if self.phase in SETUP_PHASES:
                self._next_setup_step(events)
            elif self.sb_after >= 0:
                self._end_special_turn(seat, events)
            else:
                self._end_turn_of(seat, events)
        elif self.special_building and self.sb_asked[seat]:
            self.sb_asked = self.sb_asked[:seat] + (False,) + self.sb_asked[seat + 1:]
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

    def copy(self) -> "CatanState":
        return self._with_own_cards(self._copy_public(CatanState))

    def _with_own_cards(self, twin: "CatanState") -> "CatanState":
        """`twin` (a public copy of this game) with its own cards, deck and generator."""
        d = twin.__dict__
        for name in self.hidden_rows:
            d[name] = list(map(list.copy, d[name]))
        d["deck"] = self.deck[:]
        d["rng"] = self.rng.copy()
        return twin

    def observation(self, seat: int) -> "CatanObservation":
        """A copy for a bot playing `seat`: opponents' hands and development cards and the deck
        are re-dealt (lazily, see `views`) from what `seat` cannot tell apart, keeping every
        public count, and the generator is a fresh one.  So it depends only on what `seat`
        may know."""
        obs = self._copy_public(CatanObservation)
        obs._observe(self, seat)
        return obs

    def observation_key(self) -> int:
        """What observations deal their hidden cards from: derived one way (SHA-256) from the
        seed, so a bot can read it without learning the seed.  Computed once per game."""
        key = self.__dict__.get("_obs_key")
        if key is None:
            key = self._obs_key = derive_seed(self.seed, "observation")
        return key

    def _copy_public(self, cls: type) -> Any:
        """A `cls` twin with its own copy of every list that actions change, except the cards
        (`HIDDEN_ROWS` and the deck), which it shares, and the generator: the caller sees to
        those.  The board and the other immutable parts are shared."""
        twin = object.__new__(cls)
        d = twin.__dict__
        d.update(self.__dict__)
        d["_checked"] = None  # a check of the game as it is, not of a twin that may differ
        for name in self.public_lists:
            d[name] = d[name][:]
        for name in self.public_rows:
            d[name] = list(map(list.copy, d[name]))
        d["out"] = dict(self.out)
        return twin


class CatanObservation(SeatObservation, CatanState):
    """A game as one seat may know it: see `views.SeatObservation`."""


_ZERO = (0, 0, 0, 0, 0)
_NO_PAYOUTS = (None,) * 13
_DICE = tuple(((1 + pair // 6, 1 + pair % 6), 2 + pair // 6 + pair % 6) for pair in range(36))
"""_DICE[a draw below 36]: the two dice and their total"""


Rule = tuple
"""How the engine takes one kind of action, as the tuple ``(size, arguments_ok, phases, check,
apply, scoring)``: the action's length, a test of its arguments' types (None: it has none), the
phases in which the player to move may take it (None: its check says who may), the check that
raises IllegalAction (None: nothing more to check), the function that changes the state and
returns the events, and whether the player to move may have won by it.  (A plain tuple: `_check`
unpacks one for every action.)"""


def rule(kind: str, check: Callable | None, apply: Callable, scoring: bool = False) -> Rule:
    """The `Rule` of `kind`: its size and argument test from `actions.SHAPES`, its phases from
    `legality.TURN_PHASES`."""
    shape = A.SHAPES[kind]
    return len(shape) + 1, ARGUMENT_TESTS[shape], TURN_PHASES.get(kind), check, apply, scoring


S = CatanState
RULES: dict[str, Rule] = {
    "settlement": rule("settlement", S._check_settlement, S._do_settlement, scoring=True),
    "road": rule("road", S._check_road, S._do_road, scoring=True),
    "city": rule("city", S._check_city, S._do_city, scoring=True),
    "build": rule("build", S._check_build, S._do_build),
    "cancel_build": rule("cancel_build", None, S._do_cancel_build),
    "undo_build": rule("undo_build", S._check_undo_build, S._do_undo_build),
    "buy_dev": rule("buy_dev", S._check_buy_dev, S._do_buy_dev, scoring=True),
    "play_dev": rule("play_dev", S._check_play_dev, S._do_play_dev, scoring=True),
    "pick_resources": rule("pick_resources", S._check_pick_resources, S._do_pick_resources),
    "monopoly": rule("monopoly", S._check_monopoly, S._do_monopoly),
    "roll": rule("roll", None, S._do_roll),
    "discard": rule("discard", S._check_discard, S._do_discard),
    "robber": rule("robber", S._check_robber, S._do_robber, scoring=True),
    "rob": rule("rob", S._check_rob, S._do_rob, scoring=True),
    "bank_trade": rule("bank_trade", S._check_bank_trade, S._do_bank_trade),
    "offer": rule("offer", S._check_offer, S._do_offer),
    "accept": rule("accept", S._check_accept, S._do_accept),
    "reject": rule("reject", S._check_reject, S._do_reject),
    "withdraw": rule("withdraw", S._check_withdraw, S._do_withdraw),
    "end_turn": rule("end_turn", None, S._do_end_turn, scoring=True),
    "ask_special_build": rule("ask_special_build", S._check_ask_special_build, S._do_ask_special_build),
    "force_end_turn": rule("force_end_turn", None, S._do_force_end_turn, scoring=True),
}
"""Every action kind of the classic engine and how it is taken (`CatanState.rule_table`)."""
CatanState.rule_table = RULES
del S

"""The sea board's rules engine: `SeaState`, the classic engine (`rules.CatanState`) on a sea
layout, with ships, the pirate, gold hexes, land areas and JSettlers 2.7.00's scenarios.

It keeps the classic engine's representation and code where the rules agree, with these
invariants over its own fields (see `fields.SeaFields`): `blocked` also holds every node where
no settlement may stand now (outside the legal or, during initial placement, the starting land
areas); `reach[seat]` only edges a road may take (land on a side); `road_nodes[seat]` the nodes
touched by the seat's roads and ships (settlements may end a ship route); `ship_reach[seat]`
the sea edges touching its ship routes and buildings; `ship_tips[seat]` its ships at an open end
of their route (`_open_end`), kept where ships come and go and buildings are placed;
`route_trail[seat]`, when not 0, the edges of one trail as long as its route (see `routes`).  The scenario rules are in
`scenario_rules.ScenarioRules`.

Sea rules as played here (JSettlers' facts, `shared/notes/jsettlers-sea-scenarios.md`):

* A ship (1 sheep, 1 wood; 15 each) goes on an edge with water (or fog) on a side, touching
  the player's settlement or city or continuing its ship route; a road needs land (or fog) on a
  side and continues roads.  A ship never joins a road except through the player's own
  building.  No ship is placed on, moved onto or away from an edge of the pirate's hex.
* Initial placement puts a road or a ship beside each settlement, only in the starting land
  area (any legal area when it is 0).  Road Building places two roads or ships in any mix.
* Moving a ship (``move_ship``): once per turn, after the roll (PLAY1), a ship not placed in
  this turn at the open end of its route (no building at that end and no other of the
  player's ships continuing past it) to any edge a new ship could take without it.
* The longest trade route counts roads and ships together; a road and a ship join only at the
  player's own settlement or city.  Same award as the longest road (none with _SC_0RVP).
* A 7 or a knight lets the player move the robber (land) or the pirate (water) when both may
  move: WAITING_FOR_ROBBER_OR_PIRATE, then ``("bandit", 0)`` robber or ``("bandit", 1)``
  pirate.  The pirate robs a player with a ship on one of its hex's edges.
* A gold hex pays a free pick of any resource per settlement (2 per city):
  WAITING_FOR_PICK_GOLD_RESOURCE, every seat owing picks answers ``("pick_free", counts)``.
* 5-6 players use the 6-player layout and the special building phase, ships included.
* The bank never runs short (`JSETTLERS_BANK`): JSettlers keeps no count of it.

Events beyond the classic ones (private ones twice, as in `rules`): ``built`` with piece
"ship"; ``ship_moved`` {seat, from, to}; ``bandit_chosen`` {seat, pirate}; ``pirate_moved``
{seat, hex}; ``picks_required`` {picks[per seat], reason}; ``picked`` {seat, resources, reason};
and the scenarios' (see `scenario_rules`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from tablehall.core import Event, IllegalAction, OptionError

from ..constants import (COST_SHIP, DESERT, KNIGHT, PIECE_COST, PLACING_CITY, PLACING_FREE_ROAD1, PLACING_FREE_ROAD2,
                         PLACING_ROAD, PLACING_ROBBER, PLACING_SETTLEMENT, PLAY1, ROAD, ROAD_BUILDING, ROLL_OR_CARD,
                         SETTLEMENT, SHEEP, SHIP, SPECIAL_BUILDING, START1A, START1B, START2A, START2B,
                         WAITING_FOR_DISCARDS, WAITING_FOR_ROB_CHOOSE_PLAYER, WOOD)
from ..events import event
from ..geometry import MAX_PLACES, bits
from ..legality import TURN_PHASES, WAITING, covers
from ..rules import RULES, SETUP_PHASES, CatanObservation, CatanState, rule
from ..views import HIDDEN
from .board import GOLD, SeaBoard, board_from_text, deal, layout_for
from .fields import SEA_HIDDEN_ROWS, SEA_PUBLIC_LISTS, SEA_PUBLIC_ROWS, SeaPhase
from .routes import TradeRoutes
from .scenario_rules import ScenarioRules
from .scenarios import SCENARIOS

SEA_PIECE_COST = PIECE_COST + (COST_SHIP,)  # ships are the fourth count of a sea game's `pieces` rows
SEA_PIECE_NAMES = ("road", "settlement", "city", "ship")

(START3A, START3B, STARTS_PICKING, PLACING_PIRATE, PLACING_SHIP, PLACING_INV_ITEM, ROBBER_OR_PIRATE,
 CLOTH_OR_RESOURCE, PICKING) = SeaPhase
SEA_SETUP_PHASES = SETUP_PHASES + (START3A, START3B, STARTS_PICKING)
SETTLEMENT_ROUNDS = (START1A, START2A, START3A)
ROUTE_ROUNDS = (START1B, START2B, START3B)
ROBBER, PIRATE = 0, 1  # ("bandit", which)
SEVEN_AFTER_PICKS = "seven"  # `picks_resume`: the 7's discards and robbery follow the picks
#: JSettlers keeps no bank, so its resources never run short (its recorded sea games pay out more
#: of a resource than the 19 or 24 cards a game has); a bank no game can empty plays that
JSETTLERS_BANK = 10_000
_ZERO = (0, 0, 0, 0, 0)
_SHIP_AT = tuple(("ship", e) for e in range(MAX_PLACES))


class SeaState(ScenarioRules, TradeRoutes, CatanState):
    """One game on a sea board (see the module docstring); attributes in `fields.SeaFields`."""

    piece_costs = SEA_PIECE_COST
    piece_names = SEA_PIECE_NAMES
    placing_phases = (PLACING_ROAD, PLACING_SETTLEMENT, PLACING_CITY, PLACING_SHIP)
    public_lists = SEA_PUBLIC_LISTS
    public_rows = SEA_PUBLIC_ROWS
    hidden_rows = SEA_HIDDEN_ROWS

    def __init__(self, seats: int, options: dict[str, Any], seed: int) -> None:
        key = options.get("scenario", "")
        if key not in SCENARIOS:
            raise OptionError(f"unknown scenario {key!r}")
        self.scenario = SCENARIOS[key]
        if options.get("undo_builds", False):
            raise OptionError("undo_builds is not played on the sea board")
        super().__init__(seats, options, seed)
        self.per_resource = JSETTLERS_BANK
        self.bank = [JSETTLERS_BANK] * 5
        n, geo, layout = seats, self.geo, self.layout
        self.pirate = self.board.pirate_start
        self.ships = [0] * n
        self.ship_reach = [0] * n
        self.ship_tips = [0] * n
        self.route_trail = [0] * n
        self.ship_order = [[] for _ in range(n)]
        self.built_ships = 0
        self.ship_moved = False
        for row in self.pieces:
            row.append(15)
        self.legal_nodes = layout.legal_nodes | sum(1 << x for x in layout.lone_settlements)
        self.blocked = geo.all_nodes_mask & ~layout.start_nodes
        self.picks = [0] * n
        self.pick_reason = ""
        self.picks_resume = None
        self.cloth_victim = -1
        self.robbing_with_pirate = False
        self.svp = [0] * n
        self.svp_areas = [0] * n
        self.start_areas = [0] * n
        self.player_events = [0] * n
        self._init_scenario(n)

    def _deal_board(self, options: dict[str, Any], six_board: bool) -> SeaBoard:
        if options["layout"] != "random":
            raise OptionError("sea boards are dealt at random on their scenario's layout, or given")
        self.layout = layout_for(self.scenario.key, six_board)
        if options["board"]:  # a board dealt before (a recorded game played again)
            board, self.fog = board_from_text(options["board"], self.layout)
        else:
            board, self.fog = deal(self.layout, self.rng, options["no_adjacent_6_8"])
        return board

    def start_events(self) -> list[Event]:
        b = self.board
        data = {"terrain": list(b.terrain), "numbers": list(b.numbers),
                "harbors": [[e, k, b.harbor_facing[e]] for e, k in b.harbors], "robber": self.robber,
                "pirate": self.pirate, "first": self.first, "layout": self.layout.name,
                "scenario": self.scenario.key, "legal_nodes": bits(self.legal_nodes),
                "start_nodes": bits(self.layout.start_nodes)}
        data.update(self._scenario_start())
        return [event("board", data)]

    @property
    def jsettlers_state(self) -> int:
        return int(self.phase)

    # -- who acts -----------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase is PICKING or phase is STARTS_PICKING:
            return tuple(s for s in range(self.seat_count) if self.picks[s])
        return CatanState.to_act(self)

    # -- scoring ------------------------------------------------------------------------------
    def public_vp(self, seat: int) -> int:
        return super().public_vp(seat) + self.svp[seat] + self.cloth[seat] // 2

    def total_vp(self, seat: int) -> int:
        return super().total_vp(seat) + self.svp[seat] + self.cloth[seat] // 2

    def _wins(self, seat: int) -> bool:
        return self._wonder_complete(seat) or super()._wins(seat)

    def _may_win(self, seat: int) -> bool:
        if self.phase in SEA_SETUP_PHASES:
            return False
        return self._scenario_allows_win(seat)

    # -- initial placement ----------------------------------------------------------------------
    def _next_setup_step(self, events: list[Event]) -> None:
        self.before_setup_settlement = None
        n = self.seat_count
        rounds = 3 if self.scenario.third_settlement else 2
        while True:
            self.setup_step += 1
            if self.setup_step >= rounds * n:
                self._end_initial_placement(events)
                return
            round_, offset = divmod(self.setup_step, n)
            self.current = (self.first + (offset if round_ % 2 == 0 else n - 1 - offset)) % n
            self.phase = SETTLEMENT_ROUNDS[round_]
            if self.current not in self.out:
                return

    def _end_initial_placement(self, events: list[Event]) -> None:
        self.built_ships = 0
        self._open_legal_nodes()
        self.blocked = self.geo.all_nodes_mask & ~self.legal_nodes
        for node, owner in enumerate(self.node_owner):
            if owner >= 0:
                self.blocked |= self.geo.node_closed_mask[node]
        self.phase = ROLL_OR_CARD
        self.current = self.first
        self.turn_count = 1
        self._skip_out_seats(events)

    # -- building -------------------------------------------------------------------------------
    def _paid(self, seat: int, piece: int) -> tuple[int, ...]:
        """What placing `piece` costs now (nothing in initial placement, for free roads or after
        a build request), paid."""
        phase = self.phase
        if phase is PLAY1 or phase is SPECIAL_BUILDING:
            cost = SEA_PIECE_COST[piece]
            self._pay(seat, cost)
            return cost
        return _ZERO

    def _do_settlement(self, seat: int, action: tuple) -> list[Event]:
        node = action[1]
        phase = self.phase
        cost = self._paid(seat, SETTLEMENT)
        if phase in SETTLEMENT_ROUNDS:
            self._keep_before_setup_settlement()
        self._place_settlement(seat, node)
        events = [event("built", {"seat": seat, "piece": "settlement", "at": node, "cost": list(cost)})]
        if phase in SETTLEMENT_ROUNDS:
            self.last_settlement = node
            self.start_areas[seat] |= 1 << self.layout.node_area[node]
            self._reveal_fog_at_nodes(seat, (node,), events)
            if phase is (START3A if self.scenario.third_settlement else START2A):
                self._setup_resources(seat, node, events)
            self.phase = ROUTE_ROUNDS[SETTLEMENT_ROUNDS.index(phase)]
            self._ask_picks(self.phase, events, setup=True)
            return events
        self.phase = SPECIAL_BUILDING if self.sb_after >= 0 else PLAY1
        self.build_request = -1
        self._after_settlement_breaks(seat, node, events)
        at_node = self.geo.node_edge_mask[node]
        if self.road_edges[seat] & at_node and self.ships[seat] & at_node:  # they join only here
            self._route_changed(seat, events)
        self._settled_area(seat, node, events)
        return events

    def _place_settlement(self, seat: int, node: int) -> None:
        super()._place_settlement(seat, node)
        board = self.board
        self.reach[seat] &= board.road_edges
        self.ship_reach[seat] |= self.geo.node_edge_mask[node] & board.ship_edges
        at_node = self.geo.node_edge_mask[node]
        for s, ships in enumerate(self.ships):  # a building closes the routes ending here
            if ships & at_node:
                self._retip(s, (node,))
            if s != seat and self.route_trail[s] & at_node:
                self.route_trail[s] = 0  # it may cut the trail kept as the longest

    def _setup_resources(self, seat: int, node: int, events: list[Event]) -> None:
        gained = [0] * 5
        for h in self.geo.node_hexes[node]:
            r = self.board.terrain[h]
            if r < DESERT and self.bank[r] > gained[r]:
                gained[r] += 1
            elif r == GOLD:
                self._owe_pick(seat, 1, "gold")
        self._receive(seat, gained)
        events.append(event("setup_resources", {"seat": seat, "gained": gained}))

    def _do_road(self, seat: int, action: tuple) -> list[Event]:
        return self._build_route_piece(seat, action[1], ROAD)

    def _do_ship(self, seat: int, action: tuple) -> list[Event]:
        return self._build_route_piece(seat, action[1], SHIP)

    def _build_route_piece(self, seat: int, edge: int, piece: int) -> list[Event]:
        """A road or ship placed (paid for in PLAY1 and special building): fog it lifts, the
        route, what a ship reaches, then the next phase."""
        phase = self.phase
        cost = self._paid(seat, piece)
        if piece == SHIP:
            self._place_ship(seat, edge)
        else:
            self._place_road(seat, edge)
        events = [event("built", {"seat": seat, "piece": SEA_PIECE_NAMES[piece], "at": edge, "cost": list(cost)})]
        self._reveal_fog_at_nodes(seat, self.geo.edges[edge], events)
        self._route_changed(seat, events, edge)
        if piece == SHIP:
            self._ship_arrived(seat, edge, events)
        if not self.is_over:  # a village emptied may have ended the game
            self._after_route_piece(seat, phase, events)
        return events

    def _place_road(self, seat: int, edge: int) -> None:
        super()._place_road(seat, edge)
        self.reach[seat] &= self.board.road_edges

    def _place_ship(self, seat: int, edge: int) -> None:
        bit = 1 << edge
        self.ships[seat] |= bit
        self.built_ships |= bit
        self.ship_order[seat].append(edge)
        self.ship_reach[seat] |= self._lay(seat, edge, SHIP) & self.board.ship_edges
        self._retip(seat, self.geo.edges[edge])

    def _remove_ship(self, seat: int, edge: int) -> None:
        """`seat`'s ship leaves `edge` (lost to a fortress): back to the supply."""
        self.edge_owner[edge] = -1
        self.pieces[seat][SHIP] += 1
        bit = 1 << edge
        self.occupied_edges &= ~bit
        self.ships[seat] &= ~bit
        self.ship_tips[seat] &= ~bit
        self.ship_order[seat].remove(edge)
        self._retip(seat, self.geo.edges[edge])
        self._rebuild_reach(seat)

    def _after_route_piece(self, seat: int, phase, events: list[Event]) -> None:
        """The phase after a road or ship was placed in `phase`."""
        if phase in ROUTE_ROUNDS:
            if not self._ask_picks(None, events, setup=True):
                self._next_setup_step(events)
            return
        if phase is PLACING_FREE_ROAD1 or phase is PLACING_FREE_ROAD2:
            self._next_free_road(seat)
        else:
            self.phase = SPECIAL_BUILDING if self.sb_after >= 0 else PLAY1
            self.build_request = -1
        self._ask_picks(self.phase, events)
        self._offer_gift_harbor(seat, events)

    def _free_road_fits(self, seat: int) -> bool:  # Road Building: roads or ships
        return bool(self._road_spots_mask(seat) or self._ship_spots_mask(seat))

    def _do_move_ship(self, seat: int, action: tuple) -> list[Event]:
        source, target = action[1], action[2]
        self._lift_ship(seat, source)
        self._place_ship(seat, target)
        self.built_ships &= ~(1 << target)
        order = self.ship_order[seat]
        order[order.index(source)] = order.pop()  # the same ship: warships stay warships
        self.ship_moved = True
        events = [event("ship_moved", {"seat": seat, "from": source, "to": target})]
        self._reveal_fog_at_nodes(seat, self.geo.edges[target], events)
        self._route_after_move(seat, source, target, events)
        self._ship_arrived(seat, target, events)
        if not self.is_over:
            self._ask_picks(self.phase, events)
            self._offer_gift_harbor(seat, events)
        return events

    # -- reaches and routes -----------------------------------------------------------------------
    def _rebuild_reach(self, seat: int) -> None:
        """`seat`'s road and ship reaches and route nodes, from its pieces (after a piece left or
        an opponent's settlement cut a route)."""
        geo, owner = self.geo, self.node_owner
        node_edge_mask = geo.node_edge_mask
        road_reach = ship_reach = nodes = 0
        for mask, is_ship in ((self.road_edges[seat], False), (self.ships[seat], True)):
            for e in bits(mask):
                for x in geo.edges[e]:
                    nodes |= 1 << x
                    if owner[x] == -1 or owner[x] == seat:
                        if is_ship:
                            ship_reach |= node_edge_mask[x]
                        else:
                            road_reach |= node_edge_mask[x]
        for n, o in enumerate(owner):
            if o == seat:
                road_reach |= node_edge_mask[n]
                ship_reach |= node_edge_mask[n]
        self.reach[seat] = road_reach & self.board.road_edges
        self.ship_reach[seat] = ship_reach & self.board.ship_edges
        self.road_nodes[seat] = nodes

    def _road_spots_mask(self, seat: int) -> int:
        if self.pieces[seat][ROAD] == 0:
            return 0
        if self.phase in ROUTE_ROUNDS:
            return self.geo.node_edge_mask[self.last_settlement] & self.board.road_edges & ~self.occupied_edges
        return self.reach[seat] & ~self.occupied_edges

    def _ship_spots_mask(self, seat: int) -> int:
        if self.pieces[seat][SHIP] == 0:
            return 0
        if self.phase in ROUTE_ROUNDS:
            mask = self.geo.node_edge_mask[self.last_settlement] & self.board.ship_edges
        else:
            mask = self._ship_frontier(seat)
        return mask & self._open_water(seat)

    def _ship_frontier(self, seat: int) -> int:
        """The edges a new ship of `seat` may touch: its ship reach, or (Pirate Islands, where
        routes never branch) the far end of its newest ship.  A route that has run into a dead
        end of its lane may go on from any of its ships (tablehall's way out: JSettlers' robots
        never got there, and a player without a way to its fortress could never win)."""
        order = self.ship_order[seat]
        if not self.scenario.fortresses or not order:
            return self.ship_reach[seat]
        geo = self.geo
        a, b = geo.edges[order[-1]]
        behind = geo.edges[order[-2]] if len(order) > 1 else ()
        tip = b if a in behind or (not behind and self.node_owner[a] == seat) else a
        ahead = geo.node_edge_mask[tip] & self.board.ship_edges
        if ahead & ~self.occupied_edges & self._sea_lane(seat):
            return ahead
        return self.ship_reach[seat]

    def _open_water(self, seat: int) -> int:
        """The free edges `seat`'s ships may take where they touch its route: off the pirate's
        hex and on its lane."""
        return ~self.occupied_edges & ~self._pirate_edges() & self._sea_lane(seat)

    def _pirate_edges(self) -> int:
        return self.geo.hex_edge_mask[self.pirate] if self.pirate >= 0 else 0

    def _sea_lane(self, seat: int) -> int:
        """The edges `seat`'s ships may take at all (Pirate Islands: its own lane)."""
        lanes = self.layout.sea_edges
        return lanes[seat] if self.scenario.fortresses and seat < len(lanes) else self.geo.all_edges_mask

    def _movable_ships(self, seat: int) -> list[int]:
        """Ships `seat` may move: not placed this turn, off the pirate's edges, at an open end."""
        if self.ship_moved:
            return []
        return bits(self.ship_tips[seat] & ~self.built_ships & ~self._pirate_edges())

    def _retip(self, seat: int, nodes) -> None:
        """Whether each of `seat`'s ships at `nodes` is at an open end (`_open_end`), again (a
        piece came or went there)."""
        ships, tips = self.ships[seat], self.ship_tips[seat]
        owner, node_edge_mask, node_links, villages = (self.node_owner, self.geo.node_edge_mask, self.geo.node_links,
                                                       self.village_cloth)
        for x in nodes:
            for bit, other in node_links[x]:
                if ships & bit:
                    others = ships ^ bit
                    if (owner[x] == -1 and not others & node_edge_mask[x] and x not in villages
                            or owner[other] == -1 and not others & node_edge_mask[other] and other not in villages):
                        tips |= bit
                    else:
                        tips &= ~bit
        self.ship_tips[seat] = tips

    def _open_end(self, seat: int, edge: int) -> int:
        """The end of `seat`'s ship at `edge` where its route stops short (no building, no other
        of its ships going on; a village closes a route too), or -1."""
        owner, node_edge_mask = self.node_owner, self.geo.node_edge_mask
        others = self.ships[seat] & ~(1 << edge)
        for x in self.geo.edges[edge]:
            if owner[x] == -1 and not others & node_edge_mask[x] and x not in self.village_cloth:
                return x
        return -1

    def _ship_targets(self, seat: int, source: int) -> int:
        """Edges `seat`'s ship at `source` may move to: where a new ship could go without it."""
        return self._ship_reach_without(seat, source) & self._open_water(seat)

    def _ship_reach_without(self, seat: int, source: int) -> int:
        """`seat`'s ship reach were its (movable) ship at `source` gone.  Only the edges at the
        ship's ends can leave it: those whose other end no longer touches the seat's buildings
        or other ships."""
        geo, owner = self.geo, self.node_owner
        node_edge_mask, node_links = geo.node_edge_mask, geo.node_links
        others = self.ships[seat] & ~(1 << source)
        reach = self.ship_reach[seat]
        for x in geo.edges[source]:
            if owner[x] == seat or owner[x] == -1 and others & node_edge_mask[x]:
                continue  # still a way on for the seat's ships
            for bit, other in node_links[x]:
                if not (owner[other] == seat or owner[other] == -1 and others & node_edge_mask[other]):
                    reach &= ~bit
        return reach

    def _lift_ship(self, seat: int, source: int) -> None:
        """`seat`'s movable ship leaves `source` (to be placed elsewhere at once)."""
        self.ship_reach[seat] = self._ship_reach_without(seat, source)
        self.edge_owner[source] = -1
        self.pieces[seat][SHIP] += 1
        bit = 1 << source
        self.occupied_edges &= ~bit
        self.ships[seat] &= ~bit
        self.ship_tips[seat] &= ~bit
        self._retip(seat, self.geo.edges[source])
        own = self.ships[seat] | self.road_edges[seat]
        for x in self.geo.edges[source]:
            if not own & self.geo.node_edge_mask[x]:
                self.road_nodes[seat] &= ~(1 << x)

    # -- the robber, the pirate and the 7 -------------------------------------------------------------
    def _bandit_phase(self):
        if self.scenario.fortresses:  # no robber: a 7 robs any player, or nobody
            seat = self.current
            self.victims = tuple(s for s in range(self.seat_count)
                                 if s != seat and s not in self.out and sum(self.hands[s])) + (-1,)
            return WAITING_FOR_ROB_CHOOSE_PLAYER
        robber = bool(self._robber_moves())
        pirate = self._pirate_may_move(self.current)
        if robber and pirate:
            return ROBBER_OR_PIRATE
        return PLACING_PIRATE if pirate else PLACING_ROBBER

    def _robber_moves(self) -> tuple[tuple, ...]:
        return robber_moves_among(self.board.robber_hexes, self.robber_barred, self.robber)

    def _pirate_may_move(self, seat: int) -> bool:
        if not self.scenario.pirate_ship or not self.board.pirate_hexes:
            return False
        return not self.scenario.cloth or bool(self.player_events[seat] & 0x04)

    def _do_bandit(self, seat: int, action: tuple) -> list[Event]:
        self.phase = PLACING_PIRATE if action[1] == PIRATE else PLACING_ROBBER
        return [event("bandit_chosen", {"seat": seat, "pirate": action[1] == PIRATE})]

    def _do_robber(self, seat: int, action: tuple) -> list[Event]:
        self.robbing_with_pirate = False
        return super()._do_robber(seat, action)

    def _do_pirate(self, seat: int, action: tuple) -> list[Event]:
        hex_index = action[1]
        self.pirate = hex_index
        self.robbing_with_pirate = True
        events = [event("pirate_moved", {"seat": seat, "hex": hex_index})]
        self._rob_among(seat, self._pirate_victims(hex_index, seat), events)
        return events

    def _pirate_victims(self, hex_index: int, thief: int) -> list[int]:
        """Seats with a ship on an edge of `hex_index` and something to steal, in seat order."""
        edges = self.geo.hex_edge_mask[hex_index]
        return [s for s in range(self.seat_count) if s != thief and s not in self.out and self.ships[s] & edges
                and (sum(self.hands[s]) or (self.scenario.cloth and self.cloth[s]))]

    def _do_rob(self, seat: int, action: tuple) -> list[Event]:
        if action[1] == -1:  # Pirate Islands: the roller robs nobody
            self.victims = ()
            self.phase = PLAY1 if self.rolled else ROLL_OR_CARD
            return [event("robbed_nobody", {"seat": seat})]
        return super()._do_rob(seat, action)

    def _steal(self, thief: int, victim: int, events: list[Event]) -> None:
        if self.robbing_with_pirate and self.scenario.cloth and self.cloth[victim]:
            if sum(self.hands[victim]):
                self.cloth_victim = victim
                self.victims = ()
                self.phase = CLOTH_OR_RESOURCE
                events.append(event("choose_cloth", {"seat": thief, "victim": victim}))
                return
            self._steal_cloth(thief, victim, events)
            return
        super()._steal(thief, victim, events)

    def _do_rob_cloth(self, seat: int, action: tuple) -> list[Event]:
        victim, self.cloth_victim = self.cloth_victim, -1
        events: list[Event] = []
        if action[1]:
            self._steal_cloth(seat, victim, events)
        else:
            CatanState._steal(self, seat, victim, events)
        return events

    # -- rolling and producing ----------------------------------------------------------------------
    def _do_roll(self, seat: int, action: tuple) -> list[Event]:
        total, events = self._roll_dice(seat)
        if self.fleet_step >= 0:
            self._move_fleet(min(self.dice), events)
        if total != 7:
            events.append(self._produce(total))
            if self.village_cloth:
                self._village_cloth(total, events)
                if self.is_over:
                    return events
            self.phase = PLAY1
            if any(self.picks):
                self._ask_picks(PLAY1, events)
            return events
        if any(self.picks):  # a fleet fight won: the pick comes before the 7's discards (as recorded)
            self._ask_picks(SEVEN_AFTER_PICKS, events)
            return events
        self._seven(events)
        return events

    def _produce(self, total: int) -> Event:
        produced = super()._produce(total)
        gold = [0] * self.seat_count
        produced.data["gold"] = gold
        gold_hexes = self.board.gold_production[total]
        if not gold_hexes:
            return produced
        owner, level = self.node_owner, self.node_level
        for h, nodes in gold_hexes:
            if h != self.robber:
                for node in nodes:
                    if owner[node] >= 0:
                        gold[owner[node]] += level[node]
        for s, count in enumerate(gold):
            if count:
                self._owe_pick(s, count, "gold")
        return produced

    # -- free picks ------------------------------------------------------------------------------------
    def _owe_pick(self, seat: int, count: int, reason: str) -> None:
        self.picks[seat] += count
        self.pick_reason = reason

    def _ask_picks(self, resume, events: list[Event], setup: bool = False) -> bool:
        """If picks are owed, ask for them (then `resume`: a phase, or None for the next initial
        placement); True if asked."""
        if not any(self.picks):
            return False
        self.picks_resume = resume
        self.phase = STARTS_PICKING if setup else PICKING
        events.append(event("picks_required", {"picks": list(self.picks), "reason": self.pick_reason}))
        return True

    def _do_pick_free(self, seat: int, action: tuple) -> list[Event]:
        counts = action[1]
        self._receive(seat, counts)
        self.picks[seat] = 0
        events = [event("picked", {"seat": seat, "resources": list(counts), "reason": self.pick_reason})]
        if not any(self.picks):
            self._end_picks(events)
        return events

    def _end_picks(self, events: list[Event]) -> None:
        resume, self.picks_resume = self.picks_resume, None
        if resume is None:
            self._next_setup_step(events)
        elif resume == SEVEN_AFTER_PICKS:
            self._seven(events)
        else:
            self.phase = resume

    # -- cards --------------------------------------------------------------------------------------
    def _do_play_dev(self, seat: int, action: tuple) -> list[Event]:
        card = action[1]
        if card == KNIGHT and self.scenario.fortresses:
            return self._play_warship(seat)
        events = super()._do_play_dev(seat, action)
        if card == ROAD_BUILDING:
            self.free_roads = min(2, self.pieces[seat][ROAD] + self.pieces[seat][SHIP])
            self.phase = PLACING_FREE_ROAD1 if self.free_roads == 2 else PLACING_FREE_ROAD2
        return events

    def _dev_plays(self, seat: int, cards: list[int]) -> list[tuple]:
        out = super()._dev_plays(seat, cards)
        road_building = ("play_dev", ROAD_BUILDING)
        if cards[ROAD_BUILDING] and road_building not in out and self._ship_spots_mask(seat):
            out.append(road_building)
            out.sort(key=lambda a: a[1])
        if cards[KNIGHT] and self.scenario.fortresses and ("play_dev", KNIGHT) in out \
                and self.warships[seat] >= len(self.ship_order[seat]):
            out.remove(("play_dev", KNIGHT))  # no plain ship left to make a warship of
        return out

    # -- turns ------------------------------------------------------------------------------------------
    def _end_turn_of(self, seat: int, events: list[Event]) -> None:
        self.built_ships = 0
        self.ship_moved = False
        super()._end_turn_of(seat, events)

    def forfeit(self, seat: int, cause, reason: str = "") -> list[Event]:
        if self.is_over or seat in self.out:
            return []
        picking = self.phase is PICKING or self.phase is STARTS_PICKING
        if seat == self.current:
            self.cloth_victim = -1
            self.placing_harbor = -1
            if picking:
                self.picks = [0] * self.seat_count
                self.phase = SETTLEMENT_ROUNDS[0] if self.picks_resume is None else PLAY1
        self.picks[seat] = 0
        if -1 in self.victims and seat in self.victims:  # Pirate Islands: robbing nobody stays a choice
            self.victims = tuple(v for v in self.victims if v != seat)
        events = super().forfeit(seat, cause, reason)
        if picking and seat != self.current and (self.phase is PICKING or self.phase is STARTS_PICKING) \
                and not any(self.picks):
            self._end_picks(events)
        if self.phase is CLOTH_OR_RESOURCE and self.cloth_victim == seat:
            self.cloth_victim = -1
            self.phase = PLAY1 if self.rolled else ROLL_OR_CARD
        return events

    # -- checks ------------------------------------------------------------------------------------------
    def _check_settlement(self, seat: int, action: tuple) -> None:
        node = action[1]
        legal = self.layout.start_nodes if self.phase in SETTLEMENT_ROUNDS else self.legal_nodes
        if 0 <= node < self.geo.node_count and self.node_owner[node] < 0 and not legal >> node & 1:
            where = "the starting land area" if self.phase in SETTLEMENT_ROUNDS else "a land area open to settlers"
            raise IllegalAction("BAD_LOCATION", f"intersection {node} is not in {where}")
        super()._check_settlement(seat, action)

    def _check_road(self, seat: int, action: tuple) -> None:
        edge = action[1]
        self._check_route_edge(seat, edge, ROAD)
        if not self._road_spots_mask(seat) >> edge & 1:
            if not self.board.road_edges >> edge & 1:
                raise IllegalAction("BAD_LOCATION", f"path {edge} has no land beside it: roads go on land")
            raise IllegalAction("NOT_CONNECTED", f"path {edge} does not continue your roads"
                                + (" from the settlement just placed" if self.phase in ROUTE_ROUNDS else ""))
        if self.phase is PLAY1 or self.phase is SPECIAL_BUILDING:
            self._need_cost(seat, PIECE_COST[ROAD], "a road")

    def _check_ship(self, seat: int, action: tuple) -> None:
        edge = action[1]
        self._check_route_edge(seat, edge, SHIP)
        if not self._ship_spots_mask(seat) >> edge & 1:
            raise IllegalAction(*self._why_no_ship(seat, edge))
        if self.phase is PLAY1 or self.phase is SPECIAL_BUILDING:
            self._need_cost(seat, COST_SHIP, "a ship")

    def _check_route_edge(self, seat: int, edge: int, piece: int) -> None:
        if not 0 <= edge < self.geo.edge_count:
            raise IllegalAction("BAD_LOCATION", f"no path {edge}")
        if self.occupied_edges >> edge & 1:
            raise IllegalAction("OCCUPIED", f"path {edge} is taken")
        if self.pieces[seat][piece] == 0:
            raise IllegalAction("NO_PIECES", f"no {SEA_PIECE_NAMES[piece]}s left")

    def _why_no_ship(self, seat: int, edge: int) -> tuple[str, str]:
        if not self.board.ship_edges >> edge & 1:
            return "BAD_LOCATION", f"path {edge} has no water beside it: ships go on the sea"
        if self._pirate_edges() >> edge & 1:
            return "PIRATE", f"the pirate blocks path {edge}"
        if not self._sea_lane(seat) >> edge & 1:
            return "BAD_LOCATION", f"path {edge} is off your ships' lane to your fortress"
        return "NOT_CONNECTED", f"path {edge} does not continue your ships" + (
            " from the settlement just placed" if self.phase in ROUTE_ROUNDS else " or touch your buildings")

    def _check_build(self, seat: int, action: tuple) -> None:
        if action[1] != SHIP:
            return super()._check_build(seat, action)
        if self.pieces[seat][SHIP] == 0:
            raise IllegalAction("NO_PIECES", "no ships left")
        self._need_cost(seat, COST_SHIP, "a ship")
        # the pirate's edges are left out only when placing, as JSettlers does
        if not self._ship_frontier(seat) & ~self.occupied_edges & self._sea_lane(seat):
            raise IllegalAction("BAD_LOCATION", "nowhere to place a ship")

    def _check_move_ship(self, seat: int, action: tuple) -> None:
        source, target = action[1], action[2]
        if self.ship_moved:
            raise IllegalAction("ONE_MOVE_PER_TURN", "a ship was already moved this turn")
        if not 0 <= source < self.geo.edge_count or not self.ships[seat] >> source & 1:
            raise IllegalAction("BAD_LOCATION", f"you have no ship at path {source}")
        if self.built_ships >> source & 1 or self._pirate_edges() >> source & 1 \
                or not self.ship_tips[seat] >> source & 1:
            raise IllegalAction("NOT_MOVABLE", f"the ship at path {source} is not at the open end of its route, "
                                               "was placed this turn, or the pirate holds it")
        if not 0 <= target < self.geo.edge_count or not self._ship_targets(seat, source) >> target & 1:
            raise IllegalAction("BAD_LOCATION", f"a ship cannot move to path {target}")

    def _check_bandit(self, seat: int, action: tuple) -> None:
        if action[1] not in (ROBBER, PIRATE):
            raise IllegalAction("BAD_ACTION", "move the robber (0) or the pirate (1)")

    def _check_robber(self, seat: int, action: tuple) -> None:
        h = action[1]
        if h == self.robber or h in self.robber_barred or h not in self.board.robber_hexes:
            raise IllegalAction("BAD_LOCATION", f"the robber cannot go to hex {action[1]}")
        super()._check_robber(seat, action)

    def _check_pirate(self, seat: int, action: tuple) -> None:
        h = action[1]
        if h == self.pirate or h not in self.board.pirate_hexes:
            raise IllegalAction("BAD_LOCATION", f"the pirate cannot go to hex {h}")

    def _check_rob(self, seat: int, action: tuple) -> None:
        if action[1] == -1 and -1 in self.victims:
            return
        super()._check_rob(seat, action)

    def _check_rob_cloth(self, seat: int, action: tuple) -> None:
        if action[1] not in (0, 1):
            raise IllegalAction("BAD_ACTION", "steal cloth (1) or a resource (0)")

    def _check_pick_free(self, seat: int, action: tuple) -> None:
        counts = action[1]
        if not self.picks[seat]:
            raise IllegalAction("NOT_NOW", f"seat {seat} has nothing to pick")
        if min(counts) < 0 or sum(counts) != self.picks[seat]:
            raise IllegalAction("BAD_PICK", f"seat {seat} must pick exactly {self.picks[seat]} resources")
        if not covers(self.bank, counts):
            raise IllegalAction("BANK_EMPTY", "the bank does not have those resources")

    def _check_play_dev(self, seat: int, action: tuple) -> None:
        card = action[1]
        if card == ROAD_BUILDING and self.dev_old[seat][ROAD_BUILDING] and not self.dev_played \
                and (self._ship_spots_mask(seat) or self._road_spots_mask(seat)):
            return
        if card == KNIGHT and self.scenario.fortresses and self.dev_old[seat][KNIGHT] and not self.dev_played \
                and self.warships[seat] >= len(self.ship_order[seat]):
            raise IllegalAction("NOT_NOW", "no plain ship to make a warship of")
        super()._check_play_dev(seat, action)

    # -- legal moves ------------------------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[tuple]:
        phase = self.phase
        if seat == self.current and not self.is_over:  # the usual cases first
            if phase is PLAY1:
                return self._sea_actions(seat, self._play1_actions(seat))
            if phase is ROLL_OR_CARD:
                return super().legal_actions(seat)
        if (seat != self.current or phase is WAITING_FOR_DISCARDS or phase is PICKING or phase is STARTS_PICKING
                or self.is_over) and seat not in self.to_act():
            return []
        if phase is SPECIAL_BUILDING:
            ships = [("ship", e) for e in bits(self._ship_spots_mask(seat))] if covers(
                self.cards_known_to(seat)[0], COST_SHIP) else []
            wonders = [("wonder", i) for i in range(len(self.wonder_owner)) if self._wonder_refusal(seat, i) is None]
            return super().legal_actions(seat) + ships + wonders
        if phase in SETTLEMENT_ROUNDS:
            return [("settlement", n) for n in bits(self.geo.all_nodes_mask & ~self.blocked)]
        if phase in ROUTE_ROUNDS:
            return self._route_actions(seat)
        if phase is PLACING_FREE_ROAD1 or phase is PLACING_FREE_ROAD2:
            return self._route_actions(seat) or [("cancel_build",)]
        if phase is PLACING_SHIP:
            return [("ship", e) for e in bits(self._ship_spots_mask(seat))] + [("cancel_build",)]
        if phase is PLACING_ROBBER:
            return list(self._robber_moves())
        if phase is PLACING_PIRATE:
            return [("pirate", h) for h in self.board.pirate_hexes if h != self.pirate]
        if phase is ROBBER_OR_PIRATE:
            return [("bandit", ROBBER), ("bandit", PIRATE)]
        if phase is CLOTH_OR_RESOURCE:
            return [("rob_cloth", 1), ("rob_cloth", 0)]
        if phase is PICKING or phase is STARTS_PICKING:
            return [("pick_free", counts) for counts in self._pick_choices(seat)]
        if phase is PLACING_INV_ITEM:
            return [("place_harbor", e) for e in self._harbor_spots(seat)]
        return super().legal_actions(seat)

    def _route_actions(self, seat: int) -> list[tuple]:
        return [("road", e) for e in bits(self._road_spots_mask(seat))] + \
            [("ship", e) for e in bits(self._ship_spots_mask(seat))]

    def _sea_actions(self, seat: int, out: list[tuple]) -> list[tuple]:
        """`out` (the classic PLAY1 actions) with the sea board's own: new ships, ship moves,
        the scenario's."""
        hand = self.cards_known_to(seat)[0]
        build = hand[SHEEP] and hand[WOOD] and self.pieces[seat][SHIP]
        if not build and self.ship_moved:
            return self._scenario_actions(seat, out) if self.scenario.key else out
        pirate = self.pirate
        pirate_edges = self.geo.hex_edge_mask[pirate] if pirate >= 0 else 0  # once for every ship
        open_water = self._sea_lane(seat) & ~(self.occupied_edges | pirate_edges)
        if build:
            free = (self._ship_frontier(seat) if self.scenario.fortresses else self.ship_reach[seat]) & open_water
            while free:  # lowest edge first
                low = free & -free
                out.append(_SHIP_AT[low.bit_length() - 1])
                free ^= low
        if not self.ship_moved:  # the ships `_movable_ships` lists
            movable = self.ship_tips[seat] & ~(self.built_ships | pirate_edges)
            while movable:
                low = movable & -movable
                source = low.bit_length() - 1
                movable ^= low
                targets = self._ship_reach_without(seat, source) & open_water
                while targets:
                    low = targets & -targets
                    out.append(("move_ship", source, low.bit_length() - 1))
                    targets ^= low
        return self._scenario_actions(seat, out) if self.scenario.key else out

    def _pick_choices(self, seat: int) -> list[tuple[int, ...]]:
        """A few picks of the size owed: all of one resource, or spread over the plentiful ones."""
        owed, bank = self.picks[seat], self.bank
        out = []
        for r in range(5):
            if bank[r] >= owed:
                counts = [0] * 5
                counts[r] = owed
                out.append(tuple(counts))
        spread = [0] * 5
        left = list(bank)
        for _ in range(owed):
            r = max(range(5), key=lambda x: left[x] - spread[x])
            spread[r] += 1
        if tuple(spread) not in out and covers(bank, spread):
            out.append(tuple(spread))
        return out

    # -- what each party sees -------------------------------------------------------------------------------
    def _board_view(self) -> Any:
        return self.board.describe()

    def _rule_views(self) -> dict[str, Any]:
        out = super()._rule_views()
        out["sea"] = {"scenario": self.scenario.key, "pirate": self.pirate,
                      "ships": [[e, s] for s in range(self.seat_count) for e in bits(self.ships[s])],
                      "ships_left": [row[SHIP] for row in self.pieces], "svp": list(self.svp),
                      "picks": list(self.picks), "ship_moved": self.ship_moved, **self._scenario_view()}
        return out

    def copy(self) -> "SeaState":
        return self._with_own_cards(self._copy_public(SeaState))

    def observation(self, seat: int) -> "SeaObservation":
        obs = self._copy_public(SeaObservation)
        obs._observe(self, seat)
        return obs


class SeaObservation(CatanObservation, SeaState):
    """A sea game as one seat may know it: the fog's contents are dealt again too (the hidden
    contents over the hidden hexes: what lies under the fog is public only as a whole), and the
    development cards set aside (The Forgotten Tribe) from the cards the seat has not seen."""

    hidden_fields = HIDDEN + ("fog", "gift_cards")
    _fog_hexes: tuple[int, ...]  # the hexes still under fog
    _fog_contents: tuple[tuple[int, int], ...]  # what lies under them, as a whole (sorted)
    _set_aside: int  # how many development cards are set aside

    def _deal(self) -> None:
        super()._deal()
        contents = list(self._fog_contents)
        self.rng.shuffle(contents)
        d = self.__dict__
        d["fog"] = dict(zip(self._fog_hexes, contents))
        deck = self.deck  # dealt with the set-aside cards among it
        d["gift_cards"] = tuple(deck.pop(self.rng.below(len(deck))) for _ in range(self._set_aside))

    def _observe(self, state: Any, seat: int) -> None:
        super()._observe(state, seat)
        self.__dict__["_fog_hexes"] = tuple(sorted(state.fog))
        self.__dict__["_fog_contents"] = tuple(sorted(state.fog.values()))  # as a whole: public
        self.__dict__["_set_aside"] = len(state.gift_cards)
        if state.pirate_script:  # the future is unscripted (as `CatanObservation` does with the dice)
            self.__dict__["options"] = {**self.options, "pirate_dice": ""}
            self.__dict__["pirate_script"] = ()


SEA_TURN_PHASES: dict[str, tuple] = {
    **TURN_PHASES,
    "settlement": TURN_PHASES["settlement"] + (START3A,),
    "road": TURN_PHASES["road"] + (START3B,),
    "ship": (START1B, START2B, START3B, PLAY1, PLACING_SHIP, PLACING_FREE_ROAD1, PLACING_FREE_ROAD2,
             SPECIAL_BUILDING),
    "cancel_build": TURN_PHASES["cancel_build"] + (PLACING_SHIP,),
    "force_end_turn": TURN_PHASES["force_end_turn"] + (PLACING_SHIP, START3B),
    "move_ship": (PLAY1,),
    "bandit": (ROBBER_OR_PIRATE,),
    "pirate": (PLACING_PIRATE,),
    "rob_cloth": (CLOTH_OR_RESOURCE,),
    "place_harbor": (PLACING_INV_ITEM,),
    "play_harbor": (PLAY1,),
    "attack_fortress": (PLAY1,),
    "wonder": (PLAY1, SPECIAL_BUILDING),
}


#: what each phase waits for (said to the player to move who asks for something else)
SEA_WAITING: dict = {
    **WAITING,
    START3A: "Place your third settlement now",
    START3B: "Place the road or ship beside your third settlement now",
    STARTS_PICKING: "The free resources are being picked",
    PLACING_PIRATE: "Move the pirate first",
    PLACING_SHIP: "Place the ship you are building first (or cancel it)",
    PLACING_INV_ITEM: "Place the harbour first",
    ROBBER_OR_PIRATE: "Choose to move the robber or the pirate first",
    CLOTH_OR_RESOURCE: "Choose to rob cloth or a resource first",
    PICKING: "The free resources are being picked",
}


@lru_cache(maxsize=1024)
def robber_moves_among(hexes: tuple[int, ...], barred: tuple[int, ...], robber: int) -> tuple[tuple, ...]:
    """The robber's moves from `robber` to `hexes` (the land it may take on a sea board), less
    `barred` (option RD)."""
    return tuple(("robber", h) for h in hexes if h != robber and h not in barred)


def sea_rule(kind: str, check, apply, scoring: bool = False) -> tuple:
    """`rules.rule` with the sea board's phases."""
    size, arguments_ok, _, _, _, _ = rule(kind, check, apply, scoring)
    return size, arguments_ok, SEA_TURN_PHASES.get(kind), check, apply, scoring


S = SeaState
SEA_RULES: dict[str, tuple] = {
    **RULES,
    "settlement": sea_rule("settlement", S._check_settlement, S._do_settlement, scoring=True),
    "road": sea_rule("road", S._check_road, S._do_road, scoring=True),
    "ship": sea_rule("ship", S._check_ship, S._do_ship, scoring=True),
    "build": sea_rule("build", S._check_build, S._do_build),
    "cancel_build": sea_rule("cancel_build", None, S._do_cancel_build),
    "force_end_turn": sea_rule("force_end_turn", None, S._do_force_end_turn, scoring=True),
    "move_ship": sea_rule("move_ship", S._check_move_ship, S._do_move_ship, scoring=True),
    "play_dev": sea_rule("play_dev", S._check_play_dev, S._do_play_dev, scoring=True),
    "roll": sea_rule("roll", None, S._do_roll),
    "robber": sea_rule("robber", S._check_robber, S._do_robber, scoring=True),
    "bandit": sea_rule("bandit", S._check_bandit, S._do_bandit),
    "pirate": sea_rule("pirate", S._check_pirate, S._do_pirate, scoring=True),
    "rob": sea_rule("rob", S._check_rob, S._do_rob, scoring=True),
    "rob_cloth": sea_rule("rob_cloth", S._check_rob_cloth, S._do_rob_cloth, scoring=True),
    "pick_free": sea_rule("pick_free", S._check_pick_free, S._do_pick_free, scoring=True),
    "place_harbor": sea_rule("place_harbor", S._check_place_harbor, S._do_place_harbor),
    "play_harbor": sea_rule("play_harbor", S._check_play_harbor, S._do_play_harbor),
    "attack_fortress": sea_rule("attack_fortress", S._check_attack_fortress, S._do_attack_fortress,
                                scoring=True),
    "wonder": sea_rule("wonder", S._check_wonder, S._do_wonder, scoring=True),
}
"""The classic table with the sea board's kinds and rules (`SeaState.rule_table`); undoing builds
is not played on the sea board."""
del SEA_RULES["undo_build"]
SeaState.rule_table = SEA_RULES
SeaState.waiting_texts = SEA_WAITING
del S

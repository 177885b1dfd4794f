"""The scenarios' own rules (mixed into `state.SeaState`, whose pieces and picks they use).

Each rule runs only when the game's `Scenario` has its flag; the facts are JSettlers 2.7.00's
(`shared/notes/jsettlers-sea-scenarios.md`, section 6).  Where the notes leave a detail open,
the rule chosen here is said where it is applied.

* Fog (SC_FOG): a road, ship or initial settlement touching a fog hex's corner lifts the fog
  (``fog_revealed`` {seat, hex, terrain, number, reward}): a resource hex gives its placer 1 of
  it, gold a free pick, water and desert nothing.  Until then nobody, no view, no event and no
  observation holds what lies under it.
* Special victory points: _SC_SEAC gives 2 SVP for a player's first settlement in each land
  area beyond its starting ones, _SC_SANY 1 SVP once (``svp`` {seat, svp, total, reason, area}).
  Through The Desert's desert strip counts as everybody's starting area once initial placement
  ends.
* Cloth Trade (SC_CLVI): a ship touching a village opens trade with it and takes 1 cloth
  (``village_reached``); each roll of a village's number gives each trader 1 cloth, the general
  supply making up for a village running short while it has some (``cloth``); 2 cloth make 1
  VP; the pirate moves only for players trading with a village and may take cloth
  (``cloth_stolen``); the game ends when fewer than 4 villages have cloth (``villages_empty``):
  most VP wins, then most cloth, then the lowest seat.
* Pirate Islands (SC_PIRI): each seated player's settlement, ship and fortress stand before
  initial placement (the fortress is the player's fifth settlement); ships keep to the player's
  lane and never branch (`_ship_frontier`); the pirate fleet moves along its path by the smaller
  die at every roll and attacks when exactly one player has a building beside it
  (``fleet_attack``): strength 1..6 against the player's warships, stronger warships win a free
  pick (before a 7's discards), weaker ones lose a card and one more per city they have
  (``fleet_robbed``).  The deck's victory point cards are knights, which make the player's
  oldest plain ship a warship (``warship``).  The fleet's and the fortresses' dice may be
  scripted (``pirate_dice``), the fleet's takings too (``steals``).  ``attack_fortress`` from
  a ship beside the player's fortress ends the turn (``fortress_attacked``): more warships than
  the defence (1..6) take a strength point, as many lose the newest ship, fewer the newest two;
  at 0 the fortress is the player's settlement (``fortress_captured``); when no fortress is
  left the fleet is gone (``fleet_defeated``).  To win a player needs the points and its
  fortress.  No robber, no largest army; a 7 robs any player, or nobody.
* The Forgotten Tribe (SC_FTRI): the first ship on a special edge takes a development card or
  1 SVP (``special_edge``); a ship touching a tribe harbour (its edge or an edge sharing a node
  with it) takes the harbour (``harbor_taken``), to be placed at once beside one of the
  player's coastal buildings, no nearer than an edge to another harbour (``place_harbor``,
  phase PLACING_INV_ITEM), or kept and placed later (``play_harbor``).
* Wonders (SC_WOND): ``wonder`` builds one level of a wonder (its cost each level; the first
  also needs its requirements and takes a ship from the supply; one wonder per player), in the
  player's turn or its special building turn.  Level 4 wins at once in the player's turn (built
  in the special building phase, when its next turn begins, as a player at the points does);
  with the points, a player wins only with strictly the highest level.
"""

from __future__ import annotations

import re
from typing import Any

from tablehall.core import Event, IllegalAction

from ..constants import CITY, DEV_NAMES, KNIGHT, PIECE_SUPPLY, PLAY1, ROLL_OR_CARD, SETTLEMENT, SHIP
from ..events import ALL_BUT, ONLY, event
from .board import GOLD, LAND, WATER
from .fields import SeaFields, SeaPhase
from .scenarios import (DESERT_AREAS, DEV_CARD_EDGE, ESTABLISHED_VILLAGE, RECAPTURED_FORTRESS, REACHED_DEV_CARD_EDGE,
                        REACHED_SVP_EDGE, SETTLED_ANY_NEW_AREA, SVP_EDGE, VILLAGES_LEFT_MIN, WONDER_LEVELS,
                        warship_composition, warship_deck)

_REQUIREMENT = re.compile(r"(\d*)([SCVL])(?:@(P|N\d))?")
_PICKING = (SeaPhase.WAITING_FOR_PICK_GOLD_RESOURCE, SeaPhase.STARTS_WAITING_FOR_PICK_GOLD_RESOURCE)


class ScenarioRules(SeaFields):
    """The scenarios' rules (see the module docstring)."""

    def _init_scenario(self, n: int) -> None:
        scenario, layout = self.scenario, self.layout
        self.cloth = [0] * n
        self.village_cloth = {node: layout.village_cloth for node, _ in layout.villages} if scenario.cloth else {}
        self.village_traders = {node: () for node in self.village_cloth}
        self.general_cloth = layout.general_cloth if scenario.cloth else 0
        self.warships = [0] * n
        self.fortresses = {}
        self.fleet_step = -1
        self.pirate_script = tuple(int(x) for x in self.options.get("pirate_dice", "").split())
        self.pirate_dice_used = 0
        if scenario.fortresses:
            self.fortresses = {node: (p, strength) for p, node, strength in layout.fortresses if p < n}
            self.fleet_step = 0
            self.pirate = layout.fleet_path[0]
            for p in range(n):  # the fortress stands for the fifth settlement (as JSettlers counts)
                self.pieces[p][SETTLEMENT] -= 1
            for p, piece, at in layout.initial_pieces:
                if p < n:
                    if piece == SETTLEMENT:
                        self._place_settlement(p, at)
                    else:
                        self._place_ship(p, at)
            self.built_ships = 0
            self.road_length = [self._longest_road_of(p) for p in range(n)]
        self.special_edges = dict(layout.special_edges) if scenario.forgotten_tribe else {}
        # one development card set aside for each dev-card edge (the Java server's deck holds that many fewer)
        gifts = sum(1 for kind in self.special_edges.values() if kind == DEV_CARD_EDGE)
        self.gift_cards = tuple(self.deck[:gifts])
        del self.deck[:gifts]
        self.gift_harbors = frozenset(e for e, _ in self.board.harbors) if scenario.forgotten_tribe else frozenset()
        self.harbors_held = ((),) * n
        self.placing_harbor = -1
        self.harbor_resume = None
        self.wonder_owner = [-1] * len(layout.wonders) if scenario.wonders else []
        self.wonder_level = [0] * len(self.wonder_owner)

    def _new_deck(self, script: str) -> list[int]:
        if self.scenario.fortresses:
            self.deck_cards = warship_deck(self.deck_cards)
            self.dev_composition = warship_composition(self.dev_composition)
        return super()._new_deck(script)

    def _scenario_start(self) -> dict[str, Any]:
        """The scenario's parts of the board event."""
        layout, out = self.layout, {}
        if self.village_cloth:
            out["villages"] = [[node, dice, self.village_cloth[node]] for node, dice in layout.villages]
            out["general_cloth"] = self.general_cloth
        if self.special_edges:
            out["special_edges"] = [[e, kind] for e, kind in sorted(self.special_edges.items())]
        if self.scenario.forgotten_tribe:
            out["gift_harbors"] = sorted(self.gift_harbors)
        if self.scenario.fortresses:
            out["fortresses"] = [[node, seat, strength] for node, (seat, strength) in sorted(self.fortresses.items())]
            out["pieces"] = [[p, piece, at] for p, piece, at in layout.initial_pieces if p < self.seat_count]
            out["fleet_path"] = list(layout.fleet_path)
        if self.scenario.wonders:
            out["wonders"] = [{"id": w["id"], "cost": list(w["cost"]), "requires": list(w["requires"])}
                              for w in layout.wonders]
            out["node_lists"] = {str(k): list(v) for k, v in layout.node_lists.items()}
        return out

    def _scenario_view(self) -> dict[str, Any]:
        out: dict[str, Any] = {"player_events": list(self.player_events)}
        if self.scenario.cloth:
            out["cloth"] = {"players": list(self.cloth), "general": self.general_cloth,
                            "villages": [[node, cloth, list(self.village_traders[node])]
                                         for node, cloth in sorted(self.village_cloth.items())]}
        if self.scenario.fortresses:
            out["fortresses"] = [[node, seat, strength] for node, (seat, strength) in sorted(self.fortresses.items())]
            out["warships"] = list(self.warships)
            out["fleet"] = self.pirate
        if self.scenario.forgotten_tribe:
            out["special_edges"] = [[e, kind] for e, kind in sorted(self.special_edges.items())]
            out["harbors_held"] = [list(held) for held in self.harbors_held]
        if self.scenario.wonders:
            out["wonders"] = [[owner, level, wonder["id"]] for owner, level, wonder
                              in zip(self.wonder_owner, self.wonder_level, self.layout.wonders)]
        return out

    def _scenario_allows_win(self, seat: int) -> bool:
        if self.scenario.fortresses and not self.player_events[seat] & RECAPTURED_FORTRESS:
            return False
        if self.scenario.wonders:
            mine = self._wonder_level_of(seat)
            return all(mine > self._wonder_level_of(s) for s in range(self.seat_count) if s != seat)
        return True

    def _open_legal_nodes(self) -> None:
        """Initial placement is over: the node lists Wonders adds become legal, and the desert
        strip of Through The Desert is everybody's starting area."""
        layout = self.layout
        for number, _ in layout.after_start:
            for node in layout.node_lists.get(number, ()):
                self.legal_nodes |= 1 << node
        desert = DESERT_AREAS.get(layout.name)
        if desert is not None:
            for s in range(self.seat_count):
                self.start_areas[s] |= 1 << desert

    # -- fog ---------------------------------------------------------------------------------------
    def _reveal_fog_at_nodes(self, seat: int, nodes, events: list[Event]) -> None:
        if not self.fog:
            return
        node_hexes = self.geo.node_hexes
        for h in sorted({h for x in nodes for h in node_hexes[x] if h in self.fog}):
            terrain, number = self.fog[h]
            self.fog = {k: v for k, v in self.fog.items() if k != h}
            self.board = board = self.board.revealed(h, terrain, number)
            self._payouts = (None,) * 13  # what rolls pay, counted again on the new board
            for s in range(self.seat_count):
                self.reach[s] &= board.road_edges
                self.ship_reach[s] &= board.ship_edges
            reward = None
            if terrain < 5 and self.bank[terrain]:
                reward = terrain
                self.bank[terrain] -= 1
                self.hands[seat][terrain] += 1
            elif terrain == GOLD:
                self._owe_pick(seat, 1, "fog")
            events.append(event("fog_revealed", {"seat": seat, "hex": h, "terrain": terrain, "number": number,
                                                 "reward": reward}))

    # -- special victory points ------------------------------------------------------------------------
    def _settled_area(self, seat: int, node: int, events: list[Event]) -> None:
        area = self.layout.node_area[node]
        if not area or self.start_areas[seat] >> area & 1:
            return
        if self.scenario.svp_each_new_area and not self.svp_areas[seat] >> area & 1:
            self.svp_areas[seat] |= 1 << area
            self._add_svp(seat, 2, "settling a new island", area, events)
        if self.scenario.svp_any_new_area and not self.player_events[seat] & SETTLED_ANY_NEW_AREA:
            self.player_events[seat] |= SETTLED_ANY_NEW_AREA
            self._add_svp(seat, 1, "settling a new island", area, events)

    def _add_svp(self, seat: int, amount: int, reason: str, area: int, events: list[Event]) -> None:
        self.svp[seat] += amount
        events.append(event("svp", {"seat": seat, "svp": amount, "total": self.svp[seat], "reason": reason,
                                    "area": area}))

    # -- ships arriving -------------------------------------------------------------------------------
    def _ship_arrived(self, seat: int, edge: int, events: list[Event]) -> None:
        """What a ship placed or moved to `edge` reaches: villages, special edges, harbours."""
        nodes = self.geo.edges[edge]
        for node in nodes:
            if node in self.village_cloth and seat not in self.village_traders[node]:
                self._open_trade(seat, node, events)
        kind = self.special_edges.get(edge)
        if kind is not None:
            self.special_edges = {e: k for e, k in self.special_edges.items() if e != edge}
            self._claim_special_edge(seat, edge, kind, events)
        for harbor in sorted(self.gift_harbors):
            if set(self.geo.edges[harbor]) & set(nodes):
                self._take_harbor(seat, harbor, events)

    def _open_trade(self, seat: int, node: int, events: list[Event]) -> None:
        self.village_traders = {**self.village_traders, node: self.village_traders[node] + (seat,)}
        self.player_events[seat] |= ESTABLISHED_VILLAGE
        taken = 1 if self.village_cloth[node] else 0
        if taken:
            self.village_cloth = {**self.village_cloth, node: self.village_cloth[node] - 1}
            self.cloth[seat] += 1
        events.append(event("village_reached", {"seat": seat, "village": node, "cloth": taken,
                                                "village_cloth": self.village_cloth[node]}))
        self._villages_empty(events)

    def _claim_special_edge(self, seat: int, edge: int, kind: int, events: list[Event]) -> None:
        events.append(event("special_edge", {"seat": seat, "edge": edge, "kind": kind}))
        if kind == SVP_EDGE:
            self.player_events[seat] |= REACHED_SVP_EDGE
            self._add_svp(seat, 1, "reaching a special edge", 0, events)
        elif kind == DEV_CARD_EDGE:
            self.player_events[seat] |= REACHED_DEV_CARD_EDGE
            if self.gift_cards:
                self._gift_card(seat, events)

    def _gift_card(self, seat: int, events: list[Event]) -> None:
        """The edge's card set aside at the start goes under the deck and the deck's top card is
        given: unseen cards are alike, and a scripted deck (a recorded game) then deals every card
        in the recorded order, gifts among them.  The deck left to buy keeps its count."""
        *rest, card = self.gift_cards  # the one set aside nearest the top
        self.gift_cards = tuple(rest)
        self.deck.insert(0, card)
        events += self._draw_card(seat, "dev_gift", {})

    # -- The Forgotten Tribe's harbours -----------------------------------------------------------------
    def _take_harbor(self, seat: int, harbor: int, events: list[Event]) -> None:
        kind = dict(self.board.harbors)[harbor]
        self.gift_harbors = self.gift_harbors - {harbor}
        self.board = self.board.with_harbors([(e, k, self.board.harbor_facing[e]) for e, k in self.board.harbors
                                              if e != harbor])
        self._set_harbor_ratios()
        self.harbors_held = _with(self.harbors_held, seat, self.harbors_held[seat] + (kind,))
        self.placing_harbor = kind  # offered at once by `_offer_gift_harbor`, once the phase is set
        events.append(event("harbor_taken", {"seat": seat, "edge": harbor, "kind": kind}))

    def _offer_gift_harbor(self, seat: int, events: list[Event]) -> None:
        """The harbour a ship just took is placed now if it can be, else kept."""
        kind, self.placing_harbor = self.placing_harbor, -1
        if kind < 0 or self.phase in _PICKING or not self._harbor_spots(seat):
            return
        held = list(self.harbors_held[seat])
        held.remove(kind)
        self.harbors_held = _with(self.harbors_held, seat, tuple(held))
        self.placing_harbor = kind
        self.harbor_resume = self.phase
        self.phase = SeaPhase.PLACING_INV_ITEM
        events.append(event("harbor_to_place", {"seat": seat, "kind": kind, "kept": False}))

    def _harbor_spots(self, seat: int) -> list[int]:
        """Coastal edges beside `seat`'s buildings where a harbour may go: no harbour at their
        nodes, none at a node next to them."""
        geo, board = self.geo, self.board
        node_harbor = board.node_harbor
        terrain = board.terrain
        out = set()
        for node, owner in enumerate(self.node_owner):
            if owner != seat:
                continue
            for e in geo.node_edges[node]:
                hexes = geo.edge_hexes[e]
                if len(hexes) != 2:
                    continue
                kinds = sorted(terrain[h] in LAND for h in hexes)
                if kinds != [False, True] or not any(terrain[h] == WATER for h in hexes):
                    continue
                ends = geo.edges[e]
                near = set(ends) | {m for x in ends for m in geo.node_neighbors[x]}
                if all(node_harbor[x] < 0 for x in near):
                    out.add(e)
        return sorted(out)

    def _set_harbor_ratios(self) -> None:
        """Every seat's bank trade ratios from the harbours its buildings stand at now."""
        node_harbor = self.board.node_harbor
        for s in range(self.seat_count):
            ratios = [4] * 5
            for node, owner in enumerate(self.node_owner):
                kind = node_harbor[node]
                if owner == s and kind >= 0:
                    if kind == 5:
                        ratios = [min(r, 3) for r in ratios]
                    else:
                        ratios[kind] = 2
            self.ratios[s][:] = ratios

    def _check_place_harbor(self, seat: int, action: tuple) -> None:
        if action[1] not in self._harbor_spots(seat):
            raise IllegalAction("BAD_LOCATION", f"a harbour cannot go on path {action[1]}: it goes on the coast "
                                                "beside your settlement or city, an edge away from other harbours")

    def _do_place_harbor(self, seat: int, action: tuple) -> list[Event]:
        edge, kind = action[1], self.placing_harbor
        geo = self.geo
        water, land = sorted(geo.edge_hexes[edge], key=lambda h: self.board.terrain[h] != WATER)
        facing = _facing(geo, water, land)
        self.board = self.board.with_harbors([(e, k, self.board.harbor_facing[e]) for e, k in self.board.harbors]
                                             + [(edge, kind, facing)])
        self._set_harbor_ratios()
        self.placing_harbor = -1
        self.phase, self.harbor_resume = self.harbor_resume, None
        return [event("harbor_placed", {"seat": seat, "edge": edge, "kind": kind, "facing": facing})]

    def _check_play_harbor(self, seat: int, action: tuple) -> None:
        if action[1] not in self.harbors_held[seat]:
            raise IllegalAction("NO_HARBOR", f"seat {seat} holds no harbour of kind {action[1]}")
        if not self._harbor_spots(seat):
            raise IllegalAction("BAD_LOCATION", "none of your coastal buildings has room for a harbour")

    def _do_play_harbor(self, seat: int, action: tuple) -> list[Event]:
        held = list(self.harbors_held[seat])
        held.remove(action[1])
        self.harbors_held = _with(self.harbors_held, seat, tuple(held))
        self.placing_harbor = action[1]
        self.harbor_resume = self.phase
        self.phase = SeaPhase.PLACING_INV_ITEM
        return [event("harbor_to_place", {"seat": seat, "kind": action[1], "kept": True})]

    # -- Cloth Trade ----------------------------------------------------------------------------------------
    def _village_cloth(self, total: int, events: list[Event]) -> None:
        if not self.village_cloth:
            return
        for node, dice in self.layout.villages:
            if dice != total or not self.village_cloth[node]:
                continue
            traders = self.village_traders[node]
            order = ((self.current,) if self.current in traders else ()) + tuple(s for s in traders
                                                                                 if s != self.current)
            gains = [0] * self.seat_count
            for s in order:
                if s in self.out:
                    continue
                if self.village_cloth[node]:
                    self.village_cloth = {**self.village_cloth, node: self.village_cloth[node] - 1}
                elif self.general_cloth:
                    self.general_cloth -= 1
                else:
                    break
                self.cloth[s] += 1
                gains[s] += 1
            events.append(event("cloth", {"village": node, "gains": gains, "village_cloth": self.village_cloth[node],
                                          "general": self.general_cloth}))
        self._villages_empty(events)

    def _villages_empty(self, events: list[Event]) -> None:
        """Fewer than 4 villages with cloth end the game: most VP, then most cloth, then the
        lowest seat wins."""
        if self.is_over or sum(1 for c in self.village_cloth.values() if c) >= VILLAGES_LEFT_MIN:
            return
        playing = [s for s in range(self.seat_count) if s not in self.out]
        winner = max(playing, key=lambda s: (self.total_vp(s), self.cloth[s], -s))
        events.append(event("villages_empty", {"villages_with_cloth": sum(1 for c in self.village_cloth.values() if c)}))
        self._finish(winner, events)

    def _steal_cloth(self, thief: int, victim: int, events: list[Event]) -> None:
        self.cloth[victim] -= 1
        self.cloth[thief] += 1
        self.victims = ()
        self.phase = PLAY1 if self.rolled else ROLL_OR_CARD
        events.append(event("cloth_stolen", {"thief": thief, "victim": victim}))

    # -- Pirate Islands ----------------------------------------------------------------------------------------
    def _move_fleet(self, steps: int, events: list[Event]) -> None:
        if self.fleet_step < 0:
            return
        path = self.layout.fleet_path
        self.fleet_step = (self.fleet_step + steps) % len(path)
        self.pirate = h = path[self.fleet_step]
        events.append(event("fleet_moved", {"hex": h}))
        nodes = self.geo.hex_nodes[h]
        neighbours = sorted({self.node_owner[x] for x in nodes if self.node_owner[x] >= 0})
        if len(neighbours) != 1 or neighbours[0] in self.out:
            return
        seat = neighbours[0]
        strength = self._pirate_die()
        warships = self.warships[seat]
        outcome = "won" if warships > strength else "tie" if warships == strength else "lost"
        events.append(event("fleet_attack", {"seat": seat, "strength": strength, "warships": warships,
                                             "outcome": outcome}))
        if outcome == "won":
            self._owe_pick(seat, 1, "fleet")
        elif outcome == "lost":
            owed = 1 + PIECE_SUPPLY[CITY] - self.pieces[seat][CITY]  # one card, one more per city (as recorded)
            hand = self.hands[seat]
            lost = [0] * 5
            for _ in range(min(owed, sum(hand))):
                r = self._fleet_takes(hand)
                hand[r] -= 1
                self.bank[r] += 1
                lost[r] += 1
            count = sum(lost)
            events.append(event("fleet_robbed", {"seat": seat, "count": count, "resources": lost}, ONLY[seat]))
            events.append(event("fleet_robbed", {"seat": seat, "count": count, "resources": None}, ALL_BUT[seat]))

    def _pirate_die(self) -> int:
        """A fleet's strength or a fortress's defence: scripted (``pirate_dice``), else 1..6 drawn."""
        if self.pirate_dice_used < len(self.pirate_script):
            self.pirate_dice_used += 1
            return self.pirate_script[self.pirate_dice_used - 1]
        return 1 + self.rng.below(6)

    def _fleet_takes(self, hand: list[int]) -> int:
        """The resource the fleet takes from `hand`: the next scripted steal, else one drawn."""
        if self.steals_used < len(self.steal_script):
            self.steals_used += 1
            return self.steal_script[self.steals_used - 1]
        pick = self.rng.below(sum(hand))
        for r in range(5):
            pick -= hand[r]
            if pick < 0:
                return r
        raise AssertionError("an empty hand")

    def _play_warship(self, seat: int) -> list[Event]:
        self.dev_old[seat][KNIGHT] -= 1
        self.played[seat][KNIGHT] += 1
        self.knights[seat] += 1
        self.dev_played = True
        self.warships[seat] += 1
        return [event("dev_played", {"seat": seat, "card": DEV_NAMES[KNIGHT]}),
                event("warship", {"seat": seat, "warships": self.warships[seat]})]

    def _own_fortress(self, seat: int) -> int:
        return next((node for node, (owner, _) in self.fortresses.items() if owner == seat), -1)

    def _check_attack_fortress(self, seat: int, action: tuple) -> None:
        node = self._own_fortress(seat)
        if node < 0:
            raise IllegalAction("NO_FORTRESS", f"seat {seat} has no fortress to attack")
        if not self.ships[seat] & self.geo.node_edge_mask[node]:
            raise IllegalAction("NOT_CONNECTED", "your ships have not reached your fortress")

    def _do_attack_fortress(self, seat: int, action: tuple) -> list[Event]:
        node = self._own_fortress(seat)
        owner, strength = self.fortresses[node]
        defence = self._pirate_die()
        warships = self.warships[seat]
        lost: list[int] = []
        if warships > defence:
            strength -= 1
            self.fortresses = {**self.fortresses, node: (owner, strength)}
        else:
            for _ in range(1 if warships == defence else 2):
                if self.ship_order[seat]:
                    edge = self.ship_order[seat][-1]
                    self._remove_ship(seat, edge)
                    lost.append(edge)
            self.warships[seat] = min(self.warships[seat], len(self.ship_order[seat]))
        events = [event("fortress_attacked", {"seat": seat, "fortress": node, "defence": defence,
                                              "warships": warships, "strength": strength, "ships_lost": lost})]
        if strength == 0:
            self.fortresses = {k: v for k, v in self.fortresses.items() if k != node}
            self.blocked &= ~(1 << node)
            self._place_settlement(seat, node)
            self.pieces[seat][SETTLEMENT] += 1  # the fortress's own settlement, never in stock
            self.player_events[seat] |= RECAPTURED_FORTRESS
            events.append(event("fortress_captured", {"seat": seat, "at": node}))
            if not self.fortresses:
                self.fleet_step = -1
                self.pirate = -1
                events.append(event("fleet_defeated", {}))
        self._route_changed(seat, events)
        if self.total_vp(seat) >= self.vp_to_win and self._scenario_allows_win(seat):
            self._finish(seat, events)
        else:
            self._end_turn_of(seat, events)
        return events

    # -- Wonders ----------------------------------------------------------------------------------------------
    def _wonder_level_of(self, seat: int) -> int:
        return max((level for owner, level in zip(self.wonder_owner, self.wonder_level) if owner == seat), default=0)

    def _wonder_complete(self, seat: int) -> bool:
        """Wonders: `seat` built its wonder's last level (it wins in its turn, whatever its points)."""
        return bool(self.wonder_owner) and self._wonder_level_of(seat) >= WONDER_LEVELS

    def _wonder_refusal(self, seat: int, index: int) -> IllegalAction | None:
        if not 0 <= index < len(self.wonder_owner):
            return IllegalAction("BAD_ACTION", f"no wonder {index}")
        owner, level = self.wonder_owner[index], self.wonder_level[index]
        wonder = self.layout.wonders[index]
        if owner >= 0 and owner != seat:
            return IllegalAction("TAKEN", f"wonder {wonder['id']} belongs to seat {owner}")
        if owner < 0 and seat in self.wonder_owner:
            return IllegalAction("ONE_WONDER", "each player builds one wonder")
        if level >= WONDER_LEVELS:
            return IllegalAction("COMPLETE", f"wonder {wonder['id']} is complete")
        if not all(a >= b for a, b in zip(self.cards_known_to(seat)[0], wonder["cost"])):
            return IllegalAction("CANNOT_AFFORD", f"seat {seat} cannot pay for a level of wonder {wonder['id']}")
        if owner < 0:
            if not self.pieces[seat][SHIP]:
                return IllegalAction("NO_PIECES", "starting a wonder takes a ship from your supply")
            missing = [r for r in wonder["requires"] if not self._meets(seat, r)]
            if missing:
                return IllegalAction("REQUIREMENTS", f"wonder {wonder['id']} requires {', '.join(missing)}")
        return None

    def _meets(self, seat: int, requirement: str) -> bool:
        """A wonder's requirement ``[count]kind[@place]``: S settlements (or the cities they
        became), C cities, V victory points, L a trade route that long; at P a harbour, at Nk a
        node of the layout's list k."""
        match = _REQUIREMENT.fullmatch(requirement)
        if match is None:
            return False
        count, kind, place = int(match.group(1) or 1), match.group(2), match.group(3)
        if kind == "V":
            return self.total_vp(seat) >= count
        if kind == "L":
            return self.road_length[seat] >= count
        least = 2 if kind == "C" else 1
        nodes = [x for x, o in enumerate(self.node_owner) if o == seat and self.node_level[x] >= least]
        if place == "P":
            nodes = [x for x in nodes if self.board.node_harbor[x] >= 0]
        elif place:
            listed = set(self.layout.node_lists.get(int(place[1:]), ()))
            nodes = [x for x in nodes if x in listed]
        return len(nodes) >= count

    def _check_wonder(self, seat: int, action: tuple) -> None:
        refusal = self._wonder_refusal(seat, action[1])
        if refusal is not None:
            raise refusal

    def _do_wonder(self, seat: int, action: tuple) -> list[Event]:
        index = action[1]
        wonder = self.layout.wonders[index]
        self._pay(seat, wonder["cost"])
        if self.wonder_owner[index] < 0:
            self.pieces[seat][SHIP] -= 1
            self.wonder_owner[index] = seat
        self.wonder_level[index] += 1
        level = self.wonder_level[index]
        return [event("wonder_built", {"seat": seat, "wonder": index, "id": wonder["id"], "level": level,
                                       "cost": list(wonder["cost"]), "ships_left": self.pieces[seat][SHIP]})]

    def _scenario_actions(self, seat: int, out: list[tuple]) -> list[tuple]:
        """`out` with the PLAY1 actions of the scenario."""
        for index in range(len(self.wonder_owner)):
            if self._wonder_refusal(seat, index) is None:
                out.append(("wonder", index))
        if self.fortresses:
            node = self._own_fortress(seat)
            if node >= 0 and self.ships[seat] & self.geo.node_edge_mask[node]:
                out.append(("attack_fortress",))
        if self.harbors_held[seat] and self._harbor_spots(seat):
            out += [("play_harbor", kind) for kind in sorted(set(self.harbors_held[seat]))]
        return out


def _with(row: tuple, index: int, value: Any) -> tuple:
    return row[:index] + (value,) + row[index + 1:]


def _facing(geo, water: int, land: int) -> int:
    """JSettlers' harbour facing 1..6 (NE, E, SE, SW, W, NW): the direction from `water` to `land`."""
    wr, wc = geo.js_hexes[water] >> 8, geo.js_hexes[water] & 0xFF
    lr, lc = geo.js_hexes[land] >> 8, geo.js_hexes[land] & 0xFF
    return ((-2, 1), (0, 2), (2, 1), (2, -1), (0, -2), (-2, -1)).index((lr - wr, lc - wc)) + 1

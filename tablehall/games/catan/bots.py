"""Built-in Catan bots: `random` (uniform over legal moves) and `strong` (a value function).

Both accept any seat the engine asks, including trade answers and discards, so the JSettlers
adapter can seat them in place of missing or departed players.  They read their own cards
through `cards_known_to` and others' through `hand_size`, so the observations they are handed
never need their hidden cards dealt (see `views`).  In 5-6 player games both ask for the
special building phase when the game offers the chance (`volunteer`, right after a roll):
`random` by a coin toss, `strong` when it could build a city or settlement, or would otherwise
hold more cards than a 7 lets it keep and can spend some.
"""

from __future__ import annotations

from tablehall.core import Bot

from . import actions as A
from .constants import (CITY, COST_DEV, DESERT, KNIGHT, MONOPOLY, PIECE_COST, ROAD, ROAD_BUILDING,
                        SETTLEMENT, YEAR_OF_PLENTY, Phase)
from .geometry import bits
from .legality import covers
from .rules import CatanState

P = Phase
_DISCARDING = Phase.WAITING_FOR_DISCARDS


class RandomBot(Bot):
    """Uniform over `legal_actions`, bank trades included; discards a random sample of its hand.
    In Wonders it keeps the ship a wonder takes until it has one (else nobody might ever win)."""

    name = "random"
    needs_observation = False  # reads only its seat's view: tests/core/test_live_view_bots.py
    may_volunteer = True  # asks for the special building phase (`volunteer`)

    def choose(self, state: CatanState, seat: int):
        if state.phase is _DISCARDING:
            return A.discard(random_discard(self.rng, state.cards_known_to(seat)[0], state.discards[seat]))
        legal = state.legal_actions(seat)
        action = legal[self.rng.below(len(legal))]  # rng.choice's draw, one call less (it drives the benchmark)
        if action[0] == "ship":
            from .sea.strategy import spends_wonder_ship  # classic games never place ships

            others = [a for a in legal if a[0] != "ship"]
            if others and spends_wonder_ship(state, seat):
                action = others[self.rng.below(len(others))]
        return action

    def volunteer(self, state: CatanState, seat: int):
        return A.ASK_SPECIAL_BUILD if self.rng.below(2) else None


def random_discard(rng, hand, amount: int) -> tuple[int, ...]:
    cards = [r for r in range(5) for _ in range(hand[r])]
    out = [0] * 5
    for r in rng.sample(cards, amount):
        out[r] += 1
    return tuple(out)


# -- the strong bot ---------------------------------------------------------------------------
# Resource weights for judging spots early in the game (wood and clay build the network, wheat
# and ore the cities and cards).
WEIGHTS = (1.0, 0.9, 0.8, 1.05, 1.0)
GOLD, GOLD_WEIGHT = 7, 1.1  # the sea board's gold hex (`sea.board.GOLD`) pays any resource
GOALS = (PIECE_COST[CITY], PIECE_COST[SETTLEMENT], COST_DEV, PIECE_COST[ROAD])


class StrongBot(Bot):
    """A greedy player driven by a value function over spots and hands.

    Setup: the intersections with the most weighted pips and resource variety.  Each turn, in
    order: a city, a settlement on the best reachable spot, a road towards the best free spot,
    a development card; bank trades that complete one of those; knights when the robber sits
    on its land or the army is in reach.  The robber goes where it hurts the leader most.
    """

    name = "strong"
    needs_observation = False  # reads only its seat's view: tests/core/test_live_view_bots.py
    may_volunteer = True  # asks for the special building phase (`volunteer`)

    def choose(self, state: CatanState, seat: int):
        if state.geo.name == "sea":
            from .sea import strategy  # classic games never load the sea board

            action = strategy.choose(self, state, seat)
            if action is not None:
                return action
        phase = state.phase
        if phase is P.START1A or phase is P.START2A:
            return A.settlement(max(state.settlement_spots(seat), key=lambda n: self._spot_value(state, seat, n)))
        if phase is P.START1B or phase is P.START2B:
            return A.road(self._road_towards(state, seat, state.road_spots(seat)))
        if phase is P.ROLL_OR_CARD:
            return self._before_roll(state, seat)
        if phase is P.PLAY1:
            if seat != state.current:
                return self._answer_offer(state, seat)
            return self._main(state, seat)
        if phase is P.WAITING_FOR_DISCARDS:
            return A.discard(self._discard(state, seat))
        if phase is P.PLACING_ROBBER:
            return A.robber(self._robber_hex(state, seat))
        if phase is P.WAITING_FOR_ROB_CHOOSE_PLAYER:
            return A.rob(max(state.victims, key=lambda v: (state.public_vp(v), state.hand_size(v))))
        if phase in (P.PLACING_FREE_ROAD1, P.PLACING_FREE_ROAD2, P.PLACING_ROAD):
            spots = state.road_spots(seat)
            return A.road(self._road_towards(state, seat, spots)) if spots else A.CANCEL_BUILD
        if phase is P.PLACING_SETTLEMENT:
            return A.settlement(max(state.settlement_spots(seat), key=lambda n: self._spot_value(state, seat, n)))
        if phase is P.PLACING_CITY:
            return A.city(max(state.city_spots(seat), key=lambda n: self._production(state, n)))
        if phase is P.WAITING_FOR_DISCOVERY:
            return self._year_of_plenty(state, seat)
        if phase is P.WAITING_FOR_MONOPOLY:
            return A.monopoly(self._monopoly(state, seat))
        if phase is P.SPECIAL_BUILDING:
            return self._main(state, seat)
        return self.rng.choice(state.legal_actions(seat))

    def volunteer(self, state: CatanState, seat: int):
        """Ask for the special building phase when it could build a city or a settlement now,
        or holds more cards than a 7 lets it keep and could spend some."""
        hand = state.cards_known_to(seat)[0]
        pieces = state.pieces[seat]
        if pieces[CITY] and covers(hand, PIECE_COST[CITY]) and state.city_spots(seat):
            return A.ASK_SPECIAL_BUILD
        if pieces[SETTLEMENT] and covers(hand, PIECE_COST[SETTLEMENT]) and state.road_nodes[seat] & ~state.blocked:
            return A.ASK_SPECIAL_BUILD
        if sum(hand) > state.discard_limit and any(covers(hand, goal) for goal in GOALS):
            return A.ASK_SPECIAL_BUILD
        return None

    # -- judging places ---------------------------------------------------------------------
    def _production(self, state: CatanState, node: int) -> float:
        board = state.board
        return sum(board.hex_pips[h] * _weight(board.terrain[h]) for h in state.geo.node_hexes[node]
                   if _producing(board.terrain[h]) and h != state.robber)

    def _spot_value(self, state: CatanState, seat: int, node: int) -> float:
        board = state.board
        value = self._production(state, node)
        node_hexes = state.geo.node_hexes
        have = {board.terrain[h] for n, o in enumerate(state.node_owner) if o == seat for h in node_hexes[n]}
        new_kinds = {board.terrain[h] for h in node_hexes[node] if _producing(board.terrain[h])} - have
        value += 1.5 * len(new_kinds)
        harbor = board.node_harbor[node]
        if harbor >= 0:
            value += 1.0
        return value

    def _free_spots(self, state: CatanState) -> list[int]:
        return bits(state.geo.all_nodes_mask & ~state.blocked)

    def _road_towards(self, state: CatanState, seat: int, spots: list[int]) -> int:
        """The road spot on a shortest way to the best free intersection (value / distance)."""
        targets = {n: self._spot_value(state, seat, n) for n in self._free_spots(state)}
        best_edge, best_score = spots[0], float("-inf")
        owner = state.node_owner
        edges = state.geo.edges
        for edge in spots:
            a, b = edges[edge]
            far = b if (state.road_nodes[seat] >> a) & 1 or owner[a] == seat else a
            distances = _distances(state, seat, far)
            score = max((targets[n] / (1 + d) for n, d in distances.items() if n in targets), default=0.0)
            if score > best_score:
                best_edge, best_score = edge, score
        return best_edge

    # -- turns ------------------------------------------------------------------------------
    def _before_roll(self, state: CatanState, seat: int):
        knights = state.cards_known_to(seat)[1][KNIGHT]
        if knights and not state.dev_played:
            robbed_me = state.robber >= 0 and any(state.node_owner[n] == seat for n in state.geo.hex_nodes[state.robber])
            if robbed_me or self._army_in_reach(state, seat):
                return A.play_dev(KNIGHT)
        return A.ROLL

    def _army_in_reach(self, state: CatanState, seat: int) -> bool:
        holder = state.largest_army
        mine = state.knights[seat] + 1
        return holder != seat and mine >= 3 and (holder < 0 or mine > state.knights[holder])

    def _main(self, state: CatanState, seat: int):
        legal = state.legal_actions(seat)
        kinds = {}
        for action in legal:
            kinds.setdefault(action[0], []).append(action)
        if "city" in kinds:
            return max(kinds["city"], key=lambda a: self._production(state, a[1]))
        if "settlement" in kinds:
            return max(kinds["settlement"], key=lambda a: self._spot_value(state, seat, a[1]))
        if "play_dev" in kinds:
            card = self._dev_to_play(state, seat, [a[1] for a in kinds["play_dev"]])
            if card is not None:
                return A.play_dev(card)
        settle_spots = bits(state.road_nodes[seat] & ~state.blocked)
        if "road" in kinds and not settle_spots and state.pieces[seat][SETTLEMENT]:
            return A.road(self._road_towards(state, seat, [a[1] for a in kinds["road"]]))
        if "buy_dev" in kinds and (state.pieces[seat][CITY] == 0 or not state.city_spots(seat)
                                   or state.cards_known_to(seat)[0][1] > 3):
            return A.BUY_DEV
        trade = self._useful_trade(state, seat, settle_spots) if state.phase is P.PLAY1 else None
        if trade is not None:
            return trade
        if "buy_dev" in kinds:
            return A.BUY_DEV
        if "road" in kinds and state.road_length[seat] >= 4 and state.longest_road != seat:
            return A.road(self._road_towards(state, seat, [a[1] for a in kinds["road"]]))
        return A.END_TURN

    def _goals(self, state: CatanState, seat: int, settle_spots: list[int]) -> list[tuple[int, ...]]:
        goals = []
        if state.pieces[seat][CITY] and state.city_spots(seat):
            goals.append(PIECE_COST[CITY])
        if state.pieces[seat][SETTLEMENT] and settle_spots:
            goals.append(PIECE_COST[SETTLEMENT])
        if state.pieces[seat][ROAD] and not settle_spots and state.pieces[seat][SETTLEMENT]:
            goals.append(PIECE_COST[ROAD])
        if state.cards_known_to(seat)[2]:  # cards left in the deck
            goals.append(COST_DEV)
        return goals

    def _useful_trade(self, state: CatanState, seat: int, settle_spots: list[int]):
        """A single-lot bank trade that completes a goal without breaking it."""
        hand, ratios, bank = state.cards_known_to(seat)[0], state.ratios[seat], state.bank
        for goal in self._goals(state, seat, settle_spots):
            missing = [max(0, goal[r] - hand[r]) for r in range(5)]
            if sum(missing) != 1:
                continue
            want = missing.index(1)
            if not bank[want]:
                continue
            for give in sorted(range(5), key=lambda r: hand[r] - goal[r], reverse=True):
                if give != want and hand[give] - goal[give] >= ratios[give]:
                    return A.bank_trade(A.unit(give, ratios[give]), A.unit(want))
        return None

    def _dev_to_play(self, state: CatanState, seat: int, playable: list[int]):
        if KNIGHT in playable and (self._army_in_reach(state, seat) or state.robber >= 0
                                   and any(state.node_owner[n] == seat for n in state.geo.hex_nodes[state.robber])):
            return KNIGHT
        if ROAD_BUILDING in playable and state.pieces[seat][ROAD] >= 2:
            return ROAD_BUILDING
        if YEAR_OF_PLENTY in playable:
            return YEAR_OF_PLENTY
        if MONOPOLY in playable:
            return MONOPOLY
        return None

    def _year_of_plenty(self, state: CatanState, seat: int):
        hand = state.cards_known_to(seat)[0]
        need = []
        for goal in (PIECE_COST[CITY], PIECE_COST[SETTLEMENT], COST_DEV):
            need = [r for r in range(5) for _ in range(max(0, goal[r] - hand[r]))]
            if len(need) <= 2:
                break
        picks = [r for r in need if state.bank[r]][:2]
        while len(picks) < 2:
            picks.append(max(range(5), key=lambda r: (state.bank[r] - (r in picks), -hand[r])))
        if picks[0] == picks[1] and state.bank[picks[0]] < 2:
            picks[1] = max((r for r in range(5) if r != picks[0]), key=lambda r: state.bank[r])
        return A.pick_resources(*sorted(picks))

    def _monopoly(self, state: CatanState, seat: int) -> int:
        # opponents' hands are hidden; production is not: take what the board gives others most
        others = [0.0] * 5
        board = state.board
        for n, o in enumerate(state.node_owner):
            if o >= 0 and o != seat:
                for h in state.geo.node_hexes[n]:
                    if board.terrain[h] < DESERT:
                        others[board.terrain[h]] += board.hex_pips[h] * state.node_level[n]
        return max(range(5), key=lambda r: others[r] * WEIGHTS[r])

    def _discard(self, state: CatanState, seat: int) -> tuple[int, ...]:
        hand = list(state.cards_known_to(seat)[0])
        keep_for = PIECE_COST[CITY] if state.city_spots(seat) else PIECE_COST[SETTLEMENT]
        out = [0] * 5
        for _ in range(state.discards[seat]):
            r = max(range(5), key=lambda x: (hand[x] - keep_for[x], hand[x]))
            hand[r] -= 1
            out[r] += 1
        return tuple(out)

    def _robber_hex(self, state: CatanState, seat: int) -> int:
        leader_vp = {s: state.public_vp(s) for s in range(state.seat_count)}

        def harm(h: int) -> float:
            if h == state.robber or h in state.robber_barred:
                return float("-inf")
            score = 0.0
            for n in state.geo.hex_nodes[h]:
                o = state.node_owner[n]
                if o == seat:
                    return -100.0
                if o >= 0:
                    score += state.board.hex_pips[h] * state.node_level[n] * (1 + leader_vp[o]) \
                        + (0.5 if state.hand_size(o) else 0.0)
            return score

        return max((a[1] for a in state.legal_actions(seat)), key=harm)

    def _answer_offer(self, state: CatanState, seat: int):
        offer = state.offers[state.current]
        if offer is None or seat not in offer[2]:
            return A.REJECT
        give, get = offer[0], offer[1]  # the offerer gives `give` and wants `get`
        hand = state.cards_known_to(seat)[0]
        if not covers(hand, get):
            return A.REJECT
        settle = bits(state.road_nodes[seat] & ~state.blocked)
        before = self._closeness(hand, self._goals(state, seat, settle))
        after_hand = [hand[r] + give[r] - get[r] for r in range(5)]
        after = self._closeness(after_hand, self._goals(state, seat, settle))
        if after < before and state.public_vp(state.current) < 8:
            return A.accept(state.current)
        return A.REJECT

    @staticmethod
    def _closeness(hand, goals) -> int:
        return min((sum(max(0, g[r] - hand[r]) for r in range(5)) for g in goals), default=99)


def _producing(terrain: int) -> bool:
    """A resource hex, or gold (the sea board's: any resource)."""
    return terrain < DESERT or terrain == GOLD


def _weight(terrain: int) -> float:
    return WEIGHTS[terrain] if terrain < DESERT else GOLD_WEIGHT


def _distances(state: CatanState, seat: int, start: int, limit: int = 3) -> dict[int, int]:
    """Road steps from `start` to nearby intersections over edges free or already ours."""
    seen = {start: 0}
    frontier = [start]
    owner, edge_owner = state.node_owner, state.edge_owner
    node_edges, node_neighbors = state.geo.node_edges, state.geo.node_neighbors
    for depth in range(1, limit + 1):
        nxt = []
        for node in frontier:
            if owner[node] >= 0 and owner[node] != seat:
                continue
            for edge, other in zip(node_edges[node], node_neighbors[node]):
                if other not in seen and edge_owner[edge] in (-1, seat):
                    seen[other] = depth
                    nxt.append(other)
        frontier = nxt
    return seen

"""The strong bot's play on the sea board: the decisions the classic board does not have.

`choose(bot, state, seat)` answers the sea board's phases and the scenario moves worth making,
and leaves everything else (None) to the classic strategy in `bots.StrongBot`, which reads the
sea board through the same fields.  It plays simply and always finishes: ships towards the best
free spot when no road leads to one, the robber rather than the pirate (as JSettlers' robots
do) unless only the pirate may move, wonders and fortress attacks when it can, harbours placed
at once.
"""

from __future__ import annotations

from ..constants import (KNIGHT, PLACING_FREE_ROAD1, PLACING_FREE_ROAD2, PLAY1, ROLL_OR_CARD,
                         WAITING_FOR_ROB_CHOOSE_PLAYER)
from ..geometry import bits
from .fields import SeaPhase

_SETTLE = (SeaPhase.START3A,)
_ROUTES = (SeaPhase.START3B,)


def choose(bot, state, seat: int):
    """A sea-board decision for `seat`, or None to let the classic strategy decide."""
    phase = state.phase
    legal = state.legal_actions(seat)
    if not legal:
        return None
    kinds: dict[str, list[tuple]] = {}
    for action in legal:
        kinds.setdefault(action[0], []).append(action)
    if phase.name in ("START1A", "START2A", "START3A"):
        return max(legal, key=lambda a: bot._spot_value(state, seat, a[1]))
    if spends_wonder_ship(state, seat):
        kinds.pop("ship", None)
    if phase.name in ("START1B", "START2B", "START3B") or phase in (PLACING_FREE_ROAD1, PLACING_FREE_ROAD2) \
            or phase is SeaPhase.PLACING_SHIP:
        return _route_piece(bot, state, seat, kinds)
    if phase is SeaPhase.WAITING_FOR_ROBBER_OR_PIRATE:
        return ("bandit", 0)
    if phase is SeaPhase.PLACING_PIRATE:
        return max(legal, key=lambda a: _pirate_harm(state, seat, a[1]))
    if phase is SeaPhase.WAITING_FOR_ROB_CLOTH_OR_RESOURCE:
        return ("rob_cloth", 1)
    if phase is SeaPhase.WAITING_FOR_PICK_GOLD_RESOURCE or phase is SeaPhase.STARTS_WAITING_FOR_PICK_GOLD_RESOURCE:
        return min(legal, key=lambda a: _still_missing(bot, state, seat, a[1]))
    if phase is SeaPhase.PLACING_INV_ITEM:
        return legal[0]
    if phase is WAITING_FOR_ROB_CHOOSE_PLAYER:
        victims = [v for v in state.victims if v >= 0]
        return ("rob", max(victims, key=lambda v: (state.public_vp(v), state.hand_size(v)))) if victims else legal[0]
    if phase is ROLL_OR_CARD and state.scenario.fortresses:  # knights are warships, no robber
        return ("play_dev", KNIGHT) if ("play_dev", KNIGHT) in legal else ("roll",)
    if phase is PLAY1 and seat == state.current:
        return _main(bot, state, seat, kinds)
    return None


def spends_wonder_ship(state, seat: int) -> bool:
    """Whether placing a ship now would spend, in Wonders, the last ship `seat` needs to start a
    wonder (each wonder takes one from the supply)."""
    return state.scenario.wonders and state.pieces[seat][3] <= 1 and seat not in state.wonder_owner


def _route_piece(bot, state, seat: int, kinds):
    roads = [a[1] for a in kinds.get("road", ())]
    ships = [a[1] for a in kinds.get("ship", ())]
    free = bits(state.geo.all_nodes_mask & ~state.blocked)
    if roads and (not ships or _reaches_free_land(state, seat, roads, free)):
        return ("road", bot._road_towards(state, seat, roads))
    if ships:
        return ("ship", _ship_towards(bot, state, seat, ships, free))
    return kinds.get("cancel_build", [("cancel_build",)])[0]


def _reaches_free_land(state, seat: int, roads: list[int], free: list[int]) -> bool:
    return bool(free) and any(bot_distance(state, state.geo.edges[e], free) <= 3 for e in roads)


def bot_distance(state, nodes, targets) -> int:
    """Steps from any of `nodes` to the nearest of `targets` over the board's edges."""
    goal = set(targets)
    seen = set(nodes)
    frontier = list(nodes)
    depth = 0
    while frontier and depth < 12:
        if goal & set(frontier):
            return depth
        depth += 1
        nxt = []
        for x in frontier:
            for y in state.geo.node_neighbors[x]:
                if y not in seen:
                    seen.add(y)
                    nxt.append(y)
        frontier = nxt
    return 99


def _ship_towards(bot, state, seat: int, ships: list[int], free: list[int]) -> int:
    """The ship spot whose far end is nearest a good free spot (value over distance)."""
    if not free:
        return ships[0]
    values = {n: bot._spot_value(state, seat, n) for n in free}
    best = sorted(values, key=values.get, reverse=True)[:8]

    def score(edge: int) -> float:
        return max(values[n] / (1 + bot_distance(state, state.geo.edges[edge], [n])) for n in best)

    return max(ships, key=score)


def _pirate_harm(state, seat: int, hex_index: int) -> float:
    edges = state.geo.hex_edge_mask[hex_index]
    return sum(1 + state.public_vp(s) for s in range(state.seat_count) if s != seat and state.ships[s] & edges) \
        - (5 if state.ships[seat] & edges else 0)


def _still_missing(bot, state, seat: int, counts) -> int:
    hand = [h + c for h, c in zip(state.cards_known_to(seat)[0], counts)]
    settle = bits(state.road_nodes[seat] & ~state.blocked)
    return bot._closeness(hand, bot._goals(state, seat, settle))


def _main(bot, state, seat: int, kinds):
    """Scenario moves worth making before the classic turn, or a ship where roads lead nowhere."""
    if "wonder" in kinds:
        mine = [a for a in kinds["wonder"] if state.wonder_owner[a[1]] == seat]
        return (mine or kinds["wonder"])[0]
    if state.scenario.fortresses and ("play_dev", KNIGHT) in kinds.get("play_dev", ()):
        return ("play_dev", KNIGHT)  # a warship
    if "attack_fortress" in kinds and (state.warships[seat] >= 3 or state.round > 40):
        return ("attack_fortress",)
    if "play_harbor" in kinds:
        return kinds["play_harbor"][0]
    if "city" in kinds or "settlement" in kinds:
        return None
    settle = bits(state.road_nodes[seat] & ~state.blocked)
    if "ship" in kinds and not settle and state.pieces[seat][1]:
        free = bits(state.geo.all_nodes_mask & ~state.blocked)
        roads = [a[1] for a in kinds.get("road", ())]
        if not roads or not _reaches_free_land(state, seat, roads, free) or state.scenario.fortresses:
            return ("ship", _ship_towards(bot, state, seat, [a[1] for a in kinds["ship"]], free))
    return None

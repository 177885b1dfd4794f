"""Catan constants: resources, costs, development cards, phases, and their outside names.

Resources are the ints 0..4 in JSettlers order (clay, ore, sheep, wheat, wood), so a JSettlers
resource number is ``r + 1``.  Phases carry JSettlers game-state numbers as their values.
"""

from __future__ import annotations

from enum import IntEnum

CLAY, ORE, SHEEP, WHEAT, WOOD = range(5)
RESOURCES = (CLAY, ORE, SHEEP, WHEAT, WOOD)
RESOURCE_NAMES = ("clay", "ore", "sheep", "wheat", "wood")
PER_RESOURCE = 19
PER_RESOURCE_SIX = 24  # 5-6 player games: the extension's 5 more of each resource
DESERT = 5  # terrain value of the desert; other terrains are the resource they produce

SGN_RESOURCE = ("B", "O", "W", "G", "L")  # brick, ore, wool, grain, lumber
RESOURCE_FROM_SGN = {code: r for r, code in enumerate(SGN_RESOURCE)}
SGN_TERRAIN = ("H", "M", "P", "F", "FO", "D")  # hills, mountains, pasture, fields, forest, desert
TERRAIN_FROM_SGN = {code: t for t, code in enumerate(SGN_TERRAIN)}

GENERIC_HARBOR = 5  # 3:1; harbours 0..4 are 2:1 for that resource
SGN_HARBOR = ("HRB", "HRO", "HRW", "HRG", "HRL", "HR")
HARBOR_FROM_SGN = {code: h for h, code in enumerate(SGN_HARBOR)}

ROAD, SETTLEMENT, CITY = 0, 1, 2  # JSettlers piece type numbers
PIECE_NAMES = ("road", "settlement", "city")
PIECE_FROM_NAME = {name: p for p, name in enumerate(PIECE_NAMES)}

COST_ROAD = (1, 0, 0, 0, 1)
COST_SETTLEMENT = (1, 0, 1, 1, 1)
COST_CITY = (0, 3, 0, 2, 0)
COST_DEV = (0, 1, 1, 1, 0)
PIECE_COST = (COST_ROAD, COST_SETTLEMENT, COST_CITY)
PIECE_SUPPLY = (15, 5, 4)
SHIP, COST_SHIP = 3, (0, 0, 1, 0, 1)  # the sea board's ships (`sea`), JSettlers piece type 3
SHIP_SUPPLY = 15  # ships each player has on the sea board

# development cards: rule types 0..4; the deck holds card ids 0..8 where 4..8 are the five
# differently named victory point cards (JSettlers draws and reveals them by name)
KNIGHT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY, VICTORY_POINT = range(5)
DEV_NAMES = ("knight", "road_building", "year_of_plenty", "monopoly", "victory_point")
DEV_FROM_NAME = {name: d for d, name in enumerate(DEV_NAMES)}
SGN_DEV = ("KN", "RB", "YP", "MO", "VP")
DEV_FROM_SGN = {code: d for d, code in enumerate(SGN_DEV)}
VP_CARD_NAMES = ("capitol", "market", "university", "temple", "chapel")
DECK = (KNIGHT,) * 14 + (ROAD_BUILDING,) * 2 + (YEAR_OF_PLENTY,) * 2 + (MONOPOLY,) * 2 + (4, 5, 6, 7, 8)
"""The 25 card ids of the classic deck (ids 4..8: one of each named VP card)."""
DEV_COMPOSITION = (14, 2, 2, 2, 5)
DECK_SIX = DECK + (KNIGHT,) * 6 + (ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY)
"""The 34 card ids of the 5-6 player deck: the classic 25 plus 6 knights, 1 road building, 1 year
of plenty and 1 monopoly (JSettlers' 6-player deck)."""
DEV_COMPOSITION_SIX = (20, 3, 3, 3, 5)


def dev_type(card_id: int) -> int:
    return card_id if card_id < VICTORY_POINT else VICTORY_POINT


def card_name(card_id: int) -> str:
    return DEV_NAMES[card_id] if card_id < VICTORY_POINT else VP_CARD_NAMES[card_id - VICTORY_POINT]


# JSettlers SOCDevCardConstants (v2 numbering) by card id
JS_DEV_CARD = (9, 1, 2, 3, 4, 5, 6, 7, 8)


class Phase(IntEnum):
    """Where the game stands.  Values are the JSettlers ``SOCGame`` state numbers."""

    START1A = 5  # first settlement
    START1B = 6  # first road
    START2A = 10
    START2B = 11
    ROLL_OR_CARD = 15
    PLAY1 = 20
    PLACING_ROAD = 30
    PLACING_SETTLEMENT = 31
    PLACING_CITY = 32
    PLACING_ROBBER = 33
    PLACING_FREE_ROAD1 = 40
    PLACING_FREE_ROAD2 = 41
    WAITING_FOR_DISCARDS = 50
    WAITING_FOR_ROB_CHOOSE_PLAYER = 51
    WAITING_FOR_DISCOVERY = 52  # year of plenty: pick two resources
    WAITING_FOR_MONOPOLY = 53
    SPECIAL_BUILDING = 100  # 5-6 players: a seat that asked builds or buys between two turns
    OVER = 1000


JSETTLERS_STATE: dict[Phase, int] = {phase: int(phase) for phase in Phase}
"""Phase -> JSettlers game state number (one to one)."""
PHASE_FROM_JSETTLERS: dict[int, Phase] = {number: phase for phase, number in JSETTLERS_STATE.items()}

# The phases as plain module names: faster than attribute lookups on the enum
(START1A, START1B, START2A, START2B, ROLL_OR_CARD, PLAY1, PLACING_ROAD, PLACING_SETTLEMENT, PLACING_CITY,
 PLACING_ROBBER, PLACING_FREE_ROAD1, PLACING_FREE_ROAD2, WAITING_FOR_DISCARDS, WAITING_FOR_ROB_CHOOSE_PLAYER,
 WAITING_FOR_DISCOVERY, WAITING_FOR_MONOPOLY, SPECIAL_BUILDING, OVER) = Phase

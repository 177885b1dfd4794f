"""Numbers the JSettlers protocol puts on the wire (facts from `soc.game.*` / `soc.message.*`)."""

from __future__ import annotations

from enum import IntEnum

DEFAULT_PORT = 8880
MAX_PLAYERS_STANDARD = 4
MAX_PLAYERS = 6  # a game with more than 4 players, or on the 6-player board, has 6 seats
DEFAULT_FACE = 1  # `SOCChangeFace` face ids: people's faces are 1 and up (face1 is the default)
# A robot's face (robot.gif; faces 0 and below are robots'): a JSettlers robot announces it
# itself once seated, a tablehall bot has no client to do so and sits with it.
ROBOT_FACE = 0


class State(IntEnum):
    """`SOCGame` game states (the message carrying one is `game_messages.GameState`)."""

    NEW = 0
    READY = 1
    READY_RESET_WAIT_ROBOT_DISMISS = 4
    START1A = 5
    START1B = 6
    START2A = 10
    START2B = 11
    START3A = 12
    START3B = 13
    STARTS_WAITING_FOR_PICK_GOLD_RESOURCE = 14
    ROLL_OR_CARD = 15
    PLAY1 = 20
    PLACING_ROAD = 30
    PLACING_SETTLEMENT = 31
    PLACING_CITY = 32
    PLACING_ROBBER = 33
    PLACING_PIRATE = 34
    PLACING_SHIP = 35
    PLACING_FREE_ROAD1 = 40
    PLACING_FREE_ROAD2 = 41
    PLACING_INV_ITEM = 42
    WAITING_FOR_DISCARDS = 50
    WAITING_FOR_ROB_CHOOSE_PLAYER = 51
    WAITING_FOR_DISCOVERY = 52
    WAITING_FOR_MONOPOLY = 53
    WAITING_FOR_ROBBER_OR_PIRATE = 54
    WAITING_FOR_ROB_CLOTH_OR_RESOURCE = 55
    WAITING_FOR_PICK_GOLD_RESOURCE = 56
    SPECIAL_BUILDING = 100
    UNDOING_ACTION = 950
    LOADING = 990
    LOADING_RESUMING = 992
    OVER = 1000
    RESET_OLD = 1001


class PieceType(IntEnum):
    ROAD = 0
    SETTLEMENT = 1
    CITY = 2
    SHIP = 3
    FORTRESS = 4
    VILLAGE = 5


class Resource(IntEnum):
    """Wire resource numbers; resource sets on the wire are always in this order."""

    CLAY = 1
    ORE = 2
    SHEEP = 3
    WHEAT = 4
    WOOD = 5
    UNKNOWN = 6


RESOURCE_NAMES = ("clay", "ore", "sheep", "wheat", "wood", "unknown")


class DevCard(IntEnum):
    UNKNOWN = 0
    ROADS = 1
    DISC = 2
    MONO = 3
    CAP = 4
    MARKET = 5
    UNIV = 6
    TEMPLE = 7
    CHAPEL = 8
    KNIGHT = 9


class DevCardActionType(IntEnum):
    DRAW = 0
    PLAY = 1
    ADD_NEW = 2
    ADD_OLD = 3
    CANNOT_PLAY = 4
    REMOVE_NEW = 5
    REMOVE_OLD = 6


class ElementAction(IntEnum):
    """`SOCPlayerElement(s)` action types."""

    SET = 100
    GAIN = 101
    LOSE = 102


class PlayerElementType(IntEnum):
    CLAY = 1
    ORE = 2
    SHEEP = 3
    WHEAT = 4
    WOOD = 5
    UNKNOWN_RESOURCE = 6
    ROADS = 10
    SETTLEMENTS = 11
    CITIES = 12
    SHIPS = 13
    NUMKNIGHTS = 15
    ASK_SPECIAL_BUILD = 16
    RESOURCE_COUNT = 17
    LAST_SETTLEMENT_NODE = 18
    PLAYED_DEV_CARD_FLAG = 19
    DISCARD_FLAG = 20
    HAS_SPECIAL_BUILT = 21
    NUM_PLAYED_DEV_CARD_DISC = 22
    NUM_PLAYED_DEV_CARD_MONO = 23
    NUM_PLAYED_DEV_CARD_ROADS = 24
    NUM_UNDOS_REMAINING = 25
    NUM_PICK_GOLD_HEX_RESOURCES = 101
    SCENARIO_SVP = 102
    PLAYEREVENTS_BITMASK = 103
    SCENARIO_SVP_LANDAREAS_BITMASK = 104
    STARTING_LANDAREAS = 105
    SCENARIO_CLOTH_COUNT = 106
    SCENARIO_WARSHIP_COUNT = 107


class GameElementType(IntEnum):
    ROUND_COUNT = 1
    DEV_CARD_COUNT = 2
    FIRST_PLAYER = 3
    CURRENT_PLAYER = 4
    LARGEST_ARMY_PLAYER = 5
    LONGEST_ROAD_PLAYER = 6
    SPECIAL_BUILDING_AFTER_PLAYER = 7
    SHIP_PLACED_THIS_TURN_EDGE = 8
    IS_PLACING_ROBBER_FOR_KNIGHT_CARD_FLAG = 9
    HAS_BUILT_CITY_N7C = 10


class SeatLock(IntEnum):
    """`SOCGame.SeatLockState`; on the wire ``false`` / ``true`` / ``clear``."""

    UNLOCKED = 0
    LOCKED = 1
    CLEAR_ON_RESET = 2


class SimpleActionType(IntEnum):
    DEVCARD_BOUGHT = 1
    TRADE_SUCCESSFUL = 2
    RSRC_TYPE_MONOPOLIZED = 3
    BOARD_EDGE_SET_SPECIAL = 4
    SC_PIRI_FORT_ATTACK_RESULT = 1001
    TRADE_PORT_REMOVED = 1002


class SimpleRequestType(IntEnum):
    PROMPT_PICK_RESOURCES = 1
    SC_PIRI_FORT_ATTACK = 1000
    TRADE_PORT_PLACE = 1001


class PickResourcesReason(IntEnum):
    GENERIC = 1
    DISCOVERY = 2
    GOLD_HEX = 3


class ChoosePlayerChoice(IntEnum):
    NO_PLAYER = -1
    MOVE_ROBBER = -2
    MOVE_PIRATE = -3


class DeclineReason(IntEnum):
    OTHER = 0
    NOT_THIS_GAME = 1
    NOT_YOUR_TURN = 2
    NOT_NOW = 3
    LOCATION = 4
    SPECIFICS = 5


class RejectOfferReason(IntEnum):
    CANNOT_MAKE_TRADE = 1
    NOT_YOUR_TURN = 2
    CANNOT_MAKE_OFFER = 3


class StatusValue(IntEnum):
    """`SOCStatusMessage` status values."""

    OK = 0
    NOT_OK_GENERIC = 1
    NAME_NOT_FOUND = 2
    PW_WRONG = 3
    NAME_IN_USE = 4
    CANT_JOIN_GAME_VERSION = 5
    PROBLEM_WITH_DB = 6
    ACCT_CREATED_OK = 7
    ACCT_NOT_CREATED_ERR = 8
    NEWGAME_OPTION_UNKNOWN = 9
    NEWGAME_OPTION_VALUE_TOONEW = 10
    NEWGAME_ALREADY_EXISTS = 11
    NEWGAME_NAME_REJECTED = 12
    NAME_TOO_LONG = 13
    NEWGAME_TOO_MANY_CREATED = 14
    NEWCHANNEL_TOO_MANY_CREATED = 15
    PW_REQUIRED = 16
    ACCT_NOT_CREATED_DENIED = 17
    ACCT_CREATED_OK_FIRST_ONE = 18
    NAME_NOT_ALLOWED = 19
    OK_SET_NICKNAME = 20
    OK_DEBUG_MODE_ON = 21
    GAME_CLIENT_FEATURES_NEEDED = 22
    SERVER_SHUTDOWN = 23
    MUST_AUTH_FIRST = 24

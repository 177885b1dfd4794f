"""The message codes of the protocol and their texts (docs/protocols/renaissance.md has the
table).  Codes and wording follow the seed (DataDiagram.pdf); codes the seed leaves open are
ours and documented."""

from __future__ import annotations

from .codec import Message

# 1xx informative
ASK_NICKNAME = 110
JOINED = 111
WAIT_FOR_START = 112
VALID_COMMANDS = 113
GAME_OVER = 114
PLAYER_LEFT = 115
LAST_ROUND = 116
GAME_STARTS = 117
WHOSE_TURN = 118
LORENZO = 119
WHAT_TO_DO = 120
TURN_NEWS = 121  # ours: what another player did on the turn that just ended
ASK_PLAYERS = 180
ASK_LEADERS = 181
ASK_START_RESOURCE = 182
WAIT_FOR_SETUP = 183
ASK_SLOT = 190
ASK_OUTPUT = 191
TRANSFORM_OR_DISCARD = 193
ASK_CONVERSION = 194
ASK_SOURCE = 195
ASK_PAY_RESOURCE = 196
ASK_LINE = 197
ASK_PLACE = 198
DISCARD_OR_MOVE = 199

# 2xx success
OK = 201
CONNECTED_FIRST = 202
CONNECTED_NOT_FIRST = 203
ALL_CONNECTED = 204
CARD_ACTIVATED = 210
RESOURCES_MOVED = 211
RESOURCES_BOUGHT = 212
FAITH_INCREASED = 213
CARD_INSERTED = 214
STANDARD_DONE = 215
PRODUCTION_DONE = 216
LEADER_PRODUCTION_DONE = 217
LEADER_DISCARDED = 218
TURN_ENDED = 219
CAN_BUY = 220
CAN_PRODUCE = 221
CAN_PRODUCE_STANDARD = 222
RESOURCE_DISCARDED = 224

# 3xx acknowledgements and keep-alive
NICKNAME_OK = 310
SETUP_DONE = 320  # + seat (320-323)
RESOURCE_OK = 330
DEPOT_OK = 331
PING = 350
PONG = 351

# 4xx client errors
INCORRECT_COMMAND = 401
WAIT = 402
UNKNOWN_ERROR = 403
ALREADY_DONE = 405
NOT_A_NUMBER = 406
OUT_OF_BOUNDS = 407
MISSING_PARAMETERS = 408
INCORRECT_PARAMETERS = 409
NOT_YOUR_TURN = 415
ROW_OR_COLUMN = 416
NO_EXTRA_DEPOT = 425
FLOODING = 429  # ours: too many lines in a row that moved nothing; the connection is closed

# 5xx server errors
SERVER_ERROR = 500
REFUSED = 503  # ours: the server turned the connection away (too many connections, no login in time)

# 6xx objects
MARKET = 650
CARD_MARKET = 651
PERSONAL_BOARD = 652
ACTIVE_LEADERS = 653
LEADER_CARDS = 654
STARTING_LEADERS = 655
ACTION_TOKEN = 656
LEADERBOARD = 657
SOLO_WON = 658
SOLO_LOST = 659
VATICAN = 660

TEXTS = {
    ASK_NICKNAME: "Insert a nickname",
    WAIT_FOR_START: "Not the first player, wait for the game to start",
    WHAT_TO_DO: "What do you want to do?",
    ASK_PLAYERS: "Insert number of Players (1-4)",
    ASK_LEADERS: "Choose the two leader cards to keep -first -second (1-4)",
    ASK_START_RESOURCE: "Choose a starting resource (Coin, Stone, Servant, Shield)",
    WAIT_FOR_SETUP: "Waiting for the other players to finish their setup",
    ASK_SLOT: "Select a position to insert the card in (1-3)",
    ASK_OUTPUT: "Now choose a resource to get from production (Coin, Stone, Servant, Shield)",
    TRANSFORM_OR_DISCARD: "Select if you want to transform or discard the white marble",
    ASK_LINE: "Select a line to insert the resource into (1-3)",
    OK: "ok",
    CONNECTED_FIRST: "Connected player - first",
    CONNECTED_NOT_FIRST: "Connected player - not first",
    ALL_CONNECTED: "All Players connected",
    CARD_ACTIVATED: "Card activated",
    RESOURCES_MOVED: "Resource moved successfully",
    RESOURCES_BOUGHT: "Resources bought",
    FAITH_INCREASED: "Faith increased",
    CARD_INSERTED: "Card inserted in the selected slot",
    STANDARD_DONE: "Standard production finished",
    PRODUCTION_DONE: "Production activated and finished",
    LEADER_PRODUCTION_DONE: "Leader production finished",
    LEADER_DISCARDED: "Leader card discarded",
    TURN_ENDED: "End",
    CAN_BUY: "You can buy the selected card, please choose resources to use",
    CAN_PRODUCE: "You can activate this production, select where you want to take resources from",
    CAN_PRODUCE_STANDARD: "You can activate this standard production, select where you want to take the resources from",
    RESOURCE_DISCARDED: "Resource discarded",
    NICKNAME_OK: "Correct nickname",
    SETUP_DONE: "Setup completed",
    RESOURCE_OK: "Resource chosen correctly",
    DEPOT_OK: "Depot chosen correctly",
    PING: "ping",
    INCORRECT_COMMAND: "Incorrect command",
    WAIT: "Nothing to do here, wait for the game to start",
    UNKNOWN_ERROR: "Unknown error",
    ALREADY_DONE: "Action already done",
    NOT_A_NUMBER: "Not a number",
    OUT_OF_BOUNDS: "Index out of bounds",
    MISSING_PARAMETERS: "Missing parameter(s)",
    INCORRECT_PARAMETERS: "Incorrect parameter(s)",
    NOT_YOUR_TURN: "Wait for your turn, in the meanwhile you can only use view commands",
    ROW_OR_COLUMN: "Specify row or column: Buy resources -row -N or Buy resources -column -N",
}

#: the kernel's IllegalAction codes as protocol error codes (41x-42x: game status errors)
ILLEGAL_CODES = {
    "ACTION_DONE": ALREADY_DONE,
    "BAD_INDEX": OUT_OF_BOUNDS,
    "BAD_CHOICE": INCORRECT_PARAMETERS,
    "BAD_RESOURCE": INCORRECT_PARAMETERS,
    "BAD_SOURCE": INCORRECT_PARAMETERS,
    "BAD_ACTION": INCORRECT_PARAMETERS,
    "EMPTY_PILE": 410,
    "NO_SPACE": 411,
    "NOT_ENOUGH": 412,
    "NEED_LEVEL1": 413,
    "NEED_LEVEL2": 414,
    "NOT_YOUR_TURN": NOT_YOUR_TURN,
    "ROW_OR_COLUMN": ROW_OR_COLUMN,
    "ALREADY_PRODUCED": 417,
    "PENDING": 418,
    "SETTING_UP": 418,
    "NO_ACTION": 419,
    "CANT_SWITCH": 420,
    "REQUIREMENTS": 421,
    "NOT_AVAILABLE": 422,
    "NOT_REQUIRED": 423,
    "CANT_PLACE": 424,
    "NO_EXTRA_DEPOT": NO_EXTRA_DEPOT,
    "EMPTY_SLOT": 426,
    "NOT_PRODUCTION_LEADER": 427,
    "GAME_OVER": WAIT,
    "NO_TASK": INCORRECT_COMMAND,
}


def say(code: int, text: str | None = None) -> Message:
    """A plain message with the standard text of `code` unless `text` is given."""
    return Message(code, TEXTS.get(code, "") if text is None else text)


def obj(code: int, payload: object) -> Message:
    return Message(code, "Object", payload)

"""The classic board on the wire: `BoardLayout` (1014) to and from the engine's `Board`.

The message lists 37 hexes (land and the sea ring) in JSettlers' ``numToHexID`` order, with
v1 hex values: 0 desert, 1..5 clay..wood (engine resource + 1), 6 water, ``6 + facing`` a 3:1
harbour and ``facing << 4 | resource`` a 2:1 harbour, where the facing 1..6 (NE, E, SE, SW, W,
NW) points from the harbour's sea hex to its land.  Dice numbers are codes 0..9 for 2..6, 8..12
(-1 for none), and the robber hex is a coordinate.
"""

from __future__ import annotations

from ..board import Board
from ..constants import DESERT, GENERIC_HARBOR
from ..geometry import COAST, HEX_COUNT, HEX_FROM_JS, JS_BOARD_HEXES, JS_HEXES, SIX, harbor_facing
from ..sea.board import SeaBoard
from .game_messages import BoardLayout, BoardLayout2
from .sea_layout import board_layout as sea_board_layout

DESERT_VALUE = 0
WATER_VALUE = 6
NO_NUMBER = -1
DICE_NUMBERS = (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)  # wire code -> number
BOARD_SLOTS = {coord: index for index, coord in enumerate(JS_BOARD_HEXES)}
#: (sea hex, facing) -> the coastal edge a harbour there serves
HARBOR_EDGE = {harbor_facing(edge): edge for edge, _, _ in COAST}


class LayoutMismatch(ValueError):
    """A `BoardLayout` that is not a classic board tablehall can play."""


def harbor_value(kind: int, facing: int) -> int:
    return WATER_VALUE + facing if kind == GENERIC_HARBOR else facing << 4 | (kind + 1)


def board_layout(game: str, board: Board, robber: int) -> BoardLayout:
    """The `BoardLayout` message for `board` with the robber on land hex `robber`."""
    hexes = [WATER_VALUE] * len(JS_BOARD_HEXES)
    numbers = [NO_NUMBER] * len(JS_BOARD_HEXES)
    for h in range(HEX_COUNT):
        slot = BOARD_SLOTS[JS_HEXES[h]]
        terrain = board.terrain[h]
        hexes[slot] = DESERT_VALUE if terrain == DESERT else terrain + 1
        if board.numbers[h]:
            numbers[slot] = DICE_NUMBERS.index(board.numbers[h])
    for edge, kind in board.harbors:
        sea_hex, facing = harbor_facing(edge)
        hexes[BOARD_SLOTS[sea_hex]] = harbor_value(kind, facing)
    return BoardLayout(game, tuple(hexes), tuple(numbers), JS_HEXES[robber])


def board_from_layout(message: BoardLayout) -> Board:
    """The engine board a `BoardLayout` describes (robber included); `LayoutMismatch` if the
    message is not a classic board."""
    if len(message.hexes) != len(JS_BOARD_HEXES) or len(message.numbers) != len(JS_BOARD_HEXES):
        raise LayoutMismatch("a classic layout has 37 hexes")
    terrain = [DESERT] * HEX_COUNT
    numbers = [0] * HEX_COUNT
    harbors = []
    for slot, (coord, value, code) in enumerate(zip(JS_BOARD_HEXES, message.hexes, message.numbers)):
        land = HEX_FROM_JS.get(coord)
        if land is not None:
            if not 0 <= value <= 5:
                raise LayoutMismatch(f"hex 0x{coord:02x} is land on the classic board, not value {value}")
            terrain[land] = DESERT if value == DESERT_VALUE else value - 1
            if code != NO_NUMBER:
                if not 0 <= code < len(DICE_NUMBERS):
                    raise LayoutMismatch(f"hex 0x{coord:02x}: no dice number code {code}")
                numbers[land] = DICE_NUMBERS[code]
        elif value != WATER_VALUE:
            if WATER_VALUE < value <= WATER_VALUE + 6:
                kind, facing = GENERIC_HARBOR, value - WATER_VALUE
            else:
                kind, facing = (value & 0x0F) - 1, value >> 4
            edge = HARBOR_EDGE.get((coord, facing))
            if edge is None or not 0 <= kind <= GENERIC_HARBOR:
                raise LayoutMismatch(f"hex 0x{coord:02x}: value {value} is no harbour on the coast")
            harbors.append((edge, kind))
    robber = HEX_FROM_JS.get(message.robber_hex)
    if robber is None:
        raise LayoutMismatch(f"robber hex 0x{message.robber_hex:x} is not land")
    try:
        return Board(terrain, numbers, harbors, robber)
    except ValueError as error:
        raise LayoutMismatch(str(error)) from None


# -- the 6-player board (encoding 2): BoardLayout2 with HL, NL, PL and RH ------------------------------
SIX_PLAYER_ENCODING = 2
#: the 6-player board's harbour edges, clockwise from the upper left: PL lists their types in this order
SIX_HARBOR_EDGES = (0x07, 0x3A, 0x7C, 0xAC, 0xCA, 0xC7, 0xA3, 0x70, 0x30, 0x00, 0x03)
GENERIC_PORT = 0  # PL's 3:1 harbour; 1..5 the 2:1 harbours of clay..wood


def six_player_layout(game: str, state) -> BoardLayout2:
    """`BoardLayout2` for the 6-player board: the hexes in the same 37 slots as the classic
    board's (desert 0, clay..wood 1..5, water 6), the dice numbers as rolled (0: none), each
    harbour's type in `SIX_HARBOR_EDGES` order and the robber hex."""
    geo, board = state.geo, state.board
    hexes = [WATER_VALUE] * len(JS_BOARD_HEXES)
    numbers = [0] * len(JS_BOARD_HEXES)
    for h, coord in enumerate(geo.js_hexes):
        slot = BOARD_SLOTS[coord]
        terrain = board.terrain[h]
        hexes[slot] = DESERT_VALUE if terrain == DESERT else terrain + 1
        numbers[slot] = board.numbers[h] or 0
    kinds = {geo.js_edges[edge]: kind for edge, kind in board.harbors}
    ports = tuple(GENERIC_PORT if kinds[e] == GENERIC_HARBOR else kinds[e] + 1 for e in SIX_HARBOR_EDGES)
    return BoardLayout2(game, SIX_PLAYER_ENCODING, (("HL", tuple(hexes)), ("NL", tuple(numbers)), ("PL", ports),
                                                    ("RH", str(geo.js_hexes[state.robber]))))


def board_from_six_layout(message: BoardLayout2) -> Board:
    """The engine board a 6-player `BoardLayout2` (encoding 2: HL, NL, PL, RH) describes;
    `LayoutMismatch` if it is not one."""
    parts = dict(message.parts)
    hexes, numbers, ports, robber = parts.get("HL"), parts.get("NL"), parts.get("PL"), parts.get("RH")
    if (message.encoding != SIX_PLAYER_ENCODING or not isinstance(hexes, tuple) or not isinstance(numbers, tuple)
            or not isinstance(ports, tuple) or not isinstance(robber, str)):
        raise LayoutMismatch("a 6-player layout has encoding 2 and the parts HL, NL, PL and RH")
    if len(hexes) != len(JS_BOARD_HEXES) or len(numbers) != len(JS_BOARD_HEXES) or len(ports) != len(SIX_HARBOR_EDGES):
        raise LayoutMismatch("a 6-player layout has 37 hexes, 37 numbers and 11 harbours")
    terrain, dice = [], []
    for coord in SIX.js_hexes:
        value, number = hexes[BOARD_SLOTS[coord]], numbers[BOARD_SLOTS[coord]]
        if not 0 <= value <= 5 or number not in (0, *DICE_NUMBERS):
            raise LayoutMismatch(f"hex 0x{coord:02x} is land on the 6-player board, not value {value} number {number}")
        terrain.append(DESERT if value == DESERT_VALUE else value - 1)
        dice.append(number)
    if not all(0 <= kind <= 5 for kind in ports):
        raise LayoutMismatch(f"harbour types are 0..5, not {ports}")
    harbors = [(SIX.edge_from_js[edge], GENERIC_HARBOR if kind == GENERIC_PORT else kind - 1)
               for edge, kind in zip(SIX_HARBOR_EDGES, ports)]
    try:
        return Board(terrain, dice, harbors, SIX.hex_from_js[int(robber)], frame=SIX)
    except (KeyError, ValueError) as error:
        raise LayoutMismatch(f"not a 6-player board: {error}") from None


def layout_message(game: str, state) -> BoardLayout | BoardLayout2:
    """The board as the Java server sends it: `BoardLayout` for the classic board, `BoardLayout2`
    (encoding 2) for the 6-player board, (encoding 3) for a sea board."""
    if isinstance(state.board, SeaBoard):
        return sea_board_layout(game, state.board, state.robber, state.pirate)
    geo = getattr(state, "geo", None)
    if geo is not None and getattr(geo, "name", "classic") == "six":
        return six_player_layout(game, state)
    return board_layout(game, state.board, state.robber)

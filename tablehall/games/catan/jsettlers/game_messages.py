"""Messages about one game: membership, seats, board, turns and every game action.

Field names follow the Java ``toString`` labels in snake case; ``pn`` is always a player
(seat) number.  Resource sets are 5-tuples in wire order (clay, ore, sheep, wheat, wood);
`Discard` carries a 6th "unknown" count.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .constants import DevCardActionType, ElementAction, PlayerElementType, RESOURCE_NAMES, SeatLock
from .message import (
    BOOL,
    EMPTYSTR,
    GAME,
    GAME_TEXT_SEP,
    HEX,
    SEP,
    SEP2,
    SERVER_TEXT_SEP,
    STR,
    Field,
    FieldMessage,
    Kind,
    MalformedMessage,
    Message,
    Named,
    bool_str,
    expect,
    hex_coord,
    int_tuple,
    java_bool,
    java_int,
    java_list,
    parse_hex,
    parse_java_list,
    register,
    split_params,
    tokens,
)

Resources = tuple[int, int, int, int, int]
NO_RESOURCES: Resources = (0, 0, 0, 0, 0)


def resources_text(amounts: tuple[int, ...]) -> str:
    """``clay=1|ore=0|sheep=0|wheat=0|wood=0|unknown=0`` (unknown is 0 unless given)."""
    padded = tuple(amounts) + (0,) * (6 - len(amounts))
    return SEP.join(f"{name}={n}" for name, n in zip(RESOURCE_NAMES, padded))


def parse_resources_text(pieces: list[str], start: int, first_label: str) -> tuple[tuple[int, ...], int]:
    """Read the six ``name=n`` pieces of a resource set whose first piece is ``first_label=clay=n``."""
    values = []
    for offset, name in enumerate(RESOURCE_NAMES):
        piece = pieces[start + offset]
        if offset == 0:
            piece = expect(piece, first_label)
        values.append(java_int(expect(piece, name)))
    return tuple(values), start + len(RESOURCE_NAMES)


def _resources(values: tuple[int, ...]) -> Resources:
    if len(values) != 5:
        raise MalformedMessage(f"expected 5 resource amounts, got {len(values)}")
    return values  # type: ignore[return-value]


# --- game name only ------------------------------------------------------------------------------


@register
@dataclass(unsafe_hash=True)
class NewGame(FieldMessage):
    TYPE = 1016
    NAME = "SOCNewGame"
    LAYOUT = (GAME,)
    game: str


@register
@dataclass(unsafe_hash=True)
class DeleteGame(FieldMessage):
    TYPE = 1015
    NAME = "SOCDeleteGame"
    LAYOUT = (GAME,)
    game: str


@register
@dataclass(unsafe_hash=True)
class RollDice(FieldMessage):
    TYPE = 1031
    NAME = "SOCRollDice"
    LAYOUT = (GAME,)
    game: str


@register
@dataclass(unsafe_hash=True)
class EndTurn(FieldMessage):
    TYPE = 1032
    NAME = "SOCEndTurn"
    LAYOUT = (GAME,)
    game: str


@register
@dataclass(unsafe_hash=True)
class BuyDevCardRequest(FieldMessage):
    TYPE = 1045
    NAME = "SOCBuyDevCardRequest"
    LAYOUT = (GAME,)
    game: str


@register
@dataclass(unsafe_hash=True)
class RobotDismiss(FieldMessage):
    TYPE = 1056
    NAME = "SOCRobotDismiss"
    LAYOUT = (GAME,)
    game: str


@register
@dataclass(unsafe_hash=True)
class TimingPing(FieldMessage):
    """Generated inside a robot process, never by a server; known so it is not `Unknown`."""

    TYPE = 1088
    NAME = "SOCTimingPing"
    LAYOUT = (GAME,)
    game: str


# --- game name and numbers -----------------------------------------------------------------------


@register
@dataclass(unsafe_hash=True)
class PutPiece(FieldMessage):
    TYPE = 1009
    NAME = "SOCPutPiece"
    LAYOUT = (GAME, Field("pn", "playerNumber"), Field("piece_type", "pieceType"), Field("coord", "coord", HEX))
    game: str
    pn: int
    piece_type: int
    coord: int


@register
@dataclass(unsafe_hash=True)
class UndoPutPiece(FieldMessage):
    """2.7.00, option UB: a client asks to undo its last build or move (its pn is ignored); the
    server announces the undo to all with the player's number, or declines with pn -1."""

    TYPE = 1105
    NAME = "SOCUndoPutPiece"
    LAYOUT = (GAME, Field("pn", "playerNumber"), Field("piece_type", "pieceType"), Field("coord", "coord", HEX),
              Field("moved_from", "movedFromCoord", HEX, optional=True))
    game: str
    pn: int
    piece_type: int
    coord: int
    moved_from: int = 0


@register
@dataclass(unsafe_hash=True)
class UndoNotAllowedReasonText(FieldMessage):
    """2.7.00: the current player's last action cannot be undone, and why."""

    TYPE = 1107
    NAME = "SOCUndoNotAllowedReasonText"
    LAYOUT = (GAME, Field("not_allowed", "isNotAllowed"), Field("reason", "reason", STR, optional=True))
    game: str
    not_allowed: int = 1
    reason: str = ""


@register
@dataclass(unsafe_hash=True)
class StartGame(FieldMessage):
    """Client to server: start (no state).  Server to clients: started, with the new state."""

    TYPE = 1018
    NAME = "SOCStartGame"
    LAYOUT = (GAME, Field("game_state", "gameState", optional=True))
    game: str
    game_state: int = 0


@register
@dataclass(unsafe_hash=True)
class GameState(FieldMessage):
    TYPE = 1025
    NAME = "SOCGameState"
    LAYOUT = (GAME, Field("state", "state"))
    game: str
    state: int


@register
@dataclass(unsafe_hash=True)
class Turn(FieldMessage):
    TYPE = 1026
    NAME = "SOCTurn"
    LAYOUT = (GAME, Field("pn", "playerNumber"), Field("game_state", "gameState", optional=True))
    game: str
    pn: int
    game_state: int = 0


@register
@dataclass(unsafe_hash=True)
class DiceResult(FieldMessage):
    TYPE = 1028
    NAME = "SOCDiceResult"
    LAYOUT = (GAME, Field("result", "param"))
    game: str
    result: int


@register
@dataclass(unsafe_hash=True)
class DiscardRequest(FieldMessage):
    TYPE = 1029
    NAME = "SOCDiscardRequest"
    LAYOUT = (GAME, Field("count", "numDiscards"))
    game: str
    count: int


@register
@dataclass(unsafe_hash=True)
class MoveRobber(FieldMessage):
    """``coord`` is a hex; negative for the pirate."""

    TYPE = 1034
    NAME = "SOCMoveRobber"
    LAYOUT = (GAME, Field("pn", "playerNumber"), Field("coord", "coord", HEX))
    game: str
    pn: int
    coord: int


@register
@dataclass(unsafe_hash=True)
class ChoosePlayer(FieldMessage):
    TYPE = 1035
    NAME = "SOCChoosePlayer"
    LAYOUT = (GAME, Field("choice", "choice"))
    game: str
    choice: int


@register
@dataclass(unsafe_hash=True)
class RejectOffer(FieldMessage):
    TYPE = 1037
    NAME = "SOCRejectOffer"
    LAYOUT = (GAME, Field("pn", "playerNumber"), Field("reason", "reasonCode", optional=True))
    game: str
    pn: int
    reason: int = 0


@register
@dataclass(unsafe_hash=True)
class ClearOffer(FieldMessage):
    TYPE = 1038
    NAME = "SOCClearOffer"
    LAYOUT = (GAME, Field("pn", "playerNumber"))
    game: str
    pn: int


@register
@dataclass(unsafe_hash=True)
class ClearTradeMsg(FieldMessage):
    TYPE = 1042
    NAME = "SOCClearTradeMsg"
    LAYOUT = (GAME, Field("pn", "playerNumber"))
    game: str
    pn: int


@register
@dataclass(unsafe_hash=True)
class BuildRequest(FieldMessage):
    """``piece_type`` -1 asks to Special Build."""

    TYPE = 1043
    NAME = "SOCBuildRequest"
    LAYOUT = (GAME, Field("piece_type", "pieceType"))
    game: str
    piece_type: int


@register
@dataclass(unsafe_hash=True)
class CancelBuildRequest(FieldMessage):
    TYPE = 1044
    NAME = "SOCCancelBuildRequest"
    LAYOUT = (GAME, Field("piece_type", "pieceType"))
    game: str
    piece_type: int


@register
@dataclass(unsafe_hash=True)
class PlayDevCardRequest(FieldMessage):
    TYPE = 1049
    NAME = "SOCPlayDevCardRequest"
    LAYOUT = (GAME, Field("card", "devCard"))
    game: str
    card: int


@register
@dataclass(unsafe_hash=True)
class PickResourceType(FieldMessage):
    """Monopoly's resource choice."""

    TYPE = 1053
    NAME = "SOCPickResourceType"
    LAYOUT = (GAME, Field("resource", "resType"))
    game: str
    resource: int


@register
@dataclass(unsafe_hash=True)
class ChangeFace(FieldMessage):
    TYPE = 1058
    NAME = "SOCChangeFace"
    LAYOUT = (GAME, Field("pn", "playerNumber"), Field("face", "faceId"))
    game: str
    pn: int
    face: int


@register
@dataclass(unsafe_hash=True)
class ResourceCount(FieldMessage):
    TYPE = 1063
    NAME = "SOCResourceCount"
    LAYOUT = (GAME, Field("pn", "playerNum"), Field("count", "count"))
    game: str
    pn: int
    count: int


@register
@dataclass(unsafe_hash=True)
class RollDicePrompt(FieldMessage):
    TYPE = 1072
    NAME = "SOCRollDicePrompt"
    LAYOUT = (GAME, Field("pn", "playerNumber"))
    game: str
    pn: int


@register
@dataclass(unsafe_hash=True)
class SimpleRequest(FieldMessage):
    TYPE = 1089
    NAME = "SOCSimpleRequest"
    LAYOUT = (GAME, Field("pn", "pn"), Field("request_type", "reqType"), Field("value1", "v1"), Field("value2", "v2"))
    game: str
    pn: int
    request_type: int
    value1: int = 0
    value2: int = 0


@register
@dataclass(unsafe_hash=True)
class SimpleAction(FieldMessage):
    TYPE = 1090
    NAME = "SOCSimpleAction"
    LAYOUT = (GAME, Field("pn", "pn"), Field("action_type", "actType"), Field("value1", "v1"), Field("value2", "v2"))
    game: str
    pn: int
    action_type: int
    value1: int = 0
    value2: int = 0


@register
@dataclass(unsafe_hash=True)
class MovePiece(FieldMessage):
    TYPE = 1093
    NAME = "SOCMovePiece"
    LAYOUT = (
        GAME,
        Field("pn", "pn"),
        Field("piece_type", "pieceType"),
        Field("from_coord", "fromCoord", HEX),
        Field("to_coord", "toCoord", HEX),
    )
    game: str
    pn: int
    piece_type: int
    from_coord: int
    to_coord: int


@register
@dataclass(unsafe_hash=True)
class RevealFogHex(FieldMessage):
    TYPE = 10001
    NAME = "SOCRevealFogHex"
    LAYOUT = (GAME, Field("hex_coord", "hexCoord", HEX), Field("hex_type", "hexType"), Field("dice_number", "diceNum"))
    game: str
    hex_coord: int
    hex_type: int
    dice_number: int


@register
@dataclass(unsafe_hash=True)
class RemovePiece(FieldMessage):
    """A piece taken off the board (Pirate Islands: ships lost to a fortress)."""

    TYPE = 1094
    NAME = "SOCRemovePiece"
    LAYOUT = (GAME, Field("pn", "pn"), Field("piece_type", "pieceType"), Field("coord", "coord"))
    game: str
    pn: int
    piece_type: int
    coord: int


@register
@dataclass(unsafe_hash=True)
class PieceValue(FieldMessage):
    """A board piece's values: a village's cloth (Cloth Trade), a fortress's strength (Pirate Islands)."""

    TYPE = 1095
    NAME = "SOCPieceValue"
    LAYOUT = (GAME, Field("piece_type", "pieceType"), Field("coord", "coord", HEX), Field("value1", "pv1"),
              Field("value2", "pv2"))
    game: str
    piece_type: int
    coord: int
    value1: int
    value2: int = 0


@register
@dataclass(unsafe_hash=True)
class SVPTextMessage(FieldMessage):
    """Special victory points awarded, and what for."""

    TYPE = 1097
    NAME = "SOCSVPTextMessage"
    LAYOUT = (GAME, Field("pn", "pn"), Field("svp", "svp"), Field("description", "desc", STR))
    game: str
    pn: int
    svp: int
    description: str


SPECIAL_ITEM_OPS = ("", "SET", "CLEAR", "PICK", "DECLINE", "SET_PICK", "CLEAR_PICK")


@register
@dataclass(unsafe_hash=True)
class SetSpecialItem(Message):
    """A game or player special item (Wonders: pick a wonder, build a level).  ``string_value``
    None is sent as an empty field and shown as ``sv null``."""

    TYPE = 1099
    NAME = "SOCSetSpecialItem"
    PICK, DECLINE, SET_PICK = 3, 4, 5
    game: str
    op: int
    type_key: str
    game_index: int
    player_index: int
    pn: int = -1
    coord: int = -1
    level: int = 0
    string_value: str | None = None

    def encode_data(self) -> str:
        fields = (self.game, self.op, self.type_key, self.game_index, self.player_index, self.pn, self.coord,
                  self.level, EMPTYSTR if self.string_value is None else self.string_value)
        return SEP2.join(map(str, fields))

    @classmethod
    def decode_data(cls, data: str) -> "SetSpecialItem":
        toks = data.split(SEP2)
        if len(toks) != 9:
            raise MalformedMessage("a special item has 9 fields")
        game, op, key, gi, pi, pn, coord, level, value = toks
        return cls(game, java_int(op), key, java_int(gi), java_int(pi), java_int(pn), java_int(coord),
                   java_int(level), None if value == EMPTYSTR else value)

    def str_params(self) -> str:
        op = SPECIAL_ITEM_OPS[self.op] if 0 < self.op < len(SPECIAL_ITEM_OPS) else str(self.op)
        value = "sv null" if self.string_value is None else f"sv={self.string_value}"
        return (f"game={self.game}|op={op}|typeKey={self.type_key}|gi={self.game_index}|pi={self.player_index}"
                f"|pn={self.pn}|co={self.coord}|lv={self.level}|{value}")

    @classmethod
    def from_str_params(cls, params: str) -> "SetSpecialItem":
        pieces = split_params(params)
        if len(pieces) != 9:
            raise MalformedMessage("a special item has 9 fields")
        op = expect(pieces[1], "op")
        value = None if pieces[8] == "sv null" else expect(pieces[8], "sv")
        return cls(expect(pieces[0], "game"), SPECIAL_ITEM_OPS.index(op) if op in SPECIAL_ITEM_OPS else java_int(op),
                   expect(pieces[2], "typeKey"), java_int(expect(pieces[3], "gi")), java_int(expect(pieces[4], "pi")),
                   java_int(expect(pieces[5], "pn")), java_int(expect(pieces[6], "co")),
                   java_int(expect(pieces[7], "lv")), value)


class _NewsFlag(Kind):
    """`SOCPlayerElement`'s optional trailing ``Y``: the change is news to the client."""

    def wire(self, value: bool) -> str:
        return "Y"

    def from_wire(self, token: str) -> bool:
        return token == "Y"


@register
@dataclass(unsafe_hash=True)
class PlayerElement(FieldMessage):
    """One player element set, gained or lost; ``pn`` -1 means every player."""

    TYPE = 1024
    NAME = "SOCPlayerElement"
    LAYOUT = (
        GAME,
        Field("pn", "playerNum"),
        Field("action", "actionType", Named(ElementAction)),
        Field("element", "elementType"),
        Field("amount", "amount"),
        Field("news", "news", _NewsFlag(), optional=True),
    )
    game: str
    pn: int
    action: int
    element: int
    amount: int
    news: bool = False


# --- membership and seats ------------------------------------------------------------------------


@register
@dataclass(unsafe_hash=True)
class JoinGame(Message):
    """Client asks to join (or create) a game; server announces a member joined.

    An empty password is sent as ``\\t``; the host is kept as sent (``\\t`` or ``-`` typically).
    """

    TYPE = 1013
    NAME = "SOCJoinGame"
    nickname: str
    password: str
    host: str
    game: str

    def encode_data(self) -> str:
        return SEP2.join((self.nickname, self.password or EMPTYSTR, self.host, self.game))

    @classmethod
    def decode_data(cls, data: str) -> "JoinGame":
        nick, password, host, game = tokens(data)[:4]
        return cls(nick, "" if password == EMPTYSTR else password, host, game)

    def str_params(self) -> str:
        password = "password=***" if self.password else "password empty"
        return SEP.join((f"nickname={self.nickname}", password, f"host={self.host}", f"game={self.game}"))

    @classmethod
    def from_str_params(cls, params: str) -> "JoinGame":
        nick, password, host, game = split_params(params)
        return cls(
            expect(nick, "nickname"),
            "" if password == "password empty" else expect(password, "password"),
            expect(host, "host"),
            expect(game, "game"),
        )


@register
@dataclass(unsafe_hash=True)
class LeaveGame(FieldMessage):
    TYPE = 1011
    NAME = "SOCLeaveGame"
    LAYOUT = (Field("nickname", "nickname", STR), Field("host", "host", STR), GAME)
    nickname: str
    host: str
    game: str


@register
@dataclass(unsafe_hash=True)
class JoinGameAuth(Message):
    """Join accepted.  Sea boards add height, width and optional visual shift ``S`` values."""

    TYPE = 1021
    NAME = "SOCJoinGameAuth"
    game: str
    board_height: int = 0
    board_width: int = 0
    visual_shift: tuple[int, ...] | None = None

    def encode_data(self) -> str:
        if not self.board_height and not self.board_width:
            return self.game
        parts = [self.game, str(self.board_height), str(self.board_width)]
        if self.visual_shift is not None:
            parts += ["S", *map(str, self.visual_shift)]
        return SEP2.join(parts)

    @classmethod
    def decode_data(cls, data: str) -> "JoinGameAuth":
        toks = tokens(data)
        if len(toks) == 1:
            return cls(toks[0])
        shift = None
        if len(toks) > 3:
            if toks[3] != "S":
                raise MalformedMessage("expected S before visual shift")
            shift = int_tuple(toks[4:])
        return cls(toks[0], java_int(toks[1]), java_int(toks[2]), shift)

    def str_params(self) -> str:
        text = f"game={self.game}"
        if self.board_height or self.board_width:
            text += f"|bh={self.board_height}|bw={self.board_width}"
            if self.visual_shift is not None:
                text += f"|vs={java_list(self.visual_shift)}"
        return text

    @classmethod
    def from_str_params(cls, params: str) -> "JoinGameAuth":
        pieces = split_params(params)
        game = expect(pieces[0], "game")
        if len(pieces) == 1:
            return cls(game)
        shift = None
        if len(pieces) > 3:
            shift = int_tuple(parse_java_list(expect(pieces[3], "vs")))
        return cls(game, java_int(expect(pieces[1], "bh")), java_int(expect(pieces[2], "bw")), shift)


@register
@dataclass(unsafe_hash=True)
class GameMembers(Message):
    TYPE = 1017
    NAME = "SOCGameMembers"
    game: str
    members: tuple[str, ...]

    def encode_data(self) -> str:
        return SEP2.join((self.game, *self.members))

    @classmethod
    def decode_data(cls, data: str) -> "GameMembers":
        game, *members = tokens(data)
        return cls(game, tuple(members))

    def str_params(self) -> str:
        return f"game={self.game}|members={java_list(self.members)}"

    @classmethod
    def from_str_params(cls, params: str) -> "GameMembers":
        game, members = params.split(SEP, 1)
        return cls(expect(game, "game"), tuple(parse_java_list(expect(members, "members"))))


@register
@dataclass(unsafe_hash=True)
class SitDown(FieldMessage):
    """Client to server the nickname is ``\\t`` (the connection's name is used)."""

    TYPE = 1012
    NAME = "SOCSitDown"
    LAYOUT = (GAME, Field("nickname", "nickname", STR), Field("pn", "playerNumber"), Field("robot", "robotFlag", BOOL))
    game: str
    nickname: str
    pn: int
    robot: bool


_SEAT_LOCK_WIRE = {SeatLock.UNLOCKED: "false", SeatLock.LOCKED: "true", SeatLock.CLEAR_ON_RESET: "clear"}
_SEAT_LOCK_FROM_WIRE = {v: k for k, v in _SEAT_LOCK_WIRE.items()}


def _seat_lock(token: str) -> SeatLock:
    try:
        return _SEAT_LOCK_FROM_WIRE[token]
    except KeyError:
        raise MalformedMessage(f"not a seat lock state: {token!r}") from None


@register
@dataclass(unsafe_hash=True)
class SetSeatLock(Message):
    """One seat's lock (``pn`` set) or every seat's (``pn`` None, all ``states``)."""

    TYPE = 1068
    NAME = "SOCSetSeatLock"
    game: str
    states: tuple[SeatLock, ...]
    pn: int | None = None

    def encode_data(self) -> str:
        values = [_SEAT_LOCK_WIRE[s] for s in self.states]
        if self.pn is not None:
            return SEP2.join((self.game, str(self.pn), values[0]))
        return SEP2.join((self.game, *values))

    @classmethod
    def decode_data(cls, data: str) -> "SetSeatLock":
        game, *rest = tokens(data)
        if len(rest) == 2:
            return cls(game, (_seat_lock(rest[1]),), java_int(rest[0]))
        return cls(game, tuple(_seat_lock(t) for t in rest))

    def str_params(self) -> str:
        if self.pn is not None:
            return f"game={self.game}|playerNumber={self.pn}|state={self.states[0].name}"
        return f"game={self.game}|states={','.join(s.name for s in self.states)}"

    @classmethod
    def from_str_params(cls, params: str) -> "SetSeatLock":
        pieces = split_params(params)
        game = expect(pieces[0], "game")
        if len(pieces) == 3:
            return cls(game, (SeatLock[expect(pieces[2], "state")],), java_int(expect(pieces[1], "playerNumber")))
        return cls(game, tuple(SeatLock[s] for s in expect(pieces[1], "states").split(SEP2)))


@register
@dataclass(unsafe_hash=True)
class BotJoinGameRequest(Message):
    """Server asks a robot to join ``game`` and sit at ``pn``; ``options`` None is sent as ``-``."""

    TYPE = 1023
    NAME = "SOCBotJoinGameRequest"
    game: str
    pn: int
    options: str | None

    def encode_data(self) -> str:
        return SEP2.join((self.game, str(self.pn), self.options or "-"))

    @classmethod
    def decode_data(cls, data: str) -> "BotJoinGameRequest":
        game, pn, options = data.split(SEP2, 2)
        return cls(game, java_int(pn), None if options == "-" else options)

    def str_params(self) -> str:
        return f"game={self.game}|playerNumber={self.pn}|opts={'null' if self.options is None else self.options}"

    @classmethod
    def from_str_params(cls, params: str) -> "BotJoinGameRequest":
        game, pn, options = params.split(SEP, 2)
        opts = expect(options, "opts")
        return cls(expect(game, "game"), java_int(expect(pn, "playerNumber")), None if opts == "null" else opts)


@register
@dataclass(unsafe_hash=True)
class GameTextMsg(Message):
    """Chat and debug commands inside a game (fields separated by NUL)."""

    TYPE = 1010
    NAME = "SOCGameTextMsg"
    game: str
    nickname: str
    text: str

    def encode_data(self) -> str:
        return GAME_TEXT_SEP.join((self.game, self.nickname, self.text))

    @classmethod
    def decode_data(cls, data: str) -> "GameTextMsg":
        game, nickname, text = data.split(GAME_TEXT_SEP, 2)
        return cls(game, nickname, text)

    def str_params(self) -> str:
        return f"game={self.game}|nickname={self.nickname}|text={self.text}"

    @classmethod
    def from_str_params(cls, params: str) -> "GameTextMsg":
        game, nickname, text = params.split(SEP, 2)
        return cls(expect(game, "game"), expect(nickname, "nickname"), expect(text, "text"))


@register
@dataclass(unsafe_hash=True)
class GameServerText(Message):
    """Text from the server shown in a game window (robots get none)."""

    TYPE = 1091
    NAME = "SOCGameServerText"
    game: str
    text: str

    def encode_data(self) -> str:
        return f"{self.game}{SERVER_TEXT_SEP}{self.text}"

    @classmethod
    def decode_data(cls, data: str) -> "GameServerText":
        game, text = data.split(SERVER_TEXT_SEP, 1)
        return cls(game, text)

    def str_params(self) -> str:
        return f"game={self.game}|text={self.text}"

    @classmethod
    def from_str_params(cls, params: str) -> "GameServerText":
        game, text = params.split(SEP, 1)
        return cls(expect(game, "game"), expect(text, "text"))


# --- board ---------------------------------------------------------------------------------------


def _int_block(values: tuple[int, ...], hexadecimal: bool = False) -> str:
    """``{ 1 2 3 }``, as `DataUtils.arrayIntoStringBuf` writes arrays."""
    shown = (hex_coord(v) for v in values) if hexadecimal else map(str, values)
    return "{ " + "".join(f"{v} " for v in shown) + "}"


def _parse_int_block(text: str, hexadecimal: bool = False) -> tuple[int, ...]:
    if not (text.startswith("{") and text.endswith("}")):
        raise MalformedMessage(f"expected {{ .. }} block: {text!r}")
    parse = parse_hex if hexadecimal else java_int
    return tuple(parse(v) for v in text[1:-1].split())


BOARD_LAYOUT_SIZE = 37


@register
@dataclass(unsafe_hash=True)
class BoardLayout(Message):
    """The classic board: 37 hex values and 37 dice-number codes (v1 encoding), robber hex."""

    TYPE = 1014
    NAME = "SOCBoardLayout"
    game: str
    hexes: tuple[int, ...]
    numbers: tuple[int, ...]
    robber_hex: int

    def encode_data(self) -> str:
        return SEP2.join((self.game, *map(str, self.hexes), *map(str, self.numbers), str(self.robber_hex)))

    @classmethod
    def decode_data(cls, data: str) -> "BoardLayout":
        toks = tokens(data)
        n = BOARD_LAYOUT_SIZE
        if len(toks) < 2 + 2 * n:
            raise MalformedMessage(f"expected {2 + 2 * n} fields, got {len(toks)}")
        return cls(toks[0], int_tuple(toks[1 : 1 + n]), int_tuple(toks[1 + n : 1 + 2 * n]), java_int(toks[1 + 2 * n]))

    def str_params(self) -> str:
        robber = f"0x{self.robber_hex & 0xFFFFFFFF:x}"  # Integer.toHexString: -1 is ffffffff
        return (
            f"game={self.game}|hexLayout={_int_block(self.hexes)}"
            f"|numberLayout={_int_block(self.numbers)}|robberHex={robber}"
        )

    @classmethod
    def from_str_params(cls, params: str) -> "BoardLayout":
        game, hexes, numbers, robber = split_params(params)
        robber_value = int(expect(robber, "robberHex").removeprefix("0x"), 16)
        if robber_value >= 2**31:
            robber_value -= 2**32
        return cls(
            expect(game, "game"),
            _parse_int_block(expect(hexes, "hexLayout")),
            _parse_int_block(expect(numbers, "numberLayout")),
            robber_value,
        )


@register
@dataclass(unsafe_hash=True)
class BoardLayout2(Message):
    """Keyed board layout (6-player and sea boards): ``parts`` keep their order on the wire.

    A part is an int (sent as text) or an int array (sent as ``[length`` then the values).
    In toString arrays are hex except ``HL`` and ``NL``.
    """

    TYPE = 1084
    NAME = "SOCBoardLayout2"
    game: str
    encoding: int
    parts: tuple[tuple[str, str | tuple[int, ...]], ...]

    def encode_data(self) -> str:
        out = [self.game, str(self.encoding)]
        for key, value in self.parts:
            out.append(key)
            if isinstance(value, tuple):
                out.append(f"[{len(value)}")
                out.extend(map(str, value))
            else:
                out.append(value)
        return SEP2.join(out)

    @classmethod
    def decode_data(cls, data: str) -> "BoardLayout2":
        toks = tokens(data)
        game, encoding = toks[0], java_int(toks[1])
        parts: list[tuple[str, str | tuple[int, ...]]] = []
        i = 2
        while i < len(toks):
            key, value = toks[i], toks[i + 1]
            i += 2
            if value.startswith("["):
                n = java_int(value[1:])
                if i + n > len(toks):
                    raise MalformedMessage(f"layout part {key} is cut short")
                parts.append((key, int_tuple(toks[i : i + n])))
                i += n
            else:
                parts.append((key, value))
        return cls(game, encoding, tuple(parts))

    def str_params(self) -> str:
        text = f"game={self.game}|bef={self.encoding}"
        for key, value in self.parts:
            shown = _int_block(value, key not in ("HL", "NL")) if isinstance(value, tuple) else value
            text += f"|{key}={shown}"
        return text

    @classmethod
    def from_str_params(cls, params: str) -> "BoardLayout2":
        game, encoding, *rest = split_params(params)
        parts: list[tuple[str, str | tuple[int, ...]]] = []
        for piece in rest:
            key, _, value = piece.partition("=")
            if value.startswith("{"):
                parts.append((key, _parse_int_block(value, key not in ("HL", "NL"))))
            else:
                parts.append((key, value))
        return cls(expect(game, "game"), java_int(expect(encoding, "bef")), tuple(parts))


def _node_list_text(nodes: tuple[int, ...]) -> str:
    return "".join(f"{hex_coord(n)} " for n in nodes) if nodes else "(empty)"


def _parse_node_list_text(text: str) -> tuple[int, ...]:
    return () if text == "(empty)" else tuple(parse_hex(n) for n in text.split())


@register
@dataclass(unsafe_hash=True)
class PotentialSettlements(Message):
    """Legal settlement nodes for one player (or all, ``pn`` -1).

    The plain form has only ``nodes``.  The sea-board form (``starting_area`` not None) adds
    each land area's legal nodes and, in some scenarios, legal sea edges per player; its
    ``nodes`` may then be None (not sent: take them from the starting area).
    """

    TYPE = 1057
    NAME = "SOCPotentialSettlements"
    game: str
    pn: int
    nodes: tuple[int, ...] | None
    starting_area: int | None = None
    land_areas: tuple[tuple[int, ...], ...] = ()  # areas 1..n
    sea_edges: tuple[tuple[int, ...], ...] | None = None

    @property
    def _extended(self) -> bool:
        return self.starting_area is not None or self.sea_edges is not None

    def encode_data(self) -> str:
        out = [self.game, str(self.pn)]
        if self.nodes:
            out.extend(map(str, self.nodes))
        elif self.nodes is not None and self._extended:
            out.append("0")  # an empty, non-null list in the extended form
        if self._extended:
            out += ["NA", str(len(self.land_areas)), "PAN", str(self.starting_area or 0)]
            for number, area in enumerate(self.land_areas, 1):
                out.append(f"LA{number}")
                out.extend(map(str, area))
            for index, edges in enumerate(self.sea_edges or ()):
                out.append("SE")
                if not edges and index == len(self.sea_edges) - 1:
                    out.append("0")
                out.extend(hex_coord(e) for e in edges)
        return SEP2.join(out)

    @classmethod
    def decode_data(cls, data: str) -> "PotentialSettlements":
        toks = tokens(data)
        game, pn = toks[0], java_int(toks[1])
        i = 2
        nodes: list[int] = []
        while i < len(toks) and toks[i] != "NA":
            nodes.append(java_int(toks[i]))
            i += 1
        if i == len(toks):
            return cls(game, pn, tuple(nodes))
        area_count = java_int(toks[i + 1])
        if toks[i + 2] != "PAN":
            raise MalformedMessage("expected PAN")
        starting_area = java_int(toks[i + 3])
        i += 4
        areas: list[tuple[int, ...]] = []
        while i < len(toks) and toks[i].startswith("LA"):
            if java_int(toks[i][2:]) != len(areas) + 1:
                raise MalformedMessage(f"land areas out of order at {toks[i]}")
            i += 1
            area: list[int] = []
            while i < len(toks) and not (toks[i].startswith("LA") or toks[i] == "SE"):
                area.append(java_int(toks[i]))
                i += 1
            areas.append(tuple(area))
        if len(areas) != area_count:
            raise MalformedMessage(f"NA says {area_count} land areas, got {len(areas)}")
        sea_edges: list[tuple[int, ...]] | None = None
        while i < len(toks) and toks[i] == "SE":
            i += 1
            edges: list[int] = []
            while i < len(toks) and toks[i] != "SE":
                edge = parse_hex(toks[i])
                if edge:
                    edges.append(edge)
                i += 1
            sea_edges = (sea_edges or []) + [tuple(edges)]
        if i != len(toks):
            raise MalformedMessage(f"unexpected {toks[i]!r}")
        if not nodes:
            ps = None
        elif nodes == [0]:
            ps = ()
        else:
            ps = tuple(nodes)
        return cls(game, pn, ps, starting_area, tuple(areas), None if sea_edges is None else tuple(sea_edges))

    def str_params(self) -> str:
        if self.nodes is not None:
            listed = _node_list_text(self.nodes)
        else:
            listed = "(null)" if self.starting_area else "(fromAllLANodes)"
        text = f"game={self.game}|playerNum={self.pn}|list={listed}"
        if self.starting_area is not None:
            text += f"|pan={self.starting_area}"
            for number, area in enumerate(self.land_areas, 1):
                text += f"|la{number}={_node_list_text(area)}"
        if self.sea_edges is not None:
            text += "|lse={" + ",".join("{" + _sea_edges_text(e) + "}" for e in self.sea_edges) + "}"
        return text

    @classmethod
    def from_str_params(cls, params: str) -> "PotentialSettlements":
        pieces = split_params(params)
        game = expect(pieces[0], "game")
        pn = java_int(expect(pieces[1], "playerNum"))
        listed = expect(pieces[2], "list").strip()
        nodes = None if listed in ("(null)", "(fromAllLANodes)") else _parse_node_list_text(listed)
        starting_area = None
        areas: list[tuple[int, ...]] = []
        sea_edges = None
        for piece in pieces[3:]:
            if piece.startswith("pan="):
                starting_area = java_int(expect(piece, "pan"))
            elif piece.startswith("la"):
                label, _, value = piece.partition("=")
                if java_int(label[2:]) != len(areas) + 1:
                    raise MalformedMessage(f"land areas out of order at {label}")
                areas.append(_parse_node_list_text(value.strip()))
            elif piece.startswith("lse={{") and piece.endswith("}}"):
                sea_edges = tuple(_parse_sea_edges_text(group) for group in piece[6:-2].split("},{"))
            else:
                raise MalformedMessage(f"unexpected {piece!r}")
        return cls(game, pn, nodes, starting_area, tuple(areas), sea_edges)


def _sea_edges_text(edges: tuple[int, ...]) -> str:
    # A negative entry closes a range: (0xc07, -0xc0b) is shown "c07-c0b".
    out: list[str] = []
    for edge in edges:
        if edge < 0 and out:
            out[-1] += f"-{-edge:x}"
        else:
            out.append(f"{edge:x}")
    return ",".join(out)


def _parse_sea_edges_text(text: str) -> tuple[int, ...]:
    edges: list[int] = []
    for item in filter(None, text.split(",")):
        first, dash, last = item.partition("-")
        edges.append(parse_hex(first))
        if dash:
            edges.append(-parse_hex(last))
    return tuple(edges)


# --- element lists (multi messages) --------------------------------------------------------------


def _pairs(values: list[str]) -> tuple[tuple[int, int], ...]:
    if len(values) % 2:
        raise MalformedMessage("odd number of element values")
    ints = int_tuple(values)
    return tuple(zip(ints[::2], ints[1::2]))


def _pairs_text(pairs: tuple[tuple[int, int], ...]) -> str:
    return ",".join(f"e{e}={v}" for e, v in pairs)


def _parse_pairs_text(text: str) -> tuple[tuple[int, int], ...]:
    out = []
    for item in text.split(","):
        key, _, value = item.partition("=")
        if not key.startswith("e"):
            raise MalformedMessage(f"expected eN=value, got {item!r}")
        out.append((java_int(key[1:]), java_int(value)))
    return tuple(out)


@register
@dataclass(unsafe_hash=True)
class PlayerElements(Message):
    """Several elements of one player, all with the same action: ``elements`` is (type, amount)s."""

    TYPE = 1086
    NAME = "SOCPlayerElements"
    MULTI = True
    game: str
    pn: int
    action: int
    elements: tuple[tuple[int, int], ...]

    def encode_data(self) -> str:
        flat = [str(x) for pair in self.elements for x in pair]
        return SEP.join((self.game, str(self.pn), str(self.action), *flat))

    def to_cmd(self) -> str:
        """`Message.to_cmd` in one step (sent at every roll and build); same text."""
        head = f"1086|{self.game}|{self.pn}|{self.action}"
        if not self.elements:
            return head
        return head + "".join([f"|{kind}|{amount}" for kind, amount in self.elements])

    @classmethod
    def decode_multi(cls, params: list[str]) -> "PlayerElements":
        game, pn, action, *rest = params
        return cls(game, java_int(pn), java_int(action), _pairs(rest))

    def str_params(self) -> str:
        action = Named(ElementAction).text(self.action)
        return f"game={self.game}|playerNum={self.pn}|actionType={action}|{_pairs_text(self.elements)}"

    @classmethod
    def from_str_params(cls, params: str) -> "PlayerElements":
        game, pn, action, pairs = split_params(params)
        return cls(
            expect(game, "game"),
            java_int(expect(pn, "playerNum")),
            Named(ElementAction).from_text(expect(action, "actionType")),
            _parse_pairs_text(pairs),
        )


@register
@dataclass(unsafe_hash=True)
class GameElements(Message):
    """Game-wide elements: ``elements`` is (GameElementType, value)s."""

    TYPE = 1096
    NAME = "SOCGameElements"
    MULTI = True
    game: str
    elements: tuple[tuple[int, int], ...]

    def encode_data(self) -> str:
        return SEP.join((self.game, *(str(x) for pair in self.elements for x in pair)))

    @classmethod
    def decode_multi(cls, params: list[str]) -> "GameElements":
        game, *rest = params
        return cls(game, _pairs(rest))

    def str_params(self) -> str:
        return f"game={self.game}|{_pairs_text(self.elements)}"

    @classmethod
    def from_str_params(cls, params: str) -> "GameElements":
        game, pairs = split_params(params)
        return cls(expect(game, "game"), _parse_pairs_text(pairs))


@dataclass(unsafe_hash=True)
class RolledResources:
    """One player's share of a roll: new resource total and (amount, resource type) gains."""

    pn: int
    total: int
    gains: tuple[tuple[int, int], ...]


@register
@dataclass(unsafe_hash=True)
class DiceResultResources(Message):
    TYPE = 1092
    NAME = "SOCDiceResultResources"
    MULTI = True
    game: str
    players: tuple[RolledResources, ...]

    def _values(self) -> list[int]:
        values = [len(self.players)]
        for index, share in enumerate(self.players):
            if index:
                values.append(0)  # separates players
            values += [share.pn, share.total]
            for amount, resource in share.gains:
                values += [amount, resource]
        return values

    def encode_data(self) -> str:
        return SEP.join((self.game, *map(str, self._values())))

    def to_cmd(self) -> str:
        """`Message.to_cmd` in one step (sent at every roll that produces); same text."""
        players = self.players
        if not players:
            return f"1092|{self.game}|0"
        shares = [
            f"{share.pn}|{share.total}" + "".join([f"|{amount}|{resource}" for amount, resource in share.gains])
            for share in players
        ]
        return f"1092|{self.game}|{len(players)}|" + "|0|".join(shares)

    @classmethod
    def _from_values(cls, game: str, values: tuple[int, ...]) -> "DiceResultResources":
        count, i = values[0], 1
        players = []
        for index in range(count):
            if index:
                if values[i] != 0:
                    raise MalformedMessage("expected 0 between players")
                i += 1
            pn, total = values[i], values[i + 1]
            i += 2
            gains = []
            while i < len(values) and values[i] != 0:
                gains.append((values[i], values[i + 1]))
                i += 2
            players.append(RolledResources(pn, total, tuple(gains)))
        return cls(game, tuple(players))

    @classmethod
    def decode_multi(cls, params: list[str]) -> "DiceResultResources":
        game, *rest = params
        return cls._from_values(game, int_tuple(rest))

    def str_params(self) -> str:
        return f"game={self.game}|" + SEP.join(f"p={v}" for v in self._values())

    @classmethod
    def from_str_params(cls, params: str) -> "DiceResultResources":
        game, *rest = split_params(params)
        return cls._from_values(expect(game, "game"), tuple(java_int(expect(p, "p")) for p in rest))


@register
@dataclass(unsafe_hash=True)
class PlayerStats(Message):
    """Per-player statistics at game over: a stats type then its values."""

    TYPE = 1085
    NAME = "SOCPlayerStats"
    MULTI = True
    game: str
    stats_type: int
    values: tuple[int, ...]

    def encode_data(self) -> str:
        return SEP.join((self.game, str(self.stats_type), *map(str, self.values)))

    @classmethod
    def decode_multi(cls, params: list[str]) -> "PlayerStats":
        game, stats_type, *rest = params
        return cls(game, java_int(stats_type), int_tuple(rest))

    def str_params(self) -> str:
        return f"game={self.game}|p={self.stats_type}" + "".join(f"|p={v}" for v in self.values)

    @classmethod
    def from_str_params(cls, params: str) -> "PlayerStats":
        game, *rest = split_params(params)
        ints = tuple(java_int(expect(p, "p")) for p in rest)
        return cls(expect(game, "game"), ints[0], ints[1:])


# --- resources and trades ------------------------------------------------------------------------


@register
@dataclass(unsafe_hash=True)
class Discard(Message):
    """Client: the resources it discards.  Server: ``pn`` discarded them (unknowns for others)."""

    TYPE = 1033
    NAME = "SOCDiscard"
    game: str
    resources: tuple[int, int, int, int, int, int]  # with unknown
    pn: int | None = None

    def encode_data(self) -> str:
        head = [self.game] if self.pn is None else [self.game, f"p{self.pn}"]
        return SEP2.join((*head, *map(str, self.resources)))

    def to_cmd(self) -> str:
        """`Message.to_cmd` in one step; same text."""
        amounts = ",".join(map(str, self.resources))
        if self.pn is None:
            return f"1033|{self.game},{amounts}" if self.resources else f"1033|{self.game}"
        return f"1033|{self.game},p{self.pn},{amounts}" if self.resources else f"1033|{self.game},p{self.pn}"

    @classmethod
    def decode_data(cls, data: str) -> "Discard":
        game, *rest = tokens(data)
        pn = None
        if rest and rest[0].startswith("p"):
            pn = java_int(rest.pop(0)[1:])
        if len(rest) != 6:
            raise MalformedMessage(f"expected 6 amounts, got {len(rest)}")
        return cls(game, int_tuple(rest), pn)  # type: ignore[arg-type]

    def str_params(self) -> str:
        head = f"game={self.game}" + ("" if self.pn is None else f"|playerNum={self.pn}")
        return f"{head}|resources={resources_text(self.resources)}"

    @classmethod
    def from_str_params(cls, params: str) -> "Discard":
        pieces = split_params(params)
        game = expect(pieces[0], "game")
        pn = None
        start = 1
        if pieces[1].startswith("playerNum="):
            pn = java_int(expect(pieces[1], "playerNum"))
            start = 2
        amounts, _ = parse_resources_text(pieces, start, "resources")
        return cls(game, amounts, pn)  # type: ignore[arg-type]


@register
@dataclass(unsafe_hash=True)
class PickResources(Message):
    """Year of Plenty / gold hex picks; the server's echo adds ``pn`` and a reason."""

    TYPE = 1052
    NAME = "SOCPickResources"
    game: str
    resources: Resources
    pn: int | None = None
    reason: int = 0

    def encode_data(self) -> str:
        values = [*map(str, self.resources)]
        if self.pn is not None:
            values += [str(self.pn), str(self.reason)]
        return SEP2.join((self.game, *values))

    @classmethod
    def decode_data(cls, data: str) -> "PickResources":
        game, *rest = tokens(data)
        values = int_tuple(rest)
        if len(values) >= 7:
            return cls(game, _resources(values[:5]), values[5], values[6])
        return cls(game, _resources(values[:5]))

    def str_params(self) -> str:
        text = f"game={self.game}|resources={resources_text(self.resources)}"
        if self.pn is not None:
            text += f"|pn={self.pn}|reason={self.reason}"
        return text

    @classmethod
    def from_str_params(cls, params: str) -> "PickResources":
        pieces = split_params(params)
        amounts, i = parse_resources_text(pieces, 1, "resources")
        game = expect(pieces[0], "game")
        if len(pieces) > i:
            return cls(game, amounts[:5], java_int(expect(pieces[i], "pn")), java_int(expect(pieces[i + 1], "reason")))
        return cls(game, amounts[:5])  # type: ignore[arg-type]


@register
@dataclass(unsafe_hash=True)
class BankTrade(Message):
    """Trade with the bank or a port; the server's echo adds ``pn``."""

    TYPE = 1040
    NAME = "SOCBankTrade"
    game: str
    give: Resources
    get: Resources
    pn: int | None = None

    def encode_data(self) -> str:
        values = [*self.give, *self.get] + ([] if self.pn is None else [self.pn])
        return SEP2.join((self.game, *map(str, values)))

    def to_cmd(self) -> str:
        """`Message.to_cmd` in one step; same text."""
        values = [*self.give, *self.get] if self.pn is None else [*self.give, *self.get, self.pn]
        return f"1040|{self.game}," + ",".join(map(str, values)) if values else f"1040|{self.game}"

    @classmethod
    def decode_data(cls, data: str) -> "BankTrade":
        game, *rest = tokens(data)
        values = int_tuple(rest)
        if len(values) < 10:
            raise MalformedMessage(f"expected 10 amounts, got {len(values)}")
        return cls(game, _resources(values[:5]), _resources(values[5:10]), values[10] if len(values) > 10 else None)

    def str_params(self) -> str:
        text = f"game={self.game}|give={resources_text(self.give)}|get={resources_text(self.get)}"
        return text if self.pn is None else f"{text}|pn={self.pn}"

    @classmethod
    def from_str_params(cls, params: str) -> "BankTrade":
        pieces = split_params(params)
        give, i = parse_resources_text(pieces, 1, "give")
        get, j = parse_resources_text(pieces, i, "get")
        pn = java_int(expect(pieces[j], "pn")) if len(pieces) > j else None
        return cls(expect(pieces[0], "game"), give[:5], get[:5], pn)  # type: ignore[arg-type]


@register
@dataclass(unsafe_hash=True)
class MakeOffer(Message):
    """A trade offer from ``offering`` to the seats flagged in ``to`` (one flag per seat)."""

    TYPE = 1041
    NAME = "SOCMakeOffer"
    game: str
    offering: int
    to: tuple[bool, ...]
    give: Resources
    get: Resources

    def encode_data(self) -> str:
        values = [str(self.offering), *map(bool_str, self.to), *map(str, self.give), *map(str, self.get)]
        return SEP2.join((self.game, *values))

    @classmethod
    def decode_data(cls, data: str) -> "MakeOffer":
        game, offering, *rest = tokens(data)
        seats = 0
        while seats < len(rest) and rest[seats] in ("true", "false"):
            seats += 1
        amounts = int_tuple(rest[seats:])
        if len(amounts) != 10:
            raise MalformedMessage(f"expected 10 amounts, got {len(amounts)}")
        to = tuple(java_bool(t) for t in rest[:seats])
        return cls(game, java_int(offering), to, _resources(amounts[:5]), _resources(amounts[5:]))

    def str_params(self) -> str:
        to = ",".join(map(bool_str, self.to))
        return (
            f"game={self.game}|from={self.offering}|to={to}"
            f"|give={resources_text(self.give)}|get={resources_text(self.get)}"
        )

    @classmethod
    def from_str_params(cls, params: str) -> "MakeOffer":
        pieces = split_params(params)
        game = expect(pieces[0], "game")
        if pieces[1].startswith("offer="):  # before 2.5 the offer was shown nested: offer=game=..|from=..
            del pieces[1]
        offering = java_int(expect(pieces[1], "from"))
        to = tuple(java_bool(t) for t in expect(pieces[2], "to").split(","))
        give, i = parse_resources_text(pieces, 3, "give")
        get, _ = parse_resources_text(pieces, i, "get")
        return cls(game, offering, to, give[:5], get[:5])  # type: ignore[arg-type]


@register
@dataclass(unsafe_hash=True)
class AcceptOffer(Message):
    """Client: ``accepting`` takes ``offering``'s offer.  Server: the trade done, with what each got."""

    TYPE = 1039
    NAME = "SOCAcceptOffer"
    game: str
    accepting: int
    offering: int
    to_accepting: Resources | None = None
    to_offering: Resources | None = None

    def encode_data(self) -> str:
        values = [self.accepting, self.offering]
        if self.to_accepting is not None and self.to_offering is not None:
            values += [*self.to_accepting, *self.to_offering]
        return SEP2.join((self.game, *map(str, values)))

    @classmethod
    def decode_data(cls, data: str) -> "AcceptOffer":
        game, *rest = tokens(data)
        values = int_tuple(rest)
        if len(values) >= 12:
            return cls(game, values[0], values[1], _resources(values[2:7]), _resources(values[7:12]))
        return cls(game, values[0], values[1])

    def str_params(self) -> str:
        text = f"game={self.game}|accepting={self.accepting}|offering={self.offering}"
        if self.to_accepting is not None and self.to_offering is not None:
            text += f"|toAccepting={resources_text(self.to_accepting)}|toOffering={resources_text(self.to_offering)}"
        return text

    @classmethod
    def from_str_params(cls, params: str) -> "AcceptOffer":
        pieces = split_params(params)
        game = expect(pieces[0], "game")
        accepting = java_int(expect(pieces[1], "accepting"))
        offering = java_int(expect(pieces[2], "offering"))
        if len(pieces) == 3:
            return cls(game, accepting, offering)
        to_acc, i = parse_resources_text(pieces, 3, "toAccepting")
        to_off, _ = parse_resources_text(pieces, i, "toOffering")
        return cls(game, accepting, offering, to_acc[:5], to_off[:5])  # type: ignore[arg-type]


@register
@dataclass(unsafe_hash=True)
class ChoosePlayerRequest(Message):
    """Which seats the robber's mover may rob (one flag per seat)."""

    TYPE = 1036
    NAME = "SOCChoosePlayerRequest"
    game: str
    choices: tuple[bool, ...]
    can_choose_none: bool = False

    def encode_data(self) -> str:
        head = [self.game, "NONE"] if self.can_choose_none else [self.game]
        return SEP2.join((*head, *map(bool_str, self.choices)))

    @classmethod
    def decode_data(cls, data: str) -> "ChoosePlayerRequest":
        game, *rest = tokens(data)
        none = bool(rest) and rest[0] == "NONE"
        return cls(game, tuple(java_bool(t) for t in rest[1 if none else 0 :]), none)

    def str_params(self) -> str:
        none = "|canChooseNone=true" if self.can_choose_none else ""
        return f"game={self.game}{none}|choices={java_list(map(bool_str, self.choices))}"

    @classmethod
    def from_str_params(cls, params: str) -> "ChoosePlayerRequest":
        pieces = split_params(params)
        none = len(pieces) == 3 and java_bool(expect(pieces[1], "canChooseNone"))
        choices = parse_java_list(expect(pieces[-1], "choices"))
        return cls(expect(pieces[0], "game"), tuple(java_bool(c) for c in choices), none)


SET_NAMES = RESOURCE_NAMES  # a resource set's toString names, in wire order (unknown last)


@register
@dataclass(unsafe_hash=True)
class RobberyResult(Message):
    """What a robbery took.  ``kind`` is ``R`` (one resource type, ``resource``), ``S`` (a set:
    ``resource_set`` of (type, amount)s) or ``E`` (a player element such as cloth, ``resource``
    is its element type).  Without ``gain_lose``, ``amount`` and ``victim_amount`` are new totals.
    The ``S`` form's toString lists every resource: ``resSet=clay=2|ore=0|...|unknown=0``."""

    TYPE = 1102
    NAME = "SOCRobberyResult"
    game: str
    perpetrator: int
    victim: int
    kind: str
    resource: int
    amount: int
    gain_lose: bool
    victim_amount: int = 0
    extra: int = 0
    resource_set: tuple[tuple[int, int], ...] = ()

    def encode_data(self) -> str:
        out = [self.game, str(self.perpetrator), str(self.victim), self.kind]
        if self.kind == "S":
            for resource, amount in self.resource_set:
                out += [str(resource), str(amount)]
        else:
            out += [str(self.resource), str(self.amount)]
        out.append("T" if self.gain_lose else "F")
        if self.victim_amount or self.extra:
            out.append(str(self.victim_amount))
            if self.extra:
                out.append(str(self.extra))
        return SEP2.join(out)

    @classmethod
    def decode_data(cls, data: str) -> "RobberyResult":
        toks = tokens(data)
        game, perp, victim, kind = toks[0], java_int(toks[1]), java_int(toks[2]), toks[3]
        i = 4
        resource = amount = 0
        resource_set: list[tuple[int, int]] = []
        if kind == "S":
            while toks[i][0].isdigit():
                resource_set.append((java_int(toks[i]), java_int(toks[i + 1])))
                i += 2
        elif kind in ("R", "E"):
            resource, amount = java_int(toks[i]), java_int(toks[i + 1])
            i += 2
        else:
            raise MalformedMessage(f"unknown robbery kind {kind!r}")
        if toks[i] not in ("T", "F"):
            raise MalformedMessage(f"expected T or F, got {toks[i]!r}")
        gain_lose = toks[i] == "T"
        rest = int_tuple(toks[i + 1 : i + 3])
        victim_amount = rest[0] if rest else 0
        extra = rest[1] if len(rest) > 1 else 0
        return cls(game, perp, victim, kind, resource, amount, gain_lose, victim_amount, extra, tuple(resource_set))

    def str_params(self) -> str:
        text = f"game={self.game}|perp={self.perpetrator}|victim={self.victim}"
        if self.kind == "S":
            amounts = dict(self.resource_set)
            text += "|resSet=" + "|".join(f"{name}={amounts.get(r, 0)}" for r, name in enumerate(SET_NAMES, 1))
        elif self.kind == "E":
            text += f"|peType={Named(PlayerElementType).text(self.resource)}|amount={self.amount}"
        else:
            text += f"|resType={self.resource}|amount={self.amount}"
        text += f"|isGainLose={bool_str(self.gain_lose)}"
        if self.victim_amount or not self.gain_lose:
            text += f"|victimAmount={self.victim_amount}"
        if self.extra:
            text += f"|extraValue={self.extra}"
        return text

    @classmethod
    def from_str_params(cls, params: str) -> "RobberyResult":
        pieces = split_params(params)
        at = next((i for i, piece in enumerate(pieces) if piece.startswith("resSet=")), None)
        amounts: list[str] = []
        if at is not None:  # resSet=clay=N|ore=N|...|unknown=N: one piece per resource
            first = pieces[at][len("resSet="):]
            amounts = [expect(p, name) for p, name in zip([first, *pieces[at + 1:at + len(SET_NAMES)]], SET_NAMES)]
            pieces = pieces[:at] + pieces[at + len(SET_NAMES):]
        values = dict(piece.split("=", 1) for piece in pieces)
        resource_set: tuple[tuple[int, int], ...] = ()
        resource = amount = 0
        if at is not None:
            kind = "S"
            resource_set = tuple((r, java_int(a)) for r, a in enumerate(amounts, 1) if java_int(a))
        elif "peType" in values:
            kind = "E"
            resource = Named(PlayerElementType).from_text(values["peType"])
            amount = java_int(values["amount"])
        else:
            kind = "R"
            resource = java_int(values["resType"])
            amount = java_int(values["amount"])
        return cls(
            values["game"],
            java_int(values["perp"]),
            java_int(values["victim"]),
            kind,
            resource,
            amount,
            java_bool(values["isGainLose"]),
            java_int(values.get("victimAmount", "0")),
            java_int(values.get("extraValue", "0")),
            resource_set,
        )


@register
@dataclass(unsafe_hash=True)
class DevCardAction(Message):
    """A dev card drawn, played, added or removed; several ``cards`` only for ADD_OLD at game end."""

    TYPE = 1046
    NAME = "SOCDevCardAction"
    game: str
    pn: int
    action: int
    cards: tuple[int, ...]

    def encode_data(self) -> str:
        return SEP2.join((self.game, str(self.pn), str(self.action), *map(str, self.cards)))

    @classmethod
    def decode_data(cls, data: str) -> "DevCardAction":
        game, pn, action, *cards = tokens(data)
        if not cards:
            raise MalformedMessage("no card type")
        return cls(game, java_int(pn), java_int(action), int_tuple(cards))

    def str_params(self) -> str:
        action = Named(DevCardActionType).text(self.action)
        cards = f"cardType={self.cards[0]}" if len(self.cards) == 1 else f"cardTypes={java_list(self.cards)}"
        return f"game={self.game}|playerNum={self.pn}|actionType={action}|{cards}"

    @classmethod
    def from_str_params(cls, params: str) -> "DevCardAction":
        game, pn, action, cards = split_params(params)
        if cards.startswith("cardTypes="):
            card_values = int_tuple(parse_java_list(expect(cards, "cardTypes")))
        else:
            card_values = (java_int(expect(cards, "cardType")),)
        return cls(
            expect(game, "game"),
            java_int(expect(pn, "playerNum")),
            Named(DevCardActionType).from_text(expect(action, "actionType")),
            card_values,
        )


@register
@dataclass(unsafe_hash=True)
class GameStats(Message):
    """Game over scores and robot flags per seat, or (``stats_type`` 2) the game's timing:
    ``values`` = (created-at seconds, ...)."""

    TYPE = 1061
    NAME = "SOCGameStats"
    TYPE_TIMING: ClassVar[int] = 2
    game: str
    scores: tuple[int, ...] = ()
    robots: tuple[bool, ...] = ()
    stats_type: int = 1
    values: tuple[int, ...] = ()

    def encode_data(self) -> str:
        if self.stats_type != 1:
            return SEP2.join((self.game, f"t{self.stats_type}", *map(str, self.values)))
        return SEP2.join((self.game, *map(str, self.scores), *map(bool_str, self.robots)))

    @classmethod
    def decode_data(cls, data: str) -> "GameStats":
        game, *rest = tokens(data)
        if rest and rest[0].startswith("t"):
            return cls(game, stats_type=java_int(rest[0][1:]), values=int_tuple(rest[1:]))
        if len(rest) % 2:
            raise MalformedMessage("scores and robot flags differ in count")
        half = len(rest) // 2
        return cls(game, int_tuple(rest[:half]), tuple(java_bool(t) for t in rest[half:]))

    def str_params(self) -> str:
        if self.stats_type != 1:
            return f"game={self.game}|stype={self.stats_type}" + "".join(f"|{v}" for v in self.values)
        return SEP.join((f"game={self.game}", *map(str, self.scores), *map(bool_str, self.robots)))

    @classmethod
    def from_str_params(cls, params: str) -> "GameStats":
        game, *rest = split_params(params)
        if rest and rest[0].startswith("stype="):
            return cls(expect(game, "game"), stats_type=java_int(rest[0][6:]), values=int_tuple(rest[1:]))
        return cls.decode_data(SEP2.join((expect(game, "game"), *rest)))


@register
@dataclass(unsafe_hash=True)
class DeclinePlayerRequest(Message):
    """The server declines a player's request, with a reason code and optional details/text."""

    TYPE = 1104
    NAME = "SOCDeclinePlayerRequest"
    game: str
    game_state: int
    reason: int
    detail1: int = 0
    detail2: int = 0
    text: str | None = None

    def _has_details(self) -> bool:
        return bool(self.detail1 or self.detail2 or self.text is not None)

    def encode_data(self) -> str:
        out = [self.game, str(self.game_state), str(self.reason)]
        if self._has_details():
            out += [str(self.detail1), str(self.detail2)]
            if self.text is not None:
                out.append(self.text)
        return SEP2.join(out)

    @classmethod
    def decode_data(cls, data: str) -> "DeclinePlayerRequest":
        game, state, reason, *rest = data.split(SEP2, 5)
        if not rest:
            return cls(game, java_int(state), java_int(reason))
        text = rest[2].strip() if len(rest) > 2 else None
        return cls(game, java_int(state), java_int(reason), java_int(rest[0]), java_int(rest[1]), text)

    def str_params(self) -> str:
        text = f"game={self.game}|state={self.game_state}|reason={self.reason}"
        if self._has_details():
            text += f"|detail1={self.detail1}|detail2={self.detail2}"
            if self.text is not None:
                text += f"|text={self.text}"
        return text

    @classmethod
    def from_str_params(cls, params: str) -> "DeclinePlayerRequest":
        pieces = params.split(SEP, 5)
        game, state, reason = (expect(p, label) for p, label in zip(pieces, ("game", "state", "reason")))
        if len(pieces) == 3:
            return cls(game, java_int(state), java_int(reason))
        text = expect(pieces[5], "text") if len(pieces) > 5 else None
        return cls(
            game,
            java_int(state),
            java_int(reason),
            java_int(expect(pieces[3], "detail1")),
            java_int(expect(pieces[4], "detail2")),
            text,
        )


__all__ = [name for name, value in list(globals().items()) if isinstance(value, type) and issubclass(value, Message)]
__all__ += ["Resources", "NO_RESOURCES", "RolledResources", "resources_text"]

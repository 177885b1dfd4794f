"""The contest's messages, built as XML nodes exactly as the 2021 servers write them
(element and attribute order of the Kotlin 1.4 build: notes/socha-blokus.md §5)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..pieces import Color, Rotation, Shape
from ..rules import BlokusState, SetMove, SkipMove
from .requests import ProtocolError
from .xml import Node, el

SET_MOVE = "sc.plugin2021.SetMove"
SKIP_MOVE = "sc.plugin2021.SkipMove"
MOVE_REQUEST = "sc.framework.plugins.protocol.MoveRequest"
#: room data classes a client could name that deserialise but are not moves (INVALID_FORMAT)
NOT_MOVES = frozenset({"welcomeMessage", "memento", MOVE_REQUEST, "result", "error", "paused"})
TEAMS = ("ONE", "TWO")
SCORE_FRAGMENTS = (("Gewinner", "SUM"), ("\u2205 Punkte", "AVERAGE"))


class NotAMove(Exception):
    """Room data the server can read but that is not a Blokus move: INVALID_FORMAT."""

    def __init__(self, data: Node) -> None:
        super().__init__(data.get("class"))
        self.data = data


# -- moves ------------------------------------------------------------------------------------
def _enum(kind: type, text: str | None, what: str):
    try:
        return kind[text or ""]
    except KeyError:
        raise ProtocolError(f"bad {what} {text!r}") from None


def _int(text: str | None, what: str) -> int:
    try:
        return int(text or "")
    except ValueError:
        raise ProtocolError(f"bad {what} {text!r}") from None


def decode_move(data: Node | None) -> SetMove | SkipMove:
    """The move in a room packet's <data>; ProtocolError where the contest cannot read it,
    NotAMove where it reads something that is not a move."""
    if data is None:
        raise ProtocolError("room packet without data")
    cls = data.get("class")
    if cls == SET_MOVE:
        if len(data.children) != 1 or data.children[0].tag != "piece":
            raise ProtocolError("a SetMove holds exactly one <piece>")
        piece = data.children[0]
        if len(piece.children) != 1 or piece.children[0].tag != "position":
            raise ProtocolError("a piece holds exactly one <position>")
        position = piece.children[0]
        flipped = piece.get("isFlipped", "false")
        if flipped not in ("true", "false"):
            raise ProtocolError(f"bad isFlipped {flipped!r}")
        return SetMove(_enum(Color, piece.get("color"), "color"), _enum(Shape, piece.get("kind"), "kind"),
                       _enum(Rotation, piece.get("rotation"), "rotation"), flipped == "true",
                       _int(position.get("x"), "x"), _int(position.get("y"), "y"))
    if cls == SKIP_MOVE:
        if not data.children:
            return SkipMove(None)
        if len(data.children) != 1 or data.children[0].tag != "color":
            raise ProtocolError("a SkipMove holds at most one <color>")
        return SkipMove(_enum(Color, data.children[0].text.strip(), "color"))
    if cls in NOT_MOVES:
        raise NotAMove(data)
    raise ProtocolError(f"unknown data class {cls!r}")


def piece_node(move: SetMove) -> Node:
    return el("piece", el("position", x=move.x, y=move.y), color=move.color.name, kind=move.shape.name,
              rotation=move.rotation.name, isFlipped=move.flipped)


def move_node(tag: str, move: SetMove | SkipMove) -> Node:
    """A move under `tag`: data, lastMove, or an error's echo."""
    if isinstance(move, SetMove):
        return el(tag, piece_node(move), class_=SET_MOVE)
    if move.color is None:
        return el(tag, class_=SKIP_MOVE)
    return el(tag, el("color", text=move.color.name), class_=SKIP_MOVE)


def echo_data(data: Node, tag: str) -> Node:
    """Room data that is not a move, as an error message echoes it."""
    return Node(tag, list(data.attrs), list(data.children), data.text)


# -- room messages ------------------------------------------------------------------------------
def room(room_id: str, data: Node) -> Node:
    return el("room", data, roomId=room_id)


def welcome(room_id: str, team: int) -> Node:
    return room(room_id, el("data", class_="welcomeMessage", color=TEAMS[team]))


def move_request(room_id: str) -> Node:
    return room(room_id, el("data", class_=MOVE_REQUEST))


def paused_event(room_id: str, paused: bool) -> Node:
    return room(room_id, el("data", class_="paused", paused=paused))


def state_node(state: BlokusState, names: Sequence[str], tag: str = "state") -> Node:
    """The game state as the contest serialises it (attributes turn, round, startPiece)."""
    children = [el("startTeam", text="ONE", class_="team")]
    for color in Color:
        shapes = [el("shape", text=shape.name) for shape in state.undeployed(color)]
        children.append(el(f"{color.name.lower()}Shapes", *shapes))
    children.append(el("validColors", *(el("color", text=c.name) for c in state.valid_colors)))
    for team, label in ((0, "first"), (1, "second")):
        children.append(el(label, el("color", text=TEAMS[team], class_="team"), displayName=names[team]))
    children.append(el("board", *(el("field", x=x, y=y, content=c.name) for x, y, c in state.board_fields())))
    if state.last_move is not None:
        children.append(move_node("lastMove", state.last_move))
    entries = [el("entry", el("color", text=c.name), el("boolean", text="true" if mono else "false"))
               for c, mono in state.last_move_mono.items()]
    children.append(el("lastMoveMono", *entries))
    return el(tag, *children, class_="state" if tag == "state" else None, turn=state.turn,
              round=state.round, startPiece=state.start_piece.name)


def memento(room_id: str, state: BlokusState, names: Sequence[str]) -> Node:
    return room(room_id, el("data", state_node(state, names), class_="memento"))


def error_message(room_id: str, message: str, echo: Node | None) -> Node:
    return room(room_id, el("data", *([echo] if echo is not None else []), class_="error", message=message))


@dataclass(frozen=True)
class Score:
    cause: str
    reason: str
    win_points: int
    points: int


def result(room_id: str, scores: Sequence[Score], winners: Sequence[tuple[str, int]]) -> Node:
    definition = el("definition", *(
        el("fragment", el("aggregation", text=aggregation), el("relevantForRanking", text="true"), name=name)
        for name, aggregation in SCORE_FRAGMENTS))
    score_nodes = [el("score", el("part", text=str(s.win_points)), el("part", text=str(s.points)),
                      cause=s.cause, reason=s.reason) for s in scores]
    winner_nodes = [el("winner", el("color", text=TEAMS[team], class_="team"), displayName=name)
                    for name, team in winners]
    return room(room_id, el("data", definition, *score_nodes, *winner_nodes, class_="result"))


# -- lobby messages -----------------------------------------------------------------------------
def joined(room_id: str) -> Node:
    return el("joined", roomId=room_id)


def left(room_id: str) -> Node:
    return el("left", roomId=room_id)


def prepared(room_id: str, codes: Sequence[str]) -> Node:
    return el("prepared", *(el("reservation", text=c) for c in codes), roomId=room_id)


def observed(room_id: str) -> Node:
    return el("observed", roomId=room_id)


def joined_game_room(room_id: str, attr: str, player_count: int) -> Node:
    if attr == "playerCount":
        return el("joinedGameRoom", roomId=room_id, playerCount=player_count)
    return el("joinedGameRoom", roomId=room_id, existing=player_count > 1)


def testing(test_mode: bool) -> Node:
    return el("testing", testMode=test_mode)


def error_packet(message: str, echo: Node) -> Node:
    return el("errorpacket", echo, message=message)


def legacy_error(message: str, echo: Node) -> Node:
    return el("error", echo, message=message)


def player_score(display_name: str, scores: Sequence[Sequence[int]]) -> Node:
    """Answer to scoreForPlayer in test mode: the player's summed score parts."""
    totals = [sum(parts) for parts in zip(*scores)] if scores else [0, 0]
    return el("playerScore", *(el("part", text=str(t)) for t in totals), displayName=display_name)

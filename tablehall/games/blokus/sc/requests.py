"""What a client may send, parsed from top-level XML elements.

The contest server deserialises requests into objects and, in error packets, serialises those
objects back.  So each request here keeps only the fields the contest's class has, and `echo()`
writes it the way the contest writes it back (known attributes only, in the class's order,
booleans spelled out) — which is why ``<authenticate passphrase="x"/>`` echoes as
``<originalRequest class="authenticate"/>``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .xml import Node, el


class ProtocolError(Exception):
    """A message the contest server cannot deserialise: it drops the connection silently."""


def _bool(value: str | None) -> bool:
    return value is not None and value.strip().lower() == "true"


def _bool_text(value: bool) -> str:
    return "true" if value else "false"


@dataclass(frozen=True)
class Join:
    game_type: str | None

    def echo(self) -> Node:
        return el("originalRequest", class_="join", gameType=self.game_type)


@dataclass(frozen=True)
class JoinPrepared:
    reservation_code: str | None

    def echo(self) -> Node:
        return el("originalRequest", class_="joinPrepared", reservationCode=self.reservation_code)


@dataclass(frozen=True)
class JoinRoom:
    room_id: str | None

    def echo(self) -> Node:
        return el("originalRequest", class_="joinRoom", roomId=self.room_id)


@dataclass(frozen=True)
class Authenticate:
    password: str | None

    def echo(self) -> Node:
        return el("originalRequest", class_="authenticate", password=self.password)


@dataclass(frozen=True)
class SlotDescriptor:
    display_name: str | None
    can_timeout: bool
    reserved: bool
    bot: str | None = None  # tablehall extension: a built-in bot takes the slot

    def echo(self) -> Node:
        return el("slot", displayName=self.display_name, canTimeout=_bool_text(self.can_timeout),
                  reserved=_bool_text(self.reserved))

    def __str__(self) -> str:
        return (f"SlotDescriptor(displayName={self.display_name}, canTimeout={_bool_text(self.can_timeout)}, "
                f"reserved={_bool_text(self.reserved)})")


@dataclass(frozen=True)
class Prepare:
    game_type: str | None
    pause: bool
    slots: tuple[SlotDescriptor, ...]

    def echo(self) -> Node:
        return el("originalRequest", *(s.echo() for s in self.slots), class_="prepare",
                  gameType=self.game_type, pause=_bool_text(self.pause))

    def __str__(self) -> str:
        slots = ", ".join(map(str, self.slots))
        return f"PrepareGameRequest(gameType={self.game_type}, slotDescriptors=[{slots}], pause={_bool_text(self.pause)})"


@dataclass(frozen=True)
class RoomRequest:
    """Admin requests about one room: observe, pause, step, cancel."""

    kind: str
    room_id: str | None
    flag: bool = False  # pause: pause; step: forced

    def echo(self) -> Node:
        if self.kind == "pause":
            return el("originalRequest", class_="pause", roomId=self.room_id, pause=_bool_text(self.flag))
        if self.kind == "step":
            return el("originalRequest", class_="step", roomId=self.room_id, forced=_bool_text(self.flag))
        return el("originalRequest", class_=self.kind, roomId=self.room_id)

    def __str__(self) -> str:
        names = {"observe": "ObservationRequest", "pause": "PauseGameRequest", "step": "StepRequest",
                 "cancel": "CancelRequest"}
        extra = {"pause": f", pause={_bool_text(self.flag)}", "step": f", forced={_bool_text(self.flag)}"}
        return f"{names[self.kind]}(roomId={self.room_id}{extra.get(self.kind, '')})"


@dataclass(frozen=True)
class TestMode:
    test_mode: bool

    def echo(self) -> Node:
        return el("originalRequest", class_="testMode", testMode=_bool_text(self.test_mode))

    def __str__(self) -> str:
        return f"TestModeRequest(testMode={_bool_text(self.test_mode)})"


@dataclass(frozen=True)
class ScoreForPlayer:
    display_name: str | None

    def echo(self) -> Node:
        return el("originalRequest", class_="scoreForPlayer", displayName=self.display_name)

    def __str__(self) -> str:
        return f"GetScoreForPlayerRequest(displayName={self.display_name})"


@dataclass(frozen=True)
class LegacyAdminRequest:
    """21.3.3's <timeout> and <freeReservation>: accepted and acknowledged by silence."""

    kind: str
    node: Node

    def echo(self) -> Node:
        return Node("originalRequest", [("class", self.kind), *self.node.attrs])

    def __str__(self) -> str:
        return f"{self.kind}Request"


@dataclass(frozen=True)
class RoomPacket:
    room_id: str | None
    data: Node | None

    def echo(self) -> Node:
        children = [] if self.data is None else [self.data]
        return Node("originalRequest", [("class", "room"), ("roomId", self.room_id or "")], children)


@dataclass(frozen=True)
class CloseConnection:
    pass


Request = (Join | JoinPrepared | JoinRoom | Authenticate | Prepare | RoomRequest | TestMode
           | ScoreForPlayer | LegacyAdminRequest | RoomPacket | CloseConnection)

ADMIN_REQUESTS = (Prepare, RoomRequest, TestMode, ScoreForPlayer, LegacyAdminRequest)


def parse_request(node: Node, join_room: bool, legacy_admin: bool, close_tag: str) -> Request:
    """The request `node` stands for; ProtocolError where the contest server cannot read it
    (including the other server version's CloseConnection name)."""
    tag = node.tag
    if tag == "join":
        return Join(node.get("gameType"))
    if tag == "joinPrepared":
        return JoinPrepared(node.get("reservationCode"))
    if tag == "joinRoom" and join_room:
        return JoinRoom(node.get("roomId"))
    if tag == "authenticate":
        return Authenticate(node.get("password"))
    if tag == "prepare":
        slots = []
        for child in node:
            if child.tag != "slot":
                raise ProtocolError(f"unknown element <{child.tag}> in <prepare>")
            slots.append(SlotDescriptor(child.get("displayName"), _bool(child.get("canTimeout")),
                                        _bool(child.get("reserved")) if join_room else True,
                                        child.get("bot")))
        return Prepare(node.get("gameType"), _bool(node.get("pause")), tuple(slots))
    if tag in ("observe", "cancel"):
        return RoomRequest(tag, node.get("roomId"))
    if tag == "pause":
        return RoomRequest("pause", node.get("roomId"), _bool(node.get("pause")))
    if tag == "step":
        return RoomRequest("step", node.get("roomId"), _bool(node.get("forced")))
    if tag == "testMode":
        return TestMode(_bool(node.get("testMode")))
    if tag == "scoreForPlayer":
        return ScoreForPlayer(node.get("displayName"))
    if tag in ("timeout", "freeReservation") and legacy_admin:
        return LegacyAdminRequest(tag, node)
    if tag == "room":
        children = node.children
        if len(children) > 1 or any(c.tag != "data" for c in children):
            raise ProtocolError("a room packet holds one <data> element")
        return RoomPacket(node.get("roomId"), children[0] if children else None)
    if tag == close_tag:
        return CloseConnection()
    raise ProtocolError(f"unknown request <{tag}>")

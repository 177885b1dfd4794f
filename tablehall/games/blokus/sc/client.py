"""A minimal asyncio contest client that plays with a tablehall bot: for load tests and tests.

It keeps a replica of the game by applying each memento's `lastMove` to its own engine (as the
C++ contest client does), and answers each MoveRequest with its bot's move.  Contestants should
start from examples/blokus/client.py instead, which needs nothing but the standard library.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from ....core import Bot
from ..rules import BlokusState
from . import messages as msg
from .xml import Node, XmlStreamReader, render

JOIN = b'<join gameType="swc_2021_blokus"/>'


@dataclass
class ClientOutcome:
    team: int | None = None
    result: Node | None = None
    errors: list[str] = field(default_factory=list)
    moves: int = 0


async def play_client(host: str, port: int, bot: Bot, join: bytes = JOIN) -> ClientOutcome:
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(b"<protocol>" + join)
    stream = XmlStreamReader()
    outcome = ClientOutcome()
    state: BlokusState | None = None
    room_id = ""
    try:
        while True:
            data = await reader.read(65536)
            if not data:
                return outcome
            for node in stream.feed(data):
                if not isinstance(node, Node):
                    continue
                if node.tag == "joined":
                    room_id = node.get("roomId") or ""
                elif node.tag == "left":
                    writer.write(b"<sc.protocol.CloseConnection/></protocol>")
                    return outcome
                elif node.tag == "room":
                    state = _on_room_message(node, state, outcome, bot, writer, room_id)
    finally:
        writer.close()


def _on_room_message(node: Node, state: BlokusState | None, outcome: ClientOutcome, bot: Bot,
                     writer: asyncio.StreamWriter, room_id: str) -> BlokusState | None:
    data = node.child("data")
    kind = data.get("class") if data is not None else None
    if kind == "welcomeMessage":
        outcome.team = 0 if data.get("color") == "ONE" else 1
    elif kind == "memento":
        state = _follow(state, data.child("state"))
    elif kind == msg.MOVE_REQUEST and state is not None and outcome.team is not None:
        move = bot.choose(state, outcome.team)
        writer.write(render(msg.room(room_id, msg.move_node("data", move))).encode())
        outcome.moves += 1
    elif kind == "result":
        outcome.result = data
    elif kind == "error":
        outcome.errors.append(data.get("message") or "")
    return state


def _follow(state: BlokusState | None, node: Node | None) -> BlokusState | None:
    """Bring the replica to the memento's position by applying its lastMove."""
    from ..pieces import Shape

    if node is None:
        return state
    if state is None:
        state = BlokusState(Shape[node.get("startPiece") or ""])
    last = node.child("lastMove")
    if last is not None and int(node.get("turn") or 0) != state.turn:
        move = msg.decode_move(last)
        state.apply(state.current_color.team, move)
    return state

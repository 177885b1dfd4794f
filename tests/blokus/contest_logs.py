"""Reading the contest server's captured XML streams (reference/socha2021/captures) as data:
the moves a client sent, the game states and results the server sent back."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from tablehall.games.blokus.pieces import Color, Rotation, Shape
from tablehall.games.blokus.rules import BlokusState, SetMove, SkipMove


def messages(text: str) -> list[ET.Element]:
    """The top-level messages of a (possibly unterminated) <protocol> stream."""
    parser = ET.XMLPullParser(events=("start", "end"))
    parser.feed(text)
    depth, out = 0, []
    for event, element in parser.read_events():
        if event == "start":
            depth += 1
        else:
            depth -= 1
            if depth == 1:
                out.append(element)
    return out


def transcript(path: Path) -> tuple[str, str]:
    """A probe transcript split into (what the probe sent, what the server answered)."""
    sent, received = [], []
    for line in path.read_text().splitlines():
        (sent if line.startswith(">>> ") else received).append(line[4:] if line.startswith(">>> ") else line)
    return "".join(sent), "\n".join(received)


def moves(client_text: str) -> list[SetMove | SkipMove]:
    out = []
    for message in messages(client_text):
        data = message.find("data") if message.tag == "room" else None
        if data is not None:
            out.append(parse_move(data))
    return out


def parse_move(data: ET.Element) -> SetMove | SkipMove:
    if data.get("class") == "sc.plugin2021.SkipMove":
        color = data.find("color")
        return SkipMove(None if color is None else Color[color.text])
    piece = data.find("piece")
    position = piece.find("position")
    return SetMove(Color[piece.get("color")], Shape[piece.get("kind")], Rotation[piece.get("rotation")],
                   piece.get("isFlipped") == "true", int(position.get("x")), int(position.get("y")))


def room_data(server_text: str, kind: str) -> list[ET.Element]:
    return [m.find("data") for m in messages(server_text)
            if m.tag == "room" and m.find("data") is not None and m.find("data").get("class") == kind]


def team_of(server_text: str) -> int:
    return ["ONE", "TWO"].index(room_data(server_text, "welcomeMessage")[0].get("color"))


def states(server_text: str) -> list[ET.Element]:
    return [data.find("state") for data in room_data(server_text, "memento")]


def scores(server_text: str) -> list[tuple[str, str, list[int]]]:
    """(cause, reason, parts) per player of the first result, team ONE first."""
    result = room_data(server_text, "result")[0]
    return [(s.get("cause"), s.get("reason"), [int(p.text) for p in s.findall("part")])
            for s in result.findall("score")]


def state_facts(state: ET.Element) -> dict:
    """What a contest <state> says, in a form comparable with `facts(BlokusState)`."""
    last = state.find("lastMove")
    mono = state.find("lastMoveMono")
    return {
        "turn": int(state.get("turn")),
        "round": int(state.get("round")),
        "startPiece": state.get("startPiece"),
        "validColors": [c.text for c in state.find("validColors")],
        "shapes": [[s.text for s in state.find(f"{c.name.lower()}Shapes")] for c in Color],
        "board": [(int(f.get("x")), int(f.get("y")), f.get("content")) for f in state.find("board")],
        "lastMove": None if last is None else parse_move(last),
        "lastMoveMono": [(e.find("color").text, e.find("boolean").text == "true") for e in mono],
    }


def facts(state: BlokusState) -> dict:
    return {
        "turn": state.turn,
        "round": state.round,
        "startPiece": state.start_piece.name,
        "validColors": [c.name for c in state.valid_colors],
        "shapes": [[s.name for s in state.undeployed(c)] for c in Color],
        "board": [(x, y, c.name) for x, y, c in state.board_fields()],
        "lastMove": state.last_move,
        "lastMoveMono": [(c.name, v) for c, v in state.last_move_mono.items()],
    }

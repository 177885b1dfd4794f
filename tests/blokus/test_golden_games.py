"""The six seeded games the official 21.4.0 plugin generated (generated/random_games): the full
legal-move set before every move, the move, then turn, round, remaining colours and team points;
and the final state against the contest's own XML of it."""

import json
import xml.etree.ElementTree as ET

import pytest

from tablehall.games.blokus.pieces import Color, Rotation, Shape
from tablehall.games.blokus.rules import BlokusState, SetMove, SkipMove

GAMES = range(6)


def _cells_key(kind, cells):
    return kind, frozenset(map(tuple, cells))


def _load(reference, n):
    lines = (reference / "generated" / "random_games" / f"game_{n:02d}.jsonl").read_text().splitlines()
    return json.loads(lines[0]), [json.loads(line) for line in lines[1:]]


def _move(data):
    if data["type"] == "skip":
        return SkipMove(Color[data["color"]])
    return SetMove(Color[data["color"]], Shape[data["kind"]], Rotation[data["rotation"]], data["isFlipped"],
                   data["x"], data["y"])


def play(reference, n):
    header, turns = _load(reference, n)
    state = BlokusState(Shape[header["startPiece"]])
    for line in turns:
        assert (state.turn, state.round, state.current_color.name) == (line["turn"], line["round"],
                                                                       line["currentColor"])
        yield state, line
        move = _move(line["move"])
        if isinstance(move, SetMove):
            assert set(move.cells()) == set(map(tuple, line["move"]["coordinates"]))
        state.apply(state.current_color.team, move)
        after = line["after"]
        assert state.turn == after["turn"] and state.round == after["round"]
        assert [c.name for c in state.valid_colors] == after["validColors"]
        assert [state.team_points(0), state.team_points(1)] == [after["pointsTeamOne"], after["pointsTeamTwo"]]
    assert state.is_over
    yield state, None


@pytest.mark.parametrize("n", GAMES)
def test_golden_game(reference, n):
    for state, line in play(reference, n):
        if line is None:
            break
        moves = state.legal_moves()
        mine = {_cells_key(m.shape.name, m.cells()) for m in moves}
        theirs = {_cells_key(kind, json.loads(cells))
                  for kind, cells in (entry.split(":", 1) for entry in line["possibleMoves"])}
        assert len(moves) == len(mine) == line["possibleMoveCount"], line["turn"]
        assert mine == theirs, line["turn"]
        assert state.has_legal_move(state.current_color)
        actions = state.legal_actions(state.current_color.team)
        can_skip = not state.is_first_move(state.current_color)
        assert (SkipMove(state.current_color) in actions) == can_skip
        assert state.legal_actions(1 - state.current_color.team) == []


@pytest.mark.parametrize("n", GAMES)
def test_final_state_matches_the_contest_xml(reference, n):
    *_, (state, _) = play(reference, n)
    root = ET.parse(reference / "generated" / "random_games" / f"game_{n:02d}_final_state.xml").getroot()
    assert (int(root.get("turn")), int(root.get("round"))) == (state.turn, state.round)
    assert root.get("startPiece") == state.start_piece.name
    for color in Color:
        listed = [e.text for e in root.find(f"{color.name.lower()}Shapes")]
        assert listed == [s.name for s in state.undeployed(color)]
    assert [e.text for e in root.find("validColors")] == [c.name for c in state.valid_colors]
    fields = [(int(f.get("x")), int(f.get("y")), f.get("content")) for f in root.find("board")]
    assert fields == [(x, y, c.name) for x, y, c in state.board_fields()]
    last = root.find("lastMove")
    assert last.get("class") == "sc.plugin2021.SetMove"
    piece = last.find("piece")
    position = piece.find("position")
    assert SetMove(Color[piece.get("color")], Shape[piece.get("kind")], Rotation[piece.get("rotation")],
                   piece.get("isFlipped") == "true", int(position.get("x")), int(position.get("y"))) == state.last_move
    mono = [(e.find("color").text, e.find("boolean").text == "true") for e in root.find("lastMoveMono")]
    assert mono == [(c.name, v) for c, v in state.last_move_mono.items()]

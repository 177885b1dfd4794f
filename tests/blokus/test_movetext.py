"""Blokus moves in words: the piece's English name, its colour and squares, a drawing of the piece
that covers exactly the squares it took, and the pieces' data; refusals in English while the
contest's score reason stays German on the wire."""

from __future__ import annotations

import doctest

from tablehall.core import EndCause, Result, SeatResult
from tablehall.core.movetext import describe
from tablehall.core.records import replay_steps
from tablehall.games.blokus import SPEC, movetext, pieces
from tablehall.games.blokus.pieces import (ENGLISH_NAMES, ORIENTATIONS, SHAPES, Color, Rotation, Shape, face_data,
                                           square_name)
from tablehall.games.blokus.rules import InvalidMove, SetMove, SkipMove
from tablehall.games.blokus.sc import words
from tablehall.games.blokus.sc.dialect import V21_4_0
from tablehall.games.blokus.sc.room import render_result
from tablehall.games.blokus.sc.xml import render

from ..support.bot_games import bot_record

FAMILY = {1: "monomino", 2: "domino", 3: "tromino", 4: "tetromino", 5: "pentomino"}


def test_the_examples_in_the_docstrings_hold():
    for module in (movetext, pieces, words):
        failures, tried = doctest.testmod(module)
        assert tried and not failures, module.__name__


def test_every_piece_has_an_english_name_of_its_family():
    assert len(set(ENGLISH_NAMES)) == len(SHAPES) == 21
    for shape in SHAPES:
        assert shape.english.endswith(FAMILY[shape.size])
    assert (Shape.PENTO_S.english, Shape.PENTO_R.english, Shape.TETRO_O.english) == (
        "N pentomino", "F pentomino", "square tetromino")


def test_the_pieces_data_is_the_rules_shapes():
    data = face_data()
    assert [p["name"] for p in data["pieces"]] == [s.name for s in SHAPES]
    for shape, piece in zip(SHAPES, data["pieces"]):
        assert piece["size"] == shape.size == len(piece["cells"])
        assert [tuple(c) for c in piece["cells"]] == list(ORIENTATIONS[shape][0][2])
        assert piece["orientations"] == len(ORIENTATIONS[shape]) and piece["english"] == shape.english
    assert [(c["name"], c["seat"]) for c in data["colors"]] == [("BLUE", 0), ("YELLOW", 1), ("RED", 0), ("GREEN", 1)]


def test_squares_read_as_column_letter_and_row_from_the_top():
    assert [square_name(0, 0), square_name(19, 0), square_name(0, 19), square_name(7, 11)] == ["A1", "T1", "A20", "H12"]


def test_every_move_of_real_games_is_told_alike_to_everyone_with_a_drawing_of_its_squares():
    placed = 0
    for bots, seed in ((("random", "strong"), 1), (("strong", "strong"), 2)):
        record = bot_record(SPEC, bots, seed, names=["Ana", "Ben"])
        for step in replay_steps(record, SPEC):
            texts = [describe(SPEC, step.state, step.seat, step.action, step.events, ["Ana", "Ben"], viewer)
                     for viewer in (None, 0, 1)]
            assert texts[0] == texts[1] == texts[2] and texts[0].lines
            move = step.action
            if isinstance(move, SetMove):
                figure = texts[0].figure
                x0, y0 = figure["at"]
                board = step.state.view(None)["board"]
                letter = "BYRG"[move.color]
                for dx, dy in figure["cells"]:
                    assert board[y0 + dy][x0 + dx] == letter
                assert sorted((x0 + dx, y0 + dy) for dx, dy in figure["cells"]) == sorted(move.cells())
                assert texts[0].lines[0].startswith(
                    f"{['Ana', 'Ben'][step.seat]} places the {move.color.word} {move.shape.english} on ")
                placed += 1
        assert texts[0].lines[-1].startswith("The game is over: Ana (blue and red) ")
    assert placed > 50


def test_a_pass_a_colour_out_and_a_forfeit():
    state = SPEC.new(2, {"start_piece": "PENTO_I"})
    for move in (SetMove(Color.BLUE, Shape.PENTO_I, Rotation.NONE, False, 0, 0),
                 SetMove(Color.YELLOW, Shape.PENTO_I, Rotation.RIGHT, False, 15, 0),
                 SetMove(Color.RED, Shape.PENTO_I, Rotation.NONE, False, 19, 15),
                 SetMove(Color.GREEN, Shape.PENTO_I, Rotation.RIGHT, False, 0, 19)):
        lines = describe(SPEC, state, move.color.team, move, state.apply(move.color.team, move), ["Ana", "Ben"]).lines
    assert lines == ("Ben places the green I pentomino on A20-E20",)
    skip = SkipMove(Color.BLUE)
    assert describe(SPEC, state, 0, skip, state.apply(0, skip), ["Ana", "Ben"]).lines == ("Ana passes with blue",)
    lines = describe(SPEC, state, 1, None, state.forfeit(1, EndCause.SOFT_TIMEOUT, "too late"), ["Ana", "Ben"]).lines
    assert lines == ("Ben is out: answered too late (too late)",
                     "The game is over: Ana (blue and red) 10 and Ben (yellow and green) 10 points; Ana wins")


def test_a_refused_move_forfeits_with_an_english_reason_the_contest_says_in_german():
    move = SetMove(Color.BLUE, Shape.MONO, Rotation.NONE, False, 10, 10)
    error = InvalidMove("NO_SHARED_CORNER", move)
    assert error.message == "every piece must touch a piece of its own colour at a corner"
    result = Result((SeatResult(0, 2, 0, EndCause.RULE_VIOLATION, str(error)), SeatResult(1, 1, 5)),
                    EndCause.RULE_VIOLATION, {"points": [0, 5], "win_points": [0, 2]})
    xml = render(render_result("room", result, ["Ana", "Ben"], V21_4_0))
    assert ('<score cause="RULE_VIOLATION" reason="Alle Teile müssen ein vorheriges Teil gleicher Farbe über '
            'mindestens eine Ecke berühren bei Zug &apos;Setze MONO(Farbe Blau)[10,10]&apos;">') in xml


def test_the_start_names_the_start_piece_and_who_plays_which_colours():
    state = SPEC.new(2, {"start_piece": "PENTO_V"})
    assert describe(SPEC, state, None, None, state.start_events(), ["Ana", "Ben"]).lines == (
        "Every colour begins with the V pentomino on a corner of the board",
        "Ana plays blue and red; Ben plays yellow and green")

"""Every MoveMistake, its text, what it quotes, and which one wins when a move has several faults.
The rules give each in English; the contest's German words (`sc.words`) are checked here too, as
the wire says them."""

import pytest

from tablehall.core import EndCause, IllegalAction
from tablehall.games.blokus.pieces import Color, Rotation, Shape
from tablehall.games.blokus.rules import MOVE_MISTAKES, BlokusState, InvalidMove, SetMove, SkipMove, move_words
from tablehall.games.blokus.sc.words import MISTAKE_TEXTS, contest_reason, move_text

B, Y, R, G = Color
NONE, RIGHT, MIRROR, LEFT = Rotation


def opened(start=Shape.PENTO_I):
    """All four colours placed the start piece (an I: BLUE top-left down, YELLOW top-right
    across, RED bottom-right up, GREEN bottom-left across); BLUE to move."""
    state = BlokusState(start)
    for move in (SetMove(B, start, NONE, False, 0, 0), SetMove(Y, start, RIGHT, False, 15, 0),
                 SetMove(R, start, NONE, False, 19, 15), SetMove(G, start, RIGHT, False, 0, 19)):
        state.apply(state.current_color.team, move)
    assert state.current_color is B and state.turn == 4
    return state


def mistake(state, move, seat=None):
    before = state.view(None)
    with pytest.raises(InvalidMove) as caught:
        state.apply(state.current_color.team if seat is None else seat, move)
    assert state.view(None) == before, "a rejected move changes nothing"
    error = caught.value
    assert error.code == error.mistake and error.message == MOVE_MISTAKES[error.mistake]
    return error


def contest(error):
    """The refused move's reason in the contest's words, read back from the rules' English."""
    return contest_reason(error.reason())


def test_every_mistake_has_english_and_the_contests_words():
    assert set(MOVE_MISTAKES) == set(MISTAKE_TEXTS)
    assert all(text.isascii() and ": " not in text for text in MOVE_MISTAKES.values())


def test_the_mistake_table_is_the_contests():
    assert MISTAKE_TEXTS == {
        "WRONG_COLOR": "Die Farbe des Zuges ist nicht an der Reihe",
        "NOT_IN_CORNER": "Der erste Zug muss auf eine freie Ecke gesetzt werden",
        "NO_SHARED_CORNER": "Alle Teile müssen ein vorheriges Teil gleicher Farbe über mindestens eine Ecke berühren",
        "WRONG_SHAPE": "Der erste Zug muss den festgelegten Spielstein setzen",
        "SKIP_FIRST_TURN": "Der erste Zug muss einen Stein setzen",
        "DUPLICATE_SHAPE": "Der gewählte Stein wurde bereits gesetzt",
        "OUT_OF_BOUNDS": "Der Spielstein passt nicht vollständig auf das Spielfeld",
        "OBSTRUCTED": "Der Spielstein würde eine andere Farbe überlagern",
        "TOUCHES_SAME_COLOR": "Der Spielstein berührt ein Feld gleicher Farbe",
        "INVALID_FORMAT": "Der Zug konnte nicht erkannt werden",
    }


def test_move_texts():
    assert move_text(SetMove(B, Shape.PENTO_T, NONE, False, 5, 5)) == "Setze PENTO_T(Farbe Blau)[5,5]"
    assert move_text(SetMove(Y, Shape.MONO, RIGHT, False, 0, 1)) == "Setze MONO(Farbe Gelb, gedreht um 90°)[0,1]"
    assert move_text(SetMove(R, Shape.DOMINO, MIRROR, True, -1, 20)) == \
        "Setze DOMINO(Farbe Rot, gedreht um 180°, gespiegelt)[-1,20]"
    assert move_text(SetMove(G, Shape.TRIO_I, LEFT, False, 3, 4)) == "Setze TRIO_I(Farbe Grün, gedreht um 270°)[3,4]"
    assert move_text(SkipMove(B)) == "Farbe Blau setzt aus"
    assert move_text(SkipMove(None)) == "null setzt aus"


def test_the_rules_say_a_mistake_in_english_with_the_move():
    state = BlokusState(Shape.PENTO_T)
    error = mistake(state, SetMove(B, Shape.PENTO_T, NONE, False, 5, 5))
    assert str(error) == "the first piece must cover a free corner of the board: blue T pentomino at F6"
    assert move_words(SetMove(R, Shape.DOMINO, MIRROR, True, -1, 20)) == "red domino at (-1, 20), turned 180°, flipped"


@pytest.mark.parametrize("move", [
    SetMove(B, Shape.PENTO_T, NONE, False, 5, 5), SetMove(Y, Shape.MONO, RIGHT, False, 0, 1),
    SetMove(R, Shape.DOMINO, MIRROR, True, -1, 20), SetMove(G, Shape.PENTO_S, LEFT, True, 19, 19),
    SetMove(G, Shape.PENTO_R, NONE, True, 30, -4), SkipMove(B), SkipMove(None)])
@pytest.mark.parametrize("code", sorted(MOVE_MISTAKES))
def test_every_english_reason_reads_back_into_the_contests_words(code, move):
    error = InvalidMove(code, move)
    assert contest(error) == f"{MISTAKE_TEXTS[code]} bei Zug '{move_text(move)}'"
    assert contest(InvalidMove(code, None)) == MISTAKE_TEXTS[code]


def test_other_reasons_keep_their_words():
    for reason in ("", "left the game", "Der Spieler hat das Spiel verlassen",
                   "the piece does not fit on the board: purple blob at Z9"):
        assert contest_reason(reason) == reason


def test_wrong_color_comes_first():
    state = BlokusState(Shape.PENTO_I)
    error = mistake(state, SetMove(R, Shape.MONO, NONE, False, 30, 30))  # also wrong shape, off board
    assert error.mistake == "WRONG_COLOR"
    assert contest(error) == "Die Farbe des Zuges ist nicht an der Reihe bei Zug 'Setze MONO(Farbe Rot)[30,30]'"
    assert mistake(state, SkipMove(Y)).mistake == "WRONG_COLOR"


def test_a_skip_without_colour_is_the_wrong_colour():
    error = mistake(opened(), SkipMove(None))
    assert (error.mistake, contest(error)) == (
        "WRONG_COLOR", "Die Farbe des Zuges ist nicht an der Reihe bei Zug 'null setzt aus'")


def test_no_skip_before_the_first_piece():
    error = mistake(BlokusState(Shape.PENTO_I), SkipMove(B))
    assert contest(error) == "Der erste Zug muss einen Stein setzen bei Zug 'Farbe Blau setzt aus'"
    state = opened()
    state.apply(0, SkipMove(B))  # allowed once the colour has placed a piece
    assert state.current_color is Y and state.turn == 5


def test_first_piece_must_be_the_start_piece_reported_without_the_move():
    error = mistake(BlokusState(Shape.PENTO_I), SetMove(B, Shape.PENTO_L, NONE, False, 50, 0))
    assert (error.mistake, error.move) == ("WRONG_SHAPE", None)
    assert contest(error) == "Der erste Zug muss den festgelegten Spielstein setzen"


def test_a_shape_placed_before_is_a_duplicate_reported_without_the_move():
    error = mistake(opened(), SetMove(B, Shape.PENTO_I, NONE, False, 1, 5))
    assert (error.mistake, error.move, contest(error)) == (
        "DUPLICATE_SHAPE", None, "Der gewählte Stein wurde bereits gesetzt")


def test_cells_are_checked_before_the_corner_rule():
    state = BlokusState(Shape.PENTO_I)
    error = mistake(state, SetMove(B, Shape.PENTO_I, NONE, False, 5, 17))  # off board and not in a corner
    assert contest(error) == \
        "Der Spielstein passt nicht vollständig auf das Spielfeld bei Zug 'Setze PENTO_I(Farbe Blau)[5,17]'"
    assert mistake(state, SetMove(B, Shape.PENTO_I, NONE, False, 5, 5)).mistake == "NOT_IN_CORNER"


def test_obstructed_touching_and_no_shared_corner():
    state = opened()
    assert mistake(state, SetMove(B, Shape.MONO, NONE, False, 19, 0)).mistake == "OBSTRUCTED"  # yellow there
    assert mistake(state, SetMove(B, Shape.MONO, NONE, False, 1, 2)).mistake == "TOUCHES_SAME_COLOR"
    error = mistake(state, SetMove(B, Shape.MONO, NONE, False, 10, 10))
    assert contest(error) == ("Alle Teile müssen ein vorheriges Teil gleicher Farbe über mindestens eine Ecke "
                              "berühren bei Zug 'Setze MONO(Farbe Blau)[10,10]'")
    state.apply(0, SetMove(B, Shape.MONO, NONE, False, 1, 5))  # diagonal to (0, 4)


def test_a_start_piece_on_an_occupied_corner_is_obstructed():
    state = BlokusState(Shape.PENTO_I)
    state.apply(0, SetMove(B, Shape.PENTO_I, NONE, False, 0, 0))
    assert mistake(state, SetMove(Y, Shape.PENTO_I, RIGHT, False, 0, 0)).mistake == "OBSTRUCTED"


def test_the_first_faulty_cell_in_the_contests_order_decides():
    # The contest checks a piece's cells in the iteration order of its normalised shape (a
    # java.util.HashSet of Coordinates, see pieces.transform), each for out of bounds, then
    # obstructed, then touching its own colour.  A horizontal I is iterated (0,0), (4,0), (3,0),
    # (2,0), (1,0): at x = -1 its first cell is off the board although the second is occupied.
    state = BlokusState(Shape.PENTO_I)
    state.apply(0, SetMove(B, Shape.PENTO_I, NONE, False, 0, 0))
    move = SetMove(Y, Shape.PENTO_I, RIGHT, False, -1, 0)
    assert move.cells() == ((-1, 0), (3, 0), (2, 0), (1, 0), (0, 0))
    assert mistake(state, move).mistake == "OUT_OF_BOUNDS"
    # ...whereas at the bottom edge, the occupied cell (0,0) comes before the one off the board
    state = BlokusState(Shape.PENTO_I)
    state.apply(0, SetMove(B, Shape.PENTO_I, RIGHT, False, 0, 19))
    move = SetMove(Y, Shape.PENTO_I, NONE, False, 0, 16)  # (0,16)..(0,20): (0,19) blue, (0,20) off
    assert move.cells()[:2] == ((0, 16), (0, 17))
    assert mistake(state, move).mistake == "OBSTRUCTED"


def test_touching_and_obstructed_are_decided_cell_by_cell():
    state = opened()  # blue holds (0,0)..(0,4)
    # a flipped TRIO_L at (0, 0) is checked (1,1), (0,1), (1,0): the first cell only touches blue,
    # the second is blue's own -> TOUCHES_SAME_COLOR, although a later cell is obstructed
    move = SetMove(B, Shape.TRIO_L, NONE, True, 0, 0)
    assert move.cells() == ((1, 1), (0, 1), (1, 0))
    assert mistake(state, move).mistake == "TOUCHES_SAME_COLOR"
    # a vertical TRIO_I at (0, 3): (0,3) is occupied before (0,5) is found touching
    move = SetMove(B, Shape.TRIO_I, NONE, False, 0, 3)
    assert move.cells() == ((0, 3), (0, 4), (0, 5))
    assert mistake(state, move).mistake == "OBSTRUCTED"


def test_any_rotation_and_flip_covering_legal_cells_is_accepted():
    state = opened()
    # TETRO_O looks the same in all eight ways; every one of them is the same legal move
    for rotation in Rotation:
        for flipped in (False, True):
            state.copy().apply(0, SetMove(B, Shape.TETRO_O, rotation, flipped, 1, 5))


def test_something_that_is_not_a_move_is_an_invalid_format():
    state = BlokusState(Shape.PENTO_I)
    for junk in ("SetMove", None, SetMove(B, "PENTO_I", NONE, False, 0, 0), SetMove(B, Shape.PENTO_I, 0, False, 0, 0),
                 SetMove(B, Shape.PENTO_I, NONE, 1, 0, 0), SetMove(B, Shape.PENTO_I, NONE, False, 0.0, 0)):
        error = mistake(state, junk)
        assert (error.mistake, error.move, contest(error)) == (
            "INVALID_FORMAT", None, "Der Zug konnte nicht erkannt werden")


def test_not_your_turn_and_game_over_are_not_move_mistakes():
    state = BlokusState(Shape.PENTO_I)
    with pytest.raises(IllegalAction) as caught:
        state.apply(1, SetMove(Y, Shape.PENTO_I, NONE, False, 19, 0))
    assert caught.value.code == "NOT_YOUR_TURN" and not isinstance(caught.value, InvalidMove)
    state.forfeit(0, EndCause.LEFT)
    with pytest.raises(IllegalAction) as caught:
        state.apply(0, SetMove(B, Shape.PENTO_I, NONE, False, 0, 0))
    assert caught.value.code == "GAME_OVER"

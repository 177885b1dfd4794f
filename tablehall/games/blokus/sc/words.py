"""The contest's own words on the wire: the German MoveMistake texts and move `toString`s the
Software Challenge server writes in error messages and score reasons.

The rules refuse a move with a stable code (the contest's MoveMistake name) and an English
message; this module says the same in the contest's words, so a contest client reads what the
contest server would have sent, byte for byte.  Score reasons come from a record's forfeit
reason, which the rules wrote in English (`InvalidMove.reason`): `contest_reason` reads it
back into the mistake and the move.

>>> from ..pieces import Color, Rotation, Shape
>>> from ..rules import InvalidMove, SetMove
>>> error = InvalidMove("NOT_IN_CORNER", SetMove(Color.BLUE, Shape.PENTO_T, Rotation.NONE, False, 5, 5))
>>> contest_reason(error.reason())
"Der erste Zug muss auf eine freie Ecke gesetzt werden bei Zug 'Setze PENTO_T(Farbe Blau)[5,5]'"
"""

from __future__ import annotations

import re

from ..pieces import COLUMN_LETTERS, Color, Rotation, Shape
from ..rules import MOVE_MISTAKES, InvalidMove, Move, SetMove, SkipMove

#: MoveMistake name -> the contest's text
MISTAKE_TEXTS: dict[str, str] = {
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

COLOR_NAMES = {Color.BLUE: "Blau", Color.YELLOW: "Gelb", Color.RED: "Rot", Color.GREEN: "Grün"}


def move_text(move: Move) -> str:
    """The contest's `toString` of a move, as quoted in errors and score reasons.

    >>> move_text(SetMove(Color.RED, Shape.PENTO_L, Rotation.LEFT, True, 3, 4))
    'Setze PENTO_L(Farbe Rot, gedreht um 270°, gespiegelt)[3,4]'
    >>> move_text(SkipMove(None))
    'null setzt aus'
    """
    if isinstance(move, SkipMove):
        return f"{_color_text(move.color)} setzt aus"
    turned = f", gedreht um {move.rotation.degrees}°" if move.rotation is not Rotation.NONE else ""
    mirrored = ", gespiegelt" if move.flipped else ""
    return f"Setze {move.shape.name}({_color_text(move.color)}{turned}{mirrored})[{move.x},{move.y}]"


def _color_text(color: Color | None) -> str:
    return "null" if color is None else f"Farbe {COLOR_NAMES[color]}"


def mistake_text(error: InvalidMove) -> str:
    """The contest's text of the mistake a refused move made."""
    return MISTAKE_TEXTS[error.mistake]


def reason_text(mistake: str, move: Move | None) -> str:
    """The contest's `InvalidMoveException.message`, its score reason for a refused move."""
    if move is None:
        return MISTAKE_TEXTS[mistake]
    return f"{MISTAKE_TEXTS[mistake]} bei Zug '{move_text(move)}'"


# -- reading the rules' English reasons back ------------------------------------------------------

_MISTAKE_OF = {message: mistake for mistake, message in MOVE_MISTAKES.items()}
_SHAPE_OF = {shape.english: shape for shape in Shape}
_COLOR_OF = {color.word: color for color in Color}
_ROTATION_OF = {rotation.degrees: rotation for rotation in Rotation}
_SET = re.compile(r"(?P<color>[a-z]+) (?P<shape>[A-Za-z ]+) at (?:(?P<column>[A-T])(?P<row>\d+)"
                  r"|\((?P<x>-?\d+), (?P<y>-?\d+)\))(?:, turned (?P<degrees>\d+)°)?(?P<flipped>, flipped)?")
_SKIP = re.compile(r"(?P<color>[a-z]+) passes")


def contest_reason(reason: str) -> str:
    """A forfeit reason in the contest's words: a refused move's English reason
    (`InvalidMove.reason`) becomes the contest's German one; any other reason is kept."""
    message, _, words = reason.partition(": ")
    mistake = _MISTAKE_OF.get(message)
    if mistake is None:
        return reason
    if not words:
        return reason_text(mistake, None)
    move = _read_move(words)
    return reason if move is None else reason_text(mistake, move)


def _read_move(words: str) -> Move | None:
    """The move `rules.move_words` wrote as `words`, or None if it is not one."""
    if words == "a pass without a colour":
        return SkipMove(None)
    skip = _SKIP.fullmatch(words)
    if skip:
        color = _COLOR_OF.get(skip["color"])
        return None if color is None else SkipMove(color)
    placed = _SET.fullmatch(words)
    if not placed or placed["color"] not in _COLOR_OF or placed["shape"] not in _SHAPE_OF:
        return None
    if placed["column"]:
        x, y = COLUMN_LETTERS.index(placed["column"]), int(placed["row"]) - 1
    else:
        x, y = int(placed["x"]), int(placed["y"])
    rotation = _ROTATION_OF.get(int(placed["degrees"] or 0))
    if rotation is None:
        return None
    return SetMove(_COLOR_OF[placed["color"]], _SHAPE_OF[placed["shape"]], rotation, bool(placed["flipped"]), x, y)

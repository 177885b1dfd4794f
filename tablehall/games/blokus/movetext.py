"""Blokus moves in words (`core.movetext`): the piece's English name, its colour and the squares
it covers (columns A-T, rows 1-20 from the top), with the piece's cells for a small drawing.
Blokus hides nothing, so every audience reads the same words.

>>> from tablehall.games.blokus import SPEC
>>> from tablehall.core.movetext import describe
>>> state = SPEC.new(2, {"start_piece": "PENTO_V"})
>>> move = state.legal_actions(0)[0]
>>> text = describe(SPEC, state, 0, move, state.apply(0, move), ["Ana", "Ben"])
>>> text.lines
('Ana places the blue V pentomino on A1-C3',)
>>> dict(text.figure)
{'piece': 'PENTO_V', 'color': 'BLUE', 'cells': [[0, 0], [0, 1], [0, 2], [1, 2], [2, 2]], 'at': [0, 0]}
"""

from __future__ import annotations

from tablehall.core.events import Event
from tablehall.core.movetext import MoveText, StepView, forfeit_line, listed

from .pieces import Color, Shape, square_name
from .rules import COLORS, SetMove, SkipMove, decode_action


def move_text(view: StepView) -> MoveText:
    lines: list[str] = []
    figure = None
    for event in view.events:
        if event.kind == "start":
            lines += _start(view, event)
        elif event.kind == "move":
            move = decode_action(event.data["move"])
            if isinstance(move, SetMove):
                figure = piece_figure(move)
            lines += _move(view, event, move)
        elif event.kind == "forfeit":
            lines += [forfeit_line(view, event), *_outcome(view)]
    return MoveText(tuple(lines), figure)


def piece_figure(move: SetMove) -> dict:
    """What a small drawing of the placed piece needs: its shape and colour, its cells from the
    top-left corner of its box (turned and flipped as placed), and that corner's square."""
    cells = sorted(((x - move.x, y - move.y) for x, y in move.cells()), key=lambda cell: (cell[1], cell[0]))
    return {"piece": move.shape.name, "color": move.color.name, "cells": [list(cell) for cell in cells],
            "at": [move.x, move.y]}


def _start(view: StepView, event: Event) -> list[str]:
    piece = Shape[event.data["start_piece"]].english
    teams = [f"{view.name(seat)} plays {Color(seat).word} and {Color(seat + 2).word}" for seat in (0, 1)]
    return [f"Every colour begins with the {piece} on a corner of the board", "; ".join(teams)]


def _move(view: StepView, event: Event, move: SetMove | SkipMove) -> list[str]:
    name = view.name(event.data["seat"])
    if isinstance(move, SkipMove):
        lines = [f"{name} passes with {move.color.word}"]
    else:
        lines = [f"{name} places the {move.color.word} {move.shape.english} on {_squares(move)}"]
    removed = event.data["removed"]
    if removed:
        colours = listed([Color[c].word for c in removed])
        lines.append(f"{colours[0].upper()}{colours[1:]} {'has' if len(removed) == 1 else 'have'} no move left "
                     f"and {'is' if len(removed) == 1 else 'are'} out")
    if event.data["over"]:
        lines += _outcome(view)
    return lines


def _squares(move: SetMove) -> str:
    """The squares a piece covers, as the corners of its box ("A1-C3"; one square: "A1")."""
    cells = move.cells()
    xs, ys = [x for x, _ in cells], [y for _, y in cells]
    first, last = square_name(min(xs), min(ys)), square_name(max(xs), max(ys))
    return first if first == last else f"{first}-{last}"


def _outcome(view: StepView) -> list[str]:
    result = view.state.result()
    if result is None:
        return []
    points = result.details["points"]
    teams = [f"{view.name(seat)} ({COLORS[seat].word} and {COLORS[seat + 2].word}) {points[seat]}" for seat in (0, 1)]
    winners = [s.seat for s in result.seats if s.rank == 1]
    verdict = "a draw" if len(winners) == 2 else f"{view.name(winners[0])} wins"
    return [f"The game is over: {listed(teams)} points; {verdict}"]

"""The memento as text, written straight from the state: exactly the characters of
``render(messages.memento(room_id, state, names), level)``, without building a tree first.

A memento is sent after every move and is about 10 KB by the end of a game; building it as
nodes and pretty-printing them cost more than a millisecond, most of it re-rendering parts
that did not change.  Here the parts are cached strings: a colour's hand by its bit mask, each
board field by cell and colour, the players by their names.  tests/blokus/test_memento_text.py
compares the two writers on every position of many games.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from ..pieces import Color, Shape
from ..bitboard import SIZE
from ..rules import BlokusState, SetMove
from .messages import SET_MOVE, SKIP_MOVE, TEAMS
from .xml import escape_attr

_COLOR_NAMES = tuple(c.name for c in Color)
_SHAPE_TAGS = tuple(f"{c.name.lower()}Shapes" for c in Color)


def memento_text(room_id: str, state: BlokusState, names: Sequence[str], level: int = 1) -> str:
    pad = "  " * level
    inner = pad + "      "  # the state's children
    lines = [
        f'{pad}<room roomId="{escape_attr(room_id)}">',
        f'{pad}  <data class="memento">',
        f'{pad}    <state class="state" turn="{state.turn}" round="{state.round}" startPiece="{state.start_piece.name}">',
        f'{inner}<startTeam class="team">ONE</startTeam>',
    ]
    hands = state._undeployed
    for color in range(4):
        lines.append(_hand(inner, color, hands[color]))
    lines.append(_valid(inner, tuple(state.valid_colors)))
    lines.append(_players(inner, tuple(names)))
    lines.append(_board(inner, state._cells))
    if state.last_move is not None:
        lines.append(_last_move(inner, state.last_move))
    lines.append(_mono(inner, tuple(state.last_move_mono.items())))
    lines += [f"{pad}    </state>", f"{pad}  </data>", f"{pad}</room>"]
    return "\n".join(lines)


@lru_cache(maxsize=4096)
def _hand(pad: str, color: int, mask: int) -> str:
    tag = _SHAPE_TAGS[color]
    if not mask:
        return f"{pad}<{tag}/>"
    shapes = [f"{pad}  <shape>{shape.name}</shape>" for shape in Shape if mask >> shape & 1]
    return "\n".join([f"{pad}<{tag}>", *shapes, f"{pad}</{tag}>"])


@lru_cache(maxsize=256)
def _valid(pad: str, colors: tuple[Color, ...]) -> str:
    if not colors:
        return f"{pad}<validColors/>"
    return "\n".join([f"{pad}<validColors>", *(f"{pad}  <color>{c.name}</color>" for c in colors),
                      f"{pad}</validColors>"])


@lru_cache(maxsize=1024)
def _players(pad: str, names: tuple[str, ...]) -> str:
    lines = []
    for team, label in ((0, "first"), (1, "second")):
        lines += [f'{pad}<{label} displayName="{escape_attr(names[team])}">',
                  f'{pad}  <color class="team">{TEAMS[team]}</color>', f"{pad}</{label}>"]
    return "\n".join(lines)


@lru_cache(maxsize=8)
def _fields(pad: str) -> tuple[tuple[str, ...], ...]:
    """Per colour, per cell index: that field's line."""
    return tuple(tuple(f'{pad}  <field x="{i % SIZE}" y="{i // SIZE}" content="{name}"/>' for i in range(SIZE * SIZE))
                 for name in _COLOR_NAMES)


def _board(pad: str, cells: list[Color | None]) -> str:
    fields = _fields(pad)
    lines = [fields[c][i] for i, c in enumerate(cells) if c is not None]
    if not lines:
        return f"{pad}<board/>"
    return f"{pad}<board>\n" + "\n".join(lines) + f"\n{pad}</board>"


def _last_move(pad: str, move) -> str:
    if isinstance(move, SetMove):
        return "\n".join([
            f'{pad}<lastMove class="{SET_MOVE}">',
            f'{pad}  <piece color="{move.color.name}" kind="{move.shape.name}" rotation="{move.rotation.name}" '
            f'isFlipped="{"true" if move.flipped else "false"}">',
            f'{pad}    <position x="{move.x}" y="{move.y}"/>',
            f"{pad}  </piece>",
            f"{pad}</lastMove>"])
    if move.color is None:
        return f'{pad}<lastMove class="{SKIP_MOVE}"/>'
    return f'{pad}<lastMove class="{SKIP_MOVE}">\n{pad}  <color>{move.color.name}</color>\n{pad}</lastMove>'


@lru_cache(maxsize=1024)
def _mono(pad: str, entries: tuple[tuple[Color, bool], ...]) -> str:
    if not entries:
        return f"{pad}<lastMoveMono/>"
    lines = [f"{pad}<lastMoveMono>"]
    for color, mono in entries:
        lines += [f"{pad}  <entry>", f"{pad}    <color>{color.name}</color>",
                  f"{pad}    <boolean>{'true' if mono else 'false'}</boolean>", f"{pad}  </entry>"]
    lines.append(f"{pad}</lastMoveMono>")
    return "\n".join(lines)

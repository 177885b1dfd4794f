"""Blokus as the Software Challenge 2021 server plays it (`swc_2021_blokus`, 21.3.3 = 21.4.0).

Two seats: seat 0 is team ONE (BLUE and RED), seat 1 team TWO (YELLOW and GREEN).  The colours
move in the order BLUE, YELLOW, RED, GREEN; `turn` counts every move and `round = 1 + turn // 4`.
Every colour first places the random start piece on a board corner; later pieces touch their
own colour at a corner and never along an edge.  A colour may skip after its first move.  After
each move the turn passes to the next colour still in the game, and a colour without any legal
placement drops out (its turns are still counted).  The game ends when no colour is left or the
round passes 25.

Checks and their order are the contest's (`GameRuleLogic.validateSetMove`): colour, shape, then
per cell (in the contest's cell order, see `pieces`) out of bounds / obstructed / touching the
own colour, then the corner rule.  A refused move raises `InvalidMove` with the contest's
MoveMistake name as its code and an English message; the contest protocol says it in the
contest's German words (`sc.words`).

>>> state = BlokusState(Shape.PENTO_T)
>>> state.current_color, len(state.legal_moves())
(<Color.BLUE: 0>, 8)
>>> move = SetMove(Color.BLUE, Shape.PENTO_T, Rotation.NONE, False, 5, 5)
>>> state.check(0, move)
Traceback (most recent call last):
...
tablehall.games.blokus.rules.InvalidMove: the first piece must cover a free corner of the board: blue T pentomino at F6
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tablehall.core import (EVERYONE, EndCause, Event, GameState, IllegalAction, OptionError, Result, Rng,
                            SeatResult, rank_by, strict_options)

from .bitboard import (BOARD, CORNERS, P_MASK, P_ORIENT, P_SHAPE, P_X, P_Y, PLACEMENT_AT,
                       SIZE, STRIDE, diagonal_neighbours, edge_neighbours)
from .movegen import CornerMoves
from .pieces import (CELL_ORDER, ORIENTATION_OF, ORIENTATIONS, SHAPES, SIZES, START_SHAPES, TOTAL_SQUARES,
                     Cell, Color, Rotation, Shape, square_name)

COLORS = tuple(Color)
MAX_ROUND = 25
ALL_SHAPES = (1 << len(SHAPES)) - 1  # undeployed shapes of a colour, one bit per shape
COMPLETION_BONUS = 15
MONO_LAST_BONUS = 5
WIN_POINTS, DRAW_POINTS = 2, 1

#: The contest's MoveMistake names, each with what it means in English (the contest's own
#: German texts are the protocol's: `sc.words`).  No message holds ": ", which parts a reason.
MOVE_MISTAKES: dict[str, str] = {
    "WRONG_COLOR": "it is another colour's turn",
    "NOT_IN_CORNER": "the first piece must cover a free corner of the board",
    "NO_SHARED_CORNER": "every piece must touch a piece of its own colour at a corner",
    "WRONG_SHAPE": "the first piece of every colour must be the start piece",
    "SKIP_FIRST_TURN": "a colour cannot pass before it has placed its first piece",
    "DUPLICATE_SHAPE": "that piece has already been placed",
    "OUT_OF_BOUNDS": "the piece does not fit on the board",
    "OBSTRUCTED": "the piece would cover another piece",
    "TOUCHES_SAME_COLOR": "the piece would touch its own colour along an edge",
    "INVALID_FORMAT": "the move could not be read",
}


# -- moves ----------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class SetMove:
    """Place `shape` of `color`, turned by `rotation` then mirrored if `flipped`, with the top-left
    corner of its bounding box at (x, y).  Several (rotation, flipped) pairs may cover the same
    cells; the contest treats such moves as one."""

    color: Color
    shape: Shape
    rotation: Rotation = Rotation.NONE
    flipped: bool = False
    x: int = 0
    y: int = 0

    def cells(self) -> tuple[Cell, ...]:
        """The board cells covered, in the order the contest checks them: the order of the
        normalised shape (`pieces.transform`), moved to (x, y).  Cells may lie off the board."""
        x0, y0 = self.x, self.y
        return tuple((x0 + x, y0 + y) for x, y in CELL_ORDER[self.shape][self.rotation.value * 2 + self.flipped])


@dataclass(frozen=True, slots=True)
class SkipMove:
    """Let `color` pass.  `None` is the contest's skip without a <color>: always WRONG_COLOR."""

    color: Color | None


Move = SetMove | SkipMove


def move_words(move: Move) -> str:
    """A move in short English, exact enough to be read back (`sc.words` does, to quote it in
    the contest's words): colour, piece, the square of its top-left corner, the turn, the flip.

    >>> move_words(SetMove(Color.RED, Shape.PENTO_L, Rotation.LEFT, True, 3, 4))
    'red L pentomino at D5, turned 270°, flipped'
    >>> move_words(SkipMove(Color.BLUE)), move_words(SkipMove(None))
    ('blue passes', 'a pass without a colour')
    """
    if isinstance(move, SkipMove):
        return "a pass without a colour" if move.color is None else f"{move.color.word} passes"
    turned = f", turned {move.rotation.degrees}°" if move.rotation is not Rotation.NONE else ""
    flipped = ", flipped" if move.flipped else ""
    return f"{move.color.word} {move.shape.english} at {square_name(move.x, move.y)}{turned}{flipped}"


class InvalidMove(IllegalAction):
    """A move the contest rejects with a MoveMistake (the player then loses by RULE_VIOLATION).

    `mistake` (= `code`) is the MoveMistake name, `message` what it means in English, `move`
    the move or None where the contest reports ``move=null`` (WRONG_SHAPE, DUPLICATE_SHAPE,
    INVALID_FORMAT).  `str()` is the reason a forfeit for it records: the message and the move.
    """

    def __init__(self, mistake: str, move: Move | None) -> None:
        super().__init__(mistake, MOVE_MISTAKES[mistake])
        self.mistake = mistake
        self.move = move

    def reason(self) -> str:
        """The message and, where the contest names it, the move (`move_words`)."""
        if self.move is None:
            return self.message
        return f"{self.message}: {move_words(self.move)}"

    def __str__(self) -> str:
        return self.reason()


def _well_formed(move: Any) -> bool:
    if isinstance(move, SkipMove):
        return move.color is None or isinstance(move.color, Color)
    return (isinstance(move, SetMove) and isinstance(move.color, Color) and isinstance(move.shape, Shape)
            and isinstance(move.rotation, Rotation) and isinstance(move.flipped, bool)
            and type(move.x) is int and type(move.y) is int)


# Moves in legal-move lists are shared: one object per (placement, colour), made on first use.
_MOVES: tuple[dict[int, SetMove], ...] = ({}, {}, {}, {})  # per colour: placement id -> move


def placement_move(pid: int, color: int) -> SetMove:
    """The SetMove of placement `pid` (see `bitboard`) for `color`, in its canonical form."""
    move = _MOVES[color].get(pid)
    if move is None:
        shape = P_SHAPE[pid]
        rotation, flipped, _ = ORIENTATIONS[shape][P_ORIENT[pid]]
        move = _MOVES[color][pid] = SetMove(COLORS[color], SHAPES[shape], rotation, flipped, P_X[pid], P_Y[pid])
    return move


# -- the game -------------------------------------------------------------------------------

class BlokusState(GameState):
    """One game.  Seat 0 = team ONE (BLUE, RED), seat 1 = team TWO (YELLOW, GREEN)."""

    seat_count = 2

    def __init__(self, start_piece: Shape) -> None:
        if start_piece not in START_SHAPES:
            raise ValueError(f"{Shape(start_piece).name} cannot be the start piece")
        self.start_piece = Shape(start_piece)
        self.turn = 0
        self.valid_colors: list[Color] = list(COLORS)
        self.last_move: Move | None = None
        #: colour -> whether its last piece (placed when it had placed all 21) was the MONO;
        #: in insertion order, like the contest's LinkedHashMap
        self.last_move_mono: dict[Color, bool] = {}
        self._cells: list[Color | None] = [None] * (SIZE * SIZE)  # y * SIZE + x -> colour
        self._own = [0, 0, 0, 0]  # per colour: its cells
        self._forbidden = [0, 0, 0, 0]  # per colour: occupied cells and edge-neighbours of its own
        self._anchors = [CORNERS] * 4  # per colour: free cells a new piece may connect through
        self._undeployed = [ALL_SHAPES] * 4  # per colour: one bit per shape still in hand
        self._placed = [0, 0, 0, 0]  # per colour: squares placed
        self._corner_moves = [CornerMoves() for _ in COLORS]  # per colour: legal placements per corner cell
        self._forfeit: tuple[int, EndCause, str] | None = None

    # -- reading the position ------------------------------------------------------------------
    @property
    def round(self) -> int:
        return 1 + self.turn // 4

    @property
    def current_color(self) -> Color:
        return COLORS[self.turn & 3]

    def undeployed(self, color: Color) -> list[Shape]:
        """The shapes `color` has not placed yet, in enum order."""
        hand = self._undeployed[color]
        return [shape for shape in SHAPES if hand >> shape & 1]

    def is_first_move(self, color: Color) -> bool:
        return self._undeployed[color] == ALL_SHAPES

    def board_fields(self) -> list[tuple[int, int, Color]]:
        """Occupied cells as (x, y, colour), y-major then x (the contest's <board> order)."""
        return [(i % SIZE, i // SIZE, c) for i, c in enumerate(self._cells) if c is not None]

    def color_at(self, x: int, y: int) -> Color | None:
        return self._cells[y * SIZE + x]

    def points(self, color: Color) -> int:
        """1 per placed square; all 21 placed: 89 + 15, and 5 more if the MONO came last."""
        if self._undeployed[color]:
            return self._placed[color]
        return TOTAL_SQUARES + COMPLETION_BONUS + (MONO_LAST_BONUS if self.last_move_mono.get(color) else 0)

    def team_points(self, team: int) -> int:
        return self.points(COLORS[team]) + self.points(COLORS[team + 2])

    def cells_mask(self, color: Color) -> int:
        """Bitboard (see `bitboard`) of the cells `color` covers."""
        return self._own[color]

    def corner_mask(self, color: Color) -> int:
        """Bitboard (see `bitboard`) of the free cells a new piece of `color` could connect
        through: diagonal to its pieces and not beside them; the free board corners before its
        first piece."""
        return self._anchors[color]

    def blocked_mask(self, color: Color) -> int:
        """Bitboard of the cells a piece of `color` may not cover: occupied, or beside its own."""
        return self._forbidden[color]

    # -- move generation -------------------------------------------------------------------------
    def _shapes_to_try(self, color: int) -> list[int]:
        hand = self._undeployed[color]
        if hand == ALL_SHAPES:
            return [self.start_piece]
        return [shape for shape in SHAPES if hand >> shape & 1]

    def legal_placements(self, color: Color | None = None) -> list[int]:
        """Placement ids (see `bitboard`) of every legal SetMove of `color` (default: the
        current colour), sorted: shape, orientation, y, x."""
        c = self.current_color if color is None else color
        return self._corner_moves[c].union(self._anchors[c], lambda: self._shapes_to_try(c), self._forbidden[c])

    def legal_moves(self, color: Color | None = None) -> list[SetMove]:
        """Every legal SetMove of `color` (default: the current colour), one per distinct set of
        covered cells, like the contest's `getPossibleMoves`.  Each is given with the first
        (rotation, flipped) pair, in the order NONE, RIGHT, MIRROR, LEFT x unflipped, flipped,
        that yields its cells, and at the top-left corner of its bounding box."""
        c = self.current_color if color is None else color
        made = _MOVES[c].get
        return [made(pid) or placement_move(pid, c) for pid in self.legal_placements(c)]

    def has_legal_move(self, color: Color) -> bool:
        """Whether `color` has any legal SetMove (stops at the first corner cell with one)."""
        return self._corner_moves[color].any(self._anchors[color], lambda: self._shapes_to_try(color),
                                             self._forbidden[color])

    # -- GameState: who acts, what is legal ----------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        if self.is_over:
            return ()
        return (self.current_color.team,)

    def legal_actions(self, seat: int) -> list[Move]:
        """The legal SetMoves of the current colour, plus its SkipMove after its first move."""
        if seat not in self.to_act():
            return []
        color = self.current_color
        moves: list[Move] = list(self.legal_moves(color))
        if not self.is_first_move(color):
            moves.append(SkipMove(color))
        return moves

    def check(self, seat: int, action: Any) -> None:
        self._placement_for(seat, action)

    def _placement_for(self, seat: int, move: Any) -> int | None:
        """Check `move` for `seat`; the placement id of a legal SetMove, None for a SkipMove."""
        if self.is_over:
            raise IllegalAction("GAME_OVER", "the game is over")
        if seat not in self.to_act():
            raise IllegalAction("NOT_YOUR_TURN", f"it is not your turn: {self.current_color.word} is to move")
        if not _well_formed(move):
            raise InvalidMove("INVALID_FORMAT", None)
        color = self.current_color
        if move.color != color:
            raise InvalidMove("WRONG_COLOR", move)
        first = self.is_first_move(color)
        if isinstance(move, SkipMove):
            if first:
                raise InvalidMove("SKIP_FIRST_TURN", move)
            return None
        if first:
            if move.shape != self.start_piece:
                raise InvalidMove("WRONG_SHAPE", None)
        elif not self._undeployed[color] >> move.shape & 1:
            raise InvalidMove("DUPLICATE_SHAPE", None)
        pid = self._placement_id(move)
        if pid >= 0:
            mask = P_MASK[pid]
            touches = CORNERS if first else diagonal_neighbours(self._own[color])
            if not mask & self._forbidden[color] and mask & touches:
                return pid
        raise InvalidMove(self._mistake(move, first), move)

    @staticmethod
    def _placement_id(move: SetMove) -> int:
        """The placement id of a SetMove that lies fully on the board, else -1."""
        if not (0 <= move.x < SIZE and 0 <= move.y < SIZE):
            return -1
        orient = ORIENTATION_OF[move.shape][move.rotation.value * 2 + move.flipped]
        return PLACEMENT_AT[move.shape][orient][move.y * SIZE + move.x]

    def _mistake(self, move: SetMove, first: bool) -> str:
        """Why an illegal SetMove (right colour and shape) is illegal, in the contest's order."""
        own = move.color
        for x, y in move.cells():
            if not (0 <= x < SIZE and 0 <= y < SIZE):
                return "OUT_OF_BOUNDS"
            if self._cells[y * SIZE + x] is not None:
                return "OBSTRUCTED"
            if any(0 <= nx < SIZE and 0 <= ny < SIZE and self._cells[ny * SIZE + nx] is own
                   for nx, ny in ((x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1))):
                return "TOUCHES_SAME_COLOR"
        return "NOT_IN_CORNER" if first else "NO_SHARED_CORNER"

    # -- GameState: applying -------------------------------------------------------------------
    def apply(self, seat: int, action: Any) -> list[Event]:
        pid = self._placement_for(seat, action)
        color = self.current_color
        if pid is not None:
            self._place(color, pid)
        self.last_move = action
        self._next_color()
        removed = self._remove_stuck_colors()
        return [Event("move", {
            "seat": seat,
            "move": encode_action(action),
            "text": move_words(action),
            "removed": [c.name for c in removed],
            "turn": self.turn,
            "round": self.round,
            "over": self.is_over,
        }, EVERYONE)]

    def _place(self, color: Color, pid: int) -> None:
        mask = P_MASK[pid]
        shape = P_SHAPE[pid]
        first = self._undeployed[color] == ALL_SHAPES
        self._own[color] |= mask
        for other in COLORS:
            if other is not color:
                self._forbidden[other] |= mask
                self._anchors[other] &= ~mask
                self._corner_moves[other].block(mask)
        before = self._forbidden[color]
        forbidden = self._forbidden[color] = before | mask | edge_neighbours(mask)
        anchors = diagonal_neighbours(mask) if first else self._anchors[color] | diagonal_neighbours(mask)
        self._anchors[color] = anchors & ~forbidden & BOARD
        self._undeployed[color] &= ~(1 << shape)
        if first:  # the other board corners stop being corner cells: start afresh
            self._corner_moves[color].clear()
        else:
            self._corner_moves[color].block(forbidden & ~before & BOARD)
            self._corner_moves[color].drop_shape(shape)
        self._placed[color] += SIZES[shape]
        if not self._undeployed[color]:
            self.last_move_mono[color] = shape == Shape.MONO
        m = mask
        while m:
            low = m & -m
            index = low.bit_length() - 1
            self._cells[index // STRIDE * SIZE + index % STRIDE] = color
            m ^= low

    def _next_color(self) -> None:
        """Advance the turn to the next colour still in the game."""
        if not self.valid_colors:
            return
        self.turn += 1
        while COLORS[self.turn & 3] not in self.valid_colors:
            self.turn += 1

    def _remove_stuck_colors(self) -> list[Color]:
        """Drop the colour to move while it has no legal SetMove, passing the turn on each time."""
        removed = []
        while self.valid_colors and not self.has_legal_move(self.current_color):
            color = self.current_color
            self.valid_colors.remove(color)
            removed.append(color)
            self._next_color()
        return removed

    def forfeit(self, seat: int, cause: EndCause, reason: str = "") -> list[Event]:
        """`seat` breaks off (violation, timeout, leaving): the game ends, the other seat wins.
        A game that is already over keeps its result."""
        if self.is_over:
            return []
        self._forfeit = (seat, cause, reason)
        return [Event("forfeit", {"seat": seat, "cause": cause.value, "reason": reason}, EVERYONE)]

    def start_events(self) -> list[Event]:
        return [Event("start", {"start_piece": self.start_piece.name}, EVERYONE)]

    # -- outcome -------------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self._forfeit is not None or not self.valid_colors or self.round > MAX_ROUND

    def result(self) -> Result | None:
        """Team points decide: winner 2, loser 0, draw 1 each ("Gewinner"), plus the points.
        After a forfeit the offender gets 0 with its cause and reason, the other seat 2."""
        if not self.is_over:
            return None
        points = [self.team_points(0), self.team_points(1)]
        causes = [EndCause.REGULAR, EndCause.REGULAR]
        reasons = ["", ""]
        if self._forfeit is not None:
            offender, cause, reason = self._forfeit
            win = [WIN_POINTS, WIN_POINTS]
            win[offender] = 0
            causes[offender], reasons[offender] = cause, reason
            overall = cause
        else:
            if points[0] == points[1]:
                win = [DRAW_POINTS, DRAW_POINTS]
            else:
                win = [WIN_POINTS, 0] if points[0] > points[1] else [0, WIN_POINTS]
            overall = EndCause.REGULAR
        ranks = rank_by([(w,) for w in win])
        seats = tuple(SeatResult(s, ranks[s], points[s], causes[s], reasons[s]) for s in range(2))
        return Result(seats, overall, {"win_points": win, "points": points})

    # -- views -----------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """The whole position (Blokus hides nothing): board rows as strings, one letter per
        colour (B, Y, R, G) and '.' for empty."""
        letters = "BYRG"
        rows = ["".join("." if c is None else letters[c] for c in self._cells[y * SIZE:(y + 1) * SIZE])
                for y in range(SIZE)]
        return {
            "turn": self.turn,
            "round": self.round,
            "start_piece": self.start_piece.name,
            "current_color": None if self.is_over else self.current_color.name,
            "valid_colors": [c.name for c in self.valid_colors],
            "board": rows,
            "undeployed": {c.name: [s.name for s in self.undeployed(c)] for c in COLORS},
            "points": {c.name: self.points(c) for c in COLORS},
            "team_points": [self.team_points(0), self.team_points(1)],
            "last_move": None if self.last_move is None else encode_action(self.last_move),
            "over": self.is_over,
        }

    def copy(self) -> "BlokusState":
        twin = BlokusState.__new__(BlokusState)
        twin.start_piece = self.start_piece
        twin.turn = self.turn
        twin.valid_colors = self.valid_colors[:]
        twin.last_move = self.last_move
        twin.last_move_mono = dict(self.last_move_mono)
        twin._cells = self._cells[:]
        twin._own = self._own[:]
        twin._forbidden = self._forbidden[:]
        twin._anchors = self._anchors[:]
        twin._undeployed = self._undeployed[:]
        twin._placed = self._placed[:]
        twin._corner_moves = [moves.copy() for moves in self._corner_moves]
        twin._forfeit = self._forfeit
        return twin


# -- new games ------------------------------------------------------------------------------

_strict = strict_options({"start_piece": ""})


def normalize_options(options: dict[str, Any]) -> dict[str, Any]:
    """`start_piece`: "" (drawn from the seed, like the contest) or the name of one of the 11
    pentominoes other than PENTO_X."""
    out = _strict(options)
    name = out["start_piece"]
    if name and name not in {s.name for s in START_SHAPES}:
        allowed = ", ".join(s.name for s in START_SHAPES)
        raise OptionError(f"start_piece must be one of {allowed} (or empty for a random one), not {name!r}")
    return out


def new_game(seats: int, options: dict[str, Any], seed: int) -> BlokusState:
    name = options.get("start_piece", "")
    start = Shape[name] if name else Rng(seed).choice(START_SHAPES)
    return BlokusState(start)


# -- actions as JSON (records) ----------------------------------------------------------------

def encode_action(move: Move) -> list[Any]:
    """``["set", colour, shape, rotation, flipped, x, y]`` or ``["skip", colour or None]``."""
    if isinstance(move, SkipMove):
        return ["skip", None if move.color is None else move.color.name]
    return ["set", move.color.name, move.shape.name, move.rotation.name, move.flipped, move.x, move.y]


def decode_action(data: Any) -> Move:
    """The inverse of `encode_action`; ValueError on anything malformed."""
    if not isinstance(data, list) or not data:
        raise ValueError(f"not a Blokus action: {data!r}")
    kind = data[0]
    if kind == "skip" and len(data) == 2:
        return SkipMove(None if data[1] is None else _enum(Color, data[1]))
    if kind == "set" and len(data) == 7:
        _, color, shape, rotation, flipped, x, y = data
        if not isinstance(flipped, bool) or type(x) is not int or type(y) is not int:
            raise ValueError(f"not a Blokus action: {data!r}")
        return SetMove(_enum(Color, color), _enum(Shape, shape), _enum(Rotation, rotation), flipped, x, y)
    raise ValueError(f"not a Blokus action: {data!r}")


def _enum(kind, name: Any):
    if not isinstance(name, str) or name not in kind.__members__:
        raise ValueError(f"not a {kind.__name__}: {name!r}")
    return kind[name]

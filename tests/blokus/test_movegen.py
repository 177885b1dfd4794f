"""The per-corner move lists (`movegen`) give exactly the old generator's list, in its order, at
every position of random games: first moves, skips, colours dropping out, copies, the end."""

from hypothesis import given, settings
from hypothesis import strategies as st

from tablehall.games.blokus.bitboard import BOARD, CORNERS, P_MASK, P_SHAPE, diagonal_neighbours, edge_neighbours
from tablehall.games.blokus.movegen import REACH, through_corner
from tablehall.games.blokus.pieces import SHAPES, START_SHAPES, Color
from tablehall.games.blokus.rules import BlokusState, SkipMove

from .reference_movegen import reference_legal_placements


def masks_from_the_board(state, color):
    """Blocked cells and corner cells of `color` worked out from the board alone."""
    own = occupied = 0
    for x, y, c in state.board_fields():
        bit = 1 << (y * 21 + x)
        occupied |= bit
        if c == color:
            own |= bit
    blocked = occupied | (edge_neighbours(own) & BOARD)
    corners = (CORNERS & ~occupied) if state.is_first_move(color) else diagonal_neighbours(own) & BOARD & ~blocked
    return blocked, corners


def assert_generators_agree(state):
    for color in Color:
        blocked, corners = masks_from_the_board(state, color)
        # (the engine's blocked mask may also hold cells off the board, which no placement covers)
        assert (state.blocked_mask(color) & BOARD, state.corner_mask(color)) == (blocked, corners)
        kept = state._corner_moves[color].lists  # lists are kept for corner cells only
        assert all(corners >> bit & 1 for bit in kept), "a list kept for a cell that is no corner"
        expected = reference_legal_placements(state, color)
        assert state.legal_placements(color) == expected
        assert state.has_legal_move(color) == bool(expected)
    if not state.is_over:
        assert [m for m in state.legal_moves()] == [
            m for m in state.legal_actions(state.current_color.team) if not isinstance(m, SkipMove)]


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(START_SHAPES), st.sampled_from([0, 8, 2]), st.data())
def test_the_move_lists_match_the_reference_generator_through_whole_games(start, skip_every, data):
    state = BlokusState(start)
    assert_generators_agree(state)
    while not state.is_over:
        seat = state.to_act()[0]
        actions = state.legal_actions(seat)
        skip = skip_every and isinstance(actions[-1], SkipMove) and data.draw(st.integers(0, skip_every - 1)) == 0
        move = actions[-1] if skip else actions[data.draw(st.integers(0, len(actions) - 1))]
        twin = state.copy() if data.draw(st.booleans()) else None
        state.apply(seat, move)
        assert_generators_agree(state)
        if twin is not None:  # a copy taken before the move keeps its own lists
            assert_generators_agree(twin)
    assert state.legal_actions(0) == state.legal_actions(1) == []


def test_a_list_through_one_corner_is_every_covering_placement_clear_of_blocked_cells():
    blocked = (1 << (10 * 21 + 11)) | (1 << (9 * 21 + 10))
    bit = 10 * 21 + 10
    shapes = list(SHAPES)
    expected = [pid for pid in range(len(P_MASK)) if P_MASK[pid] >> bit & 1 and not P_MASK[pid] & blocked]
    assert through_corner(bit, shapes, blocked) == expected
    assert through_corner(bit, [4, 9], blocked) == [p for p in expected if P_SHAPE[p] in (4, 9)]
    assert all(P_MASK[pid] & ~REACH[bit] == 0 for pid in range(len(P_MASK)) if P_MASK[pid] >> bit & 1)

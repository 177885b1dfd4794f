"""Turn order, colour removal, scoring, the round limit, results, options, actions as JSON,
copies and views; and move generation cross-checked against the validator."""

import json

import pytest

from tablehall.core import EndCause, OptionError
from tablehall.games.blokus import SPEC
from tablehall.games.blokus.bitboard import P_ORIENT, P_SHAPE, P_X, P_Y, PLACEMENT_COUNT
from tablehall.games.blokus.bots import RandomBot, StrongBot
from tablehall.games.blokus.pieces import ORIENTATIONS, START_SHAPES, TRANSFORMS, Color, Rotation, Shape
from tablehall.games.blokus.rules import BlokusState, InvalidMove, SetMove, SkipMove, decode_action, encode_action

B, Y, R, G = Color


def random_positions(seed, every=7):
    """Positions along a seeded random game."""
    state = SPEC.new(options={}, seed=seed)
    bots = [RandomBot(seed), RandomBot(seed + 1)]
    index = 0
    while not state.is_over:
        if index % every == 0:
            yield state.copy()
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state, seat))
        index += 1
    yield state


def first_round(state):
    """Each colour places the start piece in the first corner it can."""
    for _ in range(4):
        state.apply(state.current_color.team, state.legal_moves()[0])


def solo(mono_first):
    """BLUE places all 21 pieces (the strong bot choosing), the others skip after their start piece."""
    state = BlokusState(Shape.PENTO_L)
    first_round(state)
    bot = StrongBot(0)
    while not state.is_over:
        color = state.current_color
        if color is not B:
            state.apply(color.team, SkipMove(color))
            continue
        move = bot.choose(state, 0)
        if mono_first and Shape.MONO in state.undeployed(B):
            move = next(m for m in state.legal_moves() if m.shape is Shape.MONO)
        state.apply(0, move)
        if not state.undeployed(B):
            return state
    raise AssertionError(f"blue got stuck with {state.undeployed(B)}")


def test_all_pieces_placed_with_the_mono_last_scores_89_plus_20():
    state = solo(mono_first=False)
    assert state.last_move.shape is Shape.MONO
    assert state.last_move_mono == {B: True}
    assert state.points(B) == 89 + 15 + 5
    assert state.team_points(0) == 109 + state.points(R)


def test_all_pieces_placed_without_the_mono_last_scores_89_plus_15():
    state = solo(mono_first=True)
    assert state.last_move_mono == {B: False}
    assert state.points(B) == 89 + 15


def test_a_colour_with_all_pieces_placed_drops_out_on_its_turn_and_the_game_runs_to_round_25():
    state = solo(mono_first=False)
    assert B in state.valid_colors  # removal happens only when its turn comes
    removed = []
    while not state.is_over:
        color = state.current_color
        assert color is not B, "a colour without pieces is never asked"
        removed += state.apply(color.team, SkipMove(color))[0].data["removed"]
    assert "BLUE" in removed and B not in state.valid_colors
    # GREEN skipped at turn 98; the turn passes over the gone BLUE (and YELLOW, which ran out of room)
    # to RED at 99, then from RED's skip over 100 and 101 to GREEN at 102: round 26 ends the game
    assert [c.name for c in state.valid_colors] == ["RED", "GREEN"]
    assert (state.turn, state.round) == (102, 26)


def test_round_limit_ends_the_game_after_round_25():
    state = BlokusState(Shape.PENTO_V)
    first_round(state)
    while state.turn < 99:
        state.apply(state.current_color.team, SkipMove(state.current_color))
        assert not state.is_over
    assert (state.turn, state.round, state.current_color) == (99, 25, G)
    events = state.apply(1, SkipMove(G))
    assert (state.turn, state.round) == (100, 26)
    assert state.is_over and state.to_act() == () and events[0].data["over"]
    assert state.valid_colors == list(Color)
    result = state.result()
    assert result.details == {"win_points": [1, 1], "points": [10, 10]}
    assert [s.rank for s in result.seats] == [1, 1] and result.cause is EndCause.REGULAR


def test_removed_colours_keep_consuming_turn_numbers():
    for state in random_positions(3, every=1):
        pass
    assert not state.valid_colors
    assert state.turn % 4 == state.last_move.color  # the last colour standing was found stuck on its turn


def test_result_after_a_regular_end():
    *_, state = random_positions(11)
    result = state.result()
    points = [state.team_points(0), state.team_points(1)]
    win = result.details["win_points"]
    assert result.details["points"] == points
    assert sorted(win) in ([0, 2], [1, 1]) and (win[0] > win[1]) == (points[0] > points[1])
    assert [s.score for s in result.seats] == points
    assert [s.rank for s in result.seats] == [1 if w == max(win) else 2 for w in win]


@pytest.mark.parametrize("offender", [0, 1])
def test_forfeit_ends_the_game_and_the_other_seat_wins(offender):
    state = BlokusState(Shape.PENTO_U)
    first_round(state)
    events = state.forfeit(offender, EndCause.SOFT_TIMEOUT, "zu spät")
    assert events[0].data == {"seat": offender, "cause": "soft_timeout", "reason": "zu spät"}
    assert state.is_over and state.to_act() == ()
    result = state.result()
    win = [2, 2]
    win[offender] = 0
    assert result.details == {"win_points": win, "points": [10, 10]}
    assert result.cause is EndCause.SOFT_TIMEOUT
    mine, other = result.seats[offender], result.seats[1 - offender]
    assert (mine.rank, mine.score, mine.cause, mine.reason) == (2, 10, EndCause.SOFT_TIMEOUT, "zu spät")
    assert (other.rank, other.cause, other.reason) == (1, EndCause.REGULAR, "")
    assert state.legal_actions(0) == state.legal_actions(1) == []
    assert state.forfeit(1 - offender, EndCause.LEFT) == [] and state.result() == result  # already over


def test_the_game_is_not_over_before_the_end_and_has_no_result():
    state = BlokusState(Shape.PENTO_U)
    assert not state.is_over and state.result() is None and state.to_act() == (0,)


def test_skip_is_offered_only_after_the_first_piece():
    state = BlokusState(Shape.PENTO_Z)
    assert all(isinstance(a, SetMove) for a in state.legal_actions(0))
    first_round(state)
    actions = state.legal_actions(0)
    assert actions[-1] == SkipMove(B) and all(isinstance(a, SetMove) for a in actions[:-1])


@pytest.mark.parametrize("seed", [1, 2])
def test_move_generation_agrees_with_the_validator_for_every_placement(seed):
    """Every placement on the board, checked one by one, is legal exactly when it is generated."""
    for state in list(random_positions(seed, every=9))[1::2]:
        if state.is_over:
            continue
        color, seat = state.current_color, state.current_color.team
        legal = set(state.legal_placements())
        for pid in range(PLACEMENT_COUNT):
            rotation, flipped, _ = ORIENTATIONS[P_SHAPE[pid]][P_ORIENT[pid]]
            move = SetMove(color, Shape(P_SHAPE[pid]), rotation, flipped, P_X[pid], P_Y[pid])
            try:
                state.check(seat, move)
                ok = True
            except InvalidMove:
                ok = False
            assert ok == (pid in legal), move
        assert state.has_legal_move(color) == bool(legal)
        for other in Color:  # generation for a colour not on move, as the bots use it
            assert state.has_legal_move(other) == bool(state.legal_placements(other))


def test_legal_moves_are_canonical_and_distinct():
    for state in random_positions(5, every=11):
        if state.is_over:
            continue
        moves = state.legal_moves()
        cell_sets = [frozenset(m.cells()) for m in moves]
        assert len(set(cell_sets)) == len(moves)
        for move in moves:
            # named by the first (rotation, flipped) pair that covers its cells, at its box's corner
            first = next((r, f) for r, f in TRANSFORMS
                         if frozenset(SetMove(move.color, move.shape, r, f, move.x, move.y).cells())
                         == frozenset(move.cells()))
            assert (move.rotation, move.flipped) == first
            assert min(x for x, _ in move.cells()) == move.x and min(y for _, y in move.cells()) == move.y


def test_copies_are_independent():
    state = BlokusState(Shape.PENTO_W)
    twin = state.copy()
    first_round(twin)
    assert state.turn == 0 and state.board_fields() == [] and twin.turn == 4 and len(twin.board_fields()) == 20
    assert state.view(None) != twin.view(None)
    assert state.copy().view(None) == state.view(None)


def test_view_and_events_are_json():
    state = BlokusState(Shape.PENTO_W)
    events = state.start_events() + state.apply(0, state.legal_moves()[0])
    json.dumps([e.to_json() for e in events])
    move = events[1].data
    assert move["move"] == encode_action(state.last_move) and move["removed"] == [] and move["turn"] == 1
    assert move["text"].startswith("blue W pentomino at ")  # in English (`move_words`)
    view = state.view(0)
    assert view == state.view(None) == state.view(1)  # nothing is hidden in Blokus
    json.dumps(view)
    assert view["board"][0].count("B") + view["board"][19].count("B") >= 1
    assert view["current_color"] == "YELLOW" and view["team_points"] == [5, 0]


def test_board_fields_are_y_major():
    *_, state = random_positions(8)
    fields = state.board_fields()
    assert fields == sorted(fields, key=lambda f: (f[1], f[0]))
    assert len(fields) == sum(89 - sum(s.size for s in state.undeployed(c)) for c in Color)


def test_options_and_start_piece():
    assert SPEC.normalize_options({}) == {"start_piece": ""}
    assert SPEC.new(options={"start_piece": "PENTO_Y"}).start_piece is Shape.PENTO_Y
    for bad in ({"start_piece": "PENTO_X"}, {"start_piece": "MONO"}, {"start_piece": "nope"}, {"colour": "x"},
                {"start_piece": 3}):
        with pytest.raises(OptionError):
            SPEC.normalize_options(bad)
    drawn = {SPEC.new(seed=seed).start_piece for seed in range(200)}
    assert drawn == set(START_SHAPES)
    assert SPEC.new(seed=42).start_piece is SPEC.new(seed=42).start_piece
    with pytest.raises(OptionError):
        SPEC.new(seat_count=4)


def test_actions_round_trip_as_compact_json():
    moves = [SetMove(R, Shape.PENTO_Y, Rotation.LEFT, True, 7, -2), SkipMove(G), SkipMove(None)]
    for move in moves:
        data = encode_action(move)
        assert decode_action(json.loads(json.dumps(data))) == move
    assert encode_action(moves[0]) == ["set", "RED", "PENTO_Y", "LEFT", True, 7, -2]
    for bad in ([], ["set"], ["skip"], ["set", "RED", "PENTO_Y", "LEFT", 1, 7, 2], ["set", "RED", "PENTA", "LEFT",
                True, 7, 2], ["set", "PINK", "MONO", "NONE", False, 0, 0], ["skip", "BLUE", 1], "skip", None,
                ["set", "RED", "MONO", "NONE", False, 0, 1.5], ["hop", "RED"]):
        with pytest.raises(ValueError):
            decode_action(bad)

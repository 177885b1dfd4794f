"""An action `check` found legal is not checked again when that very action is applied to the
game unchanged (the JSettlers path checks a request to refuse it in the protocol's words, then the
runner applies it); anything that changes the game in between, or any other action, is checked
as ever, so nothing illegal gets through."""

from __future__ import annotations

import pytest

from tablehall.core import EndCause, IllegalAction
from tablehall.games.catan import actions as A

from .helpers import new, setup


def test_a_checked_action_applied_at_once_is_played_as_if_checked_again():
    state = setup(new())
    twin = state.copy()
    seat = state.current
    state.check(seat, A.ROLL)
    assert state.apply(seat, A.ROLL) == twin.apply(seat, A.ROLL)
    assert state._checked is None and twin.phase is state.phase and twin.hands == state.hands


def test_the_same_action_applied_again_is_checked_again():
    state = setup(new())
    seat = state.current
    state.check(seat, A.ROLL)
    state.apply(seat, A.ROLL)
    with pytest.raises(IllegalAction):  # one roll a turn: the check is not kept past the apply
        state.apply(seat, A.ROLL)


def test_another_seat_or_an_equal_action_is_checked():
    state = setup(new())
    seat = state.current
    other = (seat + 1) % state.seat_count
    state.check(seat, A.ROLL)
    with pytest.raises(IllegalAction):
        state.apply(other, A.ROLL)  # the same action object, but not the seat that was checked
    action = tuple(A.END_TURN)
    state.check(seat, A.ROLL)
    with pytest.raises(IllegalAction):  # not rolled yet: an action not the one checked is checked
        state.apply(seat, action)


def test_a_forfeit_between_the_check_and_the_apply_makes_the_apply_check_again():
    state = setup(new())
    seat = state.current
    state.check(seat, A.ROLL)
    state.forfeit(seat, EndCause.LEFT, "left")
    assert state.current != seat
    with pytest.raises(IllegalAction):
        state.apply(seat, A.ROLL)


def test_a_refused_check_is_not_kept_and_copies_keep_none():
    state = setup(new())
    seat = state.current
    with pytest.raises(IllegalAction):
        state.check(seat, A.END_TURN)  # not rolled yet
    with pytest.raises(IllegalAction):
        state.apply(seat, A.END_TURN)
    state.check(seat, A.ROLL)
    assert state.copy()._checked is None and state.observation(seat)._checked is None

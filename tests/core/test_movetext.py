"""The move-text contract (`core.movetext`): a game's function sees only what its viewer may see,
a game without one gets the action's JSON, and a stored game is told step by step."""

from __future__ import annotations

import dataclasses
import doctest
import json

import pytest

from tablehall.core import EndCause, RecordError, replay
from tablehall.core import movetext
from tablehall.core.movetext import MoveText, describe, distinct, record_moves
from tablehall.core.records import replay_steps
from tablehall.core.registry import game_names, get_game

from ..support.bot_games import bot_record


def test_the_examples_in_the_docstrings_hold():
    failures, tried = doctest.testmod(movetext)
    assert tried and not failures


def test_every_game_tells_its_moves_and_gives_its_face_data():
    for name in game_names():
        spec = get_game(name)
        assert spec.move_text is not None and spec.face_data is not None, name


def test_a_games_function_sees_only_the_events_its_viewer_may_see():
    catan = get_game("catan")
    record = bot_record(catan, ["strong", "random", "strong"], seed=2)
    seen = []
    spy = dataclasses.replace(catan, move_text=lambda view: seen.append(view) or MoveText(()))
    steals = 0
    for step in replay_steps(record, catan):
        private = [e for e in step.events if e.audience.kind != "all"]
        for viewer in (None, 0, 1, 2):
            seen.clear()
            describe(spy, step.state, step.seat, step.action, step.events, ["Ana", "Ben", "Cy"], viewer)
            view, = seen
            assert view.viewer == viewer and view.names == ("Ana", "Ben", "Cy")
            assert list(view.events) == [e for e in step.events if e.audience.admits(viewer)]
        steals += any(e.kind == "robbed" for e in private)
    assert steals, "the game had no steal to hide"


def test_a_game_without_words_of_its_own_shows_the_actions_json():
    blokus = get_game("blokus")
    plain = dataclasses.replace(blokus, move_text=None)
    record = bot_record(blokus, ["random", "random"], seed=1, names=["Ana", "Ben"])
    moves = list(record_moves(record, plain))
    assert moves[0].text.lines == ()  # the start has no action to show
    assert moves[1].text.lines == (f"Ana: {json.dumps(record.entries[0].action)}",)
    state = blokus.new(2, {}, 0)
    forfeit = state.forfeit(1, EndCause.LEFT, "gone")
    assert describe(plain, state, 1, None, forfeit, ["Ana", "Ben"]).lines == ("Ben is out of the game",)


def test_a_stored_game_is_told_step_by_step_and_numbered_by_action():
    spec = get_game("dominion")
    record = bot_record(spec, ["bigmoney", "smithy"], seed=4, names=["Bo", "Cy"])
    moves = list(record_moves(record, spec))
    assert [m.number for m in moves] == list(range(len(record.entries) + 1))
    assert [m.seat for m in moves] == [None] + [e.seat for e in record.entries]
    assert all(m.text.lines for m in moves)
    assert moves[1].to_json()["lines"] == list(moves[1].text.lines) and moves[1].to_json()["seat"] == 0


def test_the_steps_are_the_replay_and_a_bad_record_is_refused():
    spec = get_game("blokus")
    record = bot_record(spec, ["random", "strong"], seed=3)
    steps = list(replay_steps(record, spec))
    assert len(steps) == len(record.entries) + 1 and steps[-1].state.is_over
    assert steps[-1].state.result().to_json() == replay(record, spec).result.to_json()
    record.entries.insert(1, record.entries[0])  # the same move twice
    with pytest.raises(RecordError, match="action 1 .* is illegal"):
        list(record_moves(record, spec))


def test_seats_with_one_name_are_told_apart():
    assert distinct(["strong", "strong"]) == ("strong (seat 1)", "strong (seat 2)")
    assert distinct(["Ana", "Ben"]) == ("Ana", "Ben")

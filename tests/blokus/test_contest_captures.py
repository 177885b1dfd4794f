"""The rules against the real contest server: every full game captured between real clients, and
every scripted probe that ends in a MoveMistake, replayed move by move on our engine.  After each
move our state must equal the memento the server sent; a rejected move must give the server's
mistake, and in the contest's words (`sc.words`) its text and score reason; the result must
carry the server's score parts."""

import re

import pytest

from tablehall.core import EndCause
from tablehall.games.blokus.pieces import Shape
from tablehall.games.blokus.rules import BlokusState, InvalidMove
from tablehall.games.blokus.sc.words import MISTAKE_TEXTS, contest_reason, move_text, reason_text

from . import contest_logs as logs

VERSIONS = ["21.3.3", "21.4.0"]
CLIENTS = ["official-java-player", "rust-fwcd-client", "cpp-0xhtml-client"]
PROBES = ["notcorner", "wrongpiece", "oob", "wrongcolor", "play4", "bareskip"]


def replay(state_elements, queues, expect_violation):
    """Play the teams' moves in turn order, comparing every memento; returns (state, error)."""
    first = logs.state_facts(state_elements[0])
    state = BlokusState(Shape[first["startPiece"]])
    assert logs.facts(state) == first
    mementos = iter(state_elements[1:])
    while not state.is_over:
        seat = state.to_act()[0]
        if not queues[seat]:
            break
        move = queues[seat].pop(0)
        try:
            state.apply(seat, move)
        except InvalidMove as error:
            assert expect_violation, f"unexpected {error.mistake} for {move}"
            return state, seat, error
        assert logs.facts(state) == logs.state_facts(next(mementos)), f"after {move_text(move)}"
    assert next(mementos, None) is None, "the server sent more states than we reached"
    return state, None, None


def check_result(state, offender, error, scores):
    if error is not None:
        state.forfeit(offender, EndCause.RULE_VIOLATION, error.reason())
    result = state.result()
    assert [[w, p] for w, p in zip(result.details["win_points"], result.details["points"])] == [
        parts for _, _, parts in scores]
    for seat, (cause, reason, _) in enumerate(scores):
        mine = result.seats[seat]
        assert (mine.cause.name, contest_reason(mine.reason)) == (cause, reason)


@pytest.mark.parametrize("client", CLIENTS)
@pytest.mark.parametrize("version", VERSIONS)
def test_full_game_between_real_clients(reference, version, client):
    folder = reference / "captures" / version
    sent = [(folder / f"join_{client}_conn{n}_c2s.xml").read_text() for n in (1, 2)]
    received = [(folder / f"join_{client}_conn{n}_s2c.xml").read_text() for n in (1, 2)]
    queues = [None, None]
    for n in (0, 1):
        queues[logs.team_of(received[n])] = logs.moves(sent[n])
    assert [logs.state_facts(s) for s in logs.states(received[0])] == [
        logs.state_facts(s) for s in logs.states(received[1])]
    scores = logs.scores(received[0])
    violation = any(cause == "RULE_VIOLATION" for cause, _, _ in scores)
    state, offender, error = replay(logs.states(received[0]), queues, violation)
    if violation:
        assert error is not None
    else:
        assert state.is_over and not any(queues), "every move sent was played"
    check_result(state, offender, error, scores)


@pytest.mark.parametrize("probe", PROBES)
@pytest.mark.parametrize("version", VERSIONS)
def test_probe_ending_in_a_move_mistake(reference, version, probe):
    folder = reference / "captures" / version / "transcripts"
    sides = [logs.transcript(folder / f"join_{probe}_{side}.txt") for side in "AB"]
    queues, answers = [None, None], [None, None]
    for sent, received in sides:
        team = logs.team_of(received)
        queues[team], answers[team] = logs.moves(sent), received
    state, offender, error = replay(logs.states(answers[0]), queues, expect_violation=True)
    assert error is not None
    scores = logs.scores(answers[0])
    assert logs.scores(answers[1]) == scores
    assert scores[offender][:2] == ("RULE_VIOLATION", reason_text(error.mistake, error.move))
    # the offender's error message quotes the exception: mistake text and move (or null)
    message = next(d.get("message") for d in logs.room_data(answers[offender], "error"))
    quoted = re.search(r"InvalidMoveException\(mistake=(.*), move=(.*)\)", message, re.S)
    assert quoted.groups() == (MISTAKE_TEXTS[error.mistake], "null" if error.move is None else move_text(error.move))
    check_result(state, offender, error, scores)


@pytest.mark.parametrize("version", VERSIONS)
def test_skip_in_the_first_round(reference, version):
    folder = reference / "captures" / version / "transcripts"
    sent, received = logs.transcript(folder / "prepared_skip-in-first-round_p1.txt")
    assert logs.team_of(received) == 0
    state, offender, error = replay(logs.states(received), [logs.moves(sent), []], expect_violation=True)
    assert error.mistake == "SKIP_FIRST_TURN"
    check_result(state, offender, error, logs.scores(received))

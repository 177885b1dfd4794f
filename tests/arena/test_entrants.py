"""Entrants: labels, seat kinds through play's own seat parser, and errors."""

import pytest

from tablehall.arena.entrants import EntrantError, parse_entrants, split_entrants
from tablehall.core.registry import get_game

DOMINION = get_game("dominion")
CATAN = get_game("catan")


def test_labels_default_to_the_bot_script_or_login_and_repeat_with_numbers():
    entrants = parse_entrants(DOMINION, ["bigmoney", "bigmoney", "cmd:python3 examples/dominion/engine.py --seed 3",
                                         "remote:alice", "old=smithy"])
    assert [e.label for e in entrants] == ["bigmoney", "bigmoney#2", "engine", "alice", "old"]
    assert [e.kind for e in entrants] == ["bot", "bot", "cmd", "remote", "bot"]
    assert entrants[3].remote and entrants[3].login == "alice"


def test_an_equals_sign_inside_a_command_is_not_a_label():
    (entrant,) = parse_entrants(DOMINION, ["cmd:python3 bot.py --depth=3"])
    assert entrant.seat == "cmd:python3 bot.py --depth=3" and entrant.label == "bot"


def test_commas_inside_quotes_do_not_split():
    assert split_entrants("strong, 'a,b' ,random") == ["strong", "'a,b'", "random"]


def test_unknown_seats_and_subprocesses_where_the_protocol_has_none_are_refused():
    with pytest.raises(EntrantError, match="unknown catan seat 'grandmaster'"):
        parse_entrants(CATAN, ["grandmaster"])
    with pytest.raises(EntrantError, match="does not run subprocess bots"):
        parse_entrants(CATAN, ["cmd:python3 x.py"])
    with pytest.raises(EntrantError, match="labelled 'x'"):
        parse_entrants(CATAN, ["x=strong", "x=random"])
    with pytest.raises(EntrantError, match="login name"):
        parse_entrants(CATAN, ["remote:"])


@pytest.mark.parametrize("command,label", [("python3.11 bots/deep.py", "deep"), ("./mybot --fast", "mybot"),
                                           ("java -jar robot.jar", "robot")])
def test_a_command_is_named_for_its_program(command, label):
    assert parse_entrants(DOMINION, [f"cmd:{command}"])[0].label == label

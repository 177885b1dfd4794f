"""`tablehall replay --moves`: a stored game of each game, move by move in words, as an observer
or one seat sees it."""

from __future__ import annotations

import json
import re

import pytest

from tablehall.cli import main
from tablehall.core.registry import get_game

from .support.bot_games import bot_record

GAMES = {"blokus": ["random", "strong"], "catan": ["strong", "random", "strong"],
         "dominion": ["engine", "smithy"], "renaissance": ["greedy", "random"]}


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture(scope="module")
def record_files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("records")
    files = {}
    for game, bots in GAMES.items():
        record = bot_record(get_game(game), bots, seed=5, names=["Ana", "Ben", "Cy"][:len(bots)])
        files[game] = folder / f"{game}.json"
        files[game].write_text(record.dumps())
    return files


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_move_is_printed_in_words_and_numbered(game, record_files, capsys):
    code, out, _ = run(capsys, "replay", "--moves", str(record_files[game]))
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith(f"{get_game(game).title}: Ana (seat 1), Ben (seat 2)") and "an observer" in lines[0]
    assert lines[-1].startswith(f"ok: {game} record")
    numbers = [int(m.group(1)) for m in map(re.compile(r"^ *(\d+)\. \S").match, lines) if m]
    record_moves = len(json.loads(record_files[game].read_text())["actions"])
    assert numbers == list(range(1, record_moves + 1))
    assert not any(line.lstrip().startswith(("[", "{")) for line in lines), "no move is shown as JSON"


def test_a_seat_sees_its_own_cards_and_an_observer_does_not(record_files, capsys):
    _, observer, _ = run(capsys, "replay", "--moves", str(record_files["dominion"]))
    _, seat, _ = run(capsys, "replay", "--moves", "--seat", "1", str(record_files["dominion"]))
    assert "as Ana (seat 1) sees it" in seat.splitlines()[0]
    assert "Ana draws a new hand: " in seat and "Ana draws a new hand" not in observer
    assert "Ben draws a new hand" not in seat


def test_seat_must_be_one_of_the_games_and_goes_with_moves(record_files, capsys):
    code, _, err = run(capsys, "replay", "--moves", "--seat", "3", str(record_files["blokus"]))
    assert code == 2 and "--seat must be 1-2" in err
    code, _, err = run(capsys, "replay", "--seat", "1", str(record_files["blokus"]))
    assert code == 2 and "--seat goes with --moves" in err

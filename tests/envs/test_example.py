"""examples/learning: the training script learns, with tiny settings, to beat the random bot,
and its policy then plays as a `policy:` seat.  Everything is seeded, so the figures are the
same on every run; the bounds leave a wide margin (an agent that never buys wins 77% of its
games against random, whose curses cost it points, but ends with its 3 starting points)."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

from tablehall.cli import main as tablehall

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "learning"


def test_the_example_trains_a_policy_that_beats_random(tmp_path, monkeypatch, capsys):
    weights = tmp_path / "weights.npz"
    train = runpy.run_path(str(EXAMPLE / "train_dominion.py"))["main"]
    figures = train(["--train", "40", "--eval", "40", "--seed", "1", "--save", str(weights)])
    printed = capsys.readouterr().out
    assert "win rate" in printed
    assert figures["win_rate"] >= 0.9
    assert figures["points"] >= 6 > figures["opponent_points"], "it learned to buy victory points"
    monkeypatch.setenv("TABLEHALL_DOMINION_WEIGHTS", str(weights))
    assert tablehall(["play", "dominion", "--seats", f"policy:{EXAMPLE / 'dominion_policy.py'}:policy,random",
                      "--games", "4", "--seed", "9", "--no-db", "--quiet"]) == 0
    table = capsys.readouterr().out.splitlines()
    policy_row = next(line for line in table if line.startswith("policy:"))
    assert int(policy_row.split()[2]) >= 3, table  # wins out of 4


def test_the_example_trains_without_evaluating_when_told_eval_0(tmp_path, capsys):
    weights = tmp_path / "weights.npz"
    train = runpy.run_path(str(EXAMPLE / "train_dominion.py"))["main"]
    figures = train(["--train", "2", "--eval", "0", "--seed", "1", "--save", str(weights)])
    assert figures == {"win_rate": None, "points": None, "opponent_points": None}
    assert "not evaluated (--eval 0)" in capsys.readouterr().out and weights.exists()
    with pytest.raises(SystemExit):
        train(["--eval", "-1"])
    assert "a number of games is 0 or more, not -1" in capsys.readouterr().err

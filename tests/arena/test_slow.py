"""The issue's done-when runs at full size (slow: `make bench` runs them, figures in
docs/arena.md): 400 games of each game with ratings and intervals, and SPRTs with the default
bounds that stop by themselves."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.slow

FIELDS = {
    "catan": "strong,random,random,random",
    "blokus": "strong,random",
    "dominion": "engine,smithy,bigmoney,random",
    "renaissance": "greedy,random,random,random",
}


@pytest.mark.parametrize("game", sorted(FIELDS))
def test_four_hundred_games(game, arena, tmp_path):
    code, out, err, doc = arena(game, "--entrants", FIELDS[game], "--games", "400", "--seed", "1",
                                "--db", str(tmp_path / "db.sqlite"))
    assert code == 0, err
    assert doc["games_played"] == 400 and doc["aborted"] == 0
    leader = doc["standings"][0]
    assert leader["label"] == FIELDS[game].split(",")[0]
    for row in doc["standings"]:
        assert row["mean_score"]["low"] < row["mean_score"]["high"] or row["mean_score"]["low"] == row["mean_score"]["mean"]
        assert row["rating"]["sigma"] < 8.333  # narrower than openskill's prior
    print(out)


@pytest.mark.parametrize("game,entrants,verdict", [
    ("dominion", "smithy,bigmoney", "accept H1"),
    ("dominion", "bigmoney,smithy", "accept H0"),
    ("dominion", "random,random", "accept H0"),
    ("catan", "strong,strong", "accept H0"),
    ("blokus", "strong,random", "accept H1"),
])
def test_default_sprts_stop_by_themselves(game, entrants, verdict, arena):
    code, out, err, doc = arena(game, "--entrants", entrants, "--sprt", "--seed", "1", "--no-db")
    assert code == 0, err
    assert doc["sprt"]["verdict"] == verdict and doc["games_played"] < 20000
    print(out)

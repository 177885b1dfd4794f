"""`tablehall arena`: standings with ratings and intervals for every game, SPRT verdicts,
subprocess entrants, the same digests on any number of workers, and the tournament in the
record store (SQLite and PostgreSQL).  Small game counts; the 400-game runs are slow-marked."""

from __future__ import annotations

import sys

import pytest

from tablehall.core import replay
from tablehall.core.registry import get_game
from tablehall.core.locations import open_store

from .conftest import EXAMPLES

STRONG_FIELDS = {
    "catan": ("strong,random,random,random", 8),
    "blokus": ("strong,random", 4),
    "dominion": ("bigmoney,random,random", 6),
    "renaissance": ("greedy,random", 4),
}


def check_standings(doc, games):
    assert doc["status"] == "finished" and doc["games_played"] == games and doc["aborted"] == 0
    for row in doc["standings"]:
        assert row["games"] > 0
        assert row["wins"] + row["draws"] + row["losses"] == row["games"]
        for interval in (row["mean_score"], row["mean_rank"]):
            assert interval["low"] <= interval["mean"] <= interval["high"]
        rating = row["rating"]
        assert rating["sigma"] > 0 and rating["low"] < rating["mu"] < rating["high"]


@pytest.mark.parametrize("game", sorted(STRONG_FIELDS))
def test_standings_with_ratings_and_intervals_for_every_game(game, arena, tmp_path):
    entrants, games = STRONG_FIELDS[game]
    db = tmp_path / "arena.sqlite"
    code, out, err, doc = arena(game, "--entrants", entrants, "--games", str(games), "--seed", "3",
                                "--workers", "2", "--db", str(db))
    assert code == 0, err
    check_standings(doc, games)
    assert doc["standings"][0]["label"] == entrants.split(",")[0]  # the strong bot leads
    assert "rating mu ± 95%" in out and doc["standings"][0]["label"] in out
    # the tournament and every game are in the store, and every record replays to its digest
    store = open_store(db)
    try:
        stored, rows = store.load_tournament(doc["id"])
        assert stored["standings"] == doc["standings"] and stored["status"] == "finished"
        assert [(i, r, d) for i, r, d in rows] == [(g["index"], g["record"], g["digest"]) for g in doc["games"]]
        spec = get_game(game)
        for _, record_id, digest in rows:
            record = store.load(record_id)
            assert record.digest() == digest and replay(record, spec).matches
            assert [s.name for s in record.seats] == doc["games"][_]["seats"]
    finally:
        store.close()


def test_the_same_tournament_gives_the_same_records_and_ratings_on_any_number_of_workers(arena):
    runs = [arena("dominion", "--entrants", "smithy,bigmoney,engine", "--games", "18", "--seed", "11",
                  "--workers", str(workers), "--no-db")[3] for workers in (1, 2, 3)]
    first = runs[0]
    for doc in runs[1:]:
        assert [g["digest"] for g in doc["games"]] == [g["digest"] for g in first["games"]]
        assert doc["digest"] == first["digest"] and doc["standings"] == first["standings"]
    assert first["backend"].startswith("in-process") and runs[1]["backend"] == "local, 2 workers"


def test_duplicate_seeding_plays_each_seed_in_every_rotation(arena):
    doc = arena("catan", "--entrants", "strong,random,random", "--seats", "3", "--games", "6", "--seed", "2",
                "--workers", "1", "--no-db")[3]
    games = doc["games"]
    assert len({g["seed"] for g in games[:3]}) == 1 and games[3]["seed"] != games[0]["seed"]
    assert [g["seats"] for g in games[:3]] == [["strong", "random", "random#2"], ["random#2", "strong", "random"],
                                               ["random", "random#2", "strong"]]
    plain = arena("catan", "--entrants", "strong,random,random", "--seats", "3", "--games", "6", "--seed", "2",
                  "--workers", "1", "--no-db", "--no-duplicate")[3]
    assert len({g["seed"] for g in plain["games"]}) == 6


def test_sprt_accepts_h1_when_one_bot_is_much_stronger(arena):
    code, out, _, doc = arena("catan", "--entrants", "strong,random", "--sprt", "--elo0", "0", "--elo1", "50",
                              "--seed", "1", "--workers", "2", "--no-db")
    assert code == 0
    sprt = doc["sprt"]
    assert sprt["verdict"] == "accept H1" and sprt["llr"] >= sprt["upper"]
    assert doc["games_played"] == sprt["games"] < 100 and doc["games_played"] % 2 == 0  # stopped by itself, on a pair
    assert "accept H1" in out


def test_sprt_accepts_h0_for_a_bot_against_itself(arena):
    code, out, _, doc = arena("dominion", "--entrants", "random,random", "--sprt", "--elo0", "0", "--elo1", "60",
                              "--seed", "4", "--workers", "2", "--no-db")
    assert code == 0
    sprt = doc["sprt"]
    assert sprt["verdict"] == "accept H0" and sprt["llr"] <= sprt["lower"]
    assert doc["games_played"] < 20000 and "accept H0" in out


def test_sprt_stops_at_the_same_game_on_any_backend(arena):
    one = arena("dominion", "--entrants", "smithy,bigmoney", "--sprt", "--seed", "8", "--workers", "1", "--no-db")[3]
    two = arena("dominion", "--entrants", "smithy,bigmoney", "--sprt", "--seed", "8", "--workers", "2", "--no-db")[3]
    assert one["sprt"] == two["sprt"] and one["digest"] == two["digest"]


def test_an_sprt_that_reaches_its_maximum_is_inconclusive(arena):
    doc = arena("dominion", "--entrants", "random,random", "--sprt", "--games", "4", "--seed", "1",
                "--workers", "1", "--no-db")[3]
    assert doc["sprt"]["verdict"] == "inconclusive" and doc["games_played"] == 4


def test_a_subprocess_entrant_plays_in_the_tournament(arena, tmp_path):
    engine = f"cmd:{sys.executable} {EXAMPLES / 'dominion' / 'engine.py'}"
    code, out, err, doc = arena("dominion", "--entrant", engine, "--entrants", "bigmoney", "--games", "4",
                                "--seed", "5", "--workers", "2", "--db", str(tmp_path / "db.sqlite"))
    assert code == 0, err
    assert [e["kind"] for e in doc["entrants"]] == ["bot", "cmd"]  # --entrants, then each --entrant
    check_standings(doc, 4)
    row = next(r for r in doc["standings"] if r["label"] == "engine")
    assert row["games"] == 4 and row["forfeits"] == 0
    store = open_store(tmp_path / "db.sqlite")
    try:
        record = store.load(doc["games"][0]["record"])
        assert {s.agent for s in record.seats} == {f"cmd:{engine[4:]}", "bot:bigmoney"}
    finally:
        store.close()


def test_gauntlet_and_solo_tables(arena):
    doc = arena("dominion", "--entrants", "engine,bigmoney,smithy,random", "--format", "gauntlet", "--games", "12",
                "--seed", "1", "--workers", "1", "--no-db")[3]
    assert all("engine" in g["seats"] for g in doc["games"]) and doc["games_played"] == 12
    assert "head_to_head" not in doc
    solo = arena("renaissance", "--entrants", "greedy,random", "--seats", "1", "--games", "4", "--seed", "1",
                 "--workers", "1", "--no-db")[3]
    assert all(len(g["seats"]) == 1 for g in solo["games"])
    assert solo["games"][0]["seed"] == solo["games"][1]["seed"]  # both face the same deal
    assert [r["label"] for r in solo["standings"]][-1] == "Lorenzo"


def test_a_tournament_in_postgresql_written_by_several_workers(arena, postgres_url):
    code, _, err, doc = arena("dominion", "--entrants", "smithy,bigmoney", "--games", "16", "--seed", "2",
                              "--workers", "2", "--db", postgres_url)
    assert code == 0, err
    store = open_store(postgres_url)
    try:
        assert store.count() == 16
        stored, rows = store.load_tournament(doc["id"][:10])
        assert stored["digest"] == doc["digest"] and len(rows) == 16
        assert [t.id for t in store.tournaments()] == [doc["id"]]
    finally:
        store.close()


@pytest.mark.parametrize("argv,message", [
    (["dominion", "--entrants", "a,b"], "unknown dominion seat 'a'"),
    (["dominion", "--entrants", "random,smithy,bigmoney", "--sprt"], "two entrants"),
    (["catan", "--entrants", "strong,random", "--seats", "4"], "at least 4 entrants"),
    (["blokus", "--entrants", "strong,random", "--seats", "3"], "not 3"),
    (["dominion", "--entrants", "random,smithy", "--sprt", "--elo0", "5", "--elo1", "1"], "elo0 < elo1"),
    (["dominion", "--entrants", "random,smithy", "--workers", "0"], "--workers"),
    (["dominion"], "name the entrants"),
])
def test_bad_arguments_are_one_line_errors(arena, argv, message):
    code, out, err, doc = arena(*argv, "--no-db")
    assert code == 2 and message in err and err.count("\n") == 1 and doc is None

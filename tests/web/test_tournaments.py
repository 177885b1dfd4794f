"""The arena's tournaments through the web hall: `/api/tournaments` lists them, one tournament
gives its leaderboard, SPRT verdict and a page of its games (each a stored record), and the
leaderboard pages render them."""

from __future__ import annotations

import json

import pytest

from tablehall.cli import main
from tablehall.core.store import SqliteStore

from .conftest import WebServer


@pytest.fixture(scope="module")
def arena_web(tmp_path_factory):
    folder = tmp_path_factory.mktemp("arena-web")
    db = str(folder / "records.sqlite")
    docs = []
    for argv in (["dominion", "--entrants", "smithy,bigmoney", "--sprt", "--seed", "8"],
                 ["catan", "--entrants", "strong,random,random", "--games", "6", "--seed", "2", "--name", "catan cup"]):
        target = folder / f"{argv[0]}.json"
        assert main(["arena", *argv, "--workers", "1", "--db", db, "--json", str(target), "--quiet"]) == 0
        docs.append(json.loads(target.read_text()))
    store = SqliteStore(db)
    with WebServer(store) as server:
        yield server, docs
    store.close()


def test_the_list_and_one_tournament_with_its_leaderboard(arena_web):
    web, (sprt, cup) = arena_web
    status, body = web.get("/api/tournaments")
    assert status == 200
    assert [t["id"] for t in body["tournaments"]] == [cup["id"], sprt["id"]]
    assert body["tournaments"][0] == {"id": cup["id"], "game": "catan", "name": "catan cup", "status": "finished",
                                      "started_at": cup["started_at"], "updated_at": body["tournaments"][0]["updated_at"],
                                      "games": 6}
    assert web.get("/api/tournaments?game=dominion")[1]["tournaments"][0]["id"] == sprt["id"]
    status, one = web.get(f"/api/tournaments/{cup['id'][:12]}")
    assert status == 200 and one["standings"] == cup["standings"] and one["standings"][0]["label"] == "strong"
    assert one["games_total"] == 6 and [g["record"] for g in one["games"]] == [g["record"] for g in cup["games"]]
    status, record = web.get(f"/api/records/{one['games'][0]['record']}")
    assert status == 200 and record["digest"] == one["games"][0]["digest"]
    status, one = web.get(f"/api/tournaments/{sprt['id']}?offset=2&limit=3")
    assert one["sprt"]["verdict"] == sprt["sprt"]["verdict"] == "accept H1"
    assert [g["index"] for g in one["games"]] == [2, 3, 4] and one["head_to_head"]["challenger"] == "smithy"


def test_errors_are_http_errors(arena_web):
    web, _ = arena_web
    assert web.get("/api/tournaments/nothing")[0] == 404
    assert web.get("/api/tournaments?game=chess")[0] == 400
    assert web.get("/api/tournaments?limit=many")[0] == 400


def test_the_leaderboard_pages(arena_web):
    web, (sprt, cup) = arena_web
    status, html = web.get("/tournaments")
    assert status == 200 and "catan cup" in html and f"/tournaments/{sprt['id']}" in html
    status, html = web.get(f"/tournaments/{sprt['id']}")
    assert status == 200 and 'id="leaderboard"' in html and "accept H1" in html and "smithy" in html
    status, html = web.get(f"/tournaments/{cup['id']}")
    assert status == 200 and html.count("<tr>") >= 1 + 3 + 1 + 6 and "/records/" + cup["games"][0]["record"] in html

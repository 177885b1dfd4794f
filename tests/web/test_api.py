"""The JSON API over HTTP: records with filters and pages, one record, every notation, the
observer's view after each action, live games; errors as HTTP statuses."""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest

from tablehall.core.registry import get_game

from .conftest import GAMES


def test_records_listing_filters_and_pages(web, stored):
    _, records = stored
    status, body = web.get("/api/records")
    assert status == 200 and body["total"] == len(GAMES)
    assert {r["game"] for r in body["records"]} == set(GAMES)
    status, body = web.get("/api/records?game=dominion")
    assert [r["id"] for r in body["records"]] == [records["dominion"].id]
    status, body = web.get("/api/records?player=greedy-0")
    assert [r["game"] for r in body["records"]] == ["renaissance"]
    assert web.get("/api/records?player=greedy")[1]["total"] == 0  # whole names only
    assert web.get("/api/records?status=aborted")[1]["total"] == 0
    assert web.get("/api/records?since=2000-01-01&until=2999-01-01")[1]["total"] == len(GAMES)
    first, second = web.get("/api/records?limit=2")[1], web.get("/api/records?limit=2&offset=2")[1]
    assert len(first["records"]) == len(second["records"]) == 2
    assert not {r["id"] for r in first["records"]} & {r["id"] for r in second["records"]}
    assert web.get("/api/records?game=chess")[0] == 400
    assert web.get("/api/records?limit=x")[0] == 400


def test_one_record_and_every_notation(web, stored):
    _, records = stored
    for game, record in records.items():
        status, body = web.get(f"/api/records/{record.id}")
        assert status == 200 and body["digest"] == record.digest()
        assert body["notations"] == ["json", *sorted(get_game(game).exporters)]
        for notation in body["notations"]:
            status, text = web.get(f"/api/records/{record.id}/export/{notation}")
            assert status == 200 and text, (game, notation)
        assert web.get(f"/api/records/{record.id}/export/nonsense")[0] == 404
    assert web.get("/api/records/ffffffffffff")[0] == 404


def test_replay_gives_the_observer_view_after_each_action(web, stored):
    _, records = stored
    for game, record in records.items():
        status, body = web.get(f"/api/records/{record.id}/replay")
        assert status == 200
        steps = body["steps"]
        assert len(steps) == len(record.entries) + 1
        spec = get_game(game)
        state = spec.new(len(record.seats), record.options, record.seed)
        for entry in record.entries:
            state.apply(entry.seat, spec.decode_action(entry.action)) if entry.forfeit is None else \
                state.forfeit(entry.seat, entry.forfeit, entry.reason)
        assert steps[-1]["view"] == state.view(None)
        assert body["result"] == record.result.to_json()


def test_live_games_and_server_info(web):
    status, body = web.get("/api/games")
    assert status == 200 and body == {"games": []}
    assert web.get("/api/games/nope")[0] == 404
    status, body = web.get("/api/server")
    assert body["games"] == sorted(GAMES)
    assert sorted(l["service"] for l in body["listeners"]) == ["dominion", "jsettlers", "renaissance", "sc"]


def test_a_replay_is_made_once_kept_and_answered_304_to_a_browser_that_has_it(web, stored):
    """A stored record never changes: its replay's bytes serve the next visit, and its digest is
    the ETag (a long Catan game's replay takes about a second to make)."""
    _, records = stored
    record = records["catan"]
    path = f"{web.url}/api/records/{record.id}/replay"
    with urllib.request.urlopen(path, timeout=60) as response:
        first, etag = response.read(), response.headers["ETag"]
    assert etag == f'"{record.digest()}"'
    replays = web.server.hall.replays
    assert replays.get((record.id, record.digest())) == first
    with urllib.request.urlopen(path, timeout=60) as response:
        assert response.read() == first
    request = urllib.request.Request(path, headers={"If-None-Match": etag})
    with pytest.raises(urllib.error.HTTPError) as answered:
        urllib.request.urlopen(request, timeout=60)
    assert answered.value.code == 304


def test_the_replay_cache_keeps_the_latest_asked_for_within_its_budget():
    from tablehall.web.replays import ReplayCache

    cache = ReplayCache(budget=10)
    cache.put(("a", "1"), b"aaaa")
    cache.put(("b", "1"), b"bbbb")
    assert cache.get(("a", "1")) == b"aaaa"  # now the latest asked for
    cache.put(("c", "1"), b"cccc")  # 12 bytes: the least recently asked for goes
    assert cache.get(("b", "1")) is None and len(cache) == 2 and cache.size == 8
    cache.put(("d", "1"), b"x" * 11)  # larger than the budget: never kept
    assert cache.get(("d", "1")) is None and len(cache) == 2

"""The JSON API over HTTP: records with filters and pages, one record, every notation, the
observer's view after each action, live games; errors as HTTP statuses."""

from __future__ import annotations

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

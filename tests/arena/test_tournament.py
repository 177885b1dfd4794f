"""A tournament stopped midway (Ctrl-C) keeps what it played: its standings, its games and the
status `stopped`, in the store and in the document."""

import asyncio

import pytest

from tablehall.arena.entrants import parse_entrants
from tablehall.arena.runner import InProcessBackend
from tablehall.arena.tournament import Settings, Tournament
from tablehall.core.registry import get_game
from tablehall.core.store import SqliteStore


def test_a_stopped_tournament_is_stored_with_what_it_played(tmp_path):
    spec = get_game("dominion")
    settings = Settings("dominion", parse_entrants(spec, ["smithy", "bigmoney"]), 2, games=200, seed=1)
    store = SqliteStore(tmp_path / "t.sqlite")
    tournament = Tournament(settings, store)

    async def main():
        task = None

        def progress(update):
            if update.done == 6:
                task.cancel()  # what Ctrl-C does to the arena's main task

        task = asyncio.ensure_future(tournament.run(InProcessBackend(), str(tmp_path / "t.sqlite"),
                                                    on_progress=progress))
        with pytest.raises(asyncio.CancelledError):
            await task

    try:
        asyncio.run(main())
        doc, games = store.load_tournament(tournament.id)
        assert doc["status"] == "stopped" and tournament.status == "stopped"
        assert doc["games_played"] == len(games) >= 6 and doc["games_planned"] == 200
        assert sum(row["games"] for row in doc["standings"]) == 2 * doc["games_played"]
        for _, record_id, digest in games:
            assert store.load(record_id).digest() == digest
    finally:
        store.close()

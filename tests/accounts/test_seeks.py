"""Seeks, "play a bot now" and rematch offers (live state: no store)."""

from __future__ import annotations

import pytest

from tablehall.accounts.seeks import MAX_SEEKS, Rematches, SeekError, Seeks, bot_for
from tablehall.core import Record, SeatInfo
from tablehall.core.identity import Identity
from tablehall.core.result import Result, SeatResult

ANN, BEN, CAT = Identity("ann", "a1"), Identity("ben", "b1"), Identity("cat", "c1")
GUEST = Identity("visitor")


def test_a_seek_fills_and_leaves_the_list():
    seeks = Seeks()
    seek = seeks.post(ANN, "catan", players=3, rated=True, seconds_per_move=60)
    assert seeks.open("catan") == [seek] and seeks.open("blokus") == []
    assert not seeks.accept(seek.id, BEN).full
    with pytest.raises(SeekError, match="already"):
        seeks.accept(seek.id, BEN)
    assert seeks.accept(seek.id, CAT).full and seek.names == ["ann", "ben", "cat"]
    assert seeks.open() == []
    with pytest.raises(SeekError, match="gone"):
        seeks.accept(seek.id, GUEST)


def test_rated_seeks_are_for_accounts_and_the_rules_are_the_games():
    seeks = Seeks()
    with pytest.raises(SeekError, match="accounts"):
        seeks.post(GUEST, "dominion", rated=True)
    with pytest.raises(SeekError, match="players"):
        seeks.post(ANN, "blokus", players=3)
    with pytest.raises(SeekError, match="time per move"):
        seeks.post(ANN, "blokus", seconds_per_move=5)
    rated = seeks.post(ANN, "dominion", rated=True)
    with pytest.raises(SeekError, match="accounts"):
        seeks.accept(rated.id, GUEST)
    casual = seeks.post(GUEST, "dominion")
    assert seeks.accept(casual.id, BEN).full


def test_cancelling_leaving_and_the_limit():
    seeks = Seeks()
    mine = [seeks.post(ANN, "renaissance", players=4) for _ in range(MAX_SEEKS)]
    with pytest.raises(SeekError, match="at most"):
        seeks.post(ANN, "renaissance")
    seeks.accept(mine[0].id, BEN)
    seeks.cancel(mine[0].id, BEN)
    assert mine[0].names == ["ann"]
    seeks.cancel(mine[1].id, ANN)
    seeks.accept(mine[2].id, BEN)
    seeks.leave(BEN)
    assert [s.names for s in seeks.open()] == [["ann"], ["ann"]]
    seeks.leave(ANN)
    assert seeks.open() == []


def test_play_a_bot_now_picks_the_nearest_rating():
    assert bot_for("dominion", None, {}) == "random"  # nobody rated: the first bot
    assert bot_for("dominion", 1700, {"random": 1200, "bigmoney": 1650, "smithy": 1800}) == "bigmoney"
    assert bot_for("catan", 1300, {"strong": 1600}) == "random"  # random is unrated: 1500


def finished(seats) -> Record:
    record = Record("catan", "v1", {"vp": 10}, 1, [SeatInfo(n, a) for n, a in seats], id="r1", rated=True)
    record.result = Result(tuple(SeatResult(i, i + 1, 0) for i in range(len(seats))))
    return record


def test_a_rematch_starts_when_every_player_agrees_seats_moved_on():
    rematches = Rematches()
    record = finished([("ann", "web"), ("strong", "bot:strong"), ("ben", "remote:jsettlers")])
    offer = rematches.offer(record, ANN)
    assert not offer.agreed and offer.waiting_for == {"ben"} and rematches.pending(["ben"]) == [offer]
    with pytest.raises(SeekError, match="players"):
        rematches.offer(record, CAT)
    offer = rematches.offer(record, BEN)
    assert offer.agreed and offer.seats == ["strong", "ben", "ann"] and offer.rated and offer.options == {"vp": 10}
    assert rematches.pending(["ann", "ben"]) == []


def test_a_declined_or_aborted_rematch():
    rematches = Rematches()
    record = finished([("ann", "web"), ("ben", "web")])
    rematches.offer(record, ANN)
    rematches.decline("r1", BEN)
    assert rematches.pending(["ben"]) == []
    record.result = Result.aborted(2)
    with pytest.raises(SeekError, match="finished"):
        rematches.offer(record, ANN)

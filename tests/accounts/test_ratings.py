"""Ratings per game from stored records: what each game credits (stand-ins, players who never
joined), pairwise by rank, built-in bots in the pool, guests left out, once per game, the
leaderboard and a player's history: on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from tablehall.accounts.credits import credits
from tablehall.accounts.ratings import PROVISIONAL
from tablehall.core import Record, SeatInfo
from tablehall.core.records import Entry, Handover
from tablehall.core.result import Result, SeatResult

PASSWORD = "correct horse"


def game(seats, ranks, *, rated=True, entries=None, handovers=(), record_id="g1", name="catan") -> Record:
    record = Record(name, "v1", {}, 3, [SeatInfo(n, a) for n, a in seats],
                    entries=entries if entries is not None else [Entry(s, ["x"]) for s in range(len(seats))],
                    handovers=list(handovers), id=record_id, rated=rated)
    record.result = Result(tuple(SeatResult(i, r, 0) for i, r in enumerate(ranks)))
    return record


def test_a_stand_in_loses_for_the_person_who_left():
    record = game([("ann", "web"), ("strong", "bot:strong")], (1, 2),
                  entries=[Entry(0, ["a"]), Entry(1, ["b"]), Entry(1, ["c"]), Entry(0, ["d"])],
                  handovers=[Handover(0, 2, "ann", "bot:strong")])
    assert [(c.seat, c.player.name, c.rank) for c in credits(record)] == [(0, "ann", None), (1, "strong", 2)]


def test_a_game_a_person_never_joined_is_not_credited_to_them():
    """A seat whose person never connected is played by a stand-in under the person's name to a
    win: the win is not the person's."""
    record = game([("bo", "bot:strong"), ("cy", "web")], (2, 1),
                  entries=[Entry(0, ["a"]), Entry(1, ["b"]), Entry(0, ["c"])],
                  handovers=[Handover(1, 1, "cy", "bot:strong")])
    assert [(c.seat, c.rank) for c in credits(record)] == [(0, 2)]


def test_a_person_who_came_back_is_credited_and_a_taken_over_seat_is_nobodys():
    back = game([("di", "remote:jsettlers"), ("x", "bot:random")], (1, 2),
                handovers=[Handover(0, 1, "di", "bot:strong"), Handover(0, 2, "di", "remote:jsettlers")])
    assert [(c.seat, c.rank) for c in credits(back)] == [(0, 1), (1, 2)]
    taken = game([("droid 1", "remote:jsettlers-robot"), ("x", "bot:random")], (1, 2),
                 handovers=[Handover(0, 1, "eve", "remote:jsettlers")])
    assert [c.seat for c in credits(taken)] == [1]


def test_aborted_games_credit_nobody():
    record = game([("a", "web"), ("b", "web")], (1, 2))
    record.result = Result.aborted(2, "stop")
    assert credits(record) == []


@pytest.fixture
def people(accounts):
    return {name: accounts.book.add_person(name, PASSWORD) for name in ("ann", "ben", "cat", "dan")}


def test_a_rated_game_against_a_bot_moves_both_and_is_rated_once(accounts, people):
    record = game([("ann", "web"), ("strong", "bot:strong")], (1, 2))
    changes = {c.player: c for c in accounts.ratings.rate(record)}
    assert set(changes) == {people["ann"].id, "bot:strong"}
    assert changes[people["ann"].id].after > 1500 > changes["bot:strong"].after
    assert changes[people["ann"].id].score == 1.0
    assert accounts.ratings.rate(record) == []  # once
    ann = accounts.ratings.of(people["ann"].id)["catan"]
    assert ann.games == 1 and ann.provisional and ann.rating == pytest.approx(changes[people["ann"].id].after)
    assert [c.record_id for c in accounts.ratings.history(people["ann"].id, "catan")] == ["g1"]
    assert {c.player for c in accounts.ratings.changes("g1")} == {people["ann"].id, "bot:strong"}


def test_casual_games_and_guests_are_not_rated(accounts, people):
    assert accounts.ratings.rate(game([("ann", "web"), ("ben", "web")], (1, 2), rated=False)) == []
    assert accounts.ratings.rate(game([("ann", "web"), ("visitor", "web")], (1, 2), record_id="g2")) == []
    robots = game([("ann", "web"), ("droid 1", "remote:jsettlers-robot"), ("ben", "web"),
                   ("cat", "remote:jsettlers-robot")], (2, 1, 3, 4), record_id="g3")  # a robot named like an account
    assert {c.player for c in accounts.ratings.rate(robots)} == {people["ann"].id, people["ben"].id}


def test_four_players_are_rated_pairwise_by_rank(accounts, people):
    record = game([(n, "web") for n in ("ann", "ben", "cat", "dan")], (1, 2, 2, 4))
    changes = {accounts.book.get(c.player).name: c for c in accounts.ratings.rate(record)}
    assert changes["ann"].score == 1.0 and changes["dan"].score == 0.0
    assert changes["ben"].score == changes["cat"].score == pytest.approx(0.5)
    assert changes["ann"].after > changes["ben"].after > changes["dan"].after
    assert changes["ben"].after == pytest.approx(changes["cat"].after)
    assert changes["ben"].after == pytest.approx(1500)
    # a whole game counts as one: winning among four moves as far as beating one equal player
    duel = {c.player: c for c in accounts.ratings.rate(game([("x1", "bot:a"), ("x2", "bot:b")], (1, 2), record_id="g2"))}
    assert changes["ann"].after == pytest.approx(duel["bot:a"].after)


def test_the_leaderboard_leaves_out_provisional_and_disabled_players(accounts, people):
    for index in range(20):  # ann wins two in three against the bot, ben loses two in three, till established
        won = (1, 2) if index % 3 else (2, 1)
        accounts.ratings.rate(game([("ann", "web"), ("strong", "bot:strong")], won, record_id=f"a{index}"))
        accounts.ratings.rate(game([("ben", "web"), ("strong", "bot:strong")], won[::-1], record_id=f"b{index}"))
    board = accounts.ratings.leaderboard("catan")
    assert [s.name for s in board] == ["ann", "strong", "ben"]
    assert all(s.deviation <= PROVISIONAL for s in board) and board[1].kind == "builtin"
    accounts.ratings.rate(game([("cat", "web"), ("strong", "bot:strong")], (1, 2), record_id="c1"))
    assert "cat" not in [s.name for s in accounts.ratings.leaderboard("catan")]
    assert "cat" in [s.name for s in accounts.ratings.leaderboard("catan", provisional=True)]
    accounts.book.set_disabled("ann", True, actor="console")
    assert [s.name for s in accounts.ratings.leaderboard("catan")] == ["strong", "ben"]
    assert accounts.ratings.leaderboard("blokus") == []

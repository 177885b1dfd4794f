"""Formats, seat rotation and duplicate seeding: who plays where, with which seed."""

from collections import Counter

import pytest

from tablehall.arena.schedule import Schedule, ScheduleError, rotations, tables


def test_round_robin_tables_are_every_set_of_entrants():
    assert tables(4, 2) == [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
    assert tables(4, 4) == [(0, 1, 2, 3)]
    assert tables(5, 4) == [(0, 1, 2, 3), (0, 1, 2, 4), (0, 1, 3, 4), (0, 2, 3, 4), (1, 2, 3, 4)]
    assert tables(3, 1) == [(0,), (1,), (2,)]  # solo: every entrant at its own table


def test_gauntlet_tables_pit_the_challenger_against_the_field():
    assert tables(4, 2, "gauntlet") == [(0, 1), (0, 2), (0, 3)]
    assert tables(4, 3, "gauntlet") == [(0, 1, 2), (0, 1, 3), (0, 2, 3)]
    with pytest.raises(ScheduleError, match="opponents"):
        tables(2, 3, "gauntlet")
    with pytest.raises(ScheduleError, match="at least 4 entrants"):
        tables(3, 4)
    with pytest.raises(ScheduleError, match="unknown format"):
        tables(3, 2, "swiss")


def test_rotations_put_every_entrant_in_every_seat_once():
    seatings = rotations((7, 8, 9))
    assert seatings == [(7, 8, 9), (9, 7, 8), (8, 9, 7)]
    for entrant in (7, 8, 9):
        assert sorted(s.index(entrant) for s in seatings) == [0, 1, 2]


@pytest.mark.parametrize("entrants,seats,format", [(4, 4, "round-robin"), (5, 3, "round-robin"), (4, 2, "gauntlet"),
                                                   (3, 2, "round-robin")])
def test_every_entrant_plays_every_position_equally(entrants, seats, format):
    schedule = Schedule(entrants, seats, format, seed=1)
    games = list(schedule.games(rounds=3))
    assert len(games) == 3 * schedule.games_per_round
    positions = Counter((entrant, seat) for g in games for seat, entrant in enumerate(g.seats))
    for entrant in range(entrants):
        counts = {positions[(entrant, seat)] for seat in range(seats)}
        assert len(counts) == 1, (entrant, counts)  # the same number of games in each seat


def test_duplicate_seeding_shares_a_seed_per_round_and_plain_seeding_does_not():
    duplicate = list(Schedule(3, 2, seed=5).games(rounds=2))
    for game in duplicate:
        assert game.seed == duplicate[0 if game.round == 0 else -1].seed
    assert duplicate[0].seed != duplicate[-1].seed
    assert len({g.block for g in duplicate}) == 6 and all(
        [g.seats for g in duplicate if g.block == b] == rotations(duplicate[2 * b].seats[:2]) for b in range(6))
    plain = list(Schedule(3, 2, seed=5, duplicate=False).games(rounds=2))
    assert len({g.seed for g in plain}) == len(plain)
    assert [g.seats for g in plain] == [g.seats for g in duplicate]


def test_the_schedule_depends_only_on_its_settings():
    a = Schedule(4, 2, seed=9).first(50)
    b = Schedule(4, 2, seed=9).first(50)
    c = Schedule(4, 2, seed=10).first(50)
    assert a == b and [g.seed for g in a] != [g.seed for g in c]
    assert all(0 <= g.seed < 2**62 for g in a)


def test_games_are_rounded_up_to_whole_rounds():
    schedule = Schedule(4, 4)  # one table, four rotations
    assert schedule.rounds_for(400) == 100 and schedule.rounds_for(401) == 101 and schedule.rounds_for(1) == 1

"""The rule options of JSettlers' 2.7.00 set as engine options: normalisation and its errors,
RD, N7, N7C, BC (NT and VP are the classic `domestic_trades` and `vp_to_win`), and that each is
recorded and replays identically."""

from __future__ import annotations

import asyncio

import pytest

from tablehall.core import BotAgent, Match, OptionError, Rng, replay
from tablehall.games.catan import SPEC, actions as A
from tablehall.games.catan import board as B
from tablehall.games.catan.geometry import CLASSIC, SIX
from tablehall.games.catan.options import CLASSIC_OPTIONS, RULE_OPTIONS

from .helpers import setup, new
from .six_helpers import setup_six


def test_unused_options_are_left_out_and_used_ones_kept():
    assert SPEC.normalize_options({}) == CLASSIC_OPTIONS
    assert SPEC.normalize_options(dict(RULE_OPTIONS)) == CLASSIC_OPTIONS  # defaults given: still left out
    chosen = {"max_players": 6, "six_player_board": True, "special_building_5_6_only": True,
              "no_robber_on_desert": True, "no_7s_rounds": 7, "no_7s_until_city": True, "break_clumps": 4,
              "undo_builds": True, "undo_limit": 3}
    out = SPEC.normalize_options(chosen)
    assert out == {**CLASSIC_OPTIONS, **chosen}
    assert SPEC.normalize_options(out) == out  # idempotent
    assert "undo_limit" not in SPEC.normalize_options({"undo_builds": True})  # 7, the default
    strings = SPEC.normalize_options({"no_7s_rounds": "3", "no_robber_on_desert": "true"})  # as the CLI passes them
    assert strings["no_7s_rounds"] == 3 and strings["no_robber_on_desert"] is True


@pytest.mark.parametrize("options, words", [
    ({"max_players": 7}, "max_players must be 0"),
    ({"max_players": 1}, "max_players must be 0"),
    ({"no_7s_rounds": 1000}, "no_7s_rounds must be"),
    ({"no_7s_rounds": -1}, "no_7s_rounds must be"),
    ({"break_clumps": 2}, "break_clumps must be 0"),
    ({"break_clumps": 10}, "break_clumps must be 0"),
    ({"undo_limit": 3}, "undo_limit applies only with undo_builds"),
    ({"undo_builds": True, "undo_limit": 1000}, "undo_limit must be"),
    ({"six_player_board": True, "layout": "beginner"}, "beginner layout is a classic board"),
    ({"max_players": 5, "board": new().board.to_text()}, "30 hexes"),
    ({"no_7s_rounds": "many"}, "must be a number"),
    ({"undo_builds": "perhaps"}, "true or false"),
    ({"special_building": True}, "unknown option"),
    ({"dev_deck": "MO MO MO"}, "max_players 5 or 6"),
])
def test_bad_options_are_named(options, words):
    with pytest.raises(OptionError, match=words):
        SPEC.normalize_options(options)


def test_seat_counts_and_options_that_need_the_seats():
    assert SPEC.normalize_options({"dev_deck": "MO MO MO", "max_players": 6})
    with pytest.raises(OptionError, match="beginner layout"):
        SPEC.new(5, {"layout": "beginner"}, 1)
    with pytest.raises(OptionError, match="fewer than the 4 seats"):
        SPEC.new(4, {"max_players": 3}, 1)
    with pytest.raises(OptionError, match="30-hex board"):
        SPEC.new(6, {"board": new().board.to_text()}, 1)
    with pytest.raises(OptionError, match="2-6"):
        SPEC.new(7, {}, 1)
    assert len(SPEC.new(4, {"dev_deck": "MO MO MO", "max_players": 6}, 1).deck) == 34  # a 34-card deck has 3
    with pytest.raises(OptionError, match="more cards of a kind"):
        SPEC.new_game(4, {**SPEC.normalize_options({"max_players": 6, "dev_deck": "MO MO MO"}), "max_players": 4}, 1)


def test_robber_may_not_go_back_to_the_desert():
    st = setup(new(no_robber_on_desert=True))
    desert = st.board.deserts[0]
    assert st.robber == desert and st.robber_barred == (desert,)
    st.dice_script = (7,)
    st.apply(0, A.ROLL)
    while st.phase.name == "WAITING_FOR_DISCARDS":
        seat = st.to_act()[0]
        st.apply(seat, st.legal_actions(seat)[0])
    moves = st.legal_actions(0)
    assert A.robber(desert) not in moves and len(moves) == st.geo.hex_count - 1
    first = moves[0][1]
    st.apply(0, A.robber(first))
    if st.phase.name == "WAITING_FOR_ROB_CHOOSE_PLAYER":
        st.apply(0, ("rob", st.victims[0]))
    st.apply(0, A.END_TURN)
    st.dice_script = st.dice_script + (7,)
    st.apply(1, A.ROLL)
    while st.phase.name == "WAITING_FOR_DISCARDS":
        seat = st.to_act()[0]
        st.apply(seat, st.legal_actions(seat)[0])
    assert A.robber(desert) not in st.legal_actions(1)
    with pytest.raises(Exception) as err:
        st.apply(1, A.robber(desert))
    assert err.value.code == "DESERT"
    six = setup_six(SPEC.new(6, {"no_robber_on_desert": True}, 2))
    assert len(six.robber_barred) == 2  # both deserts of the 5-6 player board


def _roll_many(st, rolls):
    """Roll and end turns `rolls` times (7s resolved by the first legal answers); the totals."""
    totals = []
    for _ in range(rolls):
        events = st.apply(st.current, A.ROLL)
        totals.append((st.round, events[0].data["total"]))
        while st.phase.name != "PLAY1":
            seat = st.to_act()[0]
            st.apply(seat, st.legal_actions(seat)[0])
        st.apply(st.current, A.END_TURN)
    return totals


def test_no_sevens_in_the_first_rounds():
    st = setup(new(no_7s_rounds=4))
    totals = _roll_many(st, 120)
    assert all(total != 7 for rnd, total in totals if rnd < 4)
    assert any(total == 7 for rnd, total in totals if rnd >= 4)


def test_no_sevens_until_a_city():
    st = setup(new(no_7s_until_city=True))
    assert all(total != 7 for _, total in _roll_many(st, 60))
    from .helpers import give, to_play
    from tablehall.games.catan.constants import PIECE_COST, CITY
    st.dice_script = st.dice_script[:st.dice_used]
    to_play(st)
    give(st, st.current, PIECE_COST[CITY])
    st.apply(st.current, A.city(st.city_spots(st.current)[0]))
    st.apply(st.current, A.END_TURN)
    assert st.city_built
    assert any(total == 7 for _, total in _roll_many(st, 60))


@pytest.mark.parametrize("frame", [CLASSIC, SIX], ids=["classic", "six"])
@pytest.mark.parametrize("size", [3, 4])
def test_break_clumps(frame, size):
    rng = Rng(size)
    for _ in range(25):
        board = B.random_board(rng, frame=frame, break_clumps=size)
        assert B._largest_clump(frame, board.terrain) < size
        kinds = [dict(board.harbors)[e] for e in frame.harbor_slots]
        assert B._longest_run(kinds) < size
    # without it, clumps of 3 are common
    plain = [B._largest_clump(frame, B.random_board(Rng(k), frame=frame).terrain) for k in range(25)]
    assert max(plain) >= 3


def test_clump_measures():
    terrain = [0] * CLASSIC.hex_count
    assert B._largest_clump(CLASSIC, terrain) == 19
    assert B._longest_run([5, 5, 0, 1, 5]) == 3  # the coast wraps round
    assert B._longest_run([5, 0, 5, 1]) == 1


def test_options_are_recorded_and_replay_identically():
    options = {"no_robber_on_desert": True, "no_7s_rounds": 2, "no_7s_until_city": True, "break_clumps": 3,
               "undo_builds": True, "undo_limit": 2, "vp_to_win": 11, "domestic_trades": False}
    digests = []
    for _ in range(2):
        agents = [BotAgent(SPEC.bots[name](3 + i)) for i, name in enumerate(["strong", "random", "random"])]
        record = asyncio.run(Match(SPEC, agents, seed=31, options=options).run())
        digests.append(record.digest())
        assert record.options == SPEC.normalize_options(options)
        again = replay(record, SPEC)
        assert again.matches and again.state.no_7s_rounds == 2 and again.state.vp_to_win == 11
    assert digests[0] == digests[1]

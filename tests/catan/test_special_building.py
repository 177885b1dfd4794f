"""The special building phase of the 5-6 player rules: who may ask and when, the order of the
special turns, what a special builder may do, winning, forfeits, hidden cards, and the chance
the game offers in-process bots."""

from __future__ import annotations

import pytest

from tablehall.core import EndCause, IllegalAction
from tablehall.games.catan import SPEC, actions as A
from tablehall.games.catan.constants import COST_DEV, KNIGHT, ROAD, Phase

from .helpers import give, new
from .six_helpers import new_six, next_turn, rich, roll, setup_six

ASK = A.ASK_SPECIAL_BUILD


def refused(state, seat, action, code):
    with pytest.raises(IllegalAction) as err:
        state.apply(seat, action)
    assert err.value.code == code, err.value.message
    return err.value.message


def kinds(events):
    return [e.kind for e in events]


def test_only_games_with_the_five_six_player_rules_have_it():
    classic = new(4)
    assert not classic.special_building and classic.volunteers() == ()
    assert "5-6 player rules" in refused(classic, 1, ASK, "NO_SPECIAL_BUILDING")
    plb = SPEC.new(4, {"six_player_board": True}, 1)  # the board alone
    assert not plb.special_building
    plp = SPEC.new(4, {"max_players": 6, "special_building_5_6_only": True}, 1)
    assert "special_building_5_6_only" in refused(plp, 1, ASK, "NO_SPECIAL_BUILDING")
    assert SPEC.new(5, {"special_building_5_6_only": True}, 1).special_building
    assert SPEC.new(4, {"max_players": 5}, 1).special_building  # PL=5 with 4 seated, no PLP


def test_asking_rules():
    st = new_six()
    refused(st, 2, ASK, "NOT_NOW")  # during setup
    setup_six(st)
    assert st.current == 0 and st.turn_count == 1
    assert "first turn" in refused(st, 0, ASK, "FIRST_TURN")
    st.apply(3, ASK)  # others may ask in the first turn, before the roll too
    assert st.sb_asked[3] and not st.can_ask_special_build(3)
    refused(st, 3, ASK, "ALREADY_ASKED")
    roll(st)
    st.apply(5, ASK)  # and after it
    st.apply(0, A.END_TURN)  # 3 then 5 build, then seat 1's turn
    st.apply(3, A.END_TURN)
    refused(st, 3, ASK, "ALREADY_SPECIAL_BUILT")  # once per phase...
    st.apply(5, A.END_TURN)
    assert st.phase is Phase.ROLL_OR_CARD and st.current == 1
    assert st.can_ask_special_build(3) and st.can_ask_special_build(5)  # ...again once the next turn began
    assert st.can_ask_special_build(1)  # the player to move, before rolling, after the first turn
    roll(st)
    assert "before rolling" in refused(st, 1, ASK, "NOT_NOW")
    refused(st, 9, ASK, "NOT_A_PLAYER")


def test_no_ask_after_playing_a_card_in_ones_turn():
    st = setup_six(new_six())
    next_turn(st)
    st.dev_old[1][KNIGHT] = 1
    st.deck.remove(next(c for c in st.deck if c == KNIGHT))
    st.apply(1, A.play_dev(KNIGHT))
    st.apply(1, A.robber(next(h for h in range(st.geo.hex_count) if h != st.robber)))
    if st.phase is Phase.WAITING_FOR_ROB_CHOOSE_PLAYER:
        st.apply(1, ("rob", st.victims[0]))
    assert st.phase is Phase.ROLL_OR_CARD
    assert "development card" in refused(st, 1, ASK, "NOT_NOW")


def test_special_turns_in_seat_order_after_the_player_whose_turn_ended():
    st = setup_six(new_six())
    next_turn(st)  # seat 1 plays now
    roll(st)
    events = st.apply(0, ASK) + st.apply(4, ASK) + st.apply(2, ASK)
    assert kinds(events) == ["special_build_asked"] * 3
    events = st.apply(1, A.END_TURN)
    assert kinds(events)[-1] == "special_turn" and events[-1].data == {"seat": 2, "after": 1}
    assert (st.phase, st.current, st.sb_after, st.jsettlers_state) == (Phase.SPECIAL_BUILDING, 2, 1, 100)
    assert st.to_act() == (2,)
    order = [st.current]
    while st.phase is Phase.SPECIAL_BUILDING:
        events = st.apply(st.current, A.END_TURN)
        assert events[0].kind == "special_turn_ended"
        order.append(st.current)
    assert order == [2, 4, 0, 2]  # 2, 4, then round to 0; then seat 2's normal turn
    assert events[-1].kind == "turn" and events[-1].data["seat"] == 2
    assert st.sb_after == -1 and not any(st.sb_asked) and not any(st.sb_done)


def test_what_a_special_builder_may_do():
    st = setup_six(new_six())
    next_turn(st)
    roll(st)
    st.apply(3, ASK)
    st.apply(1, A.END_TURN)
    assert st.current == 3 and st.phase is Phase.SPECIAL_BUILDING
    rich(st, 3)
    assert "no rolling, trading or playing cards" in refused(st, 3, A.ROLL, "NOT_NOW")
    refused(st, 3, A.bank_trade((4, 0, 0, 0, 0), (0, 1, 0, 0, 0)), "NOT_NOW")
    refused(st, 3, A.offer((1, 0, 0, 0, 0), (0, 1, 0, 0, 0), (4,)), "NOT_NOW")
    st.dev_old[3][KNIGHT] = 1
    st.deck.remove(next(c for c in st.deck if c == KNIGHT))
    refused(st, 3, A.play_dev(KNIGHT), "NOT_NOW")
    refused(st, 4, A.END_TURN, "NOT_YOUR_TURN")
    legal = st.legal_actions(3)
    assert {a[0] for a in legal} <= {"road", "settlement", "city", "buy_dev", "end_turn"}
    assert A.END_TURN in legal and A.BUY_DEV in legal and any(a[0] == "road" for a in legal)
    hand = list(st.hands[3])
    edge = next(a[1] for a in legal if a[0] == "road")
    st.apply(3, A.road(edge))  # pays
    assert st.hands[3] == [hand[0] - 1, hand[1], hand[2], hand[3], hand[4] - 1]
    assert st.phase is Phase.SPECIAL_BUILDING
    st.apply(3, A.build(ROAD))  # the JSettlers way: pay, then place
    assert st.phase is Phase.PLACING_ROAD
    st.apply(3, A.road(st.road_spots(3)[0]))
    assert st.phase is Phase.SPECIAL_BUILDING
    st.apply(3, A.build(ROAD))
    st.apply(3, A.CANCEL_BUILD)
    assert st.phase is Phase.SPECIAL_BUILDING
    events = st.apply(3, A.BUY_DEV)
    bought = [e for e in events if e.kind == "dev_bought"]
    assert {e.audience.kind for e in bought} == {"seats", "all_but"}  # the card stays hidden
    assert next(e for e in bought if e.audience.kind == "all_but").data["card"] is None
    card = next(e for e in bought if e.audience.kind == "seats").data["card_id"]
    st.apply(3, A.END_TURN)
    assert st.phase is Phase.ROLL_OR_CARD and st.current == 2
    assert sum(st.dev_new[3]) == 0 and sum(st.dev_old[3]) >= 1  # playable in its own next turn
    assert card is not None


def test_asking_during_the_phase_goes_round():
    st = setup_six(new_six())
    next_turn(st)
    roll(st)
    st.apply(4, ASK)
    st.apply(1, A.END_TURN)
    assert st.current == 4
    st.apply(2, ASK)  # 2's place came before 4's: it is visited going round
    st.apply(4, A.END_TURN)
    assert (st.phase, st.current) == (Phase.SPECIAL_BUILDING, 2)
    st.apply(1, ASK)  # the player whose turn ended may ask too
    st.apply(2, A.END_TURN)
    assert st.current == 1 and st.phase is Phase.SPECIAL_BUILDING
    st.apply(1, A.END_TURN)
    assert st.phase is Phase.ROLL_OR_CARD and st.current == 2


def test_the_player_to_move_may_special_build_before_rolling():
    st = setup_six(new_six())
    next_turn(st)
    next_turn(st)  # seat 2's turn, before the roll
    st.apply(4, ASK)
    events = st.apply(2, ASK)  # its turn waits: 2 builds, then 4, then 2 rolls
    assert kinds(events) == ["special_build_asked", "special_turn"]
    assert (st.current, st.sb_after, st.sb_resume) == (2, 1, 2)
    st.apply(2, A.END_TURN)
    assert st.current == 4 and st.phase is Phase.SPECIAL_BUILDING
    round_before, turns_before = st.round, st.turn_count
    events = st.apply(4, A.END_TURN)
    assert events[-1].kind == "turn" and events[-1].data["seat"] == 2
    assert (st.phase, st.current, st.round, st.turn_count) == (Phase.ROLL_OR_CARD, 2, round_before, turns_before)
    assert "special built" in refused(st, 2, ASK, "ALREADY_SPECIAL_BUILT")  # no second go: no loop
    assert st.can_ask_special_build(4)  # the others may ask again
    roll(st)
    st.apply(2, A.END_TURN)
    assert st.current == 3


def test_nobody_wins_in_the_phase_but_at_the_start_of_their_own_turn():
    st = setup_six(new_six(vp_to_win=3))
    next_turn(st)  # seat 1's turn
    roll(st)
    st.apply(2, ASK)
    st.apply(1, A.END_TURN)
    assert st.current == 2
    give(st, 2, [2, 0, 2, 2, 2])
    spot = _settlement_spot(st, 2)
    st.apply(2, A.settlement(spot))
    assert st.total_vp(2) == 3 and not st.is_over  # reached, but it is nobody's turn
    events = st.apply(2, A.END_TURN)  # the phase ends; seat 2's own turn begins: it wins
    assert st.is_over and st.winner == 2 and events[-1].kind == "game_over"


def test_a_special_builder_further_round_waits_for_its_turn():
    st = setup_six(new_six(vp_to_win=3))
    next_turn(st)
    roll(st)
    st.apply(4, ASK)
    st.apply(1, A.END_TURN)
    give(st, 4, [2, 0, 2, 2, 2])
    st.apply(4, A.settlement(_settlement_spot(st, 4)))
    st.apply(4, A.END_TURN)
    assert not st.is_over and st.current == 2  # seat 2 does not win for seat 4
    next_turn(st)
    assert not st.is_over and st.current == 3
    roll(st)
    st.apply(3, A.END_TURN)
    assert st.is_over and st.winner == 4


def test_forfeits_during_the_phase():
    st = setup_six(new_six())
    next_turn(st)
    roll(st)
    st.apply(3, ASK)
    st.apply(5, ASK)
    st.apply(1, A.END_TURN)
    rich(st, 3)
    st.apply(3, A.build(ROAD))
    hand = sum(st.hands[3])
    st.forfeit(5, EndCause.LEFT)  # an asker leaves: no turn for it
    assert not st.sb_asked[5]
    events = st.forfeit(3, EndCause.LEFT)  # the special builder leaves: refund, the phase ends
    assert sum(st.hands[3]) == hand + 2
    assert "special_turn_ended" in kinds(events) and events[-1].kind == "turn"
    assert st.current == 2 and st.phase is Phase.ROLL_OR_CARD


def test_the_game_offers_bots_the_chance_right_after_each_roll():
    st = setup_six(new_six())
    assert st.volunteers() == ()
    st.apply(2, ASK)
    roll(st)
    assert st.volunteers() == (1, 3, 4, 5)  # not the roller, not one that asked
    st.apply(4, ASK)
    assert st.volunteers() == ()  # the offer stood for one moment
    st.apply(0, A.END_TURN)
    assert st.volunteers() == ()
    assert not new(4).volunteers()


def test_bots_special_build_in_a_match():
    import asyncio

    from tablehall.core import BotAgent, Match

    agents = [BotAgent(SPEC.bots[name](7 + i)) for i, name in enumerate(["strong"] + ["random"] * 4 + ["strong"])]
    record = asyncio.run(Match(SPEC, agents, seed=12).run())
    assert record.status == "finished"
    asks = [e.seat for e in record.entries if e.action and e.action[0] == "ask_special_build"]
    assert asks and {0, 5} & set(asks)  # the strong bots asked too
    from tablehall.core import replay
    assert replay(record, SPEC).matches


def test_views_show_the_phase():
    st = setup_six(new_six())
    next_turn(st)
    roll(st)
    st.apply(3, ASK)
    view = st.view(None)
    assert view["frame"] == "six" and view["special_building"]["asked"][3] is True
    st.apply(1, A.END_TURN)
    view = st.view(3)
    assert view["phase"] == "SPECIAL_BUILDING" and view["jsettlers_state"] == 100
    assert view["special_building"]["after"] == 1 and view["to_act"] == [3]
    assert "special_building" not in new(4).view(None)


def _settlement_spot(st, seat):
    """A free spot for `seat`: extend its network by two roads (paid from the bank) if needed."""
    spots = [n for n in st.settlement_spots(seat)]
    while not spots:
        edge = st.road_spots(seat)[0]
        give(st, seat, [1, 0, 0, 0, 1])
        st.apply(seat, A.road(edge))
        spots = st.settlement_spots(seat)
    return spots[0]


def test_costs_are_checked_in_the_phase():
    st = setup_six(new_six())
    next_turn(st)
    roll(st)
    st.apply(3, ASK)
    st.apply(1, A.END_TURN)
    for r in range(5):
        st.bank[r] += st.hands[3][r]
        st.hands[3][r] = 0
    refused(st, 3, A.road(st.road_spots(3)[0]), "CANNOT_AFFORD")
    refused(st, 3, A.BUY_DEV, "CANNOT_AFFORD")
    give(st, 3, COST_DEV)
    st.apply(3, A.BUY_DEV)

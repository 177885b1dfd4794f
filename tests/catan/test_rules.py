"""One test (or a few) per rule of the classic game."""

from __future__ import annotations

import pytest

from tablehall.core import EndCause, IllegalAction
from tablehall.games.catan import actions as A
from tablehall.games.catan.constants import (CITY, COST_DEV, KNIGHT, MONOPOLY, PIECE_COST, ROAD,
                                             ROAD_BUILDING, YEAR_OF_PLENTY, Phase)
from tablehall.games.catan.geometry import (EDGES, HEX_NODES, NODE_EDGES, NODE_HEXES, NODE_NEIGHBORS,
                                            edge_between)

from .helpers import SPOTS, empty_hands, give, new, other_end, path_from, setup, to_play
from .invariants import check_invariants

P = Phase
ROAD_COST, SETTLE_COST, CITY_COST = PIECE_COST


def code(fn) -> str:
    with pytest.raises(IllegalAction) as info:
        fn()
    return info.value.code


def test_setup_snake_order_and_second_settlement_pays():
    st = new()
    order = []
    for node, towards in SPOTS:
        order.append(st.current)
        before = list(st.hands[st.current])
        events = st.apply(st.current, A.settlement(node))
        gained = [a - b for a, b in zip(st.hands[order[-1]], before)]
        if len(order) <= 4:
            assert gained == [0] * 5 and st.phase is P.START1B
        else:
            expected = [0] * 5
            for h in NODE_HEXES[node]:
                if st.board.terrain[h] < 5:
                    expected[st.board.terrain[h]] += 1
            assert gained == expected and events[-1].kind == "setup_resources"
        if len(order) > 1:  # a road away from the settlement just placed
            assert code(lambda: st.apply(order[-1], A.road(edge_between(*SPOTS[0])))) == "OCCUPIED"
            far = edge_between(*SPOTS[len(order) % 8]) if len(order) < 8 else None
            if far is not None:
                assert code(lambda: st.apply(order[-1], A.road(far))) == "NOT_CONNECTED"
        st.apply(st.current, A.road(edge_between(node, towards)))
    assert order == [0, 1, 2, 3, 3, 2, 1, 0]
    assert st.phase is P.ROLL_OR_CARD and st.current == 0


def test_distance_rule_and_connectivity():
    st = new()
    neighbour = NODE_NEIGHBORS[SPOTS[0][0]][1]
    st.apply(0, A.settlement(SPOTS[0][0]))
    st.apply(0, A.road(edge_between(*SPOTS[0])))
    assert code(lambda: st.apply(1, A.settlement(neighbour))) == "DISTANCE_RULE"
    assert code(lambda: st.apply(1, A.settlement(SPOTS[0][0]))) == "OCCUPIED"
    st = setup(new())
    to_play(st)
    give(st, 0, (5, 0, 5, 5, 5))
    far = SPOTS[4][0]
    far_free = next(m for m in NODE_NEIGHBORS[NODE_NEIGHBORS[far][0]] if st.node_owner[m] < 0 and m != far)
    assert code(lambda: st.apply(0, A.settlement(12))) in ("NOT_CONNECTED", "DISTANCE_RULE")
    assert code(lambda: st.apply(0, A.road(NODE_EDGES[far_free][0]))) in ("NOT_CONNECTED", "OCCUPIED")
    path = path_from(st, SPOTS[0][1], 2)
    for e in path:
        st.apply(0, A.road(e))
    end = other_end(path[1], other_end(path[0], SPOTS[0][1]))
    st.apply(0, A.settlement(end))
    assert st.node_owner[end] == 0
    check_invariants(st)


def test_costs_piece_limits_and_build_request_cancel_refunds():
    st = setup(new())
    to_play(st)
    empty_hands(st)
    assert code(lambda: st.apply(0, A.road(path_from(st, SPOTS[0][1], 1)[0]))) == "CANNOT_AFFORD"
    give(st, 0, ROAD_COST)
    st.apply(0, A.build(ROAD))
    assert st.phase is P.PLACING_ROAD and st.hands[0] == [0] * 5
    st.apply(0, A.CANCEL_BUILD)
    assert st.phase is P.PLAY1 and st.hands[0] == list(ROAD_COST)
    st.apply(0, A.build(ROAD))
    st.apply(0, A.road(path_from(st, SPOTS[0][1], 1)[0]))
    assert st.phase is P.PLAY1 and st.pieces[0][ROAD] == 12
    give(st, 0, CITY_COST)
    st.apply(0, A.city(SPOTS[0][0]))
    assert st.node_level[SPOTS[0][0]] == 2 and st.pieces[0] == [12, 4, 3]
    st.pieces[0][CITY] = 0
    give(st, 0, CITY_COST)
    assert code(lambda: st.apply(0, A.city(SPOTS[7][0]))) == "NO_PIECES"
    st.pieces[0][CITY] = 3
    check_invariants(st)


def test_dice_production_and_bank_shortage():
    st = setup(new())
    empty_hands(st)
    # find a number whose hexes feed two different seats, then starve the bank of that resource
    for total in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12):
        takers = {}
        for h, r, nodes in st.board.production[total]:
            for n in nodes:
                if st.node_owner[n] >= 0 and h != st.robber:
                    takers.setdefault(r, set()).add(st.node_owner[n])
        shared = [r for r, seats in takers.items() if len(seats) > 1]
        if shared:
            break
    r = shared[0]
    hoard = (st.bank[r] - 1)
    vec = [0] * 5
    vec[r] = hoard
    give(st, 1, vec)
    before = [h[r] for h in st.hands]
    st.dice_script = (total,)
    events = st.apply(0, A.ROLL)
    produced = next(e for e in events if e.kind == "produced")
    assert r in produced.data["shortage"]
    assert [h[r] for h in st.hands] == before  # several takers, too few cards: nobody gets any
    check_invariants(st)


def test_seven_discards_half_rounded_down_several_seats_at_once():
    st = setup(new())
    empty_hands(st)
    give(st, 1, (2, 2, 2, 2, 1))  # 9 cards -> discard 4
    give(st, 2, (2, 2, 2, 1, 0))  # 7 cards -> keeps all
    give(st, 3, (3, 3, 2, 0, 0))  # 8 cards -> discard 4
    st.dice_script = (7,)
    st.apply(0, A.ROLL)
    assert st.phase is P.WAITING_FOR_DISCARDS
    assert st.to_act() == (1, 3) and st.discards == [0, 4, 0, 4]
    assert code(lambda: st.apply(2, A.discard((1, 0, 0, 0, 0)))) == "NOT_NOW"
    assert code(lambda: st.apply(1, A.discard((1, 0, 0, 0, 0)))) == "BAD_DISCARD"
    events = st.apply(3, A.discard((3, 1, 0, 0, 0)))
    assert [e.audience.admits(3) for e in events] == [True, False]
    assert events[1].data["resources"] is None and events[1].audience.admits(1)
    assert st.to_act() == (1,)
    st.apply(1, A.discard((1, 1, 1, 1, 0)))
    assert st.phase is P.PLACING_ROBBER and st.current == 0
    check_invariants(st)


def test_robber_moves_and_steals_one_card_from_an_adjacent_opponent():
    st = setup(new())
    empty_hands(st)
    st.dice_script = (7,)
    st.apply(0, A.ROLL)
    assert code(lambda: st.apply(0, A.robber(st.robber))) == "BAD_LOCATION"
    victim_node = SPOTS[1][0]  # seat 1's settlement
    hex_index = next(h for h in NODE_HEXES[victim_node]
                     if all(st.node_owner[n] in (-1, 1) for n in HEX_NODES[h]) and h != st.robber)
    st.apply(0, A.robber(hex_index))  # seat 1 has no cards: nobody to rob
    assert st.phase is P.PLAY1
    st.phase, st.robber = P.PLACING_ROBBER, next(h for h in range(19) if h != hex_index and h != st.robber)
    give(st, 1, (0, 0, 0, 2, 0))
    events = st.apply(0, A.robber(hex_index))
    robbed = [e for e in events if e.kind == "robbed"]
    assert st.hands[0][3] == 1 and st.hands[1][3] == 1
    assert robbed[0].data["resource"] == 3 and robbed[0].audience.admits(0) and robbed[0].audience.admits(1)
    assert robbed[1].data["resource"] is None and not robbed[1].audience.admits(1) and robbed[1].audience.admits(2)
    check_invariants(st)


def test_choose_victim_when_several():
    st = setup(new())
    empty_hands(st)
    # a hex touching two opponents' settlements
    target = None
    for h in range(19):
        owners = {st.node_owner[n] for n in HEX_NODES[h]} - {-1}
        if len(owners - {0}) >= 2 and 0 not in owners and h != st.robber:
            target = h
            break
    assert target is not None, "beginner setup should have a shared hex"
    victims = sorted({st.node_owner[n] for n in HEX_NODES[target]} - {-1})
    for v in victims:
        give(st, v, (1, 0, 0, 0, 0))
    st.dice_script = (7,)
    st.apply(0, A.ROLL)
    st.apply(0, A.robber(target))
    assert st.phase is P.WAITING_FOR_ROB_CHOOSE_PLAYER and list(st.victims) == victims
    assert code(lambda: st.apply(0, A.rob(0))) == "BAD_VICTIM"
    st.apply(0, A.rob(victims[-1]))
    assert st.hands[0][0] == 1 and st.phase is P.PLAY1


def scripted(deck: str):
    return setup(new(dev_deck=deck))


def test_dev_card_not_playable_the_turn_bought_and_one_per_turn():
    st = scripted("KN KN MO")
    to_play(st)
    give(st, 0, tuple(2 * c for c in COST_DEV))
    events = st.apply(0, A.BUY_DEV)
    assert events[0].data["card"] == "knight" and events[0].audience.admits(0)
    assert events[1].data["card"] is None and not events[1].audience.admits(0)
    assert code(lambda: st.apply(0, A.play_dev(KNIGHT))) == "CARD_TOO_NEW"
    st.apply(0, A.BUY_DEV)
    st.apply(0, A.END_TURN)
    for seat in (1, 2, 3):
        to_play(st)
        st.apply(seat, A.END_TURN)
    st.apply(0, A.play_dev(KNIGHT))  # before the roll
    assert st.phase is P.PLACING_ROBBER
    st.apply(0, A.robber(next(h for h in range(19) if h != st.robber and
                                  all(st.node_owner[n] < 0 for n in HEX_NODES[h]))))
    assert st.phase is P.ROLL_OR_CARD
    assert code(lambda: st.apply(0, A.play_dev(KNIGHT))) == "ONE_CARD_PER_TURN"
    check_invariants(st)


def test_road_building_year_of_plenty_monopoly():
    st = scripted("RB YP MO")
    to_play(st)
    give(st, 0, tuple(3 * c for c in COST_DEV))
    for _ in range(3):
        st.apply(0, A.BUY_DEV)
    st.apply(0, A.END_TURN)
    for seat in (1, 2, 3):
        to_play(st)
        st.apply(seat, A.END_TURN)
    to_play(st)
    roads = st.pieces[0][ROAD]
    st.apply(0, A.play_dev(ROAD_BUILDING))
    assert st.phase is P.PLACING_FREE_ROAD1
    hand = list(st.hands[0])
    for e in path_from(st, SPOTS[0][1], 2):
        st.apply(0, A.road(e))
    assert st.pieces[0][ROAD] == roads - 2 and st.hands[0] == hand and st.phase is P.PLAY1
    st.apply(0, A.END_TURN)
    for seat in (1, 2, 3):
        to_play(st)
        st.apply(seat, A.END_TURN)
    st.apply(0, A.play_dev(YEAR_OF_PLENTY))
    assert st.phase is P.WAITING_FOR_DISCOVERY
    before = list(st.hands[0])
    st.apply(0, A.pick_resources(1, 1))
    assert st.hands[0][1] == before[1] + 2 and st.phase is P.ROLL_OR_CARD
    st.apply(0, A.ROLL)
    st.apply(0, A.END_TURN)
    for seat in (1, 2, 3):
        to_play(st)
        st.apply(seat, A.END_TURN)
    empty_hands(st)
    give(st, 1, (0, 0, 3, 0, 0))
    give(st, 2, (0, 0, 1, 1, 0))
    st.apply(0, A.play_dev(MONOPOLY))
    events = st.apply(0, A.monopoly(2))
    assert st.hands[0][2] == 4 and events[0].data["taken"] == [0, 3, 1, 0]
    check_invariants(st)


def test_longest_road_needs_five_ties_keep_holder_and_opponent_settlement_breaks_it():
    st = setup(new())
    to_play(st)
    give(st, 0, (10, 0, 0, 0, 10))
    path = path_from(st, SPOTS[0][1], 5)  # with the setup road: a chain of 6
    nodes = [SPOTS[0][1]]
    for e in path:
        nodes.append(other_end(e, nodes[-1]))
    for e in path[:3]:
        st.apply(0, A.road(e))
    assert st.longest_road == -1 and st.road_length[0] == 4
    events = st.apply(0, A.road(path[3]))
    assert st.road_length[0] == 5 and st.longest_road == 0
    assert any(e.kind == "longest_road" and e.data["seat"] == 0 for e in events)
    st.apply(0, A.road(path[4]))
    # a tie keeps the holder
    st.road_length[1] = 6
    st._award_longest_road([])
    assert st.longest_road == 0
    st.road_length[1] = st._longest_road_of(1)
    # seat 1 settles in the middle of seat 0's road, reached by a road of its own
    cut = next(x for x in nodes[1:4] if not st.blocked >> x & 1)
    st._place_road(1, next(e for e in NODE_EDGES[cut] if st.edge_owner[e] < 0))
    st.road_length[1] = st._longest_road_of(1)
    check_invariants(st)
    st.apply(0, A.END_TURN)
    to_play(st)
    give(st, 1, SETTLE_COST)
    events = st.apply(1, A.settlement(cut))
    assert st.road_length[0] < 5 and st.longest_road == -1
    assert any(e.kind == "longest_road" and e.data["seat"] == -1 for e in events)
    check_invariants(st)


def test_largest_army_needs_three_and_more_than_the_holder():
    st = setup(new())
    st.knights = [3, 3, 0, 0]
    st.played[0][KNIGHT] = st.played[1][KNIGHT] = 3
    st.dev_old[0][KNIGHT] = 1
    for _ in range(2):
        st.deck.remove(KNIGHT) if KNIGHT in st.deck else None
    st.apply(0, A.play_dev(KNIGHT))
    assert st.largest_army == 0 and st.knights[0] == 4


def test_bank_trades_ratios_harbors_and_undo():
    st = setup(new())
    to_play(st)
    empty_hands(st)
    give(st, 0, (4, 0, 0, 0, 0))
    st.ratios[0] = [4] * 5  # as if seat 0 had no harbour
    assert code(lambda: st.apply(0, A.bank_trade((3, 0, 0, 0, 0), (0, 1, 0, 0, 0)))) == "BAD_TRADE"
    st.apply(0, A.bank_trade((4, 0, 0, 0, 0), (0, 1, 0, 0, 0)))
    assert st.hands[0] == [0, 1, 0, 0, 0]
    events = st.apply(0, A.bank_trade((0, 1, 0, 0, 0), (4, 0, 0, 0, 0)))  # undo, as JSettlers allows
    assert events[0].data["undo"] and st.hands[0] == [4, 0, 0, 0, 0]
    assert code(lambda: st.apply(0, A.bank_trade((0, 0, 0, 0, 0), (4, 0, 0, 0, 0)))) == "BAD_TRADE"
    st.ratios[0] = [2, 3, 3, 3, 3]  # a clay harbour
    st.apply(0, A.bank_trade((4, 0, 0, 0, 0), (0, 1, 1, 0, 0)))  # two lots in one trade
    assert st.hands[0] == [0, 1, 1, 0, 0]
    check_invariants(st)


def test_harbor_settlement_sets_ratio():
    st = new()
    harbor_edge, kind = st.board.harbors[0]
    node = EDGES[harbor_edge][0]
    st.apply(0, A.settlement(node))
    expected = [3] * 5 if kind == 5 else [2 if r == kind else 4 for r in range(5)]
    assert st.ratios[0] == expected


def test_domestic_trade_offer_counter_accept_reject_withdraw():
    st = setup(new())
    to_play(st)
    empty_hands(st)
    give(st, 0, (2, 0, 0, 0, 0))
    give(st, 1, (0, 1, 0, 0, 0))
    give(st, 2, (0, 0, 1, 0, 0))
    assert st.may_act_unprompted(2) and not st.may_act_unprompted(9)
    st.apply(0, A.offer((1, 0, 0, 0, 0), (0, 1, 0, 0, 0), (1, 2)))
    assert st.to_act() == (1, 2, 0)
    st.apply(2, A.REJECT)
    assert st.to_act() == (1, 0)
    assert code(lambda: st.apply(2, A.accept(0))) == "CANNOT_AFFORD"
    st.apply(1, A.offer((0, 1, 0, 0, 0), (2, 0, 0, 0, 0), (0,)))  # counter-offer
    assert st.to_act() == (0,)
    assert code(lambda: st.apply(1, A.offer((0, 1, 0, 0, 0), (2, 0, 0, 0, 0), (2,)))) == "NOT_YOUR_TURN"
    st.apply(1, A.WITHDRAW)
    assert st.offers[1] is None
    assert code(lambda: st.apply(1, A.WITHDRAW)) == "NO_OFFER"
    st.apply(1, A.offer((0, 1, 0, 0, 0), (2, 0, 0, 0, 0), (0,)))
    events = st.apply(0, A.accept(1))
    assert st.hands[0] == [0, 1, 0, 0, 0] and st.hands[1] == [2, 0, 0, 0, 0]
    assert [e.kind for e in events] == ["trade", "offers_cleared"] and st.offers == [None] * 4
    st.apply(0, A.offer((0, 1, 0, 0, 0), (0, 0, 1, 0, 0), (2,)))
    st.apply(0, A.END_TURN)
    assert st.offers == [None] * 4
    assert code(lambda: st.apply(2, A.accept(0))) == "NOT_NOW"
    check_invariants(st)


def test_the_player_to_move_may_offer_before_its_roll_and_the_offer_stands():
    """As JSettlers' server does (its recorded 6-player Fog and Pirate Islands games): trading
    itself waits for the roll."""
    st = setup(new())
    assert st.phase is P.ROLL_OR_CARD and st.current == 0
    give(st, 0, (1, 0, 0, 0, 0))
    give(st, 1, (0, 1, 0, 0, 0))
    assert code(lambda: st.apply(1, A.offer((0, 1, 0, 0, 0), (1, 0, 0, 0, 0), (0,)))) == "NOT_NOW"
    st.apply(0, A.offer((1, 0, 0, 0, 0), (0, 1, 0, 0, 0), (1,)))
    assert code(lambda: st.apply(1, A.accept(0))) == "NOT_NOW"
    to_play(st)
    assert st.offers[0] == ((1, 0, 0, 0, 0), (0, 1, 0, 0, 0), (1,), frozenset())
    events = st.apply(1, A.accept(0))
    assert events[0].kind == "trade"
    check_invariants(st)


def test_no_trading_option():
    st = setup(new(domestic_trades=False))
    to_play(st)
    assert not st.may_act_unprompted(1)
    give(st, 0, (1, 0, 0, 0, 0))
    assert code(lambda: st.apply(0, A.offer((1, 0, 0, 0, 0), (0, 1, 0, 0, 0), (1,)))) == "NO_TRADING"


def test_win_at_target_only_on_own_turn_with_hidden_vp_cards():
    st = setup(new(vp_to_win=4, dev_deck="VP VP"))
    to_play(st)
    give(st, 0, tuple(2 * c for c in COST_DEV))
    st.apply(0, A.BUY_DEV)
    assert not st.is_over and st.total_vp(0) == 3 and st.public_vp(0) == 2
    events = st.apply(0, A.BUY_DEV)
    assert st.is_over and st.winner == 0 and events[-1].kind == "game_over"
    assert events[-1].data["vp_cards"]["0"] == ["capitol", "market"]
    result = st.result()
    assert result.winners == [0] and result.seats[0].score == 4


def test_jsettlers_state_numbers():
    st = new()
    assert st.jsettlers_state == 5
    st.apply(0, A.settlement(SPOTS[0][0]))
    assert st.jsettlers_state == 6
    assert {p.name: int(p) for p in Phase}["WAITING_FOR_ROB_CHOOSE_PLAYER"] == 51


def test_forfeit_skips_the_seat_and_last_one_wins():
    st = setup(new())
    to_play(st)
    st.forfeit(0, EndCause.LEFT, "gone")
    assert st.current == 1 and st.phase is P.ROLL_OR_CARD
    st.forfeit(2, EndCause.HARD_TIMEOUT)
    to_play(st)
    st.apply(1, A.END_TURN)
    assert st.current == 3
    st.forfeit(3, EndCause.LEFT)
    assert st.is_over and st.winner == 1
    result = st.result()
    assert result.winners == [1] and result.seats[0].cause is EndCause.LEFT
    check_invariants(st)


def test_options_are_checked():
    from tablehall.core import OptionError
    from tablehall.games.catan import SPEC

    for bad in ({"layout": "hexagonal"}, {"vp_to_win": 0}, {"dice": "1"}, {"board": "D |"},
                {"dev_deck": "MO MO MO"}, {"steals": "X"}, {"colour": "red"}):
        with pytest.raises(OptionError):
            SPEC.normalize_options(bad)
    assert SPEC.normalize_options({"vp_to_win": "12", "domestic_trades": "false"})["vp_to_win"] == 12


def test_bad_input_is_refused_not_crashing():
    st = new()
    for bad in [None, (), ("fly",), ("settlement",), ("settlement", "3"), ("road", 99),
                ("discard", (1, 2)), ("offer", (1, 0, 0, 0, 0), (0, 1, 0, 0, 0), [1])]:
        assert code(lambda: st.apply(0, bad))
    assert code(lambda: st.apply(7, A.ROLL)) == "NOT_A_PLAYER"
    assert code(lambda: st.apply(1, A.settlement(0))) == "NOT_YOUR_TURN"


def test_bank_shortage_single_taker_gets_what_is_left():
    st = setup(new())
    empty_hands(st)
    for node in [n for n, _ in SPOTS]:  # make each setup settlement a city until one fits
        owner = st.node_owner[node]
        st.node_level[node] = 2
        st.pieces[owner][1] += 1
        st.pieces[owner][2] -= 1
        st.building_vp[owner] += 1
    check_invariants(st)
    for total in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12):
        demand = {}
        for h, r, nodes in st.board.production[total]:
            for n in nodes:
                if st.node_owner[n] >= 0 and h != st.robber:
                    demand.setdefault(r, {}).setdefault(st.node_owner[n], 0)
                    demand[r][st.node_owner[n]] += st.node_level[n]
        single = [(r, seats) for r, seats in demand.items() if len(seats) == 1]
        if single:
            break
    r, seats = single[0]
    (taker, amount), = seats.items()
    assert amount >= 2
    hoard = [0] * 5
    hoard[r] = st.bank[r] - 1  # one card left, the taker wants at least 2
    give(st, (taker + 1) % 4, hoard)
    st.dice_script = (total,)
    st.apply(0, A.ROLL)
    assert st.hands[taker][r] == 1 and st.bank[r] == 0
    check_invariants(st)


def test_largest_army_tie_keeps_the_holder():
    st = setup(new())
    st.knights, st.largest_army = [4, 3, 0, 0], 0
    st.played[0][KNIGHT], st.played[1][KNIGHT] = 4, 3
    st.dev_old[1][KNIGHT] = 1
    for _ in range(8):
        st.deck.remove(KNIGHT)
    check_invariants(st)
    to_play(st)
    st.apply(0, A.END_TURN)
    st.apply(1, A.play_dev(KNIGHT))  # 4 knights against the holder's 4
    assert st.knights == [4, 4, 0, 0] and st.largest_army == 0
    check_invariants(st)


def test_victory_point_cards_cannot_be_played_and_last_road_goes_to_free_road2():
    st = scripted("VP RB")
    to_play(st)
    give(st, 0, tuple(2 * c for c in COST_DEV))
    st.apply(0, A.BUY_DEV)
    st.apply(0, A.BUY_DEV)
    st.apply(0, A.END_TURN)
    for seat in (1, 2, 3):
        to_play(st)
        st.apply(seat, A.END_TURN)
    to_play(st)
    assert code(lambda: st.apply(0, A.play_dev(4))) == "BAD_ACTION"
    st.pieces[0][ROAD] = 1
    st.apply(0, A.play_dev(ROAD_BUILDING))
    assert st.phase is P.PLACING_FREE_ROAD2 and st.jsettlers_state == 41


def test_build_requests_for_settlement_and_city_then_place():
    st = setup(new())
    to_play(st)
    empty_hands(st)
    give(st, 0, (2, 0, 0, 0, 2))
    path = path_from(st, SPOTS[0][1], 2)
    for e in path:
        st.apply(0, A.road(e))
    end = other_end(path[1], other_end(path[0], SPOTS[0][1]))
    give(st, 0, SETTLE_COST)
    st.apply(0, A.build(1))
    assert st.phase is P.PLACING_SETTLEMENT and st.jsettlers_state == 31
    assert code(lambda: st.apply(0, A.settlement(12))) in ("NOT_CONNECTED", "DISTANCE_RULE", "OCCUPIED")
    st.apply(0, A.settlement(end))
    give(st, 0, CITY_COST)
    st.apply(0, A.build(CITY))
    assert st.phase is P.PLACING_CITY and st.hands[0] == [0] * 5
    st.apply(0, A.city(end))
    assert st.node_level[end] == 2 and st.phase is P.PLAY1
    assert code(lambda: st.apply(0, A.build(CITY))) == "CANNOT_AFFORD"
    check_invariants(st)


def test_settlement_supply_runs_out():
    st = setup(new())
    to_play(st)
    st.pieces[0][1] = 0
    give(st, 0, SETTLE_COST)
    assert code(lambda: st.apply(0, A.build(1))) == "NO_PIECES"
    st.pieces[0][1] = 3


def test_production_pays_settlements_one_cities_two_and_not_under_the_robber():
    for total in (4, 5, 6, 8, 9, 10, 11):
        st = setup(new())
        empty_hands(st)
        node = SPOTS[2][0]
        st.node_level[node] = 2  # seat 2's settlement made a city by hand (piece counts kept)
        st.pieces[2][1] += 1
        st.pieces[2][2] -= 1
        st.building_vp[2] += 1
        st.robber = next(h for h, _, _ in st.board.production[6])  # a 6 hex is robbed
        expected = [[0] * 5 for _ in range(4)]
        for h in range(19):
            if st.board.numbers[h] == total and h != st.robber:
                for n in HEX_NODES[h]:
                    if st.node_owner[n] >= 0:
                        expected[st.node_owner[n]][st.board.terrain[h]] += st.node_level[n]
        st.dice_script = (total,)
        events = st.apply(0, A.ROLL)
        assert st.hands == expected and events[1].data["gains"] == expected
        assert st.phase is P.PLAY1

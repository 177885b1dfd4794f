"""The rules, position by position: setup, market, storage, cards, productions, leaders,
faith and Vatican reports, the end of the game and scoring, forfeits."""

import pytest

from tablehall.core import EndCause, IllegalAction
from tablehall.games.renaissance.data import COLORS, LEADERS, MARBLES, RESOURCES
from tablehall.games.renaissance.rules import RenaissanceState

from .util import activate, clear, color, fill, kinds, put_on_top, set_market, started


def refused(state, seat, action, code):
    with pytest.raises(IllegalAction) as error:
        state.check(seat, action)
    assert error.value.code == code, error.value.message
    with pytest.raises(IllegalAction):
        state.apply(seat, action)
    return error.value.message


# -- setup ----------------------------------------------------------------------------------------
def test_new_game_components():
    state = RenaissanceState(4, {}, 3)
    assert sorted(state.market + [state.spare]) == sorted(MARBLES)
    assert [len(d) for d in state.decks] == [4] * 12
    dealt = [i for hand in state.dealt for i in hand]
    assert len(dealt) == 16 and len(set(dealt)) == 16
    assert [p.faith for p in state.players] == [0, 0, 1, 1]
    assert state.picks_left == [0, 1, 1, 2]
    assert state.to_act() == (0, 1, 2, 3)


def test_setup_keeps_two_leaders_and_stores_chosen_resources():
    state = RenaissanceState(4, {}, 3)
    hand = state.dealt[3]
    refused(state, 3, ("keep", hand[0], hand[0]), "BAD_CHOICE")
    refused(state, 3, ("keep", hand[0], state.dealt[0][0]), "BAD_INDEX")
    refused(state, 3, ("pick", "coin"), "PENDING")
    state.apply(3, ("keep", hand[0], hand[2]))
    assert state.players[3].hand == [hand[0], hand[2]]
    refused(state, 3, ("pick", "gold"), "BAD_RESOURCE")
    state.apply(3, ("pick", "stone"))
    state.apply(3, ("pick", "stone"))
    assert state.players[3].depot_type == [-1, 1, -1] and state.players[3].depot_count == [0, 2, 0]
    refused(state, 3, ("pick", "stone"), "ACTION_DONE")
    refused(state, 0, ("market", "row", 1), "SETTING_UP")
    assert state.to_act() == (0, 1, 2)
    for seat in (0, 1, 2):
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.phase == "setup" and state.to_act() == (1, 2)
    state.apply(1, ("pick", "coin"))
    events = state.apply(2, ("pick", "shield"))
    assert state.phase == "turns" and state.to_act() == (0,)
    assert kinds(events)[-2:] == ["ready", "turn"]
    refused(state, 1, ("market", "row", 1), "NOT_YOUR_TURN")
    refused(state, 1, ("keep", 1, 2), "ACTION_DONE")


# -- market ---------------------------------------------------------------------------------------
def test_taking_a_row_pushes_the_spare_in_and_red_gives_faith():
    state = started(2)
    set_market(state, ["ygpb", "wrbw", "wwyg"], "p")
    clear(state.players[0])
    events = state.apply(0, ("market", "row", 2))
    assert state.market[4:8] == [5, 3, 4, 2]  # r b w + the spare (p) pushed in at the end
    assert state.spare == 4  # the white that was first in the row
    assert state.players[0].faith == 1 and "faith" in kinds(events)
    assert state.task.incoming == [3]  # the blue marble: one shield; whites give nothing
    refused(state, 0, ("end",), "PENDING")
    refused(state, 0, ("market", "row", 1), "PENDING")
    state.apply(0, ("place", 1))
    assert state.task is None
    refused(state, 0, ("market", "column", 1), "ACTION_DONE")


def test_taking_a_column():
    state = started(2)
    set_market(state, ["ygpb", "wrbw", "wwyg"], "p")
    state.apply(0, ("market", "column", 4))
    assert [state.market[c] for c in (3, 7, 11)] == [4, 1, 2]  # w g p
    assert state.spare == 3
    assert state.task.incoming == [3, 1]


@pytest.mark.parametrize("action, code", [(("market", "diagonal", 1), "ROW_OR_COLUMN"),
                                          (("market", "row", 4), "BAD_INDEX"),
                                          (("market", "column", 0), "BAD_INDEX"),
                                          (("market", "row", "2"), "BAD_INDEX")])
def test_market_bad_lines(action, code):
    refused(started(2), 0, action, code)


def test_white_marbles_with_one_and_two_leaders():
    state = started(2)
    set_market(state, ["wwyy", "gggg", "pppp"], "b")
    activate(state, 0, 57)  # white -> servant
    state.apply(0, ("market", "row", 1))
    assert state.task.step() == "white"
    assert state.legal_actions(0) == [("white", "servant"), ("white", None)]
    refused(state, 0, ("white", "coin"), "BAD_CHOICE")
    refused(state, 0, ("place", 1), "PENDING")
    state.apply(0, ("white", "servant"))
    assert state.task.step() == "place" and state.task.incoming[0] == 2
    faith = state.players[1].faith
    state.apply(0, ("place", 1))
    state.apply(0, ("white", None))  # the second white is thrown away: the opponent advances
    assert state.players[1].faith == faith + 1
    state2 = started(2)
    set_market(state2, ["wwyy", "gggg", "pppp"], "b")
    activate(state2, 0, 57)
    activate(state2, 0, 60)  # white -> coin
    state2.apply(0, ("market", "row", 1))
    assert set(state2.legal_actions(0)) == {("white", "servant"), ("white", "coin"), ("white", None)}


# -- storage -----------------------------------------------------------------------------------------
def test_depot_rules_and_discards_give_the_others_faith():
    state = started(3)
    set_market(state, ["yyyy", "gggg", "pppp"], "b")
    fill(state.players[0], ("stone", 1), (None, 0), (None, 0))
    state.apply(0, ("market", "row", 1))
    assert refused(state, 0, ("place", 1), "CANT_PLACE") == "This line holds another resource"
    refused(state, 0, ("place", 4), "NO_EXTRA_DEPOT")
    refused(state, 0, ("place", 7), "BAD_INDEX")
    state.apply(0, ("place", 2))
    state.apply(0, ("place", 2))
    assert refused(state, 0, ("place", 2), "CANT_PLACE") == "This line is full"
    assert refused(state, 0, ("place", 3), "CANT_PLACE") == "Another line already holds this resource"
    before = [p.faith for p in state.players]
    state.apply(0, ("place", 0))
    state.apply(0, ("place", 0))
    assert [p.faith for p in state.players] == [before[0], before[1] + 2, before[2] + 2]


def test_move_swaps_lines_that_fit_and_fills_extra_depots():
    state = started(2)
    player = state.players[0]
    fill(player, ("coin", 1), ("stone", 2), ("servant", 3))
    refused(state, 0, ("move", 2, 3), "CANT_SWITCH")
    refused(state, 0, ("move", 1, 2), "CANT_SWITCH")
    refused(state, 0, ("move", 1, 4), "BAD_INDEX")
    refused(state, 0, ("move", 2, 2), "BAD_INDEX")
    fill(player, ("coin", 1), ("stone", 1), ("servant", 3))
    state.apply(0, ("move", 1, 2))
    assert (player.depot_type, player.depot_count) == ([1, 0, 2], [1, 1, 3])
    fill(player, ("coin", 1), ("stone", 2), (None, 0))
    state.apply(0, ("move", 2, 3))
    assert (player.depot_type, player.depot_count) == ([0, -1, 1], [1, 0, 2])
    activate(state, 0, 53)  # extra depot for stone
    state.apply(0, ("move", 3, 4))
    assert (player.depot_count, player.extra_count) == ([1, 0, 0], [2])
    refused(state, 0, ("move", 1, 4), "CANT_SWITCH")  # coins do not go in the stone depot
    state.apply(0, ("move", 4, 2))
    assert (player.depot_type[1], player.depot_count[1], player.extra_count) == (1, 2, [0])


def test_extra_depot_takes_market_resources():
    state = started(2)
    set_market(state, ["gggg", "yyyy", "pppp"], "b")
    fill(state.players[0], ("stone", 1), (None, 0), (None, 0))
    activate(state, 0, 53)
    state.apply(0, ("market", "row", 1))
    state.apply(0, ("place", 4))
    state.apply(0, ("place", 4))
    refused(state, 0, ("place", 4), "CANT_PLACE")
    state.apply(0, ("move", 1, 3))  # moves are allowed while storing
    state.apply(0, ("place", 3))
    state.apply(0, ("place", 3))
    assert state.players[0].held() == (0, 5, 0, 0)
    assert state.task is None


# -- development cards -------------------------------------------------------------------------------
def buy_ready(seats=2):
    state = started(seats)
    put_on_top(state, 1)  # L1 green: 2 shields
    fill(state.players[0], ("shield", 1), (None, 0), (None, 0), strongbox={"shield": 1, "coin": 3})
    return state


def test_buying_a_card_pays_from_chosen_places_then_slots_it():
    state = buy_ready()
    events = state.apply(0, ("buy", 1, "green"))
    assert kinds(events) == ["buy"]
    assert state.task.step() == "pay"
    refused(state, 0, ("pay", "strongbox", "coin"), "NOT_REQUIRED")
    refused(state, 0, ("pay", "extra", "shield"), "NO_EXTRA_DEPOT")
    refused(state, 0, ("pay", "pocket", "shield"), "BAD_SOURCE")
    state.apply(0, ("pay", "warehouse", "shield"))
    assert refused(state, 0, ("pay", "warehouse", "shield"), "NOT_AVAILABLE") == \
        "This resource isn't available in your Warehouse depot"
    state.apply(0, ("pay", "strongbox", "shield"))
    assert state.task.step() == "slot"
    refused(state, 0, ("slot", 4), "BAD_INDEX")
    state.apply(0, ("slot", 2))
    assert state.players[0].slots == [[], [1], []]
    assert state.players[0].held() == (3, 0, 0, 0)
    refused(state, 0, ("buy", 1, "blue"), "ACTION_DONE")


def test_slot_levels_empty_piles_and_prices():
    state = buy_ready()
    player = state.players[0]
    refused(state, 0, ("buy", 2, "green"), "NEED_LEVEL1")
    player.slots = [[2], [3], [4]]
    refused(state, 0, ("buy", 3, "green"), "NEED_LEVEL2")
    refused(state, 0, ("buy", 1, "green"), "NO_SPACE")
    player.slots = [[2, 17], [], []]
    put_on_top(state, 15)  # 2 coins, 2 servants
    refused(state, 0, ("buy", 1, "blue"), "NOT_ENOUGH")
    state.decks[0].clear()
    refused(state, 0, ("buy", 1, "green"), "EMPTY_PILE")
    refused(state, 0, ("buy", 4, "green"), "BAD_INDEX")
    refused(state, 0, ("buy", 1, "red"), "BAD_INDEX")
    player.slots = [[2, 17], [4], []]
    put_on_top(state, 18)  # L2 purple: 4 servants
    fill(player, (None, 0), (None, 0), ("servant", 3))
    activate(state, 0, 49)  # -1 servant
    state.apply(0, ("buy", 2, "purple"))
    assert state.task.pay == [0, 0, 3, 0]
    for _ in range(3):
        state.apply(0, ("pay", "warehouse", "servant"))
    refused(state, 0, ("slot", 1), "NO_SPACE")
    refused(state, 0, ("slot", 3), "NEED_LEVEL1")


# -- production --------------------------------------------------------------------------------------
def test_productions_pay_now_and_deliver_at_the_end_of_the_action():
    state = started(2)
    player = state.players[0]
    player.slots = [[3], [], []]  # L1 blue: 1 shield -> 1 faith
    activate(state, 0, 64)  # 1 coin -> 1 any + 1 faith
    fill(player, ("shield", 1), ("coin", 2), (None, 0), strongbox={"stone": 1})
    state.apply(0, ("produce", "slot", 1))
    state.apply(0, ("pay", "warehouse", "shield"))
    assert player.faith == 1 and state.task is None
    refused(state, 0, ("produce", "slot", 1), "ALREADY_PRODUCED")
    refused(state, 0, ("produce", "slot", 2), "EMPTY_SLOT")
    refused(state, 0, ("produce", "leader", 57), "NOT_PRODUCTION_LEADER")
    state.apply(0, ("produce", "leader", 64))
    state.apply(0, ("pay", "warehouse", "coin"))
    assert state.task.step() == "output"
    refused(state, 0, ("output", "faith"), "BAD_RESOURCE")
    state.apply(0, ("output", "shield"))
    assert player.faith == 2 and player.produced_output == [0, 0, 0, 1]
    state.apply(0, ("produce", "base"))
    state.apply(0, ("pay", "warehouse", "coin"))
    refused(state, 0, ("pay", "warehouse", "shield"), "NOT_AVAILABLE")  # this turn's output is not there yet
    state.apply(0, ("pay", "strongbox", "stone"))
    state.apply(0, ("output", "servant"))
    assert player.strongbox == [0, 0, 0, 0]
    refused(state, 0, ("produce", "base"), "ALREADY_PRODUCED")
    refused(state, 0, ("market", "row", 1), "ACTION_DONE")
    events = state.apply(0, ("end",))
    assert kinds(events)[0] == "strongbox"
    assert player.strongbox == [0, 0, 1, 1]


def test_production_needs_resources():
    state = started(2)
    clear(state.players[0])
    state.players[0].slots = [[3], [], []]
    refused(state, 0, ("produce", "base"), "NOT_ENOUGH")
    refused(state, 0, ("produce", "slot", 1), "NOT_ENOUGH")
    refused(state, 0, ("produce", "slot", 5), "BAD_INDEX")
    state.players[0].strongbox[0] = 1
    state.apply(0, ("market", "row", 1))
    while state.task is not None:
        state.apply(0, ("place", 0) if state.task.step() == "place" else state.legal_actions(0)[-1])
    refused(state, 0, ("produce", "base"), "ACTION_DONE")


# -- leaders -------------------------------------------------------------------------------------------
def test_leader_requirements_are_checked_not_paid():
    state = started(2)
    player = state.players[0]
    player.hand = [53, 61]  # 5 coins; a level-2 yellow card
    fill(player, (None, 0), (None, 0), ("coin", 3), strongbox={"coin": 1})
    assert refused(state, 0, ("activate", 53), "REQUIREMENTS") == "Unable to activate this card"
    player.strongbox[0] = 2
    events = state.apply(0, ("activate", 53))
    assert events[-1].kind == "activate" and events[-1].audience.kind == "all"
    assert player.held() == (5, 0, 0, 0) and player.extra_type == [1]
    player.slots = [[4, 36], [], []]  # yellow L1 then L3: no level-2 yellow
    refused(state, 0, ("activate", 61), "REQUIREMENTS")
    player.slots = [[4, 20], [], []]
    state.apply(0, ("activate", 61))
    refused(state, 0, ("activate", 61), "BAD_INDEX")


def test_production_output_counts_for_a_leader_requirement():
    state = started(2)
    player = state.players[0]
    player.hand = [53, 54]
    fill(player, ("stone", 1), ("coin", 2), ("servant", 2), strongbox={"coin": 2})
    state.apply(0, ("produce", "base"))
    state.apply(0, ("pay", "warehouse", "stone"))
    state.apply(0, ("pay", "warehouse", "servant"))
    state.apply(0, ("output", "coin"))
    state.apply(0, ("activate", 53))
    assert player.strongbox == [3, 0, 0, 0]


def test_discarding_a_leader_gives_faith_and_stays_private():
    state = started(2)
    leader = state.players[0].hand[0]
    events = state.apply(0, ("discard", leader))
    assert state.players[0].faith == 1 and leader in state.players[0].discarded
    private = [e for e in events if e.kind == "discard_leader"]
    assert [e.audience.admits(0) for e in private] == [True, False]
    assert [e.audience.admits(1) for e in private] == [False, True]
    assert "leader" not in private[1].data
    refused(state, 0, ("discard", leader), "BAD_INDEX")


# -- faith track ----------------------------------------------------------------------------------------
def test_vatican_report_once_for_the_first_to_reach_the_pope_space():
    state = started(3)
    state.players[0].faith, state.players[1].faith, state.players[2].faith = 7, 5, 4
    leader = state.players[0].hand[0]
    events = state.apply(0, ("discard", leader))
    report = [e for e in events if e.kind == "vatican"]
    assert len(report) == 1 and report[0].data["favour"] == {"0": True, "1": True, "2": False}
    assert [p.tiles[0] for p in state.players] == [1, 1, -1]
    state.apply(0, ("discard", state.players[0].hand[0]))
    state.players[1].faith = 8
    assert state.players[2].tiles[0] == -1
    assert state.reports_done == [True, False, False]


def test_faith_stops_at_24_and_starts_the_last_round():
    state = started(3)
    state.players[1].faith = 23
    set_market(state, ["yyyy", "gggg", "pppp"], "b")
    clear(state.players[0])
    state.apply(0, ("market", "row", 1))
    events = state.apply(0, ("place", 0))
    assert "final_round" in kinds(events) and state.final_round
    state.apply(0, ("place", 0))
    assert state.players[1].faith == 24 and state.players[2].faith == 1 + 2
    assert state.reports_done == [True, True, True]
    for _ in range(2):
        state.apply(0, ("place", 0))
    state.apply(0, ("end",))
    for seat in (1, 2):
        assert not state.is_over
        state.apply(seat, ("market", "row", 1))
        while state.task is not None:
            state.apply(seat, ("place", 0) if state.task.step() == "place" else ("white", None))
        state.apply(seat, ("end",))
    assert state.is_over and state.to_act() == ()


# -- end and scoring ------------------------------------------------------------------------------------
def test_seventh_card_ends_after_the_round_and_scoring():
    state = started(2)
    p0, p1 = state.players
    p0.slots = [[1, 17, 33], [2, 18, 34], []]  # 1+5+9 + 1+5+9 = 30 card points
    put_on_top(state, 4)  # L1 yellow, 1 point, 2 stones
    fill(p0, (None, 0), ("stone", 2), ("coin", 3), strongbox={"coin": 6})
    p0.faith = 9
    p0.tiles = [1, -1, 0]
    activate(state, 0, 53)
    state.apply(0, ("buy", 1, "yellow"))
    state.apply(0, ("pay", "warehouse", "stone"))
    state.apply(0, ("pay", "warehouse", "stone"))
    events = state.apply(0, ("slot", 3))
    assert "final_round" in kinds(events) and not state.is_over
    state.apply(0, ("end",))
    assert state.current == 1 and not state.is_over
    fill(p1, ("coin", 1), (None, 0), (None, 0), strongbox={"coin": 9})
    p1.slots = [[], [], []]
    state.apply(1, ("discard", p1.hand[0]))
    set_market(state, ["wwww", "gggg", "pppp"], "y")
    state.apply(1, ("market", "row", 1))
    events = state.apply(1, ("end",))
    assert state.is_over and events[-1].kind == "game_over"
    result = state.result()
    # 31 card points, faith 9 -> 4, tile 2, leader 3, 9 resources -> 1
    assert result.seats[0].score == 31 + 4 + 2 + 3 + 1
    assert result.winners == [0]


def test_tie_break_is_resources_left():
    state = started(2)
    state.phase = "over"
    for player in state.players:
        clear(player)
        player.faith, player.tiles, player.slots = 0, [0, 0, 0], [[], [], []]
        player.active, player.hand = [], []
    state.players[0].strongbox[0] = 4
    state.players[1].strongbox[0] = 3
    result = state.result()
    assert [s.score for s in result.seats] == [0, 0]
    assert [s.rank for s in result.seats] == [1, 2]
    state.players[1].strongbox[0] = 4
    assert [s.rank for s in state.result().seats] == [1, 1]


# -- forfeits ---------------------------------------------------------------------------------------------
def test_forfeit_passes_the_turn_and_two_players_end():
    state = started(3)
    state.apply(0, ("market", "row", 1))
    events = state.forfeit(0, EndCause.LEFT, "gone")
    assert kinds(events)[0] == "forfeit" and state.current == 1 and state.task is None
    assert state.to_act() == (1,)
    refused(state, 0, ("end",), "NOT_YOUR_TURN")
    state.forfeit(2, EndCause.HARD_TIMEOUT)
    assert state.is_over
    result = state.result()
    assert result.winners == [1] and sorted(s.rank for s in result.seats) == [1, 2, 3]
    assert result.seats[0].cause is EndCause.LEFT and result.cause is EndCause.HARD_TIMEOUT


def test_forfeit_during_setup_lets_the_others_start():
    state = RenaissanceState(3, {}, 1)
    for seat in (0, 1):
        while seat in state.to_act():
            state.apply(seat, state.legal_actions(seat)[0])
    state.forfeit(2, EndCause.LEFT)
    assert state.phase == "turns" and state.to_act() == (0,)


def test_every_legal_action_is_accepted_in_random_games():
    from tablehall.core.rng import Rng
    for seats in (1, 2, 3, 4):
        state = RenaissanceState(seats, {}, seats)
        rng = Rng(seats)
        while not state.is_over:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            for action in legal:
                state.check(seat, action)
            state.apply(seat, rng.choice(legal))
        assert state.result() is not None


@pytest.mark.parametrize("action", [(), ("fly",), ["market", "row", 1], ("market", "row"), ("end", 1),
                                    ("pay", "warehouse", "coin"), ("white", None), ("produce", "moon"),
                                    ("produce", "base", 3), ("activate", "x"), ("move", "1", 2)])
def test_malformed_actions_are_refused(action):
    state = started(2)
    with pytest.raises(IllegalAction):
        state.check(0, action)


def test_resource_names_round_trip():
    assert RESOURCES == ("coin", "stone", "servant", "shield")
    assert COLORS == ("green", "blue", "yellow", "purple")
    assert LEADERS[61].needs_cards == ((color("yellow"), 2, 1),)

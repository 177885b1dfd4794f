"""The Dominion engine: supply, every card's effect, turns, militia and moat, the end, ranks."""

import pytest

from tablehall.core import EndCause, IllegalAction, replay
from tablehall.games.dominion import SPEC
from tablehall.games.dominion.cards import (CELLAR, COPPER, CURSE, DUCHY, ESTATE, GOLD, MARKET, MILITIA,
                                            MINE, MOAT, MONEY, NAMES, PROVINCE, REMODEL, SILVER, SMITHY,
                                            TREASURES, VILLAGE, WOODCUTTER, WORKSHOP, supply_counts)
from tablehall.games.dominion.rules import ENGINE_DISCARD, PASS, REVEAL_MOAT, DominionState

from .conftest import builtin, fresh, play_match


def set_hand(state, seat, hand, deck=None, discard=None):
    player = state.players[seat]
    player.hand = list(hand)
    if deck is not None:
        player.deck = list(deck)
    if discard is not None:
        player.discard = list(discard)


def kinds(events):
    return [e.kind for e in events]


@pytest.mark.parametrize("players, expected", [
    (2, {"curse": 10, "copper": 46, "silver": 40, "gold": 30, "estate": 8, "duchy": 8, "province": 8}),
    (3, {"curse": 20, "copper": 39, "silver": 40, "gold": 30, "estate": 12, "duchy": 12, "province": 12}),
    (4, {"curse": 30, "copper": 32, "silver": 40, "gold": 30, "estate": 12, "duchy": 12, "province": 12}),
])
def test_supply_counts_by_player_count(players, expected):
    counts = dict(zip(NAMES, supply_counts(players)))
    assert {k: counts[k] for k in expected} == expected
    assert all(counts[k] == 10 for k in NAMES[7:])
    state = DominionState(players, seed=3)
    for player in state.players:
        assert len(player.hand) == 5 and len(player.deck) == 5
        assert sorted(player.all_cards()) == [COPPER] * 7 + [ESTATE] * 3


def test_same_seed_same_deal_other_seed_other_deal():
    hands = lambda seed: [p.hand + p.deck for p in DominionState(2, seed).players]
    assert hands(7) == hands(7)
    assert any(hands(7) != hands(s) for s in range(8, 12))


def test_simple_action_cards():
    state = fresh()
    set_hand(state, 0, [MARKET, VILLAGE, SMITHY, WOODCUTTER, MOAT], deck=[COPPER] * 10)
    state.apply(0, ("play", MARKET, ()))
    assert (state.actions, state.buys, state.coins, len(state.players[0].hand)) == (1, 2, 1, 5)
    state.apply(0, ("play", VILLAGE, ()))
    assert (state.actions, len(state.players[0].hand)) == (2, 5)
    state.apply(0, ("play", SMITHY, ()))
    assert (state.actions, len(state.players[0].hand)) == (1, 7)
    state.apply(0, ("play", WOODCUTTER, ()))
    assert (state.actions, state.buys, state.coins) == (0, 3, 3)
    with pytest.raises(IllegalAction) as error:
        state.check(0, ("play", MOAT, ()))
    assert error.value.code == "NO_ACTIONS"
    assert state.players[0].play == [MARKET, VILLAGE, SMITHY, WOODCUTTER]


def test_moat_played_as_an_action_draws_two():
    state = fresh()
    set_hand(state, 0, [MOAT, ESTATE], deck=[GOLD, SILVER, COPPER])
    events = state.apply(0, ("play", MOAT, ()))
    assert sorted(state.players[0].hand) == sorted([ESTATE, SILVER, COPPER])  # the top two of the deck
    drew = [e for e in events if e.kind == "drew"]
    assert drew[0].data["cards"] and drew[0].audience.admits(0) and not drew[0].audience.admits(1)


def test_cellar_discards_and_draws_as_many():
    state = fresh()
    set_hand(state, 0, [CELLAR, ESTATE, ESTATE, COPPER], deck=[GOLD, GOLD, SILVER], discard=[])
    events = state.apply(0, ("play", CELLAR, (ESTATE, ESTATE)))
    assert state.actions == 1
    assert sorted(state.players[0].hand) == sorted([COPPER, SILVER, GOLD])
    assert state.players[0].discard == [ESTATE, ESTATE]
    top = [e for e in events if e.kind == "top-discard"]
    assert top[0].data == {"seat": 0, "card": "estate", "count": 2} and top[0].audience.admits(1)
    with pytest.raises(IllegalAction) as error:
        state.check(0, ("play", CELLAR, (PROVINCE,)))
    assert error.value.code in ("NOT_IN_HAND",)


def test_workshop_gains_up_to_four_to_the_discard_pile():
    state = fresh()
    set_hand(state, 0, [WORKSHOP, COPPER], discard=[])
    with pytest.raises(IllegalAction) as error:
        state.check(0, ("play", WORKSHOP, (MARKET,)))
    assert error.value.code == "TOO_EXPENSIVE"
    with pytest.raises(IllegalAction) as error:
        state.check(0, ("play", WORKSHOP, ()))
    assert error.value.code == "ARITY"
    before = state.supply[SMITHY]
    state.apply(0, ("play", WORKSHOP, (SMITHY,)))
    assert state.players[0].discard == [SMITHY] and state.supply[SMITHY] == before - 1
    assert state.gained == [SMITHY]


def test_remodel_gains_up_to_two_more_than_the_trashed_card():
    state = fresh()
    set_hand(state, 0, [REMODEL, ESTATE, GOLD], discard=[])
    with pytest.raises(IllegalAction) as error:
        state.check(0, ("play", REMODEL, (ESTATE, DUCHY)))  # 2 + 2 < 5
    assert error.value.code == "TOO_EXPENSIVE"
    with pytest.raises(IllegalAction) as error:
        state.check(0, ("play", REMODEL, (ESTATE,)))  # a card could be gained: must name it
    assert error.value.code == "ARITY"
    events = state.apply(0, ("play", REMODEL, (GOLD, PROVINCE)))
    assert state.trash == [GOLD]
    assert state.players[0].discard == [PROVINCE]
    assert [e.data for e in events if e.kind == "trashed"] == [{"seat": 0, "cards": ["gold"]}]


def test_mine_trashes_a_treasure_and_gains_one_into_hand():
    state = fresh()
    set_hand(state, 0, [MINE, COPPER, ESTATE])
    for args, code in (((COPPER, GOLD), "TOO_EXPENSIVE"), ((ESTATE, SILVER), "NOT_A_TREASURE"),
                       ((COPPER, SMITHY), "NOT_A_TREASURE"), ((), "ARITY"), ((SILVER, GOLD), "NOT_IN_HAND")):
        with pytest.raises(IllegalAction) as error:
            state.check(0, ("play", MINE, args))
        assert error.value.code == code, args
    state.apply(0, ("play", MINE, (COPPER, SILVER)))
    assert sorted(state.players[0].hand) == sorted([SILVER, ESTATE])
    assert state.trash == [COPPER] and state.gained == [SILVER]
    other = fresh()
    set_hand(other, 0, [MINE, ESTATE])
    other.apply(0, ("play", MINE, ()))  # no treasure in hand: mine does nothing
    assert other.trash == []


def test_buying_plays_every_treasure_and_money_includes_extra():
    state = fresh()
    set_hand(state, 0, [WOODCUTTER, COPPER, COPPER, SILVER, ESTATE])
    state.apply(0, ("play", WOODCUTTER, ()))
    assert state.money() == 6 and state.buys == 2
    for cards, code in (((GOLD, COPPER, COPPER), "NO_BUYS"), ((GOLD, CELLAR), "TOO_EXPENSIVE"), ((), "BAD_ACTION"),
                        ((99,), "UNKNOWN_CARD")):
        with pytest.raises(IllegalAction) as error:
            state.check(0, ("buy", cards))
        assert error.value.code == code
    events = state.apply(0, ("buy", (SILVER, SILVER)))
    end = next(e for e in events if e.kind == "turn-end")
    assert end.data == {"seat": 0, "gained": ["silver", "silver"],
                        "played": ["woodcutter", "copper", "copper", "silver"], "top": "silver"}
    assert state.supply[SILVER] == 38
    assert state.current == 1 and len(state.players[0].hand) == 5
    turn = next(e for e in events if e.kind == "turn")
    assert turn.data["seat"] == 1 and turn.data["supply"][SILVER] == 38


def test_money_is_what_the_treasures_in_hand_are_worth_plus_extra():
    # money() counts copper, silver and gold: they must be the only cards worth money
    assert TREASURES == tuple(card for card in range(len(NAMES)) if MONEY[card])
    state = fresh()
    for hand in ([], [GOLD], [COPPER, SILVER, GOLD, ESTATE, SILVER], list(range(len(NAMES)))):
        set_hand(state, 0, hand)
        state.coins = len(hand) % 3
        assert state.money() == state.coins + sum(MONEY[card] for card in hand)


def test_pass_ends_the_turn_and_shows_a_victory_card_on_top():
    state = fresh()
    set_hand(state, 0, [COPPER, ESTATE, SMITHY], deck=[COPPER] * 5, discard=[])
    events = state.apply(0, PASS)
    assert next(e for e in events if e.kind == "turn-end").data["top"] == "estate"
    assert state.players[0].discard[-1] == ESTATE and state.players[0].turns == 1


def test_an_empty_deck_reshuffles_the_discard_pile():
    state = fresh()
    set_hand(state, 0, [SMITHY], deck=[COPPER], discard=[GOLD, GOLD, SILVER, ESTATE])
    events = state.apply(0, ("play", SMITHY, ()))
    assert "shuffled" in kinds(events)
    assert len(state.players[0].hand) == 3 and COPPER in state.players[0].hand
    assert len(state.players[0].deck) == 2 and state.players[0].discard == []


def test_invalid_costs_an_action_or_the_rest_of_the_turn():
    state = fresh()
    set_hand(state, 0, [COPPER] * 5)
    state.apply(0, ("invalid", "BAD_LINE"))
    assert state.actions == 0 and state.current == 0
    state.apply(0, ("invalid", "BAD_LINE"))
    assert state.current == 1 and state.gained == []


def test_militia_makes_the_others_discard_down_to_three_at_once():
    state = DominionState(3, seed=1)
    set_hand(state, 0, [MILITIA, COPPER])
    set_hand(state, 1, [ESTATE, COPPER, GOLD, PROVINCE, SILVER])
    set_hand(state, 2, [MOAT, COPPER, COPPER, COPPER])
    events = state.apply(0, ("play", MILITIA, ()))
    assert state.coins == 2
    assert state.to_act() == (1, 2)
    assert next(e for e in events if e.kind == "attack").data["targets"] == [1, 2]
    with pytest.raises(IllegalAction) as error:
        state.check(1, ("discard", (ESTATE,)))
    assert error.value.code == "DISCARD_COUNT"
    with pytest.raises(IllegalAction):
        state.check(1, REVEAL_MOAT)
    with pytest.raises(IllegalAction) as error:
        state.check(0, PASS)
    assert error.value.code == "NOT_ASKED"
    events = state.apply(2, REVEAL_MOAT)
    assert events[0].kind == "revealed" and len(state.players[2].hand) == 4
    events = state.apply(1, ("discard", (ESTATE, PROVINCE)))
    assert sorted(state.players[1].hand) == sorted([COPPER, GOLD, SILVER])
    assert state.to_act() == (0,)
    private = next(e for e in events if e.kind == "discarded")
    assert private.audience.admits(1) and not private.audience.admits(0) and not private.audience.admits(None)


def test_engine_discards_victory_cards_then_cheapest_for_a_bad_answer():
    state = fresh()
    set_hand(state, 0, [MILITIA])
    set_hand(state, 1, [GOLD, COPPER, SMITHY, CURSE, SILVER])
    state.apply(0, ("play", MILITIA, ()))
    state.apply(1, ENGINE_DISCARD)
    assert sorted(state.players[1].hand) == sorted([GOLD, SILVER, SMITHY])
    assert state.players[1].discard[-2:] == [CURSE, COPPER]


def test_militia_skips_hands_of_three_or_fewer():
    state = fresh()
    set_hand(state, 0, [MILITIA])
    set_hand(state, 1, [GOLD, COPPER, SMITHY])
    state.apply(0, ("play", MILITIA, ()))
    assert state.to_act() == (0,)


def test_game_ends_when_provinces_run_out():
    state = fresh()
    state.supply[PROVINCE] = 1
    set_hand(state, 0, [GOLD, GOLD, SILVER], deck=[COPPER] * 5, discard=[])
    events = state.apply(0, ("buy", (PROVINCE,)))
    assert state.is_over and state.to_act() == ()
    result = state.result()
    assert result.details["end"] == "provinces"
    assert events[-1].kind == "game-over"
    assert state.scores() == [6, 3] and result.winners == [0]
    assert events[-1].data["scores"] == [6, 3] and events[-1].data["winners"] == [0]


def test_game_ends_when_three_piles_are_empty():
    state = fresh()
    state.supply[CELLAR] = state.supply[MOAT] = 0
    state.supply[CURSE] = 1
    set_hand(state, 0, [COPPER])
    state.apply(0, ("buy", (CURSE,)))
    assert state.is_over and state.result().details["end"] == "piles"


def test_ties_go_to_fewer_turns_then_are_shared():
    state = fresh()
    state.supply[PROVINCE] = 1
    set_hand(state, 0, [GOLD, GOLD, GOLD])
    state.apply(0, ("buy", (PROVINCE,)))
    lead = state.scores()[0] - state.scores()[1]
    state.players[1].discard += [ESTATE] * lead  # level on points
    result = state.result()
    assert state.scores()[0] == state.scores()[1]
    assert [s.rank for s in result.seats] == [2, 1]  # seat 1 had one turn fewer
    shared = fresh()
    shared.players[0].turns = shared.players[1].turns = 5
    shared.end = "piles"
    assert [s.rank for s in shared.result().seats] == [1, 1] and shared.winners() == [0, 1]


def test_turn_limit_ends_a_game_nobody_ends():
    state = DominionState(2, seed=0, max_turns=3)
    while not state.is_over:
        state.apply(state.to_act()[0], PASS)
    assert state.result().details == {"end": "turn-limit", "turns": [3, 3]}


def test_a_disqualified_seat_takes_no_more_turns_and_ranks_last():
    state = DominionState(3, seed=2)
    state.apply(0, PASS)
    events = state.forfeit(1, EndCause.DISQUALIFIED, "timeout")
    assert events[0].kind == "out" and state.current == 2
    state.apply(2, PASS)
    assert state.current == 0
    state.players[1].discard += [PROVINCE] * 5  # the most VP does not help an excluded seat
    state.forfeit(0, EndCause.DISQUALIFIED, "flood")
    assert state.is_over and state.result().details["end"] == "last-player"
    result = state.result()
    assert [s.rank for s in result.seats] == [2, 2, 1]
    assert result.seats[1].cause is EndCause.DISQUALIFIED and result.winners == [2]
    assert result.cause is EndCause.DISQUALIFIED


def test_forfeit_of_an_attacked_seat_and_before_the_first_turn():
    state = DominionState(3, seed=2)
    set_hand(state, 0, [MILITIA])
    state.apply(0, ("play", MILITIA, ()))
    state.forfeit(1, EndCause.DISQUALIFIED)
    assert state.to_act() == (2,)
    early = DominionState(3, seed=2)
    early.forfeit(0, EndCause.DISQUALIFIED)
    assert early.current == 1 and early.players[0].turns == 0
    assert [e.kind for e in early.start_events()][:2] == ["game", "out"]


def test_observation_hides_deck_order_and_the_others_hands():
    state = fresh(seed=4)
    set_hand(state, 1, [GOLD, GOLD, GOLD, GOLD, GOLD], deck=[PROVINCE, COPPER, SILVER])
    view = state.observation(0)
    other = view.players[1]
    assert sorted(other.hand + other.deck + other.discard) == sorted(state.players[1].all_cards())
    assert other.hand != [GOLD] * 5 and other.deck == sorted(other.deck)
    assert view.players[0].deck == sorted(state.players[0].deck)
    assert view.players[0].hand == state.players[0].hand
    before = [p.deck[:] for p in state.players]
    view.apply(0, ("play", SMITHY, ())) if SMITHY in view.players[0].hand else view.apply(0, PASS)
    assert [p.deck for p in state.players] == before  # the copy never touches the game
    assert view.rng is not state.rng


def test_legal_actions_are_all_legal_in_random_games():
    for seed in range(12):
        state = DominionState(2 + seed % 3, seed)
        bot = builtin("random", seed).bot
        while not state.is_over:
            for seat in state.to_act():
                moves = state.legal_actions(seat)
                assert moves
                for move in moves:
                    state.check(seat, move)
                assert state.legal_actions((seat + 1) % state.seat_count) == [] or state.attack
                state.apply(seat, bot.choose(state.observation(seat), seat))
                break


def test_bot_games_replay_from_their_records():
    for seed, names in enumerate((["engine", "smithy"], ["random", "bigmoney", "engine"],
                                  ["engine", "engine", "smithy", "random"])):
        record = play_match([builtin(n, seed * 10 + i) for i, n in enumerate(names)], seed=seed)
        assert record.status == "finished"
        assert replay(record, SPEC).matches
        assert SPEC.decode_action(SPEC.encode_action(SPEC.decode_action(record.entries[0].action))) \
            == SPEC.decode_action(record.entries[0].action)


def test_private_events_reach_only_their_seat():
    record_events = []
    state = DominionState(3, seed=5)
    bots = [builtin(n, i).bot for i, n in enumerate(("engine", "engine", "random"))]
    record_events += state.start_events()
    while not state.is_over:
        seat = state.to_act()[0]
        record_events += state.apply(seat, bots[seat].choose(state.observation(seat), seat))
    private = [e for e in record_events if e.kind in ("drew", "discarded")]
    assert private
    for event in private:
        assert "cards" in event.data
        for viewer in (0, 1, 2, None):
            assert event.audience.admits(viewer) == (viewer == event.data["seat"])
    public = [e for e in record_events if e.kind not in ("drew", "discarded")]
    assert all(e.audience.admits(None) for e in public)
    assert all("hand" not in e.data for e in public)


def test_views_show_a_hand_only_to_its_owner():
    state = DominionState(3, seed=6)
    own = state.view(1)
    assert own["players"][1]["hand"] == [NAMES[c] for c in state.players[1].hand]
    assert own["players"][0]["hand"] == 5 and own["players"][2]["hand"] == 5
    observer = state.view(None)
    assert all(p["hand"] == 5 for p in observer["players"])
    assert observer["supply"]["province"] == 12 and observer["current"] == 0

"""Catan's trades through the environment: bank and harbour trades of several lots, and offers
of one card for one card to every opponent, answered by the seats asked.  (The mask agrees with
the engine on them in test_masks; here: they are reachable, do what they say, and encode back.)"""

from __future__ import annotations

import numpy as np

from tablehall.envs.catan import ACCEPT, BANK_LOTS, LOTS, OFFER, REJECT, TRADES

from .walk import random_steps, raw_env


def test_random_play_makes_offers_and_multi_lot_trades_that_the_engine_takes():
    env = raw_env("catan", players=4, illegal="raise")
    adapter = env.adapter
    seen = {"lots": 0, "offer": 0, "accept": 0, "reject": 0}
    for env in random_steps(env, 6000, seed=8):
        state = env.game
        seat = env._seat_of[env.agent_selection]
        if env.drafts.get(seat):
            continue
        allowed = np.flatnonzero(adapter.mask(state, seat))
        for index in allowed:
            index = int(index)
            action, _ = adapter.decode(state, seat, index)
            if BANK_LOTS <= index < OFFER:
                lots = LOTS[(index - BANK_LOTS) // len(TRADES)]
                give, get = TRADES[(index - BANK_LOTS) % len(TRADES)]
                assert action == ("bank_trade", tuple(lots * state.ratios[seat][give] * (r == give) for r in range(5)),
                                  tuple(lots * (r == get) for r in range(5)))
                seen["lots"] += 1
            elif OFFER <= index < OFFER + len(TRADES):
                give, get = TRADES[index - OFFER]
                assert seat == state.current and action[1][give] == 1 and action[2][get] == 1
                assert action[3] == tuple(s for s in range(4) if s != seat and s not in state.out)
                seen["offer"] += 1
            elif ACCEPT <= index < ACCEPT + 3 and seat != state.current:
                seen["accept"] += 1
            elif index == REJECT and seat != state.current:
                seen["reject"] += 1
            else:
                continue
            assert adapter.encode(state, seat, action) == [index]
    assert all(seen.values()), seen


def test_an_accepted_offer_moves_the_cards():
    """Random play until a seat accepts an offer through the environment: the two hands change
    by exactly the card given and the card asked."""
    env = raw_env("catan", players=3, illegal="raise")
    for env in random_steps(env, 20000, seed=4):
        state = env.game
        seat = env._seat_of[env.agent_selection]
        offerer = state.current
        offer = state.offers[offerer]
        mask = env.adapter.mask(state, seat)
        accept = ACCEPT + (offerer - seat) % 3 - 1
        if seat == offerer or offer is None or not mask[accept]:
            continue
        before = [list(state.hands[s]) for s in range(3)]
        env.step(accept)
        give, get = offer[0], offer[1]
        assert state.hands[offerer] == [b - g + a for b, g, a in zip(before[offerer], give, get)]
        assert state.hands[seat] == [b + g - a for b, g, a in zip(before[seat], give, get)]
        assert all(o is None for o in state.offers)
        return
    raise AssertionError("no offer was accepted in 20000 random steps")


def test_offers_stop_after_the_bound_so_a_policy_that_always_offers_ends_its_turn():
    """A policy that picks the last legal index offers whenever it may; the environment stops
    offering after MAX_OFFERS_PER_TURN in a turn (the engine would take more), so turns end."""
    from tablehall.envs.catan import MAX_OFFERS_PER_TURN, OFFER, TRADES

    env = raw_env("catan", players=4, illegal="raise")
    env.reset(seed=5)
    offers_in_turn: dict[int, int] = {}
    for _ in range(20_000):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            break
        mask = env.observe(agent)["action_mask"]
        index = int(np.flatnonzero(mask)[-1])
        if OFFER <= index < OFFER + len(TRADES):
            turn = env.game.turn_count
            offers_in_turn[turn] = offers_in_turn.get(turn, 0) + 1
            assert offers_in_turn[turn] <= MAX_OFFERS_PER_TURN
            assert env.adapter.accepts(env.game, env._seat_of[agent], index)
        env.step(index)
    assert env.game.is_over, "the game ended"
    assert max(offers_in_turn.values()) == MAX_OFFERS_PER_TURN  # the bound was reached, and held

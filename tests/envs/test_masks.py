"""Mask agreement: over random games, every index the mask allows is accepted by the engine
(`check`, or a discard draft that can still be completed) and every index it forbids is
refused, for the seat asked and for every other seat (every fifth step; a seat the engine does
not ask has an empty mask, and where the engine would take a move from it unprompted, a Catan
trade offer, only that is checked).  Blokus's 30,434
indices are checked whole every 250 steps and sampled between.  A bounded count runs in make
test; the slow marker walks ten times further and checks Blokus whole every tenth step."""

from __future__ import annotations

import random

import numpy as np
import pytest

from .walk import CASES, random_steps, raw_env

STEPS = {"blokus": 1000, "catan": 2000, "dominion": 2100, "renaissance": 2100}


def check_masks(game: str, players: int, steps: int, seed: int, blokus_full_every: int) -> int:
    env = raw_env(game, players=players, illegal="raise")
    adapter = env.adapter
    everything = range(adapter.action_count)
    sampler = random.Random(seed)
    checked = 0
    for count, env in enumerate(random_steps(env, steps, seed)):
        state = env.game
        asked = env._seat_of[env.agent_selection]
        acting = state.to_act()
        for seat in range(players):
            if seat != asked and count % 5:
                continue  # the seats not asked: every fifth step
            draft = env.drafts.get(seat)
            mask = adapter.mask(state, seat, draft)
            allowed = np.flatnonzero(mask)
            if seat not in acting and state.may_act_unprompted(seat):
                # the environment asks only the seats the engine asks; what the engine would also
                # take unprompted (a Catan counter-offer at any time) it never offers
                assert not len(allowed), f"{game} step {count}: seat {seat} is not asked, yet {allowed}"
                continue
            if game == "blokus" and (count % blokus_full_every or seat != asked):  # 30,434: a sample
                indices = [*sampler.sample(list(allowed), min(50, len(allowed))), *sampler.sample(everything, 50)]
            else:
                indices = everything
            for index in indices:
                accepted = adapter.accepts(state, seat, index, draft)
                if accepted != bool(mask[index]):
                    name, offset = adapter.index.name_of(index)
                    pytest.fail(f"{game} ({players} players) step {count}, seat {seat}: index {index} "
                                f"({name} {offset}) is {'allowed' if mask[index] else 'forbidden'} by the mask "
                                f"but {'accepted' if accepted else 'refused'} by the engine; "
                                f"action {adapter.decode(state, seat, index, draft)[0]!r}, draft {draft}, "
                                f"view {state.view(seat)}")
                checked += 1
    return checked


@pytest.mark.parametrize("game,players", CASES)
def test_mask_agrees_with_engine(game, players):
    steps = STEPS[game] // len([c for c in CASES if c[0] == game])
    checked = check_masks(game, players, steps, seed=12 + players, blokus_full_every=250)
    assert checked > steps


@pytest.mark.slow
@pytest.mark.parametrize("game,players", CASES)
def test_mask_agrees_with_engine_long(game, players):
    check_masks(game, players, 10 * STEPS[game], seed=1000 + players, blokus_full_every=10)

"""Hidden information: an agent's observation and mask are computed from what its seat may see
only.  The engines' `observation(seat)` re-deals everything the seat cannot see (other hands,
deck orders, leaders, solo tokens); the encoding of the live game and of that re-dealt copy
must be identical, for every seat, all along random games."""

from __future__ import annotations

import numpy as np
import pytest

from .walk import CASES, random_steps, raw_env


@pytest.mark.parametrize("game,players", CASES)
def test_observations_read_only_what_the_seat_may_see(game, players):
    env = raw_env(game, players=players)
    adapter = env.adapter
    compared = 0
    for count, env in enumerate(random_steps(env, 400 if game != "blokus" else 60, seed=31 + players)):
        state = env.game
        for seat in range(players):
            draft = env.drafts.get(seat)
            seen = state.observation(seat)
            np.testing.assert_array_equal(adapter.observe(state, seat, draft), adapter.observe(seen, seat, draft),
                                          err_msg=f"{game} step {count} seat {seat}")
            np.testing.assert_array_equal(adapter.mask(state, seat, draft), adapter.mask(seen, seat, draft))
            compared += 1
    assert compared


def test_the_redeal_really_hides_something():
    """The comparison above has teeth: an encoder reading an opponent's hand would differ."""
    env = raw_env("dominion", players=2)
    differs = 0
    for env in random_steps(env, 200, seed=3):
        state = env.game
        seen = state.observation(0)
        differs += state.players[1].hand != seen.players[1].hand
    assert differs > 50


@pytest.mark.parametrize("game,players", [("catan", 4), ("dominion", 3), ("renaissance", 2)])
def test_cached_parts_never_leak_between_games(game, players):
    """The encoders keep parts that rarely change (board, buildings, roads, card grid, slots)
    across games: an adapter that has served many games encodes exactly what a fresh one does."""
    env = raw_env(game, players=players)
    for count, env in enumerate(random_steps(env, 1500, seed=5)):
        if count % 7:
            continue
        fresh = type(env.adapter)(players)
        for seat in range(players):
            draft = env.drafts.get(seat)
            np.testing.assert_array_equal(env.adapter.observe(env.game, seat, draft),
                                          fresh.observe(env.game, seat, draft), err_msg=f"{game} step {count}")

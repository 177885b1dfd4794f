"""PettingZoo's own API and seed tests for every environment and player count, Gymnasium's
check_env for every single-agent environment, and the basics of the episode contract."""

from __future__ import annotations

import importlib
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import tablehall.envs
from tablehall.envs.games import gym_ids

from .walk import CASES, random_steps, raw_env


def module(game: str):
    return importlib.import_module(f"tablehall.envs.{game}_v0")


@pytest.mark.parametrize("game,players", CASES)
def test_pettingzoo_api_and_seed(game, players):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # dict observations draw a generic advice warning
        api_test(module(game).env(players=players), num_cycles=200)
        seed_test(lambda **kw: module(game).env(players=players, **kw), num_cycles=100)


@pytest.mark.parametrize("game", sorted(gym_ids()))
def test_gymnasium_check_env(game):
    env = gymnasium.make(gym_ids()[game])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env.unwrapped, skip_render_check=True)
    env.close()


def test_gymnasium_finds_the_environments():
    assert tablehall.envs.gym_ids()
    for env_id in ("tablehall/Catan-v0", "tablehall/Blokus-v0", "tablehall/Dominion-v0", "tablehall/Renaissance-v0"):
        assert env_id in gymnasium.registry
        env = gymnasium.make(env_id)
        observation, info = env.reset(seed=3)
        assert env.observation_space.contains(observation)
        assert observation["action_mask"].any()
        env.close()


def play_out(env, seed: int) -> dict[str, float]:
    """Random masked actions to the end of a game; every agent's rewards as `last()` reports
    them (at each of its turns, and once more when it steps out)."""
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    env.reset(seed=seed)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[rng.integers(len(legal))]))
    return totals


@pytest.mark.parametrize("game,players", [("catan", 3), ("blokus", 2), ("dominion", 4), ("renaissance", 1)])
def test_games_end_with_results_as_rewards(game, players):
    env = raw_env(game, players=players)
    totals = play_out(env, seed=5)
    result = env.game.result()
    winners = result.winners  # none when Lorenzo wins a solo game
    for seat, agent in enumerate(env.possible_agents):
        expected = (1.0 if len(winners) == 1 else 0.0) if seat in winners else -1.0
        assert totals[agent] == expected


def test_shaping_pays_points_as_they_come():
    env = raw_env("dominion", players=2, shaping=0.5)
    totals = play_out(env, seed=2)
    result = env.game.result()
    winners = result.winners
    for seat, agent in enumerate(env.possible_agents):
        end = (1.0 if len(winners) == 1 else 0.0) if seat in winners else -1.0
        gained = result.seats[seat].score - 3  # three estates to start with
        assert totals[agent] == pytest.approx(end + 0.5 * gained)


def test_an_illegal_index_forfeits_the_seat_or_raises():
    env = raw_env("blokus")
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    forbidden = int(np.flatnonzero(mask == 0)[0])
    env.step(forbidden)
    result = env.game.result()
    assert result.seats[0].cause.value == "rule_violation" and result.winners == [1]
    assert all(env.terminations.values())
    strict = raw_env("blokus", illegal="raise")
    strict.reset(seed=1)
    from tablehall.core import IllegalAction

    with pytest.raises(IllegalAction):
        strict.step(forbidden)
    assert strict.steps == 0 and not strict.game.is_over


def test_a_forfeit_takes_one_agent_out_while_the_game_goes_on():
    env = raw_env("catan", players=3)
    env.reset(seed=4)
    first = env.agent_selection
    forbidden = int(np.flatnonzero(env.observe(first)["action_mask"] == 0)[0])
    env.step(forbidden)
    assert env.terminations[first] and env.agent_selection == first
    assert env.last()[1] == -1.0
    env.step(None)
    assert first not in env.agents and len(env.agents) == 2
    assert not env.game.is_over
    observation, _, terminated, _, _ = env.last()
    assert not terminated and observation["action_mask"].any()


def test_reset_seeds_are_reproducible_and_fresh():
    a, b = raw_env("dominion"), raw_env("dominion")
    a.reset(seed=7)
    b.reset(seed=7)
    assert a.seed == b.seed == 7
    np.testing.assert_array_equal(a.observe("player_0")["observation"], b.observe("player_0")["observation"])
    a.reset()
    b.reset()
    assert a.seed == b.seed != 7  # the next game of the stream seed 7 started
    c = raw_env("dominion")
    c.reset()
    d = raw_env("dominion")
    d.reset()
    assert c.seed != d.seed  # unseeded: fresh


@pytest.mark.parametrize("game,players", [("catan", 3), ("blokus", 2), ("dominion", 2), ("renaissance", 1)])
def test_ansi_render_shows_the_observers_picture(game, players):
    env = module(game).env(players=players, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str) and text.count("\n") >= 2

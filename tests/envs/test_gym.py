"""The Gymnasium environments: the learner's seat in a game played as `tablehall play` plays it
(same seats, same seeds, same records), inline with in-process bots or through the match runner
with subprocess bots, and an illegal index ending the learner's game."""

from __future__ import annotations

import sys
from pathlib import Path

import gymnasium
import numpy as np
import pytest

import tablehall.envs  # noqa: F401 - registers the environments
from tablehall.cli import main
from tablehall.core import replay
from tablehall.core.registry import get_game
from tablehall.core.locations import load_record
from tablehall.core.store import SqliteStore

REPO = Path(__file__).resolve().parents[2]
NAMES = {"blokus": "Blokus", "catan": "Catan", "dominion": "Dominion", "renaissance": "Renaissance"}


def make(game: str, **options):
    return gymnasium.make(f"tablehall/{NAMES[game]}-v0", **options).unwrapped


@pytest.mark.parametrize("game,seats,learner", [
    ("blokus", ["random", "strong"], 1), ("catan", ["strong", "random", "random"], 0),
    ("catan", ["random", "strong", "random", "random"], 3), ("dominion", ["bigmoney", "smithy", "random"], 2),
    ("renaissance", ["greedy"], 0), ("renaissance", ["random", "greedy", "random"], 1),
])
def test_a_learner_replaying_a_seat_of_tablehall_play_gets_the_same_game(tmp_path, game, seats, learner):
    seed = 515
    assert main(["play", game, "--seats", ",".join(seats), "--seed", str(seed), "--record-dir", str(tmp_path),
                 "--no-db", "--quiet"]) == 0
    (path,) = tmp_path.glob("*.json")
    played = load_record(str(path), None)
    spec = get_game(game)
    env = make(game, opponents=seats[:learner] + seats[learner + 1:], seat=learner)
    observation, _ = env.reset(seed=seed)
    mine = [spec.decode_action(e.action) for e in played.entries if e.seat == learner]
    for action in mine:
        for index in env.adapter.encode(env.table.state, learner, action):
            assert observation["action_mask"][index]
            observation, reward, terminated, truncated, info = env.step(index)
    assert terminated
    record = env.last_record
    assert record.canonical()["actions"] == played.canonical()["actions"]
    assert record.result.to_json() == played.result.to_json() == info["result"]
    assert [s.agent for s in record.seats][learner] == "env"
    env.close()


@pytest.mark.parametrize("game,opponents", [("blokus", ["random"]), ("catan", ["random", "strong"]),
                                            ("renaissance", []), ("renaissance", ["greedy", "random"]),
                                            ("dominion", ["engine"])])
def test_inline_games_are_the_match_runners_games(game, opponents):
    """In-process bots play inline; the same games through `Match` give the same records."""
    learner = len(opponents)  # the last seat: simultaneous decisions come in the same order
    digests = []
    for inline in (True, False):
        env = make(game, opponents=opponents, seat=learner, inline=inline)
        rng = np.random.default_rng(4)
        records = []
        for seed in (1, 2):
            observation, _ = env.reset(seed=seed)
            while True:
                legal = np.flatnonzero(observation["action_mask"])
                observation, _, terminated, truncated, _ = env.step(int(legal[rng.integers(len(legal))]))
                if terminated or truncated:
                    break
            records.append(env.last_record)
        env.close()
        digests.append([r.digest() for r in records])
        assert all(r.status == "finished" and replay(r, get_game(game)).matches for r in records)
    assert digests[0] == digests[1]


def test_subprocess_opponents_play_through_the_match_runner(tmp_path):
    bot = f"cmd:{sys.executable} {REPO / 'examples' / 'dominion' / 'bigmoney.py'}"
    env = make("dominion", opponents=[bot], seat=1, store=str(tmp_path / "games.sqlite"))
    rng = np.random.default_rng(0)
    observation, info = env.reset(seed=3)
    assert info["seat"] == 1
    steps = 0
    while True:
        legal = np.flatnonzero(observation["action_mask"])
        observation, reward, terminated, truncated, info = env.step(int(legal[rng.integers(len(legal))]))
        steps += 1
        if terminated:
            break
    record = env.last_record
    env.close()
    assert record.status == "finished" and steps > 10
    assert record.seats[1].agent == "env" and record.seats[0].agent.startswith("cmd"), record.seats
    assert reward == (1.0 if record.result.winners == [1] else 0.0 if 1 in record.result.winners else -1.0)
    store = SqliteStore(str(tmp_path / "games.sqlite"))
    assert [s.id for s in store.summaries()] and store.load(store.summaries()[0].id).digest() == record.digest()
    store.close()


def test_an_illegal_index_takes_the_learner_out_and_ends_its_episode():
    env = make("catan", opponents=["random", "random"], seat=0)
    observation, _ = env.reset(seed=8)
    forbidden = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    observation, reward, terminated, _, info = env.step(forbidden)
    assert terminated and reward == -1.0
    record = env.last_record
    assert record.entries[0].forfeit.value == "rule_violation" and record.status == "finished"
    assert len(record.entries) > 50, "the two bots played the game to its end"
    assert not observation["action_mask"].any()
    with pytest.raises(RuntimeError):
        env.step(0)
    env.close()


def test_the_learner_seat_can_change_every_episode():
    env = make("dominion", opponents=["random", "random"], seat=None)
    env.reset(seed=1)
    seats = {env.reset()[1]["seat"] for _ in range(30)}
    assert seats == {0, 1, 2}
    env.close()

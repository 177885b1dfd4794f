"""Records: a game played through an environment is a tablehall record that `tablehall replay`
accepts, and `reset(seed=s)` starts the game `tablehall play --seed s` plays: replaying play's
record through the environment's action indices gives the same actions and the same result."""

from __future__ import annotations

import numpy as np
import pytest

from tablehall.cli import main
from tablehall.core import replay
from tablehall.core.registry import get_game
from tablehall.core.locations import load_record
from tablehall.core.store import DirectoryStore, SqliteStore

from .walk import raw_env


def play_randomly(env, seed: int, illegal_at: int | None = None) -> None:
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    for steps, agent in enumerate(env.agent_iter()):
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        mask = observation["action_mask"]
        choices = np.flatnonzero(mask == 0) if steps == illegal_at else np.flatnonzero(mask)
        env.step(int(choices[rng.integers(len(choices))]))


@pytest.mark.parametrize("game,players,illegal_at", [
    ("blokus", 2, None), ("catan", 4, None), ("dominion", 3, None), ("renaissance", 1, None),
    ("renaissance", 3, 40), ("catan", 3, 30), ("dominion", 2, 10),
])
def test_env_games_are_records_replay_accepts(tmp_path, capsys, game, players, illegal_at):
    env = raw_env(game, players=players)
    play_randomly(env, seed=21, illegal_at=illegal_at)
    db = tmp_path / "games.sqlite"
    store = SqliteStore(str(db))
    record_id = env.save(store)
    store.close()
    record = env.record()
    assert record.status == "finished" and record.result.to_json() == env.game.result().to_json()
    if illegal_at is not None:
        assert [e.forfeit.value for e in record.entries if e.forfeit] == ["rule_violation"]
    assert replay(record, get_game(game)).matches
    assert main(["replay", record_id, "--db", str(db)]) == 0
    assert capsys.readouterr().out.startswith(f"ok: {game} record")


def test_an_unfinished_game_is_stored_as_aborted(tmp_path):
    env = raw_env("catan", players=3, max_steps=50)
    play_randomly(env, seed=2)
    record = env.record()
    # 50 steps; a discard chosen card by card is several steps and one action
    assert record.status == "aborted" and env.steps == 50 and 40 < len(record.entries) <= 50
    store = SqliteStore(str(tmp_path / "db.sqlite"))
    record_id = env.save(store)
    store.close()
    assert main(["replay", record_id, "--db", str(tmp_path / "db.sqlite")]) == 0


@pytest.mark.parametrize("game,seats", [
    ("blokus", "random,strong"), ("catan", "random,strong,random"), ("catan", "strong,random,random,strong"),
    ("dominion", "random,engine,smithy"), ("renaissance", "greedy"), ("renaissance", "random,greedy,random,random"),
])
def test_reset_seed_is_the_game_tablehall_play_plays(tmp_path, game, seats):
    seed = 4242
    assert main(["play", game, "--seats", seats, "--seed", str(seed), "--record-dir", str(tmp_path),
                 "--no-db", "--quiet"]) == 0
    (path,) = tmp_path.glob("*.json")
    played = load_record(str(path), None)
    spec = get_game(game)
    env = raw_env(game, players=len(seats.split(",")), illegal="raise")
    env.reset(seed=seed)
    for entry in played.entries:
        assert env.agent_selection == f"player_{entry.seat}"
        for index in env.adapter.encode(env.game, entry.seat, spec.decode_action(entry.action)):
            assert env.observe(env.agent_selection)["action_mask"][index]
            env.step(index)
    ours = env.record()
    assert ours.canonical()["actions"] == played.canonical()["actions"]
    assert ours.result.to_json() == played.result.to_json()
    assert ours.seed == played.seed and ours.options == played.options

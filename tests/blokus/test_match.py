"""Blokus through the kernel: registry, bots in a Match, records that replay, the same digest in
separate processes, and the strong bot's win rate (slow)."""

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tablehall.core import BotAgent, Match, replay
from tablehall.core.registry import get_game
from tablehall.games.blokus import SPEC
from tablehall.games.blokus.rules import SkipMove

REPO = Path(__file__).resolve().parents[2]


def play(seed, bots=("random", "random"), options=None):
    agents = [BotAgent(SPEC.bots[name](seed * 10 + seat)) for seat, name in enumerate(bots)]
    return asyncio.run(Match(SPEC, agents, seed=seed, options=options).run())


def test_registry_finds_blokus():
    spec = get_game("blokus")
    assert spec is SPEC
    assert (spec.rules_version, tuple(spec.seat_counts), set(spec.bots)) == (
        "swc_2021_blokus/21.4.0", (2,), {"random", "strong"})


@pytest.mark.parametrize("bots", [("random", "random"), ("strong", "random"), ("random", "strong")])
def test_bots_play_a_match_whose_record_replays(bots):
    record = play(7, bots)
    assert record.status == "finished"
    assert record.result.details["win_points"] in ([2, 0], [0, 2], [1, 1])
    report = replay(record, SPEC)
    assert report.matches and report.state.is_over
    assert report.result.to_json() == record.result.to_json()


def test_the_random_bot_never_skips():
    record = play(3)
    assert not any(isinstance(SPEC.decode_action(e.action), SkipMove) for e in record.entries)


DIGEST = """
import asyncio
from tablehall.core import BotAgent, Match
from tablehall.games.blokus import SPEC
agents = [BotAgent(SPEC.bots["random"](1)), BotAgent(SPEC.bots["strong"](2))]
print(asyncio.run(Match(SPEC, agents, seed=2021).run()).digest())
"""


def test_the_same_seeded_match_has_the_same_digest_in_other_processes():
    digests = set()
    for hash_seed in ("1", "987654"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed, PYTHONPATH=str(REPO))
        out = subprocess.run([sys.executable, "-c", DIGEST], env=env, cwd=REPO, capture_output=True, text=True,
                             timeout=120, check=True)
        digests.add(out.stdout.strip())
    assert len(digests) == 1
    agents = [BotAgent(SPEC.bots["random"](1)), BotAgent(SPEC.bots["strong"](2))]
    assert asyncio.run(Match(SPEC, agents, seed=2021).run()).digest() in digests


@pytest.mark.slow
def test_the_strong_bot_beats_random_in_at_least_95_percent_of_200_games():
    wins = 0
    for game in range(200):
        strong = game % 2  # both seatings equally often
        bots = ("strong", "random") if strong == 0 else ("random", "strong")
        record = play(1000 + game, bots)
        wins += record.result.details["win_points"][strong] == 2
    print(f"strong bot won {wins} of 200 games against random")
    assert wins >= 190

"""Same seed, same game: two separate processes with different PYTHONHASHSEED produce records
with the same digest; and a game runs through the kernel's Match runner and replays."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

from tablehall.core import BotAgent, Match, replay
from tablehall.games.catan import SPEC

SCRIPT = """
import asyncio
from tablehall.core import BotAgent, Match
from tablehall.games.catan import SPEC
agents = [BotAgent(SPEC.bots[name](11 + i)) for i, name in enumerate(["strong", "random", "random", "random"])]
record = asyncio.run(Match(SPEC, agents, seed=2024, options={"layout": "random"}).run())
print(record.digest(), len(record.entries))
"""


def run_in_process(hash_seed: str) -> str:
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env,
                          cwd=root, timeout=120, check=True)
    return done.stdout.strip()


def test_same_digest_across_processes():
    first, second = run_in_process("1"), run_in_process("4242")
    assert first == second and int(first.split()[1]) > 100


def test_match_runner_plays_records_and_replays():
    agents = [BotAgent(SPEC.bots["strong"](1)), BotAgent(SPEC.bots["random"](2)),
              BotAgent(SPEC.bots["random"](3))]
    record = asyncio.run(Match(SPEC, agents, seed=5).run())
    assert record.status == "finished"
    again = replay(record, SPEC)
    assert again.matches and again.state.is_over
    assert SPEC.importers["sgn"](SPEC.exporters["sgn"](record)).result is not None

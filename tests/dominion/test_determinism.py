"""A seeded game gives the same record digest in separate processes with different hash seeds."""

import os
import subprocess
import sys

from .conftest import REPO

PROGRAM = """
import asyncio
from tablehall.core import BotAgent, Match
from tablehall.games.dominion import SPEC
from tablehall.games.dominion.bots import BOTS
digests = []
for seed, names in ((3, ["engine", "random", "smithy"]), (8, ["bigmoney", "engine"])):
    agents = [BotAgent(BOTS[name](seed * 10 + i)) for i, name in enumerate(names)]
    digests.append(asyncio.run(Match(SPEC, agents, seed=seed).run()).digest())
print(" ".join(digests))
"""


def digests(hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    out = subprocess.run([sys.executable, "-c", PROGRAM], env=env, cwd=REPO, capture_output=True, text=True,
                         timeout=120, check=True)
    return out.stdout.strip()


def test_digests_agree_across_processes_with_different_hash_seeds():
    first, second = digests("1"), digests("4242")
    assert len(first.split()) == 2
    assert first == second

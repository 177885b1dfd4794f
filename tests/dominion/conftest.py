"""Helpers for the Dominion tests: bot scripts written to tmp_path, the example bots, matches."""

from __future__ import annotations

import asyncio
import sys
import textwrap
from pathlib import Path

import pytest

from tablehall.core import BotAgent, Match, SeatPolicy
from tablehall.games.dominion import SPEC
from tablehall.games.dominion.agent import SubprocessAgent
from tablehall.games.dominion.bots import BOTS
from tablehall.games.dominion.rules import DominionState

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples" / "dominion"


def example(name: str) -> str:
    """The command that runs example bot `name` (examples/dominion/NAME.py)."""
    return f"{sys.executable} {EXAMPLES / name}.py"


@pytest.fixture
def bot_script(tmp_path):
    """Write a tiny Python bot to tmp_path; returns the command that runs it."""
    def write(code: str, name: str = "bot") -> str:
        path = tmp_path / f"{name}.py"
        path.write_text(textwrap.dedent(code))
        return f"{sys.executable} {path}"
    return write


def builtin(name: str, seed: int = 0) -> BotAgent:
    return BotAgent(BOTS[name](seed), name=name)


def play_match(agents, seed: int = 1, timeout: float = 60.0):
    """Run a match to the end (policies: each protocol agent's own, trusted for built-ins)."""
    policies = [getattr(agent, "policy", SeatPolicy()) for agent in agents]

    async def run():
        return await asyncio.wait_for(Match(SPEC, agents, seed=seed, policies=policies).run(), timeout)

    return asyncio.run(run())


def command_agent(command: str, seat: int, **settings) -> SubprocessAgent:
    return SubprocessAgent(command, seat, **settings)


def fresh(players: int = 2, seed: int = 0) -> DominionState:
    return DominionState(players, seed)

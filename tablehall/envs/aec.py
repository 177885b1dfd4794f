"""The PettingZoo AEC environment the four games share (`raw_env` of each `<game>_v0` module).

Agents are ``player_0`` .. ``player_{n-1}``, one per seat.  The agent to act is the seat the
engine asks (`to_act()[0]`, the seat `tablehall play`'s runner asks first), so a game played
through the environment is a game of the engine, move for move; `reset(seed=s)` starts the very
game `tablehall play --seed s` starts with the same options.

Observations are ``{"observation": float32 vector, "action_mask": int8 vector}``; the mask is all
zero for an agent that is not asked.  Rewards come at the end of the game from its result (+1 a
win alone, 0 a shared win, -1 otherwise); `shaping=w` adds ``w`` times each change of the
seat's own points (VP, squares) as it happens.  An index outside the mask is the seat breaking
the rules: with ``illegal="forfeit"`` (the default) the engine takes the seat out for
RULE_VIOLATION, as a contest would, and the game goes on if its rules say so; with
``illegal="raise"`` the step raises `IllegalAction` and nothing changes.

Every game is kept as a tablehall record (`record()`, `save(store)`): `tablehall replay`
re-runs it through the rules like any other.  The engine's game is `env.unwrapped.game` (named
so as not to hide PettingZoo's `state()`).
"""

from __future__ import annotations

import secrets
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from tablehall.core import GameState, Rng
from tablehall.core.records import Record, SeatInfo

from .adapter import Adapter, outcome
from .table import ILLEGAL_CHOICES, InlineTable


class TablehallAEC(AECEnv):
    """A tablehall game as a PettingZoo AEC environment.  Subclasses set `adapter_class`,
    `metadata` and `default_players`."""

    adapter_class: type[Adapter]
    default_players: int
    metadata: dict[str, Any] = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, players: int | None = None, shaping: float = 0.0, illegal: str = "forfeit",
                 max_steps: int | None = None, render_mode: str | None = None, **game_options: Any) -> None:
        super().__init__()
        players = self.default_players if players is None else players
        self.adapter = self.adapter_class(players)
        self.game_options = self.adapter.spec.normalize_options(game_options)
        if illegal not in ILLEGAL_CHOICES:
            raise ValueError(f"illegal must be one of {ILLEGAL_CHOICES}, not {illegal!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        self.shaping = float(shaping)
        self.illegal = illegal
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        low, high = self.adapter.layout.bounds()
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(low, high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (self.adapter.action_count,), dtype=np.int8),
        })
        self._action_space = spaces.Discrete(self.adapter.action_count)
        self.observation_spaces = {agent: self._observation_space for agent in self.possible_agents}
        self.action_spaces = {agent: self._action_space for agent in self.possible_agents}
        self._seeds: Rng | None = None
        self.table: InlineTable | None = None
        self.seed: int | None = None

    @property
    def game(self) -> GameState | None:
        """The engine's game (None before the first `reset`)."""
        return None if self.table is None else self.table.state

    @property
    def drafts(self) -> dict[int, Any]:
        """Each seat's draft: the parts of a free-form action it has chosen so far."""
        return self.table.drafts

    # -- spaces ---------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_space

    # -- episodes -------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game: seeded `seed` (the game `tablehall play --seed seed` plays), or the next
        seed of the stream the last given seed started (a fresh one if none was given)."""
        if seed is not None:
            self._seeds = Rng(seed)
        elif self._seeds is None:
            self._seeds = Rng(secrets.randbits(64))
        self.seed = int(seed) if seed is not None else self._seeds.below(1 << 31)
        seats = [SeatInfo(agent, "env") for agent in self.possible_agents]
        self.table = InlineTable(self.adapter, self.game_options, self.seed, seats, illegal=self.illegal)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._zero_rewards = dict.fromkeys(self.agents, 0.0)  # shared by the steps that pay nothing
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.steps = 0
        self._points = ([self.adapter.points(self.game, s) for s in range(len(self.possible_agents))]
                        if self.shaping else None)
        self._skip_agent_selection = None
        self.agent_selection = self.possible_agents[self.table.seat_to_act()]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        live = (agent == self.agent_selection and not self.table.over
                and not self.terminations.get(agent, True) and not self.truncations.get(agent, True))
        return self.table.observe(self._seat_of[agent], live)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.table.step(self._seat_of[agent], int(action))
        self.steps += 1
        self._after_step()

    def _after_step(self) -> None:
        state, out = self.table.state, self.table.out
        if self._points is None and not state.is_over and not out:  # the common step
            if len(self._zero_rewards) != len(self.agents):  # an agent left since
                self._zero_rewards = dict.fromkeys(self.agents, 0.0)
            self.rewards = self._zero_rewards
            if self.max_steps is None or self.steps < self.max_steps:
                self.agent_selection = self.possible_agents[self.table.seat_to_act()]
                return
        rewards = self.rewards = dict.fromkeys(self.agents, 0.0)
        if self._points is not None:
            for agent in self.agents:
                seat = self._seat_of[agent]
                now = self.adapter.points(state, seat)
                rewards[agent] += self.shaping * (now - self._points[seat])
                self._points[seat] = now
        if state.is_over:
            result = state.result()
            for agent in self.agents:
                rewards[agent] += outcome(result, self._seat_of[agent])
                self.terminations[agent] = True
            self._accumulate_rewards()
            return
        if self.max_steps is not None and self.steps >= self.max_steps:
            for agent in self.agents:
                self.truncations[agent] = True
            self._accumulate_rewards()
            return
        self.agent_selection = self.possible_agents[self.table.seat_to_act()]
        newly_out = [a for a in self.agents if self._seat_of[a] in out and not self.terminations[a]]
        for agent in newly_out:  # taken out, while the game goes on without it
            rewards[agent] += -1.0
            self.terminations[agent] = True
        self._accumulate_rewards()
        if newly_out:
            self._deads_step_first()

    # -- records --------------------------------------------------------------------------------
    def record(self) -> Record:
        """The game so far as a tablehall record (finished, or aborted while still running)."""
        return self.table.record()

    def save(self, store) -> str:
        """Store the game's record (a `RecordStore`); returns its id."""
        return store.save(self.record())

    # -- the rest of the AEC API ------------------------------------------------------------------
    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.adapter.render(self.game)

    def close(self) -> None:
        pass

    @property
    def unwrapped(self) -> "TablehallAEC":
        return self


def env_factory(raw_class: type[TablehallAEC]):
    """`env(**options)`: the raw environment wrapped as PettingZoo's classic games are."""
    from pettingzoo.utils import wrappers

    def env(**options: Any) -> AECEnv:
        wrapped = raw_class(**options)
        wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
        return wrappers.OrderEnforcingWrapper(wrapped)

    env.__doc__ = f"The {raw_class.metadata['name']} environment, wrapped (out-of-bounds actions and " \
                  f"calls out of order raise).  Options: see `{raw_class.__name__}`."
    return env

"""Single-agent Gymnasium environments: the learner takes one seat, bots take the others.

Registered by ``import tablehall.envs`` as ``tablehall/Catan-v0``, ``tablehall/Blokus-v0``,
``tablehall/Dominion-v0`` and ``tablehall/Renaissance-v0``::

    env = gymnasium.make("tablehall/Dominion-v0", opponents=["bigmoney"], shaping=0.1)

``opponents`` are seat texts exactly as for ``tablehall play --seats`` (built-in bot names,
``cmd:COMMAND`` where the game has subprocess bots, ``policy:...``); their number sets the
player count.  The game runs in the kernel's `Match` runner, the one ``tablehall play`` uses,
with the learner's seat answered by `step`: the other seats are seeded the same way, so
``reset(seed=s)`` with the learner on seat k plays the game ``tablehall play --seed s`` plays
with those seats, and each finished game is a record (`last_record`, or ``store=`` to keep
them).  ``seat=None`` puts the learner on a seat drawn anew each episode.

Observation and action space are the PettingZoo environment's (a Dict of ``observation`` and
``action_mask``; `action_masks()` gives the mask too).  Reward: the end of the game from the
learner's result (+1 win, 0 shared win, -1 otherwise) plus ``shaping`` times each change of its
own points.  An index outside the mask is a rule violation: the engine takes the learner out
(the game may play on without it until the end) and the episode ends.
"""

from __future__ import annotations

import asyncio
from typing import Any, Sequence

import gymnasium
import numpy as np
from gymnasium import spaces

from tablehall.core import Agent, GameState, Match
from tablehall.core.records import Record
from tablehall.core.seats import make_agent
from tablehall.core.store import RecordStore, open_store

from .adapter import Adapter, outcome
from .games import ADAPTERS

DEFAULT_OPPONENTS = {"blokus": ["random"], "catan": ["random"] * 3, "dominion": ["random"],
                     "renaissance": ["random"]}


class _Learner(Agent):
    """The learner's seat in the match: a decision waits for `step`."""

    name = "learner"
    kind = "env"

    def __init__(self) -> None:
        self.future: asyncio.Future | None = None
        self.asked = asyncio.Event()
        self.rejections: list[str] = []

    async def decide(self, seat: int, state: GameState) -> Any:
        self.future = asyncio.get_running_loop().create_future()
        self.asked.set()
        try:
            return await self.future
        finally:
            self.future = None

    def rejected(self, seat: int, action: Any, error: Exception) -> None:
        self.rejections.append(str(error))


class TablehallGymEnv(gymnasium.Env):
    """One seat of a tablehall game; subclasses set `game`."""

    game: str
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, opponents: Sequence[str] | None = None, seat: int | None = 0, shaping: float = 0.0,
                 max_steps: int | None = None, store: RecordStore | str | None = None,
                 render_mode: str | None = None, **game_options: Any) -> None:
        opponents = list(DEFAULT_OPPONENTS[self.game] if opponents is None else opponents)
        self.players = len(opponents) + 1
        self.adapter: Adapter = ADAPTERS[self.game](self.players)
        self.spec_ = self.adapter.spec
        self.game_options = self.spec_.normalize_options(game_options)
        if seat is not None and not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0..{self.players - 1} or None")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        for text in opponents:  # a bad seat fails now, not in the middle of an episode
            if not text.startswith("cmd:"):
                make_agent(self.spec_, text, 0, 0)
        self.opponents = opponents
        self.fixed_seat = seat
        self.shaping = float(shaping)
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.store = open_store(store) if isinstance(store, str) else store
        low, high = self.adapter.layout.bounds()
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(low, high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (self.adapter.action_count,), dtype=np.int8),
        })
        self.action_space = spaces.Discrete(self.adapter.action_count)
        self.loop = asyncio.new_event_loop()
        self.match: Match | None = None
        self._task: asyncio.Task | None = None
        self._learner: _Learner | None = None
        self.seat = 0
        self.last_record: Record | None = None

    # -- episodes ---------------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        super().reset(seed=seed)
        self._stop_match()
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(1 << 31))
        self.seat = (self.fixed_seat if self.fixed_seat is not None
                     else int(self.np_random.integers(self.players)))
        learner = self._learner = _Learner()
        texts = self.opponents[:self.seat] + ["learner"] + self.opponents[self.seat:]
        agents = [learner if s == self.seat else make_agent(self.spec_, text, s, game_seed)
                  for s, text in enumerate(texts)]
        self.match = Match(self.spec_, agents, seed=game_seed, options=self.game_options, names=texts,
                           store=self.store)
        self._task = self.loop.create_task(self.match.run())
        self.draft = None
        self.steps = 0
        self.last_record = None
        self._points = self.adapter.points(self.match.state, self.seat)
        self._advance()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[dict, float, bool, bool, dict]:
        if self.match is None or self._task is None:
            raise RuntimeError("call reset() first")
        if self._task.done():
            raise RuntimeError("the episode is over: call reset()")
        index = int(action)
        if not 0 <= index < self.adapter.action_count:
            raise ValueError(f"action {index} out of range 0..{self.adapter.action_count - 1}")
        engine_action, self.draft = self.adapter.decode(self.match.state, self.seat, index, self.draft)
        self.steps += 1
        if engine_action is not None:
            learner = self._learner
            assert learner is not None and learner.future is not None
            learner.asked.clear()
            learner.future.set_result(engine_action)
            self._advance()
        state = self.match.state
        reward = 0.0
        if self.shaping:
            now = self.adapter.points(state, self.seat)
            reward += self.shaping * (now - self._points)
            self._points = now
        out = self.seat in self._out_seats()
        terminated = self._task.done() or out
        if terminated:
            if not self._task.done():  # taken out: the others play on to the end of the game
                self.loop.run_until_complete(self._task)
            self.last_record = self._task.result()
            reward += outcome(self.last_record.result, self.seat) if not out else -1.0
        truncated = not terminated and self.max_steps is not None and self.steps >= self.max_steps
        return self._observation(), reward, terminated, truncated, self._info()

    def _advance(self) -> None:
        """Run the match until the learner is asked or the game is over."""
        learner, task = self._learner, self._task
        assert learner is not None and task is not None

        async def until_asked() -> None:
            asked = asyncio.ensure_future(learner.asked.wait())
            try:
                await asyncio.wait([asked, task], return_when=asyncio.FIRST_COMPLETED)
            finally:
                asked.cancel()

        self.loop.run_until_complete(until_asked())

    def _out_seats(self) -> set[int]:
        return {entry.seat for entry in self.match.record.entries if entry.forfeit is not None}

    def _observation(self) -> dict[str, np.ndarray]:
        state = self.match.state
        asked = self._learner is not None and self._learner.future is not None and not self._task.done()
        mask = self.adapter.mask(state, self.seat, self.draft) if asked else self.adapter.zero_mask()
        return {"observation": self.adapter.observe(state, self.seat, self.draft), "action_mask": mask}

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"seat": self.seat}
        if self.last_record is not None:
            info["result"] = self.last_record.result.to_json() if self.last_record.result else None
        return info

    def action_masks(self) -> np.ndarray:
        """The legal indices now (for maskable learners, e.g. sb3-contrib's MaskablePPO)."""
        return self._observation()["action_mask"].astype(bool)

    def _stop_match(self) -> None:
        if self._task is not None and not self._task.done():
            assert self.match is not None
            self.match.abort("the environment was reset")
            self.loop.run_until_complete(self._task)
        self._task = None

    def render(self) -> str | None:
        if self.render_mode is None or self.match is None:
            return None
        return self.adapter.render(self.match.state)

    def close(self) -> None:
        if not self.loop.is_closed():
            self._stop_match()
            self.loop.close()
        if self.store is not None:
            self.store.close()
            self.store = None
        super().close()


class CatanEnv(TablehallGymEnv):
    game = "catan"


class BlokusEnv(TablehallGymEnv):
    game = "blokus"


class DominionEnv(TablehallGymEnv):
    game = "dominion"


class RenaissanceEnv(TablehallGymEnv):
    game = "renaissance"


def register_envs() -> None:
    """Register the four environments with Gymnasium (idempotent)."""
    from .games import GYM_IDS

    for game, env_id in GYM_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=f"tablehall.envs.gym:{game.capitalize()}Env")

"""Single-agent Gymnasium environments: the learner takes one seat, bots take the others.

Registered by ``import tablehall.envs`` under each game's `GameSpec.gym_id` (``tablehall/Catan-v0``,
``tablehall/Blokus-v0``, ``tablehall/Dominion-v0``, ``tablehall/Renaissance-v0``)::

    env = gymnasium.make("tablehall/Dominion-v0", opponents=["bigmoney"], shaping=0.1)

``opponents`` are seat texts exactly as for ``tablehall play --seats`` (built-in bot names,
``cmd:COMMAND`` where the game has subprocess bots, ``policy:...``); their number sets the
player count.  The seats are made and seeded as ``tablehall play`` makes them and the game is
played as its runner plays it, so ``reset(seed=s)`` with the learner on seat k plays the game
``tablehall play --seed s`` plays with those seats (by default the game's ``random`` bots, as many
as its usual seat count needs), and each finished game is a record
(`last_record`, or ``store=`` to keep them).  With subprocess opponents the kernel's `Match`
runs the game on an event loop of the environment's own; with in-process bots only the same
steps run inline (`_InlineTable`), which is faster and gives the same records (``inline=False``
runs them through `Match` too).  ``seat=None``
puts the learner on a seat drawn anew each episode.

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

from tablehall.core import Agent, Bot, BotAgent, GameState, Match
from tablehall.core.stamps import utc_now
from tablehall.core.records import Record, SeatInfo
from tablehall.core.registry import get_game
from tablehall.core.seats import make_agent
from tablehall.core.locations import open_store
from tablehall.core.store import RecordStore

from .adapter import Adapter, outcome
from .games import adapter_class, gym_ids
from .table import InlineTable, Table

LEARNER_KIND = "env"


class _Learner(Agent):
    """The learner's seat in a `Match`: a decision waits for `step`."""

    name = "learner"
    kind = LEARNER_KIND
    awaits_start = awaits_finish = False

    def __init__(self) -> None:
        self.future: asyncio.Future | None = None
        self.asked = asyncio.Event()

    async def decide(self, seat: int, state: GameState) -> Any:
        self.future = asyncio.get_running_loop().create_future()
        self.asked.set()
        try:
            return await self.future
        finally:
            self.future = None


class _MatchTable(Table):
    """The game run by the kernel's `Match` on an event loop of the environment's own, stepped
    until the learner is asked: for opponents that are subprocesses (``cmd:``)."""

    def __init__(self, adapter: Adapter, loop: asyncio.AbstractEventLoop, match: Match, learner: _Learner) -> None:
        super().__init__(adapter)
        self.loop, self.match, self.learner = loop, match, learner
        self.task = loop.create_task(match.run())
        self._advance()

    @property
    def state(self) -> GameState:
        return self.match.state

    @property
    def asked(self) -> bool:
        return self.learner.future is not None and not self.task.done()

    @property
    def over(self) -> bool:
        return self.task.done()

    def play(self, seat: int, action: Any) -> None:
        assert self.learner.future is not None
        self.learner.asked.clear()
        self.learner.future.set_result(action)
        self._advance()

    def finish(self) -> Record:
        return self.task.result()

    def abort(self) -> None:
        if not self.task.done():
            self.match.abort("the environment was reset")
            self.loop.run_until_complete(self.task)

    def _advance(self) -> None:
        learner, task = self.learner, self.task

        async def until_asked() -> None:
            asked = asyncio.ensure_future(learner.asked.wait())
            try:
                await asyncio.wait([asked, task], return_when=asyncio.FIRST_COMPLETED)
            finally:
                asked.cancel()

        self.loop.run_until_complete(until_asked())


class _InlineTable(InlineTable):
    """The game played inline when every other seat is an in-process bot (built-in or policy):
    the environments' own play loop (`InlineTable`), which plays the bots as `Match` plays
    trusted ones.  Records are the match runner's, digest for digest (tests/envs/test_gym.py),
    without an event loop in between; the record is stored when the game ends or is given up."""

    def __init__(self, adapter: Adapter, options: dict[str, Any], seed: int, seats: list[SeatInfo],
                 bots: dict[int, Bot], learner: int, store: RecordStore | None) -> None:
        self.started_at = utc_now()
        self.learner, self.store = learner, store
        super().__init__(adapter, options, seed, seats, bots)

    @property
    def asked(self) -> bool:
        return not self.state.is_over and self.state.to_act()[0] == self.learner

    def finish(self, unfinished: str = "left unfinished") -> Record:
        record = self.record(unfinished)
        record.started_at, record.ended_at = self.started_at, utc_now()
        if self.store is not None:
            self.store.save(record)
        return record

    def abort(self) -> None:
        if not self.over:
            self.finish("the environment was reset")


class TablehallGymEnv(gymnasium.Env):
    """One seat of the tablehall game `game`."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str, opponents: Sequence[str] | None = None, seat: int | None = 0, shaping: float = 0.0,
                 max_steps: int | None = None, store: RecordStore | str | None = None,
                 render_mode: str | None = None, inline: bool = True, **game_options: Any) -> None:
        self.game = game
        if opponents is None:
            opponents = ["random"] * (get_game(game).default_seat_count - 1)
        opponents = list(opponents)
        self.players = len(opponents) + 1
        self.adapter: Adapter = adapter_class(game)(self.players)
        self.game_spec = self.adapter.spec
        self.game_options = self.game_spec.normalize_options(game_options)
        if seat is not None and not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0..{self.players - 1} or None")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        for text in opponents:  # a bad seat fails now, not in the middle of an episode
            if not text.startswith("cmd:"):
                make_agent(self.game_spec, text, 0, 0)
        self.opponents = opponents
        self.fixed_seat = seat
        self.inline = inline  # False: every game through Match, even with in-process bots only
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
        self._loop: asyncio.AbstractEventLoop | None = None
        self.table: _InlineTable | _MatchTable | None = None
        self.seat = 0
        self.last_record: Record | None = None

    # -- episodes ---------------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        super().reset(seed=seed)
        if self.table is not None:
            self.table.abort()
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(1 << 31))
        self.seat = (self.fixed_seat if self.fixed_seat is not None
                     else int(self.np_random.integers(self.players)))
        texts = self.opponents[:self.seat] + ["learner"] + self.opponents[self.seat:]
        agents = [None if s == self.seat else make_agent(self.game_spec, text, s, game_seed)
                  for s, text in enumerate(texts)]
        if self.inline and all(isinstance(a, BotAgent) for a in agents if a is not None):
            seats = [SeatInfo(text, LEARNER_KIND if a is None else a.kind) for text, a in zip(texts, agents)]
            bots = {s: a.bot for s, a in enumerate(agents) if a is not None}
            self.table = _InlineTable(self.adapter, self.game_options, game_seed, seats, bots, self.seat, self.store)
        else:
            if self._loop is None:
                self._loop = asyncio.new_event_loop()
            learner = _Learner()
            agents[self.seat] = learner
            match = Match(self.game_spec, agents, seed=game_seed, options=self.game_options, names=texts,
                          store=self.store)
            self.table = _MatchTable(self.adapter, self._loop, match, learner)
        self.steps = 0
        self.last_record = self.table.finish() if self.table.over else None  # over before the learner was asked
        self._points = self.adapter.points(self.table.state, self.seat)
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[dict, float, bool, bool, dict]:
        table = self.table
        if table is None:
            raise RuntimeError("call reset() first")
        if table.over or self.last_record is not None:
            raise RuntimeError("the episode is over: call reset()")
        table.step(self.seat, int(action))
        self.steps += 1
        state = table.state
        reward = 0.0
        if self.shaping:
            now = self.adapter.points(state, self.seat)
            reward += self.shaping * (now - self._points)
            self._points = now
        terminated = table.over  # a learner taken out: the bots have played on to the end
        if terminated:
            self.last_record = table.finish()
            reward += outcome(self.last_record.result, self.seat)
        truncated = not terminated and self.max_steps is not None and self.steps >= self.max_steps
        return self._observation(), reward, terminated, truncated, self._info()

    def _observation(self) -> dict[str, np.ndarray]:
        return self.table.observe(self.seat, self.table.asked and self.last_record is None)

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"seat": self.seat}
        if self.last_record is not None:
            info["result"] = self.last_record.result.to_json() if self.last_record.result else None
        return info

    def action_masks(self) -> np.ndarray:
        """The legal indices now (for maskable learners, e.g. sb3-contrib's MaskablePPO)."""
        return self._observation()["action_mask"].astype(bool)

    def render(self) -> str | None:
        if self.render_mode is None or self.table is None:
            return None
        return self.adapter.render(self.table.state)

    def close(self) -> None:
        if self.table is not None:
            self.table.abort()
            self.table = None
        if self._loop is not None and not self._loop.is_closed():
            self._loop.close()
        if self.store is not None:
            self.store.close()
            self.store = None
        super().close()


def register_envs() -> None:
    """Register with Gymnasium every game's environment that its SPEC names (`gym_id`);
    idempotent: call it again after adding games."""
    for game, env_id in gym_ids().items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="tablehall.envs.gym:TablehallGymEnv", kwargs={"game": game})

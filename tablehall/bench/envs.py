"""`tablehall bench envs`: environment steps per second per game, on one core, with random
masked actions, side by side with the bare engine and with peers' environments.

Contenders, each a loop that keeps playing game after game:

* **engine**: the bare engine as a random bot drives it: `to_act`, `legal_actions`, a uniform
  pick, `apply` (no observation);
* **env**: the PettingZoo AEC environment (`raw_env`) with a random masked agent: `last()`
  (observation and mask), a uniform pick among the legal indices, `step`;
* **gym**: the Gymnasium environment `tablehall/Catan-v0` with one random bot, against
  Catanatron's Gymnasium environment `catanatron-v1` (from the catanatron_gym package; one
  random enemy, as its default), learner steps per second;
* PettingZoo classic `chess_v6` and `go_v5` (19x19) for scale.

The contenders take turns in rounds, each running for the same CPU time (`time.process_time`)
per round, so a change in a shared machine's load weighs on all alike; the figures are medians
over the rounds with their spread (min-max).  The env/engine ratio compares CPU time per engine
action (a draft's extra indices included), round by round: it is what the environment layer
costs on top of the engine (1.0 = nothing, 2.0 = as much as the engine itself).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any, Callable

import numpy as np

from ..core.registry import get_game

GAMES = (("blokus", 2), ("catan", 4), ("dominion", 2), ("renaissance", 2), ("renaissance", 1))


class Runner:
    """A contender: `run(seconds)` plays on for about that much CPU time -> (steps, actions, cpu)."""

    label: str

    def run(self, seconds: float) -> tuple[int, int, float]:
        steps = actions = 0
        started = time.process_time()
        while time.process_time() - started < seconds:
            s, a = self.chunk()
            steps += s
            actions += a
        return steps, actions, time.process_time() - started

    def chunk(self) -> tuple[int, int]:
        raise NotImplementedError


class EngineRunner(Runner):
    def __init__(self, game: str, players: int, seed: int = 1) -> None:
        self.label = f"{game} {players}p engine"
        self.spec = get_game(game)
        self.players = players
        self.rng = random.Random(seed)
        self.games = 0
        self.state = self._new()

    def _new(self):
        self.games += 1
        return self.spec.new(self.players, {}, self.games)

    def chunk(self) -> tuple[int, int]:
        state, below = self.state, self.rng.randrange
        steps = 0
        for _ in range(200):
            if state.is_over:
                state = self.state = self._new()
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[below(len(legal))])
            steps += 1
        return steps, steps


class EnvRunner(Runner):
    def __init__(self, game: str, players: int, seed: int = 1, wrapped: bool = False) -> None:
        import importlib

        module = importlib.import_module(f"tablehall.envs.{game}_v0")
        self.label = f"{game} {players}p env{' (wrapped)' if wrapped else ''}"
        self.env = (module.env if wrapped else module.raw_env)(players=players)
        self.raw = self.env.unwrapped
        self.rng = random.Random(seed)
        self.games = 0
        self.env.reset(seed=0)

    def chunk(self) -> tuple[int, int]:
        env, below = self.env, self.rng.randrange
        before = len(self.raw._actions)
        steps = 0
        for _ in range(200):
            if not env.agents:
                self.games += 1
                before -= len(self.raw._actions)
                env.reset(seed=self.games)
                before += len(self.raw._actions)
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[below(len(legal))]))
            steps += 1
        return steps, len(self.raw._actions) - before


class GymRunner(Runner):
    """A Gymnasium environment with a random masked learner; masks from `mask_of(obs, info)`."""

    def __init__(self, label: str, make: Callable[[], Any], mask_of: Callable[[Any, Any], Any], seed: int = 1) -> None:
        self.label = label
        self.env = make()
        self.mask_of = mask_of
        self.rng = random.Random(seed)
        self.games = 0
        self.observation, self.info = self.env.reset(seed=0)

    def chunk(self) -> tuple[int, int]:
        steps = 0
        for _ in range(50):
            legal = self.mask_of(self.observation, self.info)
            action = legal[self.rng.randrange(len(legal))]
            self.observation, _, terminated, truncated, self.info = self.env.step(action)
            steps += 1
            if terminated or truncated:
                self.games += 1
                self.observation, self.info = self.env.reset(seed=self.games)
        return steps, steps


class ClassicRunner(Runner):
    """A PettingZoo classic environment with random masked agents."""

    def __init__(self, label: str, env: Any, seed: int = 1) -> None:
        self.label = label
        self.env = env
        self.rng = random.Random(seed)
        self.games = 0
        self.env.reset(seed=0)

    def chunk(self) -> tuple[int, int]:
        env = self.env
        steps = 0
        for _ in range(100):
            if not env.agents:
                self.games += 1
                env.reset(seed=self.games)
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[self.rng.randrange(len(legal))]))
            steps += 1
        return steps, steps


class Transcript:
    """Random games played once through the environment, kept so that the same games can be
    replayed two ways: engine actions through `apply` alone, and indices through `env.step`
    alone (no observation asked).  Their CPU times per engine action compare the environment's
    step with the bare engine's apply; observation and mask are timed on the positions met."""

    def __init__(self, game: str, players: int, games: int, seed: int = 7) -> None:
        import importlib

        self.label = f"{game} {players}p"
        self.spec = get_game(game)
        self.players = players
        module = importlib.import_module(f"tablehall.envs.{game}_v0")
        self.env = module.raw_env(players=players, illegal="raise")
        rng = random.Random(seed)
        self.games: list[tuple[int, list[int], list[tuple[int, Any]]]] = []
        self.positions: list[tuple[Any, int, Any]] = []
        env = self.env
        for number in range(games):
            env.reset(seed=seed * 1000 + number)
            indices = []
            while not env.game.is_over:
                seat = env._seat_of[env.agent_selection]
                draft = env.drafts.get(seat)
                mask = env.adapter.mask(env.game, seat, draft)
                if len(self.positions) < 2000 and rng.random() < 0.2:
                    self.positions.append((env.game.copy(), seat, draft))
                legal = np.flatnonzero(mask)
                index = int(legal[rng.randrange(len(legal))])
                indices.append(index)
                env.step(index)
            self.games.append((env.seed, indices, list(env._actions)))
        self.actions = sum(len(actions) for _, _, actions in self.games)

    def apply_time(self) -> float:
        """CPU seconds to apply every engine action of the games to fresh games."""
        spec, players = self.spec, self.players
        started = time.process_time()
        for seed, _, actions in self.games:
            state = spec.new(players, self.env.game_options, seed)
            for seat, action in actions:
                state.apply(seat, action)
        return time.process_time() - started

    def step_time(self) -> float:
        """CPU seconds to step the environment through the same games, index by index."""
        env = self.env
        started = time.process_time()
        for seed, indices, _ in self.games:
            env.reset(seed=seed)
            step = env.step
            for index in indices:
                step(index)
        return time.process_time() - started

    def encode_time(self) -> tuple[float, float]:
        """CPU seconds per position for the mask and for the observation."""
        adapter = self.env.adapter
        started = time.process_time()
        for state, seat, draft in self.positions:
            adapter.mask(state, seat, draft)
        masked = time.process_time()
        for state, seat, draft in self.positions:
            adapter.observe(state, seat, draft)
        done = time.process_time()
        return (masked - started) / len(self.positions), (done - masked) / len(self.positions)


def peers() -> tuple[list[Runner], list[str]]:
    """Catanatron's Gymnasium environment and PettingZoo's chess and go, where installed."""
    runners: list[Runner] = []
    missing: list[str] = []
    try:
        import gymnasium
        import catanatron_gym  # noqa: F401 - registers catanatron-v1

        runners.append(GymRunner("catanatron-v1 (catanatron_gym)", lambda: gymnasium.make("catanatron-v1"),
                                 lambda observation, info: info["valid_actions"]))
    except ImportError:
        missing.append("catanatron_gym (pip install catanatron && pip install --no-deps catanatron_gym: "
                       "it pins an older gymnasium, its code runs on the current one)")
    try:
        from pettingzoo.classic import chess_v6, go_v5

        runners.append(ClassicRunner("pettingzoo chess_v6", chess_v6.raw_env()))
        runners.append(ClassicRunner("pettingzoo go_v5 19x19", go_v5.raw_env(board_size=19)))
    except ImportError as exc:
        missing.append(f"pettingzoo classic ({exc}; pip install chess pygame)")
    return runners, missing


def ours_gym() -> GymRunner:
    import gymnasium

    import tablehall.envs  # noqa: F401

    return GymRunner("tablehall/Catan-v0 (1 random bot)",
                     lambda: gymnasium.make("tablehall/Catan-v0", opponents=["random"]),
                     lambda observation, info: np.flatnonzero(observation["action_mask"]))


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):,.0f} ({min(values):,.0f}-{max(values):,.0f})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tablehall bench envs", description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per contender per round (default 2)")
    parser.add_argument("--games", default=",".join(f"{g}:{p}" for g, p in GAMES),
                        help="game:players,... (default: every game)")
    parser.add_argument("--no-peers", action="store_true", help="tablehall only")
    parser.add_argument("--transcript-games", type=int, default=20, help="games per game replayed to time the step "
                                                                          "layer (default 20)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = parser.parse_args(argv)

    pairs = []
    for item in args.games.split(","):
        game, _, players = item.partition(":")
        pairs.append((EngineRunner(game, int(players)), EnvRunner(game, int(players))))
    gyms: list[Runner] = [ours_gym()]
    missing: list[str] = []
    if not args.no_peers:
        found, missing = peers()
        gyms += found
    transcripts = [Transcript(engine.label.split()[0], engine.players, args.transcript_games) for engine, _ in pairs]
    layer: dict[str, dict[str, list[float]]] = {t.label: {"apply": [], "step": [], "mask": [], "observe": []}
                                                for t in transcripts}
    everyone: list[Runner] = [r for pair in pairs for r in pair] + gyms
    rates: dict[str, list[float]] = {r.label: [] for r in everyone}
    per_action: dict[str, list[float]] = {r.label: [] for r in everyone}
    for round_number in range(args.rounds):
        for t in transcripts:
            times = layer[t.label]
            times["apply"].append(t.apply_time() / t.actions)
            times["step"].append(t.step_time() / t.actions)
            mask, observe = t.encode_time()
            times["mask"].append(mask)
            times["observe"].append(observe)
        for runner in everyone:
            steps, actions, cpu = runner.run(args.seconds)
            rates[runner.label].append(steps / cpu)
            per_action[runner.label].append(cpu / max(actions, 1))
    print(f"Learning environments: one core, CPU time, {args.rounds} interleaved rounds; median (min-max over rounds)")
    print(f"The step layer, the same random games replayed ({args.transcript_games} per game): engine apply vs "
          f"env.step, per engine action; mask and observation per decision (microseconds)")
    print(f"{'game':<18}{'apply':>9}{'env.step':>10}{'step/apply':>20}{'mask':>9}{'observation':>13}")
    figures: dict[str, Any] = {"rounds": args.rounds, "seconds": args.seconds, "layer": {}, "games": {}, "gym": {}}
    for t in transcripts:
        times = layer[t.label]
        ratios = [step / apply for step, apply in zip(times["step"], times["apply"])]
        median = {key: statistics.median(values) * 1e6 for key, values in times.items()}
        print(f"{t.label:<18}{median['apply']:>9.1f}{median['step']:>10.1f}"
              f"{statistics.median(ratios):>9.2f} ({min(ratios):.2f}-{max(ratios):.2f})"
              f"{median['mask']:>9.1f}{median['observe']:>13.1f}")
        figures["layer"][t.label] = {**{f"{k}_us": v for k, v in median.items()},
                                     "step_over_apply": statistics.median(ratios),
                                     "step_over_apply_range": [min(ratios), max(ratios)]}
    print(f"Random masked play, {args.seconds:g} s per contender per round: the engine driven by a random bot "
          f"(legal_actions, pick, apply) vs the environment driven by a random agent (last(): observation "
          f"and mask; pick; step)")
    print(f"{'game':<18}{'engine actions/s':>26}{'env steps/s':>26}   env/engine CPU per action")
    for engine, env in pairs:
        ratios = [e / b for e, b in zip(per_action[env.label], per_action[engine.label])]
        name = engine.label.rsplit(" ", 1)[0]
        print(f"{name:<18}{spread(rates[engine.label]):>26}{spread(rates[env.label]):>26}   "
              f"{statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f})")
        figures["games"][name] = {"engine_actions_per_s": statistics.median(rates[engine.label]),
                                  "env_steps_per_s": statistics.median(rates[env.label]),
                                  "env_over_engine": statistics.median(ratios),
                                  "env_over_engine_range": [min(ratios), max(ratios)]}
    print("Gymnasium and PettingZoo peers, steps per second:")
    base = rates[gyms[0].label]
    for runner in gyms:
        ratio = [ours / theirs for ours, theirs in zip(base, rates[runner.label])]
        versus = "" if runner is gyms[0] else (f"   tablehall/Catan-v0 is {statistics.median(ratio):.2f}x "
                                               f"({min(ratio):.2f}-{max(ratio):.2f})")
        print(f"  {runner.label:<40}{spread(rates[runner.label]):>26}{versus}")
        figures["gym"][runner.label] = statistics.median(rates[runner.label])
    for line in missing:
        print(f"  not measured: {line}")
    if args.json:
        print(json.dumps(figures, indent=1))
    return 0

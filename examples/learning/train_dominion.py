#!/usr/bin/env python3
"""Train a small policy-gradient agent for Dominion against tablehall's random bot, then print
its win rate.  numpy only: no GPU, nothing downloaded.

    pip install 'tablehall[envs]'
    python examples/learning/train_dominion.py                    # ~1 minute on one core
    python examples/learning/train_dominion.py --train 2000 --eval 500 --opponent bigmoney
    tablehall play dominion --seats policy:examples/learning/dominion_policy.py:policy,random

The agent is a linear softmax policy over the environment's observation (docs/envs.md), its
logits masked to the legal actions, trained with REINFORCE on the Gymnasium environment
``tablehall/Dominion-v0``: the game's result (+1 / 0 / -1) plus a shaped reward for every
victory point gained.  The weights are saved for `dominion_policy.py`, which turns them into a
policy any tablehall seat can take (``policy:PATH.py:policy``).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import gymnasium
import numpy as np

import tablehall.envs  # noqa: F401 - registers tablehall/Dominion-v0

HERE = Path(__file__).resolve().parent
WEIGHTS = HERE / "dominion_weights.npz"


class LinearPolicy:
    """Masked softmax over ``features @ W + b``; features are the observation scaled to [0, 1]."""

    def __init__(self, scale: np.ndarray, actions: int, rng: np.random.Generator) -> None:
        self.scale = scale
        self.W = np.zeros((scale.size, actions))
        self.b = np.zeros(actions)
        self.rng = rng

    def features(self, observation: np.ndarray) -> np.ndarray:
        return observation / self.scale

    def probabilities(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = x @ self.W + self.b
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()

    def sample(self, observation: np.ndarray, mask: np.ndarray) -> tuple[int, np.ndarray, np.ndarray]:
        x = self.features(observation)
        p = self.probabilities(x, mask)
        return int(self.rng.choice(p.size, p=p)), x, p

    def greedy(self, observation: np.ndarray, mask: np.ndarray) -> int:
        return int(np.argmax(self.probabilities(self.features(observation), mask)))

    def learn(self, steps: list[tuple[np.ndarray, np.ndarray, int]], returns: np.ndarray, rate: float) -> None:
        """REINFORCE: move log pi(a|x) along each step's return (minus the batch's mean)."""
        advantages = returns - returns.mean()
        for (x, p, action), advantage in zip(steps, advantages):
            grad = -p
            grad[action] += 1.0  # d log softmax / d logits
            self.W += rate * advantage * np.outer(x, grad)
            self.b += rate * advantage * grad

    def save(self, path: Path) -> None:
        np.savez(path, W=self.W, b=self.b, scale=self.scale)


def play_episode(env, policy: LinearPolicy, seed: int, learn: bool):
    observation, _ = env.reset(seed=seed)
    steps, rewards = [], []
    while True:
        if learn:
            action, x, p = policy.sample(observation["observation"], observation["action_mask"])
            steps.append((x, p, action))
        else:
            action = policy.greedy(observation["observation"], observation["action_mask"])
        observation, reward, terminated, truncated, info = env.step(action)
        rewards.append(reward)
        if terminated or truncated:
            return steps, rewards, info


def discounted(rewards: list[float], gamma: float) -> np.ndarray:
    out, running = np.zeros(len(rewards)), 0.0
    for t in range(len(rewards) - 1, -1, -1):
        running = rewards[t] + gamma * running
        out[t] = running
    return out


def games(text: str) -> int:
    """A number of games for argparse: 0 or more."""
    count = int(text)
    if count < 0:
        raise argparse.ArgumentTypeError(f"a number of games is 0 or more, not {count}")
    return count


def main(argv=None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--train", type=games, default=400, help="training games (default 400)")
    parser.add_argument("--eval", type=games, default=200, help="evaluation games (default 200; 0: none)")
    parser.add_argument("--opponent", default="random", help="the bot to train and play against (default random)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rate", type=float, default=0.02, help="learning rate")
    parser.add_argument("--save", default=str(WEIGHTS), help=f"where the weights go (default {WEIGHTS.name})")
    args = parser.parse_args(argv)

    rng = np.random.default_rng(args.seed)
    # shaping: +0.1 per victory point as it is gained; the learner's seat changes every game
    env = gymnasium.make("tablehall/Dominion-v0", opponents=[args.opponent], seat=None, shaping=0.1)
    env.reset(seed=args.seed)
    space = env.observation_space["observation"]
    policy = LinearPolicy(np.maximum(np.abs(space.high), 1.0), env.action_space.n, rng)
    started = time.process_time()
    batch: list = []
    batch_returns: list = []
    for game in range(args.train):
        steps, rewards, _ = play_episode(env, policy, seed=args.seed * 1_000_003 + game, learn=True)
        batch += steps
        batch_returns.append(discounted(rewards, 0.97))
        if len(batch_returns) == 8 or game == args.train - 1:  # one update per 8 games
            policy.learn(batch, np.concatenate(batch_returns), args.rate)
            batch, batch_returns = [], []
    policy.save(Path(args.save))
    trained = time.process_time() - started
    wins = draws = 0
    points = np.zeros(2)
    for game in range(args.eval):
        _, _, info = play_episode(env, policy, seed=10**9 + args.seed * 100_003 + game, learn=False)
        seats = info["result"]["seats"]
        me = info["seat"]
        winners = [s["seat"] for s in seats if s["rank"] == 1]
        wins += winners == [me]
        draws += len(winners) > 1 and me in winners
        points += (seats[me]["score"], seats[1 - me]["score"])
    env.close()
    print(f"trained {args.train} games against {args.opponent} in {trained:.1f} s CPU")
    figures = {"win_rate": None, "points": None, "opponent_points": None}  # without evaluation games
    if args.eval:
        rate, mean = wins / args.eval, points / args.eval
        print(f"greedy policy against {args.opponent}: {wins} wins, {draws} draws in {args.eval} games, "
              f"win rate {100 * rate:.1f}%, victory points {mean[0]:.1f} to {mean[1]:.1f}")
        figures = {"win_rate": rate, "points": float(mean[0]), "opponent_points": float(mean[1])}
    else:
        print("not evaluated (--eval 0)")
    print(f"weights saved to {args.save}")
    return figures


if __name__ == "__main__":
    main()

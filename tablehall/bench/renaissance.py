"""`tablehall bench renaissance`: how many games per second the rules play on one core.

Random games pick uniformly among the legal actions straight from the state (the rules'
own cost); the greedy line adds what the greedy bot's look-ahead costs.
"""

from __future__ import annotations

import argparse
import asyncio
import time
from typing import Sequence

from ..core.agents import BotAgent
from ..core.match import Match
from ..core.rng import Rng, derive_seed
from ..games.renaissance import SPEC
from ..games.renaissance.bots import GreedyBot, RandomBot
from ..games.renaissance.rules import RenaissanceState
from .measure import play_versus_engine


def random_game(seats: int, seed: int) -> int:
    """Play one game of uniformly random legal actions; returns the number of actions."""
    state = RenaissanceState(seats, {}, seed)
    rng = Rng(derive_seed(seed, "bench"))
    actions = 0
    while not state.is_over:
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        actions += 1
    return actions


def bot_game(seats: int, seed: int) -> int:
    """Greedy in seat 0 against random bots, each given its observation."""
    state = RenaissanceState(seats, {}, seed)
    bots = [GreedyBot(seed)] + [RandomBot(derive_seed(seed, s)) for s in range(1, seats)]
    actions = 0
    while not state.is_over:
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.observation(seat), seat))
        actions += 1
    return actions


def win_rates(games: int, seed: int) -> tuple[int, int]:
    """(greedy's wins over random in `games` two-player games, seats alternating;
    greedy's wins against Lorenzo in `games` solo games)."""
    duels = solos = 0
    for game in range(games):
        greedy_seat = game % 2
        agents = [BotAgent(RandomBot(derive_seed(seed, game, "random"))) for _ in range(2)]
        agents[greedy_seat] = BotAgent(GreedyBot(derive_seed(seed, game, "greedy")))
        record = asyncio.run(Match(SPEC, agents, seed=seed + game).run())
        duels += record.result.winners == [greedy_seat]
        record = asyncio.run(Match(SPEC, [BotAgent(GreedyBot(seed + game))], seed=seed + game).run())
        solos += record.result.winners == [0]
    return duels, solos


def measure(play, seats: int, games: int, seed: int) -> tuple[float, float, float]:
    """(games/s, actions/s, actions per game)."""
    started = time.process_time()
    total = sum(play(seats, seed + g) for g in range(games))
    elapsed = time.process_time() - started
    return games / elapsed, total / elapsed, total / games


def main(argv: Sequence[str] = ()) -> int:
    parser = argparse.ArgumentParser(prog="tablehall bench renaissance", description=__doc__)
    parser.add_argument("--games", type=int, default=300, help="games per measurement (default 300)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--play-seconds", type=float, default=8.0,
                        help="CPU seconds for the engine loop against tablehall play's path (0 skips it)")
    parser.add_argument("--winrates", type=int, default=0, metavar="N",
                        help="also play N greedy-vs-random and N greedy solo games through the match runner")
    args = parser.parse_args(list(argv))
    rows = [("random, 4 players", random_game, 4, args.games),
            ("random, 2 players", random_game, 2, args.games),
            ("random, solo", random_game, 1, args.games),
            ("greedy vs random, 2 players", bot_game, 2, max(1, args.games // 10)),
            ("greedy, solo", bot_game, 1, max(1, args.games // 10))]
    print(f"Masters of Renaissance, one core, CPU time, {args.games} games per random line")
    for label, play, seats, games in rows:
        per_second, actions_per_second, length = measure(play, seats, games, args.seed)
        print(f"  {label:28s} {per_second:9.1f} games/s  {actions_per_second:9.0f} actions/s  "
              f"{length:6.0f} actions/game")
    if args.play_seconds > 0:
        print("  4 random bots (the built-in 'random' bot), same games:")
        for line in play_versus_engine(SPEC, ["random"] * 4, args.play_seconds):
            print(line)
    if args.winrates:
        duels, solos = win_rates(args.winrates, args.seed)
        print(f"  greedy beat random in {duels}/{args.winrates} two-player games ({100 * duels / args.winrates:.1f} %)")
        print(f"  greedy beat Lorenzo in {solos}/{args.winrates} solo games ({100 * solos / args.winrates:.1f} %)")
    return 0

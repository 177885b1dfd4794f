"""`tablehall bench arena`: what the arena's backends cost and what duplicate seeding buys.

1. Scaling: games per second of each game's bots with 1 and 2 local worker processes, the
   two measured alternately (interleaved) several times; the ratio of the rates with its
   spread, and the scaling efficiency (rate with 2 / twice the rate with 1).  Throughput is a
   wall-clock figure by nature; each game's CPU time is shown beside it.
2. Ray: the same games on a local Ray instance and on local workers, interleaved; Ray's
   overhead per game is the difference of wall time per game (and its start-up, apart).
3. Duplicate seeding: the same number of games between the same two bots, with one seed per
   pair of seat-swapped games or a seed per game, repeated with different tournament seeds.
   For each mode: the mean 95 % interval half-width of the challenger's score margin (its
   score minus the opponent's, per game) and of its expected score, and the spread actually
   seen between repetitions.  The ratio of the widths is how much duplicate seeding narrows
   the error bars.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import statistics
import time
from typing import Any, Sequence

from .entrants import parse_entrants
from .runner import Backend, LocalBackend, RayBackend
from .stats import ClusteredMean, HeadToHead
from .tournament import Settings, Tournament
from ..core.registry import game_names, get_game

#: the two bots measured in each game (the first is the challenger)
PAIRS = {"blokus": ("strong", "random"), "catan": ("strong", "random"), "dominion": ("smithy", "bigmoney"),
         "renaissance": ("greedy", "random")}


def play(game: str, backend: Backend, games: int, seed: int, duplicate: bool = True) -> Tournament:
    spec = get_game(game)
    settings = Settings(game, parse_entrants(spec, list(PAIRS[game])), 2, games=games, seed=seed, duplicate=duplicate)
    tournament = Tournament(settings)
    asyncio.run(tournament.run(backend))
    return tournament


def timed(game: str, backend: Backend, games: int, seed: int) -> tuple[float, float]:
    """(games per second, CPU seconds per game) of one run."""
    started = time.perf_counter()
    tournament = play(game, backend, games, seed)
    wall = time.perf_counter() - started
    cpu = sum(o.cpu for _, o in tournament.games) / len(tournament.games)
    return len(tournament.games) / wall, cpu


def spread(values: Sequence[float]) -> str:
    if len(values) < 2:
        return f"{values[0]:.3f}"
    return f"{statistics.median(values):.3f} (min {min(values):.3f}, max {max(values):.3f})"


def scaling(games_list: Sequence[str], games: int, repeats: int) -> None:
    print(f"## Scaling: games/s with 1 and 2 local worker processes ({games} games a run, {repeats} interleaved "
          f"runs each, {os.cpu_count()} cores)\n")
    print("| game | bots | 1 worker games/s | 2 workers games/s | ratio 2/1 | efficiency | CPU ms/game |")
    print("|---|---|---|---|---|---|---|")
    pools = {1: LocalBackend(1), 2: LocalBackend(2)}
    try:
        for game in games_list:
            for workers, pool in pools.items():  # warm the workers (imports) before timing
                timed(game, pool, 2 * workers, seed=999)
            rates: dict[int, list[float]] = {1: [], 2: []}
            cpus: list[float] = []
            for run in range(repeats):
                for workers in (1, 2) if run % 2 == 0 else (2, 1):
                    rate, cpu = timed(game, pools[workers], games, seed=run)
                    rates[workers].append(rate)
                    cpus.append(cpu)
            ratios = [b / a for a, b in zip(rates[1], rates[2])]
            print(f"| {game} | {' vs '.join(PAIRS[game])} | {spread(rates[1])} | {spread(rates[2])} | "
                  f"{spread(ratios)} | {statistics.median(ratios) / 2:.0%} | {1000 * statistics.median(cpus):.2f} |")
    finally:
        for pool in pools.values():
            pool.close()
    print()


def ray_overhead(game: str, games: int, repeats: int) -> None:
    started = time.perf_counter()
    try:
        ray_backend = RayBackend("local", workers=2)
    except ValueError as exc:
        print(f"## Ray: skipped ({exc})\n")
        return
    startup = time.perf_counter() - started
    local = LocalBackend(2)
    try:
        timed(game, ray_backend, 8, seed=999)
        timed(game, local, 8, seed=999)
        per_game: dict[str, list[float]] = {"ray": [], "local": []}
        for run in range(repeats):
            for name in ("ray", "local") if run % 2 == 0 else ("local", "ray"):
                rate, _ = timed(game, ray_backend if name == "ray" else local, games, seed=run)
                per_game[name].append(1000 / rate)
        overhead = [r - l for r, l in zip(per_game["ray"], per_game["local"])]
        print(f"## Ray against local workers ({game}, 2 CPUs each, {games} games a run, {repeats} interleaved runs)\n")
        print("| backend | wall ms per game |")
        print("|---|---|")
        print(f"| local workers | {spread(per_game['local'])} |")
        print(f"| Ray (local instance) | {spread(per_game['ray'])} |")
        print(f"\nRay's overhead per game: {spread(overhead)} ms; starting the local Ray instance: {startup:.1f} s.\n")
    finally:
        local.close()
        ray_backend.close()


def margins(tournament: Tournament) -> tuple[ClusteredMean, HeadToHead]:
    """The challenger's score margin per game (clustered by shared seed) and its head-to-head."""
    margin = ClusteredMean()
    challenger = tournament.settings.entrants[0].label
    for scheduled, outcome in tournament.games:
        labels = [tournament.settings.entrants[e].label for e in scheduled.seats]
        scores = {label: float(s["score"]) for label, s in zip(labels, sorted(outcome.result["seats"],
                                                                            key=lambda s: s["seat"]))}
        other = next(label for label in labels if label != challenger)
        cluster = scheduled.round if tournament.settings.duplicate else scheduled.index
        margin.add(scores[challenger] - scores[other], cluster)
    return margin, tournament.standings.head_to_head


def duplicate_seeding(games_list: Sequence[str], games: int, repeats: int) -> None:
    print(f"## Duplicate seeding: interval widths over the same games ({games} games a tournament, "
          f"{repeats} tournaments per mode)\n")
    print("Half-widths of 95 % intervals (mean over the tournaments) and the standard deviation actually seen "
          "between tournaments, with one seed per seat-swapped pair (duplicate) and a seed per game.\n")
    print("| game | bots | margin half-width, duplicate | margin half-width, seed per game | ratio | "
          "sd between runs, duplicate / per game | score half-width, duplicate / per game |")
    print("|---|---|---|---|---|---|---|")
    backend = LocalBackend(2)
    try:
        for game in games_list:
            widths: dict[bool, list[float]] = {True: [], False: []}
            means: dict[bool, list[float]] = {True: [], False: []}
            score_widths: dict[bool, list[float]] = {True: [], False: []}
            for run in range(repeats):
                for duplicate in (True, False):
                    margin, h2h = margins(play(game, backend, games, seed=1000 + run, duplicate=duplicate))
                    interval = margin.interval()
                    widths[duplicate].append(interval.half_width)
                    means[duplicate].append(interval.mean)
                    score = h2h.score_interval().half_width
                    if math.isfinite(score):
                        score_widths[duplicate].append(score)
            dup, per = statistics.mean(widths[True]), statistics.mean(widths[False])
            sds = f"{statistics.stdev(means[True]):.2f} / {statistics.stdev(means[False]):.2f}"
            scores = (f"{statistics.mean(score_widths[True]):.3f} / {statistics.mean(score_widths[False]):.3f}"
                      if score_widths[True] and score_widths[False] else "-")
            print(f"| {game} | {' vs '.join(PAIRS[game])} | {dup:.2f} | {per:.2f} | {dup / per:.2f} | {sds} | {scores} |")
    finally:
        backend.close()
    print()


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="tablehall bench arena", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per timed run (default 200)")
    parser.add_argument("--repeats", type=int, default=4, help="interleaved runs per figure (default 4)")
    parser.add_argument("--game", action="append", choices=game_names(), help="only these games (default all)")
    parser.add_argument("--duplicate-games", type=int, default=200, help="games per duplicate-seeding tournament")
    parser.add_argument("--duplicate-repeats", type=int, default=8, help="tournaments per duplicate-seeding mode")
    parser.add_argument("--no-ray", action="store_true", help="skip the Ray measurement")
    args = parser.parse_args(argv)
    games_list = args.game or game_names()
    print(f"# tablehall bench arena\n\n(`tablehall bench arena {' '.join(argv)}`)\n")
    scaling(games_list, args.games, args.repeats)
    if not args.no_ray:
        ray_overhead("dominion" if "dominion" in games_list else games_list[0], args.games, args.repeats)
    duplicate_seeding(games_list, args.duplicate_games, args.duplicate_repeats)
    return 0


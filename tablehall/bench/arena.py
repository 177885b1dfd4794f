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

from ..arena.entrants import parse_entrants
from ..arena.runner import Backend, LocalBackend, RayBackend, play_job
from ..arena.stats import ClusteredMean, HeadToHead, Sprt
from ..arena.tournament import Settings, Tournament
from ..core.registry import game_names, get_game

def pair(game: str) -> list[str]:
    """The two bots measured in `game`, as its SPEC pairs them (the first is the challenger)."""
    return list(get_game(game).paired_bots())


def play(game: str, backend: Backend, games: int, seed: int, duplicate: bool = True,
         on_game: Any = None) -> Tournament:
    spec = get_game(game)
    settings = Settings(game, parse_entrants(spec, pair(game)), 2, games=games, seed=seed, duplicate=duplicate)
    tournament = Tournament(settings, on_game=on_game)
    asyncio.run(tournament.run(backend))
    return tournament


def timed(game: str, backend: Backend, games: int, seed: int) -> tuple[float, dict[str, float]]:
    """(games per second, CPU ms per game: in the game, in the worker around it, in the arena)."""
    outcomes: list[Any] = []
    started, arena_started = time.perf_counter(), time.process_time()
    tournament = play(game, backend, games, seed, on_game=lambda _, outcome: outcomes.append(outcome))
    wall = time.perf_counter() - started
    arena = time.process_time() - arena_started
    count = len(tournament.games)
    return count / wall, {"game": 1000 * sum(o.cpu for o in outcomes) / count,
                          "worker": 1000 * sum(o.overhead_cpu for o in outcomes) / count,
                          "arena": 1000 * arena / count}


def load() -> str:
    try:
        return ", ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "?"


def spread(values: Sequence[float]) -> str:
    if len(values) < 2:
        return f"{values[0]:.3f}"
    return f"{statistics.median(values):.3f} (min {min(values):.3f}, max {max(values):.3f})"


def scaling(games_list: Sequence[str], games: int, repeats: int) -> None:
    print(f"## Scaling: games/s with 1 and 2 local worker processes ({games} games a run, {repeats} interleaved "
          f"runs each, {os.cpu_count()} cores, load average {load()} at the start)\n")
    print("CPU per game, in ms: in the game (the worker's CPU while the match runs), in the worker around the "
          "games (event loop, store), and in the arena's own process (scheduling, ratings, bookkeeping; "
          "with 2 workers).\n")
    print("CPU efficiency: the games' share of all the CPU the run used (what a machine without other load "
          "turns into throughput); ratio 2/1 and efficiency: wall-clock throughput, which on a shared machine "
          "is bounded by what the other processes leave.\n")
    print("| game | bots | game CPU | worker overhead CPU | arena CPU | CPU efficiency | 1 worker games/s | "
          "2 workers games/s | ratio 2/1 | efficiency |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    pools = {1: LocalBackend(1), 2: LocalBackend(2)}
    try:
        for game in games_list:
            for workers, pool in pools.items():  # warm the workers (imports) before timing
                timed(game, pool, 4 * workers, seed=999)
            rates: dict[int, list[float]] = {1: [], 2: []}
            cpu: dict[str, list[float]] = {"game": [], "worker": [], "arena": []}
            for run in range(repeats):
                for workers in (1, 2) if run % 2 == 0 else (2, 1):
                    rate, costs = timed(game, pools[workers], games, seed=run)
                    rates[workers].append(rate)
                    if workers == 2:
                        for key in cpu:
                            cpu[key].append(costs[key])
            ratios = [b / a for a, b in zip(rates[1], rates[2])]
            game_cpu, worker_cpu, arena_cpu = (statistics.median(cpu[k]) for k in ("game", "worker", "arena"))
            print(f"| {game} | {' vs '.join(pair(game))} | {game_cpu:.2f} | {worker_cpu:.3f} | {arena_cpu:.3f} | "
                  f"{game_cpu / (game_cpu + worker_cpu + arena_cpu):.0%} | "
                  f"{spread(rates[1])} | {spread(rates[2])} | {spread(ratios)} | "
                  f"{statistics.median(ratios) / 2:.0%} |")
    finally:
        for pool in pools.values():
            pool.close()
    print(f"\nLoad average at the end: {load()}.\n")


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
        print(f"## Ray against local workers ({game}, 2 CPUs each, {games} games a run, {repeats} interleaved runs, "
              f"load average {load()})\n")
        print("| backend | wall ms per game |")
        print("|---|---|")
        print(f"| local workers | {spread(per_game['local'])} |")
        print(f"| Ray (local instance) | {spread(per_game['ray'])} |")
        print(f"\nRay's overhead per game: {spread(overhead)} ms; starting the local Ray instance: {startup:.1f} s.\n")
    finally:
        local.close()
        ray_backend.close()


def margins(game: str, backend: Backend, games: int, seed: int, duplicate: bool) -> tuple[ClusteredMean, HeadToHead]:
    """The challenger's score margin per game (clustered by shared seed) and its head-to-head."""
    margin = ClusteredMean()

    def add(scheduled: Any, outcome: Any) -> None:
        if outcome.result is None or outcome.status == "aborted":
            return
        seats = sorted(outcome.result["seats"], key=lambda s: s["seat"])
        mine = scheduled.seats.index(0)  # the challenger is entrant 0
        cluster = scheduled.round if duplicate else scheduled.index
        margin.add(float(seats[mine]["score"]) - float(seats[1 - mine]["score"]), cluster)

    tournament = play(game, backend, games, seed, duplicate, on_game=add)
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
                    margin, h2h = margins(game, backend, games, 1000 + run, duplicate)
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
            print(f"| {game} | {' vs '.join(pair(game))} | {dup:.2f} | {per:.2f} | {dup / per:.2f} | {sds} | {scores} |")
    finally:
        backend.close()
    print()


def self_play_sprt(seeds: int) -> None:
    """An A/A test: a deterministic bot against itself until the SPRT accepts H0, with and
    without duplicate seeding."""
    spec = get_game("dominion")
    print(f"## Duplicate seeding and an A/A SPRT (dominion bigmoney vs bigmoney, elo0 0, elo1 30, "
          f"{seeds} tournament seeds)\n")
    print("| seeding | games to the verdict (each seed) | verdicts |")
    print("|---|---|---|")
    backend = LocalBackend(2)
    try:
        for duplicate in (True, False):
            counts, verdicts = [], set()
            for seed in range(1, seeds + 1):
                settings = Settings("dominion", parse_entrants(spec, ["bigmoney", "bigmoney"]), 2, games=20000,
                                    seed=seed, duplicate=duplicate, sprt=Sprt(0, 30))
                tournament = Tournament(settings)
                asyncio.run(tournament.run(backend))
                counts.append(len(tournament.games))
                verdicts.add(tournament.verdict)
            print(f"| {'one seed per pair' if duplicate else 'a seed per game'} | {', '.join(map(str, counts))} "
                  f"(median {statistics.median(counts):g}) | {', '.join(sorted(verdicts))} |")
    finally:
        backend.close()
    print()


def store_writes(stores: Sequence[str], count: int) -> None:
    """Records of each game saved one transaction each, to a fresh SQLite file and to each
    `--store`: what one writer sustains, and each record's size."""
    import tempfile

    from ..core.locations import open_store
    from ..core.store import describe

    print(f"## The record store: one writer saving {count} records of each game, a transaction each\n")
    print("| game | record size (bytes) | store | records/s |")
    print("|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for game in game_names():
            spec = get_game(game)
            tournament = Tournament(Settings(game, parse_entrants(spec, pair(game)), 2, games=20, seed=5))

            async def play_all() -> list[Any]:
                return [(await play_job(tournament.job(g), None, True)).record for g in tournament.scheduled()]

            records = asyncio.run(play_all())
            size = statistics.mean(len(r.dumps()) for r in records)
            for location in [f"{folder}/{game}.sqlite", *stores]:
                store = open_store(location)
                try:
                    started = time.perf_counter()
                    for index in range(count):
                        record = records[index % len(records)]
                        record.id = f"bench-{game}-{index}-{time.time_ns()}"
                        store.save(record)
                    rate = count / (time.perf_counter() - started)
                finally:
                    store.close()
                kind = "SQLite (WAL)" if not location.startswith("postgres") else describe(location).split("?")[0]
                print(f"| {game} | {size:,.0f} | {kind} | {rate:,.0f} |")
    print()


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="tablehall bench arena", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per timed run (default 200)")
    parser.add_argument("--repeats", type=int, default=4, help="interleaved runs per figure (default 4)")
    parser.add_argument("--game", action="append", choices=game_names(), help="only these games (default all)")
    parser.add_argument("--duplicate-games", type=int, default=200, help="games per duplicate-seeding tournament")
    parser.add_argument("--duplicate-repeats", type=int, default=8, help="tournaments per duplicate-seeding mode")
    parser.add_argument("--no-ray", action="store_true", help="skip the Ray measurement")
    parser.add_argument("--sprt-seeds", type=int, default=5, help="A/A SPRTs per seeding mode (default 5)")
    parser.add_argument("--store", action="append", default=[], metavar="URL",
                        help="also measure writes to this store (e.g. postgresql://...; its records stay)")
    parser.add_argument("--store-records", type=int, default=1000, help="records written per store and game")
    args = parser.parse_args(argv)
    games_list = args.game or game_names()
    print(f"# tablehall bench arena\n\n(`tablehall bench arena {' '.join(argv)}`)\n")
    scaling(games_list, args.games, args.repeats)
    if not args.no_ray:
        ray_overhead("dominion" if "dominion" in games_list else games_list[0], args.games, args.repeats)
    duplicate_seeding(games_list, args.duplicate_games, args.duplicate_repeats)
    self_play_sprt(args.sprt_seeds)
    store_writes(args.store, args.store_records)
    return 0


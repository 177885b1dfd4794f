"""Side-by-side measurements a busy machine cannot tilt: the contenders take turns in rounds,
time is this process's CPU time, and a ratio is always printed with its spread over the rounds.

A runner is a function `(cpu_seconds, first_game) -> (games, actions, cpu_seconds_used)` that
plays whole games until it has used about `cpu_seconds` of CPU (game k seeded from
`first_game + k`, so successive rounds play new games).
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field
from typing import Callable

Runner = Callable[[float, int], tuple[int, int, float]]


@dataclass
class Series:
    """One contender's games, actions and CPU seconds, round by round."""

    label: str
    games: list[int] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)

    def add(self, games: int, actions: int, seconds: float) -> None:
        self.games.append(games)
        self.actions.append(actions)
        self.seconds.append(seconds)

    @property
    def total_games(self) -> int:
        return sum(self.games)

    @property
    def games_per_s(self) -> float:
        return sum(self.games) / sum(self.seconds)

    @property
    def actions_per_s(self) -> float:
        return sum(self.actions) / sum(self.seconds)

    @property
    def actions_per_game(self) -> float:
        return sum(self.actions) / max(1, sum(self.games))

    def round_rates(self) -> list[float]:
        return [g / s for g, s in zip(self.games, self.seconds) if s > 0]

    def line(self, width: int = 46) -> str:
        rates = " ".join(f"{r:.0f}" for r in self.round_rates())
        return (f"  {self.label + ':':<{width}}{self.games_per_s:8.1f} games/s {self.actions_per_s:9.0f} actions/s"
                f"  ({self.actions_per_game:.0f} actions/game, {self.total_games} games in {sum(self.seconds):.1f} CPU s;"
                f" rounds: {rates})")


def take_turns(runners: dict[str, Runner], cpu_seconds: float, rounds: int,
               alternate: bool = False) -> dict[str, Series]:
    """Each runner gets `cpu_seconds / rounds` per round; within a round they run one after the
    other, so a change of load weighs on all of them alike (`alternate`: in reverse order every
    other round, so that neither always runs first)."""
    series = {label: Series(label) for label in runners}
    order = list(runners.items())
    for turn in range(max(1, rounds)):
        for label, runner in (reversed(order) if alternate and turn % 2 else order):
            done = series[label]
            done.add(*runner(cpu_seconds / max(1, rounds), done.total_games))
    return series


def ratio(ours: Series, theirs: Series) -> str:
    """``6.8x (rounds 6.5-7.1x)``: games per second over the whole run, and the lowest and
    highest of the per-round ratios."""
    per_round = [a / b for a, b in zip(ours.round_rates(), theirs.round_rates()) if b > 0]
    overall = ours.games_per_s / theirs.games_per_s
    if len(per_round) < 2:
        return f"{overall:.2f}x (one round: no spread)"
    return f"{overall:.2f}x (rounds {min(per_round):.2f}-{max(per_round):.2f}x, median {statistics.median(per_round):.2f}x)"


def cpu_loop(cpu_seconds: float, first_game: int, play_one: Callable[[int], int]) -> tuple[int, int, float]:
    """Call `play_one(game_index)` (returning the actions it played) until `cpu_seconds` of CPU
    are used; (games, actions, CPU seconds)."""
    games = actions = 0
    started = time.process_time()
    while time.process_time() - started < cpu_seconds:
        actions += play_one(first_game + games)
        games += 1
    return games, actions, time.process_time() - started


# -- the engine loop against what `tablehall play` runs ------------------------------------------
def engine_runner(spec, seats: list[str], options: dict | None = None) -> Runner:
    """Games straight on the rules: each built-in bot chooses on the live state (as the peers'
    bots do), seeded as `tablehall play` seeds them, so both runners play the same games."""
    from ..core.rng import derive_seed

    options = spec.normalize_options(options or {})

    def play_one(seed: int) -> int:
        state = spec.new(len(seats), options, seed)
        bots = [spec.bots[name](derive_seed(seed, "seat", seat)) for seat, name in enumerate(seats)]
        actions = 0
        while not state.is_over:
            seat = state.to_act()[0]
            state.apply(seat, bots[seat].choose(state, seat))
            actions += 1
        return actions

    return lambda cpu_seconds, first: cpu_loop(cpu_seconds, first, play_one)


def play_runner(spec, seats: list[str], options: dict | None = None, store=None) -> Runner:
    """Games as `tablehall play` runs them after start-up: one event loop, the kernel's Match
    with the built-in bots (a game between bots played at once, `Match.play_through`, as the
    command plays it), the records saved to `store` (a SqliteStore, like the command's default)
    in batches, as the command does.  Each call saves what it played before it returns, so
    that every round pays for its own records (with short rounds, in smaller transactions than
    the command's thousand: if anything, to play's cost)."""
    import asyncio

    from ..core.seats import make_agent
    from ..core.store import SaveBatch

    options = spec.normalize_options(options or {})

    def run(cpu_seconds: float, first: int) -> tuple[int, int, float]:
        from ..core.match import Match

        async def play_all() -> tuple[int, int, float]:
            games = actions = 0
            saved = SaveBatch([store] if store is not None else [])
            started = time.process_time()
            while time.process_time() - started < cpu_seconds:
                seed = first + games
                agents = [make_agent(spec, name, seat, seed) for seat, name in enumerate(seats)]
                match = Match(spec, agents, seed=seed, options=options, names=seats)
                record = match.play_through()  # as `tablehall play`: at once, when every seat is a bot
                if record is None:
                    record = await match.run()
                saved.add(record)
                actions += len(record.entries)
                games += 1
            saved.flush()
            return games, actions, time.process_time() - started

        return asyncio.run(play_all())

    return run


#: at least this many rounds for `play_versus_engine`: on a machine shared with other work a
#: round's ratio swings by a third either way, and the median of many short rounds does not
PLAY_ROUNDS = 16


def play_versus_engine(spec, seats: list[str], cpu_seconds: float, rounds: int = PLAY_ROUNDS,
                       options: dict | None = None) -> list[str]:
    """Lines for a game's bench: the engine loop and `tablehall play`'s path, interleaved (at
    least `PLAY_ROUNDS` rounds, each runner first in every other one, the same games in
    both), and the share of the engine loop's games per second that play keeps: the median of
    the rounds' shares with their quartiles and extremes, and the share over the whole run."""
    import tempfile
    from pathlib import Path

    from ..core.store import SqliteStore

    rounds = max(rounds, PLAY_ROUNDS)
    with tempfile.TemporaryDirectory(prefix="tablehall-bench-") as scratch:
        store = SqliteStore(Path(scratch) / "records.sqlite")
        try:
            series = take_turns({"engine loop (bots on the live state)": engine_runner(spec, seats, options),
                                 "tablehall play path (Match, observations, records)":
                                     play_runner(spec, seats, options, store)}, cpu_seconds, rounds,
                                alternate=True)
        finally:
            store.close()
    engine, play = series.values()
    return [engine.line(52), play.line(52), "  " + share_line(play, engine)]


def share_line(play: Series, engine: Series) -> str:
    """``tablehall play keeps 81 % of the engine loop's games/s (median of 16 rounds; quartiles
    78-84 %, rounds 70-95 %; whole run 80 %; target >= 80 %)``."""
    per_round = [100 * p / e for p, e in zip(play.round_rates(), engine.round_rates()) if e > 0]
    whole = 100 * play.games_per_s / engine.games_per_s
    if len(per_round) < 4:
        return f"tablehall play keeps {whole:.0f} % of the engine loop's games/s (too few rounds for a spread; target >= 80 %)"
    low, median, high = statistics.quantiles(per_round, n=4)
    return (f"tablehall play keeps {median:.0f} % of the engine loop's games/s (median of {len(per_round)} rounds; "
            f"quartiles {low:.0f}-{high:.0f} %, rounds {min(per_round):.0f}-{max(per_round):.0f} %; "
            f"whole run {whole:.0f} %; target >= 80 %)")

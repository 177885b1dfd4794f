"""`tablehall bench catan`: engine speed with 4 random bots, side by side with Catanatron.

Both engines run the same kind of game in the same process, on one core: four uniformly random
players to the end.  Ours: each decision is `legal_actions` (or a random discard), a uniform
pick, and `apply` (which validates and builds the events with their audiences).  Catanatron:
`Game.play()` with four `RandomPlayer`s (its `playable_actions` and `apply_action`).  The two
take turns in a few rounds, so a change in the load of a shared machine during the run weighs
on both alike.  Games per second are the comparable figure; actions per game differ a little
between the engines and are printed too.  Two more figures show what playing through the
platform costs: the same loop with each bot handed `observation(seat)`, and whole games run by
the kernel's `Match` (observations, records, event delivery), as `tablehall play` runs them.
The sea board's random games (option SBL) are timed the same way, beside the classic ones.
Times are CPU seconds of this process (`time.process_time`).
"""

from __future__ import annotations

import argparse
import asyncio
import time

from ..core import BotAgent, Match, derive_seed
from ..games.catan import SPEC
from .measure import Series, play_versus_engine, ratio, take_turns

ROUNDS = 4


class Tally:
    """Games, actions and CPU seconds, added up over rounds."""

    def __init__(self) -> None:
        self.games = self.actions = 0
        self.seconds = 0.0

    def add(self, games: int, actions: int, seconds: float) -> None:
        self.games += games
        self.actions += actions
        self.seconds += seconds

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds

    def figures(self) -> dict:
        return {"games_per_s": self.games_per_s, "actions_per_s": self.actions / self.seconds,
                "actions_per_game": self.actions / self.games}

    def line(self, label: str) -> str:
        return (f"  {label:<46}{self.games_per_s:7.1f} games/s  {self.actions / self.seconds:9.0f} actions/s  "
                f"({self.actions / self.games:.0f} actions/game, {self.games} games in {self.seconds:.1f} s)")


def _tally(series: Series) -> Tally:
    tally = Tally()
    tally.add(series.total_games, sum(series.actions), sum(series.seconds))
    return tally


def run_ours(seconds: float, with_observation: bool = False, first_game: int = 0,
             options: dict | None = None, games_limit: int | None = None) -> tuple[int, int, float]:
    """(games, actions, elapsed) for random 4-player games played for about `seconds` (or
    exactly `games_limit` of them), game k seeded k from `first_game` on (with `options`: e.g.
    the sea board's)."""
    options = SPEC.normalize_options(options or {})
    games = actions = 0
    started = time.process_time()
    while (time.process_time() - started < seconds) if games_limit is None else games < games_limit:
        seed = first_game + games
        state = SPEC.new(4, options, seed)
        bots = [SPEC.bots["random"](derive_seed(seed, s)) for s in range(4)]
        while not state.is_over:
            seat = state.to_act()[0]
            view = state.observation(seat) if with_observation else state
            state.apply(seat, bots[seat].choose(view, seat))
            actions += 1
        games += 1
    return games, actions, time.process_time() - started


def run_matches(seconds: float) -> tuple[int, int, float]:
    """(games, actions, elapsed) for random 4-player games run by the kernel's Match runner."""

    async def play() -> tuple[int, int, float]:
        games = actions = 0
        started = time.process_time()
        while time.process_time() - started < seconds:
            agents = [BotAgent(SPEC.bots["random"](derive_seed(games, s))) for s in range(4)]
            record = await Match(SPEC, agents, seed=games).run()
            actions += len(record.entries)
            games += 1
        return games, actions, time.process_time() - started

    return asyncio.run(play())


def catanatron_runner():
    """A function (seconds, first_game) -> (games, actions, elapsed) playing Catanatron, or
    None when it is not installed."""
    try:
        from catanatron import Color, Game, RandomPlayer
    except ImportError:
        return None
    colors = (Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE)

    def run(seconds: float, first_game: int = 0) -> tuple[int, int, float]:
        games = actions = 0
        started = time.process_time()
        while time.process_time() - started < seconds:
            game = Game([RandomPlayer(c) for c in colors], seed=first_game + games + 1)
            game.play()
            actions += len(game.state.actions)
            games += 1
        return games, actions, time.process_time() - started

    return run


def run_strong(games: int) -> tuple[int, int, float]:
    """(wins of the strong bot against three random bots, games, seconds per strong decision)."""
    wins, spent, decisions = 0, 0.0, 0
    for g in range(games):
        seat_of_strong = g % 4
        state = SPEC.new(4, {}, 50_000 + g)
        bots = [SPEC.bots["strong" if s == seat_of_strong else "random"](derive_seed(g, s)) for s in range(4)]
        while not state.is_over:
            seat = state.to_act()[0]
            view = state.observation(seat)
            started = time.process_time()
            action = bots[seat].choose(view, seat)
            if seat == seat_of_strong:
                spent += time.process_time() - started
                decisions += 1
            state.apply(seat, action)
        wins += state.winner == seat_of_strong
    return wins, games, spent / max(1, decisions)


def main(argv: list[str]) -> int:
    measure(argv)
    return 0


def measure(argv: list[str]) -> dict:
    """Measures and prints; the figures as numbers."""
    parser = argparse.ArgumentParser(prog="tablehall bench catan", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="CPU time per engine (default 10)")
    parser.add_argument("--strong-games", type=int, default=100, help="strong vs 3 random games (default 100)")
    parser.add_argument("--count-games", type=int, metavar="N",
                        help="only play games 0..N-1 of the loop and stop: run it under callgrind for "
                             "instruction counts, and with N=0 for the start-up to subtract")
    parser.add_argument("--sea", action="store_true", help="with --count-games: the sea board's games")
    args = parser.parse_args(argv)
    if args.count_games is not None:
        games, actions, _ = run_ours(0, options={"sea_board": True} if args.sea else None,
                                     games_limit=args.count_games)
        print(f"{games} {'sea' if args.sea else 'classic'} games, {actions} actions")
        return {"games": games, "actions": actions}

    peer = catanatron_runner()
    runners = {"tablehall": lambda seconds, first: run_ours(seconds, first_game=first)}
    if peer is not None:
        runners["catanatron"] = peer
    series = take_turns(runners, args.seconds, ROUNDS)  # turns, so both meet the same load
    ours = _tally(series["tablehall"])
    out: dict = {"tablehall": ours.figures()}
    print("Catan (classic, 4 random bots), pure Python, one core, CPU time")
    print(ours.line("tablehall:"))
    observed, matched = Tally(), Tally()
    observed.add(*run_ours(args.seconds / 2, with_observation=True))
    matched.add(*run_matches(args.seconds / 2))
    out["tablehall_observations"], out["tablehall_match"] = observed.figures(), matched.figures()
    print(observed.line("tablehall, each bot handed observation(seat):"))
    print(matched.line("tablehall, whole games run by core.Match:"))
    sea = Tally()
    sea.add(*run_ours(args.seconds / 2, options={"sea_board": True}))
    out["tablehall_sea"] = sea.figures()
    print(sea.line("tablehall, the sea board (SBL):"))
    print(f"  a sea-board game costs {ours.games_per_s / sea.games_per_s:.1f} classic games")
    if peer is None:
        print("  catanatron:  not installed (pip install -e '.[bench]'); no side-by-side figure")
    else:
        theirs = _tally(series["catanatron"])
        out["catanatron"] = theirs.figures()
        print(theirs.line("catanatron:"))
        print(f"  ratio tablehall/catanatron: {ratio(series['tablehall'], series['catanatron'])} games/s")
    for line in play_versus_engine(SPEC, ["random"] * 4, args.seconds / 2):
        print(line)
    if args.strong_games:
        wins, played, per_decision = run_strong(args.strong_games)
        out["strong"] = {"wins": wins, "games": played, "ms_per_decision": per_decision * 1000}
        print(f"  strong bot vs 3 random bots: won {wins} of {played} ({100 * wins / played:.0f} %), "
              f"{per_decision * 1000:.2f} ms per decision")
    return out

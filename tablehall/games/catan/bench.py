"""`tablehall bench catan`: engine speed with 4 random bots, side by side with Catanatron.

Both engines run the same kind of game in the same process, one after the other, on one core:
four uniformly random players to the end.  Ours: each decision is `legal_actions` (or a random
discard), a uniform pick, and `apply` (which validates and builds the events with their
audiences).  Catanatron: `Game.play()` with four `RandomPlayer`s (its `playable_actions` and
`apply_action`).  Games per second are the comparable figure; actions per game differ a little
between the engines and are printed too.  Times are CPU seconds of this process
(`time.process_time`), so other jobs on a shared machine disturb the ratio less.
"""

from __future__ import annotations

import argparse
import time

from tablehall.core import derive_seed

from . import SPEC


def run_ours(seconds: float, with_observation: bool = False) -> tuple[int, int, float]:
    """(games, actions, elapsed) for random 4-player games played for about `seconds`."""
    games = actions = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        state = SPEC.new(4, {}, games)
        bots = [SPEC.bots["random"](derive_seed(games, s)) for s in range(4)]
        while not state.is_over:
            seat = state.to_act()[0]
            view = state.observation(seat) if with_observation else state
            state.apply(seat, bots[seat].choose(view, seat))
            actions += 1
        games += 1
    return games, actions, time.process_time() - started


def run_catanatron(seconds: float) -> tuple[int, int, float] | None:
    try:
        from catanatron import Color, Game, RandomPlayer
    except ImportError:
        return None
    colors = (Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE)
    games = actions = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        game = Game([RandomPlayer(c) for c in colors], seed=games + 1)
        game.play()
        actions += len(game.state.actions)
        games += 1
    return games, actions, time.process_time() - started


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


def main(argv: list[str]) -> dict:
    parser = argparse.ArgumentParser(prog="tablehall bench catan", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="CPU time per engine (default 10)")
    parser.add_argument("--strong-games", type=int, default=100, help="strong vs 3 random games (default 100)")
    args = parser.parse_args(argv)

    out: dict = {}
    games, actions, elapsed = run_ours(args.seconds)
    ours = games / elapsed
    out["tablehall"] = {"games_per_s": ours, "actions_per_s": actions / elapsed, "actions_per_game": actions / games}
    print("Catan (classic, 4 random bots), pure Python, one core")
    print(f"  tablehall:   {ours:7.1f} games/s  {actions / elapsed:9.0f} actions/s  "
          f"({actions / games:.0f} actions/game, {games} games in {elapsed:.1f} s)")
    games, actions, elapsed = run_ours(args.seconds / 2, with_observation=True)
    print(f"  tablehall, bots given observation() copies (as the Match runner does): "
          f"{games / elapsed:.1f} games/s, {actions / elapsed:.0f} actions/s")
    peer = run_catanatron(args.seconds)
    if peer is None:
        print("  catanatron:  not installed (pip install -e '.[bench]'); no side-by-side figure")
    else:
        games, actions, elapsed = peer
        theirs = games / elapsed
        out["catanatron"] = {"games_per_s": theirs, "actions_per_s": actions / elapsed,
                             "actions_per_game": actions / games}
        print(f"  catanatron:  {theirs:7.1f} games/s  {actions / elapsed:9.0f} actions/s  "
              f"({actions / games:.0f} actions/game, {games} games in {elapsed:.1f} s)")
        print(f"  ratio tablehall/catanatron: {ours / theirs:.1f}x games/s")
    if args.strong_games:
        wins, played, per_decision = run_strong(args.strong_games)
        out["strong"] = {"wins": wins, "games": played, "ms_per_decision": per_decision * 1000}
        print(f"  strong bot vs 3 random bots: won {wins} of {played} ({100 * wins / played:.0f} %), "
              f"{per_decision * 1000:.2f} ms per decision")
    return out

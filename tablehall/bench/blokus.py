"""`tablehall bench blokus`: how fast the rules engine and the bots are, on one core.

Figures: the full legal-move list for mid-game positions (the median over many positions with
about 430 moves), random 4-colour games per second (random bot against random bot, every move
checked and applied, colours removed), side by side with the Rust engine blokus-rl
(`pip install -e '.[bench]'`) in the same process, the two taking turns in rounds on CPU time,
the ratio with its spread over the rounds; the strong bot's time per move; and what
`tablehall play` keeps of the engine loop's speed.  blokus-gym is quoted from the anchor
measurements (it needs 30 s to start), never turned into a ratio.  The protocol's figures come
from `tablehall bench server`.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from ..games.blokus import SPEC
from ..games.blokus.bots import RandomBot, StrongBot
from ..games.blokus.rules import BlokusState, new_game
from .measure import cpu_loop, play_versus_engine, ratio, take_turns

# Measured on this machine for ../shared/notes/anchors.md (random play, one core); quoted only:
# the peer cannot run in the same process here.
QUOTED_PEERS = {"blokus-gym 2.2 (pure Python)": 0.099}
MID_GAME_MOVES = (380, 480)  # "about 430 legal moves"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tablehall bench blokus", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0,
                        help="CPU seconds per contender for the games/s figures (default 10)")
    parser.add_argument("--rounds", type=int, default=4, help="rounds the contenders take turns in (default 4)")
    parser.add_argument("--positions", type=int, default=200, help="mid-game positions to time (default 200)")
    parser.add_argument("--strong-games", type=int, default=10, help="games to time the strong bot (default 10)")
    args = parser.parse_args(argv)
    positions = mid_game_positions(args.positions)
    movegen = [time_movegen(state) for state in positions]
    cold = [time_movegen(state, cold=True) for state in positions]
    print("Blokus (swc_2021_blokus) engine, pure Python, one core, CPU time")
    print(f"  legal-move list, mid-game: {1000 * statistics.median(movegen):.3f} ms median over {args.positions} "
          f"positions ({statistics.median(len(s.legal_placements()) for s in positions):.0f} moves median; "
          f"target <= 2 ms)")
    print(f"  the same from scratch (no per-corner lists kept): {1000 * statistics.median(cold):.3f} ms median")
    peer = blokus_rl_runner()
    runners = {"tablehall random 4-colour games": random_runner}
    if peer is not None:
        runners["blokus-rl (Rust core), same run"] = peer
    series = take_turns(runners, args.seconds, args.rounds)
    ours = series["tablehall random 4-colour games"]
    for line in series.values():
        print(line.line(40))
    if peer is None:
        print("  blokus-rl (Rust core): not installed (pip install -e '.[bench]') - not measured")
    else:
        print(f"  ratio tablehall/blokus-rl: {ratio(ours, series['blokus-rl (Rust core), same run'])}")
    for name, rate in QUOTED_PEERS.items():
        print(f"  {name}: {rate:g} games/s, quoted from shared/notes/anchors.md (not run here; no ratio)")
    strong = strong_move_times(args.strong_games)
    print(f"  strong bot: {1000 * statistics.median(strong):.2f} ms/move median, "
          f"{1000 * sorted(strong)[int(0.95 * (len(strong) - 1))]:.2f} ms p95 ({len(strong)} moves)")
    for line in play_versus_engine(SPEC, ["random", "random"], args.seconds, args.rounds):
        print(line)
    return 0


def random_runner(cpu_seconds: float, first_game: int) -> tuple[int, int, float]:
    def play_one(game: int) -> int:
        moves = [0]
        _random_game(10_000 + game, lambda state: moves.__setitem__(0, moves[0] + 1))
        return moves[0]

    return cpu_loop(cpu_seconds, first_game, play_one)


def blokus_rl_runner():
    """Random games of the Rust engine blokus-rl (its legal-action mask read with numpy), as a
    runner for `take_turns`; None when it is not installed."""
    try:
        import numpy as np
        from blokus_rl._blokus import PyBlokus
    except ImportError:
        return None

    def play_one(game: int) -> int:
        rng = random.Random(game)
        env = PyBlokus()
        env.reset()
        moves = 0
        while not env.is_over:
            seat = env.agent_selection
            if env.terminations[seat]:
                env.step(None)
                continue
            legal = np.flatnonzero(np.frombuffer(env.observe(seat).action_mask, dtype=bool))
            env.step(int(legal[rng.randrange(len(legal))]))
            moves += 1
        return moves

    return lambda cpu_seconds, first_game: cpu_loop(cpu_seconds, first_game, play_one)


def _random_game(seed: int, visit=None) -> BlokusState:
    state = new_game(2, {"start_piece": ""}, seed)
    bots = [RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2)]
    while not state.is_over:
        if visit is not None:
            visit(state)
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state, seat))
    return state


def mid_game_positions(count: int) -> list[BlokusState]:
    """Positions with about 430 legal moves, from seeded random games."""
    found: list[BlokusState] = []
    low, high = MID_GAME_MOVES

    def keep(state: BlokusState) -> None:
        if len(found) < count and low <= len(state.legal_placements()) <= high:
            found.append(state.copy())

    seed = 0
    while len(found) < count:
        _random_game(seed, keep)
        seed += 1
    return found


def time_movegen(state: BlokusState, repeat: int = 5, cold: bool = False) -> float:
    """Seconds for one full legal-move list (best of `repeat`).  The position comes from a game,
    so the engine holds the per-corner lists it kept up to date move by move (`movegen`);
    `cold` times a copy that has to compute every corner's list first."""
    best = float("inf")
    for _ in range(repeat):
        twin = state.copy()
        if cold:
            for corner_moves in twin._corner_moves:
                corner_moves.clear()
        started = time.process_time()
        twin.legal_moves()
        best = min(best, time.process_time() - started)
    return best


def strong_move_times(games: int) -> list[float]:
    times = []
    for game in range(games):
        state = new_game(2, {"start_piece": ""}, 20_000 + game)
        strong_seat = game % 2
        bots = {strong_seat: StrongBot(game), 1 - strong_seat: RandomBot(game)}
        while not state.is_over:
            seat = state.to_act()[0]
            started = time.process_time()
            move = bots[seat].choose(state, seat)
            if seat == strong_seat:
                times.append(time.process_time() - started)
            state.apply(seat, move)
    return times


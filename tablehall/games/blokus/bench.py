"""`tablehall bench blokus`: how fast the rules engine and the bots are, on one core.

Figures: the full legal-move list for mid-game positions (the median over many positions with
about 430 moves), random 4-colour games per second (random bot against random bot, every move
checked and applied, colours removed), the strong bot's time per move, and games per minute of
two random XML clients playing through the SC server over loopback.  The Rust engine blokus-rl
(`pip install blokus-rl`, in the `bench` extra) is measured side by side in the same run when
installed; blokus-gym is quoted from the anchor measurements (it needs 30 s to start).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time

from .bots import RandomBot, StrongBot
from .rules import BlokusState, new_game

# Measured on this machine for ../shared/notes/anchors.md (random play, one core); quoted only
# where the peer cannot run in the same process.
QUOTED_PEERS = {"blokus-gym 2.2 (pure Python)": 0.099}
MID_GAME_MOVES = (380, 480)  # "about 430 legal moves"


def bench(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tablehall bench blokus", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="time for the games/s figure (default 10)")
    parser.add_argument("--positions", type=int, default=200, help="mid-game positions to time (default 200)")
    parser.add_argument("--strong-games", type=int, default=10, help="games to time the strong bot (default 10)")
    parser.add_argument("--server-seconds", type=float, default=10.0,
                        help="time for the games/min through the XML server (0 skips it; default 10)")
    args = parser.parse_args(argv)
    figures = measure(args.seconds, args.positions, args.strong_games)
    print("Blokus (swc_2021_blokus) engine, pure Python, one core")
    print(f"  legal-move list, mid-game: {figures['movegen_ms_median']:.3f} ms median over {args.positions} "
          f"positions ({figures['movegen_moves_median']:.0f} moves median; target <= 2 ms)")
    print(f"  random 4-colour games:     {figures['random_games_per_s']:.1f} games/s "
          f"({figures['random_games']} games in {figures['random_seconds']:.1f} s; target >= 30)")
    print(f"  strong bot:                {figures['strong_move_ms_median']:.2f} ms/move median, "
          f"{figures['strong_move_ms_p95']:.2f} ms p95 ({figures['strong_moves']} moves)")
    peer = blokus_rl_games_per_s(args.seconds)
    if peer is None:
        print("  blokus-rl (Rust core): not installed (pip install blokus-rl) - not measured")
    else:
        print(f"  blokus-rl (Rust core), same run: {peer:.1f} games/s -> tablehall/blokus-rl = "
              f"{figures['random_games_per_s'] / peer:.2f}x")
    for name, rate in QUOTED_PEERS.items():
        print(f"  {name}, quoted from anchors: {rate:g} games/s -> tablehall/peer = "
              f"{figures['random_games_per_s'] / rate:.0f}x")
    if args.server_seconds > 0:
        games, elapsed, moves = asyncio.run(server_games(args.server_seconds))
        print(f"  through the SC XML server on loopback (two random clients, one process): "
              f"{60 * games / elapsed:.0f} games/min, {moves / elapsed:.0f} moves/s ({games} games)")
    return 0


def blokus_rl_games_per_s(seconds: float) -> float | None:
    """Random games of the Rust engine blokus-rl (its legal-action mask read with numpy)."""
    try:
        import numpy as np
        from blokus_rl._blokus import PyBlokus
    except ImportError:
        return None
    rng = random.Random(1)
    games, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        env = PyBlokus()
        env.reset()
        while not env.is_over:
            seat = env.agent_selection
            if env.terminations[seat]:
                env.step(None)
                continue
            legal = np.flatnonzero(np.frombuffer(env.observe(seat).action_mask, dtype=bool))
            env.step(int(legal[rng.randrange(len(legal))]))
        games += 1
    return games / (time.perf_counter() - started)


async def server_games(seconds: float) -> tuple[int, float, int]:
    """Games two random clients finish through a real SC listener on 127.0.0.1."""
    from ...server.app import Server  # benchmarks sit above every layer
    from ...server.config import ServerConfig
    from . import SPEC
    from .sc.client import play_client

    service = next(s for s in SPEC.services if s.name == "sc")
    server = Server(ServerConfig(), store=_NullStore(), services=[service])
    await server.start()
    port = server.port("sc")
    games = moves = 0
    started = time.perf_counter()
    try:
        while time.perf_counter() - started < seconds:
            first = asyncio.ensure_future(play_client("127.0.0.1", port, RandomBot(2 * games)))
            await asyncio.sleep(0)
            second = await play_client("127.0.0.1", port, RandomBot(2 * games + 1))
            outcome = await first
            moves += outcome.moves + second.moves
            games += 1
    finally:
        await server.stop()
    return games, time.perf_counter() - started, moves


class _NullStore:
    """Records are not what this measures."""

    def save(self, record):
        return "-"

    def close(self):
        pass


def measure(seconds: float, position_count: int, strong_games: int) -> dict[str, float]:
    """The figures `bench` prints, as numbers."""
    positions = mid_game_positions(position_count)
    movegen = [time_movegen(state) for state in positions]
    games, elapsed = random_games(seconds)
    strong = strong_move_times(strong_games)
    return {
        "movegen_ms_median": 1000 * statistics.median(movegen),
        "movegen_moves_median": statistics.median(len(state.legal_placements()) for state in positions),
        "random_games": games,
        "random_seconds": elapsed,
        "random_games_per_s": games / elapsed,
        "strong_moves": len(strong),
        "strong_move_ms_median": 1000 * statistics.median(strong),
        "strong_move_ms_p95": 1000 * sorted(strong)[int(0.95 * (len(strong) - 1))],
    }


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


def time_movegen(state: BlokusState, repeat: int = 5) -> float:
    """Seconds for one full legal-move list (best of `repeat`)."""
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        state.legal_moves()
        best = min(best, time.perf_counter() - started)
    return best


def random_games(seconds: float) -> tuple[int, float]:
    games = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        _random_game(10_000 + games)
        games += 1
    return games, time.perf_counter() - started


def strong_move_times(games: int) -> list[float]:
    times = []
    for game in range(games):
        state = new_game(2, {"start_piece": ""}, 20_000 + game)
        strong_seat = game % 2
        bots = {strong_seat: StrongBot(game), 1 - strong_seat: RandomBot(game)}
        while not state.is_over:
            seat = state.to_act()[0]
            started = time.perf_counter()
            move = bots[seat].choose(state, seat)
            if seat == strong_seat:
                times.append(time.perf_counter() - started)
            state.apply(seat, move)
    return times


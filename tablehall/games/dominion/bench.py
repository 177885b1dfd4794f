"""`tablehall bench dominion`: Big Money mirror games per second on one core, side by side with
pyminion (when installed) in the same run, and win rates of the built-in bots against Big Money.

    tablehall bench dominion [--games N] [--rounds R] [--winrates GAMES] [--no-peer]

Our games go through the kernel API exactly as a match does (to_act, observation, choose,
apply); pyminion's through its own `Game.play`.  A second figure lets our bots read the live
state, as pyminion's do, to show what the observation copies cost.  Rounds alternate between the two so that a
busy machine slows both alike; the median round of each is compared.
"""

from __future__ import annotations

import argparse
import logging
import platform
import statistics
import time
from typing import Callable, Sequence

from tablehall.core import Bot, derive_seed

from .bots import BOTS
from .rules import DominionState


def play(bots: Sequence[Bot], seed: int, observe: bool = True) -> DominionState:
    """One game between in-process bots (seat order = `bots` order), driven like a match: each
    decision on a fresh observation, or (`observe=False`) on the live state, as pyminion's bots
    decide."""
    state = DominionState(len(bots), seed)
    while not state.is_over:
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.observation(seat) if observe else state, seat))
    return state


def tablehall_games(games: int, seed: int = 0, observe: bool = True) -> tuple[float, float]:
    """Big Money vs Big Money: (games per second, player-turns per game)."""
    bot = BOTS["bigmoney"]
    turns = 0
    started = time.perf_counter()
    for game in range(games):
        state = play([bot(derive_seed(seed, game, 0)), bot(derive_seed(seed, game, 1))], seed + game, observe)
        turns += sum(p.turns for p in state.players)
    return games / (time.perf_counter() - started), turns / games


def pyminion_games(games: int) -> float | None:
    """pyminion's Big Money vs Big Money, games per second; None when it is not installed."""
    try:
        from pyminion.bots.examples import BigMoney
        from pyminion.expansions import base
        from pyminion.game import Game
    except ImportError:
        return None
    logging.getLogger().setLevel(logging.WARNING)  # pyminion logs every move on the root logger
    kingdom = [base.cellar, base.market, base.militia, base.mine, base.moat, base.remodel, base.smithy,
               base.village, base.workshop]  # ours less woodcutter, which pyminion (2nd ed.) lacks
    started = time.perf_counter()
    for _ in range(games):
        game = Game([BigMoney("bm1"), BigMoney("bm2")], expansions=[base.base_set], kingdom_cards=kingdom,
                    log_stdout=False)
        game.play()
    return games / (time.perf_counter() - started)


def win_rate(bot: str, opponent: str = "bigmoney", games: int = 1000, seed: int = 0) -> dict[str, float]:
    """`bot` against `opponent` in 2-player games, seats alternating: wins, losses, ties (a tie
    is a shared win) and the win percentage (ties count half)."""
    tally = {"wins": 0, "losses": 0, "ties": 0}
    for game in range(games):
        mine = game % 2
        names = [opponent, opponent]
        names[mine] = bot
        state = play([BOTS[name](derive_seed(seed, game, s)) for s, name in enumerate(names)], seed + game)
        winners = state.winners()
        if len(winners) > 1:
            tally["ties"] += 1
        elif winners == [mine]:
            tally["wins"] += 1
        else:
            tally["losses"] += 1
    return {**tally, "win%": 100 * (tally["wins"] + tally["ties"] / 2) / games}


def _rounds(measure: Callable[[], float | None], rounds: int) -> list[float]:
    return [r for r in (measure() for _ in range(rounds)) if r is not None]


def bench(argv: Sequence[str] = ()) -> None:
    parser = argparse.ArgumentParser(prog="tablehall bench dominion")
    parser.add_argument("--games", type=int, default=1000, help="games per round for tablehall (default 1000)")
    parser.add_argument("--peer-games", type=int, default=300, help="games per round for pyminion (default 300)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-peer", action="store_true", help="do not measure pyminion")
    parser.add_argument("--winrates", type=int, default=0, metavar="GAMES",
                        help="also play each bot against Big Money this many games")
    args = parser.parse_args(list(argv))

    print(f"Dominion: Big Money vs Big Money, 2 players, one core, Python {platform.python_version()}")
    ours: list[float] = []
    live: list[float] = []
    theirs: list[float] = []
    turns = 0.0
    for _ in range(args.rounds):
        rate, turns = tablehall_games(args.games)
        ours.append(rate)
        live.append(tablehall_games(args.games, observe=False)[0])
        if not args.no_peer:
            theirs += _rounds(lambda: pyminion_games(args.peer_games), 1)
    print(f"  tablehall  {args.games:>6} games x {args.rounds}: "
          f"{' '.join(f'{r:.0f}' for r in ours)} games/s  (median {statistics.median(ours):.0f};"
          f" {turns:.1f} player-turns/game)")
    print(f"    bots on the live state, no observation copies: "
          f"{' '.join(f'{r:.0f}' for r in live)} games/s  (median {statistics.median(live):.0f})")
    if theirs:
        print(f"  pyminion   {args.peer_games:>6} games x {args.rounds}: "
              f"{' '.join(f'{r:.0f}' for r in theirs)} games/s  (median {statistics.median(theirs):.0f})")
        print(f"  ratio tablehall / pyminion: {statistics.median(ours) / statistics.median(theirs):.1f}x"
              f" (live state: {statistics.median(live) / statistics.median(theirs):.1f}x)")
    elif not args.no_peer:
        print("  pyminion not installed (pip install -e '.[bench]'): no side-by-side figure")
    if args.winrates:
        print(f"Win rates against bigmoney, {args.winrates} games each, seats alternating (ties count half):")
        for name in BOTS:
            started = time.perf_counter()
            rate = win_rate(name, games=args.winrates)
            print(f"  {name:<9} wins {rate['wins']:>5}  losses {rate['losses']:>5}  ties {rate['ties']:>5}"
                  f"  win% {rate['win%']:5.1f}   ({time.perf_counter() - started:.1f} s)")

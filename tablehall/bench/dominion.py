"""`tablehall bench dominion`: Big Money mirror games per second on one core, side by side with
pyminion (when installed) in the same run, and win rates of the built-in bots against Big Money.

    tablehall bench dominion [--games N] [--peer-games N] [--rounds R] [--winrates GAMES] [--no-peer]

Two figures of ours, both full games through the kernel API (`to_act`, `choose`, `apply` with
its validation, events and audiences):

* **engine**: the bots read the live game, as pyminion's bots read theirs.  This is the
  engine-to-engine comparison.
* **match path**: each decision on a fresh `observation(seat)`, as a `Match` gives in-process
  bots: a copy with the seat's own deck order and the others' hidden cards re-dealt.

pyminion plays through its own `Game.play`, silently (`log_stdout=False`, root logger at
WARNING: it logs every move on the root logger).  Rounds alternate between the three so that a
busy machine slows all alike; the median rounds are compared.
"""

from __future__ import annotations

import argparse
import logging
import platform
import statistics
import time
from importlib import metadata
from typing import Callable, Sequence

from ..core import Bot, derive_seed
from ..games.dominion import SPEC
from ..games.dominion.bots import BOTS
from ..games.dominion.rules import DominionState
from .measure import play_versus_engine

#: what one measurement gives: (games per second, player-turns per game)
Rate = tuple[float, float]


def play(bots: Sequence[Bot], seed: int, observe: bool = True) -> DominionState:
    """One game between in-process bots (seat order = `bots` order), driven like a match: each
    decision on a fresh observation, or (`observe=False`) on the live state, as pyminion's bots
    decide."""
    state = DominionState(len(bots), seed)
    while not state.is_over:
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.observation(seat) if observe else state, seat))
    return state


def tablehall_games(games: int, seed: int = 0, observe: bool = True) -> Rate:
    """Big Money vs Big Money, a new game and new bots each time."""
    bot = BOTS["bigmoney"]
    turns = 0
    started = time.process_time()
    for game in range(games):
        state = play([bot(derive_seed(seed, game, 0)), bot(derive_seed(seed, game, 1))], seed + game, observe)
        turns += state.players[0].turns + state.players[1].turns
    return games / (time.process_time() - started), turns / games


def pyminion_games(games: int) -> Rate | None:
    """pyminion's Big Money vs Big Money, silent; None when it is not installed."""
    try:
        from pyminion.bots.examples import BigMoney
        from pyminion.expansions import base
        from pyminion.game import Game
    except ImportError:
        return None
    logging.getLogger().setLevel(logging.WARNING)  # pyminion logs every move on the root logger
    kingdom = [base.cellar, base.market, base.militia, base.mine, base.moat, base.remodel, base.smithy,
               base.village, base.workshop]  # ours less woodcutter, which pyminion (2nd ed.) lacks
    turns = 0
    started = time.process_time()
    for _ in range(games):
        game = Game([BigMoney("bm1"), BigMoney("bm2")], expansions=[base.base_set], kingdom_cards=kingdom,
                    log_stdout=False)
        game.play()
        turns += game.players[0].turns + game.players[1].turns
    return games / (time.process_time() - started), turns / games


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


def _line(label: str, games: int, rates: list[Rate]) -> str:
    turns = statistics.mean(turns for _, turns in rates)
    return (f"  {label:<41} {games:>5} games x {len(rates)}: {' '.join(f'{r:.0f}' for r, _ in rates)} games/s"
            f"  (median {_median(rates):.0f}; {turns:.1f} player-turns/game)")


def _ratio(ours: list[Rate], theirs: list[Rate]) -> str:
    """The ratio of the median rounds, and the spread of the round-by-round ratios."""
    per_round = [a / b for (a, _), (b, _) in zip(ours, theirs)]
    spread = (f"rounds {min(per_round):.1f}-{max(per_round):.1f}x" if len(per_round) > 1 else "one round: no spread")
    return f"{_median(ours) / _median(theirs):.1f}x ({spread})"


def _median(rates: list[Rate]) -> float:
    return statistics.median(rate for rate, _ in rates)


def main(argv: Sequence[str] = ()) -> int:
    parser = argparse.ArgumentParser(prog="tablehall bench dominion")
    parser.add_argument("--games", type=int, default=2000, help="games per round for tablehall (default 2000)")
    parser.add_argument("--peer-games", type=int, default=400, help="games per round for pyminion (default 400)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--no-peer", action="store_true", help="do not measure pyminion")
    parser.add_argument("--play-seconds", type=float, default=8.0,
                        help="CPU seconds for the engine loop against tablehall play's path (0 skips it)")
    parser.add_argument("--winrates", type=int, default=0, metavar="GAMES",
                        help="also play each bot against Big Money this many games")
    args = parser.parse_args(list(argv))

    peer: Callable[[], Rate | None] = (lambda: None) if args.no_peer else (lambda: pyminion_games(args.peer_games))
    engine: list[Rate] = []
    match_path: list[Rate] = []
    theirs: list[Rate] = []
    for _ in range(args.rounds):
        engine.append(tablehall_games(args.games, observe=False))
        match_path.append(tablehall_games(args.games))
        measured = peer()
        if measured is not None:
            theirs.append(measured)

    print(f"Dominion: Big Money vs Big Money, 2 players, one core, Python {platform.python_version()}")
    print(_line("tablehall engine (bots on the live game)", args.games, engine))
    print(_line("tablehall match path (observations)", args.games, match_path))
    if theirs:
        print(_line(f"pyminion {metadata.version('pyminion')} (silent)", args.peer_games, theirs))
        print(f"  ratio to pyminion: engine {_ratio(engine, theirs)}")
        print(f"                     match path {_ratio(match_path, theirs)}")
    elif not args.no_peer:
        print("  pyminion not installed (pip install -e '.[bench]'): no side-by-side figure")
    if args.play_seconds > 0:
        print("Big Money mirror, the engine loop against tablehall play's path, same games:")
        for line in play_versus_engine(SPEC, ["bigmoney", "bigmoney"], args.play_seconds, args.rounds):
            print(line)
    if args.winrates:
        print(f"Win rates against bigmoney, {args.winrates} games each, seats alternating (ties count half):")
        for name in BOTS:
            started = time.perf_counter()
            rate = win_rate(name, games=args.winrates)
            print(f"  {name:<9} wins {rate['wins']:>5}  losses {rate['losses']:>5}  ties {rate['ties']:>5}"
                  f"  win% {rate['win%']:5.1f}   ({time.perf_counter() - started:.1f} s)")
    return 0

"""`tablehall bench GAME` for a game without a benchmark of its own: its engine loop against
`tablehall play`'s path, the same games in both, with the bots its SPEC pairs (`pairing`)."""

from __future__ import annotations

import argparse

from ..core.registry import get_game
from .measure import PLAY_ROUNDS, play_versus_engine


def main(game: str, argv: list[str]) -> int:
    spec = get_game(game)
    parser = argparse.ArgumentParser(prog=f"tablehall bench {game}", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0, help="CPU seconds for each of the two (default 8)")
    parser.add_argument("--rounds", type=int, default=PLAY_ROUNDS, help=f"rounds they take turns in (default {PLAY_ROUNDS})")
    args = parser.parse_args(argv)
    stronger, weaker = spec.paired_bots()
    seats = [stronger] + [weaker] * (spec.default_seat_count - 1)
    print(f"{spec.title}: {', '.join(seats)}, one core, CPU time")
    for line in play_versus_engine(spec, seats, args.seconds, args.rounds):
        print(line)
    return 0

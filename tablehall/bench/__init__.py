"""`tablehall bench TARGET [ARGS]`: every benchmark, in one layer on top of the rest.

Benchmarks import the games, the server, the web hall, the arena and the environments; nothing
imports them.  A game declares at most the bots a benchmark sets against each other
(`GameSpec.pairing`).  Each benchmark runs its contenders in turns on CPU time and prints
ratios with their spread over the rounds (`measure`); docs/benchmarks.md holds the figures.

* a game: `blokus`, `catan`, `dominion` and `renaissance` measure their engine against peers
  where installed; any other game gets `game`: its engine loop against `tablehall play`'s path;
* `server`: every protocol under load, clients in other processes (`load`); `journal`: the
  journal of live games on each server path, against a tree without it;
* `web`: spectators of one live game and the lobby with many; `arena`: the arena's backends
  and duplicate seeding; `envs`: the learning environments (the envs extra).
"""

from __future__ import annotations

import importlib
from typing import Sequence

#: the modules of this package that are benchmarks: games with one of their own, other parts
BENCHES = ("blokus", "catan", "dominion", "renaissance", "server", "journal", "web", "arena", "envs")
#: the extra a benchmark needs beyond the core, for the message when it is missing
EXTRAS = {"web": "web", "arena": "arena", "envs": "envs"}


def run(target: str, argv: Sequence[str]) -> int:
    """Run the benchmark of `target` (a game, or one of BENCHES) with its own arguments."""
    if target not in BENCHES:
        from . import game

        return game.main(target, list(argv))
    try:
        module = importlib.import_module(f".{target}", __name__)
    except ImportError as exc:
        extra = EXTRAS.get(target, "bench")
        raise ValueError(f"bench {target} needs the {extra} extra (pip install 'tablehall[{extra}]'): {exc}") from None
    return int(module.main(list(argv)) or 0)

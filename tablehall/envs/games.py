"""The games that have environments: game name -> adapter, PettingZoo module, Gymnasium id."""

from __future__ import annotations

from .adapter import Adapter
from .blokus import BlokusAdapter
from .catan import CatanAdapter
from .dominion import DominionAdapter
from .renaissance import RenaissanceAdapter

ADAPTERS: dict[str, type[Adapter]] = {
    "blokus": BlokusAdapter,
    "catan": CatanAdapter,
    "dominion": DominionAdapter,
    "renaissance": RenaissanceAdapter,
}

#: game -> the PettingZoo module (`tablehall.envs.<module>`)
MODULES: dict[str, str] = {game: f"{game}_v0" for game in ADAPTERS}

#: game -> the Gymnasium id registered by `import tablehall.envs`
GYM_IDS: dict[str, str] = {
    "blokus": "tablehall/Blokus-v0",
    "catan": "tablehall/Catan-v0",
    "dominion": "tablehall/Dominion-v0",
    "renaissance": "tablehall/Renaissance-v0",
}


def tables(game: str) -> str:
    """The action and observation tables docs/envs.md shows for `game` (tests/envs/test_docs.py
    checks the page against them): ``python -c "from tablehall.envs.games import tables;
    print(tables('catan'))"``."""
    adapter = ADAPTERS[game]
    return f"Actions:\n\n{adapter.index.markdown()}\n\nObservation:\n\n{adapter.layout.markdown()}\n"

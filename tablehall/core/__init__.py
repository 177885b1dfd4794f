"""The game-agnostic kernel: rules contract, events with audiences, seeded randomness, the
match runner, records and stores, and the hosting contract for protocol services.

Names are imported on first use (PEP 562), so a command that needs only the record store does
not pay for asyncio and the match runner: `from tablehall.core import Match` works as ever.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_WHERE = {
    "agents": ("Agent", "AgentGone", "BotAgent", "RemoteAgent"),
    "events": ("EVERYONE", "OBSERVER", "OBSERVERS", "Audience", "Event", "all_but", "only", "visible_to"),
    "game": ("Bot", "GameSpec", "GameState", "IllegalAction", "OptionError", "strict_options"),
    "match": ("Match", "MatchListener", "Step"),
    "policy": ("Consequence", "SeatPolicy"),
    "record": ("Entry", "Handover", "Record", "RecordError", "SeatInfo"),
    "records": ("replay",),
    "result": ("EndCause", "Result", "SeatResult", "rank_by"),
    "rng": ("Rng", "derive_seed"),
}
_MODULE_OF = {name: module for module, names in _WHERE.items() for name in names}

__all__ = [name for names in _WHERE.values() for name in names]


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'tablehall.core' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])


if TYPE_CHECKING:  # for type checkers and editors: the same names, eagerly
    from .agents import Agent, AgentGone, BotAgent, RemoteAgent
    from .events import EVERYONE, OBSERVER, OBSERVERS, Audience, Event, all_but, only, visible_to
    from .game import Bot, GameSpec, GameState, IllegalAction, OptionError, strict_options
    from .match import Match, MatchListener, Step
    from .policy import Consequence, SeatPolicy
    from .record import Entry, Handover, Record, RecordError, SeatInfo
    from .records import replay
    from .result import EndCause, Result, SeatResult, rank_by
    from .rng import Rng, derive_seed

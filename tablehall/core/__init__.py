"""The game-agnostic kernel: rules contract, events with audiences, seeded randomness, the
match runner, records and stores, and the hosting contract for protocol services."""

from .agents import Agent, AgentGone, BotAgent, RemoteAgent
from .events import EVERYONE, OBSERVER, OBSERVERS, Audience, Event, all_but, only, visible_to
from .game import Bot, GameSpec, GameState, IllegalAction, OptionError, strict_options
from .match import Consequence, Match, SeatPolicy
from .records import Entry, Record, RecordError, SeatInfo, replay
from .result import EndCause, Result, SeatResult, rank_by
from .rng import Rng, derive_seed

__all__ = [
    "Agent", "AgentGone", "BotAgent", "RemoteAgent",
    "EVERYONE", "OBSERVER", "OBSERVERS", "Audience", "Event", "all_but", "only", "visible_to",
    "Bot", "GameSpec", "GameState", "IllegalAction", "OptionError", "strict_options",
    "Consequence", "Match", "SeatPolicy",
    "Entry", "Record", "RecordError", "SeatInfo", "replay",
    "EndCause", "Result", "SeatResult", "rank_by",
    "Rng", "derive_seed",
]

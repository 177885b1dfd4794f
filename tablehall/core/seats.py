"""Seat texts: what plays a seat, as `tablehall play --seats` (and the arena, and the services'
configured bots) name it.

* ``NAME``: one of the game's built-in bots (``random``, ``strong``, ...);
* ``cmd:COMMAND``: a subprocess bot speaking the game's protocol, where the game has one;
* ``KIND:TARGET`` for the kinds in `SEAT_KINDS`: ``policy:MODULE:CALLABLE`` or
  ``policy:PATH.py:CALLABLE`` is a trained policy (a callable from an observation and an action
  mask to an action index, see `tablehall.envs.bridge`; needs the ``envs`` extra).

Seat kinds are named by module path and imported on first use, like the games in `registry`,
so the kernel depends on none of them.
"""

from __future__ import annotations

import importlib
from typing import Callable

from .agents import Agent, BotAgent
from .game import Bot, GameSpec
from .rng import derive_seed

#: seat kind -> "module:function", function(spec, target, seed) -> Bot
SEAT_KINDS: dict[str, str] = {
    "policy": "tablehall.envs.bridge:policy_bot",
}


class SeatError(ValueError):
    """A seat text that names nothing this game can seat (the message says what can)."""


def seat_kind(text: str) -> tuple[str, str] | None:
    """(kind, target) for ``kind:target`` seat texts of a kind in `SEAT_KINDS`, else None."""
    kind, sep, target = text.partition(":")
    if sep and kind in SEAT_KINDS:
        return kind, target
    return None


def make_bot(spec: GameSpec, text: str, seed: int) -> Bot:
    """The in-process bot `text` names: a built-in bot, or a seat kind such as ``policy:``."""
    special = seat_kind(text)
    if special is not None:
        kind, target = special
        if not target.strip():
            raise SeatError(f"{kind}: seat without a target")
        return _factory(kind)(spec, target.strip(), seed)
    try:
        bot_class = spec.bots[text]
    except KeyError:
        raise SeatError(f"unknown {spec.name} seat {text!r} ({describe(spec)})") from None
    return bot_class(seed)


def make_agent(spec: GameSpec, text: str, seat: int, seed: int, threaded: bool = False) -> Agent:
    """The agent for seat `seat` of a game seeded `seed`, as `tablehall play` seats it: bots are
    seeded from the game's seed and the seat, so the same seats replay the same game."""
    if text.startswith("cmd:"):
        if not spec.seat_command_bots or spec.subprocess_agent is None:
            raise SeatError(f"{spec.name} does not run subprocess bots (cmd: seats)")
        command = text[4:].strip()
        if not command:
            raise SeatError("cmd: seat without a command")
        return spec.subprocess_agent(command, seat, command.split()[-1])
    return BotAgent(make_bot(spec, text, derive_seed(seed, "seat", seat)), name=text, threaded=threaded)


def describe(spec: GameSpec) -> str:
    """What a seat of `spec` may be, for error messages."""
    kinds = [f"{kind}:..." for kind in SEAT_KINDS]
    if spec.seat_command_bots:
        kinds.insert(0, "cmd:COMMAND")
    return f"built-in bots: {', '.join(sorted(spec.bots)) or 'none'}; or {', '.join(kinds)}"


def _factory(kind: str) -> Callable[[GameSpec, str, int], Bot]:
    module, _, name = SEAT_KINDS[kind].partition(":")
    try:
        loaded = importlib.import_module(module)
    except ImportError as exc:
        raise SeatError(f"{kind}: seats need the envs extra (pip install 'tablehall[envs]'): {exc}") from None
    return getattr(loaded, name)

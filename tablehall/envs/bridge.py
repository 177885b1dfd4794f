"""Trained policies as tablehall bots: the way back from an environment to every table.

A *policy* is any callable ``policy(observation, mask) -> action index``, taking the same
float32 observation and int8 mask the environments give (docs/envs.md).  `PolicyBot` plays a
seat with it: at each decision it encodes the seat's observation (the engine's
`observation(seat)`, so the policy sees only what the seat may see), asks the policy, and hands
the engine the action the index stands for (several indices for a free-form action such as a
Catan discard).  An index the rules forbid is played like any other wrong move: the engine
refuses it and the seat's consequence applies (a forfeit for a bot in `tablehall play`).

Seat texts (`core.seats`): ``policy:MODULE:CALLABLE`` (an importable module) or
``policy:PATH.py:CALLABLE`` (a file), wherever seats are named: ``tablehall play --seats``, the
arena, and the bots a server's services seat (configured by the operator, never by a client).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import sys
import threading
from pathlib import Path
from typing import Any, Callable

from tablehall.core import Bot, GameState
from tablehall.core.game import GameSpec
from tablehall.core.seats import SeatError

from .adapter import Adapter
from .games import adapter_class

Policy = Callable[[Any, Any], int]

#: the most indices one decision may take (a Catan discard names one card per index)
MAX_PARTS = 100

_loaded: dict[str, Policy] = {}
_loading = threading.Lock()


class PolicyBot(Bot):
    """A seat played by a policy callable."""

    name = "policy"

    def __init__(self, seed: int, game: str, policy: Policy, label: str = "policy") -> None:
        super().__init__(seed)
        try:
            self.adapter_class = adapter_class(game)
        except ValueError as exc:
            raise SeatError(f"policy: {exc}") from None
        self.game = game
        self.policy = policy
        self.label = label
        self._adapters: dict[int, Adapter] = {}

    def adapter(self, state: GameState) -> Adapter:
        adapter = self._adapters.get(state.seat_count)
        if adapter is None:
            adapter = self._adapters[state.seat_count] = self.adapter_class(state.seat_count)
        return adapter

    def choose(self, state: GameState, seat: int) -> Any:
        adapter = self.adapter(state)
        draft = None
        for _ in range(MAX_PARTS):
            observation = adapter.observe(state, seat, draft)
            mask = adapter.mask(state, seat, draft)
            index = self.policy(observation, mask)
            try:
                index = int(index)
            except (TypeError, ValueError):
                return ("policy_error", f"not an action index: {index!r}")
            if not 0 <= index < adapter.action_count:
                return ("policy_error", f"action index {index} out of range 0..{adapter.action_count - 1}")
            action, draft = adapter.decode(state, seat, index, draft)
            if action is not None:
                return action
        return ("policy_error", f"no whole action after {MAX_PARTS} indices")


def policy_bot(spec: GameSpec, target: str, seed: int) -> PolicyBot:
    """The bot a ``policy:TARGET`` seat names (the `core.seats` factory for the kind)."""
    return PolicyBot(seed, spec.name, load_policy(target), label=target)


def load_policy(target: str) -> Policy:
    """The callable ``MODULE:CALLABLE`` or ``PATH.py:CALLABLE`` names (dotted names reach into
    objects: ``agent.py:trained.act``).  Each target is loaded once per process."""
    with _loading:
        policy = _loaded.get(target)
        if policy is None:
            policy = _loaded[target] = _load(target)
        return policy


def _load(target: str) -> Policy:
    where, sep, name = target.rpartition(":")
    if not sep or not where or not name:
        raise SeatError(f"policy:{target}: name it MODULE:CALLABLE or PATH.py:CALLABLE")
    if where.endswith(".py") or "/" in where:
        path = Path(where).expanduser().resolve()
        if not path.is_file():
            raise SeatError(f"policy:{target}: no file {where}")
        module_name = "tablehall_policy_" + hashlib.sha256(str(path).encode()).hexdigest()[:16]
        spec = importlib.util.spec_from_file_location(module_name, path)
        if spec is None or spec.loader is None:
            raise SeatError(f"policy:{target}: cannot load {where}")
        module = importlib.util.module_from_spec(spec)
        sys.modules[module_name] = module
        try:
            spec.loader.exec_module(module)
        except Exception as exc:
            del sys.modules[module_name]
            raise SeatError(f"policy:{target}: {where} failed to load: {type(exc).__name__}: {exc}") from None
    else:
        try:
            module = importlib.import_module(where)
        except ImportError as exc:
            raise SeatError(f"policy:{target}: cannot import {where}: {exc}") from None
    obj: Any = module
    for part in name.split("."):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            raise SeatError(f"policy:{target}: {where} has no {name}") from None
    if not callable(obj):
        raise SeatError(f"policy:{target}: {name} is not callable")
    return obj

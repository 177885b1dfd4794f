"""Bots get no secret through their observation (issue 14).

An in-process bot is handed `state.observation(seat)`.  For every hidden-information game, walk
everything reachable from that object and show that nothing in it rebuilds what the seat may not
know: the real seed appears nowhere, no number found in it seeds a game with the same deal, and
no generator in it continues the live game's stream.  (Blokus has nothing hidden after the start
piece is announced: its observation is the public state itself.)"""

from __future__ import annotations

import pytest

from tablehall.core.registry import get_game
from tablehall.core.rng import Rng

SEED = 0x5EED_1234_ABCD  # large, so no count or id in a state equals it by chance


def reachable(root, limit: int = 200_000):
    """Every object reachable from `root` through attributes, slots and containers."""
    seen, stack = set(), [root]
    while stack and len(seen) < limit:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, (type, str, bytes, float, bool)) or callable(obj) and not hasattr(obj, "__dict__"):
            continue
        seen.add(id(obj))
        yield obj
        if isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
        elif isinstance(obj, (list, tuple, set, frozenset)):
            stack.extend(obj)
        elif not isinstance(obj, int):
            stack.extend(getattr(obj, "__dict__", {}).values())
            for cls in type(obj).__mro__:
                for slot in getattr(cls, "__slots__", ()):
                    if hasattr(obj, slot):
                        stack.append(getattr(obj, slot))


def next_draws(rng: Rng, n: int = 32) -> list[int]:
    twin = rng.copy()
    return [twin.below(1 << 30) for _ in range(n)]


# what the seat must not be able to rebuild: the deal of every hidden card, per game
def dominion_secret(state):
    return [(p.deck[:], p.hand[:]) for p in state.players]


def renaissance_secret(state):
    stack = state.lorenzo.stack[:] if state.lorenzo is not None else None
    return [d[:] for d in state.dealt], [d[:] for d in state.decks], stack


def catan_secret(state):
    return state.deck[:]


CASES = [
    ("dominion", 2, dominion_secret, 40),
    ("dominion", 4, dominion_secret, 60),
    ("renaissance", 1, renaissance_secret, 30),
    ("renaissance", 3, renaissance_secret, 30),
    ("catan", 4, catan_secret, 80),
]


@pytest.mark.parametrize("game, seats, secret, steps", CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_an_observation_holds_nothing_that_rebuilds_the_deal(game, seats, secret, steps):
    spec = get_game(game)
    state = spec.new(seats, {}, SEED)
    initial_secret = secret(state)
    chooser = Rng(7)
    checked = 0
    for step in range(steps):
        if state.is_over:
            break
        for seat in state.to_act() or range(seats):
            observation = state.observation(seat)
            ints = set()
            for obj in reachable(observation):
                assert obj is not state.rng, "the live generator is reachable"
                if isinstance(obj, int):
                    ints.add(obj)
                elif isinstance(obj, Rng):
                    assert next_draws(obj) != next_draws(state.rng), "a generator continues the game's stream"
            assert SEED not in ints, f"{game}: the real seed is in seat {seat}'s observation"
            for candidate in sorted(i for i in ints if i > 1 << 24):  # anything seed-like
                assert secret(spec.new(seats, {}, candidate)) != initial_secret, \
                    f"{game}: {candidate} in the observation rebuilds the deal"
            checked += 1
        seat = state.to_act()[0]
        state.apply(seat, chooser.choice(list(state.legal_actions(seat))))
    assert checked >= 10

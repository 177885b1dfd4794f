"""Junk actions from a client never crash the engine and never change the game."""

from __future__ import annotations

import json

from tablehall.core import IllegalAction, Rng, derive_seed
from tablehall.games.catan import SPEC, actions as A


def junk(rng: Rng):
    kinds = list(A.SHAPES) + ["", "fly", None, 7]
    values = [0, 1, -1, 3, 53, 54, 71, 72, 18, 19, 10**9, -10**9, True, 2.5, "3", None, (), (1, 2),
              (0, 0, 0, 0, 0), (1, 0, 0, 0, 0), (4, 0, 0, 0, 0), (-1, 0, 0, 0, 1), (0, 1), ((1,),),
              [1, 0, 0, 0, 0], (9, 9, 9, 9, 9)]
    return (rng.choice(kinds),) + tuple(rng.choice(values) for _ in range(rng.below(4)))


def snapshot(state) -> str:
    return json.dumps([state.view(None), state.hands, state.dev_old, state.dev_new, state.deck,
                       state.offers and [o and [list(o[0]), list(o[1]), list(o[2]), sorted(o[3])] for o in state.offers]],
                      default=str)


def test_junk_actions_are_refused_without_side_effects():
    rng = Rng(99)
    for seed in range(8):
        state = SPEC.new(4, {}, seed)
        bots = [SPEC.bots["random"](derive_seed(seed, s)) for s in range(4)]
        steps = 0
        while not state.is_over and steps < 600:
            for _ in range(5):
                seat = rng.below(6) - 1
                action = junk(rng)
                before = snapshot(state)
                try:
                    state.check(seat, action)
                except IllegalAction:
                    assert snapshot(state) == before
                    try:
                        state.apply(seat, action)
                    except IllegalAction:
                        assert snapshot(state) == before
                        continue
                    raise AssertionError(f"apply accepted what check refused: {action!r}")
                state.apply(seat, action)  # junk that happens to be legal is a legal move
            if state.is_over:
                break
            seat = state.to_act()[0]
            state.apply(seat, bots[seat].choose(state.observation(seat), seat))
            steps += 1


def test_decoding_records_refuses_junk():
    for data in (None, [], ["road"], ["road", "1"], ["discard", [1, 2]], ["offer", [0] * 5, [0] * 5, "1"],
                 ["teleport", 3], [5], ["road", True]):
        try:
            A.decode(data)
        except ValueError:
            continue
        raise AssertionError(f"decoded junk {data!r}")

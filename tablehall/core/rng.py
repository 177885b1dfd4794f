"""A seeded random generator whose draws depend only on the seed.

Games take every random decision from an `Rng` held in their state, so the same game, options,
seed and actions reproduce the same game in any process.  The generator is CPython's Mersenne
Twister seeded with an integer (documented as reproducible across versions); the derived
operations are written here on top of `getrandbits`, so a change to `random.Random`'s higher
level methods in a later Python cannot change a game.
"""

from __future__ import annotations

import hashlib
import random
from typing import Iterator, MutableSequence, Sequence, TypeVar

T = TypeVar("T")


def derive_seed(seed: int, *labels: object) -> int:
    """A 64-bit seed derived from `seed` and `labels`, stable in any process.

    Used to give each bot and sub-generator its own stream without correlating them.
    """
    text = "/".join([str(seed), *map(str, labels)]).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")


def _shuffle_steps(n: int) -> Iterator[tuple[int, int]]:
    """Each step of a Fisher-Yates shuffle of `n` items: (i, bits that `below(i + 1)` draws)."""
    return zip(range(n - 1, 0, -1), map(int.bit_length, range(n, 1, -1)))


_SHUFFLE_STEPS = tuple(tuple(_shuffle_steps(n)) for n in range(65))


class Rng:
    """Seeded generator: `below`, `randint`, `choice`, `shuffle`, `sample`, `random`."""

    __slots__ = ("_mt", "_bits")

    def __init__(self, seed: int) -> None:
        self._mt = random.Random(seed)
        self._bits = self._mt.getrandbits

    def below(self, n: int) -> int:
        """Uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        k = n.bit_length()
        r = self._bits(k)
        while r >= n:
            r = self._bits(k)
        return r

    def randint(self, low: int, high: int) -> int:
        """Uniform integer in [low, high], both ends included."""
        return low + self.below(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[object]) -> None:
        """Fisher-Yates, in place.  The draws are exactly `below(i + 1)` for each i from the
        end, written out inline with the bit counts of small shuffles precomputed: card games
        shuffle on their hot path."""
        bits = self._bits
        n = len(items)
        for i, k in _SHUFFLE_STEPS[n] if n < len(_SHUFFLE_STEPS) else _shuffle_steps(n):
            j = bits(k)
            while j > i:
                j = bits(k)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        for i in range(k):
            j = i + self.below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def random(self) -> float:
        """Uniform float in [0, 1) with 53 random bits."""
        return self._bits(53) / 9007199254740992.0

    def copy(self) -> "Rng":
        twin = Rng.__new__(Rng)
        twin._mt = random.Random.__new__(random.Random)  # unseeded: setstate replaces it all
        twin._mt.setstate(self._mt.getstate())
        twin._bits = twin._mt.getrandbits
        return twin

    def __deepcopy__(self, memo: dict) -> "Rng":
        return self.copy()

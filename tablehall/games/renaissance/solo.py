"""Lorenzo il Magnifico, the solo opponent: a black cross on the faith track and a face-down
stack of 7 solo action tokens, one revealed after each of the player's turns.

Lorenzo wins when his cross reaches the last faith space or when every card of one colour
has left the development grid; the rules module checks both after every change.
"""

from __future__ import annotations

from .data import COLORS, TOKENS, Token
from tablehall.core.rng import Rng

DISCARDED_PER_TOKEN = 2


class Lorenzo:
    __slots__ = ("cross", "stack", "last")

    def __init__(self, rng: Rng) -> None:
        self.cross = 0
        self.stack = sorted(TOKENS)  # the top of the stack is stack[0]
        rng.shuffle(self.stack)
        self.last: int = 0  # the token revealed last, 0 before the first

    def copy(self) -> "Lorenzo":
        twin = Lorenzo.__new__(Lorenzo)
        twin.cross, twin.stack, twin.last = self.cross, self.stack[:], self.last
        return twin

    def reveal(self, rng: Rng) -> Token:
        """Turn over the top token; the +1 token reshuffles all seven into a new stack."""
        token = TOKENS[self.stack.pop(0)]
        self.last = token.id
        if token.effect == "cross+1,shuffle":
            self.stack = sorted(TOKENS)
            rng.shuffle(self.stack)
        return token

    @staticmethod
    def cross_steps(token: Token) -> int:
        return {"cross+2": 2, "cross+1,shuffle": 1}.get(token.effect, 0)


def discard_cards(decks: list[list[int]], color: int) -> list[int]:
    """Remove up to two cards of `color` from the grid, lowest level first; the removed ids."""
    removed = []
    for _ in range(DISCARDED_PER_TOKEN):
        for level in range(3):
            deck = decks[level * len(COLORS) + color]
            if deck:
                removed.append(deck.pop())
                break
    return removed


def color_gone(decks: list[list[int]]) -> int:
    """A colour with no card left at any level, or -1."""
    for color in range(len(COLORS)):
        if not any(decks[level * len(COLORS) + color] for level in range(3)):
            return color
    return -1

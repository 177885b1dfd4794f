"""Nim: piles of stones; a move takes one or more stones from one pile; whoever takes the last
stone wins.  Two seats, no chance, nothing hidden."""

from __future__ import annotations

from typing import Any, Sequence

from tablehall.core import EndCause, Event, GameState, IllegalAction, OptionError, Result, SeatResult, strict_options

#: the most piles and stones a pile may start with (what the environment's action index covers)
MAX_PILES, MAX_STONES = 5, 9

_defaults = strict_options({"piles": "3 4 5"})


def normalize_options(options: dict[str, Any]) -> dict[str, Any]:
    out = _defaults(options)
    out["piles"] = " ".join(map(str, parse_piles(out["piles"])))
    return out


def parse_piles(text: str) -> tuple[int, ...]:
    try:
        piles = tuple(int(word) for word in text.split())
    except ValueError:
        raise OptionError(f"piles must be whole numbers, not {text!r}") from None
    if not 1 <= len(piles) <= MAX_PILES or not all(1 <= pile <= MAX_STONES for pile in piles):
        raise OptionError(f"piles: 1 to {MAX_PILES} piles of 1 to {MAX_STONES} stones, not {text!r}")
    return piles


def new_game(seats: int, options: dict[str, Any], seed: int) -> "NimState":
    return NimState(parse_piles(options["piles"]))  # no chance: the seed is not needed


def decode_action(data: Any) -> tuple[int, int]:
    pile, count = data
    return int(pile), int(count)


class NimState(GameState):
    seat_count = 2

    def __init__(self, piles: Sequence[int]) -> None:
        self.piles = list(piles)
        self.turn = 0
        self.winner: int | None = None
        self.forfeited: tuple[EndCause, str] | None = None

    def to_act(self) -> tuple[int, ...]:
        return () if self.is_over else (self.turn,)

    def legal_actions(self, seat: int) -> list[tuple[int, int]]:
        if seat not in self.to_act():
            return []
        return [(pile, count) for pile, stones in enumerate(self.piles) for count in range(1, stones + 1)]

    def check(self, seat: int, action: Any) -> None:
        if seat not in self.to_act():
            raise IllegalAction("NOT_YOUR_TURN", f"seat {seat} is not asked now")
        pile, count = action
        if not 0 <= pile < len(self.piles) or not 1 <= count <= self.piles[pile]:
            raise IllegalAction("BAD_TAKE", f"cannot take {count} from pile {pile} of {self.piles}")

    def apply(self, seat: int, action: Any) -> list[Event]:
        self.check(seat, action)
        pile, count = action
        self.piles[pile] -= count
        if not any(self.piles):
            self.winner = seat
        else:
            self.turn = 1 - seat
        return [Event("took", {"seat": seat, "pile": pile, "count": count, "piles": list(self.piles)})]

    def forfeit(self, seat: int, cause: EndCause, reason: str = "") -> list[Event]:
        self.winner, self.forfeited = 1 - seat, (cause, reason)
        return [Event("out", {"seat": seat, "cause": cause.value})]

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def result(self) -> Result | None:
        if self.winner is None:
            return None
        cause, reason = self.forfeited or (EndCause.REGULAR, "")
        loser = SeatResult(1 - self.winner, 2, 0, cause, reason)
        return Result(tuple(sorted((SeatResult(self.winner, 1, 1), loser), key=lambda s: s.seat)), cause)

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"piles": list(self.piles), "to_move": None if self.is_over else self.turn, "winner": self.winner}

    def copy(self) -> "NimState":
        twin = NimState(self.piles)
        twin.turn, twin.winner, twin.forfeited = self.turn, self.winner, self.forfeited
        return twin

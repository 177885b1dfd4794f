"""A tiny game used only to test the kernel: seats take 1-3 stones from a pile in turn; whoever
takes the last stone loses.  Before the first turn every seat must say 'ready' (several seats
act at once), and each turn the mover draws a secret card only it may see (hidden information).
"""

from __future__ import annotations

from tablehall.core import (EVERYONE, Bot, EndCause, Event, GameSpec, GameState, IllegalAction,
                            Result, Rng, SeatResult, all_but, only, strict_options)


class PileState(GameState):
    def __init__(self, seats: int, options: dict, seed: int) -> None:
        self.seat_count = seats
        self.rng = Rng(seed)
        self.pile = options["stones"]
        self.turn = 0
        self.ready: set[int] = set()
        self.out: dict[int, EndCause] = {}
        self.loser: int | None = None
        self.secrets: dict[int, list[int]] = {s: [] for s in range(seats)}

    def _in(self) -> list[int]:
        return [s for s in range(self.seat_count) if s not in self.out]

    def to_act(self):
        if self.is_over:
            return ()
        if len(self.ready) < len(self._in()):
            return tuple(s for s in self._in() if s not in self.ready)
        return (self.turn,)

    def legal_actions(self, seat):
        if seat not in self.to_act():
            return []
        if len(self.ready) < len(self._in()):
            return ["ready"]
        return [n for n in (1, 2, 3) if n <= self.pile]

    def check(self, seat, action):
        if seat not in self.to_act():
            raise IllegalAction("NOT_YOUR_TURN", f"seat {seat} is not asked now")
        if action not in self.legal_actions(seat):
            raise IllegalAction("BAD_TAKE", f"cannot play {action!r} with {self.pile} stones left")

    def apply(self, seat, action):
        self.check(seat, action)
        if action == "ready":
            self.ready.add(seat)
            return [Event("ready", {"seat": seat})]
        self.pile -= action
        card = self.rng.below(100)
        self.secrets[seat].append(card)
        events = [Event("took", {"seat": seat, "n": action, "pile": self.pile}, EVERYONE),
                  Event("drew", {"seat": seat, "card": card}, only(seat)),
                  Event("drew", {"seat": seat}, all_but(seat))]
        if self.pile == 0:
            self.loser = seat
        else:
            self._advance()
        return events

    def _advance(self):
        players = self._in()
        nxt = (self.turn + 1) % self.seat_count
        while nxt not in players:
            nxt = (nxt + 1) % self.seat_count
        self.turn = nxt

    def forfeit(self, seat, cause, reason=""):
        self.out[seat] = cause
        if len(self._in()) <= 1:
            self.loser = seat
        elif self.turn == seat:
            self._advance()
        return [Event("out", {"seat": seat, "cause": cause.value})]

    @property
    def is_over(self):
        return self.loser is not None

    def result(self):
        if self.loser is None:
            return None
        seats = []
        for s in range(self.seat_count):
            if s in self.out:
                seats.append(SeatResult(s, 2, 0, self.out[s]))
            else:
                seats.append(SeatResult(s, 2 if s == self.loser else 1, 0 if s == self.loser else 1))
        return Result(tuple(seats), EndCause.REGULAR if not self.out else next(iter(self.out.values())))

    def view(self, seat):
        return {"pile": self.pile, "turn": self.turn,
                "secrets": self.secrets[seat] if seat is not None else None}

    def copy(self):
        import copy
        return copy.deepcopy(self)


class TakeOneBot(Bot):
    name = "one"

    def choose(self, state, seat):
        return state.legal_actions(seat)[0]


class RandomBot(Bot):
    name = "random"

    def choose(self, state, seat):
        return self.rng.choice(state.legal_actions(seat))


SPEC = GameSpec(
    name="pile", title="Pile (kernel test game)", rules_version="1",
    seat_counts=(2, 3, 4), default_seat_count=2,
    new_game=lambda seats, options, seed: PileState(seats, options, seed),
    normalize_options=strict_options({"stones": 21}),
    encode_action=lambda a: a, decode_action=lambda a: a,
    bots={"one": TakeOneBot, "random": RandomBot},
)

"""Several seats asked at once, where one answer makes the others' decisions stale (a Catan
trade offer: the offerer ends the turn while the others still consider it)."""

import asyncio

from tablehall.core import EVERYONE, EndCause, Event, GameSpec, GameState, IllegalAction, Match, RemoteAgent
from tablehall.core import Result, SeatResult, strict_options


class BuzzerState(GameState):
    """Every seat may buzz; the first buzz applied wins the right to answer, then the game ends."""

    def __init__(self, seats: int) -> None:
        self.seat_count = seats
        self.buzzed: int | None = None
        self.winner: int | None = None

    def to_act(self):
        if self.is_over:
            return ()
        return tuple(range(self.seat_count)) if self.buzzed is None else (self.buzzed,)

    def legal_actions(self, seat):
        if seat not in self.to_act():
            return []
        return ["buzz"] if self.buzzed is None else ["answer"]

    def check(self, seat, action):
        if action not in self.legal_actions(seat):
            raise IllegalAction("TOO_LATE", "somebody buzzed first")

    def apply(self, seat, action):
        self.check(seat, action)
        if action == "buzz":
            self.buzzed = seat
        else:
            self.winner = seat
        return [Event(action, {"seat": seat}, EVERYONE)]

    def forfeit(self, seat, cause, reason=""):
        return []

    @property
    def is_over(self):
        return self.winner is not None

    def result(self):
        if self.winner is None:
            return None
        return Result(tuple(SeatResult(s, 1 if s == self.winner else 2, 0) for s in range(self.seat_count)),
                      EndCause.REGULAR)

    def view(self, seat):
        return {"winner": self.winner}

    def copy(self):
        twin = BuzzerState(self.seat_count)
        twin.buzzed, twin.winner = self.buzzed, self.winner
        return twin


SPEC = GameSpec(name="buzzer", title="Buzzer (kernel test game)", rules_version="1", seat_counts=(3,),
                new_game=lambda seats, options, seed: BuzzerState(seats), normalize_options=strict_options({}),
                encode_action=lambda a: a, decode_action=lambda a: a)


def test_answers_arriving_together_where_the_first_makes_the_others_stale():
    async def scenario():
        agents = []
        for _ in range(3):
            agent = RemoteAgent("eager", "remote:test")
            agent.on_request = lambda seat, state, agent=agent: agent.answer(seat, state.legal_actions(seat)[0])
            agents.append(agent)
        return await Match(SPEC, agents).run()

    record = asyncio.run(scenario())
    assert record.status == "finished"
    assert [(e.seat, e.action) for e in record.entries] == [(0, "buzz"), (0, "answer")]

"""`room.SeatLines`: the TCP seats of a match told each delivery with one rendering.  Every seat
gets exactly the bytes the per-seat path (the runner filtering events for the seat, then
`SeatProtocol.events`) would have sent it, over games of every kingdom card with attacks, moats
and seats taken out; an event with lines that some seat may not see reaches only its audience."""

import asyncio
from types import SimpleNamespace

from tablehall.core import EndCause, Event, only
from tablehall.core.hosting import MemoryTransport
from tablehall.core.match import Step
from tablehall.games.dominion.room import SeatLines
from tablehall.games.dominion.rules import DominionState
from tablehall.games.dominion.service import TcpBotAgent
from tablehall.games.dominion.session import SeatProtocol

from .conftest import builtin


class Reference:
    """One seat told the per-seat way, as `TcpBotAgent` sends `SeatProtocol.events`' lines."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.stream = bytearray()
        self.gone = False
        self.protocol = SeatProtocol(seat, lambda line: self.stream.extend(line.encode() + b"\n"),
                                     send_lines=lambda lines: self.stream.extend(("\n".join(lines) + "\n").encode()))

    def deliver(self, events) -> None:
        seen = [e for e in events if e.audience.admits(self.seat)]
        if seen and not self.gone and self.protocol.events(seen):
            self.gone = True  # taken out: the agent is gone, the runner tells it nothing more


def tcp_seats(count: int):
    """Real TCP agents on memory transports, and the room that tells them."""
    agents = []
    for seat in range(count):
        connection = SimpleNamespace(transport=MemoryTransport(f"peer{seat}"), close=lambda: None)
        agents.append(TcpBotAgent(connection, seat))
    return agents, SeatLines(agents)


def game_batches(names, seed, forfeit_at=None):
    """The event batches a match delivers: the start, then each action's or forfeit's events."""
    state = DominionState(len(names), seed=seed)
    bots = [builtin(name, index).bot for index, name in enumerate(names)]
    yield state.start_events()
    step = 0
    while not state.is_over:
        asked = state.to_act()
        seat = asked[-1] if step % 2 else asked[0]
        if step == forfeit_at:
            yield state.forfeit((seat + 1) % len(names), EndCause.DISQUALIFIED, "test")
        else:
            yield state.apply(seat, bots[seat].choose(state.observation(seat), seat))
        step += 1


def compare(batches, seats: int) -> list[bytes]:
    async def scenario():
        agents, room = tcp_seats(seats)
        match = SimpleNamespace(agents=list(agents))
        references = [Reference(seat) for seat in range(seats)]
        for events in batches:
            room.on_step(match, Step(0, None, events, None))
            for reference in references:
                reference.deliver(events)
        await asyncio.sleep(0)  # a seat taken out closes its channel in a task
        for agent, reference in zip(agents, references):
            assert agent.connection.transport.take() == bytes(reference.stream), f"seat {agent.seat}"
            assert agent.is_gone == reference.gone
            assert agent.wants_events is False  # the runner does not tell them as well
        return [bytes(r.stream) for r in references]

    return asyncio.run(scenario())


def test_every_seat_gets_the_bytes_the_per_seat_path_sent():
    mixes = [("bigmoney", "bigmoney"), ("engine", "random", "smithy"), ("random", "engine"),
             ("smithy", "bigmoney", "engine", "random"), ("random", "random", "random")]
    told = 0
    for seed, names in enumerate(mixes * 3):
        forfeit_at = 30 if seed % 4 == 1 else None
        streams = compare(list(game_batches(names, seed, forfeit_at)), len(names))
        told += sum(len(s) for s in streams)
        assert all(b"kingdom-cards" in s for s in streams)
    assert told > 100_000  # whole games were told, not nothing compared to nothing


def test_a_line_some_seat_may_not_see_reaches_only_its_audience():
    state = DominionState(3, seed=5)
    secret = Event("trashed", {"seat": 0, "cards": ["gold"]}, only(0))
    batches = [state.start_events(), [secret, Event("top-discard", {"seat": 1, "card": "estate", "count": 1})]]
    streams = compare(batches, 3)
    assert b"player1 trashed gold" in streams[0]
    assert all(b"trashed" not in stream for stream in streams[1:])
    assert all(b"player2 top-discard estate" in stream for stream in streams)


def test_nothing_before_the_games_first_message_and_a_seat_out_hears_no_more():
    state = DominionState(2, seed=4)
    early = state.forfeit(1, EndCause.DISQUALIFIED, "before the start")
    streams = compare([early, state.start_events()], 2)
    assert streams[1] == b""  # out before the game began: taken out, never told a line
    assert streams[0].startswith(b"game kingdom-cards ")

"""The TCP seats of one match, told each move together: the lines of what everybody may see are
written once, and the same bytes go to every seat still in the game (as the Software Challenge
and JSettlers rooms send one rendering to every member).

Per seat, the runner would filter each move's events for the seat, and `SeatProtocol.events`
would write and encode the same lines again for each.  `SeatLines` is a match listener instead:
the TCP agents take no events from the runner, and the room
hands each of them the bytes `SeatProtocol.events` would have sent it.  Only public events have
lines today (the hand travels in each seat's own play-request); an event with lines that some
seat may not see makes the room tell each seat its own share through `SeatProtocol.events`, so
nothing hidden can reach a seat by this path (tests/dominion/test_room.py compares the two
byte for byte).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from tablehall.core import Event

from .session import TOLD, event_lines

if TYPE_CHECKING:
    from .service import TcpBotAgent


class SeatLines:
    """A `MatchListener` telling the match's TCP seats (`agents`) the lines of each delivery."""

    def __init__(self, agents: Sequence["TcpBotAgent"]) -> None:
        self.agents = list(agents)
        for agent in self.agents:
            agent.on_events = None  # the room tells them: the runner need not (`wants_events`)

    def on_events(self, match: Any, events: Sequence[Event]) -> None:
        told = [event for event in events if event.kind in TOLD]
        if not told:
            return
        for event in told:
            if event.audience.kind != "all":  # some seat may not see it: each seat its own share
                self._each_its_own(match, events)
                return
        lines = [line for event in told for line in event_lines(event)]
        if not lines:
            return
        everything = ("\n".join(lines) + "\n").encode()
        since_game: bytes | None = None  # for a seat that hears the game's first message now
        agents = match.agents
        for agent in self.agents:
            seat = agent.seat
            if agents[seat] is not agent or agent.is_gone:
                continue  # handed over, replaced or out: the runner would not tell it either
            protocol = agent.protocol
            if protocol.in_game:
                agent.write(everything)
            else:
                if since_game is None:
                    since_game = _since_game(told)
                if since_game:
                    protocol.in_game = True
                    agent.write(since_game)
            for event in told:
                if event.kind == "out" and event.data["seat"] == seat:
                    agent.taken_out()
                    break

    def _each_its_own(self, match: Any, events: Sequence[Event]) -> None:
        """What the runner does for seats that take events: each seat's events, told by its
        `SeatProtocol`."""
        agents = match.agents
        for agent in self.agents:
            seat = agent.seat
            if agents[seat] is not agent or agent.is_gone:
                continue
            seen = [event for event in events if event.audience.admits(seat)]
            if seen:
                agent.tell(seen)

    def on_end(self, match: Any, record: Any) -> None:
        pass


def _since_game(told: list[Event]) -> bytes:
    """The lines from the game's first message on (none before it: `SeatProtocol.events`)."""
    for index, event in enumerate(told):
        if event.kind == "game":
            lines = [line for later in told[index:] for line in event_lines(later)]
            return ("\n".join(lines) + "\n").encode() if lines else b""
    return b""

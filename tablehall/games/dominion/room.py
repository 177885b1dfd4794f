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

from typing import Any, Sequence

from tablehall.core import Event
from tablehall.core.match import MatchListener, Step

from .agent import LineBotAgent
from .session import LINE_WRITERS


class SeatLines(MatchListener):
    """A `MatchListener` telling the match's TCP seats (`agents`, each a `LineBotAgent` that
    can `write` encoded lines) the lines of each delivery."""

    def __init__(self, agents: Sequence[LineBotAgent]) -> None:
        self.agents = list(agents)
        for agent in self.agents:
            agent.on_events = None  # the room tells them: the runner need not (`wants_events`)

    def on_step(self, match: Any, step: Step) -> None:
        events = step.events
        lines: list[str] = []
        game_at = -1  # where the game's first message begins in `lines`, if it is in them
        outs: tuple[int, ...] = ()  # seats this delivery takes out
        for event in events:
            kind = event.kind
            write = LINE_WRITERS.get(kind)
            if write is None:
                continue  # a kind without lines (`session.event_lines`)
            if event.audience.kind != "all":  # some seat may not see it: each seat its own share
                self._each_its_own(match, events)
                return
            if kind == "game":
                game_at = len(lines)
            elif kind == "out":
                outs += (event.data["seat"],)
            lines += write(event.data)
        if not lines:
            return
        everything = ("\n".join(lines) + "\n").encode()
        agents = match.agents
        for agent in self.agents:
            seat = agent.seat
            if agents[seat] is not agent or agent.is_gone:
                continue  # handed over, replaced or out: the runner would not tell it either
            protocol = agent.protocol
            if protocol.in_game:
                agent.write(everything)
            elif game_at >= 0:  # nothing before the game's first message (`SeatProtocol.events`)
                protocol.in_game = True
                agent.write(everything if game_at == 0 else ("\n".join(lines[game_at:]) + "\n").encode())
            if seat in outs:
                agent.taken_out()

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

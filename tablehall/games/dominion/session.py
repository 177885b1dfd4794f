"""One seat's side of the version-1 protocol, sans-I/O: kernel events and requests in, lines
out; lines in, decisions out.

`SeatProtocol` knows nothing of pipes, sockets or clocks.  Whoever owns the channel (a
subprocess agent, a TCP connection) feeds it the bot's lines and acts on what `line_received`
returns: `Ready` (handshake done), `Answer` (the seat's action) or `Refused` (the bot broke the
protocol in a way that disqualifies it).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, NamedTuple, Sequence

from tablehall.core import EndCause, Event, Result

from . import codec
from .rules import DominionState, names
from .replies import interpret

#: lines a bot may send that answer nothing, over a whole game, before it counts as flooding
DEFAULT_MAX_UNSOLICITED = 100


class Ready(NamedTuple):
    name: str


class Answer(NamedTuple):
    action: tuple


class Refused(NamedTuple):
    reason: str


class SeatProtocol:
    """The protocol for seat `seat`; `send(line)` writes one line (without newline) to the bot."""

    def __init__(self, seat: int, send: Callable[[str], None], *,
                 max_unsolicited: int = DEFAULT_MAX_UNSOLICITED,
                 send_lines: Callable[[list[str]], None] | None = None) -> None:
        self.seat = seat
        self.send = send
        # several lines at once (one write for all the lines of a delivery), if the channel can
        self.send_lines = send_lines or (lambda lines: [send(line) for line in lines])
        self.name = codec.default_name(seat)
        self.max_unsolicited = max_unsolicited
        self.stage = "new"  # new -> name -> version -> ready
        self.unsolicited = 0
        self.in_game = False  # the game's first message was sent
        self._asked: DominionState | None = None  # the observation of the pending request

    # -- handshake -------------------------------------------------------------------------------
    def begin(self) -> None:
        self.stage = "name"
        self.send(codec.format_name_request(self.seat))

    # -- from the match --------------------------------------------------------------------------
    def request(self, state: DominionState) -> None:
        """Ask the bot for the seat's decision in `state` (the game, or the seat's observation:
        only the seat's own hand and the public counts are read, and the reply is read against
        it)."""
        self._asked = state
        hand = names(state.players[self.seat].hand)
        if state.attack:
            self.send(codec.format_attack(state.attack[self.seat], hand))
        else:
            self.send(codec.format_play_turn(state.actions, state.buys, state.coins, hand))

    def cancel(self) -> None:
        """The pending decision is no longer wanted."""
        self._asked = None

    def events(self, events: Sequence[Event]) -> bool:
        """Tell the bot what it may see of `events`; True if they took this seat out."""
        lines: list[str] = []
        out = False
        for event in events:
            kind = event.kind
            if kind not in TOLD:
                continue
            if kind == "game":
                self.in_game = True
            elif kind == "out" and event.data["seat"] == self.seat:
                out = True
            if self.in_game:
                lines += event_lines(event)
        if lines:
            self.send_lines(lines)
        return out

    def finish(self, result: Result) -> None:
        if result.cause is EndCause.ABORTED:
            self.send(codec.GAME_ABORTED)
            return
        winners = [s.seat for s in result.seats if s.rank == 1 and s.cause is EndCause.REGULAR]
        self.send(codec.format_game_end([s.score for s in result.seats], winners))

    # -- from the bot ----------------------------------------------------------------------------
    def line_received(self, raw: bytes) -> Ready | Answer | Refused | None:
        line = raw.decode("utf-8", "replace")
        if self.stage == "ready":  # every line but the handshake's two
            state, self._asked = self._asked, None
            if state is not None:
                return Answer(interpret(state, self.seat, codec.parse_reply(line)))
            return self._unasked()
        if self.stage == "name":
            self.name = codec.parse_name(line, self.seat) or self.name
            self.stage = "version"
            self.send(codec.format_version(self.seat))
            return None
        if self.stage == "version":
            if line.strip() != codec.format_version(self.seat):
                return Refused(f"did not accept protocol version {codec.VERSION} (answered {line[:80]!r})")
            self.stage = "ready"
            return Ready(self.name)
        self._asked = None  # before the handshake ("new"): nobody asked anything
        return self._unasked()

    def _unasked(self) -> Refused | None:
        """A line nobody asked for: ignored, up to `max_unsolicited` of them in a game."""
        self.unsolicited += 1
        if self.unsolicited > self.max_unsolicited:
            return Refused(f"flooding: more than {self.max_unsolicited} lines nobody asked for")
        return None


def event_lines(event: Event) -> list[str]:
    """The protocol lines a kernel event becomes (most events have none: draws are told by the
    next play-request's hand, discards by top-discard)."""
    write = LINE_WRITERS.get(event.kind)
    return [] if write is None else write(event.data)


#: kind -> the lines an event of that kind becomes, from its data: one look-up per event (the
#: turn's end and the supply first, as every turn has them)
LINE_WRITERS: dict[str, Callable[[Mapping[str, Any]], list[str]]] = {
    "turn-end": lambda data: codec.format_turn_end(data["seat"], data["gained"], data["played"], data["top"]),
    "turn": lambda data: [codec.format_supply(data["supply"])],
    "game": lambda data: [codec.format_kingdom(data["kingdom"])],
    "trashed": lambda data: [codec.format_cards(data["seat"], "trashed", data["cards"])],
    "top-discard": lambda data: [codec.format_top_discard(data["seat"], data["card"])],
    "revealed": lambda data: [codec.format_revealed(data["seat"], data["card"])],
    "out": lambda data: [codec.format_disqualified(data["seat"])],
}

#: the kinds of event `event_lines` tells (the others, draws, gains, plays..., have no lines)
TOLD = frozenset(LINE_WRITERS)

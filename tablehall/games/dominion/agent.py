"""Seats played by bots that speak the version-1 protocol: over a subprocess's stdin/stdout
(`SubprocessAgent`, for ``cmd:COMMAND`` seats) or any other line channel (the TCP service).

The protocol itself is `session.SeatProtocol`; an agent here only moves its lines and enforces
what the protocol doc says about misbehaviour.  A bot that breaks the line limit, floods, exits,
fails the handshake or misses the reply limit is disqualified: its seat is forfeited with
`EndCause.DISQUALIFIED` (via `policy`, which a Match uses unless the caller gave the seat a
policy of its own), the bot is told ``<playerN> disqualified`` when possible, and its
process or connection is closed.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Sequence

from tablehall.core import AgentGone, Consequence, EndCause, Event, GameState, RemoteAgent, Result, SeatPolicy
from tablehall.core.lineproc import LineProcess

from .codec import format_disqualified
from .session import Answer, Ready, Refused, SeatProtocol

log = logging.getLogger("tablehall.dominion")

DEFAULT_REPLY_TIMEOUT = 10.0
#: the longest line a bot may send; a full hand of a hundred cards takes about 1 KiB
MAX_LINE = 16 * 1024


def seat_policy(reply_timeout: float | None = DEFAULT_REPLY_TIMEOUT, replacement: Any = None) -> SeatPolicy:
    """What a protocol seat risks: no answer within `reply_timeout` seconds, leaving, or (never
    expected, replies are always made legal) an illegal action disqualify it; the others play
    on (`replacement` is unused: the protocol gives no seat to a bot)."""
    return SeatPolicy(hard_timeout=reply_timeout, on_timeout=Consequence.FORFEIT,
                      on_illegal=Consequence.FORFEIT, on_leave=Consequence.FORFEIT,
                      forfeit_cause=EndCause.DISQUALIFIED)


class LineBotAgent(RemoteAgent):
    """A seat whose bot speaks the protocol over a line channel.  Subclasses open, write to and
    close the channel, and call `line_received` / `channel_closed` as it reports.

    The runner need not copy an observation for each decision: the protocol reads only the
    seat's own hand and the public counts off the match's state when it asks, and reads the
    reply against the state the answer will be applied to."""

    wants_observation = False

    def __init__(self, seat: int, name: str, kind: str, *,
                 reply_timeout: float = DEFAULT_REPLY_TIMEOUT, max_unsolicited: int | None = None) -> None:
        super().__init__(name, kind, on_request=self._on_request, on_events=self._on_events)
        self.seat = seat
        self.reply_timeout = reply_timeout
        self.policy = seat_policy(reply_timeout)
        extra = {} if max_unsolicited is None else {"max_unsolicited": max_unsolicited}
        self.protocol = SeatProtocol(seat, self._send_line, send_lines=self._send_lines, **extra)
        self.out_reason = ""  # why the bot was disqualified, once it was
        self._ready: asyncio.Future | None = None
        self._closing: asyncio.Task | None = None
        self._match: Any = None  # the match it plays in, once started

    # -- the channel (subclasses) ----------------------------------------------------------------
    async def _open(self) -> None:
        """Make the channel ready; OSError if it cannot be."""

    def _send_line(self, text: str) -> None:
        raise NotImplementedError

    def _send_lines(self, lines: list[str]) -> None:
        for line in lines:
            self._send_line(line)

    def write(self, data: bytes) -> None:
        """Lines already encoded, with their newlines: what `room.SeatLines` sends, one rendering
        for several seats (the TCP seats write it)."""
        raise NotImplementedError

    async def _close(self) -> None:
        raise NotImplementedError

    # -- lifecycle -------------------------------------------------------------------------------
    async def start(self, seat: int, match: Any) -> None:
        self._match = match
        try:
            await self._open()
        except OSError as exc:  # e.g. "No such file or directory: /nonexistent/bot"
            where = f": {exc.filename}" if exc.filename else ""
            self.out_reason = f"{exc.strerror or exc}{where}"
            raise AgentGone(self.out_reason) from None
        loop = asyncio.get_running_loop()
        self._ready = loop.create_future()
        self.protocol.begin()
        # a timer that disqualifies the bot (which fails `_ready` with AgentGone): what
        # `asyncio.wait_for` would do, without its waiter and callbacks for every seat of every game
        limit = 2 * self.reply_timeout
        late = loop.call_later(limit, self._disqualify, f"no handshake within {limit:g} s")
        try:
            self.name = self.chosen_name = await self._ready
        finally:
            late.cancel()

    async def finish(self, seat: int, result: Result) -> None:
        self._tell_end(result)
        await self._close_soon()

    def _tell_end(self, result: Result) -> None:
        """The game's end, to a bot still in the game past its handshake."""
        if not self.out_reason and self.protocol.stage == "ready":
            self.protocol.finish(result)

    def cancelled(self, seat: int) -> None:
        self.protocol.cancel()
        super().cancelled(seat)

    # -- match to bot ----------------------------------------------------------------------------
    def _on_request(self, seat: int, state: GameState | None) -> None:
        self.protocol.request(self._match.state if state is None else state)

    def _on_events(self, seat: int, events: Sequence[Event], state: GameState) -> None:
        self.tell(events)

    def tell(self, events: Sequence[Event]) -> None:
        """Tell the bot the lines of `events` (those its seat may see); "<playerN>
        disqualified" for its own seat takes it out."""
        if self.protocol.events(events):
            self.taken_out()

    def taken_out(self) -> None:
        """The game took the seat out (it was told so): stop listening and close."""
        self._disqualify("taken out of the game", tell=False)

    # -- bot to match ----------------------------------------------------------------------------
    def line_received(self, line: bytes) -> None:
        if self.out_reason:
            return
        outcome = self.protocol.line_received(line)
        if isinstance(outcome, Answer):
            self.answer(self.seat, outcome.action)
        elif isinstance(outcome, Ready):
            if self._ready is not None and not self._ready.done():
                self._ready.set_result(outcome.name)
        elif isinstance(outcome, Refused):
            self._disqualify(outcome.reason)

    def channel_closed(self, reason: str) -> None:
        self._disqualify(reason)

    def _disqualify(self, reason: str, tell: bool = True) -> None:
        """Stop listening to the bot: every pending and later decision fails (the match then
        forfeits the seat), the bot is told, and the channel is closed."""
        if self.out_reason:
            return
        self.out_reason = reason
        log.info("dominion %s (%s): %s", self.protocol.name, self.kind, reason)
        if tell:
            self._send_line(format_disqualified(self.seat))
        if self._ready is not None and not self._ready.done():
            self._ready.set_exception(AgentGone(reason))
            self._ready.exception()  # retrieved: start() may already have given up waiting
        self.gone(reason)
        self._close_soon()

    def _close_soon(self) -> asyncio.Task:
        if self._closing is None:
            self._closing = asyncio.ensure_future(self._close())
        return self._closing


class SubprocessAgent(LineBotAgent):
    """A bot run as a child process: the protocol on its stdin and stdout, its stderr left to
    the terminal (or `stderr`)."""

    def __init__(self, command: str, seat: int, name: str | None = None, *,
                 reply_timeout: float = DEFAULT_REPLY_TIMEOUT, max_line: int = MAX_LINE,
                 max_unsolicited: int | None = None, cwd: str | None = None, stderr: int | None = None) -> None:
        super().__init__(seat, name or command, f"cmd:{command}", reply_timeout=reply_timeout,
                         max_unsolicited=max_unsolicited)
        self.process = LineProcess(command, self.line_received, self.channel_closed,
                                   cwd=cwd, stderr=stderr, max_line=max_line)

    async def _open(self) -> None:
        await self.process.start()

    def _send_line(self, text: str) -> None:
        self.process.send_line(text)

    async def _close(self) -> None:
        await self.process.stop()


def subprocess_agent(command: str, seat: int, name: str | None = None, **settings: Any) -> SubprocessAgent:
    """`GameSpec.subprocess_agent`: the agent for a ``cmd:COMMAND`` seat.  Its `policy` is the
    SeatPolicy the match must give the seat."""
    return SubprocessAgent(command, seat, name, **settings)

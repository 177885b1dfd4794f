"""Agents: whatever decides for a seat.  An in-process `BotAgent`, or a `RemoteAgent` whose
decisions arrive from a client through a protocol session (TCP, subprocess)."""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod
from typing import Any, Callable, Sequence

from .events import Event
from .game import Bot, GameState, IllegalAction
from .result import Result


class AgentGone(Exception):
    """The agent disconnected, crashed or exited; it will not answer again."""


class Agent(ABC):
    """Decides for one or more seats of a match.

    The runner asks for a decision with `begin_decision` (or, for an agent that decides inline,
    calls its `inline_chooser`) and applies what comes back; `notify` delivers the events the
    seat may see (already filtered by audience).  What the runner may skip is declared here, not
    guessed: `wants_events`, `wants_observation`, `awaits_start`, `awaits_finish`,
    `may_volunteer`.
    """

    name: str = "agent"
    kind: str = "agent"  # recorded in SeatInfo.agent
    trusted: bool = False  # in-process code (a tablehall bot), not a client
    wants_events: bool = True
    #: whether `decide` looks at the state it is given; False spares the runner computing the
    #: seat's observation for a decision (it then passes None)
    wants_observation: bool = True
    #: whether the runner must await `start` and `finish` (False: they do nothing)
    awaits_start: bool = True
    awaits_finish: bool = True
    #: whether `volunteer` may act (False: the runner does not offer the seat the game's chances)
    may_volunteer: bool = False
    policy = None  # the SeatPolicy its protocol implies; used when a Match is given none
    #: the name the player gave itself in its protocol's handshake (set during `start`); a seat
    #: the record names only by a command line or a peer address takes it instead
    chosen_name: str | None = None
    #: the client's network address, for the operator's log; None for players in this process
    peer: str | None = None

    async def start(self, seat: int, match: Any) -> None:
        """Called once before the first event (handshakes, process start)."""

    def notify(self, seat: int, events: Sequence[Event], state: GameState) -> None:
        """Events `seat` may see, right after they happened.  Must not block."""

    @abstractmethod
    async def decide(self, seat: int, state: GameState) -> Any:
        """The action `seat` takes now.  `state` is the seat's observation.
        Raise AgentGone if the agent can no longer answer."""

    def begin_decision(self, seat: int, state: GameState, wake: Callable[[], None],
                       loop: asyncio.AbstractEventLoop) -> asyncio.Future:
        """Start deciding for `seat` and return the future of the action; `wake` is called once
        it is done.  By default `decide` runs as a task on `loop`."""
        task = loop.create_task(self.decide(seat, state))
        task.add_done_callback(lambda _: wake())
        return task

    def inline_chooser(self) -> Callable[[GameState, int], Any] | None:
        """`(live game, seat) -> action` for an agent that decides at once, in the runner's own
        call (trusted in-process code); None (the default): the runner asks `begin_decision`
        and waits."""
        return None

    def volunteer(self, seat: int, game: GameState) -> Any:
        """The agent's unprompted action at a chance the game offers `seat`
        (`GameState.volunteers`), looking at the live `game`; None lets it pass (the default)."""
        return None

    def rejected(self, seat: int, action: Any, error: IllegalAction) -> None:
        """The action `seat` sent was illegal; tell the client in its protocol's words."""

    def cancelled(self, seat: int) -> None:
        """A pending decision is no longer wanted (the rules moved on, or a time limit hit)."""

    async def finish(self, seat: int, result: Result) -> None:
        """The game is over (or aborted, see `result.cause`)."""

    def comeback(self) -> dict[str, Any] | None:
        """How this seat's player comes back to the game when the server restarts, as JSON for
        the journal (`core/journal.py`): a bot, a page's token, a protocol's login.  None (the
        default): it cannot, and after a restart the seat has left the game."""
        return None


class BotAgent(Agent):
    """An in-process bot.  Trusted: it answers at once and is not timed.

    With `threaded=True` (the server), each decision runs in a worker thread on a copy of the
    observation, so a slow search never freezes the event loop and the other games on it.
    """

    trusted = True
    wants_events = False
    awaits_start = awaits_finish = False

    def __init__(self, bot: Bot, name: str | None = None, threaded: bool = False) -> None:
        self.bot = bot
        self.name = name or bot.name
        self.kind = f"bot:{bot.name}"
        self.threaded = threaded
        self.may_volunteer = bot.may_volunteer

    def inline_chooser(self) -> Callable[[GameState, int], Any] | None:
        """The bot decides inline unless it runs in a thread.  It gets `observation(seat)`, or,
        when it needs no observation (`Bot.needs_observation`), the game itself: then this is
        the bot's own `choose`, with nothing in between."""
        if self.threaded:
            return None
        bot = self.bot
        if not bot.needs_observation:
            return bot.choose
        return lambda game, seat: bot.choose(game.observation(seat), seat)

    def volunteer(self, seat: int, game: GameState) -> Any:
        return self.bot.volunteer(game.observation(seat), seat)

    async def decide(self, seat: int, state: GameState) -> Any:
        if self.threaded:
            return await asyncio.to_thread(self.bot.choose, state.copy(), seat)
        return self.bot.choose(state, seat)

    def comeback(self) -> dict[str, Any] | None:
        """The bot by name and seed (a built-in bot is rebuilt and replayed to where it was)."""
        return {"bot": self.bot.name, "seed": self.bot.seed}


class RemoteAgent(Agent):
    """A seat whose decisions come from a client.

    The protocol session passes `on_request` (send the client its 'your move' message) and
    later calls `answer` with the decoded action, or `gone` when the connection ends.
    """

    def __init__(self, name: str, kind: str,
                 on_request: Callable[[int, GameState], None] | None = None,
                 on_events: Callable[[int, Sequence[Event], GameState], None] | None = None,
                 on_rejected: Callable[[int, Any, IllegalAction], None] | None = None,
                 on_finish: Callable[[int, Result], None] | None = None) -> None:
        self.name = name
        self.kind = kind
        self.on_request = on_request
        self.on_events = on_events
        self.on_rejected = on_rejected
        self.on_finish = on_finish
        self._pending: dict[int, asyncio.Future] = {}
        self._wake: dict[int, Callable[[], None]] = {}
        #: the client is gone (`gone`): every later decision fails at once
        self.is_gone = False
        self._gone_reason = "left the game"

    # `wants_events` and `is_gone` are plain attributes, not properties: the runner and the
    # rooms read them for every seat at every move, and a property is a Python call each time
    @property
    def on_events(self) -> Callable[[int, Sequence[Event], GameState], None] | None:
        return self._on_events

    @on_events.setter
    def on_events(self, callback: Callable[[int, Sequence[Event], GameState], None] | None) -> None:
        """Nothing to tell without `on_events` (a session that follows the match as a
        listener instead): the runner then skips sorting out what this seat may see."""
        self._on_events = callback
        self.wants_events = callback is not None

    @property
    def wants_observation(self) -> bool:  # type: ignore[override]
        """The observation only goes to `on_request`."""
        return self.on_request is not None

    def waiting(self, seat: int) -> bool:
        """Whether the runner is waiting for `seat`'s decision right now."""
        future = self._pending.get(seat)
        return future is not None and not future.done()

    def notify(self, seat: int, events: Sequence[Event], state: GameState) -> None:
        if self._on_events is not None and not self.is_gone:
            self._on_events(seat, events, state)

    async def decide(self, seat: int, state: GameState) -> Any:
        return await self.begin_decision(seat, state)

    def begin_decision(self, seat: int, state: GameState, wake: Callable[[], None] | None = None,
                       loop: asyncio.AbstractEventLoop | None = None) -> asyncio.Future:
        """Send the request and return the future `answer` completes (what `decide` awaits):
        no task per decision.  `wake` is called as soon as the future is done (the runner steps
        the answer without a done-callback's loop pass); the runner passes its event `loop`
        (asking the running loop costs a system call, getpid, per decision)."""
        future = (loop or asyncio.get_running_loop()).create_future()
        if self.is_gone:
            future.set_exception(AgentGone(self._gone_reason))
            return future
        self._pending[seat] = future
        if wake is not None:
            self._wake[seat] = wake
        if self.on_request is not None:
            try:
                self.on_request(seat, state)
            except Exception as exc:  # the session's bug fails this decision, not the match
                if not future.done():
                    self._complete(seat, future, error=exc)
        return future

    def answer(self, seat: int, action: Any) -> bool:
        """Deliver the client's action; False when no decision of `seat` is pending."""
        future = self._pending.get(seat)
        if future is None or future.done():
            return False
        # `_complete`, written out: every answer of every client comes this way
        del self._pending[seat]
        future.set_result(action)
        wake = self._wake.pop(seat, None)
        if wake is not None:
            wake()
        return True

    def _complete(self, seat: int, future: asyncio.Future, result: Any = None,
                  error: BaseException | None = None) -> None:
        del self._pending[seat]
        if error is None:
            future.set_result(result)
        else:
            future.set_exception(error)
        wake = self._wake.pop(seat, None)
        if wake is not None:
            wake()

    def gone(self, reason: str = "left the game") -> None:
        """The client is gone: fail every pending decision and all later ones.  `reason` is
        what the record says (e.g. "closed its output", "crashed with code 3")."""
        if not self.is_gone:
            self._gone_reason = reason
        self.is_gone = True
        for seat, future in list(self._pending.items()):
            if not future.done():
                self._complete(seat, future, error=AgentGone(self._gone_reason))

    def rejected(self, seat: int, action: Any, error: IllegalAction) -> None:
        if self.on_rejected is not None and not self.is_gone:
            self.on_rejected(seat, action, error)

    def cancelled(self, seat: int) -> None:
        self._wake.pop(seat, None)
        future = self._pending.pop(seat, None)
        if future is not None and not future.done():
            future.cancel()

    async def finish(self, seat: int, result: Result) -> None:
        if self.on_finish is not None:
            self.on_finish(seat, result)

"""People in the browser: a seat played from a page is an agent of the match runner like any
protocol session.  It is sent exactly that seat's view (`view(seat)`) and, when the runner asks
it, the legal actions encoded as records encode them; what the page sends back is decoded by the
game and judged by its rules.  The seat belongs to whoever holds its token: a closed tab rejoins
with it, and a new socket with the token takes over from the old one.

A person has the clock the game's protocol gives its clients (`GameSpec.timeout_policy`): a
time limit per decision (the page counts it down), and what happens when it passes or the
player leaves (out of the game, or a bot takes the seat over).  A seat whose page is closed waits
`grace` seconds for it to come back, then it has left the game.

A seat at a table (open seats for protocol clients) exists before its match: until the last
client sits, the page is sent the table (who is awaited, how they connect)."""

from __future__ import annotations

import asyncio
import json
import secrets
from dataclasses import replace
from typing import Any, Callable, Sequence

from ..core.agents import BotAgent, RemoteAgent
from ..core.events import Event
from ..core.game import GameSpec, GameState, IllegalAction
from ..core.hosting import digest_matches, secret_digest
from ..core.match import Consequence, Match, MatchListener, SeatPolicy, Step
from ..core.rng import derive_seed
from .live import offer
from .views import event_json, history, step_text

BACKLOG = 8
STAND_IN = "strong"  # the bot that takes over a person's seat where the game's protocol does that (Catan)


def browser_policy(spec: GameSpec, limit: float | None, replacement: Callable[[int], Any] | None) -> SeatPolicy:
    """A person's seat: the game's rule for a player who does not answer within `limit` seconds
    or leaves (as its protocol rules it for its clients), and a stale or mistaken click refused
    with the reason and the seat asked again."""
    rule = spec.timeout_policy(limit, replacement) if spec.timeout_policy else SeatPolicy(hard_timeout=limit)
    return replace(rule, on_illegal=Consequence.RETRY, max_retries=100)


def person_seat(spec: GameSpec, name: str, seed: int, decision_timeout: float | None, grace: float | None,
                threaded: bool = True, token_hash: str | None = None) -> "BrowserSeat":
    """A person's seat on the hall's clock (`decision_timeout`, `grace`), with the game's rule
    for a player out of time; `token_hash`: a seat resumed after a restart, whose page comes
    back with the token it had."""
    def stand_in(seat: int) -> BotAgent:  # for games whose protocol hands such a seat to a bot
        bot = STAND_IN if STAND_IN in spec.bots else sorted(spec.bots)[0]
        return BotAgent(spec.bots[bot](derive_seed(seed, "stand-in", seat)), name=name, threaded=threaded)

    return BrowserSeat(name, policy=browser_policy(spec, decision_timeout, stand_in), grace=grace,
                       token_hash=token_hash)


class BrowserSeat(RemoteAgent):
    policy = SeatPolicy(on_illegal=Consequence.RETRY, max_retries=100)  # no clock unless given one

    def __init__(self, name: str, policy: SeatPolicy | None = None, grace: float | None = None,
                 token_hash: str | None = None) -> None:
        # the seat's events come from its `_Follower` (with the step's words), not as an agent's
        super().__init__(name, "web", on_request=self._asked, on_rejected=self._refused)
        if policy is not None:
            self.policy = policy
        self.grace = grace  # seconds a closed page has to come back (None: forever)
        self._grace_timer: asyncio.TimerHandle | None = None
        # the seat's secret: made here, or (a seat resumed after a restart) known by its hash only
        self.token = secrets.token_urlsafe(18) if token_hash is None else None
        self.token_hash = secret_digest(self.token) if token_hash is None else token_hash
        self.match: Match | None = None
        self.seat = -1
        self.queue: asyncio.Queue | None = None  # the socket currently holding the seat
        self.describe_table: Callable[[], dict[str, Any]] | None = None  # while the table waits
        self.events: list[dict[str, Any]] = []  # what the seat may see happened since the last frame
        self.moves: list[dict[str, Any]] = []  # the same steps in words (core.movetext)
        self.decisions = 0  # how many times the runner has asked this seat: a page answers each once

    async def start(self, seat: int, match: Match) -> None:
        self.seat, self.match = seat, match
        match.add_listener(_Follower(self))  # keeps the page told if a bot takes the seat over
        if self.queue is None:
            self._arm_grace()  # the page was closed while the table waited, or never opened
        self._send(self.frame())

    def admits(self, token: str) -> bool:
        """Whether `token` is this seat's."""
        return digest_matches(token, self.token_hash)

    def comeback(self) -> dict[str, Any]:
        """The page comes back with its token (the journal keeps its hash)."""
        return {"browser": self.token_hash}

    @property
    def stood_in(self) -> bool:
        """A bot plays the seat now (the person did not answer in time, or left)."""
        return self.match is not None and self.match.agents[self.seat] is not self

    def table_changed(self, table: Any) -> None:
        """A client took or left a held seat of the table this seat waits at."""
        if self.match is None and self.describe_table is not None:
            self._send({"type": "waiting", "table": self.describe_table()})

    # -- what the page is sent --------------------------------------------------------------------
    def frame(self, kind: str = "view", **extra: Any) -> dict[str, Any]:
        if self.match is None:
            return {"type": "waiting", "table": self.describe_table() if self.describe_table else None}
        state, spec = self.match.state, self.match.spec
        asked = self.waiting(self.seat)
        # unasked, a seat may still act where the rules allow (answer or make a trade offer)
        free = not asked and not state.is_over and state.may_act_unprompted(self.seat)
        legal = state.legal_actions(self.seat) if asked or free else None
        left = self.match.time_left(self.seat) if asked else None
        frame = {"type": kind, "seat": self.seat, "view": state.view(self.seat), "to_act": list(state.to_act()),
                 "actions": len(self.match.record.entries), "asked": asked, "unprompted": free,
                 "decision": self.decisions if asked else None,
                 "clock": None if left is None else round(left, 1), "stand_in": self.stood_in,
                 "names": [info.name for info in self.match.record.seats], "events": self.events,
                 "moves": self.moves,
                 "legal": None if legal is None else [spec.encode_action(a) for a in legal]}
        self.events, self.moves = [], []
        if state.is_over and state.result() is not None:
            frame["result"] = state.result().to_json()
        return {**frame, **extra}

    def _send(self, frame: dict[str, Any]) -> None:
        queue = self.queue
        if queue is None:
            return  # nobody holds the seat right now: the page gets the whole view when it rejoins
        offer(queue, json.dumps(frame))

    def tell(self, frame: dict[str, Any]) -> None:
        """Send the page something besides the game (a chat line)."""
        self._send(frame)

    def attach(self) -> asyncio.Queue:
        """A socket takes the seat (a rejoin replaces the previous socket)."""
        self._disarm_grace()
        old, self.queue = self.queue, asyncio.Queue(BACKLOG)
        if old is not None:
            old.put_nowait(json.dumps({"type": "replaced"}))
        if self.match is None:
            self.queue.put_nowait(json.dumps(self.frame()))
        else:  # where the game is, and all of it so far in words (the page's log)
            self.moves = []
            self.queue.put_nowait(json.dumps(self.frame(history=history(self.match, self.seat))))
        return self.queue

    def detach(self, queue: asyncio.Queue) -> None:
        if self.queue is queue:
            self.queue = None
            self._arm_grace()

    # -- a closed page: the seat waits `grace` seconds for it, then has left ---------------------
    def _arm_grace(self) -> None:
        if self.grace is not None and self.match is not None and self._grace_timer is None:
            self._grace_timer = asyncio.get_running_loop().call_later(self.grace, self._walked_away)

    def _disarm_grace(self) -> None:
        if self._grace_timer is not None:
            self._grace_timer.cancel()
            self._grace_timer = None

    def _walked_away(self) -> None:
        self._grace_timer = None
        match = self.match
        if self.queue is not None or match is None or match.finished.is_set() or match.state.is_over:
            return
        if self.stood_in or any(e.seat == self.seat and e.forfeit for e in match.record.entries):
            return  # the seat is already out of the person's hands
        match.seat_left(self.seat, f"closed the page and did not come back within {self.grace:g} s")

    # -- the runner's side -----------------------------------------------------------------------
    def _asked(self, seat: int, state: GameState) -> None:
        self.decisions += 1
        self._send(self.frame())

    def _changed(self, events: Sequence[Event], moves: list[dict[str, Any]]) -> None:
        self.events += [event_json(e) for e in events]
        self.moves += moves
        # also while the seat is deciding: what it decides about changed (a counter-offer came)
        self._send(self.frame())

    def _refused(self, seat: int, action: Any, error: IllegalAction) -> None:
        self._send(self.frame("refused", error=error.message, code=error.code))

    async def finish(self, seat: int, result: Any) -> None:
        self._disarm_grace()
        # the result also of a game stopped before its end (aborted), which the rules never saw end
        self._send(self.frame("end", record=self.match.record.id if self.match else "", result=result.to_json()))

    # -- the page's side --------------------------------------------------------------------------
    def submit(self, encoded: Any) -> str | None:
        """An action from the page: None if it went to the runner, else why not."""
        if self.match is None:
            return "the game has not started: it waits for clients to take the open seats"
        if self.stood_in:
            return "a bot plays this seat now: it did not answer in time, or left"
        try:
            action = self.match.spec.decode_action(encoded)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            return f"not an action of this game: {exc}"
        if self.answer(self.seat, action):
            return None
        if self.match.state.may_act_unprompted(self.seat):
            self.match.submit(self.seat, action)
            return None
        return "it is not your turn"


class _Follower(MatchListener):
    """A match listener: tells the page each step its seat may see, with the step in words for
    that seat; also once a bot plays the person's seat (no longer the person's agent)."""

    def __init__(self, person: BrowserSeat) -> None:
        self.person = person

    def on_step(self, match: Match, step: Step) -> None:
        seat = self.person.seat
        seen = [e for e in step.events if e.audience.admits(seat)]
        if seen:
            self.person._changed(seen, step_text(match, step, seat))

    def on_end(self, match: Match, record: Any) -> None:
        if self.person.stood_in:
            self.person._disarm_grace()
            self.person._send(self.person.frame("end", record=record.id, result=record.result.to_json()))


class PacedBot(BotAgent):
    """A built-in bot that waits `pace` seconds before each move, so that a game of bots started
    from the web can be watched as it is played (the wait is the event loop's, not a thread's)."""

    def __init__(self, bot: Any, name: str, pace: float, threaded: bool = True) -> None:
        super().__init__(bot, name=name, threaded=threaded)
        self.pace = pace

    def inline_chooser(self) -> None:
        return None  # it takes its time: never inline

    async def decide(self, seat: int, state: GameState) -> Any:
        await asyncio.sleep(self.pace)
        return await super().decide(seat, state)

    def comeback(self) -> dict[str, Any]:
        return {**super().comeback(), "pace": self.pace}

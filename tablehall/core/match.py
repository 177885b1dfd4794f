"""The match runner: seats bound to agents, asked in turn, clocks enforced, every step recorded.

`Match.run()` asks every seat the rules say must act, waits for the first answer (or a time
limit, a departure, an unprompted action, an abort) and plays it.  Every action takes the same
step (`Match._play`): the rules apply it, its `Entry` goes into the record, the agents and
listeners are told (`Step`), and then the next seats are asked (`Match._ask`).  In-process bots
decide inline, in the runner's own call; a client's answer is played at the end of the read
that brought it (`core.soon`), while the match's task keeps waiting.  What a late, illegal or
vanished agent costs is the protocol's choice, given per seat as a `SeatPolicy`.  One agent can
stall only its own decision: every wait is bounded and nothing here blocks the event loop.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from enum import StrEnum
from functools import partial
from time import perf_counter, time_ns
from typing import Any, Callable, Iterable, Sequence

from .agents import Agent, AgentGone
from .events import Event
from .game import GameSpec, GameState, IllegalAction
from .records import Entry, Handover, KnownActions, Record, SeatInfo
from .result import EndCause, Result
from .soon import after_read
from .store import RecordStore

log = logging.getLogger("tablehall.match")

#: in-process bots answer inline; a match gives the event loop back after this long, so games of
#: bots never keep other games and connections waiting for more than a couple of milliseconds
INLINE_SLICE = 0.002


class Consequence(StrEnum):
    FORFEIT = "forfeit"  # state.forfeit(seat, cause): the game decides whether it goes on
    REPLACE = "replace"  # a built-in bot takes the seat over; the game goes on
    RETRY = "retry"  # (illegal actions) tell the agent and ask again
    IGNORE = "ignore"  # (soft limit) accept the late action anyway


@dataclass(frozen=True)
class SeatPolicy:
    """Time limits per decision and what breaking a rule of play costs a seat."""

    soft_timeout: float | None = None  # seconds; a later answer is refused (on_timeout)
    hard_timeout: float | None = None  # seconds; no answer by then -> on_timeout
    on_timeout: Consequence = Consequence.FORFEIT
    on_illegal: Consequence = Consequence.FORFEIT
    on_leave: Consequence = Consequence.FORFEIT
    forfeit_cause: EndCause | None = None  # e.g. DISQUALIFIED instead of the specific cause
    max_retries: int = 3  # illegal answers in a row before RETRY turns into a forfeit
    replacement: Callable[[int], Agent] | None = None  # for REPLACE: seat -> agent


TRUSTED = SeatPolicy()


@dataclass(frozen=True, slots=True)
class Step:
    """What one step of a match did: `seat` played `action`, recorded as `entry`, and `events`
    happened.  For the start events `seat`, `action` and `entry` are None; for a seat taken out
    `action` is None and `entry` is the forfeit's."""

    seat: int | None
    action: Any
    events: Sequence[Event]
    entry: Entry | None


class MatchListener:
    """Anything that follows a match (observers, protocol rooms, the operator's log): override
    what you need, every method does nothing by default."""

    def on_start(self, match: "Match") -> None:
        """Every agent has started (handshakes done); the start events come next."""

    def on_step(self, match: "Match", step: Step) -> None:
        """A step with events: the start, an action played, a seat taken out."""

    def on_handover(self, match: "Match", seat: int) -> None:
        """Another player plays `seat` from now on (the last of `Record.handovers`)."""

    def on_end(self, match: "Match", record: Record) -> None:
        """The match is over, or aborted, and its record is complete."""


def utc_now() -> str:
    """Now, in UTC, to the millisecond: ``2026-11-24T22:06:29.123+00:00``, as
    `datetime.now(timezone.utc).isoformat(timespec="milliseconds")` writes it.  The date and
    time to the second are written once per second (a game between bots takes less than a
    millisecond, and asks twice)."""
    global _this_second
    second, rest = divmod(time_ns(), 1_000_000_000)
    cached, text = _this_second  # one tuple, read once: right in any thread
    if second != cached:
        text = datetime.fromtimestamp(second, timezone.utc).isoformat()[:19]
        _this_second = (second, text)
    return f"{text}.{rest // 1_000_000:03d}+00:00"


_this_second: tuple[int, str] = (-1, "")


class Match:
    """One game between agents.  Create, optionally add listeners, then `await run()`."""

    def __init__(self, spec: GameSpec, agents: Sequence[Agent], *, seed: int = 0,
                 options: dict[str, Any] | None = None, policies: Sequence[SeatPolicy] | None = None,
                 names: Sequence[str] | None = None, store: RecordStore | None = None,
                 clock: Callable[[], float] = time.monotonic, match_id: str = "") -> None:
        self.spec = spec
        self.options = spec.normalize_options(options or {})
        self.seed = seed
        self.state: GameState = spec.new(len(agents), self.options, seed, normalized=True)
        self.agents = list(agents)
        # without explicit policies each agent brings its protocol's own (`agent.policy`)
        self.policies = list(policies) if policies is not None else [a.policy or TRUSTED for a in agents]
        self.store = store
        self.clock = clock
        self.id = match_id
        seat_names = list(names) if names is not None else [a.name for a in agents]
        self.record = Record(spec.name, spec.rules_version, self.options, seed,
                             [SeatInfo(n, a.kind) for n, a in zip(seat_names, agents)], id=match_id)
        self.listeners: list[MatchListener] = []
        self.paused = False
        self._steps = 0  # decisions a `step` lets through while paused
        self._abort_reason: str | None = None
        self._queued: list[Callable[[], None]] = []  # from outside: unprompted actions, departures, handovers
        #: nothing unusual: not paused or stepped, nothing queued, not aborted (`_recheck`)
        self._undisturbed = True
        self._resume: asyncio.Event | None = None  # made when first paused: most matches never are
        self._finished: asyncio.Event | None = None  # made when first asked for: `finished`
        self._closed = False
        # set when play begins (`_prepare`): how each seat decides, whether anyone is told the
        # steps, and an action's record form
        self._choosers: list[Callable[[GameState, int], Any] | None] = []
        self._followed = True
        self._encode: Callable[[Any], Any] = spec.encode_action
        # the decisions asked and waited for
        self._tasks: dict[int, asyncio.Future] = {}  # seat -> its pending decision
        self._asked_at: dict[int, float] = {}
        self._strikes: dict[int, int] = {}  # illegal answers in a row, by seat
        self._loop: asyncio.AbstractEventLoop | None = None  # the loop `run` runs on
        self._waiter: asyncio.Future | None = None  # what the task waits on: woken by `_poke`
        self._timer: asyncio.TimerHandle | None = None  # wakes the task at the nearest hard limit
        self._step_queued = False  # `_step_answered` is queued for the end of a read

    # -- control from outside (admin, protocol sessions, shutdown) ---------------------------
    def add_listener(self, listener: MatchListener) -> None:
        self.listeners.append(listener)
        self._note_followers()

    def remove_listener(self, listener: MatchListener) -> None:
        if listener in self.listeners:
            self.listeners.remove(listener)
        self._note_followers()

    @property
    def finished(self) -> asyncio.Event:
        """Set once the match has ended and its record is complete (made when first asked
        for: most matches, games between bots, are never waited for)."""
        if self._finished is None:
            self._finished = asyncio.Event()
            if self._closed:
                self._finished.set()
        return self._finished

    def pause(self) -> None:
        self.paused = True
        if self._resume is not None:
            self._resume.clear()
        self._recheck()

    def resume(self) -> None:
        self.paused = False
        self._wake_gate()
        self._recheck()

    def step(self) -> None:
        """While paused, let exactly one more decision be asked."""
        self._steps += 1
        self._wake_gate()
        self._recheck()

    def submit(self, seat: int, action: Any) -> None:
        """An action `seat` takes without being asked (e.g. a trade offer)."""
        self._queue(partial(self._play, seat, action, unprompted=True))

    def seat_left(self, seat: int, reason: str = "left the game") -> None:
        """The seat's client is gone: apply the seat policy's `on_leave` now, even if the seat
        is not the one being asked."""
        self._queue(partial(self._depart, seat, EndCause.LEFT, reason, None))

    def forfeit_now(self, seat: int, cause: EndCause, reason: str = "") -> None:
        """Take `seat` out at once for `cause` (e.g. a protocol's own violation rule)."""
        self._queue(partial(self._depart, seat, cause, reason, Consequence.FORFEIT))

    def hand_over(self, seat: int, agent: Agent, name: str | None = None,
                  policy: SeatPolicy | None = None) -> None:
        """From its next decision on, `agent` plays `seat` (e.g. a person takes over a bot's
        seat), under `name` (default: the agent's) and `policy` (default: the agent's own).

        Queued with unprompted actions and departures, so whatever came first is settled first
        (an answer already given stands, a departure is dealt with); then the old agent's pending
        decision is cancelled and it is never asked again.  The new agent is not `start`ed: it
        joins a game under way, its caller has done any handshake.  The record notes who plays
        the seat from which action (`Record.handovers`), and listeners hear of it at that moment
        (`MatchListener.on_handover`)."""
        self._queue(partial(self._take_over, seat, agent, name, policy))

    def abort(self, reason: str = "aborted") -> None:
        """Stop the match; it is stored as aborted with the actions played so far."""
        if self._abort_reason is None:
            self._abort_reason = reason
        self._recheck()
        self._wake_gate()
        self._poke()

    def time_left(self, seat: int) -> float | None:
        """Seconds `seat` has left for the decision it is asked now (None: not asked, or its
        policy sets no hard limit), so a client can show its clock."""
        limit, asked = self.policies[seat].hard_timeout, self._asked_at.get(seat)
        if limit is None or asked is None:
            return None
        return max(0.0, asked + limit - self.clock())

    @property
    def aborted(self) -> bool:
        return self._abort_reason is not None

    def _queue(self, work: Callable[[], None]) -> None:
        self._queued.append(work)
        self._recheck()
        self._poke()

    def _recheck(self) -> None:
        """Whether anything unusual is afoot, worked out again by whatever changes it: while
        nothing is, the runner only plays and asks."""
        self._undisturbed = not (self.paused or self._steps or self._queued or self._abort_reason is not None)

    def _wake_gate(self) -> None:
        if self._resume is not None:
            self._resume.set()

    def _poke(self) -> None:
        """Wake the task if it waits."""
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    # -- the loop ------------------------------------------------------------------------------
    async def run(self) -> Record:
        self._loop = asyncio.get_running_loop()
        self.record.started_at = utc_now()
        self._prepare()
        try:
            await self._start_agents()
            for listener in list(self.listeners):
                listener.on_start(self)
            if self._followed:
                self._tell(None, None, self.state.start_events(), None)
            until = perf_counter() + INLINE_SLICE
            while not self.state.is_over and self._abort_reason is None:
                if (self.paused or self._steps) and not await self._gate():
                    break
                if self._ask(until):
                    if perf_counter() > until:
                        await asyncio.sleep(0)  # let other games and connections run
                        until = perf_counter() + INLINE_SLICE
                    continue
                if not self._tasks and not self._queued:
                    raise RuntimeError(f"{self.spec.name}: nobody to act in a game that is not over")
                await self._wait()
        except Exception as exc:
            self._failed(exc)
        finally:
            await self._close()
        return self.record

    def _prepare(self) -> None:
        """Read the seats as play begins: how each decides, and whether anyone follows the
        steps.  An action's record form is known once per process (`KnownActions`) for games
        whose actions are few, and for games between in-process bots that nobody follows (they
        play the same few hundred actions again and again)."""
        self._choosers = [agent.inline_chooser() for agent in self.agents]
        self._note_followers()
        if self.spec.few_actions or (None not in self._choosers and not self._followed):
            self._encode = KnownActions.for_spec(self.spec).encode

    def _note_followers(self) -> None:
        self._followed = bool(self.listeners) or any(agent.wants_events for agent in self.agents)

    async def _start_agents(self) -> None:
        for seat, agent in enumerate(self.agents):
            # a seat named only by how its player connected (a peer address, a command line)
            # takes the name the player gives itself in its handshake
            placeholders = {agent.name, agent.kind}
            if agent.awaits_start:
                try:
                    await agent.start(seat, self)
                except AgentGone as gone:
                    reason = f"did not start: {gone}" if str(gone) else "did not start"
                    self._consequence(seat, self.policies[seat].on_leave, EndCause.LEFT, reason)
            if agent.chosen_name and self.record.seats[seat].name in placeholders:
                self.record.seats[seat] = SeatInfo(agent.chosen_name, agent.kind)
            if self.state.is_over:
                return

    async def _gate(self) -> bool:
        """Wait while paused; a `step` lets one decision through.  False when aborted."""
        while self.paused and self._steps == 0 and self._abort_reason is None:
            if self._resume is None:
                self._resume = asyncio.Event()
            self._resume.clear()
            await self._resume.wait()
        if self._steps:
            self._steps -= 1
            self._recheck()
        return self._abort_reason is None

    def _ask(self, until: float | None) -> bool:
        """Do what can be done without waiting: what was queued from outside, the chances the
        game offers, then a decision asked of every seat to act that is not deciding already.
        A seat whose agent decides inline is played at once, and the next one asked, up to the
        time slice (`until`; None: no limit) or anything unusual.  True if the game changed;
        False if every seat to act is waited for."""
        if self._queued:
            work, self._queued = self._queued, []
            self._recheck()
            for done in work:
                if self.state.is_over:
                    break
                done()
            return True
        if self._offer_volunteers():
            return True
        state, tasks, choosers, clock = self.state, self._tasks, self._choosers, self.clock
        played = False
        while True:
            for seat in state.to_act():
                if seat in tasks:
                    continue
                chooser = choosers[seat]
                if chooser is None:
                    self._begin_decision(seat)
                    continue
                started = clock()
                action = chooser(state, seat)
                self._play(seat, action, clock() - started)
                break
            else:
                return played
            played = True  # the game over: nobody is left to act
            if not self._undisturbed or state.volunteers() or (until is not None and perf_counter() > until):
                return True

    def _begin_decision(self, seat: int) -> None:
        """Ask the agent of `seat`, which does not decide inline; its answer wakes `_answered`."""
        agent = self.agents[seat]
        self._asked_at[seat] = self.clock()
        observation = self.state.observation(seat) if agent.wants_observation else None
        self._tasks[seat] = agent.begin_decision(seat, observation, self._answered, self._loop)

    def _offer_volunteers(self) -> bool:
        """Give the agents the chances the game offers (`GameState.volunteers`), in seat order;
        True if one of them acted."""
        state = self.state
        acted = False
        for seat in state.volunteers():
            if state.is_over:
                break
            action = self.agents[seat].volunteer(seat, state)
            if action is not None:
                self._play(seat, action, unprompted=True)
                acted = True
        return acted

    # -- one step ------------------------------------------------------------------------------
    def _play(self, seat: int, action: Any, elapsed: float = 0.0, unprompted: bool = False) -> None:
        """The one step every action takes: the rules apply it (or refuse it, at the cost the
        seat's policy sets), its entry goes into the record, and the agents and listeners are
        told.  Decisions the rules no longer want are cancelled."""
        try:
            events = self.state.apply(seat, action)
        except IllegalAction as error:
            self._refused(seat, action, error, unprompted)
            return
        if self._strikes:
            self._strikes.pop(seat, None)
        entry = Entry(seat, self._encode(action), None, "", round(elapsed * 1000))
        self.record.entries.append(entry)
        if self._followed:
            self._tell(seat, action, events, entry)
        if self._tasks:
            self._drop_stale_decisions()

    def _tell(self, seat: int | None, action: Any, events: Iterable[Event], entry: Entry | None) -> None:
        """Each agent the events its seat may see; each listener the whole step."""
        if not isinstance(events, list):
            events = list(events)
        if not events:
            return
        for told, agent in enumerate(self.agents):
            if agent.wants_events:
                seen = [e for e in events if e.audience.admits(told)]
                if seen:
                    agent.notify(told, seen, self.state)
        if self.listeners:
            step = Step(seat, action, events, entry)
            for listener in list(self.listeners):
                listener.on_step(self, step)

    def _settle(self, seat: int, decision: asyncio.Future, elapsed: float) -> None:
        """A decision is done: play its action, unless the agent failed or answered too late."""
        try:
            action = decision.result()
        except asyncio.CancelledError:
            return
        except BaseException as error:  # the agent's, kept in its future: it costs the seat, not the match
            reason = (str(error) or "left the game") if isinstance(error, AgentGone) else f"agent failed: {error!r}"
            if not isinstance(error, AgentGone):
                log.warning("match %s seat %d: %s", self.id or "-", seat, reason)
            self._consequence(seat, self.policies[seat].on_leave, EndCause.LEFT, reason)
            return
        policy = self.policies[seat]
        if (policy.soft_timeout is not None and elapsed > policy.soft_timeout
                and policy.on_timeout is not Consequence.IGNORE):
            self._consequence(seat, policy.on_timeout, EndCause.SOFT_TIMEOUT, "answered too late")
            return
        self._play(seat, action, elapsed)

    def _refused(self, seat: int, action: Any, error: IllegalAction, unprompted: bool) -> None:
        """The rules refused `seat`'s action: the agent is told, and an action it was asked for
        costs the seat its policy's consequence (RETRY turns into a forfeit after too many)."""
        self.agents[seat].rejected(seat, action, error)
        if unprompted:
            return
        strikes = self._strikes[seat] = self._strikes.get(seat, 0) + 1
        consequence = self.policies[seat].on_illegal
        if consequence is Consequence.RETRY and strikes > self.policies[seat].max_retries:
            consequence = Consequence.FORFEIT
        self._consequence(seat, consequence, EndCause.RULE_VIOLATION, str(error))

    def _consequence(self, seat: int, consequence: Consequence, cause: EndCause, reason: str) -> None:
        policy = self.policies[seat]
        if consequence is Consequence.RETRY or consequence is Consequence.IGNORE:
            return  # asked again on the next turn of the loop
        if consequence is Consequence.REPLACE and policy.replacement is not None:
            agent = policy.replacement(seat)
            log.info("match %s seat %d: %s (%s); replaced by %s", self.id or "-", seat, cause, reason, agent.kind)
            self._seat(seat, agent, TRUSTED, None)
            return
        cause = policy.forfeit_cause or cause
        log.info("match %s seat %d: forfeit %s (%s)", self.id or "-", seat, cause, reason)
        events = self.state.forfeit(seat, cause, reason)
        entry = Entry(seat, forfeit=cause, reason=reason)
        self.record.entries.append(entry)
        if self._followed:
            self._tell(seat, None, events, entry)
        self._drop_stale_decisions()

    def _depart(self, seat: int, cause: EndCause, reason: str, consequence: Consequence | None) -> None:
        """A seat taken out from outside the loop (left, broke its protocol)."""
        self._cancel(seat)
        self._consequence(seat, consequence or self.policies[seat].on_leave, cause, reason)

    def _take_over(self, seat: int, agent: Agent, name: str | None, policy: SeatPolicy | None) -> None:
        decision = self._tasks.get(seat)
        if decision is not None and decision.done():  # answered before the handover: that answer stands
            del self._tasks[seat]
            now = self.clock()
            self._settle(seat, decision, now - self._asked_at.pop(seat, now))
        self._cancel(seat)
        self._seat(seat, agent, policy, name)

    def _seat(self, seat: int, agent: Agent, policy: SeatPolicy | None, name: str | None) -> None:
        """`agent` plays `seat` from now on; a change of hands is recorded and announced."""
        self.agents[seat] = agent
        self.policies[seat] = policy or agent.policy or TRUSTED
        self._choosers[seat] = agent.inline_chooser()
        self._strikes.pop(seat, None)
        self._note_followers()
        name = agent.name if name is None else name
        holder = self.record.holder(seat)
        if (name, agent.kind) == (holder.name, holder.agent):
            return  # the same player, differently run (e.g. a bot that now paces itself)
        self.record.handovers.append(Handover(seat, len(self.record.entries), name, agent.kind))
        for listener in list(self.listeners):
            try:
                listener.on_handover(self, seat)
            except Exception:  # a listener's bug must not cost the game
                log.exception("match %s: listener failed on a handover", self.id or "-")

    def _drop_stale_decisions(self) -> None:
        wanted = set(self.state.to_act())
        for seat in [s for s in self._tasks if s not in wanted]:
            self._cancel(seat)

    def _cancel(self, seat: int) -> None:
        decision = self._tasks.pop(seat, None)
        self._asked_at.pop(seat, None)
        if decision is not None:
            decision.cancel()
            self.agents[seat].cancelled(seat)

    # -- waiting for clients ---------------------------------------------------------------------
    async def _wait(self) -> None:
        """Until a decision is done, a hard limit passes, or someone pokes (an unprompted
        action, a departure, an abort); then settle what is done.  Clients' answers are mostly
        played, and the next seats asked, while the task still waits (`_step_answered`)."""
        if not self._a_decision_is_done():
            waiter = self._waiter = self._loop.create_future()
            self._watch_deadlines()
            try:
                await waiter
            finally:
                self._waiter = None
        self._settle_done(self.clock())

    def _settle_done(self, now: float) -> None:
        """Settle every decision that is done, in seat order; take out the seats whose hard
        limit passed."""
        for seat, decision in sorted(self._tasks.items()):
            if self._abort_reason is not None or self.state.is_over:
                return
            if self._tasks.get(seat) is not decision:
                continue  # dropped as stale while an earlier answer was settled
            if decision.done():
                del self._tasks[seat]
                self._settle(seat, decision, now - self._asked_at.pop(seat, now))
            elif self._hard_limit_passed(seat, now):
                self._cancel(seat)
                self._consequence(seat, self.policies[seat].on_timeout, EndCause.HARD_TIMEOUT,
                                  "no answer within the time limit")

    def _answered(self) -> None:
        """A decision is done (the `wake` of `Agent.begin_decision`).  Given in a read the
        server handles (`core.soon`), it is stepped at the end of that read while the match's
        task still waits; otherwise the task wakes for it."""
        waiter = self._waiter
        if waiter is None or waiter.done() or self._step_queued:
            return  # the task runs, or is woken, or a step is queued: either settles it
        if after_read(self._step_answered):
            self._step_queued = True
        else:
            waiter.set_result(None)

    def _step_answered(self) -> None:
        """What the task would do on waking for a client's answer, done at the end of the read
        without waking it: settle what is done, then, if nothing unusual is afoot, ask the next
        seats.  The task goes on waiting when every seat to act waits for a client; anything
        else (a pause, an abort, something queued, the game's end, an in-process bot that
        played, a bug) wakes it, and it carries on from there."""
        self._step_queued = False
        waiter = self._waiter
        if waiter is None or waiter.done():
            return  # the task has run meanwhile, or will: it settles whatever is done
        try:
            self._settle_done(self.clock())
            waits = (self._undisturbed and not self.state.is_over
                     and not self._ask(perf_counter() + INLINE_SLICE) and self._waits_for_clients_only(waiter))
        except Exception as exc:  # raised in the task, as if it had done this itself
            if not waiter.done():
                waiter.set_exception(exc)
            return
        if waits:
            self._watch_deadlines()
        elif not waiter.done():
            waiter.set_result(None)

    def _waits_for_clients_only(self, waiter: asyncio.Future) -> bool:
        """Every decision asked is pending and nothing has woken the task: it may go on waiting."""
        return bool(self._tasks) and not waiter.done() and not self._a_decision_is_done()

    def _a_decision_is_done(self) -> bool:
        for decision in self._tasks.values():
            if decision.done():
                return True
        return False

    def _hard_limit_passed(self, seat: int, now: float) -> bool:
        limit = self.policies[seat].hard_timeout
        return limit is not None and now - self._asked_at.get(seat, now) >= limit

    def _watch_deadlines(self) -> None:
        """Make sure the task wakes by the soonest hard limit of the decisions asked.  A timer
        that fires sooner is kept: limits are seconds long and each decision's deadline is later
        than the last, so one timer serves many decisions (it wakes the task once early, then is
        set again) instead of a timer made and cancelled per decision."""
        soonest = None
        policies, asked_at = self.policies, self._asked_at
        for seat in self._tasks:
            limit = policies[seat].hard_timeout
            if limit is not None and seat in asked_at:
                deadline = asked_at[seat] + limit
                if soonest is None or deadline < soonest:
                    soonest = deadline
        if soonest is None:
            return
        when = self._loop.time() + max(0.0, soonest - self.clock())
        timer = self._timer
        if timer is not None:
            if timer.when() <= when:
                return
            timer.cancel()
        self._timer = self._loop.call_at(when, self._timer_fired)

    def _timer_fired(self) -> None:
        self._timer = None
        self._poke()

    # -- the end -----------------------------------------------------------------------------------
    def _failed(self, exc: Exception) -> None:
        """A bug in the rules or an agent must not lose the record: the match ends aborted."""
        log.exception("match %s failed", self.id or "-")
        self.abort(f"server error: {type(exc).__name__}: {exc}")

    async def _close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        for seat in list(self._tasks):
            self._cancel(seat)
        result = self._complete_record()
        for seat, agent in enumerate(self.agents):
            if agent.awaits_finish:
                try:
                    await asyncio.wait_for(agent.finish(seat, result), timeout=5)
                except Exception:
                    log.warning("match %s seat %d: finish failed", self.id or "-", seat, exc_info=True)
        for listener in list(self.listeners):
            try:
                listener.on_end(self, self.record)
            except Exception:
                log.exception("match %s: listener failed at the end", self.id or "-")
        self._mark_closed()

    def _complete_record(self) -> Result:
        """The record's result and end time, and the record stored if the match has a store."""
        result = self.state.result() if self.state.is_over else None
        if result is None:
            result = Result.aborted(self.state.seat_count, self._abort_reason or "")
        self.record.result = result
        self.record.ended_at = utc_now()
        if self.store is not None:
            try:
                self.store.save(self.record)
            except Exception:
                log.exception("match %s: record could not be stored", self.id or "-")
        return result

    def _mark_closed(self) -> None:
        self._closed = True
        if self._finished is not None:
            self._finished.set()

    # -- games between in-process bots, played through at once -------------------------------
    def plays_alone(self) -> bool:
        """Whether `play_through` can play this match: every seat an in-process bot that
        decides inline, with nothing to start or finish, nobody following the steps, no policy
        that could seat someone else, and the match not begun."""
        if (self.listeners or self._tasks or not self._undisturbed or self._closed
                or self.record.started_at):
            return False
        for agent in self.agents:
            if (agent.wants_events or agent.awaits_start or agent.awaits_finish
                    or agent.chosen_name is not None or agent.inline_chooser() is None):
                return False
        return not any(policy is not TRUSTED and Consequence.REPLACE in (policy.on_illegal, policy.on_timeout, policy.on_leave)
                       for policy in self.policies)

    def play_through(self) -> Record | None:
        """`run()` for a match that `plays_alone` (`tablehall play`, the arena's workers), in
        one go, or None (nothing done) for a match that needs `run()`: the same steps and the
        same record, without the coroutine and the time slices.  It keeps the thread until the
        game is over: for callers whose event loop runs nothing else meanwhile."""
        if not self.plays_alone():
            return None
        self.record.started_at = utc_now()
        self._prepare()
        try:
            while not self.state.is_over and self._abort_reason is None:
                if not self._ask(None):
                    raise RuntimeError(f"{self.spec.name}: nobody to act in a game that is not over")
        except Exception as exc:
            self._failed(exc)
        self._complete_record()
        self._mark_closed()
        return self.record

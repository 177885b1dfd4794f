"""The match runner: seats bound to agents, asked in turn, clocks enforced, every step recorded.

Every action takes the same step (`Match._play`): the rules apply it, its `Entry` goes into the
record, the agents and listeners are told (`Step`); then the next seats are asked (`Match._ask`).
In-process bots decide inline; a client's answer is played at the end of the read that brought
it (`core.soon`).  What a late, illegal or vanished agent costs is its `SeatPolicy`.  Every wait
is bounded, so one agent can stall only its own decision.
"""

from __future__ import annotations

import asyncio
import logging
from functools import partial
from time import monotonic, perf_counter
from typing import Any, Callable, Iterable, NamedTuple, Sequence

from .agents import Agent, AgentGone
from .events import Event
from .game import GameSpec, GameState, IllegalAction
from .policy import TRUSTED, Consequence, SeatPolicy
from .records import Entry, Handover, KnownActions, Record, SeatInfo
from .result import EndCause, Result
from .soon import after_read
from .stamps import utc_now
from .store import RecordStore

log = logging.getLogger("tablehall.match")

#: how long in-process bots play inline before the match gives the event loop back to the others
INLINE_SLICE = 0.002


class Step(NamedTuple):
    """`seat` played `action`, recorded as `entry`, and `events` happened.  For the start events
    `seat`, `action` and `entry` are None; for a seat taken out `action` is None."""

    seat: int | None
    action: Any
    events: Sequence[Event]
    entry: Entry | None


class MatchListener:
    """Follows a match (observers, protocol rooms, the operator's log): override what it needs;
    one that leaves `on_step` alone says `follows_steps = False` and is not called at every step."""

    follows_steps: bool = True

    def on_start(self, match: "Match") -> None:
        """Every agent has started (handshakes done); the start events come next."""

    def on_step(self, match: "Match", step: Step) -> None:
        """A step with events: the start, an action played, a seat taken out."""

    def on_handover(self, match: "Match", seat: int) -> None:
        """Another player plays `seat` from now on (the last of `Record.handovers`)."""

    def on_end(self, match: "Match", record: Record) -> None:
        """The match is over, or aborted, and its record is complete."""


class Match:
    """One game between agents.  Create, optionally add listeners, then `await run()`."""

    def __init__(self, spec: GameSpec, agents: Sequence[Agent], *, seed: int = 0,
                 options: dict[str, Any] | None = None, policies: Sequence[SeatPolicy] | None = None,
                 names: Sequence[str] | None = None, store: RecordStore | None = None,
                 clock: Callable[[], float] = monotonic, match_id: str = "") -> None:
        self.spec = spec
        self.options = spec.normalize_options(options or {})
        self.seed = seed
        self.state: GameState = spec.new(len(agents), self.options, seed, normalized=True)
        self.agents = list(agents)
        self.policies = list(policies) if policies is not None else [a.policy or TRUSTED for a in agents]
        self.store = store
        self.clock = clock
        self.id = match_id
        seat_names = list(names) if names is not None else [a.name for a in agents]
        self.record = Record(spec.name, spec.rules_version, self.options, seed,
                             [SeatInfo(n, a.kind) for n, a in zip(seat_names, agents)], id=match_id)
        self.listeners: list[MatchListener] = []
        self._step_listeners: tuple[MatchListener, ...] = ()  # those that follow the steps
        self.resumed = False  # played on from the journal after a restart (`continue_from`)
        self.paused = False
        self._steps = 0  # decisions a `step` lets through while paused
        self._abort_reason: str | None = None
        self._suspended = False  # stopped to be resumed: no record completed, no end told
        self._queued: list[Callable[[], None]] = []  # from outside: unprompted actions, departures, handovers
        self._undisturbed = True  # not paused or stepped, nothing queued, not aborted (`_recheck`)
        self.finished = asyncio.Event()  # set once the match has ended and its record is complete
        # read when play begins (`_prepare`) and as seats change hands
        self._choosers: list[Callable[[GameState, int], Any] | None] = []  # by seat: None if asked
        self._followed = True  # someone is told the steps
        self._volunteering = False  # some seat's agent may take the game's chances
        self._encode: Callable[[Any], Any] = spec.encode_action  # an action's record form
        # the decisions asked and waited for
        self._tasks: dict[int, asyncio.Future] = {}  # seat -> its pending decision
        self._asked_at: dict[int, float] = {}
        self._strikes: dict[int, int] = {}  # illegal answers in a row, by seat
        self._loop: asyncio.AbstractEventLoop | None = None  # the loop `run` runs on
        self._waiter: asyncio.Future | None = None  # what the task waits on: set by `_poke`
        self._timer: asyncio.Handle | None = None  # pokes the task at the nearest hard limit
        self._timer_when = 0.0  # when it fires (uvloop gives a plain Handle for a time already past)
        self._step_queued = False  # `_step_answered` is queued for the end of a read

    # -- control from outside (admin, protocol sessions, shutdown) ---------------------------
    def add_listener(self, listener: MatchListener) -> None:
        self.listeners.append(listener)
        self._read_agents()

    def remove_listener(self, listener: MatchListener) -> None:
        if listener in self.listeners:
            self.listeners.remove(listener)
        self._read_agents()

    def pause(self) -> None:
        self.paused = True
        self._recheck()

    def resume(self) -> None:
        self.paused = False
        self._recheck()
        self._poke()

    def step(self) -> None:
        """While paused, let exactly one more decision be asked."""
        self._steps += 1
        self._recheck()
        self._poke()

    def submit(self, seat: int, action: Any) -> None:
        """An action `seat` takes without being asked (e.g. a trade offer)."""
        self._queue(partial(self._play, seat, action, unprompted=True))

    def seat_left(self, seat: int, reason: str = "left the game") -> None:
        """The seat's client is gone: its policy's `on_leave` now, asked or not."""
        self._queue(partial(self._depart, seat, EndCause.LEFT, reason, None))

    def forfeit_now(self, seat: int, cause: EndCause, reason: str = "") -> None:
        """Take `seat` out at once for `cause` (e.g. a protocol's own violation rule)."""
        self._queue(partial(self._depart, seat, cause, reason, Consequence.FORFEIT))

    def hand_over(self, seat: int, agent: Agent, name: str | None = None,
                  policy: SeatPolicy | None = None) -> None:
        """From its next decision on, `agent` (not `start`ed: it joins a game under way) plays
        `seat` under `name` and `policy` (default: the agent's own).  Queued with unprompted
        actions and departures: an answer already given stands, a pending decision is cancelled.
        The record notes who plays the seat from which action (`Record.handovers`)."""
        self._queue(partial(self._take_over, seat, agent, name, policy))

    def abort(self, reason: str = "aborted") -> None:
        """Stop the match; it is stored as aborted with the actions played so far."""
        if self._abort_reason is None:
            self._abort_reason = reason
        self._recheck()
        self._poke()

    def suspend(self) -> None:
        """Stop without ending the game (a server stopping to restart): no record completed or
        stored, no end told, so that its journal keeps it for the next start (`core/journal.py`)."""
        self._suspended = True
        self.abort("suspended")

    def continue_from(self, record: Record, state: GameState) -> None:
        """Before `run`: play on from a game journaled before a restart (`core/resume.py`): its
        `record` so far and the `state` it led to; agents start as usual, start events are not told."""
        self.record, self.state, self.resumed = record, state, True

    def time_left(self, seat: int) -> float | None:
        """Seconds left for `seat`'s pending decision, for a client's clock (None: no hard limit)."""
        limit, asked = self.policies[seat].hard_timeout, self._asked_at.get(seat)
        return None if limit is None or asked is None else max(0.0, asked + limit - self.clock())

    def _queue(self, work: Callable[[], None]) -> None:
        self._queued.append(work)
        self._recheck()
        self._poke()

    def _recheck(self) -> None:
        """Anything unusual afoot?  Worked out by whatever changes it; while not, the runner only plays and asks."""
        self._undisturbed = not (self.paused or self._steps or self._queued or self._abort_reason is not None)

    def _poke(self) -> None:
        """Wake the task if it waits (for a decision, or in the pause's gate)."""
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    # -- the loop ------------------------------------------------------------------------------
    async def run(self) -> Record:
        self._loop = asyncio.get_running_loop()
        if not self.resumed:
            self.record.started_at = utc_now()
        try:
            self._prepare()
            await self._start_agents()
            for listener in list(self.listeners):
                listener.on_start(self)
            if self._followed and not self.resumed:
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
        """Read the seats as play begins.  Games of few actions, and bots' games nobody follows (the
        same actions again and again), take record forms from `KnownActions` (once per process)."""
        self._choosers = [agent.inline_chooser() for agent in self.agents]
        self._read_agents()
        if self.spec.few_actions or (None not in self._choosers and not self._followed):
            self._encode = KnownActions.for_spec(self.spec).encode

    def _read_agents(self) -> None:
        """What the listeners and agents declare they need (at registration, not at every step)."""
        self._step_listeners = tuple(listener for listener in self.listeners if listener.follows_steps)
        self._followed = bool(self._step_listeners) or any(agent.wants_events for agent in self.agents)
        self._volunteering = any(agent.may_volunteer for agent in self.agents)

    async def _start_agents(self) -> None:
        for seat, agent in enumerate(self.agents):
            # a seat named by how its player connected takes the name it gives in its handshake
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
            await self._nap()
        if self._steps:
            self._steps -= 1
            self._recheck()
        return self._abort_reason is None

    def _ask(self, until: float | None) -> bool:
        """What can be done without waiting: what was queued from outside, the game's chances,
        then every seat to act asked; inline agents' actions played at once, up to the time slice
        (`until`; None: no limit) or anything unusual.  False if every seat to act is waited for."""
        if self._queued:
            work, self._queued = self._queued, []
            self._recheck()
            for done in work:
                if self.state.is_over:
                    break
                done()
            return True
        if self._volunteering and self._offer_volunteers():
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
            played = True
            if (not self._undisturbed or (self._volunteering and state.volunteers())
                    or (until is not None and perf_counter() > until)):
                return True

    def _begin_decision(self, seat: int) -> None:
        """Ask the agent of `seat`, which does not decide inline: its answer wakes `_answered`,
        its hard limit the task (`_poke_in`)."""
        agent = self.agents[seat]
        self._asked_at[seat] = self.clock()
        observation = self.state.observation(seat) if agent.wants_observation else None
        self._tasks[seat] = agent.begin_decision(seat, observation, self._answered, self._loop)
        if (limit := self.policies[seat].hard_timeout) is not None:
            self._poke_in(limit)

    def _offer_volunteers(self) -> bool:
        """The chances the game offers (`GameState.volunteers`); True if an agent took one."""
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
        """The one step every action takes: the rules apply it (or refuse it, at the policy's
        cost), its entry is recorded, agents and listeners are told, stale decisions dropped."""
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
            if agent.wants_events and (seen := [e for e in events if e.audience.admits(told)]):
                agent.notify(told, seen, self.state)
        if self._step_listeners:
            step = Step(seat, action, events, entry)
            for listener in self._step_listeners:
                listener.on_step(self, step)

    def _settle(self, seat: int, now: float) -> None:
        """`seat`'s decision is done: play its action, unless the agent failed or answered too late."""
        decision = self._tasks.pop(seat)
        elapsed = now - self._asked_at.pop(seat, now)
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
        self._cancel(seat)
        self._consequence(seat, consequence or self.policies[seat].on_leave, cause, reason)

    def _take_over(self, seat: int, agent: Agent, name: str | None, policy: SeatPolicy | None) -> None:
        decision = self._tasks.get(seat)
        if decision is not None and decision.done():  # answered before the handover: that answer stands
            self._settle(seat, self.clock())
        self._cancel(seat)
        self._seat(seat, agent, policy, name)

    def _seat(self, seat: int, agent: Agent, policy: SeatPolicy | None, name: str | None) -> None:
        """`agent` plays `seat` from now on; a change of hands is recorded and announced."""
        self.agents[seat] = agent
        self.policies[seat] = policy or agent.policy or TRUSTED
        self._choosers[seat] = agent.inline_chooser()
        self._strikes.pop(seat, None)
        self._read_agents()
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
        """Until a decision is done, a hard limit passes, or a poke; then settle what is done
        (clients' answers are mostly played while the task still waits: `_step_answered`)."""
        if not any(decision.done() for decision in self._tasks.values()):
            self._watch_deadlines()
            await self._nap()
        self._settle_done(self.clock())

    async def _nap(self) -> None:
        """Until `_poke`."""
        waiter = self._waiter = self._loop.create_future()
        try:
            await waiter
        finally:
            self._waiter = None

    def _settle_done(self, now: float) -> None:
        """Settle the decisions done, in seat order; take out the seats past their hard limit."""
        for seat, decision in sorted(self._tasks.items()):
            if self._abort_reason is not None or self.state.is_over:
                return
            if self._tasks.get(seat) is not decision:
                continue  # dropped as stale while an earlier answer was settled
            limit = self.policies[seat].hard_timeout
            if decision.done():
                self._settle(seat, now)
            elif limit is not None and now - self._asked_at.get(seat, now) >= limit:
                self._cancel(seat)
                self._consequence(seat, self.policies[seat].on_timeout, EndCause.HARD_TIMEOUT,
                                  "no answer within the time limit")

    def _answered(self) -> None:
        """A decision is done (`Agent.begin_decision`'s `wake`): stepped at the end of the read
        being handled (`core.soon`) while the task waits, or else the task wakes for it."""
        waiter = self._waiter
        if waiter is None or waiter.done() or self._step_queued:
            return  # the task runs, or is woken, or a step is queued: either settles it
        if after_read(self._step_answered):
            self._step_queued = True
        else:
            waiter.set_result(None)

    def _step_answered(self) -> None:
        """What the task would do on waking, without waking it: settle what is done and, if nothing
        unusual is afoot, ask the next seats.  It waits on while every seat to act waits for a
        client; anything else (pause, abort, queued work, the end, an inline bot, a bug) wakes it."""
        self._step_queued = False
        waiter = self._waiter
        if waiter is None or waiter.done():
            return  # the task has run meanwhile, or will: it settles whatever is done
        try:
            self._settle_done(self.clock())
            waits = (self._undisturbed and not self.state.is_over and not self._ask(perf_counter() + INLINE_SLICE)
                     and self._tasks and not waiter.done()
                     and not any(decision.done() for decision in self._tasks.values()))
        except Exception as exc:  # raised in the task, as if it had done this itself
            if not waiter.done():
                waiter.set_exception(exc)
            return
        if not waits and not waiter.done():
            waiter.set_result(None)

    def _watch_deadlines(self) -> None:
        """Before the task waits: poked by the soonest hard limit of the decisions asked (the
        timer may have fired early meanwhile, for a decision answered since)."""
        policies, asked_at, now = self.policies, self._asked_at, self.clock()
        left = [asked_at[seat] + policies[seat].hard_timeout - now for seat in self._tasks
                if policies[seat].hard_timeout is not None and seat in asked_at]
        if left:
            self._poke_in(min(left))

    def _poke_in(self, seconds: float) -> None:
        """The task poked in `seconds` at the latest: one timer serves many decisions, set again
        only for a sooner one (deadlines mostly come later and later)."""
        now = self._loop.time()
        when = now + max(0.0, seconds)
        timer = self._timer
        if timer is not None:
            if now < self._timer_when <= when:
                return  # one still to fire, and no later: it serves
            timer.cancel()
        self._timer, self._timer_when = self._loop.call_at(when, self._poke), when

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
        if self._suspended:
            self.finished.set()
            return
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
        self.finished.set()

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

    # -- games between in-process bots, played through at once -------------------------------
    def plays_alone(self) -> bool:
        """Whether `play_through` can play this match: not begun, nobody following, every seat an
        inline in-process bot with nothing to start or finish, no policy seating anyone else."""
        if (self.listeners or self._tasks or not self._undisturbed or self.finished.is_set()
                or self.record.started_at):
            return False
        for agent in self.agents:
            if (agent.wants_events or agent.awaits_start or agent.awaits_finish
                    or agent.chosen_name is not None or agent.inline_chooser() is None):
                return False
        return not any(Consequence.REPLACE in (policy.on_illegal, policy.on_timeout, policy.on_leave)
                       for policy in self.policies)

    def play_through(self) -> Record | None:
        """`run()` in one go, without coroutine or time slices, for a match that `plays_alone`
        (`tablehall play`, the arena's workers); None, and nothing done, for one that needs `run()`."""
        if not self.plays_alone():
            return None
        self.record.started_at = utc_now()
        try:
            self._prepare()
            while not self.state.is_over and self._abort_reason is None:
                if not self._ask(None):
                    raise RuntimeError(f"{self.spec.name}: nobody to act in a game that is not over")
        except Exception as exc:
            self._failed(exc)
        self._complete_record()
        self.finished.set()
        return self.record

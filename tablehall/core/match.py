"""The match runner: seats bound to agents, asked in turn, clocks enforced, every step recorded.

`Match.run()` asks every seat the rules say must act, waits for the first answer (or a time
limit, a disconnect, an unprompted action, an abort), applies it, delivers the events to whoever
may see them, and repeats until the game is over.  What a late, illegal or vanished agent costs
is the protocol's choice, given per seat as a `SeatPolicy`.  One agent can stall only its own
decision: every wait is bounded and nothing here blocks the event loop.
"""

from __future__ import annotations

import asyncio
import logging
import time
from time import time_ns
from dataclasses import dataclass
from datetime import datetime, timezone
from enum import StrEnum
from functools import partial
from itertools import repeat
from typing import Any, Callable, Iterable, Protocol, Sequence

from .agents import Agent, AgentGone
from .events import Event
from .game import GameSpec, GameState, IllegalAction
from .records import Entry, Handover, KnownActions, Record, SeatInfo
from .result import EndCause, Result
from .soon import after_read
from .store import RecordStore

log = logging.getLogger("tablehall.match")
_new_tuple = tuple.__new__
_new_entry = partial(_new_tuple, Entry)  # (seat, action, forfeit, reason, ms) -> Entry, in C

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


class MatchListener(Protocol):
    """Anything that follows a match: observers, admin clients, protocol rooms."""

    def on_events(self, match: "Match", events: Sequence[Event]) -> None: ...
    def on_end(self, match: "Match", record: Record) -> None: ...
    # optional: on_start(match), once every agent has started (handshakes done)
    # optional: on_handover(match, seat), once another agent plays `seat` (Record.handovers)


@dataclass(frozen=True)
class _Departure:
    """A seat taken out from outside the loop (left, broke its protocol)."""

    cause: EndCause
    reason: str
    consequence: Consequence | None  # None: the seat policy's on_leave


@dataclass(frozen=True)
class _Handover:
    """Another agent takes a seat over (queued like a departure, played between decisions)."""

    agent: Agent
    name: str | None
    policy: SeatPolicy | None


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
        self.policies = (list(policies) if policies is not None
                         else [getattr(agent, "policy", None) or TRUSTED for agent in agents])
        self.store = store
        self.clock = clock
        self.id = match_id
        seat_names = list(names) if names is not None else [a.name for a in agents]
        self.record = Record(spec.name, spec.rules_version, self.options, seed,
                             [SeatInfo(n, a.kind) for n, a in zip(seat_names, agents)], id=match_id)
        # an action's record form (`GameSpec.few_actions`: known once per process, with its text)
        self._encode = KnownActions.for_spec(spec).encode if spec.few_actions else spec.encode_action
        self.listeners: list[Any] = []
        self.paused = False
        self._resume: asyncio.Event | None = None  # made when first paused: most matches never are
        self._steps = 0
        self._abort_reason: str | None = None
        self._waiter: asyncio.Future | None = None  # resolved by whatever the loop waits for
        self._step_queued = False  # `_step_answered` is queued (`after_read`) for a client's answer
        self._loop: asyncio.AbstractEventLoop | None = None  # the loop `run` runs on
        self._timer: asyncio.TimerHandle | None = None  # wakes the loop at the nearest hard limit
        self._unprompted: list[tuple[int, Any]] = []
        self._asked_at: dict[int, float] = {}
        self._tasks: dict[int, asyncio.Future] = {}  # seat -> its pending decision
        self._strikes: dict[int, int] = {}
        self._inline_by_seat: dict[int, tuple[Agent, Any]] = {}
        # only games that offer unprompted chances are asked for them on every pass
        self._volunteers = type(self.state).volunteers is not GameState.volunteers
        self._finished: asyncio.Event | None = None  # made when first asked for: `finished`
        self._closed = False

    # -- control from outside (admin, protocol sessions, shutdown) ---------------------------
    def add_listener(self, listener: Any) -> None:
        self.listeners.append(listener)

    def remove_listener(self, listener: Any) -> None:
        if listener in self.listeners:
            self.listeners.remove(listener)

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

    def resume(self) -> None:
        self.paused = False
        self._wake_gate()

    def step(self) -> None:
        """While paused, let exactly one more decision be asked."""
        self._steps += 1
        self._wake_gate()

    def _wake_gate(self) -> None:
        if self._resume is not None:
            self._resume.set()

    def submit(self, seat: int, action: Any) -> None:
        """An action `seat` takes without being asked (e.g. a trade offer)."""
        self._unprompted.append((seat, action))
        self._poke()

    def seat_left(self, seat: int, reason: str = "left the game") -> None:
        """The seat's client is gone: apply the seat policy's `on_leave` now, even if the seat
        is not the one being asked."""
        self._unprompted.append((seat, _Departure(EndCause.LEFT, reason, None)))
        self._poke()

    def forfeit_now(self, seat: int, cause: EndCause, reason: str = "") -> None:
        """Take `seat` out at once for `cause` (e.g. a protocol's own violation rule)."""
        self._unprompted.append((seat, _Departure(cause, reason, Consequence.FORFEIT)))
        self._poke()

    def hand_over(self, seat: int, agent: Agent, name: str | None = None,
                  policy: SeatPolicy | None = None) -> None:
        """From its next decision on, `agent` plays `seat` (e.g. a person takes over a bot's
        seat), under `name` (default: the agent's) and `policy` (default: the agent's own).

        Queued with unprompted actions and departures, so whatever came first is settled first
        (an answer already given stands, a departure is dealt with); then the old agent's pending
        decision is cancelled and it is never asked again.  The new agent is not `start`ed: it
        joins a game under way, its caller has done any handshake.  The record notes who plays
        the seat from which action (`Record.handovers`), and listeners with
        ``on_handover(match, seat)`` hear of it at that moment."""
        self._unprompted.append((seat, _Handover(agent, name, policy)))
        self._poke()

    def abort(self, reason: str = "aborted") -> None:
        """Stop the match; it is stored as aborted with the actions played so far."""
        if self._abort_reason is None:
            self._abort_reason = reason
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

    def _poke(self, _: object = None) -> None:
        """Wake the loop if it waits (also a done-callback of every pending decision)."""
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    # -- the loop ------------------------------------------------------------------------------
    async def run(self) -> Record:
        self._loop = asyncio.get_running_loop()
        self.record.started_at = utc_now()
        try:
            await self._start_agents()
            for listener in list(self.listeners):
                if hasattr(listener, "on_start"):
                    listener.on_start(self)
            if self.listeners or any(agent.wants_events for agent in self.agents):
                self._deliver(self.state.start_events())
            slice_started = time.perf_counter()
            while not self.state.is_over and self._abort_reason is None:
                if (self.paused or self._steps) and not await self._gate():
                    break
                progressed = self._ask()
                if self.state.is_over or self._abort_reason is not None:
                    break
                if progressed:
                    if time.perf_counter() - slice_started > INLINE_SLICE:
                        await asyncio.sleep(0)  # let other games and connections run
                        slice_started = time.perf_counter()
                    continue
                if not self._tasks and not self._unprompted:
                    raise RuntimeError(f"{self.spec.name}: nobody to act in a game that is not over")
                await self._wait_for_something()
        except Exception as exc:  # a bug in rules or an agent must not lose the record
            log.exception("match %s failed", self.id or "-")
            self.abort(f"server error: {type(exc).__name__}: {exc}")
        finally:
            await self._close()
        return self.record

    async def _start_agents(self) -> None:
        for seat, agent in enumerate(self.agents):
            # a seat named only by how its player connected (a peer address, a command line)
            # takes the name the player gives itself in its handshake
            if type(agent).start is Agent.start and agent.chosen_name is None:
                continue  # nothing to start (in-process bots)
            placeholders = {agent.name, agent.kind}
            try:
                await agent.start(seat, self)
            except AgentGone as gone:
                reason = f"did not start: {gone}" if str(gone) else "did not start"
                self._consequence(seat, self.policies[seat].on_leave, EndCause.LEFT, reason)
            else:
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
        return self._abort_reason is None

    def _ask(self) -> bool:
        """Start a decision for every seat that must act and is not already deciding.
        Trusted agents answer at once; returns True if that changed the game."""
        if self._unprompted:
            progressed = False
            for seat, action in self._take_unprompted():
                if self.state.is_over:
                    break
                if isinstance(action, _Handover):
                    self._take_over(seat, action)
                elif isinstance(action, _Departure):
                    self._cancel(seat)
                    self._consequence(seat, action.consequence or self.policies[seat].on_leave,
                                      action.cause, action.reason)
                else:
                    self._play(seat, action, unprompted=True)
                progressed = True
            if progressed:
                return True
        if self._volunteers and self._offer_volunteers():
            return True
        state = self.state
        first = True
        for seat in state.to_act():
            if seat in self._tasks:
                continue
            agent = self.agents[seat]
            inline = self._inline(seat, agent)
            if inline is not None and first:  # the first seat to act decides inline: play its run
                return self._play_inline()
            first = False
            if inline is not None:  # after a seat that is asked (several seats act at once)
                started = self.clock()
                action = inline(state, seat)
                self._play(seat, action, elapsed=self.clock() - started)
                return True
            self._begin_decision(seat, agent)
        return False

    def _begin_decision(self, seat: int, agent: Agent) -> asyncio.Future:
        """Ask `agent`, which does not decide inline, for `seat`'s decision; the pending
        decision is kept in `_tasks` (and returned)."""
        self._asked_at[seat] = self.clock()
        observation = self.state.observation(seat) if agent.wants_observation else None
        # remote agents hand back a plain future their client's answer completes: no task
        # and no coroutine per decision (the commonest wait of a server); the answer is
        # stepped without waking the match's task (`_answered`)
        begin = getattr(agent, "begin_decision", None)
        if begin is not None:
            decision = begin(seat, observation, wake=self._answered, loop=self._loop)
        else:
            decision = asyncio.ensure_future(agent.decide(seat, observation))
            decision.add_done_callback(self._poke)
        self._tasks[seat] = decision
        return decision

    def _play_inline(self) -> bool:
        """While the first seat to act is decided inline (in-process bots), play its decisions
        one after the other, up to the time slice, as long as nothing else needs the loop (a
        pause, an abort, an unprompted action, a volunteer chance).  True if any was played.

        Games between bots spend their time here, so the common case is written out: when no
        agent and no listener follows the events, a legal action is applied and recorded
        without `_play`'s delivery (the record is the same either way)."""
        state, tasks, clock, agents = self.state, self._tasks, self.clock, self.agents
        for seat in state.to_act():  # a server's commonest case, a client to ask: nothing to do
            if seat not in tasks:
                if self._inline(seat, agents[seat]) is None:
                    return False
                break
        # nobody follows the events: worked out again only after `_play`, the one step here that
        # can change listeners, strikes or agents
        quiet = not (self.listeners or self._strikes or any(agent.wants_events for agent in agents))
        if quiet and not tasks:
            choosers = [self._inline(seat, agent) for seat, agent in enumerate(agents)]
            if None not in choosers:
                return self._play_bots(choosers)
        entries, encode = self.record.entries, self.spec.encode_action
        played = False
        deadline = time.perf_counter() + INLINE_SLICE
        while not state.is_over:
            for seat in state.to_act():
                if seat not in tasks:
                    break
            else:
                return played
            inline = self._inline(seat, agents[seat])
            if inline is None:
                return played
            started = clock()
            action = inline(state, seat)
            elapsed = clock() - started
            if not quiet:
                self._play(seat, action, elapsed=elapsed)
                quiet = not (self.listeners or self._strikes or any(agent.wants_events for agent in agents))
            else:
                try:
                    state.apply(seat, action)
                except IllegalAction:
                    self._play(seat, action, elapsed=elapsed)  # refused again, with its consequence
                    quiet = not (self.listeners or self._strikes or any(agent.wants_events for agent in agents))
                else:
                    entries.append(_new_tuple(Entry, (seat, encode(action), None, "", round(elapsed * 1000))))
            played = True
            if (self._unprompted or self._abort_reason is not None or self.paused or self._steps
                    or (self._volunteers and state.volunteers()) or time.perf_counter() > deadline):
                return True
        return played

    def _play_bots(self, choosers: list[Callable[[GameState, int], Any]], alone: bool = False) -> bool:
        """`_play_inline` when every seat is an in-process bot and nobody follows the events
        (`tablehall play`, the arena's games): the engine's own loop, up to the time slice.
        The seats and actions played are noted as they are; their entries (the action's
        record form, and the milliseconds its bot took, as `_play` records them) are added to
        the record in one go before the loop hands back, so nobody ever sees the record short
        of an action.  True if any action was played.

        `alone` (`play_through`): nothing outside can reach the match while it plays, so
        neither the time slice nor a pause, an abort or an unprompted action is looked for."""
        state, unprompted = self.state, self._unprompted
        watch = not alone
        to_act, apply = state.to_act, state.apply
        volunteers = state.volunteers if self._volunteers else None
        seats: list[int] = []
        actions: list[Any] = []
        slow: dict[int, int] = {}  # index -> ms, for the decisions that took half a ms or more
        note_seat, note_action = seats.append, actions.append
        clock = time.perf_counter
        deadline = clock() + INLINE_SLICE
        try:
            while not state.is_over:
                to_move = to_act()
                if not to_move:
                    break
                seat = to_move[0]
                started = clock()
                action = choosers[seat](state, seat)
                now = clock()
                try:
                    apply(seat, action)
                except IllegalAction:
                    self._record_played(seats, actions, slow)
                    seats = []
                    self._play(seat, action, elapsed=now - started)  # refused again, with its consequence
                    return True
                if now - started >= 0.0005:  # else its milliseconds round to 0
                    slow[len(seats)] = round((now - started) * 1000)
                note_seat(seat)
                note_action(action)
                if ((watch and (unprompted or self._abort_reason is not None or self.paused or self._steps
                                or now > deadline)) or (volunteers is not None and volunteers())):
                    break
        finally:
            if seats:
                self._record_played(seats, actions, slow)
        return bool(seats)

    def _record_played(self, seats: list[int], actions: list[Any], slow: dict[int, int]) -> None:
        """The entries of actions `_play_bots` played, built in C (`map`, `zip`): the record
        forms from `KnownActions`, the milliseconds 0 but where `slow` says."""
        ms: Iterable[int] = repeat(0)
        if slow:
            ms = [0] * len(seats)
            for index, taken in slow.items():
                ms[index] = taken
        encoded = KnownActions.for_spec(self.spec).encode_all(actions)
        self.record.entries.extend(map(_new_entry, zip(seats, encoded, repeat(None), repeat(""), ms)))

    def _take_over(self, seat: int, handover: _Handover) -> None:
        task = self._tasks.get(seat)
        if task is not None and task.done():  # answered before the handover: that answer stands
            del self._tasks[seat]
            now = self.clock()
            self._settle(seat, task, now - self._asked_at.pop(seat, now))
        self._cancel(seat)
        self._seat(seat, handover.agent, handover.policy, handover.name)

    def _seat(self, seat: int, agent: Agent, policy: SeatPolicy | None, name: str | None) -> None:
        """`agent` plays `seat` from now on; a change of hands is recorded and announced."""
        self.agents[seat] = agent
        self.policies[seat] = policy or getattr(agent, "policy", None) or TRUSTED
        self._strikes.pop(seat, None)
        name = agent.name if name is None else name
        holder = self.record.holder(seat)
        if (name, agent.kind) == (holder.name, holder.agent):
            return  # the same player, differently run (e.g. a bot that now paces itself)
        self.record.handovers.append(Handover(seat, len(self.record.entries), name, agent.kind))
        for listener in list(self.listeners):
            if hasattr(listener, "on_handover"):
                try:
                    listener.on_handover(self, seat)
                except Exception:  # a listener's bug must not cost the game
                    log.exception("match %s: listener failed on a handover", self.id or "-")

    def _offer_volunteers(self) -> bool:
        """Give in-process bots the chances the game offers (`GameState.volunteers`), in seat
        order; True if one of them acted."""
        acted = False
        for seat in self.state.volunteers():
            volunteer = getattr(self.agents[seat], "volunteer", None)
            if volunteer is None or self.state.is_over:
                continue
            action = volunteer(seat, self.state.observation(seat))
            if action is not None:
                self._play(seat, action, unprompted=True)
                acted = True
        return acted

    def _inline(self, seat: int, agent: Agent) -> Callable[[GameState, int], Any] | None:
        """How `agent` decides inline for `seat` (trusted in-process code that is not run in a
        thread): `(live game, seat) -> action`, or None; remembered per seat until the seat's
        agent changes."""
        known = self._inline_by_seat.get(seat)
        if known is not None and known[0] is agent:
            return known[1]
        chooser = None
        if agent.trusted and hasattr(agent, "choose_now") and not getattr(agent, "threaded", False):
            live = getattr(agent, "live_chooser", None)
            chooser = live() if live is not None else (
                lambda game, s: agent.choose_now(s, game.observation(s)))
        self._inline_by_seat[seat] = (agent, chooser)
        return chooser

    def _take_unprompted(self) -> list[tuple[int, Any]]:
        taken, self._unprompted = self._unprompted, []
        return taken

    async def _wait_for_something(self) -> None:
        """Until a decision completes, a hard limit passes, or someone pokes (an unprompted
        action, a departure, an abort): one future and at most one timer per wait.  Clients'
        answers are mostly settled, and the next decisions asked, while the task still waits
        (`_step_answered`); it wakes for anything else."""
        if not self._a_decision_is_done():
            loop = self._loop or asyncio.get_running_loop()
            waiter = self._waiter = loop.create_future()
            timeout = self._next_deadline()
            if timeout is not None:
                self._arm_timer(loop, timeout)
            try:
                await waiter
            finally:
                self._waiter = None
        self._settle_done(self.clock())

    def _settle_done(self, now: float) -> None:
        """Settle every decision that is done, in seat order; take out the seats whose hard
        limit passed."""
        for seat, task in sorted(self._tasks.items()):
            if self._abort_reason is not None or self.state.is_over:
                return
            if self._tasks.get(seat) is not task:
                continue  # dropped as stale while an earlier answer was settled
            if task.done():
                del self._tasks[seat]
                self._settle(seat, task, now - self._asked_at.pop(seat, now))
            elif self._hard_limit_passed(seat, now):
                self._cancel(seat)
                self._consequence(seat, self.policies[seat].on_timeout, EndCause.HARD_TIMEOUT,
                                  "no answer within the time limit")

    def _answered(self) -> None:
        """A client's decision is done (`RemoteAgent.begin_decision`'s `wake`).  Given in a
        read the server handles (`core.soon`), it is stepped at the end of that read while the
        match's task still waits; otherwise the task wakes for it, as for anything else."""
        waiter = self._waiter
        if waiter is None or waiter.done() or self._step_queued:
            return  # the task runs, or is woken, or a step is queued: either settles it
        if after_read(self._step_answered):
            self._step_queued = True
        else:
            waiter.set_result(None)

    def _step_answered(self) -> None:
        """What the task would do on waking for a client's answer, done here without waking it:
        settle the answers, and ask the next decisions while every seat to act waits for a
        client (one loop pass per move fewer, and no task step).  Anything else (a pause or a
        step, an abort, a queued handover, departure or unprompted action, the game's end, a
        decision already done, an in-process bot to play, nobody to ask) wakes the task, which
        carries on from there as if it had settled the answers itself.

        The commonest step, one client's answer played and the next client asked, takes a short
        path (`_played_the_answer`, `_asked_the_next`); whatever is unusual falls back to the
        general code at the point where it is met, so the outcome is the same either way."""
        self._step_queued = False
        waiter = self._waiter
        if waiter is None or waiter.done():
            return  # the task has run meanwhile, or will: it settles whatever is done
        try:
            if self._played_the_answer():
                parked = self._asked_the_next(waiter)
            elif self._a_decision_is_done():
                self._settle_done(self.clock())
                parked = self._asked_again(waiter)
            else:
                return  # settled already (by the task, before it waited again)
        except Exception as exc:  # raised in the task, as if it had done this itself
            if not waiter.done():
                waiter.set_exception(exc)
            return
        if not parked and not waiter.done():
            waiter.set_result(None)

    def _played_the_answer(self) -> bool:
        """`_settle_done` for its commonest case, written out: the one decision asked is done
        with an action, in time.  The action is played (or refused with its consequence); False,
        with nothing done, for anything else (several decisions, none done, an error or a
        cancelled decision, a soft limit passed, an abort, the game over), which the general code
        settles."""
        tasks = self._tasks
        if len(tasks) != 1 or self._abort_reason is not None:
            return False
        [(seat, decision)] = tasks.items()
        try:
            action = decision.result()  # one call for done, not cancelled and not failed
        except BaseException:  # not done, cancelled or failed: `_settle` tells which
            return False
        state = self.state
        if state.is_over:
            return False
        now = self.clock()
        asked_at = self._asked_at
        elapsed = now - asked_at.get(seat, now)
        policy = self.policies[seat]
        if (policy.soft_timeout is not None and elapsed > policy.soft_timeout
                and policy.on_timeout is not Consequence.IGNORE):
            return False  # too late: refused by `_settle`
        del tasks[seat]
        asked_at.pop(seat, None)
        self._play(seat, action, elapsed)
        return True

    def _asked_the_next(self, waiter: asyncio.Future) -> bool:
        """`_asked_again` for its commonest case, written out: one seat to act, played by an
        agent that does not decide inline (a client), and nothing else to do.  Asked, and the
        timer set for its hard limit; True if the task may go on waiting.  Anything else is
        left to `_asked_again` before anything is done."""
        state = self.state
        if (self._tasks or self.paused or self._steps or self._unprompted or self._abort_reason is not None
                or state.is_over or waiter.done() or (self._volunteers and state.volunteers())):
            return self._asked_again(waiter)
        to_act = state.to_act()
        if len(to_act) != 1:
            return self._asked_again(waiter)
        seat = to_act[0]
        agent = self.agents[seat]
        known = self._inline_by_seat.get(seat)  # `_inline`'s memory: None if a client plays it
        if known is None or known[0] is not agent or known[1] is not None:
            return self._asked_again(waiter)
        decision = self._begin_decision(seat, agent)
        if decision.done() or waiter.done():
            return False  # answered at once, or the task was woken meanwhile: it carries on
        # `_next_deadline` and `_arm_timer` for the one decision asked
        limit = self.policies[seat].hard_timeout
        asked = self._asked_at.get(seat)
        if limit is not None and asked is not None:
            self._arm_timer(waiter.get_loop(), max(0.0, asked + limit - self.clock()))
        return True

    def _asked_again(self, waiter: asyncio.Future) -> bool:
        """After the answers were settled: ask the next decisions (`_ask`) unless something
        else is left to do; True if every seat to act now waits for a client and nothing has
        woken the task, whose timer is then set for the nearest hard limit."""
        only_asking_is_left = not (self.state.is_over or self._abort_reason is not None or self.paused
                                   or self._steps or self._unprompted or waiter.done())
        if only_asking_is_left and not self._ask() and self._waits_for_clients_only(waiter):
            timeout = self._next_deadline()
            if timeout is not None:
                self._arm_timer(waiter.get_loop(), timeout)
            return True
        return False

    def _waits_for_clients_only(self, waiter: asyncio.Future) -> bool:
        """Every decision asked is pending and nothing has woken the task: it may go on waiting."""
        return bool(self._tasks) and not waiter.done() and not self._a_decision_is_done()

    def _a_decision_is_done(self) -> bool:
        """Whether any decision asked is done (a loop: asked at every move, mostly of one)."""
        for decision in self._tasks.values():
            if decision.done():
                return True
        return False

    def _arm_timer(self, loop: asyncio.AbstractEventLoop, timeout: float) -> None:
        """Make sure the loop wakes within `timeout` seconds.  A timer that fires sooner is
        kept: limits are seconds long and each decision's deadline is later than the last, so
        one timer serves many decisions (it wakes the loop once early, then is set again)
        instead of a timer made and cancelled per decision."""
        when = loop.time() + timeout
        timer = self._timer
        if timer is not None:
            if timer.when() <= when:
                return
            timer.cancel()
        self._timer = loop.call_at(when, self._timer_fired)

    def _timer_fired(self) -> None:
        self._timer = None
        self._poke()

    def _next_deadline(self) -> float | None:
        """Seconds until the soonest hard limit of the decisions asked (None: none has one)."""
        soonest = None
        policies, asked_at = self.policies, self._asked_at
        for seat in self._tasks:  # a loop, not a list: asked at every move, mostly of one seat
            limit = policies[seat].hard_timeout
            if limit is not None and seat in asked_at:
                deadline = asked_at[seat] + limit
                if soonest is None or deadline < soonest:
                    soonest = deadline
        if soonest is None:
            return None
        return max(0.0, soonest - self.clock())

    def _hard_limit_passed(self, seat: int, now: float) -> bool:
        limit = self.policies[seat].hard_timeout
        return limit is not None and now - self._asked_at.get(seat, now) >= limit

    def _settle(self, seat: int, task: asyncio.Future, elapsed: float) -> None:
        if task.cancelled():
            return
        error = task.exception()
        if error is not None:
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
        self._play(seat, task.result(), elapsed)

    def _play(self, seat: int, action: Any, elapsed: float = 0.0, unprompted: bool = False) -> None:
        try:
            events = self.state.apply(seat, action)
        except IllegalAction as error:
            self._refused(seat, action, error, unprompted)
            return
        if self._strikes:
            self._strikes.pop(seat, None)
        self.record.entries.append(_new_tuple(Entry, (seat, self._encode(action), None, "", round(elapsed * 1000))))
        self._deliver(events)
        if self._tasks:
            self._drop_stale_decisions()

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
        self.record.entries.append(Entry(seat, forfeit=cause, reason=reason))
        self._deliver(events)
        self._drop_stale_decisions()

    def _drop_stale_decisions(self) -> None:
        wanted = set(self.state.to_act())
        for seat in [s for s in self._tasks if s not in wanted]:
            self._cancel(seat)

    def _cancel(self, seat: int) -> None:
        task = self._tasks.pop(seat, None)
        self._asked_at.pop(seat, None)
        if task is not None:
            task.cancel()
            self.agents[seat].cancelled(seat)

    def _deliver(self, events: Iterable[Event]) -> None:
        if not isinstance(events, list):
            events = list(events)
        if not events:
            return
        for seat, agent in enumerate(self.agents):
            if agent.wants_events:
                seen = [e for e in events if e.audience.admits(seat)]
                if seen:
                    agent.notify(seat, seen, self.state)
        if self.listeners:
            for listener in list(self.listeners):
                listener.on_events(self, events)

    async def _close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        for seat in list(self._tasks):
            self._cancel(seat)
        result = self._complete_record()
        for seat, agent in enumerate(self.agents):
            if type(agent).finish is Agent.finish:
                continue  # nothing to wait for (in-process bots)
            try:
                await asyncio.wait_for(agent.finish(seat, result), timeout=5)
            except Exception:
                log.warning("match %s seat %d: finish failed", self.id or "-", seat, exc_info=True)
        for listener in list(self.listeners):
            try:
                listener.on_end(self, self.record)
            except Exception:
                log.exception("match %s: listener failed at the end", self.id or "-")
        self._closed = True
        if self._finished is not None:
            self._finished.set()

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
        """Whether `play_through` can play this match: every seat an in-process bot that
        decides inline, with nothing to start or finish, nobody following the events, no
        policy that could seat someone else, and the match not begun."""
        return self._alone_choosers() is not None

    def _alone_choosers(self) -> list[Callable[[GameState, int], Any]] | None:
        """Each seat's inline chooser if the match `plays_alone`, else None."""
        if (self.listeners or self._tasks or self._unprompted or self.paused or self._steps
                or self._abort_reason is not None or self._closed or self.record.started_at):
            return None
        choosers = []
        for seat, agent in enumerate(self.agents):
            kind = type(agent)
            if (agent.wants_events or kind.start is not Agent.start or kind.finish is not Agent.finish
                    or agent.chosen_name is not None):
                return None
            chooser = self._inline(seat, agent)
            if chooser is None:
                return None
            choosers.append(chooser)
        for policy in self.policies:
            if policy is not TRUSTED and Consequence.REPLACE in (policy.on_illegal, policy.on_timeout, policy.on_leave):
                return None
        return choosers

    def play_through(self) -> Record | None:
        """`run()` for a match that `plays_alone` (`tablehall play`, the arena's workers), in
        one go, or None (nothing done) for a match that needs `run()`.  The same steps
        (`_ask`'s volunteers and `_play_inline`, an illegal action's consequence, `_close`'s
        record) and the same record, without the coroutine, the time slices and the checks for
        what only a match that others can reach needs.  It keeps the thread until the game is
        over: for callers whose event loop runs nothing else meanwhile."""
        choosers = self._alone_choosers()
        if choosers is None:
            return None
        self.record.started_at = utc_now()
        state = self.state
        try:
            while not state.is_over and self._abort_reason is None:
                if self._volunteers and self._offer_volunteers():
                    continue
                # a seat asked again after an illegal action: `_play_inline`'s general loop, whose
                # `_play` keeps the count of illegal actions in a row as `run()` does
                played = self._play_inline() if self._strikes else self._play_bots(choosers, alone=True)
                if not played:
                    raise RuntimeError(f"{self.spec.name}: nobody to act in a game that is not over")
        except Exception as exc:  # as in run(): a bug in rules or a bot must not lose the record
            log.exception("match %s failed", self.id or "-")
            self.abort(f"server error: {type(exc).__name__}: {exc}")
        self._complete_record()
        self._closed = True
        if self._finished is not None:
            self._finished.set()
        return self.record

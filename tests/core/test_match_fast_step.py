"""The short path of a client's answer against the general code it stands for.

`Match._step_answered` settles the commonest step, one client's answer played and the next
client asked, on a short path (`_played_the_answer`, `_asked_the_next`); anything unusual falls
back to the general code (`_settle_done`, `_asked_again`).  Each scenario here is played twice,
once as the server plays it and once with the short path switched off (the general code
alone), and everything that comes out must be the same: the record, what every client was
asked, told and refused, in order, what the listeners heard, who is asked after each read, and
the timer the match keeps.  Each test also says which path the steps took, so that a scenario
that never reaches the short path (or never leaves it) cannot pass by accident.
"""

import asyncio
import time

import pytest

from tablehall.core import BotAgent, Consequence, Match, RemoteAgent, SeatPolicy
from tablehall.core.soon import handling_read

from .pilegame import SPEC, PileState, TakeOneBot


class Client(RemoteAgent):
    """A remote seat the test answers for; notes everything it is asked and told in `log`."""

    def __init__(self, log, name="client"):
        super().__init__(name, "remote:test", on_request=self._request, on_events=self._events,
                         on_rejected=self._rejected)
        self.log = log

    def _request(self, seat, state):
        self.log.append(("asked", seat, state.pile if state is not None else None))

    def _events(self, seat, events, state):
        self.log.append(("told", seat, [(e.kind, dict(e.data)) for e in events]))

    def _rejected(self, seat, action, error):
        self.log.append(("refused", seat, action, error.code))

    def cancelled(self, seat):
        if self.waiting(seat):
            self.log.append(("cancelled", seat))
        super().cancelled(seat)


class Listener:
    def __init__(self, log):
        self.log = log

    def on_events(self, match, events):
        self.log.append(("heard", [e.kind for e in events]))

    def on_end(self, match, record):
        self.log.append(("ended", record.status))

    def on_handover(self, match, seat):
        self.log.append(("handover", seat))


class Clock:
    """The match's clock, moved by the test (soft limits without waiting)."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


class Play:
    """One run of a scenario: the match, its clients (each seat's `RemoteAgent`, unless `agents`
    makes others from the log), and the log they and a listener share."""

    def __init__(self, stones=9, seats=2, seed=7, policies=None, agents=None, clock=None, spec=SPEC):
        self.log = []
        self.clients = [Client(self.log, f"c{s}") for s in range(seats)]
        chosen = [a(self.log) if callable(a) else a for a in agents] if agents else self.clients
        self.match = Match(spec, chosen, seed=seed, options={"stones": stones}, policies=policies,
                           clock=clock or time.monotonic)
        self.match.add_listener(Listener(self.log))
        self.task = None

    async def start(self):
        self.task = asyncio.ensure_future(self.match.run())
        await self.until(lambda: any(c.waiting(s) for s, c in enumerate(self.clients)), "a seat asked")

    def read(self, *answers, also=None):
        """One read of the server: each (seat, action) answered in it, then `also()` if given;
        after it, the log notes who is asked and the timer the match keeps."""
        def handle(_):
            for seat, action in answers:
                self.clients[seat].answer(seat, action)
            if also is not None:
                also()
        handling_read(handle, b"")
        self.note()

    def note(self):
        match, loop = self.match, asyncio.get_running_loop()
        waiting = [s for s, c in enumerate(self.clients) if c.waiting(s)]
        timer = match._timer
        due = None if timer is None else round(timer.when() - loop.time())  # whole seconds
        self.log.append(("after read", len(match.record.entries), waiting, due))

    async def until(self, condition, what):
        for _ in range(5000):
            if condition():
                return
            await asyncio.sleep(0.001)
        raise AssertionError(f"never: {what}")

    async def finish(self):
        self.match.abort("the test is done")  # no-op once over
        record = await asyncio.wait_for(self.task, 10)
        return record


def observed(record, log):
    return {
        "digest": record.digest(),
        "entries": [tuple(e.canonical()) if e.forfeit is None else (e.seat, e.forfeit, e.reason)
                    for e in record.entries],
        "handovers": [(h.seat, h.since, h.name, h.agent) for h in record.handovers],
        "status": record.status,
        "result": None if record.result is None else (record.result.cause, [
            (s.rank, s.cause, s.reason) for s in record.result.seats]),
        "log": log,
    }


def spying(monkeypatch, steps):
    """Note, per step, which path it took (`paths`)."""
    played, asked_next, asked_again = Match._played_the_answer, Match._asked_the_next, Match._asked_again
    step = Match._step_answered

    def step_answered(self):
        steps.append([] if self._waiter is not None and not self._waiter.done() else ["woken"])
        step(self)

    def played_the_answer(self):
        done = played(self)
        steps[-1].append("played" if done else "settle: general")
        return done

    def asked_the_next(self, waiter):
        parked = asked_next(self, waiter)
        steps[-1].append("parked" if parked else "woke")
        return parked

    def asked_general(self, waiter):
        steps[-1].append("ask: general")
        return asked_again(self, waiter)

    monkeypatch.setattr(Match, "_step_answered", step_answered)
    monkeypatch.setattr(Match, "_played_the_answer", played_the_answer)
    monkeypatch.setattr(Match, "_asked_the_next", asked_the_next)
    monkeypatch.setattr(Match, "_asked_again", asked_general)


#: what each step did: 'fast', the answer played and the next client asked on the short path,
#: the task left waiting; 'fast, woke', the same but the task woken (the client answered at
#: once); 'settled fast', played on the short path, the rest left to the general code;
#: 'general', the general code from the start; 'task woken', nothing (the task was woken before
#: the step, and settles the answer itself); 'raised', a bug, raised in the task
PATHS = {("played", "parked"): "fast", ("played", "woke"): "fast, woke",
         ("played", "ask: general", "parked"): "settled fast", ("played", "ask: general", "woke"): "settled fast",
         ("settle: general", "ask: general"): "general", ("settle: general",): "nothing to settle",
         ("woken",): "task woken", (): "raised"}


def paths(steps):
    return [PATHS[tuple(s)] for s in steps]


def both(scenario):
    """Run `scenario(Play-maker) -> (record, log)` with the short path and with the general
    code alone; assert that everything observed is the same; return the short run's paths."""
    steps = []
    with pytest.MonkeyPatch.context() as patch:
        spying(patch, steps)
        fast = observed(*asyncio.run(scenario()))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Match, "_played_the_answer", lambda self: False)
        patch.setattr(Match, "_asked_the_next", Match._asked_again)
        general = observed(*asyncio.run(scenario()))
    assert fast == general
    return paths(steps)


def ready_both(play):
    play.read((0, "ready"), (1, "ready"))  # two seats act at once: the general code


# -- the common case ---------------------------------------------------------------------------

def test_a_game_of_answers_takes_the_short_path_and_comes_out_as_the_general_code():
    async def scenario():
        play = Play(stones=9, policies=[SeatPolicy(hard_timeout=60), SeatPolicy(hard_timeout=30)])
        await play.start()
        ready_both(play)
        for turn in range(9):
            play.read((turn % 2, 1))
        return await play.finish(), play.log

    taken = both(scenario)
    # the ready round (two seats at once), then eight plain moves, then the last stone
    assert taken == ["general"] + ["fast"] * 8 + ["settled fast"]


def test_the_timer_is_set_for_the_sooner_limit_and_kept_for_a_later_one():
    """The limits are set between moves (as a protocol may do), so that the short path is the
    one to set the timer: none, then 20 s; kept when the next seat's limit is later; a new one
    for a sooner limit."""
    async def scenario():
        play = Play(stones=6)
        policies = play.match.policies
        await play.start()
        ready_both(play)  # seat 0 asked, no limit: no timer
        assert play.log[-1][-1] is None
        policies[1] = SeatPolicy(hard_timeout=20)
        play.read((0, 1))  # seat 1 asked: a timer, due in 20 s
        assert play.log[-1][-1] == 20
        policies[0] = SeatPolicy(hard_timeout=90)
        play.read((1, 1))  # seat 0 asked: the 20 s timer is kept (it wakes the loop early)
        assert play.log[-1][-1] == 20
        policies[1] = SeatPolicy(hard_timeout=5)
        play.read((0, 1))  # seat 1 asked: a new timer, due in 5 s
        assert play.log[-1][-1] == 5
        return await play.finish(), play.log

    assert both(scenario) == ["general", "fast", "fast", "fast"]


def test_no_limit_no_timer():
    async def scenario():
        play = Play(stones=4)
        await play.start()
        ready_both(play)
        play.read((0, 1))
        play.read((1, 1))
        assert play.match._timer is None
        return await play.finish(), play.log

    assert both(scenario) == ["general", "fast", "fast"]


# -- what falls back, and where ----------------------------------------------------------------

def test_the_last_answer_ends_the_game():
    async def scenario():
        play = Play(stones=2)
        await play.start()
        ready_both(play)
        play.read((0, 1))
        play.read((1, 1))  # the last stone
        assert play.match.state.is_over
        return await play.finish(), play.log

    assert both(scenario) == ["general", "fast", "settled fast"]


def test_a_pause_lets_the_answer_stand_and_asks_nobody_until_a_step():
    async def scenario():
        play = Play(stones=5)
        await play.start()
        ready_both(play)
        play.match.pause()
        play.read((0, 1))  # played; nobody asked while paused
        await asyncio.sleep(0.01)
        play.note()
        play.match.step()
        await play.until(lambda: play.clients[1].waiting(1), "seat 1 asked after a step")
        play.read((1, 1))  # still paused
        await asyncio.sleep(0.01)
        play.match.resume()
        await play.until(lambda: play.clients[0].waiting(0), "seat 0 asked after resume")
        play.note()
        play.read((0, 1))
        return await play.finish(), play.log

    assert both(scenario) == ["general", "settled fast", "settled fast", "fast"]


def test_an_abort_heard_while_the_answer_is_delivered_stops_the_match_there():
    class Aborter(Listener):
        def on_events(self, match, events):
            super().on_events(match, events)
            if any(e.kind == "took" and e.data["pile"] == 5 for e in events):
                match.abort("stopped by an admin")

    async def scenario():
        play = Play(stones=8)
        play.match.add_listener(Aborter(play.log))
        await play.start()
        ready_both(play)
        play.read((0, 2))
        play.read((1, 1))  # pile 5: aborted while delivered
        return await play.finish(), play.log

    assert both(scenario) == ["general", "fast", "settled fast"]


@pytest.mark.parametrize("what", ["departure", "unprompted", "handover"])
@pytest.mark.parametrize("where", ["in the read", "heard while the answer is delivered"])
def test_a_departure_an_unprompted_action_or_a_handover_with_an_answer(what, where):
    """Queued in the same read as an answer, it wakes the task before the step runs (nothing is
    done on the step); queued by a listener while the answer is delivered, the step plays the
    answer and leaves the rest to the general code, which wakes the task."""
    class Queuer(Listener):
        def on_events(self, match, events):
            if any(e.kind == "took" and e.data["pile"] == 7 for e in events):
                queue()

    async def scenario():
        nonlocal queue
        play = Play(stones=9)
        match = play.match
        queue = {"departure": lambda: match.seat_left(0, "closed"),
                 "unprompted": lambda: match.submit(0, 3),  # not its turn: refused, no strike
                 "handover": lambda: match.hand_over(0, BotAgent(TakeOneBot(), name="taker"))}[what]
        if where != "in the read":
            match.add_listener(Queuer(play.log))
        await play.start()
        ready_both(play)
        play.read((0, 1))
        play.read((1, 1), also=queue if where == "in the read" else None)  # pile 7
        await asyncio.sleep(0.01)
        play.note()
        while not match.state.is_over and play.clients[1].waiting(1):
            play.read((1, 1))
            await asyncio.sleep(0.01)
        if what == "unprompted":
            for seat in (0, 1):
                play.read((seat, 1))
        return await play.finish(), play.log

    queue = None
    taken = both(scenario)
    assert taken[:3] == ["general", "fast", "task woken" if where == "in the read" else "settled fast"]


def test_a_departure_fails_the_decision_and_the_general_code_settles_it():
    async def scenario():
        play = Play(stones=9, policies=[SeatPolicy(), SeatPolicy(on_leave=Consequence.FORFEIT)])
        await play.start()
        ready_both(play)
        play.read((0, 1))
        play.read(also=lambda: play.clients[1].gone("closed its connection"))
        return await play.finish(), play.log

    assert both(scenario) == ["general", "fast", "general"]


def test_a_decision_cancelled_by_its_agent_is_asked_again():
    async def scenario():
        play = Play(stones=9)
        await play.start()
        ready_both(play)
        client = play.clients[1]

        def cancel():  # the agent's side gives the decision up and wakes the match
            client._pending.pop(1).cancel()
            client._wake.pop(1)()
        play.read((0, 1))
        play.read(also=cancel)
        await play.until(lambda: client.waiting(1), "seat 1 asked again")
        play.note()
        play.read((1, 1))
        return await play.finish(), play.log

    taken = both(scenario)
    assert taken[:3] == ["general", "fast", "general"]


@pytest.mark.parametrize("on_timeout", [Consequence.FORFEIT, Consequence.IGNORE])
def test_a_soft_limit_passed_is_refused_by_the_general_code_unless_ignored(on_timeout):
    async def scenario():
        clock = Clock()
        play = Play(stones=9, clock=clock, policies=[SeatPolicy(soft_timeout=2, on_timeout=on_timeout)] * 2)
        await play.start()
        ready_both(play)
        clock.now += 1
        play.read((0, 1))  # in time
        clock.now += 5
        play.read((1, 1))  # late
        await asyncio.sleep(0.01)
        play.note()
        if on_timeout is Consequence.IGNORE:
            play.read((0, 1))
        return await play.finish(), play.log

    taken = both(scenario)
    if on_timeout is Consequence.FORFEIT:
        assert taken == ["general", "fast", "general"]
    else:
        assert taken == ["general", "fast", "fast", "fast"]


def test_a_hard_limit_passes_after_a_seat_was_asked_on_the_short_path():
    async def scenario():
        play = Play(stones=9, policies=[SeatPolicy(hard_timeout=60), SeatPolicy(hard_timeout=0.05)])
        await play.start()
        ready_both(play)
        play.read((0, 1))  # seat 1 asked on the short path; it never answers
        record = await asyncio.wait_for(play.task, 10)
        return record, play.log

    assert both(scenario) == ["general", "fast"]


@pytest.mark.parametrize("retries", [3, 1])
def test_an_illegal_answer_is_refused_and_asked_again_then_costs_the_seat(retries):
    """Refused and asked again up to the policy's retries in a row; a legal move clears the
    count (two more refusals later are not one too many)."""
    async def scenario():
        retry = SeatPolicy(on_illegal=Consequence.RETRY, max_retries=retries)
        play = Play(stones=9, policies=[retry, retry])
        await play.start()
        ready_both(play)
        play.read((0, 1))
        for answers in ([(1, 7), (1, 7), (1, 1)], [(0, 1)], [(1, 9), (1, 9), (1, 1)]):
            for seat, action in answers:
                if not play.clients[seat].waiting(seat):
                    break
                play.read((seat, action))
                await asyncio.sleep(0.01)
                play.note()
        return await play.finish(), play.log

    taken = both(scenario)
    if retries == 3:  # refused and asked again on the short path, twice, then a plain move, ...
        assert taken == ["general"] + ["fast"] * 8
    else:  # the second refusal is one too many: out, and the game is over
        assert taken == ["general", "fast", "fast", "settled fast"]


def test_an_in_process_bot_to_play_next_is_left_to_the_general_code():
    async def scenario():
        log = []
        client = Client(log, "c0")
        bot = BotAgent(TakeOneBot(), name="bot")
        match = Match(SPEC, [client, bot], seed=3, options={"stones": 7})
        match.add_listener(Listener(log))
        task = asyncio.ensure_future(match.run())
        for _ in range(5000):
            if client.waiting(0) or match.state.is_over:
                if match.state.is_over:
                    break
                action = "ready" if "ready" in match.state.legal_actions(0) else 1
                handling_read(lambda _: client.answer(0, action), b"")
                log.append(("after read", len(match.record.entries)))
            await asyncio.sleep(0.001)
        return await asyncio.wait_for(task, 10), log

    taken = both(scenario)
    # the client's ready, then the client asked for its first take; every take of the client is
    # followed by the bot's, played by the task
    assert taken == ["fast"] + ["settled fast"] * (len(taken) - 1) and len(taken) > 2


def test_seats_acting_at_once_are_settled_by_the_general_code():
    async def scenario():
        play = Play(stones=3, seats=3)
        await play.start()
        play.read((2, "ready"))
        play.read((0, "ready"), (1, "ready"))
        for seat in (0, 1, 2):
            if play.match.state.is_over:
                break
            play.read((seat, 1))
        return await play.finish(), play.log

    taken = both(scenario)
    assert taken[:2] == ["general", "general"] and taken[2:] == ["fast", "fast", "settled fast"]


def test_a_client_answering_inside_its_request_wakes_the_task():
    class Eager(Client):
        def _request(self, seat, state):
            super()._request(seat, state)
            self.answer(seat, "ready" if state.legal_actions(seat) == ["ready"] else 1)

    async def scenario():
        play = Play(stones=6, agents=[lambda log: Client(log, "c0"), lambda log: Eager(log, "eager")])
        play.clients = play.match.agents
        await play.start()
        ready_both(play)
        while not play.match.state.is_over:
            await play.until(lambda: play.clients[0].waiting(0) or play.match.state.is_over, "seat 0 asked")
            if not play.match.state.is_over:
                play.read((0, 1))
        return await play.finish(), play.log

    taken = both(scenario)
    # the client's ready; then every take of the client is followed by the eager seat's, which
    # answers inside its request (the step wakes the task) and the step queued for that answer
    # finds the task woken
    assert taken[0] == "fast" and set(taken[1:]) == {"fast, woke", "task woken"}


class VolunteerPile(PileState):
    """The pile game with a chance for the seat not to move, offered after every even pile."""

    def volunteers(self):
        if self.is_over or self.pile % 2 or len(self.ready) < len(self._in()):
            return ()
        return (1 - self.turn,)


def test_a_chance_the_game_offers_is_left_to_the_general_code():
    from dataclasses import replace

    spec = replace(SPEC, new_game=lambda seats, options, seed: VolunteerPile(seats, options, seed))

    async def scenario():
        play = Play(stones=6, spec=spec)
        await play.start()
        ready_both(play)
        for turn in range(6):
            if play.match.state.is_over:
                break
            play.read((turn % 2, 1))
        return await play.finish(), play.log

    taken = both(scenario)
    # piles 5, 3, 1 are odd (no chance offered): the short path; 4, 2 fall back
    assert taken == ["general", "fast", "settled fast", "fast", "settled fast", "fast", "settled fast"]


def test_a_bug_in_a_listener_inside_the_short_path_aborts_the_match_as_in_the_task():
    class Broken(Listener):
        def on_events(self, match, events):
            if any(e.kind == "took" and e.data["pile"] == 6 for e in events):
                raise RuntimeError("listener bug")

    async def scenario():
        play = Play(stones=9)
        play.match.add_listener(Broken(play.log))
        await play.start()
        ready_both(play)
        play.read((0, 1))
        play.read((1, 2))
        return await asyncio.wait_for(play.task, 10), play.log

    assert both(scenario) == ["general", "fast", "raised"]


def test_a_seat_handed_to_another_client_is_asked_on_the_short_path_again():
    async def scenario():
        play = Play(stones=9)
        await play.start()
        ready_both(play)
        newcomer = Client(play.log, "newcomer")
        play.read((0, 1), also=lambda: play.match.hand_over(1, newcomer))
        await play.until(lambda: newcomer.waiting(1), "the newcomer asked")
        play.clients[1] = newcomer
        play.note()
        for turn in range(1, 6):
            play.read((turn % 2, 1))
        record = await play.finish()
        assert [(h.seat, h.name) for h in record.handovers] == [(1, "newcomer")]
        return record, play.log

    taken = both(scenario)
    # the handover in the read wakes the task, which seats and asks the newcomer; then the short
    # path again
    assert taken == ["general", "task woken"] + ["fast"] * 5


@pytest.mark.parametrize("replacement", ["client", "bot"])
def test_a_seat_replaced_on_the_short_path_is_asked_by_the_general_code(replacement):
    """An illegal answer whose policy replaces the seat: the replacement is seated on the short
    path (`_refused`), and the step that asks it next leaves that to the general code (the
    seat's agent changed): a client is asked, a bot plays at once (the task is woken)."""
    async def scenario():
        play = Play(stones=9)
        if replacement == "client":
            substitute = Client(play.log, "substitute")
            make = lambda seat: substitute  # noqa: E731
        else:
            make = lambda seat: BotAgent(TakeOneBot(), name="substitute")  # noqa: E731
        play.match.policies[1] = SeatPolicy(on_illegal=Consequence.REPLACE, replacement=make)
        await play.start()
        ready_both(play)
        play.read((0, 1))
        play.read((1, 9))  # illegal: replaced
        if replacement == "client":
            play.clients[1] = substitute
            for turn in range(1, 5):
                play.read((turn % 2, 1))
        else:
            for _ in range(3):
                await play.until(lambda: play.clients[0].waiting(0), "seat 0 asked")
                play.read((0, 1))
        record = await play.finish()
        assert [(h.seat, h.name) for h in record.handovers] == [(1, "substitute")]
        return record, play.log

    taken = both(scenario)
    assert taken[:3] == ["general", "fast", "settled fast"]
    if replacement == "client":
        assert taken[3:] == ["fast"] * 4
    else:
        assert taken[3:] == ["settled fast"] * 3


class RoundsPile(PileState):
    """The pile game where every seat must say 'ready' again once the pile is a multiple of 4:
    after such a move several seats act at once."""

    def apply(self, seat, action):
        events = super().apply(seat, action)
        if action != "ready" and self.pile % 4 == 0 and not self.is_over:
            self.ready = set()
        return events


def test_several_seats_to_act_after_an_answer_are_asked_by_the_general_code():
    from dataclasses import replace

    spec = replace(SPEC, new_game=lambda seats, options, seed: RoundsPile(seats, options, seed))

    async def scenario():
        play = Play(stones=10, spec=spec)
        await play.start()
        ready_both(play)
        play.read((0, 2))  # pile 8: both asked to say ready again
        play.read((1, "ready"))
        play.read((0, "ready"))  # one decision left: the short path, seat 1 to take
        for turn in range(1, 4):
            play.read((turn % 2, 1))
        return await play.finish(), play.log

    taken = both(scenario)
    assert taken == ["general", "settled fast", "general", "fast", "fast", "fast", "fast"]


def test_an_unprompted_action_queued_while_the_task_asked_is_left_to_the_general_code():
    """A client that acts unasked as soon as it is asked, and is asked by the match's task (after
    a pause's step): nothing is woken, so the task waits with the action queued.  The next
    answer's step plays the answer and leaves the rest to the general code, which wakes the task
    to deal with the action."""
    class Pushy(Client):
        match = None

        def _request(self, seat, state):
            super()._request(seat, state)
            if state.pile == 8 and self.match is not None:
                self.match.submit(1, 3)  # not its turn: refused, no strike
                self.match = None

    async def scenario():
        play = Play(stones=9, agents=[lambda log: Client(log, "c0"), lambda log: Pushy(log, "pushy")])
        play.clients = play.match.agents
        play.clients[1].match = play.match
        await play.start()
        ready_both(play)
        play.match.pause()
        play.read((0, 1))  # played; nobody asked while paused
        play.match.step()  # the task asks seat 1, which pushes its action
        await play.until(lambda: play.clients[1].waiting(1), "seat 1 asked")
        play.match.resume()
        play.note()
        for turn in range(1, 5):
            await play.until(lambda: play.clients[turn % 2].waiting(turn % 2), "asked")
            play.read((turn % 2, 1))
        return await play.finish(), play.log

    taken = both(scenario)
    assert taken == ["general", "settled fast", "settled fast", "fast", "fast", "fast"]

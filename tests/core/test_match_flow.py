"""What a match does around each step, seen from outside: clients answering in the server's
reads (`handling_read`), clocks, illegal answers, several seats at once, actions and departures
queued from outside, handovers, pause and step, aborts, in-process bots and the chances a game
offers.  Every answer read is played, and the next seat asked, before the read's callback
returns, unless something unusual (a pause, an abort, something queued) hands over to the
match's task; either way each scenario's record, requests, refusals and what each listener and
seat is told come out as written here."""

import asyncio

import pytest

from tablehall.core import (Agent, BotAgent, Consequence, EndCause, Event, Match, RemoteAgent, SeatPolicy,
                            replay)
from tablehall.core.match import MatchListener
from tablehall.core.soon import handling_read

from .pilegame import SPEC, PileState, TakeOneBot


class Client(RemoteAgent):
    """A remote seat the test answers for; notes what it is asked, told and refused in `log`."""

    def __init__(self, log, name="client"):
        super().__init__(name, "remote:test", on_request=self._request, on_events=self._events,
                         on_rejected=self._rejected)
        self.log = log

    def _request(self, seat, state):
        self.log.append(("asked", seat, state.pile))

    def _events(self, seat, events, state):
        self.log.append(("told", seat, [(e.kind, dict(e.data)) for e in events]))

    def _rejected(self, seat, action, error):
        self.log.append(("refused", seat, action, error.code))


class Listener(MatchListener):
    """Notes every step, handover and end; checks that a step's entry is the record's last."""

    def __init__(self, log):
        self.log = log

    def on_step(self, match, step):
        if step.entry is not None:
            assert step.entry is match.record.entries[-1]
        self.log.append(("step", step.seat, step.action, [e.kind for e in step.events]))

    def on_handover(self, match, seat):
        self.log.append(("handover", seat, match.record.handovers[-1].since))

    def on_end(self, match, record):
        self.log.append(("end", record.status))


class Clock:
    """The match's clock, moved by the test (limits without waiting)."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


class Table:
    """A match of clients (or the agents given), a listener, and the log they share."""

    def __init__(self, stones=9, seats=2, policies=None, agents=None, clock=None, spec=SPEC, seed=7):
        self.log = []
        self.clients = agents or [Client(self.log, f"c{s}") for s in range(seats)]
        self.match = Match(spec, self.clients, seed=seed, options={"stones": stones}, policies=policies,
                           **({"clock": clock} if clock else {}))
        self.match.add_listener(Listener(self.log))
        self.task = None

    async def start(self):
        self.task = asyncio.ensure_future(self.match.run())
        await self.until(self.asked, "a seat asked")

    def asked(self):
        return [s for s, c in enumerate(self.clients) if isinstance(c, RemoteAgent) and c.waiting(s)]

    def read(self, *answers, also=None):
        """One read of the server: each (seat, action) answered in it, then `also()`; returns
        what the read's callback left: the record's length and the seats asked."""
        def handle(_):
            for seat, action in answers:
                self.clients[seat].answer(seat, action)
            if also is not None:
                also()
        handling_read(handle, b"")
        return len(self.match.record.entries), self.asked()

    def ready(self):
        return self.read(*((seat, "ready") for seat in range(len(self.clients))))

    async def until(self, condition, what):
        for _ in range(5000):
            if condition():
                return
            await asyncio.sleep(0.001)
        raise AssertionError(f"never: {what}")

    async def finish(self):
        self.match.abort("the test is done")  # nothing once the game is over
        return await asyncio.wait_for(self.task, 10)

    def entries(self):
        return [(e.seat, e.action) if e.forfeit is None else (e.seat, e.forfeit) for e in self.match.record.entries]


# -- the common case ------------------------------------------------------------------------------

def test_each_read_plays_its_answer_and_asks_the_next_seat_before_it_returns():
    async def scenario():
        clock = Clock()
        table = Table(stones=4, clock=clock, policies=[SeatPolicy(hard_timeout=60), SeatPolicy(hard_timeout=30)])
        await table.start()
        assert table.asked() == [0, 1]  # both say 'ready' at once
        assert table.ready() == (2, [0])
        assert table.match.time_left(0) == 60 and table.match.time_left(1) is None
        assert table.read((0, 1)) == (3, [1])
        assert table.match.time_left(1) == 30 and table.match.time_left(0) is None
        assert table.read((1, 2)) == (4, [0])
        assert table.read((0, 1)) == (5, [])  # the last stone: over
        record = await asyncio.wait_for(table.task, 10)
        return table, record

    table, record = asyncio.run(scenario())
    assert record.status == "finished" and replay(record, SPEC).matches
    assert table.entries() == [(0, "ready"), (1, "ready"), (0, 1), (1, 2), (0, 1)]
    log = table.log
    # each move: the listener hears the whole step, then the next seat is asked; a card drawn
    # is told to its drawer only
    moves = [entry for entry in log if entry[0] in ("asked", "step") and entry[1] is not None][2:]
    assert moves == [("step", 0, "ready", ["ready"]), ("step", 1, "ready", ["ready"]), ("asked", 0, 4),
                     ("step", 0, 1, ["took", "drew", "drew"]), ("asked", 1, 3),
                     ("step", 1, 2, ["took", "drew", "drew"]), ("asked", 0, 1),
                     ("step", 0, 1, ["took", "drew", "drew"])]
    for kind, seat, events in (entry for entry in log if entry[0] == "told"):
        for name, data in events:
            assert name != "drew" or ("card" in data) == (data["seat"] == seat), "a card seen by another seat"
    assert log[-1] == ("end", "finished")


def test_the_clock_of_each_seat_asked_follows_its_policy_and_a_silent_seat_is_timed_out():
    """Limits set between moves (as a protocol may set them) apply from the next decision; the
    sooner of two limits is kept when a later one is asked, and a seat asked last with a short
    limit that never answers is taken out."""
    async def scenario():
        table = Table(stones=9)
        policies = table.match.policies
        await table.start()
        table.ready()
        assert table.match.time_left(0) is None  # no limit
        policies[1] = SeatPolicy(hard_timeout=20)
        assert table.read((0, 1)) == (3, [1]) and 19 < table.match.time_left(1) <= 20
        policies[0] = SeatPolicy(hard_timeout=90)
        assert table.read((1, 1)) == (4, [0]) and 89 < table.match.time_left(0) <= 90
        policies[1] = SeatPolicy(hard_timeout=0.05)
        assert table.read((0, 1)) == (5, [1])  # seat 1 never answers
        return await asyncio.wait_for(table.task, 30)

    record = asyncio.run(scenario())
    assert [(e.seat, e.forfeit) for e in record.entries if e.forfeit] == [(1, EndCause.HARD_TIMEOUT)]
    assert record.result.seats[1].cause is EndCause.HARD_TIMEOUT


@pytest.mark.parametrize("on_timeout", [Consequence.FORFEIT, Consequence.IGNORE])
def test_an_answer_after_the_soft_limit_is_refused_unless_the_policy_ignores_it(on_timeout):
    async def scenario():
        clock = Clock()
        table = Table(stones=9, clock=clock, policies=[SeatPolicy(soft_timeout=2, on_timeout=on_timeout)] * 2)
        await table.start()
        table.ready()
        clock.now += 1
        assert table.read((0, 1)) == (3, [1])  # in time
        clock.now += 5
        after_late = table.read((1, 1))
        await asyncio.sleep(0.01)
        return after_late, await table.finish(), table

    after_late, record, table = asyncio.run(scenario())
    if on_timeout is Consequence.FORFEIT:
        assert table.entries()[-1] == (1, EndCause.SOFT_TIMEOUT) and record.status == "finished"
        assert record.result.seats[1].cause is EndCause.SOFT_TIMEOUT
        assert ("step", 1, None, ["out"]) in table.log
    else:
        assert after_late == (4, [0]) and table.entries()[-1] == (1, 1)


@pytest.mark.parametrize("retries", [3, 1])
def test_illegal_answers_are_refused_and_asked_again_and_only_those_in_a_row_count(retries):
    async def scenario():
        retry = SeatPolicy(on_illegal=Consequence.RETRY, max_retries=retries)
        table = Table(stones=9, policies=[retry, retry])
        await table.start()
        table.ready()
        table.read((0, 1))
        seen = []
        for seat, action in [(1, 7), (1, 7), (1, 1), (0, 1), (1, 9), (1, 9), (1, 1)]:
            if table.match.state.is_over:
                break
            seen.append(table.read((seat, action)))
        return seen, await table.finish(), table

    seen, record, table = asyncio.run(scenario())
    refused = [entry for entry in table.log if entry[0] == "refused"]
    if retries == 3:  # each refusal asks the seat again at once; a legal move starts the count afresh
        assert seen == [(3, [1]), (3, [1]), (4, [0]), (5, [1]), (5, [1]), (5, [1]), (6, [0])]
        assert refused == [("refused", 1, 7, "BAD_TAKE")] * 2 + [("refused", 1, 9, "BAD_TAKE")] * 2
        assert not any(e.forfeit for e in record.entries)
    else:  # the second refusal in a row is one too many
        assert seen[:2] == [(3, [1]), (4, [])] and len(refused) == 2
        assert table.entries()[-1] == (1, EndCause.RULE_VIOLATION) and record.status == "finished"


def test_seats_acting_at_once_are_settled_in_seat_order_within_a_read_and_asked_once():
    async def scenario():
        table = Table(stones=3, seats=3)
        await table.start()
        assert table.asked() == [0, 1, 2]
        assert table.read((2, "ready")) == (1, [0, 1])
        assert table.read((1, "ready"), (0, "ready")) == (3, [0])
        for seat in (0, 1, 2):
            table.read((seat, 1))
        return await asyncio.wait_for(table.task, 10), table

    record, table = asyncio.run(scenario())
    assert [e.seat for e in record.entries[:3]] == [2, 0, 1]
    assert [entry[1] for entry in table.log if entry[0] == "asked"] == [0, 1, 2, 0, 1, 2]
    assert record.status == "finished"


# -- what comes from outside the loop ---------------------------------------------------------------

@pytest.mark.parametrize("what", ["departure", "unprompted", "handover"])
@pytest.mark.parametrize("where", ["in the read", "while the answer is told"])
def test_what_is_queued_with_an_answer_is_dealt_with_after_it(what, where):
    """Queued in the same read as an answer, or by a listener told of that answer: the answer is
    played first, then the queued work: a departure takes the seat out, an action out of turn
    is refused without a strike, a handover seats a bot that plays the seat from then on."""
    class Queuer(MatchListener):
        def on_step(self, match, step):
            if step.action == 1 and match.state.pile == 7:
                queue()

    async def scenario():
        nonlocal queue
        table = Table(stones=9)
        match = table.match
        queue = {"departure": lambda: match.seat_left(0, "closed"),
                 "unprompted": lambda: match.submit(1, 3),
                 "handover": lambda: match.hand_over(0, BotAgent(TakeOneBot(), name="taker"))}[what]
        if where != "in the read":
            match.add_listener(Queuer())
        await table.start()
        table.ready()
        table.read((0, 1))
        table.read((1, 1), also=queue if where == "in the read" else None)  # pile 7
        while not match.state.is_over:
            await table.until(lambda: table.asked() or match.state.is_over, "a seat asked")
            for seat in table.asked():
                table.read((seat, 1))
        return await table.finish(), table

    queue = None
    record, table = asyncio.run(scenario())
    assert table.entries()[:4] == [(0, "ready"), (1, "ready"), (0, 1), (1, 1)]
    assert record.status == "finished"
    if what == "departure":
        assert table.entries()[4:] == [(0, EndCause.LEFT)] and record.result.seats[0].cause is EndCause.LEFT
    elif what == "unprompted":
        assert ("refused", 1, 3, "NOT_YOUR_TURN") in table.log
        assert table.entries()[4:] == [(seat % 2, 1) for seat in range(7)]  # played out, nobody out
    else:
        assert [(h.seat, h.since, h.name) for h in record.handovers] == [(0, 4, "taker")]
        assert ("handover", 0, 4) in table.log
        assert table.entries()[4] == (0, 1) and not any(e[0] == "asked" and e[1] == 0 and e[2] < 7 for e in table.log)


def test_a_pause_lets_an_answer_stand_and_each_step_asks_one_decision():
    async def scenario():
        table = Table(stones=5)
        match = table.match
        await table.start()
        table.ready()
        match.pause()
        assert table.read((0, 1)) == (3, [])  # played; nobody asked while paused
        await asyncio.sleep(0.01)
        assert table.asked() == []
        match.step()
        await table.until(lambda: table.asked() == [1], "seat 1 asked after a step")
        assert table.read((1, 1)) == (4, [])
        await asyncio.sleep(0.01)
        assert table.asked() == []
        match.resume()
        await table.until(lambda: table.asked() == [0], "seat 0 asked after resume")
        assert table.read((0, 1)) == (5, [1])  # no longer paused: asked within the read again
        return await table.finish(), table

    record, table = asyncio.run(scenario())
    assert table.entries()[2:] == [(0, 1), (1, 1), (0, 1)] and record.status == "aborted"


def test_an_abort_heard_in_a_step_stops_the_match_at_that_step():
    class Aborter(MatchListener):
        def on_step(self, match, step):
            if step.action == 2:
                match.abort("stopped by an admin")

    async def scenario():
        table = Table(stones=8)
        table.match.add_listener(Aborter())
        await table.start()
        table.ready()
        assert table.read((0, 1)) == (3, [1])
        assert table.read((1, 2)) == (4, [])  # aborted while told: nobody asked
        return await asyncio.wait_for(table.task, 10), table

    record, table = asyncio.run(scenario())
    assert record.status == "aborted" and record.result.seats[0].reason == "stopped by an admin"
    assert table.entries()[-1] == (1, 2) and table.log[-1] == ("end", "aborted")


def test_a_bug_in_a_listener_aborts_the_match_with_its_reason():
    class Broken(MatchListener):
        def on_step(self, match, step):
            if step.action == 2:
                raise RuntimeError("listener bug")

    async def scenario():
        table = Table(stones=8)
        table.match.add_listener(Broken())
        await table.start()
        table.ready()
        table.read((0, 2))  # the session that read it is not the one to fail
        return await asyncio.wait_for(table.task, 10), table

    record, table = asyncio.run(scenario())
    assert record.status == "aborted" and record.result.seats[0].reason == "server error: RuntimeError: listener bug"
    assert table.entries()[-1] == (0, 2)


# -- in-process seats --------------------------------------------------------------------------------

def test_an_in_process_bot_between_clients_plays_within_the_read():
    async def scenario():
        log = []
        client = Client(log, "c0")
        table = Table(stones=7, agents=[client, BotAgent(TakeOneBot(), name="bot")])
        table.log = log
        await table.start()
        assert table.read((0, "ready")) == (2, [0])  # the bot said ready inline
        for entries in (4, 6):  # the bot takes its stone inside the client's read
            assert table.read((0, 2)) == (entries, [0])
            await asyncio.sleep(0.01)  # the match's task, woken for the bot's move, finds nothing left to do
            assert table.asked() == [0] and len(table.match.record.entries) == entries
        return await table.finish(), table

    record, table = asyncio.run(scenario())
    assert table.entries()[2:6] == [(0, 2), (1, 1), (0, 2), (1, 1)]
    assert record.handovers == []


@pytest.mark.parametrize("replacement", ["client", "bot"])
def test_a_seat_replaced_after_an_illegal_answer_is_played_by_its_replacement(replacement):
    async def scenario():
        table = Table(stones=9)
        if replacement == "client":
            substitute = Client(table.log, "substitute")
            make = lambda seat: substitute  # noqa: E731
        else:
            make = lambda seat: BotAgent(TakeOneBot(), name="substitute")  # noqa: E731
        table.match.policies[1] = SeatPolicy(on_illegal=Consequence.REPLACE, replacement=make)
        await table.start()
        table.ready()
        table.read((0, 1))
        if replacement == "client":
            assert table.read((1, 9)) == (3, [])  # refused: the substitute is seated
            table.clients[1] = substitute
            assert table.asked() == [1]
            assert table.read((1, 2)) == (4, [0])
        else:
            assert table.read((1, 9)) == (4, [0])  # the substitute bot plays within the read
        return await table.finish(), table

    record, table = asyncio.run(scenario())
    assert [(h.seat, h.since, h.name) for h in record.handovers] == [(1, 3, "substitute")]
    assert ("refused", 1, 9, "BAD_TAKE") in table.log and ("handover", 1, 3) in table.log
    assert table.entries()[3] == ((1, 2) if replacement == "client" else (1, 1))


class Cheering(PileState):
    """The pile game where, after every even pile, the seat not to move may cheer (unprompted)."""

    def volunteers(self):
        if self.is_over or self.pile % 2 or len(self.ready) < len(self._in()):
            return ()
        return (1 - self.turn,)

    def apply(self, seat, action):
        if action == "cheer":
            if seat not in self.volunteers():
                from tablehall.core import IllegalAction
                raise IllegalAction("NO_CHEER", "not now")
            self.cheered = self.pile
            return [Event("cheer", {"seat": seat})]
        return super().apply(seat, action)


class Cheerer(TakeOneBot):
    may_volunteer = True

    def volunteer(self, state, seat):
        return "cheer" if getattr(state, "cheered", None) != state.pile else None


def cheering_spec():
    from dataclasses import replace

    return replace(SPEC, new_game=lambda seats, options, seed: Cheering(seats, options, seed))


def test_a_chance_the_game_offers_goes_to_the_agents_that_take_it():
    """In-process bots are offered the chance before anyone is asked; a client is not (an
    `Agent` lets it pass by default).  Played at once or by `run()`, the same record."""
    spec = cheering_spec()
    bots = lambda: [BotAgent(Cheerer(), name="a"), BotAgent(Cheerer(), name="b")]  # noqa: E731
    through = Match(spec, bots(), seed=1, options={"stones": 6}).play_through()
    ran = asyncio.run(Match(spec, bots(), seed=1, options={"stones": 6}).run())
    assert through.digest() == ran.digest()
    cheers = [(e.seat, through.entries[i - 1].action) for i, e in enumerate(through.entries) if e.action == "cheer"]
    # after the ready round (pile 6) and seat 1's takes to 4 and to 2, seat 1 (not to move) cheers
    assert cheers == [(1, "ready"), (1, 1), (1, 1)]

    async def with_a_client():
        table = Table(stones=6, spec=spec, agents=None)
        table.clients[1] = table.match.agents[1] = BotAgent(Cheerer(), name="bot")
        await table.start()
        table.read((0, "ready"))
        while not table.match.state.is_over:
            await table.until(lambda: table.asked() or table.match.state.is_over, "seat 0 asked")
            if table.asked():
                table.read((0, 1))
        return await table.finish()

    record = asyncio.run(with_a_client())
    assert {e.seat for e in record.entries if e.action == "cheer"} == {1}


def test_an_agent_that_only_decides_is_asked_as_a_task():
    """An agent with nothing but `decide` (the base `begin_decision` runs it as a task)."""
    class Slow(Agent):
        name, kind = "slow", "test"

        async def decide(self, seat, state):
            await asyncio.sleep(0)
            return state.legal_actions(seat)[0]

    agent = Slow()
    assert agent.inline_chooser() is None and agent.volunteer(0, None) is None
    record = asyncio.run(Match(SPEC, [Slow(), BotAgent(TakeOneBot())], seed=2, options={"stones": 5}).run())
    assert record.status == "finished" and replay(record, SPEC).matches


def test_what_agents_declare():
    assert not BotAgent(TakeOneBot()).awaits_start and not BotAgent(TakeOneBot()).awaits_finish
    assert BotAgent(TakeOneBot()).inline_chooser() is not None
    assert BotAgent(TakeOneBot(), threaded=True).inline_chooser() is None
    assert RemoteAgent("c", "remote:test").inline_chooser() is None
    assert RemoteAgent("c", "remote:test").awaits_finish


def test_listeners_that_leave_on_step_alone_are_not_called_at_each_step():
    """A listener declares whether it follows the steps (`follows_steps`); one that does not
    is told the start and the end only, and the match plays the same either way."""
    class Counting(MatchListener):
        def __init__(self):
            self.told = []

        def on_start(self, match):
            self.told.append("start")

        def on_step(self, match, step):
            self.told.append(step.entry)

        def on_end(self, match, record):
            self.told.append("end")

    class StartAndEnd(Counting):
        follows_steps = False

    def played(*listeners):
        match = Match(SPEC, [BotAgent(TakeOneBot()), BotAgent(TakeOneBot())], seed=3, options={"stones": 7})
        for listener in listeners:
            match.add_listener(listener)
        return asyncio.run(match.run())

    following, not_following = Counting(), StartAndEnd()
    record = played(following, not_following)
    assert not_following.told == ["start", "end"]
    assert following.told == ["start", *record.entries, "end"]  # each action's step, with its entry
    assert played(StartAndEnd()).digest() == record.digest()


def test_the_game_is_asked_for_its_chances_only_when_an_agent_may_take_them():
    """`volunteers` is asked only if some seat's agent declares `may_volunteer`."""
    asked = []

    class Counted(Cheering):
        def volunteers(self):
            asked.append(self.pile)
            return super().volunteers()

    from dataclasses import replace

    spec = replace(SPEC, new_game=lambda seats, options, seed: Counted(seats, options, seed))
    quiet = Match(spec, [BotAgent(TakeOneBot()), BotAgent(TakeOneBot())], seed=1, options={"stones": 6})
    assert quiet.play_through().status == "finished" and asked == []
    cheering = Match(spec, [BotAgent(TakeOneBot()), BotAgent(Cheerer())], seed=1, options={"stones": 6})
    record = cheering.play_through()
    assert asked and [e.seat for e in record.entries if e.action == "cheer"] == [1, 1, 1]


@pytest.mark.parametrize("loop", ["asyncio", "uvloop"])
def test_the_deadline_timer_is_set_again_for_a_limit_already_past_on_either_event_loop(loop):
    """`tablehall serve` runs on uvloop where installed, whose `call_at` for a time already past
    is a plain `Handle` with no `when()`: a seat asked with its time already gone, and another
    limit set before that timer fired, stopped the game with a server error."""
    factory = asyncio.new_event_loop
    if loop == "uvloop":
        factory = pytest.importorskip("uvloop", reason="uvloop is the fast extra").new_event_loop

    async def scenario():
        table = Table(stones=9)
        await table.start()
        table.match._poke_in(-1.0)  # a limit already past: the timer fires at once
        table.match._poke_in(-1.0)  # a second before it fired
        table.match._poke_in(30.0)  # a later one is served by the one pending
        table.ready()
        return await table.finish()

    with asyncio.Runner(loop_factory=factory) as runner:
        record = runner.run(scenario())
    assert record.status == "aborted" and record.entries

"""A client's answer stepped from the read that brought it (`core.soon`).

The server hands a connection's bytes to its session inside `handling_read`; an answer given
there is settled, applied and followed by the next request at the end of that same callback,
while the match's task keeps waiting.  Whatever else may happen around an answer (the game
ends, a pause, an abort from a listener, a handover, two seats deciding at once, a bug) must
come out as it does when the task wakes for the answer: these tests check the records against
matches played the task's way, and that the step did happen where it should (the move is in
the record as soon as the read is handled, before the event loop runs again).
"""

import asyncio

import pytest

from tablehall.core import BotAgent, EndCause, Match, RemoteAgent, replay
from tablehall.core.match import MatchListener
from tablehall.core.soon import after_read, flush_soon, handling_read, soon
from tablehall.core.store import SqliteStore

from .pilegame import SPEC, TakeOneBot


class Client(RemoteAgent):
    """A remote seat the test answers for: notes each request, answers when told."""

    def __init__(self, name="client"):
        super().__init__(name, "remote:test", on_request=self._request)
        self.asked = []  # seats, in the order they were asked

    def _request(self, seat, state):
        self.asked.append(seat)


def read(*answers):
    """One read callback of the server: every (agent, seat, action) answered in it."""
    def handle(_):
        for agent, seat, action in answers:
            assert agent.answer(seat, action), f"seat {seat} was not asked"
    handling_read(handle, b"")


async def until(condition, what):
    for _ in range(5000):
        if condition():
            return
        await asyncio.sleep(0.001)
    raise AssertionError(f"never: {what}")


async def started(match, clients):
    """Run `match` until every client was asked its first decision (the 'ready' round)."""
    task = asyncio.ensure_future(match.run())
    await until(lambda: all(c.waiting(s) for s, c in enumerate(clients)), "every seat asked")
    return task


def take_ones(stones):
    """The actions of two seats taking one stone each in turn: ready, ready, then 1s."""
    return [(0, "ready"), (1, "ready")] + [(i % 2, 1) for i in range(stones)]


async def play_by_reads(match, clients, plan):
    """Answer `plan` one read at a time; after each read the move is already in the record
    and the next seat already asked, with no pass of the event loop in between."""
    task = await started(match, clients)
    for seat, action in plan:
        before = len(match.record.entries)
        read((clients[seat], seat, action))
        if match.state.is_over:
            break
        assert len(match.record.entries) == before + 1, "applied in the read's own callback"
        for s in match.state.to_act():
            assert clients[s].waiting(s), "the next seat asked in the read's own callback"
    return await asyncio.wait_for(task, 10)


async def play_by_wake_ups(match, clients, plan):
    """The same answers outside any read: the match's task wakes for each (as it always did)."""
    task = await started(match, clients)
    for seat, action in plan:
        await until(lambda: clients[seat].waiting(seat) or match.state.is_over, f"seat {seat} asked")
        if match.state.is_over:
            break
        clients[seat].answer(seat, action)
    return await asyncio.wait_for(task, 10)


def test_answers_stepped_from_reads_give_the_same_record_as_wake_ups(tmp_path):
    store = SqliteStore(tmp_path / "db.sqlite")
    plan = take_ones(9)

    def one(player):
        clients = [Client(), Client()]
        match = Match(SPEC, clients, seed=7, options={"stones": 9}, store=store)
        return asyncio.run(player(match, clients, plan)), clients

    (stepped, clients), (woken, _) = one(play_by_reads), one(play_by_wake_ups)
    assert stepped.status == woken.status == "finished"
    assert stepped.digest() == woken.digest()
    assert [(e.seat, e.action) for e in stepped.entries] == plan
    assert clients[0].asked == [0] * 6 and clients[1].asked == [1] * 5
    assert replay(stepped, SPEC).matches
    assert len(store.summaries()) == 2


def test_the_step_waits_until_the_session_has_handled_all_the_bytes_it_read():
    """No session is re-entered in the middle of its input: lines after an answer in the same
    read still find no request (a bot's pipelined lines answer nothing, as before)."""
    async def scenario():
        clients = [Client(), Client()]
        match = Match(SPEC, clients, seed=7, options={"stones": 9})
        task = await started(match, clients)
        read((clients[0], 0, "ready"), (clients[1], 1, "ready"))
        seen_inside = []

        def handle(_):
            clients[0].answer(0, 1)
            seen_inside.append((len(match.record.entries), clients[1].waiting(1), clients[0].answer(0, 1)))
        handling_read(handle, b"")
        assert seen_inside == [(2, False, False)]
        assert len(match.record.entries) == 3 and clients[1].waiting(1)
        match.abort()
        return await asyncio.wait_for(task, 10)

    assert asyncio.run(scenario()).status == "aborted"


def test_an_answer_that_ends_the_game_closes_stores_and_returns_the_record(tmp_path):
    store = SqliteStore(tmp_path / "db.sqlite")
    ended = []

    class Listener(MatchListener):
        def on_end(self, match, record):
            ended.append(record)

    async def scenario():
        clients = [Client(), Client()]
        match = Match(SPEC, clients, seed=3, options={"stones": 3}, store=store)
        match.add_listener(Listener())
        task = await started(match, clients)
        read((clients[0], 0, "ready"), (clients[1], 1, "ready"))
        read((clients[0], 0, 2))
        read((clients[1], 1, 1))  # the last stone: the game ends in this callback
        assert match.state.is_over and not clients[0].waiting(0) and not clients[1].waiting(1)
        record = await asyncio.wait_for(task, 10)
        return match, record

    match, record = asyncio.run(scenario())
    assert record is match.record and record.status == "finished"
    assert record.result.seats[1].rank == 2 and [e.action for e in record.entries] == ["ready", "ready", 2, 1]
    assert ended == [record] and match.finished.is_set()
    [stored] = store.summaries()
    assert store.load(stored.id).digest() == record.digest()


def test_an_answer_read_while_paused_is_applied_and_nothing_more_is_asked_until_a_step():
    async def scenario():
        clients = [Client(), Client()]
        match = Match(SPEC, clients, seed=1, options={"stones": 5})
        task = await started(match, clients)
        read((clients[0], 0, "ready"), (clients[1], 1, "ready"))
        match.pause()
        read((clients[0], 0, 1))  # the move stands (it was asked for); seat 1 is not asked yet
        await asyncio.sleep(0.02)
        assert [e.action for e in match.record.entries] == ["ready", "ready", 1]
        assert clients[1].asked == [1] and not clients[1].waiting(1)
        match.step()
        await until(lambda: clients[1].waiting(1), "seat 1 asked after a step")
        read((clients[1], 1, 1))  # still paused: applied, seat 0 not asked
        await asyncio.sleep(0.02)
        assert len(match.record.entries) == 4 and not clients[0].waiting(0)
        match.resume()
        for seat, action in [(0, 1), (1, 1), (0, 1)]:
            await until(lambda: clients[seat].waiting(seat), f"seat {seat} asked")
            read((clients[seat], seat, action))
        return await asyncio.wait_for(task, 10)

    record = asyncio.run(scenario())
    assert record.status == "finished" and [e.action for e in record.entries][2:] == [1] * 5


def test_an_abort_from_a_listener_inside_the_step_stops_the_match_there(tmp_path):
    store = SqliteStore(tmp_path / "db.sqlite")

    class Aborter(MatchListener):
        def on_step(self, match, step):
            if any(e.kind == "took" for e in step.events):
                match.abort("stopped by an admin")

    async def scenario():
        clients = [Client(), Client()]
        match = Match(SPEC, clients, seed=2, options={"stones": 9}, store=store)
        match.add_listener(Aborter())
        task = await started(match, clients)
        read((clients[0], 0, "ready"), (clients[1], 1, "ready"))
        read((clients[0], 0, 3))
        assert not clients[1].waiting(1), "nobody is asked once the match is aborted"
        return await asyncio.wait_for(task, 10)

    record = asyncio.run(scenario())
    assert record.status == "aborted" and record.result.cause is EndCause.ABORTED
    assert [e.action for e in record.entries] == ["ready", "ready", 3]
    [stored] = store.summaries()
    assert store.load(stored.id).digest() == record.digest()


@pytest.mark.parametrize("order", ["answer first", "handover first"])
def test_a_handover_in_the_same_read_as_an_answer_lets_the_answer_stand(order):
    async def scenario():
        old, other = Client("old"), Client("other")
        clients = [old, other]
        match = Match(SPEC, clients, seed=4, options={"stones": 9})
        task = await started(match, clients)
        read((old, 0, "ready"), (other, 1, "ready"))
        before = len(match.record.entries)
        taker = BotAgent(TakeOneBot(), name="taker")

        def handle(_):
            if order == "handover first":
                match.hand_over(0, taker)
            old.answer(0, 2)
            if order == "answer first":
                match.hand_over(0, taker)
        handling_read(handle, b"")
        await until(lambda: other.waiting(1), "seat 1 asked")
        assert not old.waiting(0) and old.asked == [0, 0], "the old agent is never asked again"
        while not match.state.is_over:
            await until(lambda: other.waiting(1) or match.state.is_over, "seat 1 asked")
            if not match.state.is_over:
                read((other, 1, 1))
        return await asyncio.wait_for(task, 10), before

    for order_record in [asyncio.run(scenario())]:
        record, before = order_record
        assert (record.entries[before].seat, record.entries[before].action) == (0, 2)
        assert [(h.seat, h.since, h.name) for h in record.handovers] == [(0, before + 1, "taker")]
        assert record.status == "finished" and replay(record, SPEC).matches


def test_two_seats_deciding_at_once_are_settled_in_the_order_their_answers_are_read():
    async def scenario(one_read):
        clients = [Client(), Client(), Client()]
        match = Match(SPEC, clients, seed=5, options={"stones": 2})
        task = await started(match, clients)
        if one_read:  # both in one read: settled together, in seat order, by one step
            read((clients[2], 2, "ready"), (clients[0], 0, "ready"))
        else:
            read((clients[2], 2, "ready"))
            assert clients[0].waiting(0) and clients[1].waiting(1), "still asked, not asked twice"
            read((clients[0], 0, "ready"))
        assert [e.seat for e in match.record.entries] == ([0, 2] if one_read else [2, 0])
        assert clients[0].asked == [0] and clients[1].asked == [1]
        read((clients[1], 1, "ready"))
        read((clients[0], 0, 1))
        read((clients[1], 1, 1))
        return await asyncio.wait_for(task, 10)

    for one_read in (True, False):
        record = asyncio.run(scenario(one_read))
        assert record.status == "finished" and record.result.seats[1].rank == 2


def test_a_bug_inside_the_step_aborts_the_match_as_it_would_in_the_task():
    class Broken(MatchListener):
        def on_step(self, match, step):
            if any(e.kind == "took" for e in step.events):
                raise RuntimeError("listener bug")

    async def scenario():
        clients = [Client(), Client()]
        match = Match(SPEC, clients, seed=6, options={"stones": 9})
        match.add_listener(Broken())
        task = await started(match, clients)
        read((clients[0], 0, "ready"), (clients[1], 1, "ready"))
        read((clients[0], 0, 1))  # the session that read it is not the one to fail
        return await asyncio.wait_for(task, 10)

    record = asyncio.run(scenario())
    assert record.status == "aborted" and record.result.seats[0].reason == "server error: RuntimeError: listener bug"
    assert [e.action for e in record.entries] == ["ready", "ready", 1]


def test_a_client_that_answers_inside_its_request_plays_through_the_step():
    """An answer given while the step asks (re-entrant): settled by a further step."""
    class Eager(RemoteAgent):
        def __init__(self):
            super().__init__("eager", "remote:test", on_request=self._request)

        def _request(self, seat, state):
            self.answer(seat, "ready" if state.legal_actions(seat) == ["ready"] else 1)

    async def scenario():
        client = Client()
        match = Match(SPEC, [client, Eager()], seed=8, options={"stones": 6})
        task = asyncio.ensure_future(match.run())
        await until(lambda: client.waiting(0), "seat 0 asked")
        read((client, 0, "ready"))
        while not match.state.is_over:
            await until(lambda: client.waiting(0) or match.state.is_over, "seat 0 asked")
            if not match.state.is_over:
                read((client, 0, 1))
        return await asyncio.wait_for(task, 10)

    record = asyncio.run(scenario())
    assert record.status == "finished" and [e.action for e in record.entries][2:] == [1] * 6


def test_a_seat_asked_by_the_step_still_times_out():
    from tablehall.core import SeatPolicy

    async def scenario():
        clients = [Client(), Client()]
        match = Match(SPEC, clients, seed=9, options={"stones": 9},
                      policies=[SeatPolicy(hard_timeout=60), SeatPolicy(hard_timeout=0.05)])
        task = await started(match, clients)
        read((clients[0], 0, "ready"), (clients[1], 1, "ready"))
        read((clients[0], 0, 1))  # seat 1 asked by the step; it never answers
        return await asyncio.wait_for(task, 30)

    record = asyncio.run(scenario())
    assert [(e.seat, e.forfeit) for e in record.entries if e.forfeit] == [(1, EndCause.HARD_TIMEOUT)]


def test_soon_runs_after_the_read_in_order_and_on_the_next_pass_outside_one():
    async def scenario():
        seen = []

        def handle(data):
            soon(lambda: seen.append("first"))
            soon(lambda: (seen.append("second"), soon(lambda: seen.append("queued by second"))))
            seen.append(data)
        handling_read(handle, b"read")
        assert seen == [b"read", "first", "second", "queued by second"]
        assert not after_read(lambda: seen.append("never"))
        soon(lambda: seen.append("outside"))
        assert seen[-1] != "outside"
        await asyncio.sleep(0)
        assert seen[-1] == "outside"

        def failing(data):
            soon(lambda: seen.append("still run"))
            raise ValueError("session bug")
        with pytest.raises(ValueError):
            handling_read(failing, b"")
        assert seen[-1] == "still run"

    asyncio.run(scenario())


def test_flushes_come_at_the_end_of_the_read_after_its_callbacks_and_on_the_next_pass_outside_one():
    """`flush_soon`: an output that gathers what is written to it is flushed once the read and
    the callbacks it queued are done (what a queued callback writes goes out in the same flush),
    in the order asked; a failing flush is logged and the others still run; outside a read, on
    the loop's next pass."""
    seen = []

    class Output:
        def __init__(self, name):
            self.name, self.gathered = name, []

        def write(self, text):
            if not self.gathered:
                flush_soon(self)
            self.gathered.append(text)

        def flush(self):
            seen.append((self.name, self.gathered))
            self.gathered = []
            if self.name == "broken":
                raise OSError("peer gone")

    async def scenario():
        first, second, broken = Output("first"), Output("second"), Output("broken")

        def handle(data):
            first.write("a")
            broken.write("x")
            second.write("b")
            soon(lambda: (seen.append("step"), first.write("c"), second.write("d")))
            first.write(data)
        handling_read(handle, "read")
        assert seen == ["step", ("first", ["a", "read", "c"]), ("broken", ["x"]), ("second", ["b", "d"])]
        seen.clear()
        first.write("outside")
        assert seen == []
        await asyncio.sleep(0)
        assert seen == [("first", ["outside"])]

    asyncio.run(scenario())


def test_a_read_handled_in_one_thread_queues_nothing_for_another():
    """Threads may run event loops of their own (the arena's workers): what one thread's read
    queues runs at the end of that read, never in another thread's."""
    import threading

    inside, done = threading.Event(), threading.Event()
    seen = []

    def handle(_):
        inside.set()
        done.wait(10)
    reader = threading.Thread(target=handling_read, args=(handle, b""))
    reader.start()
    assert inside.wait(10)
    seen.append(after_read(lambda: seen.append("queued here")))
    done.set()
    reader.join(10)
    assert seen == [False]

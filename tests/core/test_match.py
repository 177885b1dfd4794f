"""The match runner: bots, remote agents, clocks, disconnects, illegal actions, pause, abort."""

import asyncio


from tablehall.core import (AgentGone, BotAgent, Consequence, EndCause, Match, Record, RemoteAgent,
                            SeatPolicy, replay)
from tablehall.core.match import MatchListener
from tablehall.core.store import SqliteStore

from .pilegame import SPEC, RandomBot, TakeOneBot


def run(coro):
    return asyncio.run(coro)


def bots(n=2, seed=0):
    return [BotAgent(RandomBot(seed + i)) for i in range(n)]


def test_bots_play_to_the_end_and_the_record_replays():
    record = run(Match(SPEC, bots(3), seed=5).run())
    assert record.status == "finished"
    assert record.entries[0].action == "ready"
    report = replay(record, SPEC)
    assert report.matches
    assert report.result.to_json() == record.result.to_json()


def test_same_seed_and_bots_give_the_same_digest():
    a = run(Match(SPEC, bots(2, 1), seed=9).run())
    b = run(Match(SPEC, bots(2, 1), seed=9).run())
    assert a.digest() == b.digest()
    c = run(Match(SPEC, bots(2, 1), seed=10).run())
    assert c.digest() != a.digest()


class Scripted(RemoteAgent):
    """A remote agent answering from a script after a delay; None in the script = never."""

    def __init__(self, answers, delay=0.0):
        super().__init__("scripted", "remote:test", on_request=self._request)
        self.answers = list(answers)
        self.delay = delay
        self.seen = []
        self.rejections = []
        self.on_events = lambda seat, events, state: self.seen.extend(events)
        self.on_rejected = lambda seat, action, err: self.rejections.append(err.code)

    def _request(self, seat, state):
        answer = self.answers.pop(0) if self.answers else 1
        if answer is None:
            return
        if answer == "leave":
            asyncio.get_running_loop().call_later(self.delay, self.gone)
            return
        asyncio.get_running_loop().call_later(self.delay, self.answer, seat, answer)


def test_remote_agent_plays_and_sees_only_its_own_secrets():
    remote = Scripted(["ready"] + [1] * 20)
    record = run(Match(SPEC, [remote, BotAgent(TakeOneBot())], seed=3).run())
    assert record.status == "finished"
    drawn = [e for e in remote.seen if e.kind == "drew"]
    assert drawn, "the remote seat saw draws"
    for event in drawn:
        assert ("card" in event.data) == (event.data["seat"] == 0)


def test_hard_timeout_forfeits_and_game_goes_on_without_the_seat():
    silent = Scripted(["ready", None])
    policy = SeatPolicy(hard_timeout=0.05)
    match = Match(SPEC, [silent, BotAgent(TakeOneBot()), BotAgent(TakeOneBot(1))], seed=1,
                  policies=[policy, SeatPolicy(), SeatPolicy()])
    record = run(match.run())
    forfeits = [e for e in record.entries if e.forfeit]
    assert [(e.seat, e.forfeit) for e in forfeits] == [(0, EndCause.HARD_TIMEOUT)]
    assert record.status == "finished"
    assert record.result.seats[0].cause is EndCause.HARD_TIMEOUT
    assert replay(record, SPEC).matches


def test_soft_timeout_discards_the_late_action():
    late = Scripted(["ready", 1], delay=0.08)
    policy = SeatPolicy(soft_timeout=0.02, hard_timeout=2)
    record = run(Match(SPEC, [late, BotAgent(TakeOneBot())], seed=1,
                       policies=[policy, SeatPolicy()]).run())
    assert [e.forfeit for e in record.entries if e.forfeit] == [EndCause.SOFT_TIMEOUT]
    assert all(e.action != 1 or e.seat != 0 for e in record.entries)


def test_disqualify_cause_overrides_and_leaving_agent_is_handled():
    leaver = Scripted(["ready", "leave"])
    policy = SeatPolicy(forfeit_cause=EndCause.DISQUALIFIED)
    record = run(Match(SPEC, [leaver, BotAgent(TakeOneBot())], seed=1,
                       policies=[policy, SeatPolicy()]).run())
    assert record.result.seats[0].cause is EndCause.DISQUALIFIED


def test_illegal_action_retry_then_forfeit():
    stubborn = Scripted(["ready", 7, 7, 7])
    policy = SeatPolicy(on_illegal=Consequence.RETRY, max_retries=2)
    record = run(Match(SPEC, [stubborn, BotAgent(TakeOneBot())], seed=1,
                       policies=[policy, SeatPolicy()]).run())
    assert stubborn.rejections == ["BAD_TAKE"] * 3
    assert record.result.seats[0].cause is EndCause.RULE_VIOLATION


def test_illegal_action_retry_then_a_good_answer_continues():
    fixed = Scripted(["ready", 9, 2] + [1] * 20)
    policy = SeatPolicy(on_illegal=Consequence.RETRY)
    record = run(Match(SPEC, [fixed, BotAgent(TakeOneBot())], seed=1,
                       policies=[policy, SeatPolicy()]).run())
    assert fixed.rejections == ["BAD_TAKE"]
    assert record.status == "finished" and not any(e.forfeit for e in record.entries)


def test_replace_by_bot_when_an_agent_stops_answering():
    silent = Scripted(["ready", None])
    policy = SeatPolicy(hard_timeout=0.05, on_timeout=Consequence.REPLACE,
                        replacement=lambda seat: BotAgent(TakeOneBot()))
    record = run(Match(SPEC, [silent, BotAgent(TakeOneBot())], seed=1,
                       policies=[policy, SeatPolicy()]).run())
    assert record.status == "finished" and not any(e.forfeit for e in record.entries)


def test_a_hanging_agent_does_not_stall_another_match():
    async def both():
        hanging = Match(SPEC, [Scripted(["ready", None]), BotAgent(TakeOneBot())], seed=1)
        quick = Match(SPEC, bots(2), seed=2)
        hang_task = asyncio.ensure_future(hanging.run())
        record = await asyncio.wait_for(quick.run(), timeout=5)
        assert not hang_task.done()
        hanging.abort("test over")
        aborted = await asyncio.wait_for(hang_task, timeout=5)
        return record, aborted

    record, aborted = run(both())
    assert record.status == "finished"
    assert aborted.status == "aborted" and aborted.result.cause is EndCause.ABORTED
    assert replay(aborted, SPEC).matches


def test_pause_and_step():
    async def scenario():
        match = Match(SPEC, bots(2), seed=4)
        match.pause()
        task = asyncio.ensure_future(match.run())
        await asyncio.sleep(0.05)
        assert len(match.record.entries) == 0
        match.step()
        await asyncio.sleep(0.05)
        assert len(match.record.entries) == 1
        match.step()
        match.step()
        await asyncio.sleep(0.05)
        assert len(match.record.entries) == 3
        match.resume()
        return await asyncio.wait_for(task, 5)

    assert run(scenario()).status == "finished"


def test_records_are_stored(tmp_path):
    store = SqliteStore(tmp_path / "db.sqlite")
    record = run(Match(SPEC, bots(2), seed=8, store=store).run())
    loaded = store.load(record.id[:8])
    assert loaded.digest() == record.digest()
    assert [s.id for s in store.summaries()] == [record.id]


def test_agent_gone_at_start_counts_as_left():
    class NoShow(Scripted):
        async def start(self, seat, match):
            raise AgentGone("never came")

    record = run(Match(SPEC, [NoShow([]), BotAgent(TakeOneBot())], seed=1).run())
    assert record.result.seats[0].cause is EndCause.LEFT


def test_seat_left_is_applied_even_when_the_seat_is_not_asked():
    async def scenario():
        waiting = Scripted(["ready", None])
        other = Scripted(["ready", None])
        match = Match(SPEC, [waiting, other], seed=1)
        task = asyncio.ensure_future(match.run())
        await asyncio.sleep(0.05)
        assert match.state.to_act() == (0,)
        match.seat_left(1, "socket closed")
        return await asyncio.wait_for(task, 5)

    record = run(scenario())
    assert [(e.seat, e.forfeit) for e in record.entries if e.forfeit] == [(1, EndCause.LEFT)]
    assert record.status == "finished"


def test_forfeit_now_uses_the_given_cause():
    async def scenario():
        match = Match(SPEC, [Scripted(["ready", None]), Scripted(["ready", None])], seed=1)
        task = asyncio.ensure_future(match.run())
        await asyncio.sleep(0.05)
        match.forfeit_now(0, EndCause.RULE_VIOLATION, "not a move")
        return await asyncio.wait_for(task, 5)

    record = run(scenario())
    assert record.result.seats[0].cause is EndCause.RULE_VIOLATION
    assert record.result.seats[0].reason == "not a move" or record.entries[-1].reason == "not a move"


def test_observers_see_only_what_the_audience_admits():
    class Observer(MatchListener):
        def __init__(self):
            self.seen = []

        def on_step(self, match, step):
            from tablehall.core import visible_to
            self.seen += visible_to(step.events, None)

        def on_end(self, match, record):
            self.ended = record

    async def scenario():
        match = Match(SPEC, bots(3), seed=2)
        observer = Observer()
        match.add_listener(observer)
        await match.run()
        return observer

    observer = run(scenario())
    draws = [e for e in observer.seen if e.kind == "drew"]
    assert draws and all("card" not in e.data for e in draws)
    assert observer.ended.status == "finished"


def test_store_keeps_seeds_of_any_size(tmp_path):
    from tablehall.core import derive_seed

    store = SqliteStore(tmp_path / "db.sqlite")
    seed = max(derive_seed(n, "x") for n in range(50))  # 64-bit: some exceed SQLite's range
    assert seed >= 2 ** 63
    record = run(Match(SPEC, bots(2), seed=seed, store=store).run())
    assert store.load(record.id).seed == seed
    assert store.summaries()[0].seed == seed
    store.close()


def test_rng_copy_continues_the_same_stream():
    from tablehall.core import Rng

    rng = Rng(42)
    rng.below(1000)
    twin = rng.copy()
    assert [twin.below(10**9) for _ in range(20)] == [rng.below(10**9) for _ in range(20)]


def test_replace_by_bot_is_recorded_as_a_handover():
    silent = Scripted(["ready", None])
    policy = SeatPolicy(hard_timeout=0.05, on_timeout=Consequence.REPLACE,
                        replacement=lambda seat: BotAgent(TakeOneBot(), name="stand-in"))
    record = run(Match(SPEC, [silent, BotAgent(TakeOneBot())], seed=1, policies=[policy, SeatPolicy()]).run())
    [handover] = record.handovers
    assert (handover.seat, handover.name, handover.agent) == (0, "stand-in", "bot:one")
    assert 1 <= handover.since <= len(record.entries)
    assert record.holder(0).name == "stand-in" and record.seats[0].name == "scripted"


class Listener(MatchListener):
    def __init__(self):
        self.handovers = []

    def on_handover(self, match, seat):
        self.handovers.append((seat, len(match.record.entries), match.agents[seat].name))


def test_hand_over_gives_a_seat_to_another_agent_between_decisions():
    """A person (a remote agent) takes over a silent agent's seat mid-game: the old agent's
    pending decision is cancelled and it is never asked again, the new one plays to the end, and
    the record says who played the seat from which action."""
    async def scenario():
        old = Scripted(["ready", None])  # asked once for a move, never answers
        asked = old.on_request
        old.on_request = lambda seat, state: (old.seen.append("asked"), asked(seat, state))
        person = Scripted([1] * 20)
        person.name = "person"
        match = Match(SPEC, [old, BotAgent(TakeOneBot())], seed=4)
        listener = Listener()
        match.add_listener(listener)
        running = asyncio.ensure_future(match.run())
        while not old.waiting(0):
            await asyncio.sleep(0.001)
        asked_old = len(match.record.entries)
        match.hand_over(0, person)
        record = await asyncio.wait_for(running, timeout=10)
        return record, old, person, listener, asked_old

    record, old, person, listener, since = run(scenario())
    assert record.status == "finished"
    assert not old.waiting(0) and old.seen.count("asked") == 2, "asked for ready and one move, then let go"
    assert [(h.seat, h.since, h.name, h.agent) for h in record.handovers] == [(0, since, "person", "remote:test")]
    assert listener.handovers == [(0, since, "person")]
    assert any(e.seat == 0 for e in record.entries[since:]), "the person played the seat after the handover"
    again = Record.loads(record.dumps())
    assert again.handovers == record.handovers and again.digest() == record.digest()
    assert replay(again, SPEC).matches


def test_an_answer_given_before_a_handover_stands():
    async def scenario():
        old = Scripted(["ready"] + [None] * 20)
        match = Match(SPEC, [old, BotAgent(TakeOneBot())], seed=2)
        running = asyncio.ensure_future(match.run())
        while not old.waiting(0):
            await asyncio.sleep(0.001)
        before = len(match.record.entries)
        old.answer(0, 2)  # in, but not yet applied when the handover is asked for
        match.hand_over(0, BotAgent(TakeOneBot(), name="taker"))
        record = await asyncio.wait_for(running, timeout=10)
        return record, before

    record, before = run(scenario())
    assert (record.entries[before].seat, record.entries[before].action) == (0, 2)
    assert record.handovers[0].since == before + 1


def test_a_record_without_handovers_keeps_its_canonical_body():
    record = run(Match(SPEC, bots(2), seed=9).run())
    assert "handovers" not in record.canonical() and record.handovers == []


def test_a_shorter_hard_limit_after_longer_ones_is_still_enforced():
    """The runner keeps one timer per match while deadlines only move later; a seat asked with a
    shorter limit than the one the timer was set for must still time out at its own limit (the
    wait_for bound is only a guard: a kept 60 s timer would hit it)."""
    patient = Scripted(["ready"] + [1] * 20)
    silent = Scripted(["ready", None])
    match = Match(SPEC, [patient, silent], seed=1,
                  policies=[SeatPolicy(hard_timeout=60), SeatPolicy(hard_timeout=0.05)])
    record = run(asyncio.wait_for(match.run(), 30))
    assert [(e.seat, e.forfeit) for e in record.entries if e.forfeit] == [(1, EndCause.HARD_TIMEOUT)]
    assert match._timer is None  # cancelled with the match: nothing left to wake a finished match


def test_remote_seats_that_read_no_observation_or_events_are_spared_them():
    plain = RemoteAgent("client", "remote:test")  # a session that follows the match as a listener
    assert not plain.wants_observation and not plain.wants_events
    asking = RemoteAgent("client", "remote:test", on_request=lambda seat, state: None)
    assert asking.wants_observation and not asking.wants_events
    scripted = Scripted([])  # its on_events is set after construction
    assert scripted.wants_observation and scripted.wants_events



def test_a_remote_agent_wants_events_exactly_when_it_has_someone_to_tell():
    """`wants_events` and `is_gone` are plain attributes the runner reads at every move: they
    follow `on_events` as it is set, and `gone`."""
    agent = RemoteAgent("a", "remote:test")
    assert not agent.wants_events and not agent.is_gone
    agent.on_events = lambda seat, events, state: None
    assert agent.wants_events
    agent.on_events = None
    assert not agent.wants_events
    agent.gone("left")
    assert agent.is_gone

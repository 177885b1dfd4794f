"""`Match.play_through`: a match whose seats are all in-process bots, that nobody follows, played
at once (`tablehall play`, the arena's workers).  Whatever happens in the game, the record is
the one `run()` makes of the same match: illegal actions keep their policy's consequence (a
forfeit, a retry counted as in `run()`, ignored), a bug aborts the game with the same reason;
and a match that needs `run()` is left untouched."""

import asyncio

import pytest

from tablehall.core import BotAgent, Consequence, Match, RemoteAgent, SeatPolicy
from tablehall.core.game import Bot
from tablehall.core.match import MatchListener

from .pilegame import SPEC, RandomBot


class Erring(Bot):
    """A random bot that answers an impossible take every `every`-th decision (or raises)."""

    name = "erring"

    def __init__(self, seed: int, every: int = 4, fail: bool = False) -> None:
        super().__init__(seed)
        self.every, self.fail, self.asked = every, fail, 0
        self.inner = RandomBot(seed)

    def choose(self, state, seat):
        self.asked += 1
        if self.asked % self.every == 0:
            if self.fail:
                raise ZeroDivisionError("the bot's own bug")
            return 7  # never legal: at most 3 stones, and not 'ready'
        return self.inner.choose(state, seat)


def _match(seats: int, seed: int, policy: SeatPolicy | None, stones: int = 21, **erring) -> Match:
    agents = [BotAgent(Erring(seed * 10 + seat, **erring) if seat == 0 else RandomBot(seed * 10 + seat))
              for seat in range(seats)]
    policies = None if policy is None else [policy] * seats
    return Match(SPEC, agents, seed=seed, options={"stones": stones}, policies=policies)


def _same(a, b) -> None:
    assert a.digest() == b.digest()
    assert [e._replace(ms=0) for e in a.entries] == [e._replace(ms=0) for e in b.entries]
    assert a.result == b.result and a.status == b.status and a.handovers == b.handovers


POLICIES = [None, SeatPolicy(on_illegal=Consequence.RETRY, max_retries=2),
            SeatPolicy(on_illegal=Consequence.RETRY, max_retries=0), SeatPolicy(on_illegal=Consequence.IGNORE)]


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("seats,every", [(2, 4), (3, 3), (4, 2), (3, 1)])
def test_illegal_actions_cost_what_they_cost_in_run(policy, seats, every):
    if policy is not None and policy.on_illegal is Consequence.IGNORE and every == 1:
        pytest.skip("a bot that never plays a legal action is asked forever when it is ignored")
    for seed in range(4):
        through = _match(seats, seed, policy, every=every).play_through()
        ran = asyncio.run(_match(seats, seed, policy, every=every).run())
        assert through is not None
        _same(through, ran)
        assert through.status == "finished"
        forfeits = [e for e in through.entries if e.forfeit is not None]
        if policy is None or (policy.on_illegal is Consequence.RETRY and every == 1):
            assert forfeits and forfeits[0].seat == 0  # the erring seat is out
        if policy is not None and policy.on_illegal is Consequence.IGNORE:
            assert not forfeits


def test_a_bug_aborts_the_game_as_in_run():
    through = _match(2, 3, None, fail=True).play_through()
    ran = asyncio.run(_match(2, 3, None, fail=True).run())
    assert through is not None and through.status == "aborted"
    _same(through, ran)
    assert through.result.seats[0].reason == "server error: ZeroDivisionError: the bot's own bug"


def test_a_match_that_needs_run_is_left_alone():
    def untouched(match: Match) -> None:
        assert not match.plays_alone()
        assert match.play_through() is None
        assert match.record.started_at == "" and match.record.entries == [] and match.record.result is None

    followed = _match(2, 1, None)
    followed.add_listener(MatchListener())
    untouched(followed)
    with_a_client = _match(2, 1, None)
    with_a_client.agents[1] = RemoteAgent("client", "line")
    untouched(with_a_client)
    replaced = _match(2, 1, SeatPolicy(on_illegal=Consequence.REPLACE, replacement=lambda seat: BotAgent(RandomBot(seat))))
    untouched(replaced)
    threaded = _match(2, 1, None)
    threaded.agents[0] = BotAgent(RandomBot(1), threaded=True)
    untouched(threaded)
    played = _match(2, 1, None)
    assert played.play_through() is not None
    untouched_after = played.record.dumps()
    assert played.play_through() is None and played.record.dumps() == untouched_after


def test_finished_is_set_after_play_through():
    match = _match(2, 2, None)

    async def main():
        waiting = asyncio.ensure_future(match.finished.wait())
        await asyncio.sleep(0)
        assert match.play_through() is not None
        await asyncio.wait_for(waiting, 5)

    asyncio.run(main())

"""Games between in-process bots that nobody follows run in the runner's own loop
(`Match._play_bots`, what `tablehall play` and the arena run), with each action's record form
encoded once per process (`KnownActions`) and written to JSON from its text.  The record must be
the one the general path makes: the same seeded games are played with every seat in that loop,
with events followed (a listener: each action through `_play`), and with one seat a client the
runner waits for (a `RemoteAgent` answered from outside the loop, in the games where that is the
same game); the records must be identical: digest, canonical body, stored JSON but for the
wall-clock annotations, replay and every export."""

import asyncio

import pytest

from tablehall.core import BotAgent, Match, RemoteAgent, derive_seed, replay
from tablehall.core.records import KnownActions, Record
from tablehall.core.registry import game_names, get_game

GAMES = 3
#: games a seat plays alike when the runner waits for it: in Catan several seats may act at once
#: (discards, trade answers), and the bots answering inline go first while a client is waited
#: for; Masters of Renaissance's random bot draws from its observation's own generator
SAME_WITH_A_CLIENT = {"blokus", "dominion"}


class Follower:
    """A listener: with it, every action goes through `_play` and its delivery."""

    def __init__(self) -> None:
        self.actions = 0

    def on_events(self, match, events) -> None:
        self.actions += 1

    def on_end(self, match, record) -> None:
        pass


def bots(spec, names, seed):
    return [BotAgent(spec.bots[name](derive_seed(seed, "seat", seat)), name=name)
            for seat, name in enumerate(names)]


def client_seat(bot_agent):
    """A seat whose decisions come from outside the loop, as a protocol client's do: the same
    bot answers each request on the next turn of the event loop."""
    bot = bot_agent.bot
    agent = RemoteAgent(bot_agent.name, bot_agent.kind)

    def on_request(seat, observation):
        asyncio.get_running_loop().call_soon(lambda: agent.answer(seat, bot.choose(observation, seat)))

    agent.on_request = on_request
    return agent


def play(spec, names, seed, how):
    agents = bots(spec, names, seed)
    if how == "client":
        agents[0] = client_seat(agents[0])
    match = Match(spec, agents, seed=seed, names=names)
    if how == "followed":
        match.add_listener(Follower())
    if how == "through":  # `tablehall play`'s and the arena workers' way: the whole game at once
        record = match.play_through()
        assert record is not None
        return record
    return asyncio.run(match.run())


def stored_without_times(record: Record) -> dict:
    body = record.to_json()
    for key in ("started_at", "ended_at", "ms"):
        body.pop(key)
    return body


def same_games():
    for game in game_names():
        spec = get_game(game)
        bot = "random" if "random" in spec.bots else sorted(spec.bots)[0]
        for seed in range(GAMES):
            yield game, [bot] * spec.default_seat_count, seed
    yield "dominion", ["bigmoney", "random", "bigmoney"], 11  # a game whose actions repeat most
    yield "catan", ["random"] * 4, 29


@pytest.mark.parametrize("game,names,seed", list(same_games()))
def test_the_bots_path_records_what_the_general_path_records(game, names, seed):
    spec = get_game(game)
    fast = play(spec, names, seed, "bots")
    for how in ("through", "followed", "client") if game in SAME_WITH_A_CLIENT else ("through", "followed"):
        general = play(spec, names, seed, how)
        assert fast.digest() == general.digest(), f"{game} seed {seed}: bots path against {how}"
        assert fast.canonical() == general.canonical()
        assert stored_without_times(fast) == stored_without_times(general)
        assert fast.digest_and_dumps() == (fast.digest(), fast.dumps())
        assert len(fast.to_json()["ms"]) == len(fast.entries)
    assert fast.status == "finished" and replay(fast, spec).matches
    reread = Record.loads(fast.dumps())
    assert reread.digest() == fast.digest() and reread.entries == fast.entries
    # exports may write the wall-clock annotations (soclog writes the start and end to the
    # second): the two games were played at different moments, so compare them with the same
    general.started_at, general.ended_at = fast.started_at, fast.ended_at
    general.entries = [entry._replace(ms=ours.ms) for entry, ours in zip(general.entries, fast.entries)]
    for notation, export in spec.exporters.items():
        assert export(fast) == export(general), notation


def test_the_bots_path_is_the_one_taken():
    """With every seat a bot and nobody following, the actions' record forms are the ones
    `KnownActions` holds: one object per distinct action."""
    spec = get_game("catan")
    record = play(spec, ["random"] * 4, 5, "bots")
    forms = {id(entry.action) for entry in record.entries}
    assert len(forms) < len(record.entries) / 3  # the same few hundred actions, again and again
    known = KnownActions.for_spec(spec)
    assert all(entry.action is known.encode(spec.decode_action(entry.action)) for entry in record.entries)
    assert record.digest_and_dumps() == (record.digest(), record.dumps())
    followed = play(spec, ["random"] * 4, 5, "followed")
    assert len({id(entry.action) for entry in followed.entries}) == len(followed.entries)


def test_known_actions_encode_as_the_game_does():
    encoded = []
    known = KnownActions(lambda action: encoded.append(action) or [action[0], list(action[1])])
    first = known.encode(("buy", (1, 2)))
    assert first == ["buy", [1, 2]] and known.encode(("buy", (1, 2))) is first and len(encoded) == 1
    assert known.encode(("buy", [1, 2])) == ["buy", [1, 2]]  # unhashable: encoded each time
    assert known.encode(("buy", [1, 2])) is not known.encode(("buy", [1, 2]))
    assert known.encode_all([("buy", (1, 2)), ("buy", (3,))]) == [["buy", [1, 2]], ["buy", [3]]]
    assert known.encode_all([("buy", [4])]) == [["buy", [4]]]

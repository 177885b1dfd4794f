"""Full games over real loopback sockets (issue 5, item 5c): `tablehall serve`'s JSettlers
listener, scripted clients speaking through the codec, records in a real SQLite store."""

from __future__ import annotations

import asyncio

import pytest

from tablehall.core import replay
from tablehall.core.store import SqliteStore
from tablehall.games.catan import SPEC
from tablehall.games.catan.jsettlers import parse_cmd
from tablehall.games.catan.jsettlers.game_messages import (
    DevCardAction,
    Discard,
    GameServerText,
    PlayerElements,
    PlayerStats,
    RobberyResult,
)
from tablehall.server.app import Server
from tablehall.server.config import ServerConfig

from .scripted_robot import robot

JSETTLERS = next(s for s in SPEC.services if s.name == "jsettlers")
COOKIE = "loopback-cookie"
ROBOT = "remote:jsettlers-robot"


def serve(store, clients, **section):
    """Run a server with `section` as its [jsettlers] config and the clients `clients(port,
    oracle)` makes; the client outcomes once all are done, and the stored records."""
    section = {"robot_cookie": COOKIE, "bot": "random", "bot_pause": 0, **section}

    async def scenario():
        server = Server(ServerConfig(sections={"jsettlers": section}), store=store, services=[JSETTLERS])
        await server.start()
        lobby = server.services["jsettlers"].lobby
        oracle = lambda game: getattr(lobby.games.get(game), "play", None)  # noqa: E731
        try:
            return await asyncio.wait_for(asyncio.gather(*clients(server.port("jsettlers"), oracle)), timeout=120)
        finally:
            await server.stop()

    outcomes = asyncio.run(scenario())
    records = [store.load(s.id) for s in store.summaries()]
    return outcomes, records


@pytest.fixture
def store(tmp_path):
    store = SqliteStore(tmp_path / "records.sqlite")
    yield store
    store.close()


@pytest.mark.parametrize("version", [2700, 2610])
def test_four_scripted_robots_play_a_robots_only_game_tablehall_starts(store, version):
    outcomes, records = serve(store, lambda port, oracle: [
        robot(port, f"bot{i}", COOKIE, oracle, seed=i, version=version) for i in range(4)],
        robot_games=1, seed=11, version=version)
    for outcome in outcomes:
        assert outcome.logged_in and outcome.saw_game_over and outcome.deleted, outcome.name
        assert not outcome.refused, (outcome.name, outcome.refused[:3])
        assert outcome.received[0].startswith(f"9998|{version},")
    [record] = records
    assert record.status == "finished"
    assert [s.agent for s in record.seats] == [ROBOT] * 4
    assert replay(record, SPEC).matches
    assert any(e.action[0] == "offer" for e in record.entries), "the robots traded over the wire"
    assert_nothing_hidden_leaked(outcomes, record)


def assert_nothing_hidden_leaked(outcomes, record):
    """What a robot may not know never reaches it: others' drawn cards, stolen resources and
    discards are unknown to it, only its own hand is set, only it is asked to discard."""
    names = [s.name for s in record.seats]
    for outcome in outcomes:
        assert_only_own_secrets(outcome.received, names.index(outcome.name))
        for wire in outcome.received:
            assert not isinstance(parse_cmd(wire), GameServerText), "robots get no server texts"


def assert_only_own_secrets(received: list[str], me: int | None, drawn: tuple[int, ...] = (0,)) -> None:
    """No secret of a seat other than `me` (None: an observer) in what a client received;
    `drawn`: the DevCardAction actions that name a card drawn (JSettlers' DRAW, and ADD_NEW
    where a seat's hand is told)."""
    for wire in received:
        message = parse_cmd(wire)
        if isinstance(message, DevCardAction) and message.action in drawn and message.pn != me:
            assert message.cards == (0,), wire
        elif isinstance(message, RobberyResult) and me not in (message.perpetrator, message.victim):
            nothing_taken = message.perpetrator == -1 and (message.resource, message.amount) == (0, 0)
            assert message.resource == 6 or nothing_taken, wire  # (a pirate fleet's tie, as the Java server tells it)
        elif isinstance(message, Discard) and message.pn != me:
            assert message.resources[:5] == (0, 0, 0, 0, 0), wire
        elif isinstance(message, PlayerElements) and message.action == 100 and message.pn != me:
            assert not any(element <= 5 and amount for element, amount in message.elements), wire


def hidden_from_observer(received: list[str]) -> None:
    """What no seat's secret may show to an observer: drawn cards, stolen resources, discards
    and hands are unknown to it."""
    for wire in received:
        message = parse_cmd(wire)
        if isinstance(message, DevCardAction) and message.action == 0:
            assert message.cards == (0,), wire
        elif isinstance(message, RobberyResult):
            assert message.resource == 6, wire
        elif isinstance(message, Discard):
            assert message.resources[:5] == (0, 0, 0, 0, 0), wire
        elif isinstance(message, PlayerElements) and message.action == 100:
            assert not any(element <= 5 and amount for element, amount in message.elements), wire


def test_a_human_starts_a_game_and_tablehall_bots_take_the_empty_seats(store):
    outcomes, records = serve(store, lambda port, oracle: [
        robot(port, "alice", COOKIE, oracle, seed=3, create="alices game")], seed=5)
    [alice] = outcomes
    assert alice.saw_game_over and alice.deleted and not alice.refused
    [record] = records
    assert record.status == "finished"
    assert [s.agent for s in record.seats] == ["remote:jsettlers"] + ["bot:random"] * 3
    assert [s.name for s in record.seats][1:] == ["droid 1", "droid 2", "droid 3"]
    received = [parse_cmd(w) for w in alice.received]
    assert any(isinstance(m, GameServerText) and "has won the game" in m.text for m in received)
    assert any(isinstance(m, PlayerStats) for m in received), "humans get their roll statistics"


def test_a_debug_user_starts_a_robots_only_game_with_connected_robots_and_bots(store):
    outcomes, records = serve(store, lambda port, oracle: [
        robot(port, "r1", COOKIE, oracle, seed=1), robot(port, "r2", COOKIE, oracle, seed=2),
        delayed(robot(port, "debug", COOKIE, oracle, seed=0, create="bots", bot_game=3))],
        debug_commands=True, seed=8)
    assert all(o.saw_game_over and o.deleted for o in outcomes)
    [record] = records
    assert sorted(s.agent for s in record.seats) == ["bot:random", ROBOT, ROBOT]


async def delayed(coroutine, seconds: float = 0.2):
    await asyncio.sleep(seconds)  # the robots log in first
    return await coroutine


@pytest.mark.parametrize("how", ["silent", "gone"])
def test_a_robot_that_stops_answering_is_replaced_by_a_tablehall_bot(store, how):
    quirk = {"silent_after": 6} if how == "silent" else {"leave_after": 6}
    outcomes, records = serve(store, lambda port, oracle: [
        robot(port, f"bot{i}", COOKIE, oracle, seed=i, **(quirk if i == 2 else {})) for i in range(4)],
        robot_games=1, seed=4, robot_timeout=0.3)
    [record] = records
    assert record.status == "finished" and replay(record, SPEC).matches
    for outcome in outcomes:  # on a busy machine another robot may be slower than 0.3 s and replaced too
        dismissed = any(w.startswith("1056|") for w in outcome.received)
        assert outcome.name == "bot2" or outcome.saw_game_over or dismissed, outcome.name
    if how == "silent":
        assert any(w.startswith("1056|") for w in outcomes[2].received), "the silent robot is dismissed"


def test_robots_are_pinged_and_their_echoes_accepted(store):
    outcomes, _ = serve(store, lambda port, oracle: [
        robot(port, f"bot{i}", COOKIE, oracle, seed=i) for i in range(4)],
        robot_games=1, seed=11, ping_interval=0.02)
    assert all(any(w == "9999|150000" for w in o.received) for o in outcomes)
    assert all(any(w == "9999|150000" for w in o.sent) for o in outcomes)

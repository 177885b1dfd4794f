"""Tables: a caller (the web hall, the arena) has a protocol's service host a match whose seats
are agents it runs, built-in bots and seats held for the protocol's own clients.  Each test
runs a real `Server` listener and fills the held seats with real clients of that protocol
(subprocesses of the example clients, the scripted JSettlers robot over TCP)."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

from tablehall.core import BotAgent, replay
from tablehall.core.hosting import OpenSeat, TableCancelled, TableError
from tablehall.core.registry import get_game
from tablehall.core.store import SqliteStore
from tablehall.server.app import Server
from tablehall.server.config import ServerConfig

REPO = Path(__file__).resolve().parents[2]
COOKIE = "tables-cookie"
LIMIT = 300  # a last guard only: every wait below ends on an event


@pytest.fixture
def store(tmp_path):
    store = SqliteStore(tmp_path / "records.sqlite")
    yield store
    store.close()


def run(store, game: str, scenario, **sections):
    """Run `scenario(server)` against a server with `game`'s listeners."""
    async def main():
        server = Server(ServerConfig(sections=sections), store=store, services=list(get_game(game).services))
        await server.start()
        try:
            return await asyncio.wait_for(scenario(server), LIMIT)
        finally:
            await server.stop()

    return asyncio.run(main())


async def client(*argv: str) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(sys.executable, *argv, cwd=REPO,
                                                stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)


async def finished(table, *processes):
    record = await table.record()
    for process in processes:
        _, err = await process.communicate()
        assert process.returncode == 0, err.decode()[-2000:]
    return record


# -- Dominion: TCP bots take held seats with `join table` ----------------------------------------

def test_dominion_bots_take_a_named_and_an_anonymous_held_seat(store):
    async def scenario(server):
        table = server.open_table("dominion", [OpenSeat("alice"), "bigmoney", OpenSeat()], seed=5)
        assert table.waiting == [0, 2] and table.status == "waiting" and table.match is None
        port = server.port("dominion")
        ticket = table.seats[0].ticket  # the seat held for alice is taken with its secret (issue 26)
        assert table.seats[0].secret and ticket not in ("alice", table.id)
        assert server.connect_command(table, table.seats[0]).endswith(f"--connect 127.0.0.1:{port} --join table {ticket}")
        for name in ("bob", "alice"):  # no seat is held for bob; alice's is not taken by her name
            stranger = await client("examples/dominion/bigmoney.py", "--connect", f"127.0.0.1:{port}", "--join",
                                    "table", name)
            await stranger.communicate()
        alice = await client("examples/dominion/smithy.py", "--connect", f"127.0.0.1:{port}", "--join", "table", ticket)
        anyone = await client("examples/dominion/engine.py", "--connect", f"127.0.0.1:{port}", "--join", "table")
        record = await finished(table, alice, anyone)
        return table, record

    table, record = run(store, "dominion", scenario, dominion={"join_grace": 30})
    assert record.status == "finished" and record.id == table.id and record.seed == 5
    assert [s.agent for s in record.seats] == ["remote:dominion", "bot:bigmoney", "remote:dominion"]
    assert record.seats[0].name == "alice"
    assert [s.taken_by is not None for s in table.seats] == [True, False, True]
    assert replay(record, get_game("dominion")).matches
    assert store.load(table.id).digest() == record.digest()


# -- Masters of Renaissance: a login with its ticket takes the seat held for a name ---------------

def test_renaissance_clients_log_in_to_held_seats(store):
    async def scenario(server):
        table = server.open_table("renaissance", [OpenSeat("ana"), "greedy", OpenSeat()], seed=9)
        port = str(server.port("renaissance"))
        ticket = table.seats[0].ticket  # the seat held for ana is taken with its secret (issue 26)
        assert table.seats[0].secret and ticket
        assert (f"random_client.py 127.0.0.1 {port} ana --ticket {ticket}"
                in server.connect_command(table, table.seats[0]))
        ana = await client("examples/renaissance/random_client.py", "127.0.0.1", port, "ana", "--seed", "1",
                           "--ticket", ticket)
        bea = await client("examples/renaissance/random_client.py", "127.0.0.1", port, "bea", "--seed", "2")
        return table, await finished(table, ana, bea)

    table, record = run(store, "renaissance", scenario, renaissance={"bot_fill_after": 0})
    assert record.status == "finished" and record.seed == 9
    assert [s.name for s in record.seats] == ["ana", "greedy-bot-2", "bea"]
    assert [s.agent for s in record.seats] == ["remote:renaissance", "bot:greedy", "remote:renaissance"]
    assert replay(record, get_game("renaissance")).matches


# -- Blokus over the contest's XML: a reservation code, or a plain join ---------------------------

def test_contest_clients_take_a_reserved_and_an_open_slot(store):
    async def scenario(server):
        port = str(server.port("sc"))
        named = server.open_table("blokus", [OpenSeat("team-a"), "random"], seed=3)
        code = named.seats[0].ticket
        assert code and f"--reservation {code}" in server.connect_command(named, named.seats[0])
        anyone = server.open_table("blokus", ["strong", OpenSeat()], seed=4)
        a = await client("examples/blokus/client.py", "--port", port, "--reservation", code, "--seed", "1")
        b = await client("examples/blokus/client.py", "--port", port, "--seed", "2")
        return named, anyone, await finished(named, a), await finished(anyone, b)

    named, anyone, first, second = run(store, "blokus", scenario)
    assert first.status == second.status == "finished"
    assert [s.agent for s in first.seats] == ["remote:sc", "bot:random"] and first.seats[0].name == "team-a"
    assert [s.agent for s in second.seats] == ["bot:strong", "remote:sc"]
    assert (first.seed, second.seed) == (3, 4) and first.id == named.id and second.id == anyone.id


# -- JSettlers: a connected robot of that name is invited, as the Java server invites robots ------

def test_jsettlers_robots_are_invited_into_held_seats(store):
    from tests.jsettlers.scripted_robot import robot

    async def scenario(server):
        lobby = server.services["jsettlers"].lobby
        oracle = lambda game: getattr(lobby.games.get(game), "play", None)  # noqa: E731
        port = server.port("jsettlers")
        table = server.open_table("catan", [OpenSeat("robo"), "random", OpenSeat()], seed=21)
        game = table.seats[0].ticket
        assert game in lobby.games and lobby.games[game].waiting_seats() == [0, 2]
        # robots log in after the table opened: each is invited as it becomes idle
        outcomes = await asyncio.gather(robot(port, "other", COOKIE, oracle, seed=2),
                                        robot(port, "robo", COOKIE, oracle, seed=1),
                                        finished(table))
        return table, outcomes[:2], outcomes[2]

    table, outcomes, record = run(store, "catan", scenario,
                                  jsettlers={"robot_cookie": COOKIE, "bot": "random", "seed": 1, "bot_pause": 0})
    assert record.status == "finished" and record.seed == 21 and record.id == table.id
    assert [s.name for s in record.seats] == ["robo", "droid 1", "other"]
    assert [s.agent for s in record.seats] == ["remote:jsettlers-robot", "bot:random", "remote:jsettlers-robot"]
    assert all(o.saw_game_over and not o.refused for o in outcomes)
    assert replay(record, get_game("catan")).matches


def test_a_stranger_cannot_sit_in_a_seat_held_for_someone_else():
    """The lobby's own check, without sockets: only `robo` may sit in seat 0."""
    from tablehall.core.hosting import Table, TableSeat

    from tests.jsettlers.test_lobby import World, act

    world = World()
    table = Table("t1", "catan", "jsettlers", [TableSeat("open", "robo", held_for="robo"),
                                               TableSeat("bot", "random"), TableSeat("bot", "random")], 1, {})
    room = world.lobby.create_table("tablehall t1", "PL=3", [OpenSeat("robo"), "random", "random"], table)
    eve = world.human("eve")
    act(eve, "1013|eve,\t,\t,tablehall t1")
    claimed = ["1091|tablehall t1\x01This seat is claimed by another game member, choose another."]
    assert act(eve, "1012|tablehall t1,\t,0,false") == claimed
    assert act(eve, "1012|tablehall t1,\t,3,false") == claimed  # beyond the table's seats
    assert room.seats[0] is None and table.waiting == [0] and world.started == []
    robo = world.human("robo")  # a person logged in under the held name may sit
    act(robo, "1013|robo,\t,\t,tablehall t1")
    act(robo, "1012|tablehall t1,\t,0,false")
    assert room.seats[0] == "robo" and table.seats[0].taken_by == "robo" and world.started == [room]


# -- agents the caller runs, refusals, cancelling ----------------------------------------------------

def test_a_table_of_caller_agents_and_bots_starts_at_once_with_its_seed(store):
    spec = get_game("dominion")

    async def scenario(server):
        mine = BotAgent(spec.bots["smithy"](1), name="mine")
        table = server.open_table("dominion", [mine, "bigmoney"], seed=77)
        assert table.match is not None and table.waiting == []
        return await table.record()

    record = run(store, "dominion", scenario)
    assert record.seed == 77 and [s.name for s in record.seats] == ["mine", "bigmoney-2"]


@pytest.mark.parametrize("game, entrants, problem", [
    ("blokus", [OpenSeat()], "2 slots"),
    ("dominion", [OpenSeat(), "nobody"], "unknown seat"),
    ("renaissance", [OpenSeat("lorenzo")], "log in as"),
    ("catan", [OpenSeat(), *["random"] * 6], "played by"),  # 2..6 players
    ("catan", [OpenSeat("bad|name"), "random", "random"], "named"),
])
def test_tables_a_service_cannot_host_are_refused(store, game, entrants, problem):
    async def scenario(server):
        with pytest.raises(TableError, match=problem):
            server.open_table(game, entrants)
        assert server.tables() == []

    run(store, game, scenario, jsettlers={"robot_cookie": COOKIE})


@pytest.mark.parametrize("game, entrants", [
    ("blokus", [OpenSeat(), "random"]), ("dominion", [OpenSeat("x"), "random"]),
    ("renaissance", [OpenSeat("x")]), ("catan", [OpenSeat(), "random", "random"])])
def test_a_cancelled_table_stops_waiting_and_a_stopping_server_cancels_the_rest(store, game, entrants):
    async def scenario(server):
        first = server.open_table(game, entrants)
        second = server.open_table(game, entrants)
        assert {t.id for t in server.tables()} == {first.id, second.id}
        waiter = asyncio.ensure_future(first.record())
        await asyncio.sleep(0)
        first.cancel("changed my mind")
        with pytest.raises(TableCancelled):
            await waiter
        assert [t.id for t in server.tables()] == [second.id] and first.status == "cancelled"
        return second

    second = run(store, game, scenario, jsettlers={"robot_cookie": COOKIE})
    assert second.status == "cancelled"
    assert store.summaries() == []

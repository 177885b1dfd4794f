"""A JSettlers seat belongs to the connection that sat down, not to a nickname (issue 14).

The attack these tests replay: with no cookie configured, a client logged in as a robot named
like a seated tablehall bot (`droid 1`), joined the running game, received that seat's private
messages, and by leaving forfeited the bot's seat."""

from __future__ import annotations

import asyncio

import pytest

from tablehall.core.store import SqliteStore
from tablehall.games.catan import SPEC
from tablehall.games.catan.jsettlers import encode_frame
from tablehall.games.catan.jsettlers.connection import BUILTIN_ROBOT_BRAIN, ServerConfig
from tablehall.games.catan.jsettlers.framing import FrameDecoder
from tablehall.games.catan.jsettlers.lobby import PregameLobby
from tablehall.server.app import Server
from tablehall.server.config import ServerConfig as ServeConfig

from tests.jsettlers.scripted_robot import robot
from tests.jsettlers.wire import client_sends, open_connection, sent

JSETTLERS = next(s for s in SPEC.services if s.name == "jsettlers")
ROBOT_VERSION = "9998|2700,2.7.00,JM20260517,;6pl;sb;sc=2700;"
HUMAN_VERSION = "9998|2700,2.7.00,JM20260517,;6pl;sb;sc=2700;,en_US"


async def talk(port: int, wires: list[str], until_closed: float = 30.0,
               done: tuple[str, ...] = ("1069|",)) -> list[str]:
    """Send `wires`, then read until the server closes the connection or sends a message that
    starts with one of `done` (by default a refusal), within a generous bound."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    for wire in wires:
        writer.write(encode_frame(wire))
    await writer.drain()
    decoder, received = FrameDecoder(), []
    try:
        async with asyncio.timeout(until_closed):
            while data := await reader.read(65536):
                decoder.feed(data)
                received.extend(decoder)
                if any(w.startswith(done) for w in received):
                    break
    except TimeoutError:
        pass
    writer.close()
    return received


def run_game_with_attackers(tmp_path, section: dict, attackers, done: tuple[str, ...] = ("1069|",)):
    """alice (a scripted human) plays against three tablehall bots; once the game runs, each
    attacker's wires go to the server; returns alice's outcome, the attackers' answers, the
    record and the cookie the server used."""
    store = SqliteStore(tmp_path / "records.sqlite")

    async def scenario():
        server = Server(ServeConfig(sections={"jsettlers": {"bot": "random", "seed": 5, "bot_pause": 0, **section}}), store=store,
                        services=[JSETTLERS])
        await server.start()
        port = server.port("jsettlers")
        lobby = server.services["jsettlers"].lobby
        cookie = lobby.config.robot_cookie
        oracle = lambda game: getattr(lobby.games.get(game), "play", None)  # noqa: E731

        async def attack():
            async with asyncio.timeout(60):
                while oracle("alices game") is None:
                    await asyncio.sleep(0.01)
            return [await talk(port, wires(cookie), done=done) for wires in attackers]

        try:
            return await asyncio.wait_for(asyncio.gather(
                robot(port, "alice", "unused", oracle, seed=3, create="alices game"), attack()), timeout=180), cookie
        finally:
            await server.stop()

    (alice, answers), cookie = asyncio.run(scenario())
    [summary] = store.summaries()
    record = store.load(summary.id)
    store.close()
    return alice, answers, record, cookie


def robot_login(name: str, cookie_of=lambda cookie: cookie):
    return lambda cookie: [ROBOT_VERSION, f"1022|{name},{cookie_of(cookie)},{BUILTIN_ROBOT_BRAIN}",
                           f"1013|{name},\t,\t,alices game", f"1012|alices game,{name},1,true"]


def test_a_robot_login_cannot_take_a_tablehall_bots_seat(tmp_path):
    attackers = [
        robot_login("droid 1", lambda cookie: "\t"),  # no cookie configured, none presented: the attack
        robot_login("droid 1", lambda cookie: "guess"),
        robot_login("droid 1"),  # even with the right cookie, the name is tablehall's
        robot_login("Server"),
        robot_login("debug"),
    ]
    alice, answers, record, cookie = run_game_with_attackers(tmp_path, {}, attackers)
    assert len(cookie) >= 16
    wrong_cookie = "1059|Cookie contents do not match the running server."
    assert answers[0][-1] == wrong_cookie and answers[1][-1] == wrong_cookie
    for answer in answers[2:]:
        assert answer[-2:] == ["1069|19,This nickname is not allowed.", "1059|This nickname is not allowed."]
    for answer in answers:  # never a game message, never the seat's private state
        assert not any(w.startswith(("1013|", "1086|", "1046|", "1102|")) for w in answer), answer
    assert alice.saw_game_over and record.status == "finished"
    assert [s.name for s in record.seats][1:] == ["droid 1", "droid 2", "droid 3"]
    assert not any(e.forfeit for e in record.entries), "no bot seat was forfeited"


def test_a_human_may_not_log_in_under_a_bots_name_either(tmp_path):
    humans = [lambda cookie, name=name: [HUMAN_VERSION, f"1013|{name},\t,\t,alices game"]
              for name in ("droid 1", "Server")]
    _, answers, record, _ = run_game_with_attackers(tmp_path, {}, humans)
    for answer in answers:
        assert "1069|19,This nickname is not allowed." in answer
        assert not any(w.startswith(("1086|", "1046|", "1102|")) for w in answer)
    assert record.status == "finished" and not any(e.forfeit for e in record.entries)


def test_a_configured_cookie_is_the_one_robots_need(tmp_path):
    attackers = [lambda cookie: [ROBOT_VERSION, f"1022|extbot,random-guess,{BUILTIN_ROBOT_BRAIN}"],
                 lambda cookie: [ROBOT_VERSION, f"1022|extbot,chosen,{BUILTIN_ROBOT_BRAIN}", "1000|"]]
    # a robot logged in is sent its parameters (1071): read no further than that
    _, answers, _, cookie = run_game_with_attackers(tmp_path, {"robot_cookie": "chosen"}, attackers,
                                                    done=("1069|", "1071|"))
    assert cookie == "chosen"
    assert answers[0][-1] == "1059|Cookie contents do not match the running server."
    assert any(w.startswith("1071|") for w in answers[1]), "the right cookie logs the robot in"


def test_a_namesake_connection_gets_neither_the_seat_nor_its_messages():
    """Seats are matched by connection: after alice's connection is gone from a started game,
    a new connection that logs in as alice is an observer of that game, not its seat 0."""
    config = ServerConfig(robot_cookie="cookie")
    lobby = PregameLobby(config, clock=lambda: 0, on_start=lambda room: None)

    def human(name):
        conn = open_connection(config, lobby)
        conn.start()
        client_sends(conn, HUMAN_VERSION, f"999|P,{name},1,\t,")
        sent(conn)
        return conn

    alice = human("alice")
    client_sends(alice, "1078|alice,\t,\t,g,PL=4", "1012|g,alice,0,false")
    bob = human("bob")  # a watcher keeps the game on the server
    client_sends(bob, "1013|bob,\t,\t,g")
    room = lobby.games["g"]
    assert room.seat_of(alice) == 0 and room.member_at(0) is alice
    room.state = 20  # started: the seat stays alice's when her connection goes
    lobby.disconnected(alice)
    namesake = human("alice")
    client_sends(namesake, "1013|alice,\t,\t,g")
    assert lobby.games["g"] is room and namesake in room.members
    assert room.seat_of(namesake) is None and room.member_at(0) is None
    from tablehall.games.catan.jsettlers.soclog import Entry, to_player
    from tablehall.games.catan.jsettlers.game_messages import GameServerText
    sent(namesake)
    room.deliver([Entry(to_player(0), GameServerText("g", "private to seat 0"))])
    assert not [wire for wire in sent(namesake) if "private" in wire]

"""Bad input from any client (issue 5, item 6): answered as JSettlers answers it, or ignored where
it ignores it; never a crash, never another client or game touched.

Sessions are driven through in-memory transports with real frames; the last test attacks a
server over loopback while a robots-only game runs on it.
"""

from __future__ import annotations

import asyncio
import logging

import pytest

from tablehall.core.hosting import Host, MemoryTransport
from tablehall.core.store import SqliteStore
from tablehall.games.catan.jsettlers import encode_frame
from tablehall.games.catan.jsettlers import play as play_module
from tablehall.games.catan.jsettlers.framing import FrameDecoder
from tablehall.games.catan.jsettlers.service import (
    ConfigError,
    JSettlersService,
    JSettlersSession,
    settings_from,
)

from .test_loopback import COOKIE, serve
from .scripted_robot import robot

HUMAN = "9998|2700,2.7.00,JM20260517,;6pl;sb;sc=2700;,en_US"


class Peer:
    def __init__(self, service: JSettlersService) -> None:
        self.transport = MemoryTransport("127.0.0.1:5000")
        self.session = JSettlersSession(service, self.transport)
        self.transport.take()

    def raw(self, data: bytes) -> list[str]:
        self.session.data_received(data)
        return self.frames()

    def say(self, *wires: str) -> list[str]:
        return self.raw(b"".join(encode_frame(w) for w in wires))

    def frames(self) -> list[str]:
        decoder = FrameDecoder()
        decoder.feed(self.transport.take())
        return list(decoder)


@pytest.fixture
def service() -> JSettlersService:
    return JSettlersService(Host(store=None, bots_threaded=False), settings_from({"bot": "random"}))


def alice_in_a_game(service) -> Peer:
    alice = Peer(service)
    alice.say(HUMAN, "1078|alice,\t,\t,g1,PL=4")
    return alice


def test_invalid_modified_utf8_drops_only_that_connection(service):
    alice = alice_in_a_game(service)
    mallory = Peer(service)
    assert mallory.raw(b"\x00\x03\xff\xfe\xfd") == []
    assert mallory.transport.closed
    assert alice.say("1010|g1\x00alice\x00hello") == ["1010|g1\x00alice\x00hello"]


def test_a_frame_declaring_65535_bytes_then_garbage_never_crashes(service):
    alice = alice_in_a_game(service)
    mallory = Peer(service)
    mallory.raw(b"\xff\xff" + b"A" * 70000)  # a maximal frame of an unknown type, then more bytes
    assert alice.say("1010|g1\x00alice\x00still here") == ["1010|g1\x00alice\x00still here"]
    assert Peer(service).say(HUMAN) == ["1083|g1|PL=4"]  # the server still takes clients


def test_unknown_types_and_malformed_messages_are_ignored(service):
    alice = alice_in_a_game(service)
    assert alice.say("5555|whatever", "1009|g1,x,y,z", "|||", "", "1009") == []
    assert not alice.transport.closed


def test_messages_for_unknown_games_or_games_one_is_not_in(service):
    alice = alice_in_a_game(service)
    bob = Peer(service)
    bob.say(HUMAN, "1013|bob,\t,\t,g2")
    alice.frames()  # the new game g2 announced
    assert bob.say("1031|g1", "1009|g1,0,1,171", "1018|g1") == []  # not a member of g1: ignored
    assert bob.say("1012|nowhere,\t,0,false") == ["1091|nowhere\x01Game not found."]
    assert alice.frames() == [] and not bob.transport.closed


def test_requests_before_login_must_authenticate(service):
    peer = Peer(service)
    assert peer.say("1031|g1") == ["1069|24,Must authenticate first"]


def test_game_requests_out_of_turn_and_from_observers(service):
    async def scenario():
        alice = alice_in_a_game(service)
        alice.say("1012|g1,alice,0,false", "1018|g1")  # three tablehall bots fill the seats
        play = service.lobby.games["g1"].play
        bob = Peer(service)
        bob.say(HUMAN, "1013|bob,\t,\t,g1")
        alice.frames()
        assert bob.say("1031|g1", "1032|g1", "1009|g1,0,1,171") == []  # an observer asks nothing
        assert alice.say("1031|g1") == ["1091|g1\x01You can't roll right now."]  # placing, not rolling
        play.abort("test over")
        await asyncio.sleep(0.01)

    asyncio.run(scenario())


def test_a_bug_answering_one_message_costs_neither_the_server_nor_the_client(service, monkeypatch, caplog):
    def broken(*args, **kwargs):
        raise RuntimeError("bug")

    async def scenario():
        alice = alice_in_a_game(service)
        alice.say("1012|g1,alice,0,false", "1018|g1")
        monkeypatch.setattr(play_module, "interpret", broken)
        with caplog.at_level(logging.ERROR, logger="tablehall.jsettlers"):
            alice.say("1031|g1")
        assert "failed" in caplog.text
        assert alice.say("1010|g1\x00alice\x00ok") == ["1010|g1\x00alice\x00ok"]
        service.lobby.games["g1"].play.abort("test over")
        await asyncio.sleep(0.01)

    asyncio.run(scenario())


@pytest.mark.parametrize("section, problem", [
    ({"version": 2500}, "version"), ({"bot": "alphago"}, "bot"), ({"robot_timeout": -1}, "robot_timeout"),
    ({"colour": "red"}, "unknown setting"), ({"accounts": ["x"]}, "accounts"), ({"robot_games": "two"}, "robot_games"),
])
def test_bad_configuration_is_refused_with_its_key(section, problem):
    with pytest.raises(ConfigError, match=problem):
        settings_from(section)


HOSTILE = {
    "invalid utf-8": b"\x00\x04\xc3\x28\xa0\xa1",
    "huge declared frame": b"\xff\xff" + bytes(range(256)) * 300,
    "unknown type": encode_frame("4242|x") * 50,
    "http": b"GET / HTTP/1.1\r\nHost: x\r\n\r\n",
    "binary": bytes(range(256)) * 8,
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_input_over_tcp_leaves_a_running_game_alone(tmp_path, name):
    store = SqliteStore(tmp_path / "records.sqlite")

    async def attack(port: int):
        await asyncio.sleep(0.1)  # the game runs while the attack arrives
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(HOSTILE[name])
        await writer.drain()
        try:
            await asyncio.wait_for(reader.read(65536), timeout=2)
        except asyncio.TimeoutError:
            pass
        writer.close()

    outcomes, records = serve(store, lambda port, oracle: [
        *(robot(port, f"bot{i}", COOKIE, oracle, seed=i) for i in range(4)), attack(port)],
        robot_games=1, seed=11)
    assert all(o.saw_game_over for o in outcomes[:4])
    [record] = records
    assert record.status == "finished"
    store.close()

"""The session and service without a network or an event loop: bytes in, bytes out, a fake
clock."""

from tablehall.core.hosting import Host, MemoryTransport
from tablehall.games.renaissance import SPEC
from tablehall.games.renaissance.service import RenaissanceService


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def service(**config):
    clock = Clock()
    return RenaissanceService(Host(None, config), SPEC, clock=clock), clock


def test_the_opening_dialogue_byte_for_byte():
    svc, _ = service()
    wire = MemoryTransport()
    session = svc.open_session(wire)
    assert wire.take() == b"110 Insert a nickname\n"
    session.data_received(b"171 an")
    assert wire.take() == b""
    session.data_received(b"n\r\n")
    assert wire.take() == b"310 Correct nickname\n202 Connected player - first\n180 Insert number of Players (1-4)\n"
    other = MemoryTransport()
    second = svc.open_session(other)
    second.data_received(b"ANN\n")
    assert other.take() == b"110 Insert a nickname\n409 Nickname already taken\n110 Insert a nickname\n"
    second.data_received(b"bea\n")
    assert other.take() == (b"310 Correct nickname\n203 Connected player - not first\n"
                            b"112 Not the first player, wait for the game to start\n")
    second.connection_lost()  # a queued player leaves
    assert svc.queued == [] and second not in svc.sessions
    session.data_received(b"5\n")
    assert wire.take() == b"407 Index out of bounds: 1-4 players\n180 Insert number of Players (1-4)\n"
    session.data_received(b"2\n")
    assert wire.take().startswith(b"111 You opened a game for 2 players. Waiting for 1 more (Add bot, Fill with bots; ")
    assert svc.lobby is not None and svc.lobby.members == [session]


def test_pings_pongs_and_the_idle_limit():
    svc, clock = service(ping_timeout=5)
    wire = MemoryTransport()
    session = svc.open_session(wire)
    wire.take()
    clock.now += 2
    svc.tick(clock.now)
    assert wire.take() == b"350 ping\n"
    session.data_received(b"351 pong\n")
    assert wire.take() == b""  # pongs are not answered
    clock.now += 4
    svc.tick(clock.now)
    assert wire.take() == b"350 ping\n" and not wire.closed
    clock.now += 4  # 8 s since the pong
    svc.tick(clock.now)
    assert wire.closed and session.stage == "closed" and session not in svc.sessions


def test_no_pings_when_turned_off():
    svc, clock = service(ping_interval=0, ping_timeout=1)
    wire = MemoryTransport()
    svc.open_session(wire)
    wire.take()
    clock.now += 60
    svc.tick(clock.now)
    assert wire.take() == b"" and not wire.closed


def test_quit_closes_at_any_stage():
    svc, _ = service()
    wire = MemoryTransport()
    session = svc.open_session(wire)
    session.data_received(b"Quit\n")
    assert wire.take().endswith(b"201 Bye\n") and wire.closed and session.stage == "closed"

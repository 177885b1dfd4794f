"""`GameRoom.deliver` picks each member's share with audience masks: the same messages, in the
same order, as the audiences' own rule (`Audience.reaches_member` for the member's seat, no server
texts to robots), for batches of every audience kind and rooms of players, robots, observers
and a connection in two seats; each member's share goes to its connection's one output in one
write."""

from __future__ import annotations

import random

from tablehall.games.catan.jsettlers.connection import ServerConfig, ServerConnection
from tablehall.games.catan.jsettlers.framing import FrameDecoder, FrameTooLong
from tablehall.games.catan.jsettlers.game_messages import DiceResult, GameServerText, GameTextMsg, Turn
from tablehall.games.catan.jsettlers.lobby import GameRoom, PregameLobby
from tablehall.games.catan.jsettlers.soclog import ALL, OBSERVER, Entry, all_except, to_player

CONFIG = ServerConfig(robot_cookie="cookie")


def new_member(robot: bool) -> ServerConnection:
    """A client connection in a room, its writes kept in `writes` (one bytes object a write)."""
    writes: list[bytes] = []
    conn = ServerConnection(CONFIG, PregameLobby(CONFIG, clock=lambda: 0), writes.append)
    conn.is_robot = robot
    conn.writes = writes  # type: ignore[attr-defined]
    return conn


def got(conn: ServerConnection) -> list[str]:
    decoder = FrameDecoder()
    decoder.feed(b"".join(conn.writes))  # type: ignore[attr-defined]
    return list(decoder)


def fits(message) -> bool:
    try:
        return bool(message.frame)
    except FrameTooLong:
        return False


def expected(room: GameRoom, conn: ServerConnection, entries: list[Entry]) -> list:
    pn = next((p for p, holder in enumerate(room.holders) if holder is conn), None)
    return [e.message.to_cmd() for e in entries if e.audience.reaches_member(pn) and fits(e.message)
            and not (conn.is_robot and isinstance(e.message, GameServerText))]


def seated_members(rng, room, most: int) -> list:
    """1 to `most` random members (robots or people), three in four of them in a seat of `room`
    where one is free."""
    members = [new_member(rng.random() < 0.6) for _ in range(rng.randint(1, most))]
    for member in members:
        if rng.random() < 0.75:
            pn = rng.randrange(room.seat_count)
            if room.holders[pn] is None:
                room.holders[pn] = member
    return members


def test_each_member_gets_what_its_audiences_give_it():
    rng = random.Random(15)
    for case in range(400):
        six = rng.random() < 0.3
        room = GameRoom("g", {}, 0) if not six else GameRoom("g", {}, 0, seats=[None] * 6, robots=[False] * 6,
                                                                 holders=[None] * 6, faces=[0] * 6, locks=[0] * 6)
        members = seated_members(rng, room, 7)
        if case % 10 == 0:  # one connection in two seats: its first seat counts
            free = [pn for pn in range(room.seat_count) if room.holders[pn] is None]
            if free:
                room.holders[free[-1]] = members[0]
        room.members = list(members)
        audiences = [ALL, OBSERVER, *(to_player(pn) for pn in range(room.seat_count)),
                     all_except(rng.randrange(room.seat_count)), all_except(0, room.seat_count - 1)]
        entries = []
        for k in range(rng.randint(1, 9)):
            message = rng.choice([GameServerText("g", f"text {k}"), DiceResult("g", k), Turn("g", k % 4, 15)])
            entries.append(Entry(rng.choice(audiences), message))
        room.deliver(entries)
        for conn in members:
            assert got(conn) == expected(room, conn, entries), (case, entries)
            assert len(conn.writes) <= 1  # a member's share in one write


def test_a_batch_every_member_gets_whole_is_framed_once_and_the_same_bytes_go_to_each():
    """Every entry for everyone and no server text (most moves): the batch goes to every member,
    robot, person or observer, framed and joined once, as the audiences' rule says; a message
    too long for a frame is left out for everyone; a batch with a server text is each member's
    own share."""
    rng = random.Random(16)
    too_long = GameTextMsg("g", "someone", "x" * 70000)
    for case in range(300):
        room = GameRoom("g", {}, 0)
        members = seated_members(rng, room, 6)
        room.members = list(members)
        kinds = [DiceResult("g", 3), Turn("g", 1, 15)] + ([GameServerText("g", "text")] if case % 3 == 0 else [])
        messages = [rng.choice(kinds) for _ in range(rng.randint(1, 6))]
        if case % 7 == 0:
            messages.insert(rng.randrange(len(messages) + 1), too_long)
        entries = [Entry(ALL, message) for message in messages]
        room.deliver(entries)
        for conn in members:
            assert got(conn) == expected(room, conn, entries), (case, messages)
        texts = any(isinstance(m, GameServerText) for m in messages)
        if not texts:  # one framing for the batch: the very same bytes object to every member
            assert len({id(write) for conn in members for write in conn.writes}) == 1, case

"""`GameRoom.deliver` picks each member's share with audience masks: the same messages, in the
same order, as the audiences' own rule (`Audience.reaches_member` for the member's seat, no server
texts to robots), for batches of every audience kind and rooms of players, robots, observers
and a connection in two seats."""

from __future__ import annotations

import random

from tablehall.games.catan.jsettlers.framing import FrameDecoder
from tablehall.games.catan.jsettlers.game_messages import DiceResult, GameServerText, GameTextMsg, Turn
from tablehall.games.catan.jsettlers.lobby import GameRoom
from tablehall.games.catan.jsettlers.soclog import ALL, OBSERVER, Entry, all_except, to_player


class Member:
    """A member as `deliver` sees one: what it is sent, as wire strings, message by message; with
    `framed`, an output that takes a batch's frames as bytes (`ServerConnection.frames_sink`)."""

    def __init__(self, robot: bool, framed: bool = False) -> None:
        self.is_robot = robot
        self.got: list[str] = []
        self.frames_sink = self._frames if framed else None

    def send(self, *messages) -> None:
        self.got.extend(m.to_cmd() for m in messages)

    def _frames(self, frames: bytes) -> None:
        decoder = FrameDecoder()
        decoder.feed(frames)
        self.got.extend(decoder)
        assert decoder.pending_bytes == 0


def expected(room: GameRoom, member: Member, entries: list[Entry]) -> list:
    pn = next((p for p, holder in enumerate(room.holders) if holder is member), None)
    return [e.message.to_cmd() for e in entries if e.audience.reaches_member(pn)
            and not (member.is_robot and isinstance(e.message, GameServerText))]


def seated_members(rng, room, most: int) -> list:
    """1 to `most` random members (robots or people, framed or not), three in four of them in a
    seat of `room` where one is free."""
    members = [Member(rng.random() < 0.6, rng.random() < 0.7) for _ in range(rng.randint(1, most))]
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
        for member in members:
            assert member.got == expected(room, member, entries), (case, entries)


def test_a_batch_every_member_gets_whole_is_framed_once_and_the_same_bytes_go_to_each():
    """Every entry for everyone and no server text (most moves): the batch goes to every member,
    robot, person or observer, framed and joined once (`lobby._send_to_all`), as the audiences'
    rule says; a batch with a message too long for a frame is sent as messages (the session
    leaves that one out), a batch with a server text is each member's own share."""
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
        framed_batches = []
        for member in members:
            if member.frames_sink is not None:
                member.frames_sink = (lambda sink: lambda frames: (framed_batches.append(frames), sink(frames)))(
                    member.frames_sink)
        room.deliver(entries)
        for member in members:
            assert member.got == expected(room, member, entries), (case, messages)
        texts = any(isinstance(m, GameServerText) for m in messages)
        if not texts:  # one framing for the batch: the very same bytes object to every framed member
            assert len({id(frames) for frames in framed_batches}) <= 1, case
            assert not (too_long in messages and framed_batches), case

"""Whole recorded games against tablehall's JSettlers service (issue 5, items 5a and 5b).

(b) The two recorded classic robot games (A, B): the engine gets the recording's board, first
player, dice, development cards and stolen resources; every client message of the log is fed to
the service as a frame, in log order.  Everything the server logs for the game (each message
with its audience) must equal the recording, and every client must receive exactly the messages
the recording addresses to it, as frames.  One tolerance, the server's closing text "This game
was N rounds, and took M minutes S seconds.": the rounds must match, the duration is the
replay's own.

(a) The TCP transcript of game B: the external robot "extbot" (seat 0) sends exactly its
recorded client frames, and must receive exactly the Java server's frames, byte for byte, from
the handshake to the game's deletion.  Tolerance: the Java server's keep-alive `ServerPing`s
(and the robot's echoes) depend on wall-clock time and are left out of the comparison.
"""

from __future__ import annotations

import asyncio
import re

import pytest

from tablehall.games.catan.jsettlers import GameServerText, encode_frame
from tablehall.games.catan.jsettlers.soclog import read_soclog

from .conftest import read_jsonl, reference_path
from .recorded import RecordedGame

DURATION = re.compile(r"(This game was \d+ rounds, and took) \d+ minutes \d+ seconds\.")
PING = "9999|"


def tolerated(text: str) -> str:
    return DURATION.sub(r"\1 (time)", text)


def load(letter: str):
    return read_soclog(reference_path(f"recorded-classic4p-robots-{letter}.soclog").read_text(encoding="utf-8"))


def play(letter: str, robot_frames=None) -> tuple[RecordedGame, list]:
    game = RecordedGame(load(letter), robot_frames)
    logged: list = []
    asyncio.run(game.play(after=lambda g: logged.extend(g.room.log)))
    return game, logged


@pytest.fixture(scope="module", params=["A", "B"])
def replayed(request):
    return play(request.param)


def test_the_server_logs_the_recorded_game_message_for_message(replayed):
    game, logged = replayed
    expected = [tolerated(e.render()) for e in game.entries]
    ours = [tolerated(e.render()) for e in logged]
    assert len(ours) == len(expected)
    for index, (mine, theirs) in enumerate(zip(ours, expected)):
        assert mine == theirs, f"entry {index}"


def test_the_recorded_game_ends_as_recorded(replayed):
    game, _ = replayed
    record = game.room_record
    assert record.status == "finished"
    winner = record.result.details["winner"]
    comments = "\n".join(e.comment or "" for e in game.log.entries if e.audience is None)
    assert f"pn {game.service.seeding.pns[winner]}: total score 10" in comments and "Winner" in comments


def test_each_client_receives_what_the_recording_addresses_to_it(replayed):
    """From the game's start: ``all`` messages, the seat's ``pN`` and the ``!pN`` that include
    it; server texts only to humans."""
    game, _ = replayed
    start = game.start_index
    for pn, name in game.seats.items():
        robot = name in game.robot_names
        expected = [e.message.to_cmd() for e in game.entries[start:]
                    if not e.audience.from_client and e.audience.reaches(pn)
                    and not (robot and isinstance(e.message, GameServerText))]
        received = game.clients[name].received()
        assert [tolerated(w) for w in received[-len(expected) - 2:-2]] == [tolerated(w) for w in expected]
        assert received[-2:] == [f"1011|{game.creator},-,{game.log.game_name}", f"1015|{game.log.game_name}"]


def test_robot_transcript_frames_are_accepted_and_answered_byte_for_byte():
    frames = read_jsonl("robot-tcp-transcript-classic4p-B.jsonl")
    sent = iter([f["wire"] for f in frames if f["dir"] == "c2s" and not f["wire"].startswith(PING)])
    expected = [f["wire"] for f in frames if f["dir"] == "s2c" and not f["wire"].startswith(PING)]
    game, _ = play("B", robot_frames={"extbot": sent})
    assert next(sent, None) is None, "every client frame of the transcript was fed"
    received = game.clients["extbot"].transport.buffer
    assert bytes(received) == b"".join(encode_frame(w) for w in expected)


def test_the_observer_receives_the_public_messages_and_the_texts(replayed):
    """The human who started the robots-only game watches it: ``all`` and ``!pN`` messages,
    server texts included, never a ``pN`` one."""
    game, _ = replayed
    expected = [tolerated(e.message.to_cmd()) for e in game.entries[game.start_index:]
                if e.audience.kind in ("all", "except")]
    received = [tolerated(w) for w in game.clients[game.creator].received()]
    start = received.index(expected[0])
    assert received[start:start + len(expected)] == expected

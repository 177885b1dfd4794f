"""Precise end causes for bots out of process (issue 14): each way a subprocess or TCP bot can
fail is recorded as what it was (the protocol disqualifies in every case; the record's reason
says why), never as a vague "left the game" or a timeout it did not cause."""

from __future__ import annotations

import asyncio

import pytest

from tablehall.core import EndCause

from tests.dominion.conftest import bot_script, builtin, command_agent, play_match  # noqa: F401 (fixture)
from tests.dominion.test_service import Server, closed_by_server, handshake, read_lines
from tests.dominion.test_subprocess import scripted


def departures(record):
    return [(e.seat, e.forfeit, e.reason) for e in record.entries if e.forfeit]


CASES = {
    "exits": ("sys.exit(0)", "exited with code 0"),
    "crashes": ("sys.exit(3)", "crashed with code 3"),
    "is killed": ("import os, signal; os.kill(os.getpid(), signal.SIGKILL)", "was killed by signal SIGKILL"),
    # closes its output but lives on: reported at once, not after the 60 s reply limit
    "closes its output": ("import os, time; os.close(1); time.sleep(120)", "closed its output while still running"),
    "floods lines": ('sys.stdout.write("play-reply pass\\n" * 5000); sys.stdout.flush()',
                     "flooding: more than"),
    "floods without a newline": ('sys.stdout.write("x" * 3_000_000); sys.stdout.flush(); import time; time.sleep(120)',
                                 "flooded its output: more than 16384 bytes without a newline"),
}


@pytest.mark.parametrize("misdeed", CASES)
def test_a_subprocess_bot_is_recorded_for_what_it_did(bot_script, misdeed):
    code, reason = CASES[misdeed]
    command = scripted(bot_script, f'''
def on_turn(turn, actions, hand):
    if turn == 2:
        {code}
    return big_money(hand)
''')
    agents = [builtin("bigmoney", 0), command_agent(command, 1, reply_timeout=60), builtin("smithy", 2)]
    record = play_match(agents, seed=21, timeout=110)
    [(seat, cause, recorded)] = departures(record)
    assert (seat, cause) == (1, EndCause.DISQUALIFIED)
    assert recorded.startswith(reason), recorded
    assert record.status == "finished"


def test_no_answer_is_recorded_as_the_time_limit(bot_script):
    command = scripted(bot_script, '''
import time
def on_turn(turn, actions, hand):
    if turn == 2:
        time.sleep(120)
    return big_money(hand)
''')
    record = play_match([command_agent(command, 0, reply_timeout=1), builtin("bigmoney", 1)], seed=22, timeout=110)
    assert departures(record) == [(0, EndCause.DISQUALIFIED, "no answer within the time limit")]


def test_a_bot_that_cannot_start_says_why():
    record = play_match([builtin("bigmoney", 0), command_agent("/no/such/bot --x", 1)], seed=23)
    [(seat, cause, reason)] = departures(record)
    assert seat == 1 and cause == EndCause.DISQUALIFIED
    assert reason == "did not start: No such file or directory: /no/such/bot"


@pytest.mark.parametrize("misdeed, reason", [
    ("flood", "flooding: more than"),
    ("megabytes", "flooded: more than 16384 bytes without a newline"),
    ("hang up", "disconnected"),
])
def test_a_tcp_bot_is_recorded_for_what_it_did(tmp_path, misdeed, reason):
    async def scenario():
        async with Server(tmp_path) as server:
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(b"join bigmoney\n")
            await handshake(reader, writer)
            await read_lines(reader, "play-request")
            if misdeed == "flood":
                writer.write(b"play-reply pass\n" * 3000)
            elif misdeed == "megabytes":
                writer.write(b"y" * 2_000_000)
            else:
                writer.close()
            if misdeed != "hang up":
                await closed_by_server(reader)
            return await server.records(1)

    [record] = asyncio.run(scenario())
    [(seat, cause, recorded)] = departures(record)
    assert cause == EndCause.DISQUALIFIED and recorded.startswith(reason), recorded

"""Recorded sea-board and scenario games against tablehall's JSettlers service (issue 29), as the
classic recordings are checked (test_conformance_game.py, (b)).

Each robots-only game the JSettlers 2.7.00 server recorded is played again (`RobotsOnlyGame`): the
engine gets the recording's board (`SOCBoardLayout2` encoding 3), first player, dice, cards,
steals, the fog's contents and Pirate Islands' fleet and fortress dice; every client message of
the log is fed as a frame, in log order.  Everything the server logs for the game, from the robots'
invitations to the game over, each message with its audience, must equal the recording; every
robot must receive exactly the messages the recording addresses to it.  Tolerances: the game's
duration in the closing text (as for the classic games); the order of the options in a plain sea
game's robot invitations (the Java server's option map, in an order no rule found gives); in Fog
Islands, the order of a land area's nodes in `SOCPotentialSettlements` (it follows what the fog
hides; the nodes must be the same); requests after the game's end, which the Java server still
answers while tablehall has deleted the robots' finished game; and, for eight recordings, the
robots' invitations (their server invited the robots one by one, a race of its threads): those are
compared from the game's start (Fog Islands with fog revealed and a gold pick from fog, Through
The Desert, two games of The Forgotten Tribe, a 6-player New Shores, a Cloth Trade game, two
4-player Pirate Islands games).  The recordings that do not replay, and why:
docs/protocols/jsettlers.md.

Where the Java server's robot watchdog ended a stalled robot's turn (the log shows the turn
passed on without the robot's request), tablehall's watchdog ends it at the same point
(`recorded_robots`): the placement cancelled and paid back, a Road Building card given back,
an initial settlement taken back.  A game the recording server stopped before its end (its
robot stalled for good) is replayed up to where its log ends.  The Java server answers a
card played out of turn straight to the client's connection, which its log marks ``un``: that
robot must receive it.
"""

from __future__ import annotations

import asyncio
import re

import pytest

from tablehall.games.catan.jsettlers import GameServerText
from tablehall.games.catan.jsettlers.soclog import UNDETERMINED, read_soclog

from .conftest import reference_path
from .recorded_robots import RobotsOnlyGame

DURATION = re.compile(r"(This game was \d+ rounds, and took) \d+ minutes \d+ seconds\.")
REPLAYED = ["sea-4p", "sea-6p", "SC_NSHO-4p", "SC_NSHO-4p-c", "SC_4ISL-4p", "SC_FOG-4p", "SC_CLVI-4p", "SC_FTRI-6p",
            "SC_4ISL-4p-c", "SC_4ISL-6p", "SC_TTD-6p", "SC_TTD-4p-f-INCOMPLETE", "SC_PIRI-6p"]
#: replayed from the game's start: their server invited its robots one by one while the first
#: joined (a race of its threads), tablehall invites them at once
FROM_THE_START = ["SC_FOG-4p-d", "SC_TTD-4p-e", "SC_FTRI-4p", "SC_FTRI-4p-c", "SC_NSHO-6p", "SC_CLVI-4p-b",
                  "SC_PIRI-4p", "SC_PIRI-4p-c"]
CLOSING = "This game was "


def tolerated(text: str) -> str:
    text = DURATION.sub(r"\1 (time)", text)
    if "SOCBotJoinGameRequest" in text and "opts=" in text:
        head, opts = text.split("opts=")
        return head + "opts=" + ",".join(sorted(opts.split(",")))
    if "SOCPotentialSettlements" in text:
        return "|".join(" ".join(sorted(part.split(" "))) if part[:2] == "la" else part for part in text.split("|"))
    if text.startswith("1057|"):  # the wire form: each land area's run of nodes after its LAn
        runs, out = text.split(","), []
        for token in runs:
            if out and isinstance(out[-1], list) and not token.startswith(("LA", "SE")):
                out[-1].append(token)
            else:
                out.append([] if token.startswith("LA") else token)
                if token.startswith("LA"):
                    out.insert(len(out) - 1, token)
        return ",".join(",".join(sorted(t)) if isinstance(t, list) else t for t in out)
    return text


def until_the_closing_text(entries: list) -> list:
    """The game's entries up to its closing text (all of a log that stops before the end)."""
    closing = [i for i, e in enumerate(entries) if CLOSING in e.render()]
    return entries[:closing[-1] + 1] if closing else entries


def addressed_to(entries: list, pn: int) -> list:
    """What the recording's server sent robot `pn` (no server texts: robots are not sent them),
    an ``un`` entry (sent straight to a connection) going to the client whose message it answers."""
    out, asker = [], None
    for entry in entries:
        audience = entry.audience
        if audience.from_client:
            asker = audience.pn if audience.kind == "from_player" else None
        elif (audience.reaches(pn) or (audience == UNDETERMINED and asker == pn)) \
                and not isinstance(entry.message, GameServerText):
            out.append(entry)
    return out


@pytest.fixture(scope="module", params=REPLAYED + FROM_THE_START)
def replayed(request):
    log = read_soclog(reference_path(f"scenarios/games/{request.param}.soclog").read_text(encoding="utf-8"))
    game = RobotsOnlyGame(log)
    logged = asyncio.run(game.play())
    if request.param in FROM_THE_START:
        game.entries = game.entries[game.start_index:]
        game.start_index = 0
        logged = logged[next(i for i, e in enumerate(logged) if e.render() == game.entries[0].render()):]
    return game, logged


def test_the_server_logs_the_recorded_sea_game_message_for_message(replayed):
    game, logged = replayed
    expected = [tolerated(e.render()) for e in until_the_closing_text(game.entries)]
    ours = [tolerated(e.render()) for e in logged]
    for index, (mine, theirs) in enumerate(zip(ours, expected)):
        assert mine == theirs, f"entry {index}"
    assert len(ours) == len(expected)


def test_each_robot_receives_what_the_recording_addresses_to_it(replayed):
    game, _ = replayed
    for pn, name in game.seats.items():
        expected = [tolerated(e.message.to_cmd())
                    for e in addressed_to(until_the_closing_text(game.entries)[game.start_index:], pn)]
        received = [tolerated(w) for w in game.clients[name].received()]
        start = received.index(expected[0])
        assert received[start:start + len(expected)] == expected, name

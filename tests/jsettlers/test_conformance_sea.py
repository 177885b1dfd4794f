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
hides; the nodes must be the same); in the 6-player Fog Islands, the legal nodes at the start:
the recording's list leaves out every corner of one fog hex (most likely one hiding water, so the
list tells what the fog hides), which tablehall, keeping fog hidden, lists; the lists may differ
only by exactly all the corners of fog hexes the log never reveals as land
(`fog_hides_water_there`); requests after the game's end, which the Java server still answers
while tablehall has deleted the robots' finished game; and, for ten recordings, the robots'
invitations (their server invited the robots one by one, a race of its threads): those are
compared from the game's start (Fog Islands with fog revealed and a gold pick from fog, a
6-player New Shores, Through The Desert, a Cloth Trade game, two games of The Forgotten Tribe,
two of Wonders, two 4-player Pirate Islands games).  The recordings that do not replay, and why:
docs/protocols/jsettlers.md.

Where the Java server's robot watchdog ended a stalled robot's turn (the log shows the turn
passed on without the robot's request), tablehall's watchdog ends it at the same point
(`recorded_robots`): the placement cancelled and paid back, a Road Building card given back,
an initial settlement taken back; in Wonders, after each wonder level (the robots wait for an
answer the server never sends).  A game the recording server stopped before its end (its
robot stalled for good) is replayed up to where its log ends.  The Java server answers a
card played out of turn straight to the client's connection, which its log marks ``un``: that
robot must receive it.
"""

from __future__ import annotations

import asyncio
import re

import pytest

from tablehall.games.catan.jsettlers import GameServerText
from tablehall.games.catan.jsettlers.game_messages import BoardLayout2, PotentialSettlements, RevealFogHex
from tablehall.games.catan.jsettlers.message import parse_cmd
from tablehall.games.catan.jsettlers.soclog import UNDETERMINED, read_soclog

from .conftest import reference_path
from .recorded_robots import RobotsOnlyGame

DURATION = re.compile(r"(This game was \d+ rounds, and took) \d+ minutes \d+ seconds\.")
REPLAYED = ["sea-4p", "sea-6p", "SC_NSHO-4p", "SC_NSHO-4p-c", "SC_4ISL-4p", "SC_4ISL-4p-c", "SC_4ISL-6p", "SC_FOG-4p",
            "SC_FOG-6p", "SC_TTD-6p", "SC_TTD-4p-f-INCOMPLETE", "SC_CLVI-4p", "SC_FTRI-6p", "SC_WOND-4p-d", "SC_PIRI-6p"]
#: replayed from the game's start: their server invited its robots one by one while the first
#: joined (a race of its threads), tablehall invites them at once
FROM_THE_START = ["SC_FOG-4p-d", "SC_NSHO-6p", "SC_TTD-4p-e", "SC_CLVI-4p-b", "SC_FTRI-4p", "SC_FTRI-4p-c", "SC_WOND-4p",
                  "SC_WOND-6p", "SC_PIRI-4p", "SC_PIRI-4p-c"]
CLOSING = "This game was "
FOG_HEX = 8  # a land hex's type in SOCBoardLayout2 while fog hides it


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


def corners(hex_coord: int) -> set[int]:
    """A large-board hex's six nodes: the row above and the row below, one column either side."""
    row, col = hex_coord >> 8, hex_coord & 0xFF
    return {(row + dr) << 8 | (col + dc) for dr in (-1, 1) for dc in (-1, 0, 1)}


def fog_hides_water_there(mine, theirs, entries: list) -> bool:
    """Whether legal nodes `mine` are the recorded `theirs` plus exactly every corner (that
    `mine` lists) of some fog hexes the log never reveals as land: the Java server's start
    left out the corners of such a hex (most likely one hiding water)."""
    if not (isinstance(mine, PotentialSettlements) and isinstance(theirs, PotentialSettlements)) \
            or (mine.game, mine.pn, mine.nodes, mine.starting_area, mine.sea_edges, len(mine.land_areas)) \
            != (theirs.game, theirs.pn, theirs.nodes, theirs.starting_area, theirs.sea_edges, len(theirs.land_areas)):
        return False
    extra: set[int] = set()
    listed: set[int] = set()
    for ours, recorded in zip(mine.land_areas, theirs.land_areas):
        if not set(recorded) <= set(ours):
            return False
        extra |= set(ours) - set(recorded)
        listed |= set(ours)
    layout = next(e.message for e in entries if isinstance(e.message, BoardLayout2) and dict(e.message.parts).get("LH"))
    hexes = dict(layout.parts)["LH"]
    land = {hexes[i]: hexes[i + 1] for i in range(0, len(hexes), 3)}  # hex -> type as sent (8: fog)
    shown_land = {e.message.hex_coord for e in entries if isinstance(e.message, RevealFogHex) and e.message.hex_type}
    around = {h: corners(h) & listed for h, kind in land.items() if kind == FOG_HEX}
    water = {h for h, nodes in around.items() if nodes and nodes <= extra}
    return bool(water) and not water & shown_land and extra == set().union(*(around[h] for h in water))


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
    expected = until_the_closing_text(game.entries)
    for index, (mine, theirs) in enumerate(zip(logged, expected)):
        ours, recorded = tolerated(mine.render()), tolerated(theirs.render())
        if ours != recorded:
            assert mine.audience == theirs.audience and fog_hides_water_there(
                mine.message, theirs.message, game.entries), f"entry {index}: {ours} != {recorded}"
    assert len(logged) == len(expected)


def test_each_robot_receives_what_the_recording_addresses_to_it(replayed):
    game, _ = replayed
    for pn, name in game.seats.items():
        expected = [e.message.to_cmd()
                    for e in addressed_to(until_the_closing_text(game.entries)[game.start_index:], pn)]
        received = game.clients[name].received()
        start = received.index(expected[0])
        mine = received[start:start + len(expected)]
        assert len(mine) == len(expected), name
        for wire, recorded in zip(mine, expected):
            if tolerated(wire) != tolerated(recorded):
                assert fog_hides_water_there(parse_cmd(wire), parse_cmd(recorded), game.entries), \
                    f"{name}: {wire} != {recorded}"

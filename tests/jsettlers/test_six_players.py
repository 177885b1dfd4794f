"""5-6 player games through the protocol: six seats, the 6-player board (BoardLayout2, encoding
2) and the special building phase (ASK_SPECIAL_BUILD, state 100), played to the end over TCP by
scripted robot clients and tablehall bots.  Runs where the engine plays 5-6 players."""

from __future__ import annotations

import asyncio
import re

import pytest

from tablehall.core import replay
from tablehall.games.catan import SPEC
from tablehall.games.catan import actions as A
from tablehall.games.catan.jsettlers import parse_cmd
from tablehall.games.catan.jsettlers.connection import ServerConfig
from tablehall.games.catan.jsettlers.game_messages import BoardLayout2, PlayerElement, Turn

from .memory import VERSION_2700, Client, memory_service, until
from .scripted_robot import robot
from .test_loopback import COOKIE, assert_nothing_hidden_leaked, serve, store  # noqa: F401

pytestmark = pytest.mark.skipif(
    max(SPEC.seat_counts) < 6 or not hasattr(A, "ASK_SPECIAL_BUILD") or ServerConfig().offer.max_players < 6,
    reason="5-6 players are not served yet (the engine lacks them, or the server's offer holds PL to 4)")


@pytest.mark.parametrize("seats", [6, 5])
def test_scripted_robots_play_a_five_or_six_player_game_with_special_building(store, seats):  # noqa: F811
    outcomes, records = serve(store, lambda port, oracle: [
        robot(port, f"bot{i}", COOKIE, oracle, seed=i) for i in range(3)],
        robot_games=1, robot_game_robots=3, robot_game_seats=seats, seed=23)
    for outcome in outcomes:
        assert outcome.saw_game_over and outcome.deleted and not outcome.refused, outcome.name
    [record] = records
    assert record.status == "finished" and replay(record, SPEC).matches
    assert len(record.seats) == seats
    received = [parse_cmd(w) for w in outcomes[0].received]
    empty, layout = [m for m in received if isinstance(m, BoardLayout2)]  # while the robots sit, then the board
    assert dict(empty.parts)["HL"] == (6,) * 37
    assert layout.encoding == 2 and [k for k, _ in layout.parts] == ["HL", "NL", "PL", "RH"]
    assert any(m.to_cmd().startswith("1068|tablehall robots 1,") and m.to_cmd().count(",") == 6 for m in received)
    special_turns = [m for m in received if isinstance(m, Turn) and m.game_state == 100]
    asks = [m for m in received if isinstance(m, PlayerElement) and m.element == 16]
    assert special_turns and asks, "somebody asked for and took a special building turn"
    assert_nothing_hidden_leaked(outcomes, record)


def test_only_clients_older_than_2_5_are_told_whose_special_building_turn_it_is():
    """From 2.5.00 on a client says "Special building phase: X's turn to place." itself when the
    `Turn` to state 100 comes; the Java server sends the text to older clients only (and its
    recorded 6-player games have none): a 2.7.00 client would show it twice."""
    async def scenario():
        service = memory_service(min_client_version=2000, game_log=True)
        old, new = Client(service, "old"), Client(service, "new")
        old.send("9998|2400,2.4.00,JM20200704,;6pl;sb;,en_US")
        new.send(VERSION_2700)
        room = service.lobby.create_bot_game("five", "PL=5", seats=5, robots=0)
        for client in (old, new):
            client.send(f"1013|{client.name},\t,\t,five")
        await until(lambda: room.play.finished)
        return old.received(), new.received(), room.log

    old, new, log = asyncio.run(scenario())
    special_turns = [i for i, wire in enumerate(old) if wire.startswith("1026|five,") and wire.endswith(",100")]
    assert special_turns, "the bots took special building turns"
    for i in special_turns:  # each special turn, then the text naming its player
        text = re.fullmatch(r"1091\|five\x01Special building phase: (.+)'s turn to place\.", old[i + 1])
        assert text is not None and f"1012|five,{text[1]},{old[i].split(',')[1]},true" in old
    assert len([w for w in old if "Special building phase" in w]) == len(special_turns)
    assert [w for w in new if w.endswith(",100") and w.startswith("1026|")] == [old[i] for i in special_turns]
    assert not [w for w in new if "Special building phase" in w]
    assert not [e for e in log if "Special building phase" in e.render()]

"""Sea-board and scenario games over real loopback sockets (issue 29): a person creates the game
with the options a 2.7.00 client's New Game dialog sends (``SBL=t``, or ``SC=<scenario>``),
sits and starts it; three scripted robot clients are invited and play every decision as
JSettlers requests over TCP (ships placed and moved, the robber or the pirate, free picks,
fortress attacks, wonders); the game ends, its record replays, and no client learns a secret
that is not its own (fog hexes included: their contents are never sent before they are
revealed)."""

from __future__ import annotations

import pytest

from tablehall.core import replay
from tablehall.games.catan import SPEC
from tablehall.games.catan.jsettlers import parse_cmd
from tablehall.games.catan.jsettlers.game_messages import (
    BoardLayout2,
    JoinGameAuth,
    PotentialSettlements,
    RevealFogHex,
    RobberyResult,
)
from tablehall.games.catan.jsettlers.lobby_messages import NewGameWithOptions
from tablehall.games.catan.sea.board import FOG, JS_OF_TERRAIN, layout_for

from .scripted_robot import robot
from .test_loopback import COOKIE, ROBOT, assert_only_own_secrets, delayed, serve, store  # noqa: F401

BOARDS = [("PL=4,SBL=t", ""), *((f"PL=4,SC={key}", key) for key in
                                 ("SC_NSHO", "SC_4ISL", "SC_FOG", "SC_TTD", "SC_CLVI", "SC_PIRI", "SC_FTRI", "SC_WOND"))]
JS_FOG = JS_OF_TERRAIN[FOG]


def play_sea_game(store, options: str, seed: int = 5):
    return serve(store, lambda port, oracle: [
        delayed(robot(port, "alice", COOKIE, oracle, seed=9, create="sea", options=options)),
        *(robot(port, f"bot{i}", COOKIE, oracle, seed=i) for i in range(3))], seed=seed)


@pytest.mark.parametrize("options, scenario", BOARDS, ids=[key or "SBL" for _, key in BOARDS])
def test_robots_play_a_sea_game_to_the_end_over_the_wire(store, options, scenario):  # noqa: F811
    outcomes, records = play_sea_game(store, options)
    for outcome in outcomes:
        assert outcome.saw_game_over and outcome.deleted and not outcome.gave_up, outcome.name
        assert not outcome.refused, (outcome.name, outcome.refused[:3])
    [record] = records
    assert record.status == "finished"
    assert record.options.get("scenario", "") == scenario and record.options["sea_board"]
    assert [s.agent for s in record.seats].count(ROBOT) == 3
    assert replay(record, SPEC).matches
    names = [s.name for s in record.seats]
    for outcome in outcomes:  # cloth counts are public: a cloth robbery (element 106) is told to all
        secrets = [w for w in outcome.received if not (isinstance(m := parse_cmd(w), RobberyResult) and m.kind == "E")]
        assert_only_own_secrets(secrets, names.index(outcome.name))
    received = [parse_cmd(w) for w in outcomes[0].received]
    [announced] = [m for m in received if isinstance(m, NewGameWithOptions)]
    assert announced.min_version == 2000 and "SBL=t" in announced.options
    layout = layout_for(scenario, False)
    [auth] = [m for m in received if isinstance(m, JoinGameAuth)]
    assert (auth.board_height, auth.board_width) == (layout.frame.height, layout.frame.width)
    [board] = [m for m in received if isinstance(m, BoardLayout2) and dict(m.parts).get("LH")]
    assert board.encoding == 3
    land = dict(board.parts)["LH"]
    fog = [c for c, t, n in zip(land[::3], land[1::3], land[2::3]) if t == JS_FOG]
    assert all(n == 0 for t, n in zip(land[1::3], land[2::3]) if t == JS_FOG), "a fog hex's number is hidden"
    assert len(fog) == (len(layout.fog_pool[0]) if layout.fog_pool else 0)
    revealed = [m.hex_coord for m in received if isinstance(m, RevealFogHex)]
    assert set(revealed) <= set(fog) and len(revealed) == len(set(revealed))
    assert any(isinstance(m, PotentialSettlements) and m.starting_area == layout.start_area for m in received)


def test_a_six_player_scenario_game_on_its_six_player_layout(store):  # noqa: F811
    outcomes, records = play_sea_game(store, "PL=6,PLB=t,SC=SC_FOG", seed=6)
    [record] = records
    assert record.status == "finished" and record.options["max_players"] == 6
    assert replay(record, SPEC).matches
    [auth] = [m for m in map(parse_cmd, outcomes[0].received) if isinstance(m, JoinGameAuth)]
    layout = layout_for("SC_FOG", True)
    assert (auth.board_height, auth.board_width) == (layout.frame.height, layout.frame.width)

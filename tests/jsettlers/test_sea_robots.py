"""Robots-only sea-board and scenario games tablehall starts itself (``robot_games`` with
``robot_game_options``), with scripted robot clients and, where one is available, with JSettlers
2.7.00's own robots (issue 29).

Set ``TABLEHALL_JSETTLERS_ROBOT`` as for tests/jsettlers/test_strength.py to a command starting
one JSettlers robot; without it those games are skipped with that reason.
"""

from __future__ import annotations

import pytest

from tablehall.core import replay
from tablehall.games.catan import SPEC
from tablehall.games.catan.jsettlers.service import ConfigError, settings_from

from .scripted_robot import robot
from .test_loopback import COOKIE, ROBOT, serve, store  # noqa: F401
from .test_strength import COMMAND, trial

SCENARIOS = ["SBL=t", "SC=SC_NSHO", "SC=SC_4ISL", "SC=SC_FOG", "SC=SC_TTD", "SC=SC_CLVI", "SC=SC_PIRI", "SC=SC_FTRI",
             "SC=SC_WOND"]


def test_tablehall_starts_a_robots_only_scenario_game(store):  # noqa: F811
    outcomes, records = serve(store, lambda port, oracle: [
        robot(port, f"bot{i}", COOKIE, oracle, seed=i) for i in range(4)],
        robot_games=1, seed=12, robot_game_options="SC=SC_TTD")
    assert all(o.saw_game_over and not o.refused for o in outcomes)
    [record] = records
    assert record.status == "finished" and record.options["scenario"] == "SC_TTD"
    assert [s.agent for s in record.seats] == [ROBOT] * 4
    assert replay(record, SPEC).matches


@pytest.mark.parametrize("options", ["PL=6", "SC=SC_ZZZ", "SBL=t,_SC_FOG=t", 7])
def test_robot_game_options_are_checked_at_start(options):
    with pytest.raises(ConfigError, match="robot_game_options"):
        settings_from({"robot_game_options": options})


@pytest.mark.slow
@pytest.mark.skipif(not COMMAND, reason="set TABLEHALL_JSETTLERS_ROBOT to a command starting one JSettlers 2.7.00 "
                                        "robot (HOST PORT NAME COOKIE) to play sea games with it")
@pytest.mark.parametrize("options", SCENARIOS)
def test_jsettlers_robots_play_a_scenario_to_the_end(tmp_path, options):
    """Four JSettlers robots play one game of the board to the end (every game stored finished)."""
    _, played = trial(tmp_path, 4, 1, options)
    assert played == 1

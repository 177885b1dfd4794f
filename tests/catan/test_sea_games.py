"""tablehall's own bots play the plain sea board and every scenario legally to the end, for 3, 4
and 6 players; every rule invariant holds after every action of random sea and scenario games
(a short run here, 1,000 games under the slow marker); sea games are records like any other:
the same seed gives the same record, replay reproduces it, and SGN says which rules it cannot
carry."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest

from tablehall.core import BotAgent, Match, derive_seed, replay
from tablehall.games.catan import SPEC
from tablehall.games.catan.sea.scenarios import SCENARIOS
from tablehall.games.catan.sgn import SGNError

from .sea_helpers import play_bots
from .sea_invariants import check_sea_invariants

BOARDS = sorted(SCENARIOS)  # "" is the plain sea board


@pytest.mark.parametrize("bot", ["random", "strong"])
@pytest.mark.parametrize("seats", [3, 4, 6])
@pytest.mark.parametrize("scenario", BOARDS, ids=[k or "SBL" for k in BOARDS])
def test_bots_play_every_scenario_to_the_end(scenario, seats, bot):
    for seed in (1, 2):
        st = play_bots(seats, scenario, seed, bot=bot)  # every action checked before it is applied
        assert st.is_over, (scenario, seats, bot, seed, st.action_count)
        result = st.result()
        assert result.winners == [st.winner]
        assert st._scenario_allows_win(st.winner) or st.scenario.cloth


ROUTE_EVENTS = frozenset(("built", "ship_moved", "fortress_attacked", "build_undone"))


def _fuzz(scenario: str, seats: int, seed: int) -> None:
    checks = 0

    def each(st, events):
        nonlocal checks
        check_sea_invariants(st, routes=any(e.kind in ROUTE_EVENTS for e in events))
        checks += 1

    st = play_bots(seats, scenario, seed, each=each)
    assert st.is_over and checks == st.action_count


@pytest.mark.parametrize("scenario", BOARDS, ids=[k or "SBL" for k in BOARDS])
def test_invariants_hold_in_random_games(scenario):
    _fuzz(scenario, 4, 11)


@pytest.mark.slow
def test_invariants_hold_in_a_thousand_random_sea_games():
    for game in range(1000):
        scenario = BOARDS[game % len(BOARDS)]
        seats = (3, 4, 4, 5, 6)[game // len(BOARDS) % 5]
        _fuzz(scenario, seats, derive_seed(2024, game))


def _record(scenario: str, seed: int, seats: int = 4):
    agents = [BotAgent(SPEC.bots[("strong", "random")[i % 2]](derive_seed(seed, i))) for i in range(seats)]
    return asyncio.run(Match(SPEC, agents, seed=seed, options={"sea_board": True, "scenario": scenario}).run())


@pytest.mark.parametrize("scenario", ["", "SC_FOG", "SC_PIRI", "SC_WOND"])
def test_sea_games_record_and_replay_byte_for_byte(scenario):
    first, second = _record(scenario, 9), _record(scenario, 9)
    assert first.digest() == second.digest()
    assert [(e.seat, e.action) for e in first.entries] == [(e.seat, e.action) for e in second.entries]
    assert first.options["sea_board"] and first.options.get("scenario", "") == scenario
    again = replay(first, SPEC)
    assert again.state.is_over and again.matches


def test_sgn_says_which_rules_it_cannot_carry():
    record = _record("SC_PIRI", 4)
    with pytest.raises(SGNError) as refused:
        SPEC.exporters["sgn"](record)
    message = str(refused.value)
    assert "\n" not in message and "Pirate Islands and Fortresses" in message
    for rule in ("the sea board", "ships", "the pirate fleet, fortresses and warships", "without the longest road"):
        assert rule in message


def test_the_command_line_plays_and_replays_a_scenario(tmp_path: Path):
    play = subprocess.run([sys.executable, "-m", "tablehall.cli", "play", "catan", "--seats", "strong,random,random",
                           "--seed", "3", "--option", "scenario=SC_CLVI", "--record-dir", str(tmp_path), "--no-db",
                           "--quiet"], capture_output=True, text=True, timeout=600)
    assert play.returncode == 0, play.stderr
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 1
    again = subprocess.run([sys.executable, "-m", "tablehall.cli", "replay", str(records[0])],
                           capture_output=True, text=True, timeout=600)
    assert again.returncode == 0 and "result reproduced" in again.stdout, again.stdout + again.stderr
    sgn = subprocess.run([sys.executable, "-m", "tablehall.cli", "export", "--format", "sgn", str(records[0])],
                         capture_output=True, text=True, timeout=600)
    assert sgn.returncode != 0 and sgn.stderr.count("\n") == 1 and "cloth villages" in sgn.stderr

"""Sea-board and scenario games as .soclog game event logs and back (issue 29).

Import: games the JSettlers 2.7.00 server recorded with its robots become records whose game ends
as recorded (a turn the server's robot watchdog ended is ended by the importer too) (every player's final score, from the log's closing ``pn N: total score X`` lines)
and which replay.  The engine takes the recorded sea board (`SOCBoardLayout2` encoding 3), the
fog's contents as the log reveals them, the dice, cards and steals.  Export: a sea or scenario
game tablehall's bots played is written as a log that reads back as the same record, and the
``tablehall`` command line does both.
"""

from __future__ import annotations

import asyncio
import re

import pytest

from tablehall.cli import main
from tablehall.core import BotAgent, Match, replay
from tablehall.games.catan import SPEC
from tablehall.games.catan.jsettlers.game_messages import BoardLayout2
from tablehall.games.catan.jsettlers.seeding import seeding_from_soclog
from tablehall.games.catan.jsettlers.soclog import read_soclog

from .conftest import reference_path

RECORDED = ["sea-4p", "sea-6p", "SC_NSHO-4p", "SC_NSHO-4p-c", "SC_NSHO-6p", "SC_4ISL-4p", "SC_4ISL-6p", "SC_FOG-4p",
            "SC_FOG-4p-d", "SC_FOG-6p", "SC_TTD-4p-e", "SC_CLVI-4p", "SC_FTRI-4p", "SC_FTRI-4p-c", "SC_FTRI-6p",
            "SC_WOND-4p", "SC_WOND-4p-d", "SC_4ISL-4p-c", "SC_CLVI-4p-b", "SC_TTD-6p", "SC_WOND-6p", "SC_PIRI-4p",
            "SC_PIRI-4p-c", "SC_PIRI-6p"]


def recorded(name: str) -> str:
    return reference_path(f"scenarios/games/{name}.soclog").read_text(encoding="utf-8")


def final_scores(text: str) -> dict[int, int]:
    return {int(pn): int(score) for pn, score in re.findall(r"pn (\d+): total score (\d+)", text)}


@pytest.mark.parametrize("name", RECORDED)
def test_a_recorded_sea_game_imports_and_ends_as_recorded(name):
    text = recorded(name)
    record = SPEC.importers["soclog"](text)
    assert record.status == "finished"
    pns = seeding_from_soclog(read_soclog(text)).pns
    assert {pns[seat]: info.score for seat, info in enumerate(record.result.seats)} == final_scores(text)
    assert record.options["sea_board"]
    assert replay(record, SPEC).matches


def sea_bot_game(seed: int, **options):
    agents = [BotAgent(SPEC.bots["random"](seed + i), name=f"bot {i}") for i in range(4)]
    return asyncio.run(Match(SPEC, agents, seed=seed, options={"sea_board": True, **options}).run())


@pytest.mark.parametrize("scenario", ["", "SC_NSHO", "SC_FOG", "SC_CLVI", "SC_PIRI", "SC_FTRI", "SC_WOND"])
def test_an_exported_sea_game_reads_back_as_the_same_record(scenario):
    record = sea_bot_game(29, scenario=scenario)
    text = SPEC.exporters["soclog"](record)
    log = read_soclog(text)
    assert "SBL=t" in log.options and (f"SC={scenario}" in log.options) == bool(scenario)
    assert any(isinstance(m, BoardLayout2) and m.encoding == 3 for _, m in log.messages())
    back = SPEC.importers["soclog"](text)
    assert [e.action for e in back.entries] == [e.action for e in record.entries]
    assert back.result.to_json() == record.result.to_json()
    assert replay(back, SPEC).matches


def test_cli_imports_and_exports_a_recorded_scenario_game(tmp_path, capsys):
    source = tmp_path / "fog.soclog"
    source.write_text(recorded("SC_FOG-4p-d"), encoding="utf-8")
    db = tmp_path / "db.sqlite"
    assert main(["import", "catan", str(source), "--format", "soclog", "--db", str(db)]) == 0
    record_id = capsys.readouterr().out.split(" as ")[1].split()[0]
    assert main(["export", "--format", "soclog", "--db", str(db), record_id]) == 0
    out = capsys.readouterr().out
    assert "SOCNewGameWithOptions:game=" in out and "SC=SC_FOG" in out and "SOCRevealFogHex" in out
    assert final_scores(out) == final_scores(recorded("SC_FOG-4p-d"))


def test_a_debug_users_sea_game_imports_up_to_its_first_debug_command():
    """JSettlers' all-basic-actions log is a sea game a debug user played with debug commands
    (``rsrcs:`` gives resources, ``devnext:`` picks cards): no rule does that, so the record
    holds the game up to there and ends aborted."""
    text = reference_path("all-basic-actions.soclog").read_text(encoding="utf-8")
    record = SPEC.importers["soclog"](text)
    assert record.status == "aborted" and record.options["sea_board"]
    assert [e.action[0] for e in record.entries[:4]] == ["settlement", "road", "settlement", "road"]
    assert replay(record, SPEC).matches


def test_a_turn_the_server_ended_for_a_robot_is_ended_in_the_record():
    """In Wonders the Java server's watchdog ends robots' turns (they wait for an answer the
    server never sends): the log shows the next `Turn` without the robot's `EndTurn`, and the
    record has the server's ``force_end_turn`` there."""
    record = SPEC.importers["soclog"](recorded("SC_WOND-4p"))
    text = recorded("SC_WOND-4p")
    ended = [e.action for e in record.entries if e.action[0] in ("end_turn", "force_end_turn")]
    assert text.count("SOCEndTurn") < len(ended) and ["force_end_turn"] in ended
    assert record.status == "finished"


def test_an_initial_settlement_the_watchdog_took_back_is_taken_back_in_the_record():
    """SC_4ISL-4p-c: the last robot to place could not place its road; the Java server took its
    settlement back and passed the turn on: the robot ends the game with one settlement less."""
    text = recorded("SC_4ISL-4p-c")
    record = SPEC.importers["soclog"](text)
    forced = [i for i, e in enumerate(record.entries) if e.action == ["force_end_turn"]]
    assert len(forced) == 1 and record.entries[forced[0] - 1].action[0] == "settlement"
    seat = record.entries[forced[0]].seat
    state = SPEC.new(len(record.seats), record.options, record.seed)
    for entry in record.entries[:forced[0] + 1]:
        state.apply(entry.seat, SPEC.decode_action(entry.action))
    assert state.node_owner.count(seat) == 1 and state.pieces[seat][1] == 4  # the first one stays
    assert state.phase.name == "ROLL_OR_CARD" and state.current != seat  # its first turn ended too


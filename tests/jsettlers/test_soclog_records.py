"""Records as .soclog game event logs and back (`SPEC.exporters["soclog"]`, `importers["soclog"]`,
``tablehall export --format soclog`` and ``tablehall import catan --format soclog``)."""

from __future__ import annotations

import asyncio

import pytest

from tablehall.cli import main
from tablehall.core import BotAgent, IllegalAction, Match, Record, SeatInfo, replay
from tablehall.core import Entry as RecordEntry
from tablehall.core.store import SqliteStore
from tablehall.games.catan import SPEC
from tablehall.games.catan import actions as A
from tablehall.games.catan.jsettlers import DevCardAction, SitDown, StartGame
from tablehall.games.catan.jsettlers.requests import Answer, Forward, Request, interpret
from tablehall.games.catan.jsettlers.seeding import SeedingError, seeding_from_soclog
from tablehall.games.catan.jsettlers.soclog import SoclogError, read_soclog

from .conftest import reference_path


def recorded(letter: str) -> str:
    return reference_path(f"recorded-classic4p-robots-{letter}.soclog").read_text(encoding="utf-8")


def bot_game(seed: int = 3, **options):
    agents = [BotAgent(SPEC.bots["random"](seed + i), name=f"bot {i}") for i in range(4)]
    return asyncio.run(Match(SPEC, agents, seed=seed, options=options).run())


@pytest.mark.parametrize("letter, winner, rounds", [("A", 1, 14), ("B", 3, 21)])
def test_recorded_jsettlers_games_import_as_records_that_replay(letter, winner, rounds):
    record = SPEC.importers["soclog"](recorded(letter))
    assert record.status == "finished"
    assert record.result.details == {"winner": winner, "rounds": rounds}
    assert record.result.seats[winner].score == 10
    assert replay(record, SPEC).matches
    assert f"total score 10: {record.seats[winner].name}, " in recorded(letter)


def test_an_exported_game_reads_back_as_the_same_record():
    record = bot_game(domestic_trades=False, vp_to_win=12)
    text = SPEC.exporters["soclog"](record)
    log = read_soclog(text)  # what JSettlers' GameEventLog.load accepts
    assert log.options == "PL=4,NT=t,VP=t12"
    assert [m.nickname for _, m in log.messages() if isinstance(m, SitDown)] == [f"bot {i}" for i in range(4)]
    back = SPEC.importers["soclog"](text)
    assert [e.action for e in back.entries] == [e.action for e in record.entries]
    assert back.result.to_json() == record.result.to_json()
    assert replay(back, SPEC).matches


def test_export_writes_the_server_messages_of_the_live_game():
    """The exported log of a recorded JSettlers game says what the Java server said, except
    its answers to requests that changed nothing (a record keeps only actions), the server
    texts, and the victory point cards' names (the engine scripts VP cards by type)."""
    original = read_soclog(recorded("B"))
    seeding = seeding_from_soclog(original)
    state = SPEC.new(4, SPEC.normalize_options(seeding.options), 0)
    theirs, skip, started = [], 0, False
    for audience, message in original.messages():
        started = started or isinstance(message, StartGame)
        if not started:
            continue
        if audience.kind == "from_player":
            who = Request(audience.pn, audience.pn, True, seeding.pns, original.game_name)
            decision = interpret(message, who, state)
            if isinstance(decision, Forward):
                state.apply(audience.pn, decision.action)
            elif isinstance(decision, Answer):
                skip = len(decision.entries)  # the answer's messages follow: not in a record
        elif skip:
            skip -= 1
        elif audience.kind != "from_observer":
            theirs.append(comparable(audience, message, original.game_name))
    exported = read_soclog(SPEC.exporters["soclog"](SPEC.importers["soclog"](recorded("B"))))
    ours = [comparable(a, m, exported.game_name) for a, m in exported.messages()
            if not a.from_client and m is not None]
    ours = ours[ours.index(next(x for x in ours if "SOCStartGame" in x)):]
    theirs = [m for m in theirs if "SOCChangeFace" not in m and "SOCGameServerText" not in m]
    ours = [m for m in ours if "SOCGameServerText" not in m]
    assert ours == theirs


def comparable(audience, message, game: str) -> str:
    text = message.to_str().replace(f"game={game}", "game=G")
    if isinstance(message, DevCardAction) and message.cards[0] in (4, 5, 6, 7, 8):
        text = "VP card"
    return f"{audience.prefix()}:{text}"


@pytest.mark.parametrize("name", ["test-missing-header.soclog"])
def test_logs_that_are_no_classic_game_are_refused(name):
    text = reference_path(name).read_text(encoding="utf-8")
    with pytest.raises((SoclogError, SeedingError, ValueError)):
        SPEC.importers["soclog"](text)


def test_cli_import_then_export(tmp_path, capsys):
    source = tmp_path / "b.soclog"
    source.write_text(recorded("B"), encoding="utf-8")
    db = tmp_path / "db.sqlite"
    assert main(["import", "catan", str(source), "--format", "soclog", "--db", str(db)]) == 0
    record_id = capsys.readouterr().out.split(" as ")[1].split()[0]
    assert main(["export", "--format", "soclog", "--db", str(db), record_id]) == 0
    out = capsys.readouterr().out
    assert out.startswith("SOC game event log: type=F, version=2700")
    assert "total score 10: robot 3, Largest Army, Longest Road, Winner" in out
    store = SqliteStore(db)
    assert store.load(record_id).status == "finished"
    store.close()


def test_export_is_the_same_in_processes_with_different_string_hashing(tmp_path):
    import json
    import os
    import subprocess
    import sys

    record = bot_game(seed=9)
    path = tmp_path / "record.json"
    path.write_text(record.dumps(), encoding="utf-8")
    script = ("import sys; from tablehall.core import Record; from tablehall.games.catan import SPEC; "
              "sys.stdout.write(SPEC.exporters['soclog'](Record.loads(open(sys.argv[1]).read())))")
    outputs = [subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True, text=True, check=True,
                              env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2")]
    assert outputs[0] == outputs[1] == SPEC.exporters["soclog"](record)
    assert json.loads(record.dumps())["game"] == "catan"


def test_an_export_carries_the_observer_lines_the_java_server_writes():
    """Each player joins as the Java server logs it: the join sequence it is sent as an observer
    (``ob:``), then ``all:SOCJoinGame``; the first block is line for line the recorded game's."""
    import re

    record = bot_game()
    text = SPEC.exporters["soclog"](record)
    lines = text.splitlines()
    joins = [i for i, line in enumerate(lines) if line.startswith("all:SOCJoinGame:")]
    assert len(joins) == 4
    blocks, start = [], next(i for i, line in enumerate(lines) if line.startswith("ob:"))
    for end in joins:
        blocks.append(lines[start:end])
        start = end + 1
    assert all(line.startswith("ob:") for block in blocks for line in block)
    assert [b[-2] for b in blocks] == [f"ob:SOCGameMembers:game={read_soclog(text).game_name}|members=[" +
                                       ", ".join(f"bot {i}" for i in range(k + 1)) + "]" for k in range(4)]

    def normal(line: str, game: str) -> str:
        line = line.replace(f"game={game}", "game=G")
        line = re.sub(r"stype=2\|\d+\|", "stype=2|T|", line)
        return re.sub(r"members=\[[^]]*\]", "members=[M]", line)
    java = recorded("A").splitlines()
    java_first = java[5:java.index("all:SOCJoinGame:nickname=debug|password empty|host=\t|game=classic4")]
    assert [normal(x, "classic4") for x in java_first] == [normal(x, read_soclog(text).game_name) for x in blocks[0]]
    assert sum(len(b) for b in blocks) == 4 * len(java_first)
    back = SPEC.importers["soclog"](text)  # the importer reads past them
    assert [e.action for e in back.entries] == [e.action for e in record.entries]


@pytest.mark.parametrize("seats, options", [(6, {}), (5, {"special_building_5_6_only": True}),
                                            (4, {"six_player_board": True})])
def test_games_on_the_six_player_board_export_and_read_back(seats, options):
    """A .soclog is JSettlers' messages with their audiences, so it holds a 5-6 player game as the
    Java server logs one: six seats, the board as `SOCBoardLayout2` (encoding 2), the special
    building phase's messages; it reads back to the same actions and result."""
    agents = [BotAgent(SPEC.bots["random"](11 + i), name=f"bot {i}") for i in range(seats)]
    record = asyncio.run(Match(SPEC, agents, seed=11, options=options).run())
    assert record.status == "finished"
    text = SPEC.exporters["soclog"](record)
    log = read_soclog(text)
    assert log.options == {6: "PL=6", 5: "PL=5,PLP=t", 4: "PL=4,PLB=t"}[seats]
    lines = text.splitlines()
    real_layouts = [line for line in lines if line.startswith("all:SOCBoardLayout2:") and "|bef=2|HL=" in line]
    assert len(real_layouts) == 1 and not any("SOCBoardLayout:" in line for line in lines)
    assert [m.pn for a, m in log.messages() if isinstance(m, SitDown) and a.kind == "all"] == list(range(seats))
    if seats == 6:
        assert any("elementType=16" in line for line in lines), "someone asked to special-build"
    back = SPEC.importers["soclog"](text)
    assert back.options["board"] and SPEC.new(seats, back.options, 0).geo.name == "six"
    assert [e.action for e in back.entries] == [e.action for e in record.entries]
    assert back.result.to_json() == record.result.to_json()
    assert replay(back, SPEC).matches


@pytest.mark.parametrize("seats, options", [(4, {}), (6, {}), (4, {"sea_board": True, "scenario": "SC_CLVI"})])
def test_turns_the_server_ended_read_back_as_the_same_record(seats, options):
    """``force_end_turn`` (the robot watchdog) in every phase it may end, initial settlements
    taken back included: the log has no client request for it, the server's messages show it,
    and the record reads back the same."""
    options = SPEC.normalize_options(options)
    state = SPEC.new(seats, options, 8)
    record = Record(SPEC.name, SPEC.rules_version, options, 8, [SeatInfo(f"s{i}", "bot:random") for i in range(seats)])
    bots = [SPEC.bots["random"](8 + s) for s in range(seats)]
    forced = set()
    while not state.is_over and state.action_count < 4000:
        seat = state.to_act()[0]
        action = bots[seat].choose(state.observation(seat), seat)
        if state.action_count % 5 == 0 and seat == state.current and len(forced) < 12:
            try:
                state.check(seat, A.FORCE_END_TURN)
            except IllegalAction:
                pass
            else:
                action = A.FORCE_END_TURN
                forced.add(state.phase.name)
        state.apply(seat, action)
        record.entries.append(RecordEntry(seat, SPEC.encode_action(action)))
    record.result = state.result()
    assert {"START1B", "ROLL_OR_CARD", "PLAY1"} <= forced or {"START2B", "ROLL_OR_CARD", "PLAY1"} <= forced
    text = SPEC.exporters["soclog"](record)
    assert "SOCCancelBuildRequest:game=" in text  # a settlement taken back
    back = SPEC.importers["soclog"](text)
    assert [e.action for e in back.entries] == [e.action for e in record.entries]
    assert replay(back, SPEC).matches

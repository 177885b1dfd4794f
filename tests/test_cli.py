"""The `tablehall` command: every subcommand, its errors, and records across processes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tablehall.cli import main
from tablehall.core import Record

from .support.reference import reference_path

REPO = Path(__file__).resolve().parents[1]
COMMANDS = ["serve", "play", "replay", "export", "import", "records", "bench"]


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(command, capsys):
    with pytest.raises(SystemExit) as stop:
        main([command, "--help"])
    assert stop.value.code == 0
    assert "usage: tablehall" in capsys.readouterr().out


def test_play_replay_export_records(tmp_path, capsys):
    records = tmp_path / "records"
    db = tmp_path / "db.sqlite"
    code, out, _ = run(capsys, "play", "blokus", "--seats", "random,strong", "--games", "3", "--seed", "4",
                       "--record-dir", str(records), "--db", str(db), "--quiet")
    assert code == 0
    assert "strong" in out and "win%" in out
    files = sorted(records.glob("*.json"))
    assert len(files) == 3
    for path in files:
        code, out, _ = run(capsys, "replay", str(path))
        assert code == 0 and out.startswith("ok: blokus")
    record_id = files[0].stem
    code, out, _ = run(capsys, "replay", "--db", str(db), record_id[:10])
    assert code == 0
    code, out, _ = run(capsys, "records", "--db", str(db))
    assert code == 0 and out.count("finished") == 3
    code, out, _ = run(capsys, "export", "--format", "replay-xml", "--db", str(db), record_id)
    assert code == 0 and out.startswith("<protocol>\n<room ") and out.endswith("</protocol>")
    code, out, _ = run(capsys, "export", "--format", "json", str(files[0]))
    assert Record.loads(out).digest() == Record.loads(files[0].read_text()).digest()
    target = tmp_path / "out.xml"
    assert run(capsys, "export", "-f", "replay-xml", str(files[0]), "-o", str(target))[0] == 0
    assert target.read_text().count('class="memento"') == len(Record.loads(files[0].read_text()).entries) + 1


def one_line_error(err: str, *words: str) -> None:
    assert err.startswith("tablehall: error: ") and err.count("\n") == 1, err
    for word in words:
        assert word in err, err


@pytest.mark.parametrize("argv,words", [
    (["play", "chess", "--seats", "a,b"], ["unknown game 'chess'"]),
    (["play", "blokus", "--seats", "random,nobody"], ["unknown blokus seat 'nobody'"]),
    (["play", "blokus", "--seats", "random"], ["needs 2 seats"]),
    (["play", "blokus", "--seats", "random,random", "--option", "colour=red"], ["unknown option 'colour'"]),
    (["play", "blokus", "--seats", "random,random", "--option", "start_piece=PENTO_X"], ["start"]),
    (["play", "blokus", "--seats", "cmd:python3 bot.py,random"], ["does not run subprocess bots"]),
    (["export", "--format", "sgn", "missing.json", "--db", "none.sqlite"], ["no such file: missing.json"]),
    (["export", "--format", "sgn", "abc123", "--db", "none.sqlite"], ["no record store"]),
    (["records", "--db", "none.sqlite"], ["no record store"]),
    (["bench", "chess"], ["unknown game"]),
])
def test_bad_input_is_one_line_and_stores_nothing(argv, words, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, *argv, *(["--record-dir", "recs"] if argv[0] == "play" else []))
    assert code == 2
    one_line_error(err, *words)
    assert not (tmp_path / "recs").exists() or not list((tmp_path / "recs").iterdir())


def test_corrupt_and_tampered_records(tmp_path, capsys):
    records = tmp_path / "r"
    assert run(capsys, "play", "blokus", "--seats", "random,random", "--record-dir", str(records), "--quiet")[0] == 0
    path = next(records.glob("*.json"))
    data = json.loads(path.read_text())

    truncated = tmp_path / "truncated.json"
    truncated.write_text(path.read_text()[:200])
    code, _, err = run(capsys, "replay", str(truncated))
    assert code == 2
    one_line_error(err, "corrupt record")

    edited = dict(data, seed=data["seed"] + 1)  # content changed, digest not
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(edited))
    code, _, err = run(capsys, "replay", str(tampered))
    assert code == 2
    one_line_error(err, "digest")

    # a record whose content and digest agree but whose stored result is not what the rules give
    record = Record.loads(path.read_text())
    from tablehall.core import Result, SeatResult

    record.result = Result((SeatResult(0, 1, 999), SeatResult(1, 2, 0)))
    forged = tmp_path / "forged.json"
    forged.write_text(record.dumps())
    code, out, _ = run(capsys, "replay", str(forged))
    assert code == 1 and out.startswith("MISMATCH")

    record = Record.loads(path.read_text())
    record.entries[3] = type(record.entries[3])(record.entries[3].seat, ["set", "BLUE", "MONO", "NONE", False, 0, 0])
    illegal = tmp_path / "illegal.json"
    illegal.write_text(record.dumps())
    code, _, err = run(capsys, "replay", str(illegal))
    assert code == 2
    one_line_error(err, "action 3")


def test_same_seed_same_record_in_separate_processes(tmp_path):
    digests = []
    for index, hashseed in enumerate(("1", "987654")):
        out = tmp_path / f"run{index}"
        env = {**os.environ, "PYTHONHASHSEED": hashseed, "PYTHONPATH": str(REPO)}
        subprocess.run([sys.executable, "-m", "tablehall.cli", "play", "blokus", "--seats", "random,strong",
                        "--seed", "11", "--games", "2", "--record-dir", str(out), "--quiet"],
                       check=True, env=env, capture_output=True)
        records = sorted((Record.loads(p.read_text()) for p in out.glob("*.json")), key=lambda r: r.seed)
        digests.append([r.digest() for r in records])
        assert all(r.canonical_bytes() for r in records)
    assert digests[0] == digests[1]
    assert len(set(digests[0])) == 2


def test_user_errors_of_serve_and_replay_are_one_line(tmp_path, capsys):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        off = ["--jsettlers-port", "0", "--dominion-port", "0", "--renaissance-port", "0", "--http-port", "0"]
        code, _, err = run(capsys, "serve", "--db", str(tmp_path / "s.sqlite"), "--sc-port", str(port), *off)
        assert code == 2 and err.strip().splitlines()[-1].startswith("tablehall: error: cannot listen for sc")
        assert "--sc-port N moves it" in err
    code, _, err = run(capsys, "serve", "--db", str(tmp_path / "s.sqlite"), "--host", "999.1.1.1", *off)
    assert code == 2 and "cannot listen for sc on 999.1.1.1" in err
    code, _, err = run(capsys, "serve", "--sc-port", "0", *off)
    one_line_error(err, "every listener is turned off")
    code, _, err = run(capsys, "replay", str(tmp_path / "nope.json"))
    one_line_error(err, "no such file")
    notation = tmp_path / "game.sgn"
    notation.write_text("{}")
    code, _, err = run(capsys, "replay", str(notation))
    one_line_error(err, "is a notation file", "tablehall import")


def test_a_closed_pipe_is_no_error(tmp_path):
    db = tmp_path / "db.sqlite"
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    subprocess.run([sys.executable, "-m", "tablehall.cli", "play", "blokus", "--seats", "random,random",
                    "--games", "30", "--db", str(db), "--quiet"], env=env, check=True, capture_output=True, timeout=300)
    shell = f"{sys.executable} -m tablehall.cli records --db {db} --limit 30 | head -1"
    done = subprocess.run(shell, shell=True, env=env, capture_output=True, text=True, timeout=120)
    assert done.stdout.startswith("id") and "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr


def test_a_subprocess_bot_that_cannot_start_stops_play_with_the_os_error(tmp_path):
    done = subprocess.run([sys.executable, "-m", "tablehall.cli", "play", "dominion", "--seats",
                           "cmd:/nonexistent/bot,engine", "--seed", "3", "--games", "5", "--db",
                           str(tmp_path / "db.sqlite"), "--quiet"],
                          capture_output=True, text=True, timeout=300, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 2 and done.stdout == ""
    one_line_error(done.stderr,
                   "seat 1 (cmd:/nonexistent/bot) did not start: No such file or directory: /nonexistent/bot")


def test_play_says_its_fresh_seed_once_before_the_games_and_shows_whole_names(tmp_path):
    bot = REPO / "examples" / "dominion" / "bigmoney.py"
    seats = f"cmd:{sys.executable} {bot} --seed 1,cmd:{sys.executable} {bot} --seed 2"
    done = subprocess.run([sys.executable, "-m", "tablehall.cli", "play", "dominion", "--seats", seats,
                           "--db", str(tmp_path / "db.sqlite"), "--quiet"],
                          capture_output=True, text=True, timeout=300, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 0, done.stderr
    first, *rest = done.stderr.splitlines()
    seed = int(first.split()[1])
    assert first == f"seed {seed} (--seed {seed} plays these games again)"
    assert not any(line.startswith("seed ") for line in rest)
    lines = done.stdout.splitlines()
    assert any(line.startswith(f"cmd:{sys.executable} {bot} --seed 1 ") for line in lines)
    assert any(line.startswith(f"cmd:{sys.executable} {bot} --seed 2 ") for line in lines)
    legend = "\n".join(lines[3:])
    assert "shared: first place shared" in legend and "out: games the seat did not finish" in legend
    from tablehall.core.store import SqliteStore

    store = SqliteStore(tmp_path / "db.sqlite")
    [summary] = store.summaries()
    record = store.load(summary.id)
    store.close()
    assert record.seed == seed
    assert [s.name for s in record.seats] == ["bigmoney", "bigmoney"]  # the names the bots gave themselves
    assert record.seats[0].agent.startswith("cmd:") and record.seats[0].agent.endswith("--seed 1")


@pytest.mark.parametrize("argv,words", [
    (["serve", "--set", "foo.bar=1"], ["unknown listener [foo]", "sc, jsettlers, dominion, renaissance"]),
    (["serve", "--set", "dominion.reply_timeout=abc"], ["[dominion] reply_timeout must be a number, not 'abc'"]),
    (["serve", "--set", "dominion.nope=1"], ["[dominion] unknown setting 'nope'", "reply_timeout"]),
    (["serve", "--set", "sc.version=21.9"], ["[sc] version must be '21.4.0' | '21.3.3'"]),
    (["serve", "--set", "renaissance.bot=clever"], ["[renaissance] bot must be 'greedy' | 'random'"]),
    (["serve", "--set", "jsettlers.robot_timeout=abc"], ["[jsettlers] robot_timeout must be a number"]),
    (["records", "--game", "chess"], ["unknown game 'chess'", "blokus"]),
    (["bots", "chess"], ["unknown game 'chess'"]),
])
def test_more_user_errors_are_one_line(argv, words, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, *argv)
    assert code == 2
    one_line_error(err, *words)
    assert not (tmp_path / "var").exists()  # refused before anything was opened


def test_a_config_file_with_an_unknown_listener_or_key_is_one_line(tmp_path, capsys):
    config = tmp_path / "t.toml"
    config.write_text('[dominoes]\nreply_timeout = 3\n')
    code, _, err = run(capsys, "serve", "--config", str(config))
    one_line_error(err, "unknown listener [dominoes]")
    config.write_text('[renaissance]\nping_every = 3\n')
    code, _, err = run(capsys, "serve", "--config", str(config))
    one_line_error(err, "[renaissance] unknown setting 'ping_every'", "ping_interval")


def test_set_values_are_read_like_the_config_file():
    from tablehall.server.config import toml_value

    assert toml_value("5") == 5 and toml_value("0.5") == 0.5 and toml_value("true") is True
    assert toml_value("21.3.3") == "21.3.3" and toml_value("join any") == "join any"
    assert toml_value('"x"') == "x" and toml_value('["a", "b"]') == ["a", "b"]


def test_help_teaches_the_bots_options_listeners_and_settings(capsys):
    code, out, _ = run(capsys, "bots")
    assert code == 0
    for game in ("blokus", "catan", "dominion", "renaissance"):
        assert f"\n{game}: " in "\n" + out
    for bot, line in (("strong", "One-ply greedy"), ("bigmoney", "Province at 8"), ("greedy", "Activates every"),
                      ("cmd:COMMAND", "a bot run as a subprocess")):
        assert any(row.split()[:1] == [bot] and line in row for row in out.splitlines()), bot
    for text in ("max_turns=500", "vp_to_win=10", "3..20", 'layout="random"', "random | beginner",
                 'start_piece=""', "options: none"):
        assert text in out, text
    code, out, _ = run(capsys, "bots", "dominion")
    assert out.startswith("dominion: ") and "catan" not in out
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = capsys.readouterr().out
    assert "engine " in out and "discard_limit=7" in out and "--option KEY=VALUE" in out
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    out = capsys.readouterr().out
    for text in ("--sc-port", "--jsettlers-port", "--dominion-port", "--renaissance-port", "--http-port",
                 "listeners (", "  http ", 'log_format = "text"', "admin_password", "[ports]",
                 "[sc]", "soft_timeout_ms = 2000.0", "[jsettlers]", "robot_cookie", "[dominion]",
                 "reply_timeout = 10.0", "[renaissance]", "flood_limit = 100"):
        assert text in out, text
    from tablehall.core.registry import game_names, get_game

    for name in game_names():  # every key a service reads is documented, and only those
        for service in get_game(name).services:
            assert service.settings, service.name
            for key in service.settings:
                assert f"    {key} = " in out, (service.name, key)


def test_reader_warnings_are_one_readable_line_each(tmp_path):
    corpus = reference_path("sgn", "test-corpus", "game.log")
    done = subprocess.run([sys.executable, "-m", "tablehall.cli", "import", "catan", str(corpus), "--format", "sgn",
                           "--db", str(tmp_path / "db.sqlite")],
                          capture_output=True, text=True, timeout=300, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 0 and done.stdout.startswith("imported catan game as ")
    assert done.stderr == (f"tablehall: warning: {corpus}: line 73: player 1 discards 3 cards holding 7; the rules "
                           "ask a discard only above 7 cards; ignored\n")


def test_notation_files_given_to_replay_say_how_to_import_them(tmp_path, capsys):
    for name, hint in (("game.sgn", "`tablehall import catan {} --format sgn` stores it as one"),
                       ("game.soclog", "`tablehall import catan {} --format soclog` stores it as one"),
                       ("replay.xml", "tablehall does not read it back")):
        path = tmp_path / name
        path.write_text("x")
        code, _, err = run(capsys, "replay", str(path))
        assert code == 2
        one_line_error(err, f"{path} is a notation file, not a record: " + hint.format(path))


def test_an_export_says_which_rules_its_notation_cannot_carry(tmp_path, capsys):
    db = str(tmp_path / "db.sqlite")
    assert run(capsys, "play", "catan", "--seats", "random,random,random", "--seed", "2", "--option", "vp_to_win=6",
               "--option", "discard_limit=9", "--db", db, "--quiet")[0] == 0
    code, out, err = run(capsys, "records", "--db", db)
    record_id = out.splitlines()[1].split()[0]
    code, out, err = run(capsys, "export", "--format", "sgn", "--db", db, record_id)
    assert code == 0 and out.startswith('["1","DM"')
    assert err.splitlines() == ["tablehall: warning: sgn: SGN has no place for vp_to_win=6; a reader assumes 10",
                                "tablehall: warning: sgn: SGN has no place for discard_limit=9; a reader assumes 7"]
    code, out, err = run(capsys, "export", "--format", "soclog", "--db", db, record_id)
    assert code == 0 and "VP=t6" in out
    assert err == "tablehall: warning: soclog: JSettlers has no option for discard_limit=9; a reader assumes 7\n"
    code, out, err = run(capsys, "export", "--format", "json", "--db", db, record_id)
    assert code == 0 and err == ""

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

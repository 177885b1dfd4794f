"""A newcomer's mistakes get one line and exit status 2, never a traceback: paths a command
cannot use (a record directory that is a file or cannot be made, a store that is not one, an
output that is a directory, a notation that is not text), by every command that takes them, and
the arena's errors when tablehall runs as `python -m tablehall.cli`."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tablehall.cli import main

REPO = Path(__file__).resolve().parents[1]


def run(capsys, *argv: str):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def one_line_error(err: str, *words: str) -> None:
    assert err.startswith("tablehall: error: ") and err.count("\n") == 1, err
    for word in words:
        assert word in err, err


@pytest.fixture
def places(tmp_path):
    """A text file, a folder and a file that is not UTF-8, in a scratch folder."""
    text = tmp_path / "notes.txt"
    text.write_text("not a record store\n")
    binary = tmp_path / "game.sgn"
    binary.write_bytes(b"\xff\xfe\x00 not text")
    return {"text": str(text), "under_text": str(text / "records"), "dir": str(tmp_path), "binary": str(binary),
            "db": str(tmp_path / "records.sqlite")}


PLAY = ["play", "dominion", "--seats", "bigmoney,bigmoney", "--seed", "1", "--quiet"]


@pytest.mark.parametrize("argv,words", [
    (PLAY + ["--record-dir", "/proc/nope"], ["cannot make the record directory /proc/nope"]),
    (PLAY + ["--record-dir", "/etc/passwd"], ["/etc/passwd is a file, not a directory for records"]),
    (PLAY + ["--db", "/etc/passwd"], ["cannot open the record store /etc/passwd: file is not a database"]),
    (PLAY + ["--record-dir", "{text}", "--no-db"], ["{text} is a file"]),
    (PLAY + ["--record-dir", "{under_text}", "--no-db"], ["cannot make the record directory {under_text}"]),
    (PLAY + ["--db", "{text}"], ["cannot open the record store {text}"]),
    (PLAY + ["--db", "{under_text}/db.sqlite"], ["cannot make the folder of the record store {under_text}"]),
    (PLAY + ["--workers", "2", "--games", "2", "--db", "{text}"], ["cannot open the record store {text}"]),
    (["replay", "abc", "--db", "{text}"], ["cannot open the record store {text}"]),
    (["replay", "{text}"], ["{text}: corrupt record"]),
    (["export", "--format", "json", "abc", "--db", "{text}"], ["cannot open the record store {text}"]),
    (["records", "--db", "{text}"], ["cannot open the record store {text}"]),
    (["import", "catan", "{binary}", "--format", "sgn", "--db", "{db}"], ["cannot read {binary}: it is not UTF-8"]),
    (["import", "catan", "{text}", "--format", "sgn", "--db", "{db}"], ["{text}: line 1: not JSON"]),
    (["import", "catan", "{text}", "--format", "soclog", "--db", "{db}"], ["{text}: "]),
    (["import", "catan", "{dir}", "--format", "sgn", "--db", "{db}"], ["cannot read {dir}: Is a directory"]),
    (["arena", "dominion", "--entrants", "bigmoney,bigmoney", "--games", "2", "--db", "{text}", "--quiet"],
     ["cannot open the record store {text}"]),
    (["arena", "dominion", "--entrants", "bigmoney,bigmoney", "--games", "2", "--no-db", "--json", "{dir}"],
     ["cannot write {dir}: it is a directory"]),
    (["arena", "dominion", "--entrants", "bigmoney,bigmoney", "--games", "2", "--no-db", "--json",
      "{under_text}/doc.json"], ["cannot write {under_text}/doc.json: there is no directory {under_text}"]),
    (["serve", "--db", "{text}", "--http-port", "0"], ["cannot open the record store {text}"]),
])
def test_a_path_that_cannot_be_used_is_one_line(argv, words, places, capsys):
    code, out, err = run(capsys, *(a.format(**places) for a in argv))
    assert code == 2 and out == ""
    one_line_error(err, *(w.format(**places) for w in words))


def test_a_record_directory_that_cannot_be_written_is_one_line(capsys):
    """/proc exists but takes no files: the first save says so, and nothing is left behind."""
    code, _, err = run(capsys, *PLAY, "--record-dir", "/proc", "--no-db")
    assert code == 2
    one_line_error(err, "in /proc: ")


def test_export_to_a_directory_or_nowhere_is_one_line_and_a_good_path_works(places, tmp_path, capsys):
    assert run(capsys, *PLAY, "--db", places["db"])[0] == 0
    record_id = run(capsys, "records", "--db", places["db"])[1].splitlines()[1].split()[0]
    for output, words in ((places["dir"], "it is a directory"), (places["under_text"] + "/x.json", "there is no directory")):
        code, out, err = run(capsys, "export", "--format", "json", record_id, "--db", places["db"], "--output", output)
        assert code == 2 and out == ""
        one_line_error(err, f"cannot write {output}: {words}")
    code, _, err = run(capsys, "export", "--format", "json", record_id, "--db", places["db"],
                       "--output", str(tmp_path / "game.json"))
    assert code == 0 and err == ""
    assert run(capsys, "replay", str(tmp_path / "game.json"))[1].startswith("ok: dominion record")


def test_the_arena_s_errors_are_one_line_when_run_as_a_module():
    done = subprocess.run([sys.executable, "-m", "tablehall.cli", "arena", "dominion", "--entrants", "bigmoney"],
                          capture_output=True, text=True, timeout=300, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 2
    one_line_error(done.stderr, "2-seat games need at least 2 entrants, not 1")


@pytest.mark.parametrize("limit", ["0", "-3"])
def test_records_wants_a_limit_of_at_least_one(limit, places, capsys):
    assert run(capsys, *PLAY, "--db", places["db"])[0] == 0
    code, out, err = run(capsys, "records", "--db", places["db"], "--limit", limit)
    assert code == 2 and out == ""
    one_line_error(err, "--limit must be at least 1")
    code, out, _ = run(capsys, "records", "--db", places["db"], "--limit", "1")
    assert code == 0 and len(out.splitlines()) == 2

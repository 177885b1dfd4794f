"""An entrant that is a program (cmd:COMMAND) is started before the tournament, as a game
starts it: one that cannot start stops the arena at once with one line (as `tablehall play`
does), instead of forfeiting every game it is scheduled in."""

from __future__ import annotations

import os
import subprocess
import sys

from .conftest import EXAMPLES, REPO


def arena(tmp_path, *argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tablehall.cli", "arena", "dominion", *argv, "--quiet",
                           "--db", str(tmp_path / "db.sqlite")], cwd=tmp_path, capture_output=True, text=True,
                          timeout=300, env={**os.environ, "PYTHONPATH": str(REPO)})


def test_a_program_that_is_not_there_stops_the_arena_before_any_game(tmp_path):
    done = arena(tmp_path, "--entrants", "cmd:python3 mybot.py,bigmoney", "--sprt")
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert lines[-1] == "tablehall: error: entrant mybot (cmd:python3 mybot.py) did not start: crashed with code 2"
    assert len([line for line in lines if "can't open file" in line]) == 1  # started once, not in every game
    assert not (tmp_path / "db.sqlite").exists()  # no tournament was begun


def test_a_program_that_cannot_run_or_leaves_before_its_handshake_is_named(tmp_path):
    leaves = tmp_path / "leaves.py"
    leaves.write_text("import sys\nsys.stdin.readline()\n")  # reads the greeting, answers nothing
    for entrant, said in ((f"cmd:{tmp_path / 'nothing'}",
                           f"entrant nothing (cmd:{tmp_path / 'nothing'}) did not start: No such file or directory"),
                          (f"quiet=cmd:{sys.executable} {leaves}", "entrant quiet (cmd:")):
        done = arena(tmp_path, "--entrants", f"bigmoney,{entrant}", "--games", "2")
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr.startswith(f"tablehall: error: {said}") and done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.endswith(" did not start: exited with code 0\n")


def test_programs_that_start_play_their_games(tmp_path):
    bot = f"cmd:{sys.executable} {EXAMPLES / 'dominion' / 'bigmoney.py'}"
    done = arena(tmp_path, "--entrants", f"{bot},smithy", "--games", "2", "--seed", "4")
    assert done.returncode == 0, done.stderr
    assert "dominion round-robin: 2 games (finished)" in done.stdout

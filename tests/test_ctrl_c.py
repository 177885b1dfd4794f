"""Ctrl-C, as a real SIGINT to a real process: `play` stops after the game being played and
shows the games played (a second Ctrl-C stops at once); the arena stops with the standings so
far; both exit with status 130, as an interrupted command does."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(REPO)}
#: a bound on waits for things that happen at once on an idle machine, never a measure
PATIENCE = 120


def tablehall(*argv: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "tablehall.cli", *argv], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=ENV)


def finish(process: subprocess.Popen) -> tuple[int, str, str]:
    try:
        out, err = process.communicate(timeout=300)
    finally:
        if process.poll() is None:
            process.kill()
    return process.returncode, out, err


def wait_for(condition, what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < deadline, f"waited {PATIENCE} s for {what}"
        time.sleep(0.05)


def stored(db: Path, table: str = "records") -> int:
    """Rows of `table` in the store at `db`: games stored, or games a tournament has counted."""
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as connection:
            return connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
    except sqlite3.Error:  # not made yet
        return 0


def table_games(out: str, label: str) -> int:
    row = next(line for line in out.splitlines() if line.startswith(label + " "))
    return int(row.split()[1])


def test_the_first_ctrl_c_in_play_stops_after_the_game_and_shows_the_games_played(tmp_path):
    db = tmp_path / "db.sqlite"
    play = tablehall("play", "dominion", "--seats", "bigmoney,smithy", "--games", "1000000", "--db", str(db))
    assert play.stderr.readline().startswith("seed ")  # said once Ctrl-C is play's to handle
    wait_for(lambda: stored(db) > 0, "a first game")
    play.send_signal(signal.SIGINT)
    code, out, err = finish(play)
    assert code == 130, err
    assert "stopping after the games being played" in err and "Traceback" not in err
    played = table_games(out, "bigmoney")
    assert 0 < played < 1000000 and table_games(out, "smithy") == played
    assert f"stopped by Ctrl-C after {played} of 1000000 games" in err
    assert stored(db) == played  # every game shown is stored, and only those


SLOW_BOT = """
import sys, time
sys.path.insert(0, {examples!r})
from v1bot import Bot, main

class Slow(Bot):
    name = "slow"

    def play_turn(self, actions, buys, money, hand):
        open({marker!r}, "a").close()
        time.sleep(1)  # a game of this takes a minute or more
        return "pass"

main(Slow())
"""


def test_a_second_ctrl_c_in_play_stops_at_once(tmp_path):
    marker = tmp_path / "asked"
    bot = tmp_path / "slow.py"
    bot.write_text(SLOW_BOT.format(examples=str(REPO / "examples" / "dominion"), marker=str(marker)))
    play = tablehall("play", "dominion", "--seats", f"cmd:{sys.executable} {bot},bigmoney", "--games", "3", "--no-db")
    wait_for(marker.exists, "the bot's first turn")
    play.send_signal(signal.SIGINT)
    said = ""
    while "stopping after the games being played" not in said:  # the first Ctrl-C is taken
        line = play.stderr.readline()
        assert line, said
        said += line
    play.send_signal(signal.SIGINT)
    code, out, err = finish(play)
    assert code == 130 and out == "", (out, err)  # no table: the game being played was not finished
    assert "Traceback" not in err


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_stops_the_arena_with_the_standings_so_far_and_status_130(tmp_path, workers):
    db = tmp_path / "db.sqlite"
    arena = tablehall("arena", "dominion", "--entrants", "bigmoney,smithy", "--games", "1000000",
                      "--workers", str(workers), "--db", str(db))
    wait_for(lambda: stored(db, "tournament_games") > 0, "a first game counted")
    arena.send_signal(signal.SIGINT)
    code, out, err = finish(arena)
    assert code == 130, err
    assert "stopped: the standings so far" in err and "Traceback" not in err
    assert "(stopped)" in out.splitlines()[0]
    rows = {line.split()[1]: int(line.split()[2]) for line in out.splitlines()[2:4]}
    assert rows.keys() == {"bigmoney", "smithy"} and 0 < rows["bigmoney"] == rows["smithy"] < 1000000

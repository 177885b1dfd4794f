"""The registry finds the built-in games by their folders without importing them, and commands
that need no game (the parser, --help, `records`) load none."""

import os
import subprocess
import sys

import pytest

from tablehall.core.registry import UnknownGame, game_names, get_game


def test_the_built_in_games_are_the_folders_under_games():
    assert {"blokus", "catan", "dominion", "renaissance"} <= set(game_names())
    for name in ("blokus", "catan", "dominion", "renaissance"):
        assert get_game(name).name == name


def test_every_listener_is_declared_once_by_its_game():
    names = [spec.name for game in game_names() for spec in get_game(game).services]
    assert sorted(names) == sorted(set(names)) and {"sc", "jsettlers", "dominion", "renaissance"} <= set(names)


def test_an_unknown_game_names_the_known_ones():
    with pytest.raises(UnknownGame, match="unknown game 'chess' .*blokus, catan"):
        get_game("chess")


@pytest.mark.parametrize("argv", [["play", "nim", "--seats", "a,b"], ["serve", "--help"]])
def test_a_games_module_that_cannot_be_imported_is_one_error_line(tmp_path, argv):
    done = subprocess.run([sys.executable, "-m", "tablehall.cli", *argv], capture_output=True, text=True,
                          timeout=120, cwd=tmp_path, env={**os.environ, "TABLEHALL_GAMES": "no_such_game_module"})
    assert done.returncode == 2
    error = [line for line in done.stderr.splitlines() if "error:" in line]
    assert len(error) == 1 and "error: TABLEHALL_GAMES: cannot import 'no_such_game_module'" in error[0], done.stderr
    assert "Traceback" not in done.stderr


def test_help_and_records_import_no_game_and_no_event_loop(tmp_path):
    """Start-up stays light: the CLI's parser, --help and `records` load neither a game
    package, nor asyncio, nor the entry-point machinery (checked in a fresh interpreter)."""
    probe = (
        "import sys\n"
        "from tablehall.cli import build_parser, main\n"
        "build_parser()\n"
        f"from tablehall.core.store import SqliteStore\nSqliteStore({str(tmp_path / 'r.sqlite')!r}).close()\n"
        f"main(['records', '--db', {str(tmp_path / 'r.sqlite')!r}])\n"
        "loaded = [m for m in sys.modules if m.startswith('tablehall.games') or m in ('asyncio', 'importlib.metadata')]\n"
        "print('loaded:' + ','.join(loaded))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip().splitlines()[-1] == "loaded:", out.stdout + out.stderr

"""The registry lists every game and protocol without importing a game, and its list of
listeners agrees with what the games declare."""

import subprocess
import sys

from tablehall.core.registry import GAMES, SERVICES, game_names, get_game


def test_service_table_matches_the_games_specs():
    declared = {(spec.name, spec.default_port, game, spec.description)
                for game in game_names() for spec in get_game(game).services}
    assert set(SERVICES) == declared
    assert {s.game for s in SERVICES} <= set(GAMES)


def test_help_and_records_import_no_game_and_no_event_loop(tmp_path):
    """Start-up stays light: the CLI's parser, --help and `records` load neither a game
    package nor asyncio (checked in a fresh interpreter)."""
    probe = (
        "import sys\n"
        "from tablehall.cli import build_parser, main\n"
        "build_parser()\n"
        f"from tablehall.core.store import SqliteStore\nSqliteStore({str(tmp_path / 'r.sqlite')!r}).close()\n"
        f"main(['records', '--db', {str(tmp_path / 'r.sqlite')!r}])\n"
        "loaded = [m for m in sys.modules if m.startswith('tablehall.games') or m == 'asyncio']\n"
        "print('loaded:' + ','.join(loaded))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip().splitlines()[-1] == "loaded:", out.stdout + out.stderr

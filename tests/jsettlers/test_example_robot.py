"""examples/catan/simple_robot.py, the standalone robot a newcomer can copy, plays whole games
against tablehall's bots through `tablehall serve` (real subprocesses, real TCP), as a robot with
the cookie and as a person who creates the game."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from tablehall.core import replay
from tablehall.core.store import SqliteStore
from tablehall.games.catan import SPEC

from .test_serve import REPO, free_port
from tablehall.core.registry import game_names, get_game

ROBOT = REPO / "examples" / "catan" / "simple_robot.py"


def serve(tmp_path, port: int, section: str):
    ports = "\n".join(f"{s.name} = 0" for g in game_names() for s in get_game(g).services if s.name != "jsettlers")
    config = tmp_path / "tablehall.toml"
    config.write_text(f"[ports]\njsettlers = {port}\nhttp = 0\n{ports}\n\n[jsettlers]\n{section}\n", encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "tablehall.cli", "serve", "--config", str(config), "--db",
                             str(tmp_path / "records.sqlite")], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(REPO)})
    banner = ""
    while f"127.0.0.1:{port}" not in banner:
        line = proc.stdout.readline()
        assert line, "server did not start:\n" + banner
        banner += line
    return proc


def stop(proc) -> None:
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=30)


@pytest.mark.parametrize("as_person", [False, True], ids=["robot", "person"])
def test_the_example_robot_plays_a_whole_game_against_tablehall_bots(tmp_path, as_person):
    port = free_port()
    section = 'robot_cookie = "example"\nbot = "strong"\nbot_pause = 0\nseed = 31\n'
    if not as_person:
        section += "robot_games = 1\nrobot_game_robots = 1\n"  # a game for the first idle robot
    server = serve(tmp_path, port, section)
    try:
        who = ["alice", "--person", "--game", "example game"] if as_person else ["simple1", "--cookie", "example"]
        robot = subprocess.run([sys.executable, str(ROBOT), "127.0.0.1", str(port), *who], capture_output=True,
                               text=True, timeout=300, env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    finally:
        stop(server)
    assert robot.returncode == 0, robot.stderr + robot.stdout[-3000:]
    assert "over: scores" in robot.stdout
    store = SqliteStore(tmp_path / "records.sqlite")
    [summary] = store.summaries()
    record = store.load(summary.id)
    store.close()
    assert record.status == "finished" and replay(record, SPEC).matches
    name = "alice" if as_person else "simple1"
    agents = {s.name: s.agent for s in record.seats}
    assert agents[name] == ("remote:jsettlers" if as_person else "remote:jsettlers-robot")
    assert sorted(a for n, a in agents.items() if n != name) == ["bot:strong"] * 3
    seat = [s.name for s in record.seats].index(name)
    moves = [e for e in record.entries if e.seat == seat and e.action is not None]
    assert len(moves) > 30, "the example robot played the game, not a replacement"
    assert not any(e.forfeit for e in record.entries), "nobody was replaced"


def test_the_example_uses_the_standard_library_only():
    imports = {line.split()[1].split(".")[0] for line in ROBOT.read_text().splitlines()
               if line.startswith(("import ", "from "))}
    assert imports <= set(sys.stdlib_module_names), imports - set(sys.stdlib_module_names)

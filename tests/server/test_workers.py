"""`tablehall serve --workers N`: the listeners in separate processes (proved from /proc), games of
every protocol played and stored in the one record store, a game running in a worker stored as
aborted when the server stops, and no process left behind."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from tablehall.core.journal import read_journal
from tablehall.core.store import SqliteStore
from tablehall.bench.load.process import process_tree
from tablehall.server.config import ServerConfig
from tablehall.server.workers import served, split

REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_listeners_are_dealt_in_turn_and_only_the_first_process_keeps_the_web_hall():
    config = ServerConfig(ports={"http": 8123})
    first, second = split(config, 2)
    assert served(first) == ["sc", "dominion"] and served(second) == ["jsettlers", "renaissance"]
    assert first.ports["http"] == 8123 and second.ports["http"] == 0
    only_two = ServerConfig(ports={"jsettlers": 0, "renaissance": 0})
    assert [served(c) for c in split(only_two, 4)] == [["sc"], ["dominion"]]
    assert served(split(config, 1)[0]) == ["sc", "jsettlers", "dominion", "renaissance"]


def listening_pid(pids: list[int], port: int) -> int | None:
    """The process of `pids` holding the socket that listens on `port` (from /proc)."""
    inodes = set()
    for name in ("tcp", "tcp6"):
        for line in Path(f"/proc/net/{name}").read_text().splitlines()[1:]:
            fields = line.split()
            if int(fields[1].rsplit(":", 1)[1], 16) == port and fields[3] == "0A":  # LISTEN
                inodes.add(fields[9])
    for pid in pids:
        try:
            for fd in os.listdir(f"/proc/{pid}/fd"):
                target = os.readlink(f"/proc/{pid}/fd/{fd}")
                if target.startswith("socket:[") and target[8:-1] in inodes:
                    return pid
        except OSError:
            continue
    return None


def play(protocol: str, port: int, lock: Path, seconds: float = 0.5) -> dict:
    done = subprocess.run([sys.executable, "-m", "tablehall.bench.load.clients", protocol, "--port", str(port),
                           "--matches", "2", "--seconds", str(seconds), "--lock", str(lock)],
                          input="go\n", capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def wait_for(path: Path, text: str, after: int = 0, timeout: float = 120) -> int:
    """Wait until the log file holds `text` past offset `after`; the offset just past it."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = path.read_text().find(text, after)
        if found >= 0:
            return found + len(text)
        time.sleep(0.1)
    raise AssertionError(f"no {text!r} in the server's output:\n{path.read_text()}")


def test_two_workers_play_and_store_every_protocol_and_stop_cleanly(tmp_path):
    sc, dominion = free_port(), free_port()
    db, output = tmp_path / "records.sqlite", tmp_path / "server.log"
    with open(output, "w") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "tablehall.cli", "serve", "--workers", "2", "--db", str(db), "--http-port", "0",
             "--jsettlers-port", "0", "--renaissance-port", "0", "--sc-port", str(sc), "--dominion-port",
             str(dominion)], stdout=log, stderr=subprocess.STDOUT, cwd=tmp_path,
            env={**os.environ, "PYTHONPATH": str(REPO)})
    slow = None
    try:
        seen = wait_for(output, "2 processes: sc; dominion")
        pids = process_tree(server.pid)
        owners = listening_pid(pids, sc), listening_pid(pids, dominion)
        assert owners[0] == server.pid and owners[1] not in (None, server.pid), (owners, pids)

        lock = tmp_path / "lock"
        lock.touch()
        for protocol, port in (("sc", sc), ("dominion", dominion)):
            totals = play(protocol, port, lock)
            assert totals["games"] >= 1 and totals["error_count"] == 0, totals
            wait_for(output, f"via={protocol} peer=127.0.0.1:")  # the operator sees where players are

        # a Dominion game in play in the worker (its bots think for a second a move): the stop
        # suspends it in the journal, to be played on after a restart (its bots may rejoin)
        seen = len(output.read_text())
        slow = subprocess.Popen([sys.executable, "-m", "tablehall.bench.load.clients", "dominion", "--port",
                                 str(dominion), "--matches", "1", "--seconds", "60", "--think-ms", "1000",
                                 "--lock", str(lock)], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
        slow.stdin.write("go\n")
        slow.stdin.flush()
        wait_for(output, "game start", seen)
        server.send_signal(signal.SIGINT)
        assert server.wait(60) == 0
    finally:
        for process in (server, slow):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait()
    left = [pid for pid in pids if pid != server.pid]
    deadline = time.monotonic() + 30  # multiprocessing's helper ends when it sees its pipe close
    while left and time.monotonic() < deadline:
        time.sleep(0.1)
        left = [pid for pid in left if Path(f"/proc/{pid}").exists()]
    assert not left, f"processes outlived the server: {left}"
    store = SqliteStore(db)
    try:
        statuses: dict[str, set[str]] = {}
        for summary in store.summaries(limit=1000):
            statuses.setdefault(summary.game, set()).add(summary.status)
        suspended = [read_journal(game)[0] for game in store.journaled_games()]
    finally:
        store.close()
    assert "finished" in statuses["blokus"] and "finished" in statuses["dominion"], statuses
    assert [record.game for record in suspended] == ["dominion"], suspended


def test_the_event_loop_is_chosen_by_config_and_flag(tmp_path):
    import asyncio

    import pytest

    from tablehall.server.app import ListenError, loop_factory, run_server
    from tablehall.server.config import ConfigError, load_config

    assert loop_factory("asyncio") is None
    try:
        import uvloop
    except ImportError:
        assert loop_factory("auto") is None
        with pytest.raises(ListenError, match="uvloop is not installed"):
            loop_factory("uvloop")
    else:
        assert loop_factory("auto") is uvloop.new_event_loop is loop_factory("uvloop")

    async def which() -> str:
        return type(asyncio.get_running_loop()).__module__

    seen = []
    run_server(_note(which(), seen), "asyncio")
    assert seen == ["asyncio.unix_events"]

    path = tmp_path / "serve.toml"
    path.write_text('event_loop = "asyncio"\n')
    assert load_config(path).event_loop == "asyncio"
    path.write_text('event_loop = "trio"\n')
    with pytest.raises(ConfigError, match="event_loop must be one of"):
        load_config(path)


async def _note(coro, seen):
    seen.append(await coro)

"""`tablehall serve` as a real process: raw XML clients over TCP, SIGTERM, crash safety."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path


from tablehall.core.registry import game_names, get_game
from tablehall.core.store import SqliteStore

REPO = Path(__file__).resolve().parents[2]
CLIENT = REPO / "examples" / "blokus" / "client.py"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def other_ports_off(keep: str) -> list[str]:
    flags = []
    for name in game_names():
        for service in get_game(name).services:
            if service.name != keep:
                flags += [f"--{service.name}-port", "0"]
    return flags + ["--http-port", "0"]  # the web hall's 8080 may be taken on a shared machine


class ServeProcess:
    def __init__(self, tmp_path: Path, *extra: str) -> None:
        self.port = free_port()
        self.db = tmp_path / "records.sqlite"
        command = [sys.executable, "-m", "tablehall.cli", "serve", "--db", str(self.db),
                   "--sc-port", str(self.port), *other_ports_off("sc"), *extra]
        self.proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     text=True, cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(REPO)})
        deadline = time.monotonic() + 20
        self.banner = []
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            self.banner.append(line)
            if f"127.0.0.1:{self.port}" in line:
                return
            if not line and self.proc.poll() is not None:
                break
        raise RuntimeError("server did not start:\n" + "".join(self.banner))

    def stop(self, sig=signal.SIGTERM, timeout=20) -> int:
        self.proc.send_signal(sig)
        try:
            code = self.proc.wait(timeout=timeout)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
        self.rest = self.proc.stdout.read()
        return code


def client(port: int, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, str(CLIENT), "--port", str(port), *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


GAMES_IN_A_ROW = 6  # enough for seats, results and the store to repeat; each game is two processes


def test_two_raw_xml_clients_play_games_in_a_row_with_correct_results(tmp_path):
    server = ServeProcess(tmp_path)
    try:
        printed = []
        for game in range(GAMES_IN_A_ROW):
            first = client(server.port, "--seed", str(game))
            time.sleep(0.05)  # the first to join is team ONE
            second = client(server.port, "--strategy", "random", "--seed", str(100 + game))
            out1, _ = first.communicate(timeout=60)
            out2, _ = second.communicate(timeout=60)
            assert first.returncode == 0 and second.returncode == 0, (out1, out2)
            printed.append((out1, out2))
    finally:
        assert server.stop() == 0
    store = SqliteStore(server.db)
    try:
        summaries = store.summaries(limit=100)
        assert len(summaries) == GAMES_IN_A_ROW and all(s.status == "finished" for s in summaries)
        from tablehall.core import replay
        from tablehall.games.blokus import SPEC

        for summary in summaries:
            record = store.load(summary.id)
            assert replay(record, SPEC).matches
        # what both clients were told equals what was stored, game by game (oldest first)
        records = [store.load(s.id) for s in reversed(summaries)]
        for (out1, out2), record in zip(printed, records):
            details = record.result.details
            stored = [[str(details["win_points"][s]), str(details["points"][s])] for s in range(2)]
            for out in (out1, out2):
                line = next(l for l in out.splitlines() if l.startswith("result:"))
                assert f"scores {stored};" in line, (line, stored)
    finally:
        store.close()


def read_until(sock: socket.socket, marker: bytes, bound: float = 60.0) -> bytes:
    """What `sock` receives up to and including `marker` (or until it closes)."""
    sock.settimeout(bound)
    data = b""
    while marker not in data:
        chunk = sock.recv(1 << 16)
        if not chunk:
            break
        data += chunk
    return data


def test_sigterm_during_a_game_stores_it_as_aborted_and_every_record_replays(tmp_path):
    server = ServeProcess(tmp_path)
    finished = [client(server.port, "--seed", "1")]
    time.sleep(0.05)
    finished.append(client(server.port, "--seed", "2"))
    for proc in finished:
        proc.communicate(timeout=60)
    # a second game that never moves: team ONE joins and waits for ever (21.4.0 join games have no clock)
    waiting = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(2)]
    received = b""
    for sock in waiting:  # each join is acknowledged before the next: no guessing at speed
        sock.sendall(b'<protocol><join gameType="swc_2021_blokus"/>')
        received += read_until(sock, b"<joined")
    received += read_until(waiting[0], b'class="memento"')  # the game has started
    assert server.stop(signal.SIGTERM) == 0
    for sock in waiting:
        sock.settimeout(5)
        chunk = sock.recv(1 << 20)
        while chunk:
            received += chunk
            chunk = sock.recv(1 << 20)
        sock.close()
    assert b"<left " in received, "players of the aborted game were told it ended"
    listing = subprocess.run([sys.executable, "-m", "tablehall.cli", "records", "--db", str(server.db)],
                             capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert listing.returncode == 0
    rows = [line.split() for line in listing.stdout.splitlines()[1:]]
    ids, statuses = [row[0] for row in rows], [row[2] for row in rows]
    assert sorted(statuses) == ["aborted", "finished"], listing.stdout
    for record_id in ids:
        check = subprocess.run([sys.executable, "-m", "tablehall.cli", "replay", "--db", str(server.db), record_id],
                               capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(REPO)})
        assert check.returncode == 0, check.stdout + check.stderr


WRITER = r"""
import sys, time
from tablehall.core import Record, SeatInfo, Entry, Result, SeatResult
from tablehall.core.store import SqliteStore
store = SqliteStore(sys.argv[1])
n = 0
while True:
    record = Record("blokus", "x", {}, n, [SeatInfo("a", "bot:x"), SeatInfo("b", "bot:y")],
                    [Entry(0, ["BLUE", "MONO", "NONE", False, n % 20, 0]) for _ in range(2000)],
                    Result((SeatResult(0, 1, 1), SeatResult(1, 2, 0))))
    store.save(record)
    n += 1
    print(n, flush=True)
"""


def test_a_crash_while_writing_leaves_every_stored_record_whole(tmp_path):
    db = tmp_path / "crash.sqlite"
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(db)], stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(REPO)})
    written = 0
    while written < 15:
        written = int(proc.stdout.readline() or 0)
    proc.send_signal(signal.SIGKILL)  # mid-write, most likely: it writes all the time
    proc.wait()
    store = SqliteStore(db)
    try:
        assert store._db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        summaries = store.summaries(limit=10_000)
        assert len(summaries) >= written
        for summary in summaries:
            record = store.load(summary.id)  # digest checked on load
            assert len(record.entries) == 2000
    finally:
        store.close()


def test_serve_refuses_a_bad_config_with_one_line(tmp_path):
    config = tmp_path / "bad.toml"
    config.write_text("[ports]\nsc = 'x'\n")
    done = subprocess.run([sys.executable, "-m", "tablehall.cli", "serve", "--config", str(config)],
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=30)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "ports.sc" in done.stderr

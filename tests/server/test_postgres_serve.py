"""Several `tablehall serve` processes sharing one PostgreSQL record store (`--db
postgresql://...`): Dominion TCP bots play on both servers at once, every game lands once,
whole, and replays; `tablehall records` and `replay` read the same store."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tablehall.core import replay
from tablehall.core.registry import get_game
from tablehall.core.locations import open_store

from .test_serve_process import free_port, other_ports_off

REPO = Path(__file__).resolve().parents[2]
BOT = REPO / "examples" / "dominion" / "bigmoney.py"


def serve(tmp_path: Path, url: str) -> tuple[subprocess.Popen, int]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "tablehall.cli", "serve", "--db", url, "--dominion-port", str(port),
                             *other_ports_off("dominion")], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(REPO)})
    deadline = time.monotonic() + 60
    seen = []
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        seen.append(line)
        if "records in postgresql://" in line:
            assert "***" not in line or ":***@" in line  # a password never printed
            return proc, port
        if not line and proc.poll() is not None:
            break
    proc.kill()
    raise RuntimeError("server did not start:\n" + "".join(seen))


def test_two_servers_write_one_postgresql_store_at_once(tmp_path, postgres_url):
    servers = [serve(tmp_path, postgres_url) for _ in range(2)]
    try:
        bots = [subprocess.Popen([sys.executable, str(BOT), "--connect", f"127.0.0.1:{port}", "--join", "smithy"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
                for _, port in servers for _ in range(4)]
        for bot in bots:
            _, err = bot.communicate(timeout=300)
            assert bot.returncode == 0, err
        store = open_store(postgres_url)  # a match stores its record before the bots hear the end
        try:
            summaries = store.summaries(limit=100)
            assert len(summaries) == 8 and all(s.status == "finished" for s in summaries)
            spec = get_game("dominion")
            for summary in summaries:
                assert replay(store.load(summary.id), spec).matches
        finally:
            store.close()
    finally:
        for proc, _ in servers:
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=30)
    listing = subprocess.run([sys.executable, "-m", "tablehall.cli", "records", "--db", postgres_url],
                             capture_output=True, text=True, cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert listing.returncode == 0 and listing.stdout.count("finished") == 8
    first = listing.stdout.splitlines()[1].split()[0]
    again = subprocess.run([sys.executable, "-m", "tablehall.cli", "replay", "--db", postgres_url, first[:10]],
                           capture_output=True, text=True, cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert again.returncode == 0 and again.stdout.startswith("ok: dominion")

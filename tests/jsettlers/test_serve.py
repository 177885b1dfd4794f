"""`tablehall serve` as a real process with its JSettlers listener and a ``[jsettlers]`` config:
a raw-socket client creates a game, sits, starts it with tablehall bots in the empty seats,
then never moves; a tablehall bot takes its seat after ``human_timeout`` and the game is played
to the end and stored."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from tablehall.core import replay
from tablehall.core.registry import game_names, get_game
from tablehall.core.store import SqliteStore
from tablehall.games.catan import SPEC
from tablehall.games.catan.jsettlers import encode_frame
from tablehall.games.catan.jsettlers.framing import FrameDecoder

REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_serve_plays_a_jsettlers_game_and_stores_it(tmp_path):
    port = free_port()
    ports = "\n".join(f"{s.name} = 0" for g in game_names() for s in get_game(g).services if s.name != "jsettlers")
    config = tmp_path / "tablehall.toml"
    config.write_text(f'[ports]\njsettlers = {port}\nhttp = 0\n{ports}\n\n[jsettlers]\nbot = "random"\n'
                      'human_timeout = 0.3\nbot_pause = 0\nseed = 21\n', encoding="utf-8")
    db = tmp_path / "records.sqlite"
    proc = subprocess.Popen([sys.executable, "-m", "tablehall.cli", "serve", "--config", str(config), "--db", str(db)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=tmp_path,
                            env={**os.environ, "PYTHONPATH": str(REPO)})
    try:
        banner = ""
        while f"127.0.0.1:{port}" not in banner:
            line = proc.stdout.readline()
            assert line, "server did not start:\n" + banner
            banner += line
        assert "jsettlers" in banner
        with socket.create_connection(("127.0.0.1", port), timeout=60) as sock:
            sock.sendall(b"".join(encode_frame(w) for w in (
                "9998|2700,2.7.00,JM20260517,;6pl;sb;sc=2700;,en_US",
                "1078|alice,\t,\t,quiet game,BC=t4,UBL=t7,N7=f7,RD=f,PL=4",  # the Swing client's New Game
                "1012|quiet game,alice,0,false", "1018|quiet game")))
            decoder, received = FrameDecoder(), []
            while "1025|quiet game,1000" not in received:
                chunk = sock.recv(65536)
                assert chunk, "connection closed before the game ended"
                decoder.feed(chunk)
                received += list(decoder)
            sock.sendall(encode_frame("1011|alice,-,quiet game"))
            time.sleep(0.2)
        assert received[0] == "9998|2700,2.7.00,JM20260517,;ch;"
        assert "1091|quiet game\x01A tablehall bot now plays for alice." in received
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=20)
    log = banner + proc.stdout.read()
    # the operator's lines: alice from her address, then the bot that took her seat over
    start = next(line for line in log.splitlines() if " game start " in line)
    assert "{seat=0 name=alice via=jsettlers peer=127.0.0.1:" in start
    handover = next(line for line in log.splitlines() if " seat handover " in line)
    assert " seat=0 " in handover and " via=bot" in handover and "peer=" not in handover
    store = SqliteStore(db)
    [summary] = store.summaries()
    record = store.load(summary.id)
    assert record.status == "finished" and replay(record, SPEC).matches
    assert [s.name for s in record.seats] == ["alice", "droid 1", "droid 2", "droid 3"]
    store.close()

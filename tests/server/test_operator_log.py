"""The operator's log of `tablehall serve`: one structured line per connection, per game start
(id, game, seats, each player and how it connected) and per game end (status, cause, each seat's
rank and score, duration), as text or as JSON (`--log-format json`)."""

import json
import os
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tablehall.core.store import SqliteStore

REPO = Path(__file__).resolve().parents[2]
ENGINE = REPO / "examples" / "dominion" / "engine.py"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Log:
    """The server's stderr, read line by line in a thread so a test can wait for a line."""

    def __init__(self, proc: subprocess.Popen) -> None:
        self.lines: list[str] = []
        self.changed = threading.Condition()
        threading.Thread(target=self._read, args=(proc.stderr,), daemon=True).start()

    def _read(self, stream) -> None:
        for line in stream:
            with self.changed:
                self.lines.append(line.rstrip("\n"))
                self.changed.notify_all()

    def wait_for(self, predicate, timeout: float = 120) -> str:
        with self.changed:
            found = self.changed.wait_for(lambda: next((l for l in self.lines if predicate(l)), None), timeout)
        assert found, "\n".join(self.lines[-20:])
        return found


@pytest.mark.parametrize("log_format", ["json", "text"])
def test_game_start_and_end_lines_for_a_tcp_bot_against_a_built_in_one(tmp_path, log_format):
    port = free_port()
    db = tmp_path / "records.sqlite"
    server = subprocess.Popen(
        [sys.executable, "-m", "tablehall.cli", "serve", "--db", str(db), "--log-format", log_format,
         "--dominion-port", str(port), "--sc-port", "0", "--jsettlers-port", "0", "--renaissance-port", "0",
         "--http-port", "0"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(REPO)})
    log = Log(server)
    try:
        log.wait_for(lambda line: "listening" in line)
        bot = subprocess.run([sys.executable, str(ENGINE), "--connect", f"127.0.0.1:{port}", "--join", "bigmoney"],
                             capture_output=True, text=True, timeout=120)
        assert bot.returncode == 0, bot.stderr
        if log_format == "json":
            start = json.loads(log.wait_for(lambda line: '"msg": "game start"' in line))
            end = json.loads(log.wait_for(lambda line: '"msg": "game end"' in line))
            connected = json.loads(log.wait_for(lambda line: '"msg": "connected"' in line))
            assert connected["service"] == "dominion" and connected["peer"].startswith("127.0.0.1:")
            assert start["game"] == "dominion" and start["seats"] == 2
            assert sorted((p["name"], p["via"]) for p in start["players"]) == [("bigmoney", "bot"),
                                                                                ("engine", "dominion")]
            # the network client's address, as its `connected` line has it; none for the built-in bot
            assert [p.get("peer") for p in sorted(start["players"], key=lambda p: p["name"])] == [
                None, connected["peer"]]
            assert end["id"] == start["id"] and end["status"] == "finished" and end["cause"] == "regular"
            assert end["duration_s"] >= 0 and sorted(r["rank"] for r in end["result"]) in ([1, 2], [1, 1])
            record_id, scores = end["id"], {r["name"]: r["score"] for r in end["result"]}
        else:
            start = log.wait_for(lambda line: "game start " in line)
            end = log.wait_for(lambda line: "game end " in line)
            assert "game=dominion seats=2 players=[{seat=0 " in start and "via=dominion peer=127.0.0.1:" in start
            record_id = start.split(" id=")[1].split()[0]
            assert f" id={record_id} " in end and "status=finished cause=regular duration_s=" in end
            assert "result=[{seat=0 " in end and "rank=" in end and "score=" in end
            scores = None
    finally:
        server.terminate()
        server.wait(30)
    store = SqliteStore(db)
    record = store.load(record_id)  # the id in the log is the record's
    store.close()
    assert record.status == "finished"
    if scores is not None:
        assert scores == {record.seats[r.seat].name: r.score for r in record.result.seats}


def test_a_fields_text_is_quoted_exactly_where_it_must_be():
    """`_text` takes a word of letters and digits, and a whole number, as it is without asking
    the quoting rule: every value still comes out as the rule alone writes it."""
    import re

    from tablehall.core import EndCause
    from tablehall.server.logs import _text

    needs_quotes = re.compile(r'[\s"=]')

    def by_the_rule(value):
        if isinstance(value, (list, tuple)):
            return "[" + ", ".join(by_the_rule(v) for v in value) + "]"
        if isinstance(value, dict):
            return "{" + " ".join(f"{k}={by_the_rule(v)}" for k, v in value.items()) + "}"
        text = str(value)
        return json.dumps(text) if not text or needs_quotes.search(text) else text

    values = ["loadbot", "0f3c2b1a", "127.0.0.1:45678", "", "two words", 'say "hi"', "k=v", "tab\there",
              "\u00a0nbsp", "\u2003", "éclair", "ünï", "٣", 0, -3, 12345678901234567890, True, None, 1.5,
              [1, "a b"], ("x", ""), {"seat": 0, "name": "a b"}, [{"k": [], "v": {"w": "="}}], EndCause.REGULAR]
    for value in values:
        assert _text(value) == by_the_rule(value), value

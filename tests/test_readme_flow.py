"""The README's commands, in the order written, in a fresh directory (issue 16): every game
`play` plays is in the default store, so `records`, `export` and `replay` find it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def tablehall(cwd: Path, *argv: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "TABLEHALL_DB"}  # the default store, as a user has
    env["PYTHONPATH"] = str(REPO)
    return subprocess.run([sys.executable, "-m", "tablehall.cli", *argv], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300)


def test_the_readme_commands_work_in_order(tmp_path):
    bigmoney = f"cmd:{sys.executable} {REPO / 'examples' / 'dominion' / 'bigmoney.py'}"
    for argv, words in ((["serve", "--help"], ["--renaissance-port", "[dominion]", "reply_timeout"]),
                        (["bots"], ["bigmoney", "max_turns=500", "strong"])):
        done = tablehall(tmp_path, *argv)
        assert done.returncode == 0 and all(w in done.stdout for w in words), (argv, done.stdout[-500:])
    steps = [
        ["play", "blokus", "--seats", "strong,random", "--games", "2", "--record-dir", "games/", "--quiet"],
        ["play", "dominion", "--seats", f"{bigmoney},engine", "--quiet"],
        ["play", "catan", "--seats", "strong,random,random,random", "--record-dir", "games/", "--quiet"],
    ]
    for argv in steps:
        done = tablehall(tmp_path, *argv)
        assert done.returncode == 0, (argv, done.stderr)
        assert "seed " in done.stderr and "stored in var/tablehall.sqlite" in done.stderr
    listing = tablehall(tmp_path, "records")
    assert listing.returncode == 0, listing.stderr
    rows = [line.split() for line in listing.stdout.splitlines()[1:] if line.strip()]
    games = {row[1]: row[0] for row in rows}
    assert len(rows) == 4 and set(games) == {"blokus", "dominion", "catan"}
    sgn = tablehall(tmp_path, "export", "--format", "sgn", games["catan"])
    assert sgn.returncode == 0 and sgn.stdout.strip(), sgn.stderr
    for record_id in games.values():
        check = tablehall(tmp_path, "replay", record_id)
        assert check.returncode == 0 and check.stdout.startswith("ok:"), check.stderr
    xml = tablehall(tmp_path, "export", "--format", "replay-xml", games["blokus"])
    assert xml.returncode == 0 and xml.stdout.startswith("<protocol>")
    assert len(list((tmp_path / "games").glob("*.json"))) == 3  # --record-dir adds files besides the store

"""Helpers for the arena's tests: run `tablehall arena` in this process and read its JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tablehall.cli import main

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"


@pytest.fixture
def arena(tmp_path, capsys):
    """arena(*argv) -> (exit code, stdout, stderr, the --json document or None)."""
    runs = iter(range(1000))

    def run(*argv: str):
        target = tmp_path / f"arena-{next(runs)}.json"
        code = main(["arena", *argv, "--json", str(target), "--quiet"])
        out = capsys.readouterr()
        doc = json.loads(target.read_text()) if target.exists() else None
        return code, out.out, out.err, doc

    return run

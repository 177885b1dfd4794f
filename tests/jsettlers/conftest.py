"""Shared fixtures: the JSettlers reference data in ``<repo>/../shared/reference/jsettlers``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

REFERENCE = Path(__file__).resolve().parents[2] / ".." / "shared" / "reference" / "jsettlers"


def reference_path(name: str = "") -> Path:
    if not REFERENCE.is_dir():
        pytest.skip(f"JSettlers reference data not found at {REFERENCE}")
    return REFERENCE / name


def read_jsonl(name: str) -> list[dict]:
    with open(reference_path(name), encoding="utf-8") as f:
        return [json.loads(line) for line in f]


@pytest.fixture
def reference() -> Path:
    return reference_path()

"""Shared fixtures: the JSettlers reference data (tests/data/jsettlers)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ..support.reference import reference_path as data_path


def reference_path(name: str = "") -> Path:
    """A file of the JSettlers reference folder."""
    return data_path("jsettlers", name)


#: the reference logs of wire strings, one message a line
WIRE_FILES = [
    "all-basic-actions.wire.jsonl",
    "recorded-classic4p-robots-A.wire.jsonl",
    "recorded-classic4p-robots-B.wire.jsonl",
]


def read_jsonl(name: str) -> list[dict]:
    with open(reference_path(name), encoding="utf-8") as f:
        return [json.loads(line) for line in f]


@pytest.fixture
def reference() -> Path:
    return reference_path()

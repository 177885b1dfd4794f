"""Where the reference data tests need lives: tests/data, copies of the captures, golden vectors
and schemas the project collected (tests/data/PROVENANCE.md says where each file came from).
The data is part of the repository, so a test whose file is missing fails; it never skips."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
REFERENCE = REPO / "tests" / "data"


def reference_path(*parts: str) -> Path:
    return REFERENCE.joinpath(*parts)

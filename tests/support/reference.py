"""Where the shared reference data lives (captures, golden vectors, schemas) and how tests that
need it skip cleanly, with the reason, on a machine that does not have it."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
REFERENCE = REPO.parent / "shared" / "reference"


def reference_path(*parts: str) -> Path:
    return REFERENCE.joinpath(*parts)


def needs_reference(*parts: str) -> pytest.MarkDecorator:
    """Mark a test (or `pytestmark` a module) to skip when reference data is absent."""
    path = reference_path(*parts)
    return pytest.mark.skipif(not path.exists(), reason=f"reference data {path} is absent")

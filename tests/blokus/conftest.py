"""Shared fixtures: the contest's reference data (../shared/reference/socha2021)."""

from pathlib import Path

import pytest

REFERENCE = Path(__file__).resolve().parents[2] / ".." / "shared" / "reference" / "socha2021"


@pytest.fixture(scope="session")
def reference() -> Path:
    """The Software Challenge 2021 reference folder; tests needing it skip where it is absent."""
    if not REFERENCE.is_dir():
        pytest.skip(f"reference data not found at {REFERENCE}")
    return REFERENCE

"""Shared fixtures: the contest's reference data (../shared/reference/socha2021)."""

from pathlib import Path

import pytest

from ..support.reference import reference_path


@pytest.fixture(scope="session")
def reference() -> Path:
    """The Software Challenge 2021 reference folder; tests needing it skip where it is absent."""
    path = reference_path("socha2021")
    if not path.is_dir():
        pytest.skip(f"reference data not found at {path}")
    return path

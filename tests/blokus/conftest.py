"""Shared fixtures: the contest's reference data (tests/data/socha2021)."""

from pathlib import Path

import pytest

from ..support.reference import reference_path


@pytest.fixture(scope="session")
def reference() -> Path:
    """The Software Challenge 2021 reference folder."""
    return reference_path("socha2021")

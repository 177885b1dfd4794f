"""Shared fixtures for the Masters of Renaissance tests."""

import json
from pathlib import Path

import pytest

from ..support.reference import reference_path


@pytest.fixture(scope="session")
def reference():
    """The cross-checked reference data (mor_canonical.json)."""
    return json.loads(reference_path("masters_of_renaissance", "mor_canonical.json").read_text())


@pytest.fixture(scope="session")
def random_client():
    """examples/renaissance/random_client.py, the stdlib wire client, as a module."""
    import importlib.util

    path = Path(__file__).resolve().parents[2] / "examples" / "renaissance" / "random_client.py"
    spec = importlib.util.spec_from_file_location("renaissance_random_client", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module

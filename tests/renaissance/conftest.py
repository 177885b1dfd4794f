"""Shared fixtures for the Masters of Renaissance tests."""

import json
from pathlib import Path

import pytest

REFERENCE = Path(__file__).resolve().parents[2] / ".." / "shared" / "reference" / "masters_of_renaissance"


@pytest.fixture(scope="session")
def reference():
    """The cross-checked reference data (mor_canonical.json), or a skip where it is absent."""
    path = REFERENCE / "mor_canonical.json"
    if not path.exists():
        pytest.skip(f"reference data not found at {path}")
    return json.loads(path.read_text())


@pytest.fixture(scope="session")
def random_client():
    """examples/renaissance/random_client.py, the stdlib wire client, as a module."""
    import importlib.util

    path = Path(__file__).resolve().parents[2] / "examples" / "renaissance" / "random_client.py"
    spec = importlib.util.spec_from_file_location("renaissance_random_client", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module

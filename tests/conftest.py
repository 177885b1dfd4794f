"""Suite-wide: commands and servers that store games by default write to a scratch store, never
to the working tree's var/, and each test to its own: a server's journal plays on the games left
running when it stops, so a store shared between tests would hand one test's game to the next."""

from __future__ import annotations

import os
import tempfile

import pytest

_SCRATCH = tempfile.mkdtemp(prefix="tablehall-tests-")
os.environ.setdefault("TABLEHALL_DB", os.path.join(_SCRATCH, "tablehall.sqlite"))

#: fixtures every area may use: a real PostgreSQL server for the session (skips where absent)
pytest_plugins = ("tests.support.postgres",)


@pytest.fixture(autouse=True)
def own_default_store(tmp_path_factory, monkeypatch):
    """The default store of this test (TABLEHALL_DB): servers made without a `db` and commands
    run in a subprocess open it."""
    monkeypatch.setenv("TABLEHALL_DB", str(tmp_path_factory.mktemp("store") / "tablehall.sqlite"))

"""Suite-wide: commands that store games by default write to a scratch store, never to the
working tree's var/."""

from __future__ import annotations

import os
import tempfile

_SCRATCH = tempfile.mkdtemp(prefix="tablehall-tests-")
os.environ.setdefault("TABLEHALL_DB", os.path.join(_SCRATCH, "tablehall.sqlite"))

#: fixtures every area may use: a real PostgreSQL server for the session (skips where absent)
pytest_plugins = ("tests.support.postgres",)

"""`make bench`: the JSON API fuzzed by schemathesis from its OpenAPI document, against a real
`tablehall serve` on loopback: no answer a 500, every answer as the document says, and no
traceback in the server's log.  Figures for docs/benchmarks.md ("Hardening")."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.support.serving import Serve

pytestmark = pytest.mark.slow

SCHEMATHESIS = shutil.which("schemathesis", path=str(Path(sys.executable).parent)) or shutil.which("schemathesis")
CHECKS = "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance"
EXAMPLES = int(os.environ.get("TABLEHALL_FUZZ_EXAMPLES", "300"))  # per operation


@pytest.mark.skipif(SCHEMATHESIS is None, reason="schemathesis is in the bench extra (make bench installs it)")
def test_schemathesis_finds_no_server_error(tmp_path):
    config = "[limits]\ngames_per_minute = 100000\nlive_games_per_address = 100000\n"
    with Serve(tmp_path, config) as serve:
        started = time.monotonic()
        run = subprocess.run([SCHEMATHESIS, "run", f"{serve.url}/api/openapi.json", "--checks", CHECKS,
                              "--max-examples", str(EXAMPLES), "--workers", "1", "--request-timeout", "60",
                              "--phases", "examples,coverage,fuzzing", "--no-color"],
                             capture_output=True, text=True, timeout=3600, cwd=tmp_path)
        seconds = time.monotonic() - started
        log = serve.log()
    summary = [line for line in run.stdout.splitlines() if re.search(r"passed|failed|errored|test cases", line)]
    print(f"\nschemathesis {EXAMPLES} examples per operation, {seconds:.0f} s:", *summary[-6:], sep="\n  ")
    assert run.returncode == 0, run.stdout[-6000:]
    assert "Traceback" not in log and " error " not in log, log[-4000:]

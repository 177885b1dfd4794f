"""`make run ARGS="..."` passes its flags to `tablehall serve` (README): here a free port for
the web hall and every protocol listener off, and the hall answers on that port."""

from __future__ import annotations

import os
import queue
import shutil
import signal
import socket
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path

import pytest

from tablehall.core.registry import game_names, get_game

REPO = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_make_run_passes_args_to_serve(tmp_path):
    # this interpreter stands in for the venv's `tablehall` script, and the installed stamp is
    # taken as up to date: make runs only the recipe of `run`, in a scratch folder
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "tablehall"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m tablehall.cli "$@"\n')
    shim.chmod(0o755)
    port = free_port()
    off = [f"--{service.name}-port 0" for name in game_names() for service in get_game(name).services]
    args = " ".join([f"--http-port {port}", *off])
    make = subprocess.Popen(["make", "--no-print-directory", "-f", str(REPO / "Makefile"), "-o", ".venv/.installed-run",
                             "run", f"BIN={bin_dir}", f"ARGS={args}"], cwd=tmp_path, start_new_session=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, "PYTHONPATH": str(REPO)})
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in make.stdout], daemon=True).start()
    try:
        said = []
        while not any(f"127.0.0.1:{port}" in line for line in said):
            try:  # a bound, not a measure: the server says its addresses as soon as it listens
                said.append(lines.get(timeout=120))
            except queue.Empty:
                pytest.fail("make run did not serve the web hall on the port given:\n" + "".join(said))
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=60) as page:
            assert page.status == 200
        assert f"--http-port {port}" in "".join(said)  # make echoes the command it ran
    finally:
        os.killpg(make.pid, signal.SIGTERM)
        make.wait(timeout=60)
    assert (tmp_path / "var" / "tablehall.sqlite").exists()  # the default store, in make's folder

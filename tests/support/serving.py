"""`tablehall serve` as a real process on free loopback ports (every protocol and the web hall),
with a config file, for tests that attack it from outside."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from tablehall.server.app import all_services

REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Serve:
    """`tablehall serve --config` with every listener on a free port; its output in a file."""

    def __init__(self, tmp_path: Path, config: str = "", *extra: str, db: str | None = None,
                 ports: dict[str, int] | None = None) -> None:
        """`db`: the store (default: records.sqlite in `tmp_path`); `ports`: those of a server
        this one restarts (its pages and clients come back to the same addresses)."""
        self.ports = dict(ports) if ports else {service.name: free_port() for _, service in all_services()}
        self.ports.setdefault("http", free_port())
        self.url = f"http://127.0.0.1:{self.ports['http']}"
        self.db = db or str(tmp_path / "records.sqlite")
        path = tmp_path / "serve.toml"
        path.write_text(config)
        self.output = tmp_path / "serve.log"
        flags = [flag for name, port in self.ports.items() for flag in (f"--{name}-port", str(port))]
        command = [sys.executable, "-m", "tablehall.cli", "serve", "--config", str(path),
                   "--db", self.db, *flags, *extra]
        self.log_from = self.output.stat().st_size if self.output.exists() else 0
        with open(self.output, "ab") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, cwd=tmp_path,
                                            env={**os.environ, "PYTHONPATH": str(REPO)})
        deadline = time.monotonic() + 60
        while "web hall" not in self.log():
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"serve did not start:\n{self.log()}")
            time.sleep(0.1)

    def log(self) -> str:
        """What this server wrote (a restarted one appends to the same file)."""
        with open(self.output, "rb") as out:
            out.seek(self.log_from)
            return out.read().decode(errors="replace")

    def kill(self) -> None:
        """`kill -9`: no shutdown at all."""
        self.process.kill()
        self.process.wait()

    def post(self, path: str, body: dict) -> tuple[int, dict]:
        """A JSON body POSTed to the web hall: the status and the JSON answer (an error's too)."""
        request = urllib.request.Request(self.url + path, method="POST", data=json.dumps(body).encode())
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    def new_game(self, body: dict) -> tuple[int, dict]:
        return self.post("/api/games/new", body)

    def get(self, path: str) -> str:
        with urllib.request.urlopen(self.url + path, timeout=60) as response:
            return response.read().decode()

    def wait_for_log(self, text: str, count: int = 1, timeout: float = 120) -> None:
        """Until the log holds `text` `count` times (bounded: a busy machine may be slow)."""
        deadline = time.monotonic() + timeout
        while self.log().count(text) < count:
            if time.monotonic() > deadline:
                raise AssertionError(f"{count} x {text!r} not in the log:\n{self.log()[-3000:]}")
            time.sleep(0.05)

    def rss_kib(self) -> int:
        """The server's resident memory."""
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        raise RuntimeError("no VmRSS")

    def stop(self) -> int | None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.returncode

    def __enter__(self) -> "Serve":
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def connect(port: int, source: str = "127.0.0.1", timeout: float = 30) -> socket.socket:
    """A TCP connection to the server from `source` (any 127.x.y.z: a host of its own)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout, source_address=(source, 0))
    return sock


def read_until_closed(sock: socket.socket, limit: int = 1 << 20) -> bytes:
    """Everything the server sends until it closes the connection (bounded by the socket's timeout)."""
    data = b""
    while len(data) < limit:
        try:
            chunk = sock.recv(65536)
        except ConnectionResetError:
            break
        if not chunk:
            break
        data += chunk
    return data

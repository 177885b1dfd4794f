"""The server under load, in a process of its own: started, measured from /proc (CPU time and
resident memory of the process and every process it started), stopped."""

from __future__ import annotations

import itertools
import os
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


_clients = itertools.count()
CLIENTS_PER_ADDRESS = 50  # under the server's [limits] connections_per_address (64)


def client_source() -> tuple[str, int]:
    """The loopback address the next load client connects from: 50 clients a host, as many
    hosts would (the server counts open connections per address); the first 50 from 127.0.0.1."""
    host = next(_clients) // CLIENTS_PER_ADDRESS
    if host == 0:
        return ("127.0.0.1", 0)
    return (f"127.0.{1 + (host - 1) // 250}.{1 + (host - 1) % 250}", 0)


def _children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        ppid = int(stat[stat.rindex(")") + 2:].split()[1])
        tree.setdefault(ppid, []).append(int(entry))
    return tree


def process_tree(pid: int) -> list[int]:
    tree, found, todo = _children(), [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        todo.extend(tree.get(current, []))
    return found


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU seconds of these processes (those that still exist)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            continue
        rest = fields[fields.rindex(")") + 2:].split()
        total += int(rest[11]) + int(rest[12])  # utime, stime
    return total / TICK


def machine_ticks() -> tuple[int, int]:
    """(all, stolen) CPU ticks of this machine so far, from /proc/stat: "stolen" is the time a
    virtual machine's CPUs were ready to run but the hypervisor ran something else.  (0, 0)
    where /proc/stat is not there."""
    try:
        with open("/proc/stat") as stat:
            fields = [int(x) for x in stat.readline().split()[1:]]
    except (OSError, ValueError):
        return 0, 0
    steal = fields[7] if len(fields) > 7 else 0
    return sum(fields[:8]), steal  # user nice system idle iowait irq softirq steal (guest time is in user)


def rss_bytes(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        try:
            total += int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE
        except OSError:
            continue
    return total


class ServerProcess:
    """`tablehall serve` (or any command taking a port) on free loopback ports.

    `command` None runs this tablehall with `extra` flags; otherwise it is a shell-style command
    where ``{port}`` stands for the port (appended when absent), e.g. the official SC server."""

    def __init__(self, service: str | list[str], command: str | None = None, extra: list[str] | None = None,
                 pythonpath: str | None = None, config: str = "", python: str | None = None) -> None:
        services = [service] if isinstance(service, str) else list(service)
        self.service = services[0]
        self.ports = {name: free_port() for name in services}  # one listener per protocol measured
        self.port = self.ports[self.service]
        self._scratch = tempfile.TemporaryDirectory(prefix="tablehall-bench-")
        self.db = str(Path(self._scratch.name) / "records.sqlite")
        self._counted: set[str] = set()
        if command is None:
            config_args = []
            if config:
                path = Path(self._scratch.name) / "serve.toml"
                path.write_text(config)
                config_args = ["--config", str(path)]
            args = [python or sys.executable, "-m", "tablehall.cli", "serve", *config_args, "--db", self.db, "--http-port", "0",
                    *extra_ports_off(services), *(f for name, port in self.ports.items() for f in (f"--{name}-port", str(port))),
                    *(extra or [])]
        else:
            text = command.replace("{port}", str(self.port)) if "{port}" in command else f"{command} {self.port}"
            args = shlex.split(text)
        env = dict(os.environ)
        if pythonpath:
            env["PYTHONPATH"] = pythonpath
        self.log = open(Path(self._scratch.name) / "server.log", "wb")
        # cwd: a scratch directory, so that `-m` imports tablehall from PYTHONPATH or the
        # installed package, never from whatever tree the bench was started in
        self.process = subprocess.Popen(args, stdout=self.log, stderr=subprocess.STDOUT, env=env,
                                        cwd=self._scratch.name, start_new_session=True)
        self._wait_listening()

    def _wait_listening(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited with {self.process.returncode}: {self.log_text()[-2000:]}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"server not listening on {self.port} after {timeout} s")

    def log_text(self) -> str:
        self.log.flush()
        return Path(self.log.name).read_text(errors="replace")

    def pids(self) -> list[int]:
        return process_tree(self.process.pid)

    def cpu(self) -> float:
        return cpu_seconds(self.pids())

    def rss(self) -> int:
        return rss_bytes(self.pids())

    def recorded_actions(self, game: str) -> tuple[int, int] | None:
        """(games, actions) of `game` stored since the last call, read from the server's record
        store; None when the server keeps no store there (another server)."""
        import sqlite3

        if not Path(self.db).exists():
            return None
        with sqlite3.connect(f"file:{self.db}?mode=ro", uri=True, timeout=30) as db:
            rows = db.execute("SELECT id, json_array_length(body, '$.actions') FROM records WHERE game = ?",
                              (game,)).fetchall()
        new = [(rid, count) for rid, count in rows if rid not in self._counted]
        self._counted.update(rid for rid, _ in new)
        return len(new), sum(count for _, count in new)

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGINT)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self.log.close()
        self._scratch.cleanup()


def extra_ports_off(keep: list[str]) -> list[str]:
    """Flags turning off every listener but those in `keep` (every game's services)."""
    from ...core.registry import all_services

    return [flag for _, s in all_services() if s.name not in keep for flag in (f"--{s.name}-port", "0")]



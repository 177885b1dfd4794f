"""A real PostgreSQL server for the test session (a pytest plugin, see tests/conftest.py).

`postgres_server` runs Debian's PostgreSQL binaries (`/usr/lib/postgresql/*/bin`, or
$TABLEHALL_PG_BIN) with `initdb` + `pg_ctl` in a temporary directory, listening on a unix
socket in that directory only (no TCP port to collide with other test runs).  PostgreSQL
refuses to run as root, and CI runs as root: there the server runs as the `postgres` user
(Debian's package creates it) or `nobody`, through `runuser`.  `postgres_url` gives each test
a fresh database.  Without the binaries or psycopg the tests that use it skip and say why.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
from pathlib import Path

import pytest

ROLE = "tablehall"


def _bin_dir() -> str | None:
    wanted = os.environ.get("TABLEHALL_PG_BIN")
    candidates = [wanted] if wanted else sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)
    for folder in candidates:
        if folder and os.path.exists(os.path.join(folder, "pg_ctl")):
            return folder
    return None


def _run_as() -> list[str]:
    """The command prefix that runs the server as an unprivileged user (nothing when not root)."""
    if os.geteuid() != 0:
        return []
    for user in ("postgres", "nobody"):
        try:
            pwd.getpwnam(user)
        except KeyError:
            continue
        return ["runuser", "-u", user, "--"]
    pytest.skip("running as root with neither a postgres nor a nobody user to run PostgreSQL as")


class PostgresServer:
    def __init__(self, bin_dir: str) -> None:
        self.bin = Path(bin_dir)
        self.prefix = _run_as()
        self.root = Path(tempfile.mkdtemp(prefix="th-pg-"))  # short: a socket path has ~100 bytes
        self.data = self.root / "data"
        self.port = 5432  # the socket file's name only: no TCP listener
        if self.prefix:
            user = self.prefix[2]
            entry = pwd.getpwnam(user)
            os.chown(self.root, entry.pw_uid, entry.pw_gid)
        self.started = False

    def _call(self, *argv: str) -> None:
        result = subprocess.run([*self.prefix, *argv], capture_output=True, text=True, timeout=120)
        if result.returncode != 0:
            raise RuntimeError(f"{' '.join(argv[:2])} failed: {result.stderr.strip() or result.stdout.strip()}")

    def start(self) -> None:
        self._call(str(self.bin / "initdb"), "-D", str(self.data), "-U", ROLE, "--auth=trust",
                   "-E", "UTF8", "--no-sync", "--locale=C")
        options = (f"-k {self.root} -c listen_addresses='' -p {self.port} -c fsync=off "
                   "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200")
        self._call(str(self.bin / "pg_ctl"), "-D", str(self.data), "-o", options,
                   "-l", str(self.root / "server.log"), "-w", "-t", "60", "start")
        self.started = True

    def stop(self) -> None:
        if self.started:
            try:
                self._call(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
            except (RuntimeError, subprocess.TimeoutExpired):
                pass
            self.started = False
        shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{ROLE}@/{database}?host={self.root}&port={self.port}"

    def create_database(self) -> str:
        import psycopg

        name = f"t_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)


@pytest.fixture(scope="session")
def postgres_server():
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.skip("psycopg is not installed (pip install -e '.[postgres]')")
    bin_dir = _bin_dir()
    if bin_dir is None:
        pytest.skip("PostgreSQL server binaries not found (/usr/lib/postgresql/*/bin; apt-get install postgresql)")
    server = PostgresServer(bin_dir)
    try:
        server.start()
    except (RuntimeError, subprocess.TimeoutExpired) as exc:  # binaries present: a real failure
        server.stop()
        pytest.fail(f"PostgreSQL did not start: {exc}")
    yield server
    server.stop()


@pytest.fixture
def postgres_url(postgres_server) -> str:
    """A fresh, empty database on the session's server."""
    return postgres_server.create_database()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_location(request, tmp_path) -> str:
    """Where a store under test lives: an SQLite file, or a fresh database on the session's
    PostgreSQL (each test that takes it runs on both)."""
    if request.param == "sqlite":
        return str(tmp_path / "records.sqlite")
    return request.getfixturevalue("postgres_url")

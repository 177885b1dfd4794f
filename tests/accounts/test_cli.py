"""`tablehall accounts add|disable|list`, run as the command it is."""

from __future__ import annotations

import subprocess
import sys

from tablehall.accounts.service import Accounts
from tablehall.core.locations import open_store


def tablehall(*argv: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tablehall.cli", *argv], input=stdin, capture_output=True,
                          text=True, timeout=120)


def test_add_disable_and_list(store_location):
    location = store_location
    made = tablehall("accounts", "--db", location, "add", "Boss", "--admin", stdin="a long password\n")
    assert made.returncode == 0, made.stderr
    assert made.stdout.strip() == "added admin Boss" and "a long password" not in made.stdout + made.stderr
    assert tablehall("accounts", "--db", location, "add", "zed", stdin="another password\n").returncode == 0
    taken = tablehall("accounts", "--db", location, "add", "ZED", stdin="another password\n")
    assert taken.returncode == 2 and "taken" in taken.stderr
    short = tablehall("accounts", "--db", location, "add", "yan", stdin="short\n")
    assert short.returncode == 2 and "at least 8" in short.stderr
    assert tablehall("accounts", "--db", location, "disable", "zed").stdout.strip() == "disabled zed"
    listed = tablehall("accounts", "--db", location, "list").stdout.splitlines()
    assert listed[0].split() == ["name", "kind", "owner", "admin", "disabled", "made"]
    assert [line.split()[:5] for line in listed[1:]] == [["Boss", "person", "-", "yes", "-"],
                                                        ["zed", "person", "-", "-", "yes"]]
    store = open_store(location)
    try:
        accounts = Accounts(store)
        assert accounts.sessions.login("boss", "a long password", "127.0.0.1").account.admin
        assert [(e.actor, e.action, e.target) for e in accounts.book.audit_log()][:1] == [("console", "disable", "zed")]
    finally:
        store.close()
    unknown = tablehall("accounts", "--db", location, "disable", "nobody")
    assert unknown.returncode == 2 and "no account 'nobody'" in unknown.stderr


def test_the_accounts_section_is_checked_with_the_config(tmp_path):
    import re

    import pytest

    from tablehall.accounts.service import open_accounts
    from tablehall.core.store import DirectoryStore
    from tablehall.server.config import ConfigError, ServerConfig, check_sections

    check_sections(ServerConfig(sections={"accounts": {"registration": "closed"}}))
    with pytest.raises(ConfigError, match=re.escape("registration must be 'open' | 'closed'")):
        check_sections(ServerConfig(sections={"accounts": {"registration": "maybe"}}))
    with pytest.raises(ConfigError, match="unknown setting 'signup'"):
        check_sections(ServerConfig(sections={"accounts": {"signup": True}}))
    assert open_accounts(DirectoryStore(tmp_path / "files")) is None  # records only: every name a guest

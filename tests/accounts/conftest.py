"""Accounts over a real store: every test runs on an SQLite file and on a fresh database of the
session's PostgreSQL server (tests/support/postgres.py)."""

from __future__ import annotations

import pytest

from tablehall.accounts.service import Accounts, AccountSettings
from tablehall.core.locations import open_store


class Clock:
    """The accounts' clock, moved by the test (sessions expire, tickets run out)."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def store(store_location):
    opened = open_store(store_location)
    yield opened
    opened.close()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def accounts(store, clock) -> Accounts:
    return Accounts(store, AccountSettings(login_failures_per_account=3, login_failures_per_address=5), clock=clock)

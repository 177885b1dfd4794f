"""A real `tablehall serve` per test module that attacks the web hall's rules rather than its
quotas: starting games from one address is not rate limited here (tests/security/test_limits.py
attacks the quotas)."""

from __future__ import annotations

import pytest

from tests.support.serving import Serve

UNLIMITED_GAMES = """
[limits]
games_per_minute = 10000
live_games_per_address = 10000

[dominion]
join_grace = 60          # a connection waits in the lobby for its join line
"""


@pytest.fixture(scope="module")
def serve(tmp_path_factory):
    with Serve(tmp_path_factory.mktemp("hall"), UNLIMITED_GAMES) as server:
        yield server

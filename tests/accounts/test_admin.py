"""Admins abort a live game and disable accounts; others may not; the audit log keeps both."""

from __future__ import annotations

import asyncio

import pytest

from tablehall.accounts.book import AccountError
from tablehall.accounts.admin import abort_game, disable_account
from tablehall.core import BotAgent, Match
from tablehall.core.registry import get_game

PASSWORD = "correct horse"


def test_an_admin_aborts_a_game_and_disables_an_account(accounts, store, clock):
    boss = accounts.book.add_person("boss", PASSWORD, admin=True, actor="console")
    pat = accounts.book.add_person("pat", PASSWORD)
    spec = get_game("blokus")
    match = Match(spec, [BotAgent(spec.bots["random"](1)), BotAgent(spec.bots["random"](2))], seed=3,
                  store=store, match_id="m1")
    with pytest.raises(AccountError, match="only an admin"):
        abort_game(accounts.book, pat, match)
    abort_game(accounts.book, boss, match, "testing")
    record = asyncio.run(match.run())
    assert record.status == "aborted" and record.result.seats[0].reason == "aborted by boss: testing"
    assert store.load("m1").status == "aborted"
    clock.now += 1
    with pytest.raises(AccountError, match="only an admin"):
        disable_account(accounts.book, pat, "boss")
    with pytest.raises(AccountError, match="own account"):
        disable_account(accounts.book, boss, "boss")
    assert disable_account(accounts.book, boss, "pat").disabled
    assert [(e.actor, e.action, e.target, e.detail) for e in accounts.book.audit_log()][:2] == [
        ("boss", "disable", "pat", ""), ("boss", "abort", "m1", "testing")]

"""Accounts in the record store: registering, logging in and out, rate limits, session expiry,
changing the password, disabling, admins and their audit log, deleting (games kept under an
anonymous name): on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from tablehall.accounts.book import AccountError
from tablehall.accounts.book import CONSOLE
from tablehall.core import Record, SeatInfo
from tablehall.core.identity import NameRefused, Refusal
from tablehall.core.records import Entry, Handover
from tablehall.core.result import Result, SeatResult
from tablehall.core.store import SCHEMA_VERSION, RecordQuery

PASSWORD = "correct horse"


def test_a_new_store_has_the_accounts_tables(store):
    assert store.schema_version() == SCHEMA_VERSION
    assert store.transact(lambda sql: sql.one("SELECT COUNT(*) FROM accounts")) == (0,)


def test_register_and_find_in_any_case(accounts):
    alice = accounts.book.add_person("Alice", PASSWORD)
    assert accounts.book.find("alice") == alice and accounts.book.find("ALICE").name == "Alice"
    with pytest.raises(AccountError, match="taken"):
        accounts.book.add_person("aLiCe", PASSWORD)
    assert not alice.admin and not alice.is_bot


@pytest.mark.parametrize("name", ["a", "x" * 21, "has space", "dé", "-dash", "strong", "droid 7", "Robot",
                                  "greedy-bot-3", "Lorenzo", "deleted-1a2b"])
def test_names_that_are_refused(accounts, name):
    with pytest.raises(AccountError):
        accounts.book.add_person(name, PASSWORD)


def test_a_short_password_is_refused_and_none_is_stored_in_clear(accounts, store):
    with pytest.raises(AccountError, match="at least 8"):
        accounts.book.add_person("bob", "short")
    accounts.book.add_person("bob", PASSWORD)
    stored = store.transact(lambda sql: sql.one("SELECT password FROM accounts WHERE name = 'bob'"))[0]
    assert stored.startswith("$argon2id$") and PASSWORD not in stored


def test_login_logout_and_a_session_that_expires(accounts, clock):
    accounts.book.add_person("carol", PASSWORD)
    session = accounts.sessions.login("Carol", PASSWORD, "10.0.0.1")
    assert accounts.sessions.find(session.id).account.name == "carol"
    assert accounts.sessions.find("not a session") is None
    accounts.sessions.logout(session.id)
    assert accounts.sessions.find(session.id) is None
    again = accounts.sessions.login("carol", PASSWORD, "10.0.0.1")
    clock.now = again.expires_at - 1
    assert accounts.sessions.find(again.id) is not None
    clock.now = again.expires_at
    assert accounts.sessions.find(again.id) is None


def test_the_store_keeps_only_a_hash_of_the_session_id(accounts, store):
    accounts.book.add_person("dave", PASSWORD)
    session = accounts.sessions.login("dave", PASSWORD, "10.0.0.1")
    rows = store.transact(lambda sql: sql.rows("SELECT id_hash FROM account_sessions"))
    assert len(rows) == 1 and session.id not in rows[0][0]


def test_wrong_passwords_and_unknown_names(accounts):
    accounts.book.add_person("erin", PASSWORD)
    with pytest.raises(NameRefused) as wrong:
        accounts.sessions.login("erin", "not it at all", "10.0.0.2")
    assert wrong.value.kind is Refusal.WRONG_PASSWORD
    with pytest.raises(NameRefused) as nobody:
        accounts.sessions.login("nobody", PASSWORD, "10.0.0.2")
    assert nobody.value.kind is Refusal.NO_ACCOUNT


def test_logins_to_one_account_are_limited_then_wait_out_the_window(accounts, clock):
    accounts.book.add_person("fay", PASSWORD)
    for address in ("10.0.0.3", "10.0.0.4", "10.0.0.5"):  # from several addresses: per account
        with pytest.raises(NameRefused):
            accounts.sessions.login("fay", "guessing again", address)
    with pytest.raises(NameRefused) as limited:
        accounts.sessions.login("fay", PASSWORD, "10.0.0.6")  # even the right one waits
    assert limited.value.kind is Refusal.LIMITED
    clock.now += accounts.settings.login_window + 1
    assert accounts.sessions.login("fay", PASSWORD, "10.0.0.6").account.name == "fay"


def test_logins_from_one_address_are_limited(accounts):
    for name in ("gus", "hal"):
        accounts.book.add_person(name, PASSWORD)
    for attempt in range(5):  # per address: 5, spread over names so no account reaches its 3
        with pytest.raises(NameRefused):
            accounts.sessions.login(("gus", "hal", "ivy", "jan", "kim")[attempt], "guessing", "10.9.9.9")
    with pytest.raises(NameRefused) as limited:
        accounts.sessions.login("gus", PASSWORD, "10.9.9.9")
    assert limited.value.kind is Refusal.LIMITED
    assert accounts.sessions.login("gus", PASSWORD, "10.9.9.10").account.name == "gus"


def test_a_right_password_clears_the_accounts_failures(accounts):
    accounts.book.add_person("lee", PASSWORD)
    for _ in range(2):
        with pytest.raises(NameRefused):
            accounts.sessions.login("lee", "guessing", "10.0.1.1")
    accounts.sessions.login("lee", PASSWORD, "10.0.1.1")
    for _ in range(2):
        with pytest.raises(NameRefused) as refused:
            accounts.sessions.login("lee", "guessing", "10.0.1.2")
        assert refused.value.kind is Refusal.WRONG_PASSWORD


def test_changing_the_password_ends_the_other_sessions(accounts):
    account = accounts.book.add_person("mia", PASSWORD)
    here = accounts.sessions.login("mia", PASSWORD, "10.0.2.1")
    there = accounts.sessions.login("mia", PASSWORD, "10.0.2.2")
    with pytest.raises(AccountError, match="old password"):
        accounts.sessions.change_password(account, "not the old one", "a new password", address="x", keep=here.id)
    accounts.sessions.change_password(account, PASSWORD, "a new password", address="x", keep=here.id)
    assert accounts.sessions.find(here.id) is not None and accounts.sessions.find(there.id) is None
    with pytest.raises(NameRefused):
        accounts.sessions.login("mia", PASSWORD, "10.0.2.3")
    assert accounts.sessions.login("mia", "a new password", "10.0.2.3")


def test_disabling_ends_sessions_and_logins_and_is_audited(accounts, clock):
    accounts.book.add_person("root", PASSWORD, admin=True, actor=CONSOLE)
    accounts.book.add_person("ned", PASSWORD)
    session = accounts.sessions.login("ned", PASSWORD, "10.0.3.1")
    clock.now += 1
    accounts.book.set_disabled("ned", True, actor="root")
    assert accounts.sessions.find(session.id) is None
    with pytest.raises(NameRefused) as refused:
        accounts.sessions.login("ned", PASSWORD, "10.0.3.1")
    assert refused.value.kind is Refusal.DISABLED
    clock.now += 1
    accounts.book.set_disabled("ned", False, actor="root")
    assert accounts.sessions.login("ned", PASSWORD, "10.0.3.1")
    log = accounts.book.audit_log()
    assert [(e.actor, e.action, e.target) for e in log] == [
        ("root", "enable", "ned"), ("root", "disable", "ned"), (CONSOLE, "add", "root")]
    assert accounts.book.find("root").admin


def _game(names, ranks=(1, 2)) -> Record:
    record = Record("blokus", "v1", {}, 7, [SeatInfo(n, "web") for n in names],
                    entries=[Entry(0, ["pass"]), Entry(1, ["pass"])], started_at="2026-01-01T00:00:00")
    record.result = Result(tuple(SeatResult(i, r, 0) for i, r in enumerate(ranks)))
    return record


def test_deleting_keeps_the_games_under_an_anonymous_name(accounts, store):
    owner = accounts.book.add_person("olga", PASSWORD)
    bot = accounts.book.add_bot(owner, "olgabot")
    token = accounts.bots.new_token(bot)
    session = accounts.sessions.login("olga", PASSWORD, "10.0.4.1")
    mixed = _game(["olga", "pat"])
    mixed.handovers = [Handover(0, 1, "olga", "bot:strong")]
    store.save(mixed)
    store.save(_game(["olgabot", "pat"]))
    store.save(_game(["pat", "quinn"]))
    anonymous = accounts.book.delete(owner, actor="olga")
    assert anonymous.startswith("deleted-")
    assert accounts.book.find("olga") is None and accounts.book.find("olgabot") is None
    assert accounts.sessions.find(session.id) is None
    with pytest.raises(NameRefused):
        accounts.bots.bot_for(token)
    assert store.search(RecordQuery(player="olga"))[1] == 0 and store.search(RecordQuery(player="olgabot"))[1] == 0
    kept = store.load(mixed.id)
    assert [s.name for s in kept.seats] == [anonymous, "pat"] and kept.handovers[0].name == anonymous
    assert store.search(RecordQuery(player="pat"))[1] == 3
    assert accounts.book.add_person("olga", PASSWORD)  # the name is free again

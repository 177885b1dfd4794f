"""Logging in and out: a password checked (rate-limited, `limits.py`), a server-side session
with an expiry.  The session id is a random secret handed to the client once (the web hall
puts it in a signed cookie); the store keeps only its SHA-256, so a copy of the store opens no
session."""

from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass
from typing import Callable

from ..core.identity import NameRefused, Refusal
from ..core.store import RecordStore, Sql
from .book import Account, AccountError, by_id, find, password_hash
from .limits import LoginLimits
from .names import name_key
from .passwords import hash_password, needs_rehash, password_problem, verify_password

#: how long a session lasts without logging in again
SESSION_SECONDS = 30 * 24 * 3600.0


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass(frozen=True)
class Session:
    id: str  # the secret itself: given to the client, never stored
    account: Account
    expires_at: float


class Sessions:
    def __init__(self, store: RecordStore, limits: LoginLimits = LoginLimits(),
                 seconds: float = SESSION_SECONDS, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.limits = limits
        self.seconds = seconds
        self.clock = clock

    def check_password(self, name: str, password: str, address: str) -> Account:
        """The person account `name` if `password` is its own; NameRefused (with its kind)
        otherwise.  Counts failures and refuses, without checking, past the limits."""
        key, now = name_key(name), self.clock()
        account, stored = self.store.transact(lambda sql: self._lookup(sql, name, key, address, now))
        right = verify_password(stored, password)  # outside the transaction: it takes a while
        if not right:
            self.store.transact(lambda sql: self.limits.failed(sql, key, address, now))
            if account is None:
                raise NameRefused(f"no account {name!r}", Refusal.NO_ACCOUNT)
            raise NameRefused("wrong password", Refusal.WRONG_PASSWORD)
        assert account is not None and stored is not None
        if account.disabled:
            raise NameRefused(f"the account {account.name!r} is disabled", Refusal.DISABLED)
        rehashed = hash_password(password) if needs_rehash(stored) else None

        def succeeded(sql: Sql) -> None:
            self.limits.succeeded(sql, key)
            if rehashed is not None:
                sql.run("UPDATE accounts SET password = ? WHERE id = ?", (rehashed, account.id))

        self.store.transact(succeeded)
        return account

    def _lookup(self, sql: Sql, name: str, key: str, address: str, now: float) -> tuple[Account | None, str | None]:
        if self.limits.blocked(sql, key, address, now):
            raise NameRefused("too many failed logins: try again later", Refusal.LIMITED)
        account = find(sql, name)
        if account is None or account.is_bot:
            return None, None
        return account, password_hash(sql, account.id)

    def login(self, name: str, password: str, address: str) -> Session:
        """A new session for the person `name`, whose password this is (NameRefused if not)."""
        return self.open(self.check_password(name, password, address), address)

    def open(self, account: Account, address: str) -> Session:
        """A new session for `account` (just registered, or its password checked)."""
        secret = secrets.token_urlsafe(32)
        now = self.clock()
        session = Session(secret, account, now + self.seconds)
        self.store.transact(lambda sql: sql.run(
            "INSERT INTO account_sessions (id_hash, account, created_at, expires_at, address) VALUES (?, ?, ?, ?, ?)",
            (digest(secret), account.id, now, session.expires_at, address)))
        return session

    def find(self, secret: str) -> Session | None:
        """The live session with this id (None: unknown, expired, or its account disabled or
        gone); an expired one is removed."""
        now = self.clock()

        def find_session(sql: Sql) -> Session | None:
            row = sql.one("SELECT account, expires_at FROM account_sessions WHERE id_hash = ?", (digest(secret),))
            if row is None:
                return None
            account = by_id(sql, row[0])
            if float(row[1]) <= now or account is None or account.disabled:
                sql.run("DELETE FROM account_sessions WHERE id_hash = ?", (digest(secret),))
                return None
            return Session(secret, account, float(row[1]))

        return self.store.transact(find_session)

    def logout(self, secret: str) -> None:
        self.store.transact(lambda sql: sql.run("DELETE FROM account_sessions WHERE id_hash = ?", (digest(secret),)))

    def change_password(self, account: Account, old: str, new: str, *, address: str, keep: str | None = None) -> None:
        """A new password for `account`, given its old one; every other session of the account
        ends (`keep`: the session that asked, which stays)."""
        problem = password_problem(new)
        if problem:
            raise AccountError(problem)
        try:
            self.check_password(account.name, old, address)
        except NameRefused as refused:
            raise AccountError(f"the old password is not right ({refused})") from None
        hashed = hash_password(new)
        kept = digest(keep) if keep is not None else ""

        def change(sql: Sql) -> None:
            sql.run("UPDATE accounts SET password = ? WHERE id = ?", (hashed, account.id))
            sql.run("DELETE FROM account_sessions WHERE account = ? AND id_hash <> ?", (account.id, kept))

        self.store.transact(change)

    def purge(self) -> int:
        """Remove expired sessions; how many."""
        now = self.clock()
        return self.store.transact(lambda sql: sql.run("DELETE FROM account_sessions WHERE expires_at <= ?", (now,)))

"""The accounts themselves: people and their bots, in the record store's `accounts` table.

A person has a password; a bot belongs to a person and plays with API tokens (`bots.py`).
Admins (made with ``tablehall accounts add --admin``) may disable accounts and abort games;
what they do is written to the audit log.  Deleting an account renames its seats in every
stored game to an anonymous name (``deleted-...``), so the games stay and the name is free."""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from typing import Callable, Sequence

from ..core.records import Handover, SeatInfo
from ..core.store import RecordQuery, RecordStore, Sql
from .names import DELETED_PREFIX, builtin_bot_names, name_key, name_problem
from .passwords import hash_password, password_problem

PERSON = "person"
BOT = "bot"
#: how many bots one person may own
MAX_BOTS = 20
#: who the audit log names for what is done from the command line
CONSOLE = "console"


class AccountError(ValueError):
    """An account operation that cannot be done; `str()` is one line for the user."""


@dataclass(frozen=True)
class Account:
    id: str
    name: str
    kind: str  # person | bot
    owner: str | None  # a bot's person (an account id)
    admin: bool
    disabled: bool
    created_at: float

    @property
    def is_bot(self) -> bool:
        return self.kind == BOT


@dataclass(frozen=True)
class AuditEntry:
    at: float
    actor: str
    action: str
    target: str
    detail: str


_COLUMNS = "id, name, kind, owner, admin, disabled, created_at"


def _account(row: Sequence) -> Account:
    return Account(row[0], row[1], row[2], row[3], bool(row[4]), bool(row[5]), float(row[6]))


def find(sql: Sql, name: str) -> Account | None:
    """The account called `name` in any case."""
    row = sql.one(f"SELECT {_COLUMNS} FROM accounts WHERE name_key = ?", (name_key(name),))
    return None if row is None else _account(row)


def by_id(sql: Sql, account_id: str) -> Account | None:
    row = sql.one(f"SELECT {_COLUMNS} FROM accounts WHERE id = ?", (account_id,))
    return None if row is None else _account(row)


def password_hash(sql: Sql, account_id: str) -> str | None:
    row = sql.one("SELECT password FROM accounts WHERE id = ?", (account_id,))
    return None if row is None else row[0]


def audit(sql: Sql, at: float, actor: str, action: str, target: str, detail: str = "") -> None:
    sql.run("INSERT INTO audit_log (at, actor, action, target, detail) VALUES (?, ?, ?, ?, ?)",
            (at, actor, action, target, detail))


class AccountBook:
    """Making, finding, listing, disabling and deleting accounts."""

    def __init__(self, store: RecordStore, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock
        self._bot_names = builtin_bot_names()

    def name_problem(self, name: str) -> str | None:
        return name_problem(name, self._bot_names)

    def add_person(self, name: str, password: str, *, admin: bool = False, actor: str | None = None) -> Account:
        """A new person account (AccountError if the name or password will not do, or the name
        is taken); `actor` is written to the audit log when an admin or the console made it."""
        problem = self.name_problem(name) or password_problem(password)
        if problem:
            raise AccountError(problem)
        hashed = hash_password(password)  # before the transaction: hashing takes a while
        return self.store.transact(lambda sql: self._insert(sql, name, PERSON, None, hashed, admin, actor))

    def add_bot(self, owner: Account, name: str) -> Account:
        """A bot account owned by person `owner`."""
        if owner.is_bot:
            raise AccountError("a bot belongs to a person, not to another bot")
        problem = self.name_problem(name)
        if problem:
            raise AccountError(problem)

        def add(sql: Sql) -> Account:
            count = sql.one("SELECT COUNT(*) FROM accounts WHERE owner = ?", (owner.id,))[0]
            if count >= MAX_BOTS:
                raise AccountError(f"a person may own at most {MAX_BOTS} bots")
            return self._insert(sql, name, BOT, owner.id, None, False, None)

        return self.store.transact(add)

    def _insert(self, sql: Sql, name: str, kind: str, owner: str | None, hashed: str | None, admin: bool,
                actor: str | None) -> Account:
        if sql.one("SELECT 1 FROM accounts WHERE name_key = ?", (name_key(name),)) is not None:
            raise AccountError(f"the name {name!r} is taken")
        account = Account(secrets.token_hex(8), name, kind, owner, admin, False, self.clock())
        sql.run("INSERT INTO accounts (id, name, name_key, kind, owner, password, admin, disabled, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?)",
                (account.id, name, name_key(name), kind, owner, hashed, int(admin), account.created_at))
        if actor is not None:
            audit(sql, account.created_at, actor, "add", name, "admin" if admin else kind)
        return account

    def find(self, name: str) -> Account | None:
        return self.store.transact(lambda sql: find(sql, name))

    def get(self, account_id: str) -> Account | None:
        return self.store.transact(lambda sql: by_id(sql, account_id))

    def list(self, *, kind: str | None = None, owner: str | None = None) -> list[Account]:
        """Every account (of `kind`, or owned by `owner`), by name."""
        where, args = [], []
        for column, value in (("kind", kind), ("owner", owner)):
            if value is not None:
                where.append(f"{column} = ?")
                args.append(value)
        clause = f" WHERE {' AND '.join(where)}" if where else ""
        rows = self.store.transact(lambda sql: sql.rows(f"SELECT {_COLUMNS} FROM accounts{clause} ORDER BY name_key",
                                                        args))
        return [_account(row) for row in rows]

    def set_disabled(self, name: str, disabled: bool, *, actor: str) -> Account:
        """Disable (or enable again) an account and, for a person, its bots: their sessions end,
        their tokens and tickets stop working.  Written to the audit log."""
        def change(sql: Sql) -> Account:
            account = find(sql, name)
            if account is None:
                raise AccountError(f"no account {name!r}")
            ids = [account.id] + [row[0] for row in sql.rows("SELECT id FROM accounts WHERE owner = ?", (account.id,))]
            for account_id in ids:
                sql.run("UPDATE accounts SET disabled = ? WHERE id = ?", (int(disabled), account_id))
                if disabled:
                    sql.run("DELETE FROM account_sessions WHERE account = ?", (account_id,))
            audit(sql, self.clock(), actor, "disable" if disabled else "enable", account.name)
            return by_id(sql, account.id)

        return self.store.transact(change)

    def set_admin(self, name: str, admin: bool, *, actor: str) -> Account:
        def change(sql: Sql) -> Account:
            account = find(sql, name)
            if account is None or account.is_bot:
                raise AccountError(f"no person account {name!r}")
            sql.run("UPDATE accounts SET admin = ? WHERE id = ?", (int(admin), account.id))
            audit(sql, self.clock(), actor, "admin" if admin else "unadmin", account.name)
            return by_id(sql, account.id)

        return self.store.transact(change)

    def delete(self, account: Account, *, actor: str) -> str:
        """Delete `account` and its bots.  Their seats in stored games are renamed to an
        anonymous name first (the games stay); their sessions, tokens, tickets and ratings go.
        Returns the anonymous name the games now show."""
        bots = self.list(owner=account.id)
        anonymous = DELETED_PREFIX + secrets.token_hex(4)
        for index, gone in enumerate([account, *bots]):
            rename_seats(self.store, gone.name, anonymous if index == 0 else f"{anonymous}-{index}")

        def remove(sql: Sql) -> None:
            for gone in [*bots, account]:
                for table, column in (("account_sessions", "account"), ("bot_tokens", "account"),
                                      ("seat_tickets", "account"), ("ratings", "player"),
                                      ("rating_changes", "player")):
                    sql.run(f"DELETE FROM {table} WHERE {column} = ?", (gone.id,))
                sql.run("DELETE FROM accounts WHERE id = ?", (gone.id,))
            audit(sql, self.clock(), actor, "delete", account.name, anonymous)

        self.store.transact(remove)
        return anonymous

    def audit_log(self, limit: int = 100, offset: int = 0) -> list[AuditEntry]:
        """The newest entries first."""
        rows = self.store.transact(lambda sql: sql.rows(
            "SELECT at, actor, action, target, detail FROM audit_log ORDER BY at DESC LIMIT ? OFFSET ?",
            (limit, offset)))
        return [AuditEntry(float(r[0]), *r[1:]) for r in rows]

    def note(self, actor: str, action: str, target: str, detail: str = "") -> None:
        """An admin's action elsewhere (a game aborted) in the audit log."""
        self.store.transact(lambda sql: audit(sql, self.clock(), actor, action, target, detail))


def rename_seats(store: RecordStore, name: str, anonymous: str) -> int:
    """Every stored game `name` played in, with its seats (and handovers) under `name` renamed
    to `anonymous`; how many games."""
    renamed: set[str] = set()
    while True:
        found, _ = store.search(RecordQuery(player=name, limit=100))
        found = [summary for summary in found if summary.id not in renamed]
        if not found:
            return len(renamed)
        for summary in found:
            record = store.load(summary.id)
            record.seats = [SeatInfo(anonymous, s.agent) if s.name == name else s for s in record.seats]
            record.handovers = [Handover(h.seat, h.since, anonymous, h.agent) if h.name == name else h
                                for h in record.handovers]
            store.save(record)
            renamed.add(record.id)

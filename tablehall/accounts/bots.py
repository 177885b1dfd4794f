"""Bot accounts' API tokens and the seat tickets they buy.

A person makes bot accounts and, for each, API tokens (as lichess does): a token is shown once
when made and only its SHA-256 is stored.  A bot that wants to play under its name over a
protocol without passwords (contest XML, Dominion, Renaissance) asks the web hall for a *seat
ticket* with its token (HTTP, ``POST /api/seat-tickets``), then gives the ticket where its
protocol takes one.  A ticket is for one game of one kind, rated or casual, is spent by the
first login that gives it, and expires unused after `TICKET_SECONDS`."""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from typing import Callable

from ..core.identity import NameRefused, Refusal
from ..core.store import RecordStore, Sql
from .book import Account, AccountError, by_id
from .names import name_key
from .sessions import digest

TOKEN_PREFIX = "thb_"
TICKET_PREFIX = "tht_"
#: how long a ticket waits to be used
TICKET_SECONDS = 600.0
MAX_TOKENS = 10
MAX_LABEL = 40


@dataclass(frozen=True)
class TokenInfo:
    """A token as its owner sees it later: never the token itself."""

    id: str  # the first 12 characters of its hash: enough to name it for revoking
    label: str
    created_at: float
    last_used_at: float | None


@dataclass(frozen=True)
class SeatTicket:
    ticket: str  # the secret: given once to the bot that asked
    name: str  # the account it plays as
    game: str
    rated: bool
    expires_at: float


class BotKeys:
    def __init__(self, store: RecordStore, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock

    # -- tokens ---------------------------------------------------------------------------------
    def new_token(self, bot: Account, label: str = "") -> str:
        """A new API token for `bot`; the only time the token is seen."""
        if not bot.is_bot:
            raise AccountError("API tokens are for bot accounts")
        label = label.strip()[:MAX_LABEL] or "token"
        token = TOKEN_PREFIX + secrets.token_urlsafe(32)

        def add(sql: Sql) -> None:
            if sql.one("SELECT COUNT(*) FROM bot_tokens WHERE account = ?", (bot.id,))[0] >= MAX_TOKENS:
                raise AccountError(f"a bot has at most {MAX_TOKENS} tokens: revoke one first")
            sql.run("INSERT INTO bot_tokens (hash, account, label, created_at, last_used_at) VALUES (?, ?, ?, ?, NULL)",
                    (digest(token), bot.id, label, self.clock()))

        self.store.transact(add)
        return token

    def tokens(self, bot: Account) -> list[TokenInfo]:
        rows = self.store.transact(lambda sql: sql.rows(
            "SELECT hash, label, created_at, last_used_at FROM bot_tokens WHERE account = ? ORDER BY created_at",
            (bot.id,)))
        return [TokenInfo(r[0][:12], r[1], float(r[2]), None if r[3] is None else float(r[3])) for r in rows]

    def revoke(self, bot: Account, token_id: str) -> bool:
        """Revoke the token of `bot` named by `token_id` (`TokenInfo.id`); whether there was one."""
        if len(token_id) != 12 or not all(c in "0123456789abcdef" for c in token_id):
            return False
        return self.store.transact(lambda sql: sql.run(
            "DELETE FROM bot_tokens WHERE account = ? AND hash LIKE ?", (bot.id, token_id + "%"))) > 0

    def bot_for(self, token: str) -> Account:
        """The bot whose token this is (NameRefused if none, or the bot is disabled)."""
        now = self.clock()

        def find(sql: Sql) -> Account:
            row = sql.one("SELECT account FROM bot_tokens WHERE hash = ?", (digest(token),))
            account = None if row is None else by_id(sql, row[0])
            if account is None:
                raise NameRefused("unknown API token", Refusal.BAD_TICKET)
            if account.disabled:
                raise NameRefused(f"the bot {account.name!r} is disabled", Refusal.DISABLED)
            sql.run("UPDATE bot_tokens SET last_used_at = ? WHERE hash = ?", (now, digest(token)))
            return account

        return self.store.transact(find)

    # -- seat tickets ---------------------------------------------------------------------------
    def ticket(self, account: Account, game: str, rated: bool) -> SeatTicket:
        """A seat ticket for one game of `game` as `account`."""
        ticket = TICKET_PREFIX + secrets.token_urlsafe(24)
        expires = self.clock() + TICKET_SECONDS

        def add(sql: Sql) -> None:
            sql.run("DELETE FROM seat_tickets WHERE expires_at < ?", (self.clock(),))
            sql.run("INSERT INTO seat_tickets (hash, account, game, rated, expires_at, used_at) "
                    "VALUES (?, ?, ?, ?, ?, NULL)", (digest(ticket), account.id, game, int(rated), expires))

        self.store.transact(add)
        return SeatTicket(ticket, account.name, game, rated, expires)

    def ticket_for_token(self, token: str, game: str, rated: bool) -> SeatTicket:
        """What ``POST /api/seat-tickets`` answers a bot that gives its token."""
        return self.ticket(self.bot_for(token), game, rated)

    def redeem(self, ticket: str, name: str | None, game: str) -> tuple[Account, bool]:
        """Spend `ticket` for a client that gives `name` (None: its protocol names nobody) to
        play `game`: the account and whether the ticket is for a rated game; NameRefused if the
        ticket is unknown, spent, expired, for another game or another name."""
        now = self.clock()

        def spend(sql: Sql) -> tuple[Account, bool]:
            row = sql.one("SELECT account, game, rated, expires_at, used_at FROM seat_tickets WHERE hash = ?",
                          (digest(ticket),))
            account = None if row is None else by_id(sql, row[0])
            if account is None or row[4] is not None or float(row[3]) < now:
                raise NameRefused("the seat ticket is unknown, used or expired", Refusal.BAD_TICKET)
            if row[1] != game:
                raise NameRefused(f"the seat ticket is for {row[1]}, not {game}", Refusal.BAD_TICKET)
            if name is not None and name_key(name) != name_key(account.name):
                raise NameRefused(f"the seat ticket is {account.name}'s, not {name}'s", Refusal.BAD_TICKET)
            if account.disabled:
                raise NameRefused(f"the account {account.name!r} is disabled", Refusal.DISABLED)
            sql.run("UPDATE seat_tickets SET used_at = ? WHERE hash = ?", (now, digest(ticket)))
            return account, bool(row[2])

        return self.store.transact(spend)

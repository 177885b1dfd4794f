"""Who a client is: the question every protocol asks when a client gives a name.

Accounts live above the kernel (`tablehall.accounts`); a protocol service, below it, asks its
host's `Identities`.  A name nobody registered is a guest's and plays casual games.  A
registered name belongs to its account alone: over a protocol with passwords (JSettlers) the
client proves it with the account's password, over the others (contest XML, Dominion,
Renaissance) with a *seat ticket*, a one-time secret the account's bot asked for with its API
token.  Anyone else giving that name is refused with the reason (`NameRefused`), which the
protocol tells its client in its own words.

The base class is a server without accounts: every name is a guest's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

#: what a seat ticket looks like on a line (URL-safe text), so a protocol can tell one from words
TICKET = re.compile(r"[A-Za-z0-9_\-]{16,128}\Z")


class Refusal(StrEnum):
    """Why a name was refused, for protocols that answer each case with its own code."""

    TAKEN = "taken"  # a registered name, and no proof it is the client's
    NO_ACCOUNT = "no_account"  # a password for a name nobody registered
    WRONG_PASSWORD = "wrong_password"
    DISABLED = "disabled"  # the account was disabled by an admin
    LIMITED = "limited"  # too many failed attempts lately: try later
    BAD_TICKET = "bad_ticket"  # unknown, used, expired, or another account's or game's ticket
    NO_ACCOUNTS = "no_accounts"  # this server keeps no accounts


class NameRefused(Exception):
    """A client may not play under the name it gave; `str()` says why in one line."""

    def __init__(self, reason: str, kind: Refusal = Refusal.TAKEN) -> None:
        super().__init__(reason)
        self.kind = kind


@dataclass(frozen=True)
class Identity:
    """Who a client plays as: `name` (an account's own spelling of it), the `account` it proved
    it is (None: a guest), and whether its ticket is for a rated game."""

    name: str
    account: str | None = None
    rated: bool = False

    @property
    def guest(self) -> bool:
        return self.account is None


class Identities:
    """What a protocol asks about names.  This base is a server without accounts."""

    def claim(self, name: str, ticket: str | None = None, *, game: str) -> Identity:
        """The identity of a client that gives `name` (and `ticket`, if its protocol carries
        one) to play `game`: a guest under an unregistered name, the account with a valid
        ticket (spent by this call); NameRefused otherwise."""
        if ticket is not None:
            raise NameRefused("this server keeps no accounts: play without a ticket", Refusal.NO_ACCOUNTS)
        return Identity(name)

    def login(self, name: str, password: str, *, address: str) -> Identity:
        """The account `name` for a client that gave its password (from `address`, for the
        rate limits); NameRefused with the reason otherwise."""
        raise NameRefused("this server keeps no accounts", Refusal.NO_ACCOUNTS)

    def registered(self, name: str) -> bool:
        """Whether `name` (in any case) belongs to an account."""
        return False

    def seed(self, name: str, password: str) -> bool:
        """An account the operator's config names (JSettlers' ``[jsettlers.accounts]``), made
        if there is none yet (an existing one keeps its own password); whether the accounts now
        hold the name.  Without accounts: False, the protocol checks it alone."""
        return False

    def may_register(self) -> bool:
        """Whether clients may make accounts themselves (JSettlers' create-account)."""
        return False

    def register(self, name: str, password: str, *, address: str) -> Identity:
        """A new person account made by a protocol client; NameRefused if it cannot be."""
        raise NameRefused("this server keeps no accounts", Refusal.NO_ACCOUNTS)

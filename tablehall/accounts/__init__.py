"""Accounts, ratings and finding a game (issue 28): a layer beside `server` and `web` that
depends on the kernel only; the web hall and the protocol services use it.

`Accounts(store)` bundles its parts over one record store (SQLite or PostgreSQL, whose schema
holds their tables):

- `book` (`book.py`): people and their bots, admins, disabling, deleting, the audit log (what
  admins do is checked in `admin.py`);
- `sessions` (`sessions.py`): passwords (Argon2, `passwords.py`), rate-limited logins
  (`limits.py`), server-side sessions with an expiry;
- `bots` (`bots.py`): bots' API tokens and the seat tickets they buy;
- `identities` (`identities.py`): what the protocols ask of a name (`core.identity`);
- `ratings` (`ratings.py`): Glicko-2 per game (`glicko2.py`) from what each game credits
  (`credits.py`), the `RatingListener` every hosted match gets;
- `seeks` (`seeks.py`): seeks, "play a bot now" and rematch offers, live in the server.

docs/accounts.md describes the whole."""

from __future__ import annotations

import time
from typing import Callable

from ..core.store import RecordStore
from .book import Account, AccountBook, AccountError
from .bots import BotKeys, SeatTicket
from .identities import AccountIdentities
from .limits import LoginLimits
from .ratings import RatingListener, Ratings
from .sessions import Session, Sessions
from .settings import AccountSettings


class Accounts:
    def __init__(self, store: RecordStore, settings: AccountSettings = AccountSettings(),
                 clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.settings = settings
        limits = LoginLimits(settings.login_failures_per_account, settings.login_failures_per_address,
                             settings.login_window)
        self.book = AccountBook(store, clock)
        self.sessions = Sessions(store, limits, settings.session_days * 86400.0, clock)
        self.bots = BotKeys(store, clock)
        self.ratings = Ratings(store, clock)
        self.identities = AccountIdentities(self)
        self.listener = RatingListener(self.ratings)




def open_accounts(store: RecordStore | None, section: dict | None = None) -> "Accounts | None":
    """The accounts of a server's store, with its ``[accounts]`` settings (SettingError for a
    bad one); None for a store that keeps records only (a directory of files)."""
    from .settings import AccountSettings as Settings

    settings = Settings.read(section or {})
    if store is None or type(store).transact is RecordStore.transact:
        return None
    return Accounts(store, settings)


__all__ = ["Accounts", "Account", "AccountError", "AccountSettings", "Session", "SeatTicket", "open_accounts"]

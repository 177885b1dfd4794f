"""The accounts' parts over one record store, and a server's accounts from its config."""

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
        self.identities = AccountIdentities(self.book, self.sessions, self.bots, settings)
        self.listener = RatingListener(self.ratings)




def open_accounts(store: RecordStore | None, section: dict | None = None) -> "Accounts | None":
    """The accounts of a server's store, with its ``[accounts]`` settings (SettingError for a
    bad one); None for a store that keeps records only (a directory of files)."""
    settings = AccountSettings.read(section or {})
    if store is None or type(store).transact is RecordStore.transact:
        return None
    return Accounts(store, settings)


__all__ = ["Accounts", "Account", "AccountError", "AccountSettings", "Session", "SeatTicket", "open_accounts"]

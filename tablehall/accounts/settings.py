"""The ``[accounts]`` section of the server's config (also ``--set accounts.KEY=VALUE``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ..core.hosting import Setting, read_settings

SETTINGS = {
    "registration": Setting("open", "who makes accounts: people themselves (open), or only admins and "
                            "`tablehall accounts add` (closed)", choices=("open", "closed")),
    "session_days": Setting(30.0, "days a login lasts"),
    "login_failures_per_account": Setting(5, "failed logins to one account within the window before its logins wait"),
    "login_failures_per_address": Setting(20, "failed logins from one address within the window before its logins wait"),
    "login_window": Setting(900.0, "seconds over which failed logins are counted"),
    "cookie_key": Setting("", "the key the web hall signs its cookies with (keep it secret); unset: a random key "
                              "each start, which logs everyone out"),
}


@dataclass(frozen=True)
class AccountSettings:
    registration: str = "open"
    session_days: float = 30.0
    login_failures_per_account: int = 5
    login_failures_per_address: int = 20
    login_window: float = 900.0
    cookie_key: str = ""

    @classmethod
    def read(cls, section: Mapping[str, Any]) -> "AccountSettings":
        """The section checked (SettingError names a bad key or value)."""
        return cls(**read_settings("accounts", section, SETTINGS))

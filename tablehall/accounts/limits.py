"""Login attempts rate-limited per account and per address: failures are counted over a
window, in the store (so every process of a server counts the same ones), and a login past the
limit is refused before its password is checked."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.store import Sql


@dataclass(frozen=True)
class LoginLimits:
    per_account: int = 5  # failures within `window` after which an account's logins wait
    per_address: int = 20  # failures within `window` after which an address's logins wait
    window: float = 900.0  # seconds

    def blocked(self, sql: Sql, account_key: str, address: str, now: float) -> bool:
        since = now - self.window
        return (_failures(sql, f"account:{account_key}", since) >= self.per_account
                or _failures(sql, f"address:{address}", since) >= self.per_address)

    def failed(self, sql: Sql, account_key: str, address: str, now: float) -> None:
        sql.run("DELETE FROM login_failures WHERE at < ?", (now - self.window,))
        for subject in (f"account:{account_key}", f"address:{address}"):
            sql.run("INSERT INTO login_failures (subject, at) VALUES (?, ?)", (subject, now))

    def succeeded(self, sql: Sql, account_key: str) -> None:
        """A right password clears the account's failures (not the address's)."""
        sql.run("DELETE FROM login_failures WHERE subject = ?", (f"account:{account_key}",))


def _failures(sql: Sql, subject: str, since: float) -> int:
    return sql.one("SELECT COUNT(*) FROM login_failures WHERE subject = ? AND at >= ?", (subject, since))[0]

"""What admins do, checked and written to the audit log: abort a live game, disable an account
(a person's bots with it).  The web's admin pages call these."""

from __future__ import annotations

from typing import Any

from .book import Account, AccountBook, AccountError


def require_admin(account: Account | None) -> Account:
    if account is None or not account.admin or account.disabled:
        raise AccountError("only an admin may do that")
    return account


def abort_game(book: AccountBook, admin: Account | None, match: Any, reason: str = "") -> None:
    """Abort a live match: it is stored as aborted, with the admin named in its reason."""
    admin = require_admin(admin)
    why = f"aborted by {admin.name}" + (f": {reason}" if reason else "")
    match.abort(why)
    book.note(admin.name, "abort", match.id or "-", reason)


def disable_account(book: AccountBook, admin: Account | None, name: str, disabled: bool = True) -> Account:
    admin = require_admin(admin)
    if book.find(name) is not None and book.find(name).id == admin.id:
        raise AccountError("an admin does not disable their own account")
    return book.set_disabled(name, disabled, actor=admin.name)

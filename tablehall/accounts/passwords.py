"""Passwords, hashed with Argon2id (argon2-cffi, its default parameters: RFC 9106's
low-memory profile).  Only the hash is stored; a password is never logged or kept."""

from __future__ import annotations

from functools import cache
from typing import Any

MIN_LENGTH = 8
MAX_LENGTH = 1024  # hashing costs the same for any length; bound what a client may send


@cache
def _hasher() -> Any:
    """argon2-cffi's hasher, imported when first needed: the rest of tablehall runs without
    the accounts extra."""
    try:
        from argon2 import PasswordHasher
    except ImportError:
        raise RuntimeError("accounts need argon2-cffi: pip install 'tablehall[accounts]'") from None
    return PasswordHasher()


@cache
def _nobody() -> str:
    """Checked against when a name has no account, so a login takes as long either way."""
    return _hasher().hash("no account has this password")


def password_problem(password: str) -> str | None:
    if len(password) < MIN_LENGTH:
        return f"a password has at least {MIN_LENGTH} characters"
    if len(password) > MAX_LENGTH:
        return f"a password has at most {MAX_LENGTH} characters"
    return None


def hash_password(password: str) -> str:
    return _hasher().hash(password)


def verify_password(stored: str | None, password: str) -> bool:
    """Whether `password` is the one `stored` was made from (None: no account; the same work
    is done, and False)."""
    from argon2.exceptions import InvalidHashError, VerificationError

    try:
        return _hasher().verify(stored or _nobody(), password) and stored is not None
    except (VerificationError, InvalidHashError):  # a mismatch is a VerificationError
        return False


def needs_rehash(stored: str) -> bool:
    """Whether a hash was made with weaker parameters than today's (rehashed at next login)."""
    return _hasher().check_needs_rehash(stored)

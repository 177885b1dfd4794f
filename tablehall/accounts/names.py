"""What an account may be called.  One name plays on every protocol, so it is what every
protocol can carry: 2 to 20 ASCII letters, digits, ``_``, ``.`` and ``-``, beginning with a
letter or digit (a Renaissance nickname's alphabet; JSettlers and Dominion take it as it is).
Names are one per account in any case (``Alice`` and ``alice`` are one name).

Reserved: the names tablehall's own players go by on some protocol (built-in bots' names,
``droid ...``/``robot ...``, ``<kind>-bot-<N>``, Lorenzo, Server, debug) and the names deleted
accounts leave on their games (``deleted-...``)."""

from __future__ import annotations

import re

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.\-]{1,19}\Z")
RESERVED = frozenset({"server", "lorenzo", "debug", "admin", "guest", "anonymous", "open", "me", "person"})
RESERVED_PATTERN = re.compile(r"(droid|robot|deleted)([\s_.\-].*)?\Z|.+-bot-\d+\Z", re.IGNORECASE)
#: the name a deleted account's games keep: deleted-<hex>
DELETED_PREFIX = "deleted-"


def name_key(name: str) -> str:
    """The form names are compared in: one account per name in any case."""
    return name.casefold()


def name_problem(name: str, bot_names: frozenset[str] = frozenset()) -> str | None:
    """Why `name` may not be an account's name (None: it may); `bot_names` are the built-in
    bots' names, reserved too."""
    if not NAME.match(name):
        return ("a name is 2-20 letters (A-Z), digits, _ . or -, beginning with a letter or digit"
                if len(name) <= 40 else "a name is at most 20 characters")
    key = name_key(name)
    if key in RESERVED or key in bot_names or RESERVED_PATTERN.match(name):
        return f"{name!r} is reserved for tablehall's own players"
    return None


def builtin_bot_names() -> frozenset[str]:
    """Every registered game's built-in bots' names, casefolded."""
    from ..core.registry import game_names, get_game

    return frozenset(name_key(bot) for game in game_names() for bot in get_game(game).bots)

"""The one policy for a player's name, whatever protocol or page it comes from: 1 to 20
characters, letters and digits of any script (with their combining marks), and the space,
``_``, ``-`` and ``.`` inside; nothing else, so no control, format or bidirectional-override
character (U+202E and its kin reorder the text around a name), no shell or markup character.

A protocol may narrow it (Renaissance nicknames are one ASCII word), never widen it."""

from __future__ import annotations

import unicodedata

MAX_NAME = 20
PUNCTUATION = frozenset(" _-.")


def name_problem(name: str) -> str | None:
    """Why `name` may not be a player's name, or None when it may."""
    if not name:
        return "a name may not be empty"
    if len(name) > MAX_NAME:
        return f"a name has at most {MAX_NAME} characters, not {len(name)}"
    if name != name.strip(" "):
        return "a name may not begin or end with a space"
    for char in name:
        if char in PUNCTUATION:
            continue
        category = unicodedata.category(char)
        if category[0] not in "LN" and category not in ("Mn", "Mc"):
            return (f"a name may hold letters, digits, spaces, _ - and ., not {char!r} "
                    f"(U+{ord(char):04X} {unicodedata.name(char, 'unnamed')})")
    return None


def is_name(name: str) -> bool:
    return name_problem(name) is None

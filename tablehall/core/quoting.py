"""How a message quotes what a client or a file sent: cut short, so the refusal of a huge
token is still one short line."""

from __future__ import annotations


def token(text: str, keep: int = 40) -> str:
    """`text` quoted, cut to `keep` characters with how long it was."""
    if len(text) <= keep:
        return repr(text)
    return f"{text[:keep]!r}... ({len(text)} characters)"


def clip(text: str, keep: int = 160) -> str:
    """A message (that may quote input itself) cut to `keep` characters, on one line."""
    text = " ".join(text.split())
    return text if len(text) <= keep else f"{text[:keep]}... ({len(text)} characters)"

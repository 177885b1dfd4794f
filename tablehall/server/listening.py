"""What opening a listener gives: where it listens (`Listening`), or why it cannot
(`ListenError`, raised by the protocol listeners, the web hall and the worker processes alike).
"""

from __future__ import annotations

from dataclasses import dataclass


class ListenError(OSError):
    """A listener could not be opened; the message says which and how to change it."""


@dataclass
class Listening:
    service: str
    game: str
    host: str
    port: int
    description: str

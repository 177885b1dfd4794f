"""Wall-clock time stamps, as records keep them (`Record.started_at`, `ended_at`)."""

from __future__ import annotations

from datetime import datetime, timezone
from time import time_ns


def utc_now() -> str:
    """Now, in UTC, to the millisecond: ``2026-11-24T22:06:29.123+00:00``, as
    `datetime.now(timezone.utc).isoformat(timespec="milliseconds")` writes it.  The date and
    time to the second are written once per second (a game between bots takes less than a
    millisecond, and asks twice)."""
    global _this_second
    second, rest = divmod(time_ns(), 1_000_000_000)
    cached, text = _this_second  # one tuple, read once: right in any thread
    if second != cached:
        text = datetime.fromtimestamp(second, timezone.utc).isoformat()[:19]
        _this_second = (second, text)
    return f"{text}.{rest // 1_000_000:03d}+00:00"


_this_second: tuple[int, str] = (-1, "")

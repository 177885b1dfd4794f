"""Work that waits until the bytes just read have all been handed to their session.

A client's answer arrives in a read callback: the connection hands the bytes to its protocol
session, the session answers the seat's decision, and the match must then apply it and ask the
next one, whose request and events the sessions write.  Done on the event loop's later passes,
that costs a pass for the match and another for the writes, per move.  `handling_read` runs the
work queued with `after_read` or `soon` (the match's step, the writes' flushes) at the end of
the same callback instead, once the session's own code has returned (so no session is
re-entered in the middle of its input); outside a read, `soon` is `loop.call_soon`.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Callable

log = logging.getLogger("tablehall.soon")

_queue: list[Callable[[], None]] | None = None  # the read being handled, if any


def after_read(callback: Callable[[], None]) -> bool:
    """Queue `callback` to run once the read being handled is done with (in the order asked);
    False, and nothing queued, when no read is being handled."""
    if _queue is None:
        return False
    _queue.append(callback)
    return True


def soon(callback: Callable[[], None]) -> None:
    """`after_read`, or the event loop's next pass when no read is being handled."""
    if _queue is not None:
        _queue.append(callback)
    else:
        asyncio.get_running_loop().call_soon(callback)


def handling_read(handle: Callable[[bytes], None], data: bytes) -> None:
    """`handle(data)`, then what it and the callbacks it queued asked `soon` for.  An exception
    of `handle` is raised after the queued work ran; one of a queued callback is logged (as the
    event loop does) and the others still run."""
    global _queue
    if _queue is not None:  # a read handled inside another's queued work: that one drains both
        handle(data)
        return
    queue: list[Callable[[], None]] = []
    _queue = queue
    try:
        handle(data)
    finally:
        try:
            index = 0
            while index < len(queue):  # callbacks may queue more
                callback = queue[index]
                index += 1
                try:
                    callback()
                except Exception:
                    log.exception("callback %r failed after a read", callback)
        finally:
            _queue = None

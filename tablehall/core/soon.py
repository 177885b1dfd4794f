"""Work that waits until the bytes just read have all been handed to their session.

A client's answer arrives in a read callback: the connection hands the bytes to its protocol
session, the session answers the seat's decision, and the match must then apply it and ask the
next one, whose request and events the sessions write.  Done on the event loop's later passes,
that costs a pass for the match and another for the writes, per move.  `handling_read` runs the
work queued with `after_read` or `soon` (the match's step) and then the flushes asked for with
`flush_soon` (the connections' writes) at the end of the same callback instead, once the
session's own code has returned (so no session is re-entered in the middle of its input);
outside a read, `soon` and `flush_soon` use `loop.call_soon`.
"""

from __future__ import annotations

import asyncio
import logging
from threading import get_ident
from typing import Callable, Protocol

log = logging.getLogger("tablehall.soon")


#: the queue of the read each thread is handling, by thread (threads may run event loops of
#: their own: the arena's workers); a dict, not a `threading.local`, whose attributes cost a
#: few times more to read, and they are read several times per move
_queues: dict[int, list[Callable[[], None]]] = {}


class Flushable(Protocol):
    def flush(self) -> None: ...


#: the outputs to flush at the end of the read each thread is handling (`flush_soon`)
_flushes: dict[int, list[Flushable]] = {}


def after_read(callback: Callable[[], None]) -> bool:
    """Queue `callback` to run once the read being handled is done with (in the order asked);
    False, and nothing queued, when no read is being handled."""
    queue = _queues.get(get_ident())
    if queue is None:
        return False
    queue.append(callback)
    return True


def soon(callback: Callable[[], None]) -> None:
    """`after_read`, or the event loop's next pass when no read is being handled."""
    queue = _queues.get(get_ident())
    if queue is not None:
        queue.append(callback)
    else:
        asyncio.get_running_loop().call_soon(callback)


def flush_soon(writer: Flushable) -> None:
    """`writer.flush()` once the read being handled is done with, after the callbacks it queued
    (so that what they write goes out in the same flush), or on the event loop's next pass when
    no read is being handled.  For outputs that gather what is written to them and send it in one
    go: a move's writes to every connection cost one pass over them at the end of the read."""
    flushes = _flushes.get(get_ident())
    if flushes is not None:
        flushes.append(writer)
    else:
        asyncio.get_running_loop().call_soon(writer.flush)


def handling_read(handle: Callable[[bytes], None], data: bytes) -> None:
    """`handle(data)`, then what it and the callbacks it queued asked `soon` for, then the
    flushes asked for (`flush_soon`).  An exception of `handle` is raised after the queued work
    ran; one of a queued callback or a flush is logged (as the event loop does) and the others
    still run."""
    thread = get_ident()
    if thread in _queues:  # a read inside another's queued work: that one drains both
        handle(data)
        return
    queue: list[Callable[[], None]] = []
    flushes: list[Flushable] = []
    _queues[thread] = queue
    _flushes[thread] = flushes
    try:
        handle(data)
    finally:
        try:
            for callback in queue:  # callbacks may queue more: a list's iterator reaches them too
                try:
                    callback()
                except Exception:
                    log.exception("callback %r failed after a read", callback)
            for writer in flushes:  # the writes of the read and of its callbacks, one flush each
                try:
                    writer.flush()
                except Exception:
                    log.exception("flush of %r failed after a read", writer)
        finally:
            del _queues[thread]
            del _flushes[thread]

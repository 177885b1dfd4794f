"""Line-based I/O with untrusted peers: a bounded line splitter (sans-I/O) and a child process
spoken to in lines over its stdin/stdout (asyncio, never blocking the event loop).

Bot protocols that run a player as a subprocess (`cmd:COMMAND` seats) share these mechanics:
one `\\n`-terminated line per message, every line bounded, writes that never wait for a child
that does not read, and a stop that escalates from closing stdin to SIGTERM to SIGKILL.
"""

from __future__ import annotations

import asyncio
import logging
import os
import shlex
import signal
from typing import Callable, Mapping, Sequence

from .soon import handling_read

log = logging.getLogger("tablehall.lineproc")

DEFAULT_MAX_LINE = 64 * 1024
#: how long an ended output may wait for the child's exit status before it counts as closed
EXIT_STATUS_WAIT = 5.0


def exit_description(returncode: int) -> str:
    """"exited with code 0", "crashed with code 3", "was killed by signal SIGSEGV"."""
    if returncode < 0:
        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = str(-returncode)
        return f"was killed by signal {name}"
    return "exited with code 0" if returncode == 0 else f"crashed with code {returncode}"


class LineTooLong(ValueError):
    """The peer sent more than the allowed bytes without a newline."""


class LineBuffer:
    """Splits a byte stream into lines at ``\\n``; a ``\\r`` before it is dropped.

    `feed` returns the complete lines a chunk finished and keeps the rest; a line (complete or
    still open) longer than `max_line` bytes raises `LineTooLong`, so a peer can never make the
    buffer grow beyond that.

    >>> buffer = LineBuffer(max_line=16)
    >>> buffer.feed(b"hello\\r\\nwor")
    [b'hello']
    >>> buffer.feed(b"ld\\n")
    [b'world']
    """

    def __init__(self, max_line: int = DEFAULT_MAX_LINE) -> None:
        self.max_line = max_line
        self._partial = bytearray()

    def feed(self, data: bytes) -> list[bytes]:
        end = data.find(b"\n")
        if end == len(data) - 1 and end >= 0 and not self._partial:
            # the common case, one whole line in one read: no copy through the buffer
            if end > self.max_line:
                raise LineTooLong(f"a line of {end} bytes (the limit is {self.max_line})")
            if end and data[end - 1] == 13:  # \r\n
                end -= 1
            return [bytes(data[:end])]
        self._partial += data
        lines: list[bytes] = []
        start = 0
        while True:
            end = self._partial.find(b"\n", start)
            if end < 0:
                break
            if end - start > self.max_line:
                raise LineTooLong(f"a line of {end - start} bytes (the limit is {self.max_line})")
            line = bytes(self._partial[start:end])
            lines.append(line[:-1] if line.endswith(b"\r") else line)
            start = end + 1
        del self._partial[:start]
        if len(self._partial) > self.max_line:
            raise LineTooLong(f"more than {self.max_line} bytes without a newline")
        return lines

    @property
    def pending(self) -> int:
        """Bytes received after the last newline."""
        return len(self._partial)


class LineProcess:
    """A child process that reads lines on stdin and writes lines on stdout.

    `on_line(bytes)` is called for every line the child writes, `on_close(reason)` once when
    its output ends: it exited, closed stdout, or broke the line limit (then it is stopped).
    `send_line` never blocks: what the child has not read yet waits in the pipe's transport.
    The child runs in its own session (process group), so `stop` also reaches what it spawned.
    """

    def __init__(self, command: str | Sequence[str], on_line: Callable[[bytes], None],
                 on_close: Callable[[str], None], *, cwd: str | None = None,
                 env: Mapping[str, str] | None = None, stderr: int | None = None,
                 max_line: int = DEFAULT_MAX_LINE, read_size: int = 64 * 1024) -> None:
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not self.argv:
            raise ValueError("empty command")
        self.on_line = on_line
        self.on_close = on_close
        self.cwd = cwd
        self.env = dict(env) if env is not None else None
        self.stderr = stderr
        self.lines = LineBuffer(max_line)
        self.read_size = read_size
        self.process: asyncio.subprocess.Process | None = None
        self._reader: asyncio.Task | None = None
        self._closed = False

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.returncode is None and not self._closed

    async def start(self) -> None:
        """Start the child; OSError if it cannot be started (no such program...)."""
        self.process = await asyncio.create_subprocess_exec(
            *self.argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=self.stderr, cwd=self.cwd, env=self.env, start_new_session=True)
        self._reader = asyncio.ensure_future(self._read())

    def send_line(self, text: str) -> None:
        """Write `text` and a newline to the child's stdin (dropped once it is closing)."""
        if not self.running or self.process.stdin is None or self.process.stdin.is_closing():
            return
        try:
            self.process.stdin.write(text.encode() + b"\n")
        except (BrokenPipeError, ConnectionResetError, RuntimeError):
            pass  # the child is gone; the reader reports it

    async def _read(self) -> None:
        assert self.process is not None and self.process.stdout is not None
        reason = "closed its output"
        try:
            while not self._closed:
                chunk = await self.process.stdout.read(self.read_size)
                if not chunk:
                    reason = await self._why_output_ended()
                    break
                # a match steps the answer a line brings once the chunk is handled (`soon`)
                handling_read(self._lines_received, chunk)
                if self._closed:
                    return
        except LineTooLong as exc:
            reason = f"flooded its output: {exc}"
        except Exception as exc:  # never let a broken pipe kill the event loop
            reason = f"output failed: {exc!r}"
        if not self._closed:
            self._closed = True
            self.on_close(reason)

    def _lines_received(self, chunk: bytes) -> None:
        for line in self.lines.feed(chunk):
            self.on_line(line)
            if self._closed:
                return

    async def _why_output_ended(self) -> str:
        """The child's output ended: it exited (with which status) or, still running, closed
        its stdout.  An exiting child closes its output a moment before the system reports its
        status, so wait for that a while (a bound, not a guess at speed: a live child that
        closed its output is reported when the bound passes)."""
        assert self.process is not None
        try:
            code = await asyncio.wait_for(self.process.wait(), EXIT_STATUS_WAIT)
        except asyncio.TimeoutError:
            return "closed its output while still running"
        return exit_description(code)

    async def stop(self, grace: float = 1.0) -> None:
        """End the child: close its stdin and give it `grace` seconds to exit, then SIGTERM,
        `grace` seconds more, then SIGKILL (each to its whole process group)."""
        self._closed = True
        process = self.process
        if process is None:
            return
        if process.stdin is not None and not process.stdin.is_closing():
            process.stdin.close()
        for sig in (None, signal.SIGTERM, signal.SIGKILL):
            if sig is not None:
                self._signal(sig)
            try:
                await asyncio.wait_for(process.wait(), grace)
                break
            except asyncio.TimeoutError:
                continue
        reader = self._reader
        if reader is not None and not reader.done() and reader is not asyncio.current_task():
            reader.cancel()
            try:
                await reader
            except asyncio.CancelledError:
                pass
        self._signal(signal.SIGKILL)  # whatever the child left running in its group
        if process.stdin is not None and process.stdin.transport.get_write_buffer_size():
            process.stdin.transport.abort()  # lines the dead child never read
        if process.stdout is not None and reader is not asyncio.current_task():
            # read to EOF: a pipe paused by unread output would otherwise never be closed
            try:
                await asyncio.wait_for(self._drain(process.stdout), grace)
            except asyncio.TimeoutError:
                pass

    @staticmethod
    async def _drain(stream: asyncio.StreamReader) -> None:
        while await stream.read(1 << 16):
            pass

    def _signal(self, sig: int) -> None:
        assert self.process is not None
        try:
            os.killpg(self.process.pid, sig)
        except (ProcessLookupError, PermissionError):
            pass

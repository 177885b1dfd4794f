"""Line splitting and line-speaking child processes (real subprocesses, no mocks)."""

import asyncio
import sys
import textwrap
import time

import pytest

from tablehall.core.lineproc import LineBuffer, LineProcess, LineTooLong


def test_lines_are_split_across_chunks_and_crlf_is_dropped():
    buffer = LineBuffer(max_line=32)
    assert buffer.feed(b"") == []
    assert buffer.feed(b"one\ntw") == [b"one"]
    assert buffer.pending == 2
    assert buffer.feed(b"o\r\n\nthree\n") == [b"two", b"", b"three"]
    assert buffer.pending == 0


def test_a_line_over_the_limit_is_refused_even_without_a_newline():
    buffer = LineBuffer(max_line=8)
    assert buffer.feed(b"12345678\n") == [b"12345678"]
    with pytest.raises(LineTooLong):
        buffer.feed(b"123456789\n")
    buffer = LineBuffer(max_line=8)
    buffer.feed(b"1234")
    with pytest.raises(LineTooLong):
        buffer.feed(b"56789")  # no newline yet: the buffer never grows past the limit


def script(tmp_path, name, body):
    path = tmp_path / name
    path.write_text(textwrap.dedent(body))
    return [sys.executable, str(path)]


class Child:
    def __init__(self, argv, **kwargs):
        self.lines = []
        self.closed = asyncio.get_running_loop().create_future()
        self.process = LineProcess(argv, self.lines.append, self._close, **kwargs)

    def _close(self, reason):
        if not self.closed.done():
            self.closed.set_result(reason)


def test_echo_child_answers_and_exit_is_reported(tmp_path):
    argv = script(tmp_path, "echo.py", """
        import sys
        for line in sys.stdin:
            if line.strip() == "quit":
                sys.exit(3)
            print("echo " + line.strip(), flush=True)
    """)

    async def scenario():
        child = Child(argv)
        await child.process.start()
        child.process.send_line("hello")
        child.process.send_line("world")
        child.process.send_line("quit")
        reason = await asyncio.wait_for(child.closed, 10)
        await child.process.stop()
        return child.lines, reason

    lines, reason = asyncio.run(scenario())
    assert lines == [b"echo hello", b"echo world"]
    assert reason == "crashed with code 3"


def test_megabytes_without_newline_are_cut_off(tmp_path):
    argv = script(tmp_path, "flood.py", """
        import sys
        sys.stdout.write("x" * 5_000_000)
        sys.stdout.flush()
        import time; time.sleep(30)
    """)

    async def scenario():
        child = Child(argv, max_line=1024)
        await child.process.start()
        reason = await asyncio.wait_for(child.closed, 10)
        await child.process.stop(grace=0.2)
        return reason, child.process.process.returncode

    reason, code = asyncio.run(scenario())
    assert reason.startswith("flooded its output")
    assert code is not None  # stopped, not left running


def test_stop_kills_a_child_that_ignores_sigterm(tmp_path):
    argv = script(tmp_path, "stubborn.py", """
        import signal, sys, time
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        print("ready", flush=True)
        while True:
            time.sleep(1)
    """)

    async def scenario():
        child = Child(argv)
        await child.process.start()
        while not child.lines:
            await asyncio.sleep(0.01)
        started = time.monotonic()
        await child.process.stop(grace=0.2)
        return time.monotonic() - started, child.process.process.returncode

    elapsed, code = asyncio.run(scenario())
    assert code == -9
    assert elapsed < 60  # escalated to SIGKILL rather than waiting for ever (bound, not a speed)


def test_a_child_that_does_not_read_never_blocks_the_writer(tmp_path):
    argv = script(tmp_path, "deaf.py", """
        import time
        time.sleep(30)
    """)

    async def scenario():
        child = Child(argv)
        await child.process.start()
        ticks = 0

        async def ticker():
            nonlocal ticks
            while True:
                ticks += 1
                await asyncio.sleep(0.001)

        task = asyncio.ensure_future(ticker())
        for _ in range(2000):  # ~4 MB, far more than a pipe holds
            child.process.send_line("y" * 2000)
        await asyncio.sleep(0.1)
        task.cancel()
        await child.process.stop(grace=0.2)
        return ticks

    assert asyncio.run(scenario()) > 5


def test_a_missing_program_raises_oserror():
    async def scenario():
        child = Child(["/nonexistent/program"])
        await child.process.start()

    with pytest.raises(OSError):
        asyncio.run(scenario())


def test_one_whole_line_per_read_splits_as_any_other_chunk():
    """`feed` takes a read holding exactly one line without the buffer: the same lines, limit
    and carriage-return rule as through it."""
    for chunks in ([b"buy gold\n", b"x\r\n", b"\n", b"\r\n"], [b"a", b"b\n", b"c\n"],
                   [b"a\nb\n", b"12345678\r\n"]):
        whole = LineBuffer(max_line=9).feed(b"".join(chunks))
        one_by_one = LineBuffer(max_line=9)
        assert [line for chunk in chunks for line in one_by_one.feed(chunk)] == whole
    with pytest.raises(LineTooLong):
        LineBuffer(max_line=8).feed(b"12345678\r\n")  # the \r counts, as through the buffer
    assert LineBuffer(max_line=8).feed(b"12345678\n") == [b"12345678"]

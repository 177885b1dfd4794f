"""The text framing of the Masters of Renaissance message codes, sans-I/O.

One message per line, UTF-8, ended by LF (a CR before it is ignored).  Every line starts with
its three-digit code.  Server lines are ``CODE TEXT``; object messages (6xx) are
``CODE JSON`` with one JSON object on the line.  Client lines are ``CODE TEXT`` or just
``TEXT``: the server reads what a line means from its own dialogue state, and looks at the
code only for the pong (351).

>>> encode(Message(120, "What do you want to do?"))
b'120 What do you want to do?\\n'
>>> encode(Message(656, obj={"token": 5}))
b'656 {"token":5}\\n'
>>> parse_client_line("351")
Incoming(code=351, text='')
>>> parse_client_line("Buy resources -row -2")
Incoming(code=None, text='Buy resources -row -2')
>>> parse_server_line('650 {"spare":"red"}').obj
{'spare': 'red'}
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, NamedTuple

#: longest line accepted from a client, in bytes (the longest legitimate one is ~60)
MAX_LINE = 1024

_CODE_LINE = re.compile(r"(\d{3})(?: (.*))?\Z", re.DOTALL)


def is_object_code(code: int) -> bool:
    return 600 <= code <= 699


@dataclass(frozen=True)
class Message:
    """A server message: a code and a text, or for 6xx codes a JSON-able object."""

    code: int
    text: str = ""
    obj: Any = None


class Incoming(NamedTuple):
    """A client line: the optional leading code and the text after it."""

    code: int | None
    text: str


def encode(message: Message) -> bytes:
    if is_object_code(message.code):
        body = json.dumps(message.obj, separators=(",", ":"), ensure_ascii=False, sort_keys=True)
    else:
        body = " ".join(message.text.split("\n"))
    return (f"{message.code} {body}" if body else f"{message.code}").encode("utf-8") + b"\n"


def parse_client_line(line: str) -> Incoming:
    match = _CODE_LINE.match(line)
    if match:
        return Incoming(int(match.group(1)), (match.group(2) or "").strip())
    return Incoming(None, line.strip())


def parse_server_line(line: str) -> Message:
    """A server line as a Message; ValueError if it has no code or bad JSON."""
    match = _CODE_LINE.match(line)
    if not match:
        raise ValueError(f"not a message line: {line!r}")
    code, body = int(match.group(1)), match.group(2) or ""
    if is_object_code(code):
        return Message(code, "Object", json.loads(body))
    return Message(code, body)


class LineBuffer:
    """Bytes in, complete lines out.  A line longer than `limit` is dropped whole and
    reported as None, so a client cannot make the server buffer without bound."""

    def __init__(self, limit: int = MAX_LINE) -> None:
        self.limit = limit
        self._buffer = bytearray()
        self._skipping = False  # inside an over-long line, dropping until its end

    def feed(self, data: bytes) -> list[str | None]:
        self._buffer += data
        lines: list[str | None] = []
        while True:
            end = self._buffer.find(b"\n")
            if end < 0:
                if len(self._buffer) > self.limit:
                    if not self._skipping:
                        lines.append(None)
                    self._skipping = True
                    self._buffer.clear()
                return lines
            raw = bytes(self._buffer[:end])
            del self._buffer[:end + 1]
            if self._skipping:
                self._skipping = False
                continue
            if len(raw) > self.limit:
                lines.append(None)
                continue
            lines.append(raw.rstrip(b"\r").decode("utf-8", errors="replace"))

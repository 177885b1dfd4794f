"""Structured logs: one line per event, as key=value text or as JSON objects."""

from __future__ import annotations

import json
import logging
import re
import sys
import time

_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime"}
_NEEDS_QUOTES = re.compile(r'[\s"=]')  # \s: the characters str.isspace() calls spaces


class _Second:
    """A time format written once per second (`strftime` is most of a line's clock)."""

    def __init__(self, fmt: str, converter) -> None:
        self.fmt = fmt
        self.converter = converter
        self.second = -1
        self.text = ""

    def __call__(self, created: float) -> str:
        second = int(created)
        if second != self.second:
            self.text = time.strftime(self.fmt, self.converter(second))
            self.second = second
        return self.text


class JsonFormatter(logging.Formatter):
    def __init__(self) -> None:
        super().__init__()
        self._second = _Second("%Y-%m-%dT%H:%M:%S", time.gmtime)

    def format(self, record: logging.LogRecord) -> str:
        out = {
            "ts": self._second(record.created) + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        out.update({k: v for k, v in vars(record).items() if k not in _STANDARD})
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return json.dumps(out, default=str)


def _text(value: object) -> str:
    """A field's value in a text line: lists as [a, b], records as {key=value ...}, strings with
    spaces quoted, so every line still splits into key=value fields."""
    kind = value.__class__
    if kind is str:  # most fields: names, ids, addresses; a word of letters and digits needs no quotes
        if value.isalnum() or (value and not _NEEDS_QUOTES.search(value)):  # type: ignore[union-attr]
            return value  # type: ignore[return-value]
        return json.dumps(value)
    if kind is int:
        return str(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join([_text(v) for v in value]) + "]"
    if isinstance(value, dict):
        return "{" + " ".join([f"{k}={_text(v)}" for k, v in value.items()]) + "}"
    text = str(value)
    return json.dumps(text) if not text or _NEEDS_QUOTES.search(text) else text


class TextFormatter(logging.Formatter):
    def __init__(self) -> None:
        super().__init__()
        self._second = _Second("%H:%M:%S", self.converter)  # as formatTime(record, "%H:%M:%S")

    def format(self, record: logging.LogRecord) -> str:
        extra = " ".join([f"{k}={_text(v)}" for k, v in vars(record).items() if k not in _STANDARD])
        line = f"{self._second(record.created)} {record.levelname.lower():5} {record.name}: {record.getMessage()}"
        if extra:
            line += " " + extra
        if record.exc_info:
            line += "\n" + self.formatException(record.exc_info)
        return line


class _Stderr(logging.StreamHandler):
    """Writes to whatever `sys.stderr` is when a line is logged, not when logging was set up
    (the same process may swap it: tests, embedding)."""

    def __init__(self) -> None:
        super().__init__(sys.stderr)

    @property
    def stream(self):  # type: ignore[override]
        return sys.stderr

    @stream.setter
    def stream(self, value) -> None:
        pass


def setup_logging(fmt: str = "text", level: int = logging.INFO) -> None:
    """The server's log (its process's: `serve` and its workers).  Its lines show neither where
    in the code a line was logged nor the thread or process, so `logging` is told not to work
    them out for every line (the logging HOWTO's "Optimization": a third of a line's cost)."""
    logging._srcfile = None  # type: ignore[attr-defined]
    logging.logThreads = False
    logging.logProcesses = False
    logging.logMultiprocessing = False
    handler = _Stderr()
    handler.setFormatter(JsonFormatter() if fmt == "json" else TextFormatter())
    root = logging.getLogger("tablehall")
    root.handlers[:] = [handler]
    root.setLevel(level)
    root.propagate = False

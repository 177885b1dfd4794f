"""What the `tablehall` commands share, the top command (`cli.py`) and those it gathers from
the packages (`arena/cli.py`): they stop on a `UsageError` with one line, exit with
`INTERRUPTED` when stopped by Ctrl-C, read ``--option KEY=VALUE``, check the files they will
write before the work, and tell a program seat that never started from a forfeit.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

if TYPE_CHECKING:
    from .core.record import Record


class UsageError(Exception):
    """A one-line error for the user; exit code 2."""


#: the exit status of a command stopped by Ctrl-C (128 + SIGINT, as a shell reports it)
INTERRUPTED = 130


def parse_options(items: Sequence[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise UsageError(f"--option wants KEY=VALUE, not {item!r}")
        options[key] = value
    return options


def did_not_start(record: Record) -> tuple[int, str] | None:
    """(seat, reason) of the first seat of `record` whose player never started (a program that
    could not be run, or crashed or failed its protocol's handshake before the first move)."""
    for entry in record.entries:
        if entry.forfeit is not None and entry.reason.startswith("did not start"):
            return entry.seat, entry.reason
    return None


def output_path(name: str) -> Path:
    """A file a command is to write, checked before the work: its folder must exist and it
    must not be a folder itself."""
    path = Path(name)
    if path.is_dir():
        raise UsageError(f"cannot write {name}: it is a directory")
    if not path.parent.is_dir():
        raise UsageError(f"cannot write {name}: there is no directory {path.parent}")
    return path


def write_output(path: Path, text: str) -> None:
    from .core.store import write_atomically  # sqlite3 and the rest only when writing

    try:
        write_atomically(path, text)
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror}") from None

"""Where a `--db` value or a record reference points, and opening what is there: a
PostgreSQL server (``postgresql://...``, `pgstore.PostgresStore`), a directory of record files
(`store.DirectoryStore`) or an SQLite file (`store.SqliteStore`).  The stores themselves know
nothing of each other; this module picks one.
"""

from __future__ import annotations

import os
from pathlib import Path

from .record import Record, RecordError
from .store import DirectoryStore, RecordStore, SqliteStore, is_url


def store_exists(location: str | os.PathLike[str]) -> bool:
    """Whether there is a store to read at `location` (a server is assumed to be there)."""
    return is_url(location) or Path(location).exists()


def open_store(location: str | os.PathLike[str]) -> RecordStore:
    """``postgresql://...`` becomes a PostgresStore, a directory a DirectoryStore, anything
    else an SQLite file."""
    if is_url(location):
        from .pgstore import PostgresStore  # psycopg is loaded only for a server

        return PostgresStore(str(location))
    path = Path(location)
    if path.is_dir():
        return DirectoryStore(path)
    return SqliteStore(path)


def notation_hint(ref: str) -> str | None:
    """For a file of a suffix some game's notations use (`GameSpec.notation_suffixes`), how to
    store it as a record; None for any other file."""
    from .registry import game_names, get_game

    suffix = Path(ref).suffix.lower()
    notations = [(spec.name, spec.notation_suffixes[suffix]) for spec in map(get_game, game_names())
                 if suffix in spec.notation_suffixes]
    if not notations:
        return None
    commands = [f"`tablehall import {game} {ref} --format {notation}`" for game, notation in notations
                if notation in get_game(game).importers]
    return f"{' or '.join(commands)} stores it as one" if commands else "tablehall does not read it back"


def load_record(ref: str, db: str | None = None) -> Record:
    """A record from a JSON file path, or by id (prefix) from the store at `db`."""
    path = Path(ref)
    if path.is_file():
        hint = notation_hint(ref) if path.suffix.lower() not in ("", ".json") else None
        if hint is not None:
            raise RecordError(f"{ref} is a notation file, not a record: {hint}")
        try:
            return Record.loads(path.read_bytes())
        except OSError as exc:
            raise RecordError(f"cannot read {ref}: {exc.strerror}") from None
        except RecordError as exc:
            raise RecordError(f"{ref}: {exc}") from None
    if "/" in ref or path.suffix.lower() == ".json" or (path.suffix and notation_hint(ref) is not None):
        raise RecordError(f"no such file: {ref}")
    if db is None:
        raise RecordError(f"{ref!r} is not a record file, and no --db was given to look it up")
    if not store_exists(db):
        raise RecordError(f"no record store at {db}")
    store = open_store(db)
    try:
        return store.load(ref)
    finally:
        store.close()

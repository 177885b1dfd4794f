"""What `tablehall serve` does at its start with the games its journal holds (`core/journal.py`):
the games that were in play when the server stopped, or crashed.

Each is given back to the host that ran it (a protocol's service, or the web hall) if this
process runs that host; a host that resumes games (`Service.resume`) gets it rebuilt from the
journal and plays on; the others' games (a protocol without a rejoin, the contest's) end
aborted, cause ``server restart``, with a record of the actions played, which replays.  A game
whose record was stored before the journal was dropped keeps its record.  The log says which
games were resumed and which ended, and why.
"""

from __future__ import annotations

import logging
from typing import Callable, Mapping

from ..core.hosting import Host
from ..core.journal import Journal, read_journal
from ..core.match import Match
from ..core.records import RecordError
from ..core.result import Result
from ..core.resume import Rebuilt, rebuild
from ..core.stamps import utc_now
from ..core.store import JournaledGame, RecordStore

log = logging.getLogger("tablehall.server")

#: why a game that cannot be played on after a restart ended (the record's reason)
RESTART = "server restart"

#: a host's way of playing on a rebuilt game (None: it cannot)
Resumer = Callable[[Rebuilt, str], "Match | None"]


def resume_journaled(store: RecordStore, journal: Journal, hosts: Mapping[str, Host],
                     resumers: Mapping[str, Resumer]) -> None:
    """Play on, or end, every journaled game of a host this process runs."""
    for game in store.journaled_games():
        if game.recorded:  # stored as it ended; only its journal was left
            store.write_journal(ended=[game.id])
            continue
        host = hosts.get(game.host)
        if host is None:
            continue  # another process's (serve --workers), or its listener is off in this one
        try:
            rebuilt = rebuild(game)
        except RecordError as exc:
            log.error("journaled game not resumed (its journal is kept)",
                      extra={"id": game.id, "host": game.host, "reason": str(exc)})
            continue
        resumer = resumers.get(game.host)
        match = resumer(rebuilt, game.id) if resumer is not None else None
        if match is None:
            _end(store, game, host)
            continue
        journal.resuming(game)
        host.start_match(match)


def _end(store: RecordStore, game: JournaledGame, host: Host) -> None:
    """Store the game as aborted by the restart, with the actions its journal holds."""
    record, _ = read_journal(game)
    record.result = Result.aborted(len(record.seats), RESTART)
    record.ended_at = utc_now()
    store.save(record)
    store.write_journal(ended=[game.id])
    host.log.info("game end", extra={"id": game.id, "game": record.game, "status": record.status,
                                     "cause": record.result.cause.value, "reason": RESTART,
                                     "actions": len(record.entries)})

"""What the web may read of a running server: the record store, the live matches and the
listeners.  The server fills it; the web never touches sockets or sessions."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from ..core.hosting import Table
from ..core.limits import Limits
from ..core.match import Match
from ..core.store import RecordStore


#: the names a hall bound to loopback answers to ([web] allowed_hosts adds the public ones)
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")


@dataclass
class Listener:
    service: str
    game: str
    host: str
    port: int
    description: str


@dataclass
class Hall:
    store: RecordStore
    matches: Callable[[], Iterable[Match]]  # every live match of every service
    listeners: list[Listener] = field(default_factory=list)
    start_match: Callable[[Match], Any] | None = None  # runs a match the web made (stored, aborted at shutdown)
    bots_threaded: bool = True
    # the clock of people in the browser ([web] in the config; None: no limit)
    decision_timeout: float | None = 300.0  # seconds per decision
    reconnect_grace: float | None = 120.0  # seconds a closed page may take to come back
    # tables: games with seats held for protocol clients, hosted by the game's service
    open_table: Callable[..., Table] | None = None  # (game, entrants, options=) -> Table
    tables: Callable[[], Iterable[Table]] = lambda: ()
    connect_command: Callable[..., str] = lambda table, seat=None, service=None, host=None: ""
    # what one client may cost ([limits]) and the names the hall answers to ([web] allowed_hosts)
    limits: Limits = field(default_factory=Limits)
    allowed_hosts: Sequence[str] = LOOPBACK_NAMES
    # the web's own: the browser seats of each game started from the web (or resumed), by id
    people: dict[str, list[Any]] = field(default_factory=dict)

    def live(self) -> dict[str, Match]:
        """Live matches by id (matches without one are named by their object id)."""
        return {match.id or f"m{id(match):x}": match for match in self.matches()}

    def find(self, match_id: str) -> Match | None:
        return self.live().get(match_id)

    def waiting_tables(self) -> list[Table]:
        """Tables whose match has not started: seats held for protocol clients."""
        return [t for t in self.tables() if t.match is None and t.cancelled is None]

    def find_table(self, table_id: str) -> Table | None:
        return next((t for t in self.tables() if t.id == table_id), None)

    def extra(self) -> dict[str, Any]:
        return {"listeners": [vars(l) for l in self.listeners]}

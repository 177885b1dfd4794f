"""The web hall's shared state: what the web may read of a running server (the record store,
the live matches and the listeners), which the server fills in, and what the web keeps itself
(the spectators of each watched match, the browser seats of each game started from the web).
The web never touches sockets or sessions.  Route modules find it as `hall_of(request)`."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from ..core.hosting import Table, TableSeat
from ..core.limits import Limits
from ..core.match import Match
from ..core.store import RecordStore
from .auth import Keys
from .chat import Chats
from .finding import Finding
from .live import Watchers
from .quota import LiveGames
from .replays import ReplayCache

if TYPE_CHECKING:
    from starlette.requests import HTTPConnection

    from ..accounts.service import Accounts
    from .seats import BrowserSeat


#: the names a hall bound to loopback answers to ([web] allowed_hosts adds the public ones)
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")
#: ended games whose seats (and how they were made) are kept for a rematch
KEEP_ENDED = 64


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
    # the web's own: spectators of each watched match, and browser seats by match (or table) id,
    # of games started from the web or resumed after a restart
    watchers: Watchers = field(default_factory=Watchers)
    chats: Chats = field(default_factory=Chats)
    people: dict[str, list[BrowserSeat | None]] = field(default_factory=dict)
    # how each game started from the web was asked for (routes.tables.NewGame), for its rematch
    made: dict[str, Any] = field(default_factory=dict)
    # accounts (`tablehall.accounts`, None for a store of files), the cookies' key (`auth`), and
    # finding a game: open seeks, rematch offers, the seats started for each account
    accounts: Accounts | None = None
    keys: Keys = field(default_factory=Keys)
    finding: Finding = field(default_factory=Finding)
    # replays made lately, kept while there is room (a stored record never changes)
    replays: ReplayCache = field(default_factory=ReplayCache)

    @cached_property
    def live_games(self) -> LiveGames:
        """The live games each address started from the web, at most [limits]
        live_games_per_address at once (made on first use: the server sets `limits` first)."""
        return LiveGames(self.limits.live_games_per_address, self.is_live)

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

    def is_live(self, game_id: str) -> bool:
        """A game started from the web that is playing, or whose table waits for clients."""
        return self.find(game_id) is not None or self.find_table(game_id) is not None

    def commands_for(self, host: str | None) -> Callable[[Table, TableSeat], str]:
        """How a client on `host`'s side of the network connects to a seat of a table."""
        return lambda table, seat: self.connect_command(table, seat, host=host)

    def extra(self) -> dict[str, Any]:
        return {"listeners": [vars(l) for l in self.listeners]}

    def seat_people(self, match_id: str, seats: list[BrowserSeat | None], made: Any = None) -> None:
        """Keep the browser seats of a game just started, if it has any, and how it was asked
        for (a rematch repeats it); forget those of all but the last `KEEP_ENDED` games that
        ended, or never started (their players may still ask for a rematch)."""
        for kept in (self.people, self.made):
            ended = [i for i in kept if not self.is_live(i)]
            for gone in ended[:max(0, len(ended) - KEEP_ENDED)]:
                del kept[gone]
        if any(seats):
            self.people[match_id] = seats
        if made is not None:
            self.made[match_id] = made

    def person(self, match_id: str, seat: str) -> BrowserSeat | None:
        """The browser seat number `seat` (as a page names it) of a game, if there is one."""
        try:
            return self.people.get(match_id, [])[int(seat)]
        except (ValueError, IndexError):
            return None


def hall_of(connection: HTTPConnection) -> Hall:
    """The hall of the app serving a request or a WebSocket (`app.create_app` puts it there)."""
    return connection.app.state.hall

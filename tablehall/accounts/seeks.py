"""Finding a game: seeks others accept, "play a bot now", rematch offers.

Live state of one server, not stored: a seek lasts until it is full, cancelled or its poster
leaves.  These are the model and its rules; the web hall shows them and starts the game a full
seek or an agreed rematch describes (its seats, rated or casual, time per move)."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Iterable, Mapping

from ..core.identity import Identity
from ..core.records import Record
from ..core.registry import get_game
from .credits import BOT_KIND
from .glicko2 import DEFAULT_RATING

#: a person's decision time a seek may ask for, in seconds
MIN_SECONDS, MAX_SECONDS = 10, 3600
#: open seeks one player may have at once
MAX_SEEKS = 3


class SeekError(ValueError):
    """A seek, acceptance or rematch that cannot be; `str()` says why in one line."""


@dataclass
class Seek:
    id: str
    game: str
    players: int
    rated: bool
    seconds_per_move: int | None  # None: the hall's own limit
    seated: list[Identity] = field(default_factory=list)  # the poster first, then who accepted

    @property
    def full(self) -> bool:
        return len(self.seated) >= self.players

    @property
    def names(self) -> list[str]:
        return [who.name for who in self.seated]


def _check_rated(who: Identity, rated: bool) -> None:
    if rated and who.guest:
        raise SeekError("rated games are for accounts: log in, or seek a casual game")


class Seeks:
    """The open seeks of one server."""

    def __init__(self) -> None:
        self._open: dict[str, Seek] = {}

    def post(self, who: Identity, game: str, players: int = 2, rated: bool = False,
             seconds_per_move: int | None = None) -> Seek:
        spec = get_game(game)
        if players < 2 or players not in spec.seat_counts:
            raise SeekError(f"{spec.name} seeks are for {sorted(c for c in spec.seat_counts if c > 1)} players")
        _check_rated(who, rated)
        if seconds_per_move is not None and not MIN_SECONDS <= seconds_per_move <= MAX_SECONDS:
            raise SeekError(f"a seek's time per move is {MIN_SECONDS} to {MAX_SECONDS} seconds")
        if sum(1 for seek in self._open.values() if seek.seated[0].name == who.name) >= MAX_SEEKS:
            raise SeekError(f"at most {MAX_SEEKS} open seeks each")
        seek = Seek("s" + secrets.token_hex(6), spec.name, players, rated, seconds_per_move, [who])
        self._open[seek.id] = seek
        return seek

    def accept(self, seek_id: str, who: Identity) -> Seek:
        """`who` takes a place in the seek; a seek that is full now leaves the list, and the
        caller starts its game."""
        seek = self._open.get(seek_id)
        if seek is None:
            raise SeekError("that seek is gone")
        if who.name in seek.names:
            raise SeekError("you are in that seek already")
        _check_rated(who, seek.rated)
        seek.seated.append(who)
        if seek.full:
            del self._open[seek_id]
        return seek

    def cancel(self, seek_id: str, who: Identity) -> None:
        """Its poster withdraws a seek; anyone else who accepted leaves it."""
        seek = self._open.get(seek_id)
        if seek is None or who.name not in seek.names:
            raise SeekError("no such seek of yours")
        if seek.seated[0].name == who.name:
            del self._open[seek_id]
        else:
            seek.seated = [seated for seated in seek.seated if seated.name != who.name]

    def leave(self, who: Identity) -> None:
        """`who` is gone (logged out, its page closed): its seeks and places go."""
        for seek in list(self._open.values()):
            if who.name in seek.names:
                self.cancel(seek.id, who)

    def open(self, game: str | None = None) -> list[Seek]:
        return [seek for seek in self._open.values() if game is None or seek.game == game]


def bot_for(game: str, player_rating: float | None, bot_ratings: Mapping[str, float]) -> str:
    """"Play a bot now": the built-in bot of `game` whose rating is nearest the player's
    (`bot_ratings`: ratings by bot name; a bot never rated counts as new, 1500; a player
    without a rating, too)."""
    target = DEFAULT_RATING if player_rating is None else player_rating
    bots = list(get_game(game).bots)
    return min(bots, key=lambda bot: (abs(bot_ratings.get(bot, DEFAULT_RATING) - target), bots.index(bot)))


@dataclass
class Rematch:
    """A rematch of a finished game: the same players and options, each seat moved on one (so
    everyone plays another position), rated if the game was; it starts when every player who
    is not a built-in bot has agreed."""

    record_id: str
    game: str
    seats: list[str]  # the new game's seats: players' names, built-in bots as their bot names
    options: dict
    rated: bool
    waiting_for: set[str]

    @property
    def agreed(self) -> bool:
        return not self.waiting_for


class Rematches:
    def __init__(self) -> None:
        self._offers: dict[str, Rematch] = {}

    def offer(self, record: Record, who: Identity) -> Rematch:
        """`who`, a player of `record`, offers a rematch (or agrees to the one offered)."""
        rematch = self._offers.get(record.id)
        if rematch is None:
            if record.status != "finished":
                raise SeekError("only a finished game can be played again")
            seats = [info.agent[len(BOT_KIND):] if info.agent.startswith(BOT_KIND) else info.name
                     for info in record.seats]
            people = {info.name for info in record.seats if not info.agent.startswith(BOT_KIND)}
            rematch = Rematch(record.id, record.game, seats[1:] + seats[:1], dict(record.options), record.rated, people)
        if who.name not in rematch.waiting_for | {s for s in rematch.seats}:
            raise SeekError("only the game's players may ask for a rematch")
        _check_rated(who, rematch.rated)
        rematch.waiting_for.discard(who.name)
        if rematch.agreed:
            self._offers.pop(record.id, None)
        else:
            self._offers[record.id] = rematch
        return rematch

    def decline(self, record_id: str, who: Identity) -> None:
        rematch = self._offers.get(record_id)
        if rematch is not None and who.name in {*rematch.seats}:
            del self._offers[record_id]

    def pending(self, names: Iterable[str]) -> list[Rematch]:
        """The offers waiting for any of `names`."""
        wanted = set(names)
        return [r for r in self._offers.values() if r.waiting_for & wanted]

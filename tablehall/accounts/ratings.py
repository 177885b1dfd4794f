"""Ratings per game, people and bots in one pool: Glicko-2 (`glicko2.py`) after every rated game.

Who is rated: accounts (found by the seat's name: a registered name is only ever its account's,
on every protocol) and tablehall's built-in bots (``bot:NAME``, one player per bot and game,
anchoring the pool).  Guests, JSettlers robots logged in with the robot cookie (the server's
helpers, whatever their names) and seats credited to nobody (`credits.py`) are left out.  A game of several players is rated
pairwise by rank: each rated player's result against each other one, every pair weighted
1/(n-1), so a game counts as one game whatever its number of players and a four-player win
moves a rating as far as a win against one equal opponent.  A player whose deviation is above
`PROVISIONAL` is new: its rating is marked provisional (lichess's mark) and left off the
leaderboard.

The arena's standings (openskill, within one tournament) are a separate thing (docs/arena.md).
"""

from __future__ import annotations

import logging
import time
from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Callable

from ..core.match import MatchListener
from ..core.records import Record, SeatInfo
from ..core.store import RecordStore, Sql
from .book import find
from .credits import BOT_KIND, credits, pair_score
from .glicko2 import Outcome, Rating, rate

log = logging.getLogger("tablehall.accounts")

#: a deviation above this marks a rating provisional (lichess: 110)
PROVISIONAL = 110.0
#: the server's own helpers, never rated whatever they are called: JSettlers robots that logged
#: in with the robot cookie (the agent kind `games/catan/jsettlers` records for them)
HELPER_KINDS = frozenset({"remote:jsettlers-robot"})


@dataclass(frozen=True)
class Standing:
    player: str  # an account id, or bot:NAME
    name: str
    kind: str  # person | bot (an account's) | builtin (tablehall's own bot)
    rating: float
    deviation: float
    games: int

    @property
    def provisional(self) -> bool:
        return self.deviation > PROVISIONAL


@dataclass(frozen=True)
class RatingChange:
    record_id: str
    player: str
    game: str
    at: float
    before: float
    after: float
    deviation: float  # after the game
    score: float  # the mean of its pairwise results

    @property
    def delta(self) -> float:
        return self.after - self.before


def player_key(sql: Sql, seat: SeatInfo) -> str | None:
    """Whom a seat's result rates: a built-in bot by its kind, an account by its name; None for
    anyone else (guests, the server's robots)."""
    if seat.agent.startswith(BOT_KIND):
        return seat.agent
    if seat.agent in HELPER_KINDS:
        return None
    account = find(sql, seat.name)
    return None if account is None else account.id


def builtin_name(player: str) -> str | None:
    return player[len(BOT_KIND):] if player.startswith(BOT_KIND) else None


class Ratings:
    def __init__(self, store: RecordStore, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock

    def rate(self, record: Record) -> list[RatingChange]:
        """Rate a finished rated game (once: a record already rated, or casual, changes
        nothing); the changes made."""
        if not record.rated or not record.id or record.status != "finished":
            return []
        credited = credits(record)
        now = self.clock()

        def apply(sql: Sql) -> list[RatingChange]:
            if sql.one("SELECT 1 FROM rating_changes WHERE record_id = ?", (record.id,)) is not None:
                return []
            players = [(credit, key) for credit in credited if (key := player_key(sql, credit.player)) is not None]
            if len({key for _, key in players}) < 2:
                return []
            before = {key: self._current(sql, key, record.game) for _, key in players}
            weight = 1.0 / (len(players) - 1)
            outcomes: dict[str, list[Outcome]] = defaultdict(list)
            for credit, key in players:
                for other, other_key in players:
                    if other_key != key:
                        outcomes[key].append(Outcome(before[other_key][0], pair_score(credit, other), weight))
            changes = []
            for key, results in outcomes.items():
                old, games = before[key]
                new = rate(old, results)
                score = sum(o.score for o in results) / len(results)
                self._store(sql, key, record.game, new, games + 1, now)
                change = RatingChange(record.id, key, record.game, now, old.rating, new.rating, new.deviation, score)
                sql.run("INSERT INTO rating_changes (record_id, player, game, at, before, after, deviation, score) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (change.record_id, key, change.game, now, change.before,
                                                            change.after, change.deviation, score))
                changes.append(change)
            return changes

        return self.store.transact(apply)

    @staticmethod
    def _current(sql: Sql, player: str, game: str) -> tuple[Rating, int]:
        row = sql.one("SELECT rating, deviation, volatility, games FROM ratings WHERE player = ? AND game = ?",
                      (player, game))
        return (Rating(), 0) if row is None else (Rating(float(row[0]), float(row[1]), float(row[2])), int(row[3]))

    @staticmethod
    def _store(sql: Sql, player: str, game: str, rating: Rating, games: int, now: float) -> None:
        sql.run("INSERT INTO ratings (player, game, rating, deviation, volatility, games, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (player, game) DO UPDATE SET rating = excluded.rating, "
                "deviation = excluded.deviation, volatility = excluded.volatility, games = excluded.games, "
                "updated_at = excluded.updated_at",
                (player, game, rating.rating, rating.deviation, rating.volatility, games, now))

    # -- reading ---------------------------------------------------------------------------------
    def leaderboard(self, game: str, limit: int = 50, provisional: bool = False) -> list[Standing]:
        """The best ratings of `game` first; provisional ones only if asked."""
        where = "" if provisional else f" AND r.deviation <= {PROVISIONAL}"
        rows = self.store.transact(lambda sql: sql.rows(
            "SELECT r.player, a.name, a.kind, a.disabled, r.rating, r.deviation, r.games FROM ratings r "
            f"LEFT JOIN accounts a ON a.id = r.player WHERE r.game = ?{where} ORDER BY r.rating DESC LIMIT ?",
            (game, limit * 2)))
        return [s for s in map(_standing, rows) if s is not None][:limit]

    def of(self, player: str) -> dict[str, Standing]:
        """A player's rating in every game it has played rated."""
        rows = self.store.transact(lambda sql: sql.rows(
            "SELECT r.player, a.name, a.kind, a.disabled, r.rating, r.deviation, r.games, r.game FROM ratings r "
            "LEFT JOIN accounts a ON a.id = r.player WHERE r.player = ? ORDER BY r.game", (player,)))
        return {row[7]: standing for row in rows if (standing := _standing(row[:7])) is not None}

    def history(self, player: str, game: str) -> list[RatingChange]:
        """A player's rating changes in `game`, oldest first (the rating chart)."""
        rows = self.store.transact(lambda sql: sql.rows(
            "SELECT record_id, player, game, at, before, after, deviation, score FROM rating_changes "
            "WHERE player = ? AND game = ? ORDER BY at", (player, game)))
        return [RatingChange(r[0], r[1], r[2], float(r[3]), float(r[4]), float(r[5]), float(r[6]), float(r[7]))
                for r in rows]

    def changes(self, record_id: str) -> list[RatingChange]:
        """The changes one game made (shown at its end)."""
        rows = self.store.transact(lambda sql: sql.rows(
            "SELECT record_id, player, game, at, before, after, deviation, score FROM rating_changes "
            "WHERE record_id = ? ORDER BY player", (record_id,)))
        return [RatingChange(r[0], r[1], r[2], float(r[3]), float(r[4]), float(r[5]), float(r[6]), float(r[7]))
                for r in rows]


def _standing(row: Any) -> Standing | None:
    player, name, kind, disabled, rating, deviation, games = row
    builtin = builtin_name(player)
    if builtin is not None:
        return Standing(player, builtin, "builtin", float(rating), float(deviation), int(games))
    if name is None or disabled:
        return None
    return Standing(player, name, kind, float(rating), float(deviation), int(games))


class RatingListener(MatchListener):
    """A match listener every hosted match gets: at the end of a rated game, its ratings."""

    follows_steps = False

    def __init__(self, ratings: Ratings) -> None:
        self.ratings = ratings

    def on_end(self, match: Any, record: Record) -> None:
        if record.rated:
            for change in self.ratings.rate(record):
                log.info("rating", extra={"id": record.id, "game": record.game, "player": change.player,
                                          "before": round(change.before), "after": round(change.after)})

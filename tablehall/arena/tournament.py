"""One tournament from start to standings: the schedule turned into jobs, a backend plays
them, outcomes are taken back in schedule order (whatever order they finish in) into the
standings, the ratings and the SPRT, and the tournament is kept in the record store as it goes.

Determinism: the jobs depend only on the settings (entrants, seats, format, seed, duplicate,
options), every backend plays a job the same way, and outcomes are consumed in index order; so
the same settings give the same records, the same digests, the same ratings and the same SPRT
stop, with any backend and any number of workers.  An SPRT decides only at whole pairs, in
order; games that finished beyond its stop are not counted (with workers that store their own
records, those few games stay in the store as ordinary records outside the tournament).
"""

from __future__ import annotations

import asyncio
import hashlib
import time
import uuid
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, Callable, Iterator

from ..core.stamps import utc_now
from ..core.registry import get_game
from ..core.rng import derive_seed
from ..core.store import RecordStore, TournamentGame
from .entrants import Entrant
from .runner import Backend, Batcher, Job, Outcome
from .schedule import Schedule, Scheduled
from .standings import Standings
from .stats import Sprt

FORMAT = "tablehall-tournament/1"
#: how often a running tournament is written to the store (seconds)
SAVE_EVERY = 2.0


@dataclass
class Settings:
    game: str
    entrants: list[Entrant]
    seats: int
    format: str = "round-robin"
    games: int = 100  # fixed games: at least this many (whole rounds); SPRT: at most this many
    seed: int = 0
    duplicate: bool = True
    options: dict[str, Any] = field(default_factory=dict)
    sprt: Sprt | None = None
    name: str = ""

    def schedule(self) -> Schedule:
        return Schedule(len(self.entrants), self.seats, self.format, self.seed, self.duplicate)

    def to_json(self) -> dict[str, Any]:
        return {"format": self.format, "seats": self.seats, "games": self.games, "seed": self.seed,
                "duplicate": self.duplicate, "options": self.options,
                "sprt": None if self.sprt is None else dict(self.sprt.to_json())}


def bot_seed(game_seed: int, label: str) -> int:
    """An entrant's own randomness in a game: from the game's seed and the entrant, so the deal
    is shared in duplicate but two entrants never play the same random moves."""
    return derive_seed(game_seed, "entrant", label)


@dataclass(frozen=True, slots=True)
class Played:
    """What the tournament keeps of each game it counted (small: a million of them fit)."""

    scheduled: Scheduled
    record_id: str
    digest: str
    status: str


@dataclass
class Progress:
    """What a live display is told after each game taken in order."""

    done: int
    total: int | None  # None: an SPRT that has not stopped (total is then its maximum)
    maximum: int
    elapsed: float
    standings: Standings
    llr: float | None


class Tournament:
    def __init__(self, settings: Settings, store: RecordStore | None = None, tournament_id: str | None = None,
                 on_game: Callable[[Scheduled, Outcome], None] | None = None) -> None:
        self.settings = settings
        self.spec = get_game(settings.game)
        self.options = self.spec.normalize_options(settings.options)
        self.schedule = settings.schedule()
        self.store = store
        self.id = tournament_id or uuid.uuid4().hex
        self.standings = Standings(settings.game, settings.entrants, settings.seats)
        self.games: list[Played] = []
        self.on_game = on_game  # sees each counted game's full outcome (benchmarks)
        self._digest = hashlib.sha256()
        self.sprt_llr: float | None = None
        self.verdict: str | None = None
        self.status = "running"
        self.started_at = utc_now()
        self.backend_name = ""
        self._unsaved: list[TournamentGame] = []
        self._saved_at = 0.0

    # -- the schedule as jobs ------------------------------------------------------------------
    def planned(self) -> int:
        """Games a fixed tournament plays (whole rounds); an SPRT's maximum."""
        if self.settings.sprt is not None:
            return self.settings.games
        return self.schedule.rounds_for(self.settings.games) * self.schedule.games_per_round

    def scheduled(self) -> Iterator[Scheduled]:
        if self.settings.sprt is not None:
            return islice(self.schedule.games(), self.settings.games)
        return self.schedule.games(self.schedule.rounds_for(self.settings.games))

    def job(self, game: Scheduled) -> Job:
        entrants = [self.settings.entrants[e] for e in game.seats]
        return Job(game.index, self.settings.game, tuple(e.seat for e in entrants), tuple(e.label for e in entrants),
                   game.seed, self.options, tuple(bot_seed(game.seed, e.label) for e in entrants))

    # -- running ---------------------------------------------------------------------------------
    async def run(self, backend: Backend, store_location: str | None = None,
                  on_progress: Callable[[Progress], None] | None = None) -> dict[str, Any]:
        """Play the tournament on `backend`; workers store records at `store_location` (when
        None and a store is given, records come back and are stored here)."""
        backend.store = store_location
        backend.keep_records = self.store is not None and store_location is None
        self.backend_name = backend.describe()
        plan: dict[int, Scheduled] = {}
        waiting: dict[int, Outcome] = {}
        started = time.perf_counter()

        def jobs() -> Iterator[Job]:
            for game in self.scheduled():
                plan[game.index] = game
                yield self.job(game)

        batcher = Batcher(backend.workers, None if self.settings.sprt else self.planned(),
                          target=0.05 if self.settings.sprt else 0.25)  # an SPRT looks often
        self.save(force=True)
        stream = backend.run(batcher.batches(jobs()))
        try:
            async for outcomes in stream:
                batcher.observe(outcomes)
                for outcome in outcomes:
                    waiting[outcome.index] = outcome
                while len(self.games) in waiting and self.verdict is None:
                    outcome = waiting.pop(len(self.games))
                    self._take(plan.pop(outcome.index), outcome)
                    if on_progress is not None:
                        on_progress(Progress(len(self.games), None if self.settings.sprt else self.planned(),
                                             self.planned(), time.perf_counter() - started,
                                             self.standings, self.sprt_llr))
                self.save()
                if self.verdict is not None:
                    break
            self.status = "finished"
        except (asyncio.CancelledError, KeyboardInterrupt):
            self.status = "stopped"
            raise
        finally:
            await stream.aclose()
            if self.status == "running":
                self.status = "stopped"
            if self.settings.sprt is not None and self.verdict is None:
                self.verdict = "inconclusive" if self.status == "finished" else None
            self.save(force=True)
        return self.document(with_games=True)

    def _take(self, game: Scheduled, outcome: Outcome) -> None:
        """The next game in schedule order."""
        if outcome.record is not None and self.store is not None:
            self.store.save(outcome.record)
            outcome.record_id = outcome.record.id
            outcome.record = None  # the standings keep only what they need
        if self.games:
            self._digest.update(b"\n")
        self._digest.update(outcome.digest.encode())
        self.games.append(Played(game, outcome.record_id, outcome.digest, outcome.status))
        self._unsaved.append((game.index, outcome.record_id, outcome.digest))
        self.standings.add(game, outcome.result, outcome.status)
        if self.on_game is not None:
            self.on_game(game, outcome)
        sprt = self.settings.sprt
        if sprt is not None and self.standings.block_complete() and self.standings.head_to_head is not None:
            self.sprt_llr = sprt.llr(self.standings.head_to_head.counts())
            self.verdict = sprt.verdict(self.sprt_llr)

    # -- the document ------------------------------------------------------------------------------
    def default_name(self) -> str:
        labels = [e.label for e in self.settings.entrants]
        if self.settings.sprt is not None:
            return f"{self.settings.game} SPRT {labels[0]} vs {labels[1]}"
        return f"{self.settings.game} {self.settings.format}"

    def digest(self) -> str:
        """One digest for the whole tournament: its games' record digests in schedule order."""
        return self._digest.hexdigest()

    def document(self, with_games: bool = False) -> dict[str, Any]:
        standings = self.standings
        doc: dict[str, Any] = {
            "format": FORMAT,
            "id": self.id,
            "name": self.settings.name or self.default_name(),
            "game": self.settings.game,
            "status": self.status,
            "started_at": self.started_at,
            "updated_at": utc_now(),
            "settings": self.settings.to_json(),
            "entrants": [e.to_json() for e in self.settings.entrants],
            "games_played": len(self.games),
            "games_planned": self.planned(),
            "aborted": standings.aborted,
            "standings": standings.rows(),
            "digest": self.digest(),
            "backend": self.backend_name,
        }
        if standings.head_to_head is not None:
            doc["head_to_head"] = {"challenger": standings.entrants[0].label,
                                   "opponent": standings.entrants[1].label, **standings.head_to_head.to_json()}
        if self.settings.sprt is not None:
            doc["sprt"] = {**self.settings.sprt.to_json(),
                           "llr": None if self.sprt_llr is None else round(self.sprt_llr, 6),
                           "verdict": self.verdict or "running", "games": len(self.games)}
        if with_games:
            labels = [e.label for e in self.settings.entrants]
            doc["games"] = [{"index": p.scheduled.index, "seed": p.scheduled.seed,
                             "seats": [labels[e] for e in p.scheduled.seats],
                             "record": p.record_id, "digest": p.digest, "status": p.status}
                            for p in self.games]
        return doc

    def save(self, force: bool = False) -> None:
        """Write the tournament and its new games to the store (every SAVE_EVERY seconds)."""
        if self.store is None:
            return
        now = time.monotonic()
        if not force and now - self._saved_at < SAVE_EVERY:
            return
        self.store.save_tournament(self.document(), self._unsaved)
        self._unsaved = []
        self._saved_at = now

"""Where a tournament's games run: in this process, on local worker processes, or on a Ray
cluster.  Every backend plays the same `Job`s the same way (`play_job`), so the records and
their digests do not depend on the backend or the number of workers; only the order in which
games finish does, and the arena consumes outcomes in schedule order.

Games travel in batches (one task plays several games on one event loop), so the per-task
cost of a process pool or of Ray is paid once per batch, not per game.  Workers store their
records themselves where the store is theirs to reach (the local file, or a PostgreSQL server
from any machine); otherwise they send the records back and the arena stores them.
"""

from __future__ import annotations

import asyncio
import atexit
import multiprocessing
import os
import signal
import time
from abc import ABC, abstractmethod
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, AsyncIterator, Awaitable, Callable, Iterable, Iterator, Mapping, Sequence

from ..core.match import Match
from ..core.records import Record
from ..core.registry import get_game
from ..core.locations import open_store
from ..core.store import RecordStore


@dataclass(frozen=True)
class Job:
    """One game to play: everything a worker on any machine needs, and nothing else."""

    index: int
    game: str
    seats: tuple[str, ...]  # seat texts as play takes them, in seat order
    names: tuple[str, ...]  # the entrants' labels: the record's seat names
    seed: int
    options: Mapping[str, Any] = field(default_factory=dict)
    bot_seeds: tuple[int, ...] = ()  # the seed each seat's agent is built with (play's make_agent)


@dataclass
class Outcome:
    """What the arena needs from a played game."""

    index: int
    record_id: str
    digest: str
    status: str  # finished | aborted
    result: dict[str, Any] | None  # Result.to_json()
    cpu: float  # CPU seconds of the worker process for this game
    wall: float
    record: Record | None = None  # sent back when the worker did not store it
    overhead_cpu: float = 0.0  # the task's CPU outside its games (event loop, store), per game


# -- playing (in whatever process runs the job) --------------------------------------------------
AgentFactory = Callable[[Job, int], Any]


def default_agents(job: Job, seat: int):
    """The agent of a seat, built by play's own seat parser."""
    from ..core.seats import make_agent

    spec = get_game(job.game)
    return make_agent(spec, job.seats[seat], seat, job.bot_seeds[seat] if job.bot_seeds else job.seed)


async def play_job(job: Job, store: RecordStore | None, keep_record: bool,
                   agents: AgentFactory = default_agents, alone: bool = False) -> Outcome:
    """Play `job`.  `alone`: nothing else runs on this event loop (a worker's task), so a game
    between in-process bots is played at once (`Match.play_through`), not in time slices."""
    spec = get_game(job.game)
    started_cpu, started = time.process_time(), time.perf_counter()
    seated = [agents(job, seat) for seat in range(len(job.seats))]
    match = Match(spec, seated, seed=job.seed, options=dict(job.options), names=job.names)
    record = match.play_through() if alone else None
    if record is None:
        record = await match.run()
    if store is not None:
        store.save(record)
    return Outcome(job.index, record.id, record.digest(), record.status,
                   None if record.result is None else record.result.to_json(),
                   time.process_time() - started_cpu, time.perf_counter() - started,
                   record if keep_record else None)


_STORES: dict[str, RecordStore] = {}


def worker_store(location: str | None) -> RecordStore | None:
    """This process's connection to the store at `location`, opened once."""
    if location is None:
        return None
    store = _STORES.get(location)
    if store is None:
        store = _STORES[location] = open_store(location)
        atexit.register(store.close)
    return store


def play_batch(jobs: Sequence[Job], store: str | None, keep_records: bool) -> list[Outcome]:
    """A worker's task: play `jobs` in order on one event loop."""
    started = time.process_time()
    target = worker_store(store)

    async def play_all() -> list[Outcome]:
        return [await play_job(job, target, keep_records, alone=True) for job in jobs]

    outcomes = asyncio.run(play_all())
    overhead = (time.process_time() - started - sum(o.cpu for o in outcomes)) / max(1, len(outcomes))
    for outcome in outcomes:
        outcome.overhead_cpu = overhead
    return outcomes


def _quiet_worker() -> None:
    """Ctrl-C is the arena's to handle: workers finish their batch and are shut down."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


# -- backends --------------------------------------------------------------------------------------
class Backend(ABC):
    """Runs batches of jobs, a window of them at a time, and reports outcomes as they finish."""

    name = "backend"
    workers = 1

    #: where workers store records (None: they send them back); set by the arena
    store: str | None = None
    keep_records: bool = False

    @abstractmethod
    def _submit(self, batch: list[Job]) -> Awaitable[list[Outcome]]: ...

    def _cancel(self, pending: Awaitable[list[Outcome]]) -> None:
        if isinstance(pending, asyncio.Future):
            pending.cancel()

    @property
    def window(self) -> int:
        """Batches in flight at once: enough to keep every worker busy."""
        return 2 * self.workers

    async def run(self, batches: Iterable[list[Job]]) -> AsyncIterator[list[Outcome]]:
        """Outcomes of `batches`, a batch at a time as each finishes.  Batches are taken from
        the iterable only as workers free up, so a consumer that stops early (an SPRT that
        decided) leaves the rest unplayed."""
        source: Iterator[list[Job]] = iter(batches)
        pending: set[asyncio.Future] = set()
        exhausted = False
        try:
            while True:
                while not exhausted and len(pending) < self.window:
                    batch = next(source, None)
                    if batch is None:
                        exhausted = True
                    elif batch:
                        pending.add(asyncio.ensure_future(self._submit(batch)))
                if not pending:
                    return
                done, pending = await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
                for future in done:
                    yield future.result()
        finally:
            for future in pending:
                future.cancel()

    def close(self) -> None:
        pass

    def describe(self) -> str:
        return f"{self.name}, {self.workers} worker{'s' if self.workers != 1 else ''}"


class InProcessBackend(Backend):
    """Games on this process's event loop (one worker, or remote entrants that connect to this
    process's listeners: several games may wait for their clients at once)."""

    name = "in-process"

    def __init__(self, workers: int = 1, agents: AgentFactory = default_agents) -> None:
        self.workers = workers
        self.agents = agents
        self._store: RecordStore | None = None

    @property
    def window(self) -> int:
        return self.workers

    async def _submit(self, batch: list[Job]) -> list[Outcome]:
        if self._store is None and self.store is not None:
            self._store = open_store(self.store)
        return [await play_job(job, self._store, self.keep_records, self.agents) for job in batch]

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None


class LocalBackend(Backend):
    """Worker processes on this machine (forkserver: workers start from a clean process, not a
    copy of one that has threads)."""

    name = "local"

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        if context.get_start_method() == "forkserver":
            context.set_forkserver_preload(["tablehall.arena.runner"])
        self.pool = ProcessPoolExecutor(self.workers, mp_context=context, initializer=_quiet_worker)

    def _submit(self, batch: list[Job]) -> Awaitable[list[Outcome]]:
        loop = asyncio.get_running_loop()
        return loop.run_in_executor(self.pool, play_batch, batch, self.store, self.keep_records)

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


class RayBackend(Backend):
    """Tasks on a Ray cluster (`--ray auto`, `--ray HOST:PORT`, or `--ray local` for a private
    instance on this machine).  Every node needs tablehall installed, like any Ray job's code."""

    name = "ray"

    def __init__(self, address: str, workers: int | None = None) -> None:
        try:
            import ray
        except ImportError:
            raise ValueError("--ray needs Ray: pip install 'tablehall[ray]'") from None
        self.ray = ray
        self.address = address
        self._started_here = False
        if not ray.is_initialized():
            settings: dict[str, Any] = {"logging_level": "warning", "log_to_driver": False,
                                        "include_dashboard": False}
            if address == "local":
                ray.init(num_cpus=workers or os.cpu_count() or 1, **settings)
            else:
                ray.init(address=address, **settings)
            self._started_here = True
        self.workers = workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
        self._remote = ray.remote(num_cpus=1, max_retries=2)(play_batch)

    def _submit(self, batch: list[Job]) -> Awaitable[list[Outcome]]:
        ref = self._remote.remote(batch, self.store, self.keep_records)
        return asyncio.wrap_future(ref.future())

    def close(self) -> None:
        if self._started_here:
            self.ray.shutdown()

    def describe(self) -> str:
        return f"ray at {self.address}, {self.workers} CPUs"


def make_backend(workers: int | None, ray: str | None) -> Backend:
    if ray:
        return RayBackend(ray, workers)
    count = workers or os.cpu_count() or 1
    return InProcessBackend() if count == 1 else LocalBackend(count)


class Batcher:
    """Games per task.  A task should cost about `target` seconds, so that the per-task cost of
    a process pool or of Ray (a millisecond or more) stays small beside it; the first tasks
    are small to measure a game, and a fixed tournament's last tasks shrink so that every
    worker finishes at about the same time."""

    def __init__(self, workers: int, total: int | None = None, target: float = 0.25, most: int = 512) -> None:
        self.workers = max(1, workers)
        self.total = total
        self.target = target
        self.most = most
        self.per_game: float | None = None  # wall seconds a game takes in a worker (a running mean)

    def observe(self, outcomes: Sequence[Outcome]) -> None:
        for outcome in outcomes:
            self.per_game = (outcome.wall if self.per_game is None
                             else 0.9 * self.per_game + 0.1 * outcome.wall)

    def size(self, issued: int) -> int:
        size = 2 if self.per_game is None else int(self.target / max(self.per_game, 1e-6))
        if self.total is not None:  # leave work for every worker until the end
            size = min(size, (self.total - issued) // (2 * self.workers))
        return max(1, min(self.most, size))

    def batches(self, jobs: Iterable[Job]) -> Iterator[list[Job]]:
        source = iter(jobs)
        issued = 0
        while True:
            batch = list(islice(source, self.size(issued)))
            if not batch:
                return
            issued += len(batch)
            yield batch


def batches(jobs: Iterable[Job], size: int) -> Iterator[list[Job]]:
    """Fixed-size batches."""
    source = iter(jobs)
    while batch := list(islice(source, size)):
        yield batch

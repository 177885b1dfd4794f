"""Tournaments with remote entrants: clients that connect over the game's own protocol.

The arena opens the game's listeners itself (the same `Server` as `tablehall serve`, on the
ports of `--port`/`--set`/`--config`), and plays every game as a *table* (`core.hosting`): its
seats are the other entrants' agents, built the same way as on any backend, and seats held for
the clients that log in under each remote entrant's name (``remote:NAME``).  The protocol fills
a held seat its own way: a JSettlers robot named NAME is invited, a contest client joins with
its reservation, a Dominion bot says ``join table TICKET``, a Renaissance client logs in as
``NAME TICKET``: each remote entrant's secret ticket, the same for all its games, which the arena
prints for the operator to hand to that entrant only (a name proves nothing).
A game starts when its clients have come, so games run on this process's event loop, one at a
time unless `--workers` lets several tables wait at once.  The records are the same as without
listeners: the table plays the schedule's seed in the schedule's seat order.
"""

from __future__ import annotations

import argparse
from typing import Any, Callable

from ..core.hosting import OpenSeat, new_ticket
from ..core.registry import get_game
from ..core.store import SqliteStore
from .entrants import REMOTE
from .runner import Backend, Job, Outcome, default_agents
from .tournament import Progress, Settings, Tournament


class TableBackend(Backend):
    """Games as tables of a running `Server`: held seats for remote entrants, agents for the rest."""

    name = "tables"

    def __init__(self, server: Any, workers: int = 1, announce: Callable[[str], None] | None = None) -> None:
        self.server = server
        self.workers = max(1, workers)
        self.announce = announce
        self._told: dict[str, str] = {}  # remote entrant -> the command it was last told
        self._tickets: dict[str, str] = {}  # remote entrant -> its secret ticket, for every game

    @property
    def window(self) -> int:
        return self.workers

    async def _submit(self, batch: list[Job]) -> list[Outcome]:
        return [await self.play(job) for job in batch]

    async def play(self, job: Job) -> Outcome:
        import time

        seated: list[Any] = [self._held(seat[len(REMOTE):]) if seat.startswith(REMOTE) else default_agents(job, index)
                             for index, seat in enumerate(job.seats)]
        table = self.server.open_table(job.game, seated, seed=job.seed, options=dict(job.options))
        self._tell_how_to_connect(table)
        started_cpu, started = time.process_time(), time.perf_counter()
        record = await table.record()
        return Outcome(job.index, record.id, record.digest(), record.status,
                       None if record.result is None else record.result.to_json(),
                       time.process_time() - started_cpu, time.perf_counter() - started)

    def _held(self, name: str) -> OpenSeat:
        return OpenSeat(name, ticket=self._tickets.setdefault(name, new_ticket()))

    def _tell_how_to_connect(self, table: Any) -> None:
        """Say how each remote entrant connects: once, or again whenever that changes (a
        contest reservation code is new every game)."""
        if self.announce is None:
            return
        for seat in table.seats:
            if seat.kind != "open":
                continue
            command = self.server.connect_command(table, seat)
            if self._told.get(seat.held_for) != command:
                self._told[seat.held_for] = command
                self.announce(f"arena: waiting for {seat.held_for} (game {table.id})"
                              + (f": {command}" if command else ""))

    def describe(self) -> str:
        return f"tables on {', '.join(f'{l.service} {l.host}:{l.port}' for l in self.server.listening)}"


async def run_remote(tournament: Tournament, config: Any, *, workers: int = 1,
                     announce: Callable[[str], None] = print, ready: Callable[[Any], None] | None = None,
                     on_progress: Callable[[Progress], None] | None = None) -> dict[str, Any]:
    """Open the game's listeners, play the tournament as tables, close the listeners.
    `ready(server)` is called once they listen (tests connect their clients then)."""
    from ..server.app import Server

    spec = get_game(tournament.settings.game)
    store = tournament.store
    server = Server(config, store=SqliteStore(":memory:") if store is None else store, services=list(spec.services))
    try:
        for listening in await server.start():
            announce(f"arena: {listening.service} clients connect to {listening.host}:{listening.port}")
        if ready is not None:
            ready(server)
        return await tournament.run(TableBackend(server, workers, announce), None, on_progress)
    finally:
        await server.stop()
        if store is None:
            server.store.close()


def listener_config(args: argparse.Namespace, settings: Settings) -> Any:
    """The listeners of `--config`, `--host`, `--port` and `--set` (each service on its default
    port unless told)."""
    from ..cli_common import UsageError
    from ..server.config import ConfigError, check_port, load_config

    spec = get_game(settings.game)
    try:
        config = load_config(args.config)
        if args.host:
            config.host = args.host
        for service in spec.services:  # explicit services: a port left unset is any free port
            if args.port is not None:
                config.ports[service.name] = check_port(args.port, "--port")
            config.ports.setdefault(service.name, service.default_port)
            if config.ports[service.name] == 0:
                del config.ports[service.name]
        for item in args.set:
            key, sep, value = item.partition("=")
            service, dot, option = key.partition(".")
            if not sep or not dot or not service or not option:
                raise UsageError(f"--set wants SERVICE.KEY=VALUE, not {item!r}")
            config.sections.setdefault(service, {})[option] = value
    except ConfigError as exc:
        raise UsageError(str(exc)) from None
    return config

"""`tablehall serve`: the server's lifetime (`serve`), and with ``--workers N`` the protocol
listeners spread over N processes, so that every core plays games.

Each protocol lives wholly in one process (its listener, lobby, rooms, reservations and
tables), so nothing a protocol decides is shared between processes; the record store is (one
SQLite file in WAL mode, or PostgreSQL), and record ids are random, so processes never collide.
The first process also runs the web hall, which hosts and shows live the matches of the
protocols in its own process; every process's records are in the store it reads.  See
docs/architecture.md, "Worker processes".
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import multiprocessing

from ..core.registry import all_services
from ..core.store import describe
from .app import Server, run_server
from .config import ServerConfig
from .listening import ListenError

log = logging.getLogger("tablehall.server")

#: how long a worker may take to stop (it stores every running match as aborted)
STOP_TIMEOUT = 30.0


def served(config: ServerConfig) -> list[str]:
    """The protocol listeners `config` turns on, in registry order."""
    return [spec.name for _, spec in all_services() if config.ports.get(spec.name) != 0]


def split(config: ServerConfig, workers: int) -> list[ServerConfig]:
    """One configuration per process: the listeners turned on, dealt in turn (registry order);
    only the first process keeps the web hall.  Fewer configurations than `workers` when there
    are fewer listeners."""
    enabled = served(config)
    groups = [enabled[k::workers] for k in range(workers)]
    groups = [group for group in groups if group] or [[]]
    configs = []
    for k, group in enumerate(groups):
        ports = dict(config.ports)
        ports.update({name: 0 for name in enabled if name not in group})
        if k:
            ports["http"] = 0
        configs.append(dataclasses.replace(config, ports=ports, sections=dict(config.sections)))
    return configs


def _worker(config: ServerConfig, ready) -> None:
    """A worker process: serve its listeners until SIGTERM or SIGINT."""
    from .logs import setup_logging

    setup_logging(config.log_format)

    async def main() -> None:
        server = Server(config)
        try:
            listening = await server.start()
        except ListenError as exc:
            ready.send(("error", str(exc)))
            return
        ready.send(("ok", [(entry.service, entry.description or entry.game, entry.host, entry.port)
                           for entry in listening]))
        ready.close()
        await server.serve_until_stopped()

    run_server(main(), config.event_loop)


class Workers:
    """The processes beyond the first: started before the first process listens, stopped after
    it has stored its own games."""

    def __init__(self, configs: list[ServerConfig]) -> None:
        self.configs = configs
        self.processes: list[multiprocessing.process.BaseProcess] = []

    def start(self) -> list[tuple[str, str, str, int]]:
        """Start every worker and wait until each listens: (service, description, host, port)
        of every listener.  Raises ListenError (after stopping the others) if one cannot."""
        context = multiprocessing.get_context("spawn")  # a fresh interpreter: no event loop, no sockets inherited
        waiting = []
        for config in self.configs:
            mine, theirs = context.Pipe(duplex=False)
            process = context.Process(target=_worker, args=(config, theirs), daemon=False, name="tablehall-worker")
            process.start()
            theirs.close()
            self.processes.append(process)
            waiting.append(mine)
        listening, failure = [], None
        for process, pipe in zip(self.processes, waiting):
            try:
                kind, detail = pipe.recv()
            except EOFError:
                kind, detail = "error", f"a worker process exited with {process.exitcode} before listening"
            if kind == "error":
                failure = failure or detail
            else:
                listening.extend(detail)
        if failure is not None:
            self.stop()
            raise ListenError(failure)
        return listening

    def stop(self) -> None:
        """Ask every worker to stop (each aborts and stores its running games), then wait."""
        for process in self.processes:
            if process.is_alive():
                process.terminate()  # SIGTERM: the worker stops as `serve` does
        for process in self.processes:
            process.join(STOP_TIMEOUT)
            if process.is_alive():
                log.warning("worker %s did not stop in %.0f s; killing it", process.pid, STOP_TIMEOUT)
                process.kill()
                process.join()

    def dead(self) -> list[int]:
        """Pids of workers that have exited."""
        return [p.pid for p in self.processes if not p.is_alive() and p.pid is not None]


async def serve(config: ServerConfig, announce=print, workers: int = 1) -> None:
    """Serve until SIGINT/SIGTERM; with `workers` > 1 the listeners are spread over that many
    processes (`Workers`), this one keeping the first share and the web hall."""
    configs = split(config, workers) if workers > 1 else [config]
    others = Workers(configs[1:])
    server = Server(configs[0])
    listening = [(e.service, e.description or e.game, e.host, e.port) for e in await server.start()]
    if configs[1:]:
        try:
            listening += others.start()
        except ListenError:
            await server.stop()
            raise
    for service, description, host, port in listening:
        announce(f"tablehall: {service:12} {description} on {host}:{port}")
    if server.web is not None:
        announce(f"tablehall: web hall      http://{config.host}:{server.web.port}/")
    if configs[1:]:
        announce(f"tablehall: {len(configs)} processes: " + "; ".join(
            ", ".join(served(c)) + (" and the web hall" if k == 0 and server.web is not None else "")
            for k, c in enumerate(configs)))
    announce(f"tablehall: records in {describe(config.db)}; Ctrl-C stops (games that can be resumed are "
             "played on at the next start, the others stored as aborted)")
    try:
        await server.serve_until_stopped()
    finally:
        await asyncio.get_running_loop().run_in_executor(None, others.stop)

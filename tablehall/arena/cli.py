"""`tablehall arena GAME`: a tournament, an SPRT or a fixed-games match between entrants."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import TYPE_CHECKING, Any

from ..core.registry import get_game
from .schedule import FORMATS, ScheduleError

if TYPE_CHECKING:  # the rest is imported when the command runs: `tablehall --help` stays quick
    from ..core.game import GameSpec
    from .tournament import Settings, Tournament

SPRT_MAX_GAMES = 20000


def add_parser(commands: Any, default_db: str) -> argparse.ArgumentParser:
    arena = commands.add_parser(
        "arena", help="tournaments, ratings and SPRT tests between bots, on local cores or a Ray cluster",
        description="Play a tournament between entrants and rate them (openskill Plackett-Luce), or run an SPRT "
                    "between two. An entrant is [LABEL=]SEAT: a built-in bot, cmd:COMMAND (where the game's "
                    "protocol allows it), any seat `tablehall play` takes, or remote:NAME (the clients that log in "
                    "as NAME to the listeners the arena opens). See docs/arena.md.")
    arena.add_argument("game", help="the game (tablehall bots lists them)")
    arena.add_argument("--entrants", default="", help="comma-separated entrants, e.g. strong,random,random,random")
    arena.add_argument("--entrant", action="append", default=[], metavar="[LABEL=]SEAT",
                       help="one more entrant (for commands with commas in them)")
    arena.add_argument("--seats", type=int, help="seats per game (default: as many as the entrants allow; "
                                                 "1 plays Renaissance solo against Lorenzo)")
    arena.add_argument("--format", choices=FORMATS, default="round-robin",
                       help="round-robin (every table of entrants) or gauntlet (the first entrant against the rest)")
    arena.add_argument("--games", type=int, help="games to play, rounded up to whole rounds so seats stay balanced "
                                                 f"(default 100; with --sprt the most it may play, {SPRT_MAX_GAMES})")
    arena.add_argument("--seed", type=int, help="the tournament's seed (default: a fresh one, printed)")
    arena.add_argument("--no-duplicate", dest="duplicate", action="store_false",
                       help="a seed per game instead of one per round played in every seat rotation")
    arena.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    sprt = arena.add_argument_group("SPRT (two entrants: the first is tested against the second)")
    sprt.add_argument("--sprt", action="store_true", help="stop as soon as H0 (elo <= elo0) or H1 (elo >= elo1) "
                                                          "is accepted")
    sprt.add_argument("--elo0", type=float, default=0.0, help="H0's Elo (default 0)")
    sprt.add_argument("--elo1", type=float, default=30.0, help="H1's Elo (default 30)")
    sprt.add_argument("--alpha", type=float, default=0.05, help="false positive rate (default 0.05)")
    sprt.add_argument("--beta", type=float, default=0.05, help="false negative rate (default 0.05)")
    sprt.add_argument("--elo-model", choices=("logistic", "normalized"), default="logistic",
                      help="Elo of elo0/elo1: logistic (default) or normalized (fishtest's nElo)")
    where = arena.add_argument_group("where games run and go")
    where.add_argument("--workers", type=int, help=f"worker processes (default: the core count, {os.cpu_count()})")
    where.add_argument("--ray", metavar="ADDRESS", help="run on a Ray cluster: auto, HOST:PORT, or local")
    where.add_argument("--db", help=f"record store for the games and the tournament: an SQLite file or "
                                    f"postgresql://... (default {default_db})")
    where.add_argument("--no-db", action="store_true", help="store nothing")
    where.add_argument("--json", metavar="FILE", help="write the tournament (standings, ratings, SPRT, record ids "
                                                      "and digests) as JSON")
    where.add_argument("--name", help="the tournament's name")
    where.add_argument("--quiet", action="store_true", help="no live standings")
    remote = arena.add_argument_group("remote entrants (remote:NAME): the listeners the arena opens")
    remote.add_argument("--host", help="address to bind (default 127.0.0.1)")
    remote.add_argument("--port", type=int, help="the game's listener port (default: the protocol's usual one; "
                                                 "0: any free port, printed)")
    remote.add_argument("--set", action="append", default=[], metavar="SERVICE.KEY=VALUE",
                        help="a service option, as for tablehall serve")
    remote.add_argument("--config", help="a tablehall serve TOML config for the listeners")
    arena.set_defaults(handler=lambda args: cmd_arena(args, default_db))
    return arena


def settings_from(args: argparse.Namespace, spec: "GameSpec") -> "Settings":
    from ..cli_common import UsageError, parse_options
    from .entrants import EntrantError, parse_entrants, split_entrants
    from .stats import Sprt
    from .tournament import Settings

    items = split_entrants(args.entrants) + list(args.entrant)
    if not items:
        raise UsageError("name the entrants: --entrants A,B,... (built-in bots: "
                         f"{', '.join(sorted(spec.bots))})")
    try:
        entrants = parse_entrants(spec, items)
    except EntrantError as exc:
        raise UsageError(str(exc)) from None
    seats = args.seats
    if seats is None:
        fitting = [n for n in spec.seat_counts if n <= len(entrants)]
        seats = 2 if args.sprt else max(fitting) if fitting else min(spec.seat_counts)
    if seats not in spec.seat_counts:
        raise UsageError(f"{spec.name} is played by {'/'.join(map(str, spec.seat_counts))} seats, not {seats}")
    sprt = None
    if args.sprt:
        if len(entrants) != 2 or seats != 2:
            raise UsageError("an SPRT tests two entrants in two-seat games")
        try:
            sprt = Sprt(args.elo0, args.elo1, args.alpha, args.beta, args.elo_model)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    games = args.games if args.games is not None else (SPRT_MAX_GAMES if sprt else 100)
    if games < 1:
        raise UsageError("--games must be at least 1")
    settings = Settings(spec.name, entrants, seats, args.format, games, args.seed, args.duplicate,
                        spec.normalize_options(parse_options(args.option)), sprt, args.name or "")
    try:
        settings.schedule()
    except ScheduleError as exc:
        raise UsageError(str(exc)) from None
    return settings


def cmd_arena(args: argparse.Namespace, default_db: str) -> int:
    import secrets

    from ..cli_common import INTERRUPTED, UsageError, output_path, write_output
    from ..core.locations import open_store
    from ..core.store import describe, is_url
    from .report import LiveView, render
    from .runner import make_backend
    from .tournament import Tournament

    spec = get_game(args.game)
    fresh_seed = args.seed is None
    if fresh_seed:
        args.seed = secrets.randbits(31)
    settings = settings_from(args, spec)
    if args.workers is not None and args.workers < 1:
        raise UsageError("--workers must be at least 1")
    remote = any(e.remote for e in settings.entrants)
    if remote and args.ray:
        raise UsageError("remote entrants connect to this process: they cannot play on --ray")
    json_path = output_path(args.json) if args.json else None
    if not args.ray:  # on a cluster the commands run on its machines, not this one
        check_programs_start(spec, settings)
    location = None if args.no_db else (args.db or default_db)
    store = None if location is None else open_store(location)
    tournament = Tournament(settings, store)
    view = LiveView(enabled=False if args.quiet else None)
    try:
        if remote:
            from .remote import listener_config, run_remote

            config = listener_config(args, settings)
            doc = play(tournament, run_remote(tournament, config, workers=args.workers or 1, on_progress=view,
                                              announce=lambda line: print(line, file=sys.stderr, flush=True)))
        else:
            backend = make_backend(args.workers, args.ray)
            # workers store their games where they can reach the store; Ray workers on other
            # machines reach a PostgreSQL server but not this machine's file
            worker_location = location if (location and (is_url(location) or not args.ray)) else None
            try:
                doc = play(tournament, tournament.run(backend, worker_location, on_progress=view))
            finally:
                backend.close()
    finally:
        if store is not None:
            store.close()
    print(render(doc))
    if json_path is not None:
        write_output(json_path, json.dumps(doc, indent=1, sort_keys=True) + "\n")
    if fresh_seed:
        print(f"seed {args.seed} (--seed {args.seed} plays this tournament again)", file=sys.stderr)
    if location is not None:
        print(f"tournament {doc['id']} and its games stored in {describe(location)}", file=sys.stderr)
    return INTERRUPTED if doc["status"] == "stopped" else 0


def check_programs_start(spec: "GameSpec", settings: "Settings") -> None:
    """Start each entrant that is a program (cmd:COMMAND) as a game starts it, in a game that
    ends before its first move: one that cannot be run, or crashes or fails its protocol's
    handshake, stops the arena here with one line, not as a forfeit in every game."""
    import asyncio

    from ..cli_common import UsageError, did_not_start
    from ..core.match import Match
    from ..core.seats import make_agent

    programs = [e for e in settings.entrants if e.kind == "cmd"]
    others = sorted(spec.bots)[:1]  # the other seats: a built-in bot, which never starts anything

    async def start(seat_text: str) -> tuple[int, str] | None:
        texts = [seat_text] + (others or [seat_text]) * (settings.seats - 1)
        match = Match(spec, [make_agent(spec, text, seat, 0) for seat, text in enumerate(texts)])
        match.abort("the arena's start check")
        return did_not_start(await match.run())

    async def start_all() -> list[tuple[int, str] | None]:
        return await asyncio.gather(*(start(e.seat) for e in programs))

    for entrant, failed in zip(programs, asyncio.run(start_all()) if programs else []):
        if failed is not None:
            raise UsageError(f"entrant {entrant.label} ({entrant.seat}) {failed[1]}")


def play(tournament: "Tournament", main: Any) -> dict:
    """Run `main` (the tournament's coroutine); on Ctrl-C, the standings so far."""
    import asyncio

    from ..server.listening import ListenError
    from ..cli_common import UsageError

    try:
        return asyncio.run(main)
    except KeyboardInterrupt:
        print("stopped: the standings so far", file=sys.stderr)
        return tournament.document(with_games=True)
    except ListenError as exc:
        raise UsageError(str(exc)) from None

"""The `tablehall` command."""

from __future__ import annotations

import argparse
import os
import sys
import warnings
from collections import defaultdict
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, Sequence

# Only what every command needs: a game, asyncio and the match runner are imported by the
# commands that use them, so `tablehall records` and `--help` start in a few tens of ms.
from .cli_common import INTERRUPTED, UsageError, did_not_start, output_path, parse_options, write_output
from .core.game import OptionError
from .core.records import Record, RecordError, replay
from .core.registry import UnknownGame, get_game
from .server.config import default_db

if TYPE_CHECKING:
    from .core.game import GameSpec
    from .core.records import Record
    from .core.store import RecordStore

#: the record store every command uses unless told otherwise (TABLEHALL_DB moves it)
DEFAULT_DB = default_db()


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose help may end with text made only when help is asked for
    (`more_help`: the games' bots and options, the listeners' settings), and whose arguments
    may in part be added only when it parses (`more_arguments`: the listeners' flags), since
    both need the games' SPECs and other commands import no game."""

    def __init__(self, *args: Any, more_help: Any = None, more_arguments: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.more_help = more_help
        self.more_arguments = more_arguments

    def format_help(self) -> str:
        text = super().format_help()
        return f"{text}\n{self.more_help()}\n" if self.more_help else text

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        if self.more_arguments:
            self.more_arguments, add = None, self.more_arguments
            try:
                add(self)
            except UnknownGame as exc:  # a TABLEHALL_GAMES module that cannot be imported
                self.error(str(exc))
        return super().parse_known_args(args, namespace)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 2
    try:
        return args.handler(args)
    except (UsageError, UnknownGame, OptionError, RecordError, ValueError) as exc:
        print(f"tablehall: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return INTERRUPTED
    except BrokenPipeError:  # `tablehall records | head`: the reader has all it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="tablehall",
        description="Turn-based board games over their communities' own protocols; every game recorded.")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")

    serve = commands.add_parser("serve", help="run the server: one TCP listener per protocol",
                                description="Run the server. Binds 127.0.0.1 unless --host says otherwise.",
                                formatter_class=argparse.RawDescriptionHelpFormatter, more_help=_services_help,
                                more_arguments=_add_listener_flags)
    serve.add_argument("--config", help="TOML config file (see docs/architecture.md)")
    serve.add_argument("--host", help="address to bind (default 127.0.0.1)")
    serve.add_argument("--db", help=f"record store: an SQLite file or postgresql://... (default {DEFAULT_DB})")
    serve.add_argument("--admin-password", help="password for admin clients")
    serve.add_argument("--log-format", choices=("text", "json"), help="log line format")
    serve.add_argument("--event-loop", choices=("auto", "uvloop", "asyncio"),
                       help="event loop: uvloop when installed (auto, the default; the fast extra), or asyncio's own")
    serve.add_argument("--set", action="append", default=[], metavar="SERVICE.KEY=VALUE",
                       help="a service option, e.g. --set sc.version=21.3.3")
    serve.add_argument("--http-port", type=int, metavar="PORT", dest="port_http",
                       help="the web hall: lobby, live boards, records, replays, JSON API (default 8080; 0 turns it off)")
    serve.add_argument("--workers", type=int, default=1, metavar="N",
                       help="spread the protocol listeners over N processes, one core each (default 1; "
                            "the first process keeps the web hall; see docs/architecture.md)")
    serve.set_defaults(handler=cmd_serve)

    play = commands.add_parser("play", help="play local games between built-in or subprocess bots",
                               description="Play local games. A seat is a built-in bot name, cmd:COMMAND "
                                           "for a subprocess bot where the game's protocol allows it, or "
                                           "policy:MODULE:CALLABLE (or policy:PATH.py:CALLABLE) for a trained "
                                           "policy (needs the envs extra).",
                               formatter_class=argparse.RawDescriptionHelpFormatter, more_help=_games_help)
    play.add_argument("game", help="the game (below)")
    play.add_argument("--seats", required=True, help="comma-separated seats, e.g. random,strong")
    play.add_argument("--seed", type=int, default=None,
                      help="seed of the first game; game k uses seed+k (default: a fresh one, printed)")
    play.add_argument("--games", type=int, default=1, help="number of games")
    play.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    play.add_argument("--record-dir", help="also write each game as a JSON record file in this directory")
    play.add_argument("--db", help=f"the record store every game goes to: an SQLite file or postgresql://... "
                                   f"(default {DEFAULT_DB})")
    play.add_argument("--no-db", action="store_true", help="do not store the games in the record store")
    play.add_argument("--rotate", action="store_true", help="rotate the seats from game to game")
    play.add_argument("--quiet", action="store_true", help="no progress bar")
    play.add_argument("--workers", type=int, default=1,
                      help="worker processes playing games side by side (default 1; the games, records and "
                           "table are the same for any number)")
    play.set_defaults(handler=cmd_play)

    bots = commands.add_parser("bots", help="each game's built-in bots and options",
                               description="List each game's built-in bots (one line each) and its options "
                                           "with their defaults and accepted values.")
    bots.add_argument("game", nargs="?", help="only this game")
    bots.set_defaults(handler=cmd_bots)

    rep = commands.add_parser("replay", help="re-run a record through the rules and check its result",
                              description="Re-run a record through the rules; exit 1 if the result differs. "
                                          "With --moves, print every move in words first.")
    rep.add_argument("record", help="a record file, or a record id (prefix) in --db")
    rep.add_argument("--db", default=DEFAULT_DB, help=f"record store to look ids up in (default {DEFAULT_DB})")
    rep.add_argument("--strict", action="store_true",
                     help="refuse a record file without its digest (whose integrity cannot be checked)")
    rep.add_argument("--moves", action="store_true",
                     help="print the numbered moves in words, as an observer sees them (or --seat's player)")
    rep.add_argument("--seat", type=int, metavar="N",
                     help="with --moves: the moves as the player of seat N (1 = the first seat) sees them, "
                          "with what only that seat may know")
    rep.set_defaults(handler=cmd_replay)

    export = commands.add_parser("export", help="write a record in a notation (json, or the game's own)",
                                 description="Write a stored game in a notation: json (tablehall record) "
                                             "or a format the game defines.")
    export.add_argument("record", help="a record file, or a record id (prefix) in --db")
    export.add_argument("--format", "-f", required=True, help="json, or the game's format (e.g. sgn, soclog, replay-xml)")
    export.add_argument("--db", default=DEFAULT_DB, help=f"record store (default {DEFAULT_DB})")
    export.add_argument("--output", "-o", help="file to write (default: standard output)")
    export.set_defaults(handler=cmd_export)

    imp = commands.add_parser("import", help="read a game from a notation into a record store",
                              description="Read a game written in one of the game's notations and store it.")
    imp.add_argument("game", help="the game (tablehall bots lists them)")
    imp.add_argument("file", help="the notation file")
    imp.add_argument("--format", "-f", required=True, help="the notation (e.g. sgn, soclog)")
    imp.add_argument("--db", default=DEFAULT_DB, help=f"record store to write (default {DEFAULT_DB})")
    imp.set_defaults(handler=cmd_import)

    records = commands.add_parser("records", help="list stored games", description="List stored games, newest first.")
    records.add_argument("--db", default=DEFAULT_DB, help=f"record store (default {DEFAULT_DB})")
    records.add_argument("--game", help="only this game")
    records.add_argument("--limit", type=int, default=50, help="at most this many (default 50)")
    records.set_defaults(handler=cmd_records)

    bench = commands.add_parser("bench", help="measure a game's engine and protocol speed",
                                description="Measure speed; peers are measured side by side where installed.")
    bench.add_argument("game", help="a game (tablehall bots lists them), web (the web hall's scale), arena "
                                    "(the arena's backends), server (every protocol under load) or envs (the learning "
                                    "environments)")
    bench.add_argument("args", nargs=argparse.REMAINDER, help="arguments for the game's benchmark (try --help)")
    bench.set_defaults(handler=cmd_bench)

    from .arena.cli import add_parser as add_arena_parser

    add_arena_parser(commands, DEFAULT_DB)

    from .accounts.cli import add_parser as add_accounts_parser

    add_accounts_parser(commands, DEFAULT_DB)

    mor = commands.add_parser("renaissance-client", help="play Masters of Renaissance in a terminal",
                              description="A terminal client for the Masters of Renaissance protocol.")
    mor.add_argument("host", nargs="?", default="127.0.0.1", help="server address (default 127.0.0.1)")
    mor.add_argument("port", nargs="?", type=int, default=48745, help="server port (default 48745)")
    mor.add_argument("--compact", action="store_true", help="never redraw the whole board; say what changed")
    mor.set_defaults(handler=cmd_renaissance_client)
    return parser


def _games_help() -> str:
    from .guide import describe_games

    return describe_games()


def _services_help() -> str:
    from .guide import describe_services

    return describe_services()


def _listeners() -> list[str]:
    """The name of every protocol listener the games offer."""
    from .core.registry import all_services

    return [spec.name for _, spec in all_services()]


def _add_listener_flags(serve: argparse.ArgumentParser) -> None:
    """--NAME-port for every protocol listener, from the games' SPECs."""
    from .core.registry import all_services

    for game, spec in all_services():
        serve.add_argument(f"--{spec.name}-port", type=int, metavar="PORT", dest=f"port_{spec.name.replace('-', '_')}",
                           help=f"{spec.description or game} (default {spec.default_port}; 0 turns it off)")


# -- serve ---------------------------------------------------------------------------------------
def cmd_serve(args: argparse.Namespace) -> int:
    from .server.workers import serve
    from .server.config import ConfigError, check_port, check_sections, load_config, named_bots, toml_value
    from .server.logs import setup_logging

    try:
        config = load_config(args.config)
        if args.host:
            config.host = args.host
        if args.db:
            config.db = args.db
        if args.admin_password:
            config.admin_password = args.admin_password
        if args.log_format:
            config.log_format = args.log_format
        if args.event_loop:
            config.event_loop = args.event_loop
        for name in [*_listeners(), "http"]:
            port = getattr(args, f"port_{name.replace('-', '_')}")
            if port is not None:
                config.ports[name] = check_port(port, f"--{name}-port")
        for item in args.set:
            key, sep, value = item.partition("=")
            service, dot, option = key.partition(".")
            if not sep or not dot or not service or not option:
                raise UsageError(f"--set wants SERVICE.KEY=VALUE, not {item!r}")
            config.sections.setdefault(service, {})[option] = toml_value(value)
        check_sections(config)
        named_bots(config)  # a named bot that cannot play stops us here, not in a game
    except ConfigError as exc:
        raise UsageError(str(exc)) from None
    from .server.app import run_server
    from .server.listening import ListenError

    if all(config.ports.get(name) == 0 for name in _listeners()) and config.ports.get("http") == 0:
        raise UsageError("every listener is turned off: nothing to serve")
    if args.workers < 1:
        raise UsageError("--workers must be at least 1")
    setup_logging(config.log_format)
    try:
        run_server(serve(config, announce=lambda line: print(line, flush=True), workers=args.workers),
                   config.event_loop)
    except ListenError as exc:
        raise UsageError(str(exc)) from None
    return 0


# -- play ----------------------------------------------------------------------------------------
def make_agent(spec: "GameSpec", seat_text: str, seat: int, seed: int):
    """The agent a --seats entry names (see `core.seats`): a built-in bot, cmd:COMMAND, or a
    seat kind such as policy:MODULE:CALLABLE."""
    from .core.seats import SeatError, make_agent as seat_agent

    try:
        return seat_agent(spec, seat_text, seat, seed)
    except SeatError as exc:
        raise UsageError(str(exc)) from None


def cmd_play(args: argparse.Namespace) -> int:
    from .core.locations import open_store
    from .core.store import DirectoryStore

    spec = get_game(args.game)
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    if len(seats) not in spec.seat_counts:
        raise UsageError(f"{spec.name} needs {'/'.join(map(str, spec.seat_counts))} seats, got {len(seats)}")
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.workers < 1:
        raise UsageError("--workers must be at least 1")
    options = spec.normalize_options(parse_options(args.option))
    for seat, text in enumerate(seats):  # fail on a bad seat before playing anything (nothing starts yet)
        make_agent(spec, text, seat, 0)
    stores: list["RecordStore"] = []
    try:
        if args.record_dir:
            stores.append(DirectoryStore(args.record_dir))
        if not args.no_db:
            stores.append(open_store(args.db or DEFAULT_DB))
    except BaseException:
        for store in stores:
            store.close()
        raise
    with StopRequest() as stop:
        return play_games(args, spec, seats, options, stores, stop)


def play_games(args: argparse.Namespace, spec: "GameSpec", seats: list[str], options: dict[str, Any],
               stores: list["RecordStore"], stop: "StopRequest") -> int:
    """Play `args.games` games into `stores` (closed at the end) and print their table; after
    a stop request, the games being played finish and the table shows the games played."""
    import asyncio
    import secrets
    from itertools import takewhile

    from .core.match import Match
    from .core.store import SaveBatch, describe

    if args.seed is None:  # a fresh seed, said before the games: the records keep it, so they replay
        args.seed = secrets.randbits(31)
        print(f"seed {args.seed} (--seed {args.seed} plays these games again)", file=sys.stderr, flush=True)
    table = ResultTable()
    from tqdm import tqdm

    progress = tqdm(total=args.games, unit="game", disable=args.quiet or None, file=sys.stderr)

    def seating(index: int) -> list[str]:
        shift = index % len(seats) if args.rotate else 0
        return seats[shift:] + seats[:shift]

    saved = SaveBatch(stores)  # many games to a transaction: a commit costs more than a game
    played = 0

    def finished(order: list[str], record) -> None:  # in game order, however the games were run
        nonlocal played
        saved.add(record)
        played += 1
        not_started = did_not_start(record)  # a subprocess bot that cannot start stops the run: say why
        if not_started is not None:
            seat, reason = not_started
            raise UsageError(f"seat {seat + 1} ({order[seat]}) {reason}")
        table.add(order, record)
        progress.update(1)

    def indexes() -> Iterator[int]:  # the games to play: none more once a stop is asked for
        return takewhile(lambda index: not stop.requested, range(args.games))

    async def play_all() -> None:  # one event loop for every game: starting a loop costs ms
        for index in indexes():
            seed = args.seed + index
            order = seating(index)
            agents = [make_agent(spec, text, seat, seed) for seat, text in enumerate(order)]
            match = Match(spec, agents, seed=seed, options=options, names=order)
            record = match.play_through()  # nothing else runs on this loop: bots play at once
            finished(order, record if record is not None else await match.run())

    async def play_on_workers() -> None:  # the arena's local backend: the same games, in order
        from .arena.runner import Batcher, Job, LocalBackend

        backend = LocalBackend(args.workers)
        backend.keep_records = True
        jobs = (Job(index, spec.name, tuple(seating(index)), tuple(seating(index)), args.seed + index, options)
                for index in indexes())
        batcher = Batcher(args.workers, args.games)
        waiting: dict[int, Any] = {}
        done = 0
        try:
            async for outcomes in backend.run(batcher.batches(jobs)):
                batcher.observe(outcomes)
                waiting.update((o.index, o.record) for o in outcomes)
                while done in waiting:
                    finished(seating(done), waiting.pop(done))
                    done += 1
        finally:
            backend.close()

    try:
        asyncio.run(play_all() if args.workers == 1 else play_on_workers())
    finally:
        progress.close()
        try:
            saved.flush()
        finally:
            for store in stores:
                store.close()
    print(table.render())
    if not args.no_db:
        print(f"stored in {describe(args.db or DEFAULT_DB)} (tablehall records, replay, export read it)",
              file=sys.stderr)
    if stop.requested:
        print(f"stopped by Ctrl-C after {played} of {args.games} games", file=sys.stderr)
        return INTERRUPTED
    return 0


class StopRequest:
    """Ctrl-C while games are played: the first asks for a stop once the games being played
    are over (their records are kept and shown), a second stops at once (KeyboardInterrupt).
    Only the main thread receives signals, and a process started with Ctrl-C ignored (a
    background job) keeps ignoring it: there this does nothing."""

    def __init__(self) -> None:
        self.requested = False
        self._previous: Any = None

    def __enter__(self) -> "StopRequest":
        import signal
        import threading

        if (threading.current_thread() is threading.main_thread()
                and signal.getsignal(signal.SIGINT) is signal.default_int_handler):
            self._previous = signal.signal(signal.SIGINT, self._interrupted)
        return self

    def __exit__(self, *exc: object) -> None:
        import signal

        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)

    def _interrupted(self, signum: int, frame: object) -> None:
        if self.requested:
            raise KeyboardInterrupt
        self.requested = True
        print("\nstopping after the games being played (Ctrl-C again stops at once)", file=sys.stderr, flush=True)


class ResultTable:
    """Per seat label: games, wins, shared wins, mean score, mean rank, forfeits."""

    LEGEND = ("wins: games won alone; shared: first place shared with others (a tie); "
              "score, rank: means per game (rank 1 is first);\n"
              "out: games the seat did not finish (forfeited: too slow, an illegal action, left, "
              "disqualified or did not start)")

    def __init__(self) -> None:
        self.rows: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
        self.order: list[str] = []
        self.aborted = 0

    def add(self, labels: Sequence[str], record) -> None:
        result = record.result
        if result is None or record.status == "aborted":
            self.aborted += 1
            return
        winners = result.winners
        for seat_result in result.seats:
            label = labels[seat_result.seat]
            if label not in self.order:
                self.order.append(label)
            row = self.rows[label]
            row["games"] += 1
            row["score"] += float(seat_result.score)
            row["rank"] += seat_result.rank
            if seat_result.seat in winners:
                row["wins" if len(winners) == 1 else "shared"] += 1
            if seat_result.cause.value != "regular":
                row["out"] += 1

    def render(self) -> str:
        width = max([len("seat"), *map(len, self.order)]) + 1  # whole names: two cmd: bots must differ
        lines = [f"{'seat':<{width}}{'games':>7}{'wins':>7}{'win%':>8}{'shared':>8}{'score':>9}{'rank':>7}{'out':>5}"]
        for label in self.order:
            row = self.rows[label]
            games = row["games"] or 1
            lines.append(f"{label:<{width}}{int(row['games']):>7}{int(row['wins']):>7}"
                         f"{100 * row['wins'] / games:>7.1f}%{int(row['shared']):>8}"
                         f"{row['score'] / games:>9.2f}{row['rank'] / games:>7.2f}{int(row['out']):>5}")
        if self.aborted:
            lines.append(f"aborted games: {self.aborted}")
        if self.order:
            lines.append(self.LEGEND)
        return "\n".join(lines)


# -- records -------------------------------------------------------------------------------------
def cmd_replay(args: argparse.Namespace) -> int:
    from .core.locations import load_record

    record = load_record(args.record, args.db)
    if record.digest_checked is False:
        if args.strict:
            raise RecordError(f"{args.record} has no digest: its integrity cannot be checked (--strict)")
        print(f"tablehall: warning: {args.record} has no digest: its integrity was not checked", file=sys.stderr)
    spec = get_game(record.game)
    if args.seat is not None and not args.moves:
        raise UsageError("--seat goes with --moves")
    if args.moves:
        print_moves(record, spec, viewer_seat(record, args.seat))
    report = replay(record, spec)
    moves = len(record.entries)
    if not report.matches:
        got = report.result.to_json() if report.result else None
        print(f"MISMATCH: {record.game} record {record.id or args.record}: stored result "
              f"{record.result.to_json() if record.result else None}, replay gives {got}")
        return 1
    checked = "checked" if record.digest_checked is not False else "not in the file"
    print(f"ok: {record.game} record {record.id or args.record}: {moves} actions replayed, "
          f"{record.status}, result reproduced (digest {record.digest()[:16]}, {checked})")
    return 0


def viewer_seat(record: "Record", seat: int | None) -> int | None:
    """`--seat N` (counted from 1) as a seat index, None for an observer."""
    if seat is None:
        return None
    if not 1 <= seat <= len(record.seats):
        raise UsageError(f"--seat must be 1-{len(record.seats)}: this {record.game} game has {len(record.seats)} seats")
    return seat - 1


def print_moves(record: "Record", spec: "GameSpec", viewer: int | None) -> None:
    """Every move of `record` in words, numbered, as `viewer` (None: an observer) sees it."""
    from .core.movetext import record_moves

    players = ", ".join(f"{seat.name} (seat {i + 1})" for i, seat in enumerate(record.seats))
    audience = "an observer" if viewer is None else f"{record.seats[viewer].name} (seat {viewer + 1})"
    print(f"{spec.title}: {players}; as {audience} sees it")
    width = len(str(len(record.entries)))
    for move in record_moves(record, spec, viewer):
        label = f"{move.number}." if move.number else ""
        for i, line in enumerate(move.text.lines):
            print(f"{label if i == 0 else '':>{width + 1}} {line}")


def cmd_export(args: argparse.Namespace) -> int:
    from .core.locations import load_record

    record = load_record(args.record, args.db)
    if args.format == "json":
        text = record.dumps() + "\n"
    else:
        spec = get_game(record.game)
        exporter = spec.exporters.get(args.format)
        if exporter is None:
            known = ", ".join(["json", *sorted(spec.exporters)])
            raise UsageError(f"{record.game} cannot be exported as {args.format!r} (formats: {known})")
        with warnings.catch_warnings(record=True) as caught:  # what the notation cannot say
            warnings.simplefilter("always", UserWarning)
            text = exporter(record)
        for warning in notation_warnings(caught):
            print(f"tablehall: warning: {args.format}: {warning}", file=sys.stderr)
    if args.output:
        write_output(output_path(args.output), text)
    else:
        sys.stdout.write(text)
    return 0


def notation_warnings(caught: list[warnings.WarningMessage]) -> list[str]:
    """What a notation's reader or writer warned about (not the interpreter's own warnings)."""
    return [str(w.message) for w in caught if issubclass(w.category, UserWarning)]


def cmd_import(args: argparse.Namespace) -> int:
    from .core.locations import open_store

    spec = get_game(args.game)
    importer = spec.importers.get(args.format)
    if importer is None:
        raise UsageError(f"{spec.name} cannot import {args.format!r} (formats: {', '.join(sorted(spec.importers)) or 'none'})")
    try:
        text = Path(args.file).read_text(encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot read {args.file}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise UsageError(f"cannot read {args.file}: it is not UTF-8 text") from None
    with warnings.catch_warnings(record=True) as caught:  # a reader's warnings: one line each
        warnings.simplefilter("always", UserWarning)
        try:
            record = importer(text)
        except ValueError as exc:  # the reader's own words, said of the file
            raise UsageError(f"{args.file}: {exc}") from None
    for warning in notation_warnings(caught):
        print(f"tablehall: warning: {args.file}: {warning}", file=sys.stderr)
    report = replay(record, spec)
    if not report.matches:
        raise RecordError("the imported game does not reproduce its own result")
    store = open_store(args.db)
    try:
        record_id = store.save(record)
    finally:
        store.close()
    print(f"imported {spec.name} game as {record_id} ({len(record.entries)} actions)")
    return 0


def cmd_bots(args: argparse.Namespace) -> int:
    from .guide import describe_games

    print(describe_games([get_game(args.game).name] if args.game else None))
    return 0


def cmd_records(args: argparse.Namespace) -> int:
    from .core.locations import open_store, store_exists

    if args.game:
        get_game(args.game)  # an unknown game is an error, not an empty table
    if args.limit < 1:  # SQLite takes a negative LIMIT as none
        raise UsageError("--limit must be at least 1")
    if not store_exists(args.db):
        raise UsageError(f"no record store at {args.db}")
    store = open_store(args.db)
    try:
        rows = store.summaries(args.game, args.limit)
    finally:
        store.close()
    table = [("id", "game", "status", "seed", "started", "seats", "result")]
    table += [(r.id, r.game, r.status, str(r.seed), r.started_at, r.seats, r.result) for r in rows]
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    for row in table:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from .bench import run

    return run(args.game, list(args.args))


def cmd_renaissance_client(args: argparse.Namespace) -> int:
    from .games.renaissance.client import main as client_main

    return client_main([args.host, str(args.port), *(["--compact"] if args.compact else [])])


if __name__ == "__main__":
    raise SystemExit(main())

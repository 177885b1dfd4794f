"""tablehall records as JSettlers game event logs (``.soclog``), and back.

Export (`record_to_soclog`) replays a record through the engine and writes what a Java server
recording the game would have written (``type=F``): the server's `Version`, the new game, each
player joining (the join sequence it is sent as an observer, ``ob:``, then ``all:SOCJoinGame``)
and sitting down, then for every action the client request (``fN:``) and the server's
messages to their audiences (``all``, ``pN``, ``!pN``), ending with JSettlers' closing comments.

Both play 2-6 seats: a game on the 6-player board is written with its `BoardLayout2` and six
seats, as the Java server logs one; a sea-board or scenario game with its large board
(`BoardLayout2` encoding 3) and the sea's messages.

Import (`soclog_to_record`) reads a log of a classic, 6-player or sea-board game (recorded by
JSettlers or exported by tablehall): its chance (board, first player, dice, cards drawn, resources stolen) becomes the
engine's scripted options, and each client request the engine accepts becomes a record entry,
so the imported record replays with `tablehall replay`.
"""

from __future__ import annotations

import warnings
from datetime import datetime, timezone

from tablehall.core import Entry as RecordEntry
from tablehall.core import IllegalAction
from tablehall.core import Record, Result, SeatInfo

from .. import SPEC
from ..actions import FORCE_END_TURN
from ..constants import Phase
from .connection import ServerConfig
from .game_messages import GameState, JoinGame, SitDown, StartGame, Turn
from .lobby import GameRoom, join_sequence
from .lobby_messages import NewGameWithOptions
from .message import is_single_line_and_safe
from .play import HUMAN_AGENT, ROBOT_AGENT
from .options import KNOWN_OPTIONS, OptionValue, game_min_version, pack_options, parse_options
from .scenario_options import scenario_option_items
from .sea_narrator import narrator_class
from .requests import Forward, Request, interpret, request_for
from .seeding import seeding_from_soclog
from .soclog import ALL, OBSERVER, Entry, Soclog, from_player, header_comments, read_soclog

LOG_VERSION = 2700


def _unix(stamp: str) -> int | None:
    try:
        return int(datetime.fromisoformat(stamp).timestamp()) if stamp else None
    except ValueError:
        return None


def _safe(name: str, fallback: str) -> str:
    cleaned = name.replace("|", "_").replace(",", "_")
    return cleaned if is_single_line_and_safe(cleaned) else fallback


def jsettlers_options(seat_count: int, options: dict) -> str:
    """The JSettlers option string of a game: players, and the rules that differ from the default."""
    values = {"PL": OptionValue(False, seat_count)}
    if options.get("six_player_board") and seat_count <= 4:
        values["PLB"] = OptionValue(True)
    if options.get("special_building_5_6_only"):
        values["PLP"] = OptionValue(True)
    if not options.get("domestic_trades", True):
        values["NT"] = OptionValue(True)
    if options.get("vp_to_win", 10) != 10:
        values["VP"] = OptionValue(True, options["vp_to_win"])
    if options.get("sea_board"):  # and the scenario's flags, the keys in order as the recordings list them
        values["SBL"] = OptionValue(True)
        scenario = options.get("scenario", "")
        if scenario:
            values["SC"] = OptionValue(text=scenario)
            values.update((key, OptionValue(True)) for key, _ in scenario_option_items(scenario)
                          if key.startswith("_SC_"))
        values = dict(sorted(values.items()))
    return pack_options(values, KNOWN_OPTIONS)


def record_to_soclog(record: Record) -> str:
    """The record as a JSettlers game event log.  A discard limit other than 7 has no JSettlers
    option: it is not written, with a `UserWarning`."""
    if record.options.get("discard_limit", 7) != 7:
        warnings.warn(f"JSettlers has no option for discard_limit={record.options['discard_limit']}; "
                      "a reader assumes 7", stacklevel=2)
    seats = len(record.seats)
    game = _safe(f"tablehall-{record.id[:12]}" if record.id else "tablehall", "tablehall")
    pns = tuple(range(seats))
    names = {pn: _safe(info.name, f"player {pn}") for pn, info in zip(pns, record.seats)}
    robots = {pn: info.agent.startswith("bot:") or info.agent == ROBOT_AGENT for pn, info in zip(pns, record.seats)}
    started, ended = _unix(record.started_at), _unix(record.ended_at)
    elapsed = float(ended - started) if started is not None and ended is not None else 0.0
    packed = jsettlers_options(seats, record.options)
    room = GameRoom(game, parse_options(packed), started or 0)  # 6 seats for the 5-6 player games
    narrator = narrator_class(record.options)(game, pns, names, robots, elapsed=lambda: elapsed,
                                               seats=room.seat_count)
    entries = header_comments(started, ended or started) if started is not None else []
    entries.append(Entry(ALL, ServerConfig(version=LOG_VERSION).version_message()))
    entries.append(Entry(ALL, NewGameWithOptions(game, game_min_version(room.options), packed)))
    for joined in range(1, seats + 1):  # everyone joins (told the game so far), then sits down
        entries += [Entry(OBSERVER, m) for m in join_sequence(room, [names[pn] for pn in pns[:joined]])]
        entries.append(Entry(ALL, JoinGame(names[pns[joined - 1]], "", "\t", game)))
    entries += [Entry(ALL, SitDown(game, names[pn], pn, robots[pn])) for pn in pns]
    state = SPEC.new(seats, record.options, record.seed)
    entries += narrator.start(state)
    for step in record.entries:
        if step.forfeit is not None:
            events = state.forfeit(step.seat, step.forfeit, step.reason)
            entries += narrator.forfeit(step.seat, events, state)
            continue
        action = SPEC.decode_action(step.action)
        if action != FORCE_END_TURN:  # the server's own action: no client asked for it
            who = Request(step.seat, pns[step.seat], robots[step.seat], pns, game, room.seat_count)
            entries.append(Entry(from_player(step.seat), request_for(action, who, state)))
        events = state.apply(step.seat, action)
        entries += narrator.action(step.seat, action, events, state)
    entries.append(Entry.of_comment(f" End of log. Game state {int(state.phase)}"))
    entries.append(Entry.of_comment(" Player info:"))
    for seat, pn in enumerate(pns):
        holders = (("Largest Army", state.largest_army), ("Longest Road", state.longest_road),
                   ("Winner", state.winner if state.is_over else -1))
        titles = [title for title, holder in holders if holder == seat]
        line = ", ".join([names[pn], *titles])
        entries.append(Entry.of_comment(f" - pn {pn}: total score {state.total_vp(seat)}: {line}"))
    log = Soclog(game, LOG_VERSION, entries, created_at=started, now=ended or started)
    return log.render(timed=False)


def soclog_to_record(text: str) -> Record:
    """A record of the game a JSettlers event log shows, on the classic, the 6-player or a sea
    board (ValueError if it shows none)."""
    log = read_soclog(text)
    seeding = seeding_from_soclog(log)
    seats = len(seeding.pns)
    options = SPEC.normalize_options(seeding.options)
    agents = [ROBOT_AGENT if seeding.robots[pn] else HUMAN_AGENT for pn in seeding.pns]
    record = Record(SPEC.name, SPEC.rules_version, options, 0,
                    [SeatInfo(seeding.names[pn], kind) for pn, kind in zip(seeding.pns, agents)])
    if log.created_at is not None:
        record.started_at = datetime.fromtimestamp(log.created_at, timezone.utc).isoformat(timespec="milliseconds")
    if log.now is not None:
        record.ended_at = datetime.fromtimestamp(log.now, timezone.utc).isoformat(timespec="milliseconds")
    state = SPEC.new(seats, options, 0)
    game_seats = GameRoom(log.game_name, parse_options(log.options), 0).seat_count
    started = False
    for audience, message in log.messages():
        if isinstance(message, StartGame):
            started = True
        if started and audience == ALL and not state.is_over and _turn_passed(message, state, seeding.pns):
            _end_turn_for(state, record)
            continue
        if not started or message is None or audience.kind != "from_player" or audience.pn not in seeding.pns:
            continue
        seat = seeding.pns.index(audience.pn)
        who = Request(seat, audience.pn, seeding.robots[audience.pn], seeding.pns, log.game_name, game_seats)
        decision = interpret(message, who, state)
        if isinstance(decision, Forward):
            state.apply(seat, decision.action)
            record.entries.append(RecordEntry(seat, SPEC.encode_action(decision.action)))
    record.result = state.result() if state.is_over else Result.aborted(seats, "the log ends before the game")
    return record


def _turn_passed(message, state, pns) -> bool:
    """Whether the server's `message` passes the turn on where the player's requests so far have
    not: a `Turn` to another player or state (0: a log without states), or the game over told
    while the game goes on (won at the turn's start by the player after)."""
    if isinstance(message, Turn):
        return message.pn != pns[state.current] or message.game_state not in (0, state.jsettlers_state)
    return isinstance(message, GameState) and message.state == int(Phase.OVER)


def _end_turn_for(state, record: Record) -> None:
    """The server passed the turn on without the player's `EndTurn`: the Java server's robot
    watchdog ends a robot's turn that way ("force end turn"), cancelling what it was placing;
    so does the engine's ``force_end_turn``, where the player's turn may be ended."""
    seat = state.current
    try:
        state.check(seat, FORCE_END_TURN)
    except IllegalAction:
        return
    state.apply(seat, FORCE_END_TURN)
    record.entries.append(RecordEntry(seat, SPEC.encode_action(FORCE_END_TURN)))

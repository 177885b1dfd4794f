"""JSON for the web, built from matches and records only through the games' public views:
`view(None)` is what an observer may see, so nothing here can show a hidden card."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from ..core.events import Event, visible_to
from ..core.hosting import Table, TableSeat
from ..core.match import Match, Step
from ..core.movetext import describe, record_moves
from ..core.records import Entry, Record, replay_steps
from ..core.registry import get_game
from ..core.store import RecordSummary, TournamentSummary


def live_game(match_id: str, match: Match) -> dict[str, Any]:
    state = match.state
    return {
        "id": match_id,
        "game": match.spec.name,
        "title": match.spec.title,
        "players": [{"seat": s, "name": info.name, "agent": info.agent}
                    for s, info in enumerate(map(match.record.holder, range(len(match.record.seats))))],
        "to_act": list(state.to_act()),
        "actions": len(match.record.entries),
        "status": "paused" if match.paused else ("over" if state.is_over else "running"),
        "started_at": match.record.started_at,
        "fixed_chance": match.spec.fixed_chance(match.record.options),
    }


def live_games(matches: Mapping[str, Match]) -> list[dict[str, Any]]:
    return [live_game(i, m) for i, m in matches.items()]


def table_json(table: Table, command: Callable[[Table, TableSeat], str], owner: bool = False) -> dict[str, Any]:
    """A hosted table: its seats, and for each seat still held how a client takes it (a seat
    taken with a secret ticket: only for the table's owner)."""
    seats = []
    for index, seat in enumerate(table.seats):
        entry = {"seat": index, **seat.to_json(owner)}
        if seat.waiting and (owner or not seat.secret):
            entry["connect"] = command(table, seat)
        seats.append(entry)
    spec = get_game(table.game)
    return {"id": table.id, "game": table.game, "title": spec.title, "service": table.service,
            "status": table.status, "seats": seats, "waiting": len(table.waiting),
            "fixed_chance": spec.fixed_chance(table.options)}


def waiting_game(table: Table) -> dict[str, Any]:
    """A table still waiting for clients, shaped like `live_game` for the play page."""
    spec = get_game(table.game)
    return {"id": table.id, "game": table.game, "title": spec.title,
            "players": [{"seat": i, "name": seat.taken_by or seat.name, "agent": seat.kind}
                        for i, seat in enumerate(table.seats)],
            "to_act": [], "actions": 0, "status": "waiting", "started_at": None,
            "fixed_chance": spec.fixed_chance(table.options)}


def event_json(event: Event) -> dict[str, Any]:
    return {"kind": event.kind, "data": dict(event.data)}


def observer_frame(match: Match, kind: str = "view", events: Sequence[Event] = (),
                   moves: Sequence[dict[str, Any]] = ()) -> dict[str, Any]:
    """What a spectator is sent: the observer's view, the public progress of the match and the
    events an observer may see (`visible_to(events, None)`) since the last frame."""
    state = match.state
    frame = {"type": kind, "view": state.view(None), "to_act": list(state.to_act()),
             "actions": len(match.record.entries),
             "events": [event_json(e) for e in visible_to(events, None)], "moves": list(moves)}
    if state.is_over and state.result() is not None:
        frame["result"] = state.result().to_json()
    return frame


def summary(s: RecordSummary) -> dict[str, Any]:
    return {"id": s.id, "game": s.game, "status": s.status, "started_at": s.started_at,
            "players": s.seats.split(", ") if s.seats else [], "result": s.result,
            "outcome": outcome_words(s.seats.split(", ") if s.seats else [], s.result or "")}


def tournament_summary(summary: TournamentSummary) -> dict[str, Any]:
    return {"id": summary.id, "game": summary.game, "name": summary.name, "status": summary.status,
            "started_at": summary.started_at, "updated_at": summary.updated_at, "games": summary.games}


def outcome_words(players: list[str], result: str) -> str:
    """The store's "rank:score" per seat as words: "alice 1st (10), bob 2nd (7)"; the text
    itself when it is not in that form (aborted games)."""
    parts = result.split()
    if len(parts) != len(players) or not all(p.count(":") == 1 for p in parts):
        return result
    ordinal = lambda n: f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"  # noqa: E731
    ranked = sorted(zip(players, (p.split(":") for p in parts)), key=lambda item: int(item[1][0]))
    return ", ".join(f"{name} {ordinal(int(rank))} ({score})" for name, (rank, score) in ranked)


def record_json(record: Record) -> dict[str, Any]:
    spec = get_game(record.game)
    return {**record.to_json(), "digest": record.digest(), "title": spec.title,
            "notations": ["json", *sorted(spec.exporters)], "fixed_chance": spec.fixed_chance(record.options)}


def replay_views(record: Record) -> list[dict[str, Any]]:
    """The observer's view before the first action and after each one, re-run through the
    rules (`records.replay_steps`: a record that does not replay raises RecordError), each
    with its move in words (`core.movetext`)."""
    spec, names = get_game(record.game), [seat.name for seat in record.seats]
    return [{"view": step.state.view(None), "seat": step.seat, "action": move_json(step.entry),
             "text": describe(spec, step.state, step.seat, step.action, step.events, names).to_json()}
            for step in replay_steps(record, spec)]


def step_text(match: Match, step: Step, viewer: int | None) -> list[dict[str, Any]]:
    """A live step in words for `viewer` (a seat, or None for observers): none when it says nothing."""
    names = [seat.name for seat in match.record.seats]
    text = describe(match.spec, match.state, step.seat, step.action, step.events, names, viewer)
    return [text.to_json()] if text.lines else []


def history(match: Match, viewer: int | None) -> list[dict[str, Any]]:
    """Every step of a live match so far in words for `viewer`: what a page opened mid-game
    shows in its log (re-run through the rules from the record)."""
    return [m.text.to_json() for m in record_moves(match.record, match.spec, viewer) if m.text.lines]


def move_json(entry: Entry | None) -> Any:
    """What a replay step shows was played: the action as recorded, or the forfeit."""
    if entry is None:
        return None
    if entry.forfeit is not None:
        return {"forfeit": entry.forfeit.value, "reason": entry.reason}
    return entry.action

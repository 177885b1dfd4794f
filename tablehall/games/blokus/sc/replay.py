"""Contest replay XML from a stored record: what the contest server writes to
`replays/replay_*.xml` — ``<protocol>``, one observer memento per state (the initial one and one
after every move), the result, ``</protocol>`` — so the contest's replay viewers can show a
tablehall game."""

from __future__ import annotations

from ....core import EndCause, GameSpec, Record, RecordError
from . import messages as msg
from .dialect import V21_4_0
from .room import render_result
from .xml import render


def export_replay_xml(record: Record, spec: GameSpec) -> str:
    """`record`, a game of `spec` (Blokus), as the contest's replay XML."""
    if record.result is None:
        raise RecordError("the record has no result to write")
    state = spec.new(len(record.seats), record.options, record.seed)
    names = [seat.name for seat in record.seats]
    room_id = record.id or "tablehall"
    parts = ["<protocol>\n", render(msg.memento(room_id, state, names)), "\n"]
    for entry in record.entries:
        if entry.forfeit is not None:
            state.forfeit(entry.seat, entry.forfeit, entry.reason)
            continue
        state.apply(entry.seat, spec.decode_action(entry.action))
        parts += [render(msg.memento(room_id, state, names)), "\n"]
    replayed = state.result()
    if record.result.cause is not EndCause.ABORTED and (
            replayed is None or replayed.to_json() != record.result.to_json()):
        raise RecordError("the record does not reproduce its stored result")
    parts += [render(render_result(room_id, record.result, names, V21_4_0)), "\n</protocol>"]
    return "".join(parts)

"""Nim's own notation, files ending in .nim: the piles, then a line per move.

    piles 3 4 5
    0 2 3        seat 0 takes 3 stones from pile 2
    1 0 1
"""

from __future__ import annotations

from tablehall.core import Entry, Record, RecordError, SeatInfo, replay


def record_to_text(record: Record) -> str:
    lines = [f"piles {record.options['piles']}"]
    for entry in record.entries:
        if entry.forfeit is not None:
            raise ValueError("the .nim notation has no forfeits")
        lines.append(f"{entry.seat} {entry.action[0]} {entry.action[1]}")
    return "\n".join(lines) + "\n"


def text_to_record(text: str) -> Record:
    from . import SPEC  # the package imports this module first

    head, *moves = text.splitlines()
    if not head.startswith("piles "):
        raise RecordError("a .nim file starts with 'piles N N ...'")
    try:
        entries = [Entry(int(seat), [int(pile), int(count)]) for seat, pile, count in map(str.split, moves)]
    except ValueError:
        raise RecordError("each move of a .nim file is 'SEAT PILE COUNT'") from None
    record = Record(game=SPEC.name, rules_version=SPEC.rules_version,
                    options=SPEC.normalize_options({"piles": head.removeprefix("piles ")}), seed=0,
                    seats=[SeatInfo(f"seat {seat}", "import:nim") for seat in range(2)], entries=entries)
    record.result = replay(record, SPEC).result
    return record

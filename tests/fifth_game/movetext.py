"""Nim's moves in words (`GameSpec.move_text`)."""

from __future__ import annotations

from tablehall.core.movetext import MoveText, StepView, counted


def move_text(view: StepView) -> MoveText:
    lines = []
    for event in view.events:
        data = event.data
        if event.kind == "took":
            left = " ".join(map(str, data["piles"]))
            lines.append(f"{view.name(data['seat'])} takes {counted(data['count'], 'stone')} from pile "
                         f"{data['pile'] + 1}, leaving {left}")
        elif event.kind == "out":
            lines.append(f"{view.name(data['seat'])} is out ({data['cause'].replace('_', ' ')})")
    return MoveText(tuple(lines))

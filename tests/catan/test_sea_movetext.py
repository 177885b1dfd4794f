"""Sea-board games in words: every step of real games of every scenario is told to every
audience, with words for each of the sea's events, and what only one seat may know (a card
given on a special edge, the cards the pirate fleet takes) is named only to that seat."""

from __future__ import annotations

import pytest

from tablehall.games.catan import SPEC, movetext
from tablehall.games.catan.movetext import DEV_WORDS, SILENT
from tablehall.games.catan.sea.scenarios import SCENARIOS, WONDER_NAMES

from ..support.bot_games import bot_record, told

NAMES = ["Ana", "Ben", "Cy", "Di"]


@pytest.mark.parametrize("scenario", sorted(SCENARIOS), ids=[k or "SBL" for k in sorted(SCENARIOS)])
def test_every_step_of_sea_games_is_told_to_every_audience(scenario):
    record = bot_record(SPEC, ["strong", "random", "strong", "random"], 4,
                        options={"sea_board": True, "scenario": scenario}, names=NAMES)
    kinds = set()
    for step, viewer, text in told(SPEC, record, NAMES):
        kinds |= {e.kind for e in step.events}
        assert {e.kind for e in step.events} <= set(movetext._WRITERS) | SILENT, "an event kind without words"
        assert text.lines, f"step {step.number} ({step.action}) says nothing to {viewer}"
        assert all("None" not in line and "[" not in line for line in text.lines), text.lines
        assert not any("the sea and the sea" in line or "the sea, the sea" in line for line in text.lines), text.lines
        said = " / ".join(text.lines)
        for event in step.events:
            if event.kind == "dev_gift" and event.data["card"] is not None:
                named = f"is given a development card: {DEV_WORDS[event.data['card']]}"
                assert (named in said) == (viewer == event.data["seat"]), said
            if event.kind == "wonder_built":  # by the wonder's name
                assert f"of the {WONDER_NAMES[event.data['id']]}" in said, said
            if event.kind == "fleet_robbed" and event.data["resources"] is not None and event.data["count"]:
                counted_only = f"takes {event.data['count']} card"
                assert (counted_only in said) == (viewer != event.data["seat"]), said
    assert "game_over" in kinds

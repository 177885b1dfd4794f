"""Catan moves in words: every step of real games told to every audience, what is stolen,
discarded or drawn named only to the seats that may know it, trades and builds in words, and
the build-cost card from the rules' tables."""

from __future__ import annotations

import doctest
import re

import pytest

from tablehall.core import EndCause
from tablehall.core.movetext import describe
from tablehall.games.catan import SPEC, actions as A, movetext
from tablehall.games.catan.constants import (COST_CITY, COST_DEV, COST_ROAD, COST_SETTLEMENT, DEV_COMPOSITION,
                                             RESOURCE_NAMES, ROAD)
from tablehall.games.catan.facts import face_data
from tablehall.games.catan.movetext import DEV_WORDS, SILENT, bundle

from ..support.bot_games import bot_record, told
from .helpers import give, new, setup, to_play

NAMES = ["Ana", "Ben", "Cy", "Di", "Eve"]


def said(state, seat, action, names=NAMES):
    """Apply `action` and tell it to every audience: {viewer: lines}."""
    events = state.apply(seat, action)
    return {viewer: describe(SPEC, state, seat, action, events, names[:state.seat_count], viewer).lines
            for viewer in (None, *range(state.seat_count))}


def test_the_examples_in_the_docstrings_hold():
    failures, tried = doctest.testmod(movetext)
    assert tried and not failures


GAMES = [(["strong", "random", "strong", "random"], 1), (["strong", "strong", "random"], 2),
         (["strong"] * 5, 3)]


@pytest.fixture(scope="module")
def games():
    return [bot_record(SPEC, bots, seed, names=NAMES[:len(bots)]) for bots, seed in GAMES]


def test_every_step_of_real_games_is_told_to_every_audience(games):
    for record in games:
        for step, viewer, text in told(SPEC, record, NAMES):
            assert {e.kind for e in step.events} <= set(movetext._WRITERS) | SILENT, "an event kind without words"
            assert text.lines, f"step {step.number} ({step.action}) says nothing to {viewer}"
            assert all("None" not in line and "[" not in line for line in text.lines), text.lines


def test_steals_discards_and_cards_drawn_are_named_only_to_who_may_know(games):
    checked = {"robbed": 0, "discarded": 0, "dev_bought": 0}
    for record in games:
        for step, viewer, text in told(SPEC, record, NAMES):
            lines = " / ".join(text.lines)
            for event in step.events:
                if event.kind in checked and event.audience.kind == "seats":
                    checked[event.kind] += 1
                    secret = _secret_words(event)
                    assert bool(re.search(secret, lines)) == event.audience.admits(viewer), (viewer, secret, lines)
    assert all(checked.values()), checked


def _secret_words(event) -> str:
    """A pattern for the hidden detail of a private event, as its words say it."""
    data = event.data
    if event.kind == "robbed":
        return rf"steals 1 {RESOURCE_NAMES[data['resource']]} from"
    if event.kind == "discarded":
        return rf"discards {re.escape(bundle(data['resources']))}$"
    return rf"buys a development card: {re.escape(DEV_WORDS[data['card']])}"


def test_a_roll_says_the_dice_and_what_everyone_gets():
    state = setup(new(3))
    state.dice_script = (8,)
    events = state.apply(state.current, A.ROLL)
    rolled, produced = events[0].data, events[1].data
    line, = describe(SPEC, state, 0, A.ROLL, events, NAMES[:3]).lines
    first, second = rolled["dice"]
    gains = [f"{NAMES[s]} gets {bundle(g)}" for s, g in enumerate(produced["gains"]) if any(g)]
    assert line == f"Ana rolls {first}+{second}=8: " + (", ".join(gains) or "nobody gets anything")


def test_the_robber_is_placed_on_a_hex_named_by_its_number_and_terrain():
    state = setup(new(3))
    to_play(state, 7)
    target = next(h for h in range(19) if h != state.robber and state._victims_at(h, 0))
    lines = said(state, 0, A.robber(target))[None]
    number, terrain = state.board.numbers[target], RESOURCE_NAMES[state.board.terrain[target]]
    assert lines[0].startswith(f"Ana moves the robber to the {number}-{terrain} hex")


def test_trades_offers_and_their_answers_in_words():
    state = setup(new(3))
    to_play(state, 6)
    give(state, 0, (0, 0, 0, 0, 4))
    give(state, 1, (0, 1, 0, 0, 0))
    offer = A.offer((0, 0, 0, 0, 1), (0, 1, 0, 0, 0), (1, 2))
    assert said(state, 0, offer)[None] == ("Ana offers Ben and Cy 1 wood for 1 ore",)
    assert said(state, 2, A.REJECT)[None] == ("Cy declines the offer",)
    assert said(state, 1, A.accept(0))[2] == ("Ben accepts: Ana gives 1 wood for Ben's 1 ore",)
    ratio = state.ratios[0][4]
    give(state, 0, (0, 0, 0, 0, ratio))
    assert said(state, 0, A.bank_trade((0, 0, 0, 0, ratio), (0, 0, 1, 0, 0)))[1] == (
        f"Ana trades {ratio} wood with the bank for 1 sheep",)
    state.apply(0, A.offer((0, 1, 0, 0, 0), (1, 0, 0, 0, 0), (2,)))
    assert said(state, 0, A.WITHDRAW)[None] == ("Ana withdraws the offer",)
    assert said(state, 0, A.END_TURN)[None] == ("Ana ends the turn",)


def test_a_build_paid_first_then_placed_or_cancelled():
    state = setup(new(3))
    to_play(state, 6)
    give(state, 0, COST_ROAD)
    assert said(state, 0, A.build(ROAD))[2] == ("Ana pays 1 clay and 1 wood for a road",)
    assert said(state, 0, A.CANCEL_BUILD)[None] == ("Ana cancels the road and takes back 1 clay and 1 wood",)


def test_an_undone_build_is_said_with_what_comes_back():
    state = setup(new(3, undo_builds=True))
    to_play(state, 6)
    give(state, 0, COST_ROAD)
    edge = next(e for e in range(72) if state.legal_actions(0).count(A.road(e)))
    assert said(state, 0, A.road(edge))[None][0].startswith("Ana builds a road ")
    assert said(state, 0, A.undo_build(ROAD, edge))[None] == (
        "Ana takes back the road and gets 1 clay and 1 wood back",)


def test_a_forfeit_and_the_end_of_the_game():
    state = setup(new(2))
    lines = describe(SPEC, state, 1, None, state.forfeit(1, EndCause.LEFT, "gone"), NAMES[:2]).lines
    assert lines == ("Ben is out: left the game (gone)",
                     "The game is over: Ana wins with 2 victory points")


def test_the_build_cost_card_is_the_rules_table():
    data = face_data()
    costs = {row["build"]: row["cost"] for row in data["costs"]}
    as_vector = lambda cost: tuple(cost.get(name, 0) for name in RESOURCE_NAMES)  # noqa: E731
    assert [as_vector(costs[b]) for b in ("road", "settlement", "city", "development card")] == [
        COST_ROAD, COST_SETTLEMENT, COST_CITY, COST_DEV]
    assert data["resources"] == list(RESOURCE_NAMES)
    assert [card["count"] for card in data["development_cards"]] == list(DEV_COMPOSITION)
    assert all(card["text"] for card in data["development_cards"])


def test_the_sea_faces_words_are_the_games_own():
    """The ship's cost is the rules', every phase (the sea board's too) has words, and the
    scenarios and wonders are named as the game's scenario data names them."""
    from tablehall.games.catan.constants import COST_SHIP, Phase
    from tablehall.games.catan.sea.board import layout_for
    from tablehall.games.catan.sea.fields import SeaPhase
    from tablehall.games.catan.sea.scenarios import SCENARIOS

    data = face_data()
    ship = next(row for row in data["costs"] if row["build"] == "ship")
    assert tuple(ship["cost"].get(name, 0) for name in RESOURCE_NAMES) == COST_SHIP and ship["sea"]
    assert set(data["phases"]) == {p.name for p in Phase} | {p.name for p in SeaPhase}
    assert not any(re.search(r"[A-Z]_|_[A-Z]", words) for words in data["phases"].values())
    assert {key: s["name"] for key, s in data["scenarios"].items()}["SC_4ISL"] == "The Four Islands"
    assert data["scenarios"].keys() == SCENARIOS.keys()
    for six in (False, True):
        assert {w["id"] for w in layout_for("SC_WOND", six).wonders} <= data["wonders"]["names"].keys()
    assert data["harbors"][-1] == "3:1" and data["harbors"][1] == "2:1 ore"

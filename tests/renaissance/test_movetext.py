"""Masters of Renaissance moves in words: every step of real games (solo and multiplayer) told to
every audience, secret leaders named only to their seat, and the faces' data (development cards,
leaders, marbles) from the rules' tables."""

from __future__ import annotations

import doctest
import re

import pytest

from tablehall.core.movetext import describe
from tablehall.core.records import replay_steps
from tablehall.games.renaissance import SPEC, faces, movetext
from tablehall.games.renaissance.data import (CARDS, COLORS, COLUMNS, LEADERS, MARBLE_NAMES, MARBLES, RESOURCES,
                                              WHITE)
from tablehall.games.renaissance.faces import card_words, face_data, leader_name, marbles_words
from tablehall.games.renaissance.movetext import SILENT
from tablehall.games.renaissance.rules import RenaissanceState

from ..support.bot_games import bot_record, told

NAMES = ["Eva", "Bo", "Cy", "Di"]


def test_the_examples_in_the_docstrings_hold():
    for module in (movetext, faces):
        failures, tried = doctest.testmod(module)
        assert tried and not failures, module.__name__


@pytest.fixture(scope="module")
def games():
    return [bot_record(SPEC, bots, seed, names=NAMES[:len(bots)]) for bots, seed in
            ((["greedy"], 1), (["greedy", "random"], 2), (["greedy", "greedy", "random", "random"], 3))]


def test_every_step_of_real_games_is_told_to_every_audience(games):
    for record in games:
        for step, viewer, text in told(SPEC, record, NAMES):
            assert {e.kind for e in step.events} <= set(movetext._WRITERS) | SILENT, "an event kind without words"
            assert text.lines, f"step {step.number} ({step.action}) says nothing to {viewer}"
            assert all("None" not in line for line in text.lines), text.lines


def test_leaders_in_hand_are_named_only_to_their_seat(games):
    hidden = named = 0
    for record in games:
        for step, viewer, text in told(SPEC, record, NAMES):
            lines = " / ".join(text.lines)
            for event in step.events:
                if event.audience.kind != "seats" or "leaders" not in event.data and "leader" not in event.data:
                    continue
                ids = event.data.get("leaders") or [event.data["leader"]]
                shown = [i for i in ids if re.search(rf"\b{leader_name(i)}\b", lines)]
                if event.audience.admits(viewer):
                    assert shown == ids, (lines, ids)
                    named += 1
                else:
                    assert not shown, (viewer, lines)
                    hidden += 1
    assert hidden > 20 and named > 10


def test_the_market_says_what_the_line_gives():
    state = RenaissanceState(1, {}, 5)
    state.apply(0, state.legal_actions(0)[0])  # keep two leaders
    row = [MARBLE_NAMES[m] for m in state.market[COLUMNS:2 * COLUMNS]]
    events = state.apply(0, ("market", "row", 2))
    lines = describe(SPEC, state, 0, ("market", "row", 2), events, ["Eva"]).lines
    assert lines[0] == f"Eva takes row 2 of the market: {marbles_words(row)}"
    assert marbles_words(["yellow", "yellow", "grey", "red"]) == "2 coins, 1 stone and 1 faith"


def test_a_white_marble_turned_by_a_leader_and_stored():
    state = RenaissanceState(1, {}, 0)
    state.apply(0, state.legal_actions(0)[0])
    state.players[0].active = [57]  # "Servant marble": white marbles become servants
    row = next(r for r in range(3) if WHITE in state.market[r * COLUMNS:(r + 1) * COLUMNS])
    state.apply(0, ("market", "row", row + 1))
    while state.task is not None and state.task.step() != "white":
        state.apply(0, ("place", 0))
    events = state.apply(0, ("white", "servant"))
    assert describe(SPEC, state, 0, ("white", "servant"), events, ["Eva"]).lines == (
        "Eva turns a white marble into a servant",)
    place = next(a for a in state.legal_actions(0) if a[0] == "place" and a[1])
    events = state.apply(0, place)
    assert describe(SPEC, state, 0, place, events, ["Eva"]).lines == (f"Eva stores a servant in depot {place[1]}",)


def test_a_card_bought_is_described_from_its_data(games):
    bought = 0
    for record in games:
        for step in replay_steps(record, SPEC):
            for event in step.events:
                if event.kind == "buy":
                    lines = describe(SPEC, step.state, step.seat, step.action, step.events, NAMES).lines
                    assert lines[0] == f"{NAMES[event.data['seat']]} buys {card_words(event.data['card'])}"
                    bought += 1
    assert bought


def test_development_cards_leaders_and_marbles_come_from_the_rules_tables():
    data = face_data()
    assert len(data["development_cards"]) == len(CARDS) == 48 and len(data["leaders"]) == len(LEADERS) == 16
    for row in data["development_cards"]:
        card = CARDS[row["id"]]
        assert (row["level"], row["color"], row["points"]) == (card.level, COLORS[card.color], card.points)
        assert tuple(row["cost"].get(r, 0) for r in RESOURCES) == card.cost
        assert tuple(row["input"].get(r, 0) for r in RESOURCES) == card.input
        assert tuple(row["output"].get(r, 0) for r in RESOURCES) == card.output
        assert row["output"].get("faith", 0) == card.faith and row["text"]
    names = [row["name"] for row in data["leaders"]]
    assert len(set(names)) == 16
    for row in data["leaders"]:
        leader = LEADERS[row["id"]]
        assert (row["kind"], row["points"]) == (leader.kind, leader.points)
        assert row["ability"] and row["requirement"]
        assert [(c["color"], c["level"] or 0, c["count"]) for c in row["needs_cards"]] == [
            (COLORS[c], level, n) for c, level, n in leader.needs_cards]
    assert sum(m["count"] for m in data["marbles"]) == len(MARBLES) == 13
    assert {m["marble"]: m["gives"] for m in data["marbles"]}["yellow"] == "coin"

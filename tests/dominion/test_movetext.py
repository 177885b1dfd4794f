"""Dominion moves in words: plays, buys, gains, trashes, attacks and reactions told to every
audience; the cards a seat draws or discards named only to that seat; the card data (cost,
types, text, points) from the rules' tables."""

from __future__ import annotations

import doctest
import re

import pytest

from tablehall.core import EndCause
from tablehall.core.movetext import describe
from tablehall.games.dominion import SPEC, cards, movetext
from tablehall.games.dominion.cards import (CARD_COUNT, CELLAR, COPPER, COST, ESTATE, IS_ACTION, IS_ATTACK,
                                            IS_REACTION, IS_TREASURE, IS_VICTORY, KINGDOM, MILITIA, MINE, MOAT,
                                            MONEY, NAMES, PLUS, REMODEL, SILVER, SMITHY, VP, WORKSHOP, cards_data)
from tablehall.games.dominion.movetext import cards_words, title
from tablehall.games.dominion.rules import DominionState

from ..support.bot_games import bot_record, told

NAMES_ = ["Bo", "Cy", "Di", "Eva"]


def test_the_examples_in_the_docstrings_hold():
    for module in (movetext, cards):
        failures, tried = doctest.testmod(module)
        assert tried and not failures, module.__name__


@pytest.fixture(scope="module")
def games():
    return [bot_record(SPEC, bots, seed, names=NAMES_[:len(bots)]) for bots, seed in
            ((["engine", "random", "smithy"], 1), (["engine", "engine"], 2),
             (["random", "bigmoney", "engine", "random"], 3))]


def test_every_step_of_real_games_is_told_to_every_audience(games):
    for record in games:
        for step, viewer, text in told(SPEC, record, NAMES_):
            assert text.lines, f"step {step.number} ({step.action}) says nothing to {viewer}"


def test_cards_drawn_or_discarded_are_named_only_to_their_seat(games):
    hidden_steps = told_to_owner = 0
    for record in games:
        for step, viewer, text in told(SPEC, record, NAMES_):
            seen = [e for e in step.events if e.audience.admits(viewer)]
            unseen = [e for e in step.events if not e.audience.admits(viewer)]
            secret = _card_names(unseen) - _card_names(seen)
            lines = " / ".join(text.lines)
            for name in secret:
                assert not re.search(rf"\b{title(name)[:-1]}", lines), (viewer, name, lines)
            hidden_steps += bool(secret)
            mine = [e for e in seen if e.kind in ("drew", "discarded") and e.audience.kind == "seats"]
            told_to_owner += sum(cards_words(event.data["cards"]) in lines for event in mine)
    assert hidden_steps > 100 and told_to_owner > 100


def _card_names(events) -> set[str]:
    names = set()
    for event in events:
        for key in ("card", "cards", "kingdom", "played", "gained", "top"):
            value = event.data.get(key)
            if isinstance(value, str):
                names.add(value)
            elif isinstance(value, list):
                names.update(value)
    return names


def play(state, seat, action, viewers=(None, 0, 1)):
    events = state.apply(seat, action)
    return {v: describe(SPEC, state, seat, action, events, NAMES_[:state.seat_count], v).lines for v in viewers}


def dealt(hands, seed=0):
    """A 2-player game whose seats hold `hands` (the rest of their cards in the deck)."""
    state = DominionState(2, seed)
    for player, hand in zip(state.players, hands):
        player.deck = [c for c in player.deck + player.hand]
        player.hand = list(hand)
    return state


def test_plays_say_what_the_card_did():
    state = dealt([[SMITHY, COPPER, COPPER, ESTATE, ESTATE], [COPPER] * 5])
    told = play(state, 0, ("play", SMITHY, ()))
    assert told[1] == told[None] == ("Bo plays Smithy and draws 3 cards",)
    assert told[0][0].startswith("Bo plays Smithy and draws ") and "3 cards" not in told[0][0]
    state = dealt([[SMITHY, COPPER, COPPER, ESTATE, ESTATE], [COPPER] * 5])
    state.players[0].deck, state.players[0].discard = [COPPER], []
    assert play(state, 0, ("play", SMITHY, ()))[1] == (
        "Bo plays Smithy and draws the last cards of the deck (up to 3)",)
    state = dealt([[REMODEL, ESTATE, COPPER, COPPER, COPPER], [COPPER] * 5])
    assert play(state, 0, ("play", REMODEL, (ESTATE, SILVER)))[None] == (
        "Bo plays Remodel, trashes an Estate and gains a Silver",)
    state = dealt([[MINE, COPPER, COPPER, COPPER, COPPER], [COPPER] * 5])
    assert play(state, 0, ("play", MINE, (COPPER, SILVER)))[1] == (
        "Bo plays Mine, trashes a Copper and gains a Silver into the hand",)
    state = dealt([[WORKSHOP, COPPER, COPPER, COPPER, COPPER], [COPPER] * 5])
    assert play(state, 0, ("play", WORKSHOP, (SILVER,)))[1] == ("Bo plays Workshop and gains a Silver",)


def test_a_cellar_shows_its_discards_to_its_seat_and_the_top_card_to_everyone():
    state = dealt([[CELLAR, ESTATE, ESTATE, COPPER, COPPER], [COPPER] * 5])
    told = play(state, 0, ("play", CELLAR, (ESTATE, ESTATE)))
    assert told[1] == ("Bo plays Cellar (+1 action), discards 2 cards (Estate on top) and draws 2 cards",)
    assert told[0][0].startswith("Bo plays Cellar (+1 action), discards 2 Estates and draws ")


def test_an_attack_its_discards_and_a_moat():
    state = dealt([[MILITIA, COPPER, COPPER, COPPER, COPPER], [MOAT, ESTATE, COPPER, COPPER, COPPER]])
    assert play(state, 0, ("play", MILITIA, ()))[None] == (
        "Bo plays Militia (+2 coins)", "Cy must discard down to 3 cards or reveal a Moat")
    assert play(state.copy(), 1, ("react", MOAT))[0] == ("Cy reveals a Moat: the attack does not touch them",)
    told = play(state, 1, ("discard", (ESTATE, COPPER)))
    assert told[0] == told[None] == ("Cy discards 2 cards, a Copper on top",)
    assert told[1] == ("Cy discards an Estate and a Copper",)


def test_buys_and_the_end_of_the_game():
    state = dealt([[COPPER, COPPER, COPPER, COPPER, COPPER], [COPPER] * 5])
    assert play(state, 0, ("buy", (SILVER,)))[1] == ("Bo plays 5 Coppers and buys a Silver (5 coins to spend)",)
    assert play(state, 1, ("pass",))[0] == ("Cy buys nothing and ends the turn",)
    assert play(state, 0, ("invalid", "UNKNOWN_CARD"))[1] == (
        "Bo loses an action: the answer could not be carried out (unknown card)",)
    told = describe(SPEC, state, 0, None, state.forfeit(0, EndCause.HARD_TIMEOUT, "no answer"), NAMES_[:2])
    assert told.lines[0] == "Bo is out: did not answer in time (no answer)"
    assert told.lines[-1].startswith("The game is over (one player is left): Bo 3 victory points and Cy ")
    assert told.lines[-1].endswith("; Cy wins")


def test_every_card_has_its_data_from_the_rules_tables():
    data = cards_data()
    assert [card["name"] for card in data] == list(NAMES) and len(data) == CARD_COUNT
    for card, row in enumerate(data):
        assert (row["cost"], row["coins"], row["vp"]) == (COST[card], MONEY[card], VP[card])
        assert row["title"] == NAMES[card].title() and row["text"].endswith(".")
        types = set(row["types"])
        assert ("Treasure" in types, "Victory" in types, "Action" in types, "Attack" in types, "Reaction" in types) \
            == (IS_TREASURE[card], IS_VICTORY[card], IS_ACTION[card], IS_ATTACK[card], IS_REACTION[card])
        assert row["kingdom"] == (card in KINGDOM)
        for amount, noun in zip(PLUS.get(card, ()), ("card", "action", "buy", "coin")):
            if amount:
                assert f"+{amount} {noun}" in row["text"], (row["title"], row["text"])
        if IS_TREASURE[card]:
            assert row["text"] == f"Worth {MONEY[card]} coin{'s' if MONEY[card] > 1 else ''}."
    assert "Treasure costing up to 3 coins more" in data[MINE]["text"]
    assert "down to 3 cards" in data[MILITIA]["text"]

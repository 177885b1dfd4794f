"""The hand-written message classes' one-step ``to_cmd`` gives what `Message.to_cmd` gives.

`PlayerElements`, `DiceResultResources` (every roll), `Discard` and `BankTrade` write their wire
string in one step; the reference is the general path (`encode_data`, then the type and ``|``),
kept on each class.  Checked on odd values: empty and non-ASCII names, separators in names,
negative and extreme numbers, empty and long lists, optional fields present or not.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tablehall.games.catan.jsettlers import parse_cmd
from tablehall.games.catan.jsettlers.game_messages import (
    BankTrade,
    DiceResultResources,
    Discard,
    PlayerElements,
    RolledResources,
)
from tablehall.games.catan.jsettlers.message import Message

NAMES = st.sampled_from(["g", "", "\t", "Spiel über Öl", "a,b", "a|b", "-7", "nul\x00inside", "x" * 300])
NUMBERS = st.one_of(st.integers(-5, 40), st.sampled_from([2**31 - 1, -(2**31), 1000000]))
RESOURCES = st.tuples(*[NUMBERS] * 5)
SEATS = st.one_of(st.none(), NUMBERS)


def same_as_generic(message: Message) -> None:
    assert message.to_cmd() == Message.to_cmd(message)


@settings(max_examples=300, deadline=None)
@given(NAMES, NUMBERS, NUMBERS, st.lists(st.tuples(NUMBERS, NUMBERS), max_size=8))
def test_player_elements(game, pn, action, elements):
    same_as_generic(PlayerElements(game, pn, action, tuple(elements)))


@settings(max_examples=300, deadline=None)
@given(NAMES, st.lists(st.tuples(NUMBERS, NUMBERS, st.lists(st.tuples(NUMBERS, NUMBERS), max_size=5)), max_size=6))
def test_dice_result_resources(game, shares):
    players = tuple(RolledResources(pn, total, tuple(gains)) for pn, total, gains in shares)
    same_as_generic(DiceResultResources(game, players))


@settings(max_examples=300, deadline=None)
@given(NAMES, st.lists(NUMBERS, max_size=7), SEATS)
def test_discard(game, amounts, pn):
    same_as_generic(Discard(game, tuple(amounts), pn))  # type: ignore[arg-type]


@settings(max_examples=300, deadline=None)
@given(NAMES, st.one_of(RESOURCES, st.just(())), st.one_of(RESOURCES, st.just(())), SEATS)
def test_bank_trade(game, give, get, pn):
    same_as_generic(BankTrade(game, give, get, pn))  # type: ignore[arg-type]


def test_a_rolls_messages_read_back():
    """The usual shapes, written in one step, parse back to the same messages."""
    messages = [
        PlayerElements("g", 2, 100, ((1, 3), (2, 0), (5, 1))),
        DiceResultResources("g", (RolledResources(0, 7, ((1, 2), (2, 4))), RolledResources(3, 4, ((1, 5),)))),
        Discard("g", (1, 0, 2, 0, 0, 0)),
        Discard("g", (0, 0, 0, 0, 0, 3), 1),
        BankTrade("g", (4, 0, 0, 0, 0), (0, 1, 0, 0, 0)),
        BankTrade("g", (0, 2, 0, 0, 0), (0, 0, 0, 1, 0), 3),
    ]
    for message in messages:
        assert parse_cmd(message.to_cmd()) == message

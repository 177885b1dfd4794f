"""The 17 supply cards of the version-1 protocol (Dominion base set, first edition) as data.

A card is a small int: its index in `NAMES`, which is also the order of the protocol's
`supply` message.  Every property is a tuple indexed by card, so the rules read a cost or a
type with one subscript and never touch a string.
"""

from __future__ import annotations

NAMES: tuple[str, ...] = (
    "curse", "copper", "silver", "gold", "estate", "duchy", "province",
    "cellar", "market", "militia", "mine", "moat", "remodel", "smithy", "village", "woodcutter",
    "workshop",
)
(CURSE, COPPER, SILVER, GOLD, ESTATE, DUCHY, PROVINCE,
 CELLAR, MARKET, MILITIA, MINE, MOAT, REMODEL, SMITHY, VILLAGE, WOODCUTTER, WORKSHOP) = range(17)

CARD_COUNT = len(NAMES)
BY_NAME: dict[str, int] = {name: card for card, name in enumerate(NAMES)}

#: the ten kingdom cards of version 1 (the first edition's "First Game" set), in supply order
KINGDOM: tuple[int, ...] = tuple(range(CELLAR, WORKSHOP + 1))

COST: tuple[int, ...] = (0, 0, 3, 6, 2, 5, 8, 2, 5, 4, 5, 2, 4, 4, 3, 3, 3)
#: coins a treasure is worth when played (0 for every other card)
MONEY: tuple[int, ...] = (0, 1, 2, 3) + (0,) * 13
#: victory points at the end of the game
VP: tuple[int, ...] = (-1, 0, 0, 0, 1, 3, 6) + (0,) * 10

IS_TREASURE: tuple[bool, ...] = tuple(MONEY[c] > 0 for c in range(CARD_COUNT))
IS_ACTION: tuple[bool, ...] = tuple(c >= CELLAR for c in range(CARD_COUNT))
IS_VICTORY: tuple[bool, ...] = tuple(c in (ESTATE, DUCHY, PROVINCE) for c in range(CARD_COUNT))
IS_ATTACK: tuple[bool, ...] = tuple(c == MILITIA for c in range(CARD_COUNT))
IS_REACTION: tuple[bool, ...] = tuple(c == MOAT for c in range(CARD_COUNT))

TREASURES: tuple[int, ...] = (COPPER, SILVER, GOLD)

#: what the simple effects of an action card give: (+cards, +actions, +buys, +coins)
PLUS: dict[int, tuple[int, int, int, int]] = {
    CELLAR: (0, 1, 0, 0),
    MARKET: (1, 1, 1, 1),
    MILITIA: (0, 0, 0, 2),
    MINE: (0, 0, 0, 0),
    MOAT: (2, 0, 0, 0),
    REMODEL: (0, 0, 0, 0),
    SMITHY: (3, 0, 0, 0),
    VILLAGE: (1, 2, 0, 0),
    WOODCUTTER: (0, 0, 1, 2),
    WORKSHOP: (0, 0, 0, 0),
}

#: the cost limit of what a gain-card can take: workshop absolute, remodel/mine relative
WORKSHOP_LIMIT = 4
REMODEL_BONUS = 2
MINE_BONUS = 3

STARTING_DECK: tuple[int, ...] = (COPPER,) * 7 + (ESTATE,) * 3
HAND_SIZE = 5
MILITIA_KEEPS = 3


def supply_counts(players: int) -> list[int]:
    """Pile sizes after each player took 7 coppers and 3 estates (rulebook counts)."""
    victory = 8 if players == 2 else 12
    counts = [10] * CARD_COUNT
    counts[CURSE] = 10 * (players - 1)
    counts[COPPER] = 60 - 7 * players
    counts[SILVER] = 40
    counts[GOLD] = 30
    counts[ESTATE] = counts[DUCHY] = counts[PROVINCE] = victory
    return counts


def card_id(name: str) -> int:
    """The card called `name` (lower case, as on the wire); KeyError if there is none."""
    return BY_NAME[name]


# -- the cards as people read them: names, types, text, from the tables above ------------------

#: the card names as printed
TITLES: tuple[str, ...] = tuple(name.title() for name in NAMES)

#: what a card does besides its +cards/+actions/+buys/+coins (`PLUS`), in plain words
_EFFECTS: dict[int, str] = {
    CELLAR: "Discard any number of cards from your hand, then draw as many cards.",
    MILITIA: f"Every other player discards down to {MILITIA_KEEPS} cards in hand.",
    MINE: f"Trash a Treasure from your hand. Gain a Treasure costing up to {MINE_BONUS} coins more, "
          "and put it into your hand.",
    MOAT: "When another player plays an Attack card, you may first reveal this from your hand: "
          "the attack does not affect you.",
    REMODEL: f"Trash a card from your hand. Gain a card costing up to {REMODEL_BONUS} coins more than it.",
    WORKSHOP: f"Gain a card costing up to {WORKSHOP_LIMIT} coins.",
}


def card_types(card: int) -> list[str]:
    """The card's types as printed: Treasure, Victory, Curse, Action, Attack, Reaction."""
    if card == CURSE:
        return ["Curse"]
    return [kind for kind, is_kind in (("Treasure", IS_TREASURE), ("Victory", IS_VICTORY), ("Action", IS_ACTION),
                                       ("Attack", IS_ATTACK), ("Reaction", IS_REACTION)) if is_kind[card]]


def plus_words(card: int) -> str:
    """An action's simple effects ('+3 cards', '+1 card, +2 actions'), from `PLUS`."""
    words = []
    for amount, noun in zip(PLUS.get(card, (0, 0, 0, 0)), ("card", "action", "buy", "coin")):
        if amount:
            words.append(f"+{amount} {noun}{'s' if amount != 1 else ''}")
    return ", ".join(words)


def card_text(card: int) -> str:
    """What the card says, in plain words (base set, first edition), made from the rules' tables:
    a treasure's worth, a victory card's points, an action's effects.

    >>> card_text(SMITHY), card_text(GOLD), card_text(CURSE)
    ('+3 cards.', 'Worth 3 coins.', '-1 victory point.')
    """
    if IS_TREASURE[card]:
        return f"Worth {MONEY[card]} coin{'s' if MONEY[card] != 1 else ''}."
    if not IS_ACTION[card]:
        points = VP[card]
        return f"{'Worth ' if points > 0 else ''}{points} victory point{'s' if abs(points) != 1 else ''}."
    parts = [plus_words(card) + "." if plus_words(card) else "", _EFFECTS.get(card, "")]
    return " ".join(part for part in parts if part)


def cards_data() -> list[dict]:
    """Every supply card as JSON-able data, in supply order: its protocol name, printed name,
    cost, types, text, the coins it is worth as a treasure and its victory points."""
    return [{"name": NAMES[card], "title": TITLES[card], "cost": COST[card], "types": card_types(card),
             "text": card_text(card), "coins": MONEY[card], "vp": VP[card], "kingdom": card in KINGDOM}
            for card in range(CARD_COUNT)]


def face_data() -> dict:
    """What a Dominion face draws cards with (`GameSpec.face_data`)."""
    return {"cards": cards_data(), "hand_size": HAND_SIZE}

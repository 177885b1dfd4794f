"""Dominion moves in words (`core.movetext`): "Bo plays Smithy and draws 3 cards", "Bo plays
3 Coppers and a Silver and buys a Gold", "Cy reveals a Moat".

What a seat draws and which cards it discards are only in events for that seat: it reads them
by name, everybody else reads how many (and the card left on top of the discard pile, which
everyone sees).

>>> from tablehall.games.dominion import SPEC
>>> from tablehall.core.movetext import describe
>>> state = SPEC.new(2, {}, seed=1)
>>> from tablehall.games.dominion.cards import SILVER
>>> events = state.apply(0, ("buy", (SILVER,)))
>>> describe(SPEC, state, 0, ("buy", (SILVER,)), events, ["Bo", "Cy"], viewer=1).lines
('Bo plays 5 Coppers and buys a Silver (5 coins to spend)',)
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from tablehall.core.events import Event
from tablehall.core.movetext import EventWords, MoveText, StepView, counted, forfeit_line, lines_of, listed, seat_does

from .cards import BY_NAME, MILITIA_KEEPS, MONEY, NAMES, PLUS, TITLES

END_WORDS = {"provinces": "the Provinces are gone", "piles": "three supply piles are empty",
             "turn-limit": "the turn limit is reached", "last-player": "one player is left"}


def move_text(view: StepView) -> MoveText:
    return MoveText(tuple(lines_of(view, _WRITERS)))


# -- card words -------------------------------------------------------------------------------------

def title(name: str) -> str:
    """A card's printed name from its protocol name ("smithy" -> "Smithy")."""
    return TITLES[BY_NAME[name]]


def plural(name: str) -> str:
    """'Coppers', 'Duchies', 'Smithies'."""
    printed = title(name)
    return printed[:-1] + "ies" if printed.endswith("y") and printed[-2] not in "aeiou" else printed + "s"


def a_card(name: str) -> str:
    """'a Silver', 'an Estate'."""
    printed = title(name)
    return f"{'an' if printed[0] in 'AEIOU' else 'a'} {printed}"


def cards_words(names: Sequence[str]) -> str:
    """Cards counted by name, in the order they first come: '3 Coppers, an Estate and a Smithy'.

    >>> cards_words(["copper", "estate", "copper", "copper", "smithy"])
    '3 Coppers, an Estate and a Smithy'
    """
    if not names:
        return "nothing"
    return listed([a_card(name) if n == 1 else f"{n} {plural(name)}" for name, n in Counter(names).items()])


# -- one phrase per event kind ------------------------------------------------------------------------

def _played(view: StepView, event: Event) -> str:
    data = event.data
    seat, card = data["seat"], data["card"]
    name = view.name(seat)
    line = f"{name} plays {title(card)}"
    extras = [f"+{n} {noun}{'s' if n != 1 else ''}"
              for n, noun in zip(PLUS[BY_NAME[card]][1:], ("action", "buy", "coin")) if n]
    if extras:
        line += f" ({', '.join(extras)})"
    steps = []
    for later in view.events:
        if later.kind == "discarded" and later.data["seat"] == seat:
            steps.append(f"discards {cards_words(later.data['cards'])}")
        elif later.kind == "top-discard" and view.first("discarded") is None:
            steps.append(f"discards {counted(later.data['count'], 'card')} ({title(later.data['card'])} on top)")
        elif later.kind == "trashed":
            steps.append(f"trashes {cards_words(later.data['cards'])}")
        elif later.kind == "gained":
            steps.append(f"gains {a_card(later.data['card'])}{' into the hand' if later.data['to'] == 'hand' else ''}")
    drew = next((e for e in view.events if e.kind == "drew" and e.data["seat"] == seat), None)
    if drew is not None:
        steps.append(f"draws {cards_words(drew.data['cards'])}")
    else:
        steps += _draws_seen_by_others(view, seat, card)
    if len(steps) == 1:
        line += f" and {steps[0]}"
    elif steps:
        line += f", {listed(steps)}"
    return line


def _draws_seen_by_others(view: StepView, seat: int, card: str) -> list[str]:
    """How many cards a play drew, as the others see it: what the card draws (Cellar: as many
    as were discarded), unless the deck and the discard pile ran out on the way."""
    wanted = PLUS[BY_NAME[card]][0]
    if card == "cellar":
        top = view.first("top-discard")
        wanted = top.data["count"] if top is not None else 0
    if not wanted:
        return []
    player = view.state.players[seat]  # the sizes of a seat's piles are public, not their cards
    if player.deck or player.discard:
        return [f"draws {counted(wanted, 'card')}"]
    return [f"draws the last cards of the deck (up to {wanted})"]


def _attack(view: StepView, event: Event) -> str:
    targets = event.data["targets"]
    if not targets:
        return f"Nobody holds more than {MILITIA_KEEPS} cards: the attack changes nothing"
    names = listed([view.name(seat) for seat in targets])
    return f"{names} must discard down to {MILITIA_KEEPS} cards or reveal a Moat"


def _bought(view: StepView, event: Event) -> str | None:
    if _action_kind(view) not in ("buy", "pass"):
        return None  # a turn ended by a forfeit: said by the forfeit
    data = event.data
    name = view.name(data["seat"])
    if _action_kind(view) == "pass":
        return f"{name} buys nothing and ends the turn"
    played = [card for card in data["played"] if MONEY[BY_NAME[card]]]
    bought = [NAMES[card] for card in view.action[1]]
    coins = sum(MONEY[BY_NAME[c]] + PLUS.get(BY_NAME[c], (0, 0, 0, 0))[3] for c in data["played"])
    treasures = f"plays {cards_words(played)} and " if played else ""
    return f"{name} {treasures}buys {cards_words(bought)} ({counted(coins, 'coin')} to spend)"


def _drew(view: StepView, event: Event) -> str | None:
    """A seat's own draw: its first hand, or its new hand as its turn ends (a play's draw is
    told with the play)."""
    data = event.data
    if view.seat is None:
        return f"{view.name(data['seat'])} draws {cards_words(data['cards'])}"
    turn_end = view.first("turn-end")
    if turn_end is not None and turn_end.data["seat"] == data["seat"]:
        return f"{view.name(data['seat'])} draws a new hand: {cards_words(data['cards'])}"
    return None


def _discarded(view: StepView, event: Event) -> str | None:
    if _action_kind(view) != "discard":
        return None  # a Cellar's discards: told with the play
    data = event.data
    name = view.name(data["seat"])
    own = view.first("discarded")
    if own is not None:
        return f"{name} discards {cards_words(own.data['cards'])}"
    return f"{name} discards {counted(data['count'], 'card')}, {a_card(data['card'])} on top"


def _wasted(view: StepView, event: Event) -> str:
    reason = event.data["reason"].replace("_", " ").lower()
    return f"{view.name(event.data['seat'])} loses an action: the answer could not be carried out ({reason})"


def _action_kind(view: StepView) -> str | None:
    return view.action[0] if view.action is not None else None


def _game_over(view: StepView, event: Event) -> str:
    data = event.data
    scores = listed([f"{view.name(seat)} {counted(points, 'victory point')}"
                     for seat, points in enumerate(data["scores"])])
    winners = [view.name(seat) for seat in data["winners"]]
    verdict = f"{winners[0]} wins" if len(winners) == 1 else f"{listed(winners)} share the win"
    return f"The game is over ({END_WORDS.get(data['end'], data['end'])}): {scores}; {verdict}"


_WRITERS: dict[str, EventWords] = {
    "game": lambda view, event: f"The kingdom: {listed([title(c) for c in event.data['kingdom']])}",
    "played": _played,
    "attack": _attack,
    "shuffled": seat_does("shuffles the discard pile into a new deck"),
    "turn-end": _bought,
    "drew": _drew,
    "top-discard": _discarded,
    "revealed": seat_does("reveals a Moat: the attack does not touch them"),
    "wasted": _wasted,
    "out": forfeit_line,
    "game-over": _game_over,
}

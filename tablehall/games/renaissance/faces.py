"""The game's objects in English and as data for faces: development cards (level, colour,
cost, production, points), leaders (requirement and ability), the market's marbles, the
faith track.  Everything comes from the rules' own tables (`data`).

>>> card_words(1)
'a level 1 green card worth 1 point (costs 2 shields; turns 1 coin into 1 faith)'
>>> leader_name(57), ability_words(57), requirement_words(57)
('Servant marble', 'Every white marble you take from the market becomes 1 servant.', '2 yellow cards and 1 blue card')
"""

from __future__ import annotations

from typing import Any, Sequence

from tablehall.core.movetext import counted, listed

from .data import (BASE_INPUT, BASE_OUTPUT, CARDS, CARDS_TO_END, COLORS, DEPOT_CAPACITIES, EXTRA_DEPOT_SLOTS,
                   LAST_SPACE, LEADERS, LEADERS_DEALT, LEADERS_KEPT, MARBLE_NAMES, RAW, REPORTS, RESOURCES,
                   TOKENS, TRACK_POINTS)

PLURALS = {"coin": "coins", "stone": "stones", "servant": "servants", "shield": "shields", "faith": "faith"}


def amount(count: int, resource: str) -> str:
    """'1 coin', '2 stones', '3 faith'."""
    return f"{count} {resource if count == 1 else PLURALS[resource]}"


def bundle_words(counts: Sequence[int], faith: int = 0) -> str:
    """A bundle of the four resources (and faith) as words: '2 coins, 1 stone and 1 faith'."""
    parts = [amount(n, RESOURCES[r]) for r, n in enumerate(counts) if n]
    if faith:
        parts.append(amount(faith, "faith"))
    return listed(parts) if parts else "nothing"


def production_words(inputs: Sequence[int], output: Sequence[int], faith: int = 0, any_output: int = 0) -> str:
    """'turns 1 coin into 1 faith', 'turns 1 shield into 1 faith and 1 resource of your choice'."""
    made = bundle_words(output, faith) if any(output) or faith else ""
    if any_output:
        choice = f"{any_output} resource{'s' if any_output != 1 else ''} of your choice"
        made = f"{made} and {choice}" if made else choice
    return f"turns {bundle_words(inputs)} into {made}"


# -- development cards ---------------------------------------------------------------------------

def card_words(card_id: int) -> str:
    """A development card as a person reads it: level, colour, points, cost and production."""
    card = CARDS[card_id]
    points = counted(card.points, "point")
    return (f"a level {card.level} {COLORS[card.color]} card worth {points} "
            f"(costs {bundle_words(card.cost)}; {production_words(card.input, card.output, card.faith)})")


def card_data(card_id: int) -> dict[str, Any]:
    card = CARDS[card_id]
    return {"id": card.id, "level": card.level, "color": COLORS[card.color], "points": card.points,
            "cost": _named(card.cost), "input": _named(card.input),
            "output": {**_named(card.output), **({"faith": card.faith} if card.faith else {})},
            "text": production_words(card.input, card.output, card.faith).capitalize() + "."}


def _named(counts: Sequence[int]) -> dict[str, int]:
    return {RESOURCES[r]: n for r, n in enumerate(counts) if n}


# -- leaders ---------------------------------------------------------------------------------------

def leader_name(leader_id: int) -> str:
    """A short name for a leader card from what it does: 'Servant discount', 'Stone depot',
    'Servant marble', 'Shield production' (leaders have no printed names)."""
    leader = LEADERS[leader_id]
    if leader.kind == "production":
        resource = RESOURCES[next(r for r, n in enumerate(leader.input) if n)]
    else:
        resource = RESOURCES[leader.resource]
    kind = {"discount": "discount", "depot": "depot", "white_marble": "marble", "production": "production"}
    return f"{resource.capitalize()} {kind[leader.kind]}"


def ability_words(leader_id: int) -> str:
    leader = LEADERS[leader_id]
    resource = RESOURCES[leader.resource] if leader.resource >= 0 else ""
    if leader.kind == "discount":
        return f"Development cards cost you 1 {resource} less."
    if leader.kind == "depot":
        return f"An extra depot that holds up to {EXTRA_DEPOT_SLOTS} {PLURALS[resource]}."
    if leader.kind == "white_marble":
        return f"Every white marble you take from the market becomes 1 {resource}."
    return f"A production: {production_words(leader.input, (0, 0, 0, 0), leader.faith, leader.output_any)}."


def requirement_words(leader_id: int) -> str:
    """What activating the leader needs: cards of colours (and levels) owned, or resources held."""
    leader = LEADERS[leader_id]
    needs = []
    for color, level, count in leader.needs_cards:
        of_level = f" of level {level}" if level else ""
        needs.append(f"{count} {COLORS[color]} card{'s' if count != 1 else ''}{of_level}")
    if any(leader.needs_resources):
        needs.append(f"{bundle_words(leader.needs_resources)} held")
    return listed(needs)


def leader_words(leader_id: int) -> str:
    """'the Servant discount leader (2 points)'."""
    return f"the {leader_name(leader_id)} leader ({counted(LEADERS[leader_id].points, 'point')})"


def leader_data(leader_id: int) -> dict[str, Any]:
    leader = LEADERS[leader_id]
    return {"id": leader.id, "name": leader_name(leader_id), "kind": leader.kind, "points": leader.points,
            "requirement": requirement_words(leader_id), "ability": ability_words(leader_id),
            "needs_cards": [{"color": COLORS[c], "level": level or None, "count": n}
                            for c, level, n in leader.needs_cards],
            "needs_resources": _named(leader.needs_resources)}


# -- the market ----------------------------------------------------------------------------------

#: marble colour -> what it gives: a resource, "faith", or None (white: nothing, or what a leader makes it)
MARBLE_GIVES: dict[str, str | None] = dict(RAW["marble_yields"])


def marbles_words(marbles: Sequence[str]) -> str:
    """What a line of marbles gives: '2 coins, 1 stone and 1 faith' (white marbles counted apart)."""
    counts = [0, 0, 0, 0]
    faith = whites = 0
    for marble in marbles:
        gives = MARBLE_GIVES[marble]
        if gives is None:
            whites += 1
        elif gives == "faith":
            faith += 1
        else:
            counts[RESOURCES.index(gives)] += 1
    words = [amount(n, RESOURCES[r]) for r, n in enumerate(counts) if n] + ([amount(faith, "faith")] if faith else [])
    if whites:
        words.append(counted(whites, "white marble"))
    return listed(words)


def face_data() -> dict[str, Any]:
    """What a face draws Masters of Renaissance with (`GameSpec.face_data`)."""
    return {
        "resources": list(RESOURCES),
        "colors": list(COLORS),
        "development_cards": [card_data(card_id) for card_id in sorted(CARDS)],
        "leaders": [leader_data(leader_id) for leader_id in sorted(LEADERS)],
        "marbles": [{"marble": name, "count": count, "gives": MARBLE_GIVES[name]}
                    for name, count in RAW["marbles"].items()],
        "marble_colors": list(MARBLE_NAMES),
        "warehouse": list(DEPOT_CAPACITIES),
        "base_production": {"input_any": BASE_INPUT, "output_any": BASE_OUTPUT},
        "faith_track": {"last_space": LAST_SPACE, "points": list(TRACK_POINTS),
                        "vatican_reports": [{"first_space": first, "pope_space": pope, "points": points}
                                            for first, pope, points in REPORTS]},
        "leaders_dealt": LEADERS_DEALT, "leaders_kept": LEADERS_KEPT, "cards_to_end": CARDS_TO_END,
        "solo_tokens": [{"id": t.id, "effect": t.effect, "color": COLORS[t.color] if t.color >= 0 else None}
                        for t in TOKENS.values()],
    }

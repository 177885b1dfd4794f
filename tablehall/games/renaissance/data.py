"""The game content of Masters of Renaissance, read once from the package's own `cards.json`
into flat, immutable tables the rules index by integer.

Resources are the ints 0-3 (coin, stone, servant, shield) and a bundle of resources is a
4-tuple of counts in that order.  Colours are 0-3 (green, blue, yellow, purple); marbles are
0-3 for the marble yielding that resource, `WHITE` and `RED`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources as package_files
from typing import Any

RESOURCES = ("coin", "stone", "servant", "shield")
COIN, STONE, SERVANT, SHIELD = range(4)
COLORS = ("green", "blue", "yellow", "purple")
WHITE, RED = 4, 5
#: marble colour names by marble int: the resource marbles first, then white and red
MARBLE_NAMES = ("yellow", "grey", "purple", "blue", "white", "red")
NOTHING = (0, 0, 0, 0)

Bundle = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class DevCard:
    id: int
    level: int
    color: int
    points: int
    cost: Bundle
    input: Bundle
    output: Bundle
    faith: int  # faith points the production gives besides `output`


@dataclass(frozen=True, slots=True)
class Leader:
    id: int
    kind: str  # discount | depot | white_marble | production
    points: int
    needs_cards: tuple[tuple[int, int, int], ...]  # (colour, level or 0 for any, count)
    needs_resources: Bundle  # held, not paid
    resource: int  # discounted / stored / converted resource; for production: the output is "any"
    input: Bundle = NOTHING  # production leaders only
    output_any: int = 0
    faith: int = 0


@dataclass(frozen=True, slots=True)
class Token:
    id: int
    effect: str  # discard | cross+2 | cross+1,shuffle
    color: int  # the colour discarded (-1 for cross tokens)


def parse_bundle(text: str) -> dict[str, int]:
    """'2 coin, 1 faith' -> {'coin': 2, 'faith': 1}."""
    out: dict[str, int] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        count, name = part.split()
        out[name] = out.get(name, 0) + int(count)
    return out


def to_bundle(counts: dict[str, int]) -> Bundle:
    return tuple(counts.get(name, 0) for name in RESOURCES)  # type: ignore[return-value]


def _card_requirement(text: str) -> tuple[tuple[int, int, int], ...]:
    needs = []
    for part in (p.strip() for p in text.split(",")):
        words = part.split()
        level = int(words[2][1:]) if len(words) == 3 else 0
        needs.append((COLORS.index(words[1]), level, int(words[0])))
    return tuple(needs)


def _leader(row: list[Any]) -> Leader:
    ident, kind, points, requirement, ability = row
    needs_cards = _card_requirement(requirement["cards"]) if "cards" in requirement else ()
    needs_resources = to_bundle(parse_bundle(requirement.get("resources", "")))
    if kind == "discount":
        (name, amount), = parse_bundle(ability["discount"]).items()
        if amount != 1:
            raise ValueError(f"leader {ident}: only discounts of 1 are supported")
        return Leader(ident, kind, points, needs_cards, needs_resources, RESOURCES.index(name))
    if kind in ("depot", "white_marble"):
        return Leader(ident, kind, points, needs_cards, needs_resources, RESOURCES.index(ability[kind]))
    output = parse_bundle(ability["output"])
    return Leader(ident, kind, points, needs_cards, needs_resources, -1, to_bundle(parse_bundle(ability["input"])),
                  output.get("any", 0), output.get("faith", 0))


def _card(row: list[Any]) -> DevCard:
    ident, level, color, points, cost, given, produced = row
    output = parse_bundle(produced)
    return DevCard(ident, level, COLORS.index(color), points, to_bundle(parse_bundle(cost)),
                   to_bundle(parse_bundle(given)), to_bundle(output), output.get("faith", 0))


def load_raw() -> dict[str, Any]:
    """The package's data file as JSON."""
    text = package_files.files(__package__).joinpath("cards.json").read_text(encoding="utf-8")
    return json.loads(text)


RAW = load_raw()
assert tuple(RAW["resources"]) == RESOURCES and tuple(RAW["colors"]) == COLORS

CARDS: dict[int, DevCard] = {row[0]: _card(row) for row in RAW["development_cards"]}
LEADERS: dict[int, Leader] = {row[0]: _leader(row) for row in RAW["leaders"]}
LEADER_IDS: tuple[int, ...] = tuple(sorted(LEADERS))
TOKENS: dict[int, Token] = {
    ident: Token(ident, effect, COLORS.index(color) if color else -1) for ident, effect, color in RAW["solo_tokens"]}

#: deck index (level - 1) * 4 + colour -> the card ids of that deck, in data order
DECKS: tuple[tuple[int, ...], ...] = tuple(
    tuple(c.id for c in CARDS.values() if c.level == level and c.color == color)
    for level in (1, 2, 3) for color in range(4))

_YIELD = {name: (RESOURCES.index(res) if res in RESOURCES else WHITE if res is None else RED)
          for name, res in RAW["marble_yields"].items()}
#: the 13 marbles as ints, in data order
MARBLES: tuple[int, ...] = tuple(_YIELD[name] for name, count in RAW["marbles"].items() for _ in range(count))
assert all(MARBLE_NAMES[_YIELD[name]] == name for name in RAW["marbles"])

ROWS, COLUMNS = RAW["market"]["rows"], RAW["market"]["columns"]
DEPOT_CAPACITIES: tuple[int, ...] = tuple(RAW["depot_capacities"])
EXTRA_DEPOT_SLOTS: int = RAW["extra_depot_slots"]
PRODUCTION_SLOTS: int = RAW["production_slots"]
BASE_INPUT: int = RAW["base_production"]["input_any"]
BASE_OUTPUT: int = RAW["base_production"]["output_any"]
LEADERS_DEALT: int = RAW["leaders_dealt"]
LEADERS_KEPT: int = RAW["leaders_kept"]
#: per seat: (resources of choice, faith)
SETUP: tuple[tuple[int, int], ...] = tuple((s["resources"], s["faith"]) for s in RAW["setup_by_seat"])
LAST_SPACE: int = RAW["faith_track"]["last_space"]
#: faith position -> victory points of the highest scoring space reached
TRACK_POINTS: tuple[int, ...] = tuple(
    max([points for space, points in RAW["faith_track"]["points"] if space <= position], default=0)
    for position in range(LAST_SPACE + 1))
#: Vatican reports: (first space of the section, pope space, favour tile points)
REPORTS: tuple[tuple[int, int, int], ...] = tuple(
    (r["first_space"], r["pope_space"], r["tile"]) for r in RAW["vatican_reports"])
CARDS_TO_END: int = RAW["game_end"]["cards"]

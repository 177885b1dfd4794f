"""What a Catan face shows beside the board, from the rules' own tables: the build-cost card
(ships on the sea board), the resources, the development cards, each phase in words, the
scenarios and wonders by name, what the Forgotten Tribe's places give, and the words for the
sea board's own actions, as JSON-able data (`GameSpec.face_data`)."""

from __future__ import annotations

from typing import Any

from .constants import (COST_CITY, COST_DEV, COST_ROAD, COST_SETTLEMENT, COST_SHIP, DEV_COMPOSITION, DEV_NAMES,
                        GENERIC_HARBOR, PIECE_SUPPLY, RESOURCE_NAMES, SHIP_SUPPLY, VP_CARD_NAMES, Phase)
from .sea.fields import SeaPhase
from .sea.scenarios import SCENARIOS, SPECIAL_EDGE_GIFTS, WONDER_LEVELS, WONDER_NAMES

#: what each development card does, in plain words
DEV_TEXTS = {
    "knight": "Move the robber and steal a resource from a player next to its new hex. "
              "The first player with 3 knights played holds the largest army (2 points).",
    "road_building": "Place 2 roads for free.",
    "year_of_plenty": "Take any 2 resources from the bank.",
    "monopoly": "Name a resource: every other player gives you all they hold of it.",
    "victory_point": "1 victory point, kept hidden until the end or until it wins the game.",
}

#: where the game stands, as the side panel says it ("Round 3: Ana's turn, before the roll")
PHASE_WORDS = {
    Phase.START1A: "setup: first settlements", Phase.START1B: "setup: first roads",
    Phase.START2A: "setup: second settlements", Phase.START2B: "setup: second roads",
    SeaPhase.START3A: "setup: third settlements", SeaPhase.START3B: "setup: third roads or ships",
    SeaPhase.STARTS_WAITING_FOR_PICK_GOLD_RESOURCE: "setup: picking free resources",
    Phase.ROLL_OR_CARD: "before the roll", Phase.PLAY1: "building and trading",
    Phase.PLACING_ROAD: "placing a road", Phase.PLACING_SETTLEMENT: "placing a settlement",
    Phase.PLACING_CITY: "placing a city", SeaPhase.PLACING_SHIP: "placing a ship",
    Phase.PLACING_ROBBER: "moving the robber", SeaPhase.PLACING_PIRATE: "moving the pirate",
    SeaPhase.WAITING_FOR_ROBBER_OR_PIRATE: "choosing the robber or the pirate",
    SeaPhase.WAITING_FOR_ROB_CLOTH_OR_RESOURCE: "choosing cloth or a resource to steal",
    SeaPhase.WAITING_FOR_PICK_GOLD_RESOURCE: "picking free resources",
    SeaPhase.PLACING_INV_ITEM: "placing a harbour",
    Phase.PLACING_FREE_ROAD1: "placing free roads", Phase.PLACING_FREE_ROAD2: "placing a free road",
    Phase.WAITING_FOR_DISCARDS: "discarding on a 7", Phase.WAITING_FOR_ROB_CHOOSE_PLAYER: "choosing whom to rob",
    Phase.WAITING_FOR_DISCOVERY: "year of plenty", Phase.WAITING_FOR_MONOPOLY: "monopoly",
    Phase.SPECIAL_BUILDING: "special building", Phase.OVER: "game over",
}

#: the sea board's actions in words; {where}, {hex}, {cards}, {harbor}, {wonder}, {level} and
#: {levels} are filled in by the face with the place or thing the action names
SEA_ACTION_WORDS = {
    "ship": "build a ship {where}",
    "move_ship": "move the ship {where}",
    "sail_to": "sail the ship to {where}",
    "pirate": "move the pirate to {hex}",
    "bandit": ["move the robber", "move the pirate"],
    "rob_cloth": ["steal a resource", "steal 1 cloth"],
    "pick_free": "take {cards} from the bank",
    "place_harbor": "place the harbour {where}",
    "play_harbor": "place your {harbor} from your hand",
    "attack_fortress": "Attack the fortress {where}",
    "wonder_start": "Start building the {wonder} (level 1 of {levels})",
    "wonder_level": "Build the wonder's next level: the {wonder}, level {level} of {levels}",
}


def harbor_words(kind: int) -> str:
    """'3:1' for the generic harbour, '2:1 ore' for the others."""
    return "3:1" if kind == GENERIC_HARBOR else f"2:1 {RESOURCE_NAMES[kind]}"


def face_data() -> dict[str, Any]:
    """The build-cost card (each build: its name, its cost by resource, the points it is worth,
    how many a player has; the ship marked as the sea board's), the resources in their order,
    the development cards, and the words the side panel and the sea board's controls use."""
    def cost(vector: tuple[int, ...]) -> dict[str, int]:
        return {RESOURCE_NAMES[r]: n for r, n in enumerate(vector) if n}

    supply = dict(zip(("road", "settlement", "city"), PIECE_SUPPLY))
    return {
        "resources": list(RESOURCE_NAMES),
        "costs": [
            {"build": "road", "cost": cost(COST_ROAD), "points": 0, "supply": supply["road"]},
            {"build": "settlement", "cost": cost(COST_SETTLEMENT), "points": 1, "supply": supply["settlement"]},
            {"build": "city", "cost": cost(COST_CITY), "points": 2, "supply": supply["city"],
             "note": "replaces one of your settlements"},
            {"build": "development card", "cost": cost(COST_DEV), "points": None, "supply": sum(DEV_COMPOSITION)},
            {"build": "ship", "cost": cost(COST_SHIP), "points": 0, "supply": SHIP_SUPPLY, "sea": True},
        ],
        "development_cards": [{"card": name, "count": count, "text": DEV_TEXTS[name]}
                              for name, count in zip(DEV_NAMES, DEV_COMPOSITION)],
        "victory_point_cards": [name.title() for name in VP_CARD_NAMES],
        "phases": {phase.name: words for phase, words in PHASE_WORDS.items()},
        "scenarios": {key: {"name": s.name, "vp": s.vp} for key, s in SCENARIOS.items()},
        "wonders": {"names": WONDER_NAMES, "levels": WONDER_LEVELS},
        "harbors": [harbor_words(kind) for kind in range(GENERIC_HARBOR + 1)],
        "sea_actions": SEA_ACTION_WORDS,
        "special_edges": SPECIAL_EDGE_GIFTS,
    }

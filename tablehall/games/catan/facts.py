"""What a Catan face shows beside the board, from the rules' own tables: the build-cost card,
the resources and the development cards, as JSON-able data (`GameSpec.face_data`)."""

from __future__ import annotations

from typing import Any

from .constants import (COST_CITY, COST_DEV, COST_ROAD, COST_SETTLEMENT, DEV_COMPOSITION, DEV_NAMES, PIECE_SUPPLY,
                        RESOURCE_NAMES, VP_CARD_NAMES)

#: what each development card does, in plain words
DEV_TEXTS = {
    "knight": "Move the robber and steal a resource from a player next to its new hex. "
              "The first player with 3 knights played holds the largest army (2 points).",
    "road_building": "Place 2 roads for free.",
    "year_of_plenty": "Take any 2 resources from the bank.",
    "monopoly": "Name a resource: every other player gives you all they hold of it.",
    "victory_point": "1 victory point, kept hidden until the end or until it wins the game.",
}


def face_data() -> dict[str, Any]:
    """The build-cost card (each build: its name, its cost by resource, the points it is worth,
    how many a player has), the resources in their order, and the development cards."""
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
        ],
        "development_cards": [{"card": name, "count": count, "text": DEV_TEXTS[name]}
                              for name, count in zip(DEV_NAMES, DEV_COMPOSITION)],
        "victory_point_cards": [name.title() for name in VP_CARD_NAMES],
    }

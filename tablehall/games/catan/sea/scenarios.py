"""The scenarios of JSettlers 2.7.00 and the rules each switches on.

JSettlers' game code checks a scenario's flags (its ``_SC_*`` options), never its key; so does
this engine: `Scenario` holds the flags the key stands for, the victory points it plays to, and
its name as JSettlers shows it.  The plain sea board is the scenario ``""``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..constants import KNIGHT, VICTORY_POINT


@dataclass(frozen=True)
class Scenario:
    key: str  # JSettlers' option SC ("" for the plain sea board)
    name: str
    vp: int  # victory points to win, unless the options set them
    svp_each_new_area: bool = False  # _SC_SEAC: 2 SVP for the first settlement on each other land area
    svp_any_new_area: bool = False  # _SC_SANY: 1 SVP, once, for the first settlement on another land area
    fog: bool = False  # _SC_FOG: hexes hidden until a piece touches them
    cloth: bool = False  # _SC_CLVI: neutral villages trading cloth
    fortresses: bool = False  # _SC_PIRI: pirate fleet, fortresses, warships; no robber, no largest army
    forgotten_tribe: bool = False  # _SC_FTRI: special edges and gift harbours
    wonders: bool = False  # _SC_WOND: wonders, no pirate
    third_settlement: bool = False  # _SC_3IP: a third initial settlement (resources from it)
    route_vp: bool = True  # False with _SC_0RVP: no VP for the longest trade route

    @property
    def pirate_ship(self) -> bool:
        """The pirate ship may be moved instead of the robber (not with the pirate fleet, nor in
        Wonders)."""
        return not (self.fortresses or self.wonders)

    @property
    def flags(self) -> tuple[str, ...]:
        """The JSettlers options the scenario sets, as its option string lists them."""
        names = (("_SC_SEAC", self.svp_each_new_area), ("_SC_SANY", self.svp_any_new_area), ("_SC_FOG", self.fog),
                 ("_SC_CLVI", self.cloth), ("_SC_PIRI", self.fortresses), ("_SC_FTRI", self.forgotten_tribe),
                 ("_SC_WOND", self.wonders), ("_SC_3IP", self.third_settlement), ("_SC_0RVP", not self.route_vp))
        return tuple(name for name, on in names if on)


SCENARIOS: dict[str, Scenario] = {s.key: s for s in (
    Scenario("", "Sea board", 10),
    Scenario("SC_NSHO", "New Shores", 13, svp_each_new_area=True),
    Scenario("SC_4ISL", "The Four Islands", 12, svp_each_new_area=True),
    Scenario("SC_FOG", "Fog Islands", 12, fog=True),
    Scenario("SC_TTD", "Through The Desert", 12, svp_each_new_area=True),
    Scenario("SC_CLVI", "Cloth Trade with neutral villages", 14, cloth=True, third_settlement=True, route_vp=False),
    Scenario("SC_PIRI", "Pirate Islands and Fortresses", 10, fortresses=True, route_vp=False),
    Scenario("SC_FTRI", "The Forgotten Tribe", 13, forgotten_tribe=True),
    Scenario("SC_WOND", "Wonders", 10, wonders=True, svp_any_new_area=True),
)}

DESERT_AREAS = {"SC_TTD-4p": 3, "SC_TTD-6p": 3}
"""Through The Desert: the land area inside the desert strip, which counts as every player's
starting area once initial placement ends (no SVP for settling it)."""

# Cloth Trade
VILLAGES_LEFT_MIN = 4  # the game ends when fewer villages than this still have cloth
# Pirate Islands
FORTRESS_STRENGTH = 3
# Wonders
WONDER_LEVELS = 4
WONDER_NAMES = {"w1": "Theater", "w2": "Great Bridge", "w3": "Monument", "w4": "Great Wall", "w5": "Cathedral"}
"""Each wonder's name by its layout id, as JSettlers' client strings name them."""
# player event flags (JSettlers' SOCPlayerEvent values, element 103)
SETTLED_ANY_NEW_AREA = 0x01
ESTABLISHED_VILLAGE = 0x04
RECAPTURED_FORTRESS = 0x08
REACHED_DEV_CARD_EDGE = 0x10
REACHED_SVP_EDGE = 0x20
# special edge kinds (The Forgotten Tribe)
DEV_CARD_EDGE, SVP_EDGE = 1, 2
SPECIAL_EDGE_GIFTS = {DEV_CARD_EDGE: "a development card", SVP_EDGE: "a special victory point"}
"""What the first ship on a special edge takes, in words."""


def warship_deck(deck: tuple[int, ...]) -> tuple[int, ...]:
    """Pirate Islands' development deck: every victory point card of `deck` is a knight (a warship)
    instead, as the Java server's recorded games deal it (19 warships of 25 cards, 25 of 34)."""
    return tuple(KNIGHT if card >= VICTORY_POINT else card for card in deck)


def warship_composition(composition: tuple[int, ...]) -> tuple[int, ...]:
    """The cards of each type in `warship_deck` of a deck of `composition`."""
    knights, road_building, plenty, monopoly, vp = composition
    return (knights + vp, road_building, plenty, monopoly, 0)

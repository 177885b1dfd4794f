"""What a sea-board game holds beyond the classic game (`fields.CatanFields`), declared in one
place, with the phases only the sea board has.

Fields listed in `SEA_PUBLIC_LISTS` / `SEA_PUBLIC_ROWS` are changed in place and copied by
`copy()`; the fog's contents (`fog`) and the cards set aside (`gift_cards`) are hidden from
everybody and dealt again in an observation; every other field is replaced, never changed in place, so copies share it.
"""

from __future__ import annotations

from enum import IntEnum

from ..fields import HIDDEN_ROWS, PUBLIC_LISTS, PUBLIC_ROWS, CatanFields
from .board import SeaBoard, SeaLayout
from .scenarios import Scenario


class SeaPhase(IntEnum):
    """Phases of the sea board and its scenarios, beyond `constants.Phase` (values: JSettlers'
    game states)."""

    START3A = 12  # third initial settlement (_SC_3IP)
    START3B = 13  # its road or ship
    STARTS_WAITING_FOR_PICK_GOLD_RESOURCE = 14  # initial placement: free picks (gold, fog)
    PLACING_PIRATE = 34
    PLACING_SHIP = 35
    PLACING_INV_ITEM = 42  # The Forgotten Tribe: placing a gift harbour
    WAITING_FOR_ROBBER_OR_PIRATE = 54
    WAITING_FOR_ROB_CLOTH_OR_RESOURCE = 55
    WAITING_FOR_PICK_GOLD_RESOURCE = 56  # free picks: gold hexes, fog, a won fleet attack


class SeaFields(CatanFields):
    """The declared state a sea-board game adds."""

    # -- the game as made ----------------------------------------------------------------------
    scenario: Scenario
    layout: SeaLayout
    board: SeaBoard  # replaced when fog lifts or a harbour moves

    # -- hidden from everybody -------------------------------------------------------------------
    fog: dict[int, tuple[int, int]]  # fog hex -> (terrain, number) under it
    gift_cards: tuple[int, ...]  # The Forgotten Tribe: development cards set aside for the dev-card edges

    # -- pieces ------------------------------------------------------------------------------------
    pirate: int  # water hex of the pirate ship (or the pirate fleet), -1: off the board
    ships: list[int]  # per seat: mask of its ships
    ship_reach: list[int]  # per seat: mask of sea edges touching its ship routes or buildings
    ship_order: list[list[int]]  # per seat: its ships' edges in the order placed (warships first)
    built_ships: int  # mask of the ships placed in this turn (they may not move)
    ship_moved: bool  # the player to move has moved a ship in this turn
    ship_tips: list[int]  # per seat: mask of its ships at the open end of a route (`SeaState._open_end`)
    route_trail: list[int]  # per seat: the edges of one of its longest trails (`routes`), 0: none known
    legal_nodes: int  # where settlements may stand (start nodes during initial placement)

    # -- what is asked -------------------------------------------------------------------------------
    picks: list[int]  # per seat: free resources to pick
    pick_reason: str  # why: "gold", "fog" or "fleet"
    picks_resume: object  # the phase after the picks (None: the next initial placement; "seven": a 7 goes on)
    cloth_victim: int  # the seat the pirate robs, cloth or a resource (WAITING_FOR_ROB_CLOTH_OR_RESOURCE)
    robbing_with_pirate: bool  # the robbery in progress is the pirate's

    # -- special victory points and land areas ----------------------------------------------------------
    svp: list[int]  # per seat: special victory points
    svp_areas: list[int]  # per seat: mask of land areas that gave their SVP (_SC_SEAC)
    start_areas: list[int]  # per seat: mask of its starting land areas
    player_events: list[int]  # per seat: JSettlers' player event flags (element 103)

    # -- Cloth Trade ------------------------------------------------------------------------------------
    cloth: list[int]  # per seat
    village_cloth: dict[int, int]  # village node -> cloth left
    village_traders: dict[int, tuple[int, ...]]  # village node -> seats trading there, in the order they came
    general_cloth: int

    # -- Pirate Islands ----------------------------------------------------------------------------------
    fortresses: dict[int, tuple[int, int]]  # fortress node -> (its seat, strength left)
    warships: list[int]  # per seat
    fleet_step: int  # the pirate fleet's place on its path, -1: defeated
    pirate_script: tuple[int, ...]  # scripted fleet strengths and fortress defences (imports), random once used up
    pirate_dice_used: int  # scripted ones consumed

    # -- The Forgotten Tribe ----------------------------------------------------------------------------
    special_edges: dict[int, int]  # edge -> DEV_CARD_EDGE or SVP_EDGE, until a ship takes it
    gift_harbors: frozenset[int]  # edges of the tribe's harbours still on the board
    harbors_held: tuple[tuple[int, ...], ...]  # per seat: harbour kinds taken and not yet placed
    placing_harbor: int  # the harbour kind being placed (PLACING_INV_ITEM), else -1
    harbor_resume: object  # the phase after it is placed

    # -- Wonders ----------------------------------------------------------------------------------------
    wonder_owner: list[int]  # per wonder: seat or -1
    wonder_level: list[int]  # per wonder: levels built


SEA_PUBLIC_LISTS = PUBLIC_LISTS + ("ships", "ship_reach", "ship_tips", "route_trail", "picks", "svp", "svp_areas", "start_areas",
                                   "player_events", "cloth", "warships", "wonder_owner", "wonder_level")
SEA_PUBLIC_ROWS = PUBLIC_ROWS + ("ship_order",)
SEA_HIDDEN_ROWS = HIDDEN_ROWS

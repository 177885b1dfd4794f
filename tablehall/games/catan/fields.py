"""Everything a Catan game holds, declared in one place.

`CatanFields` names and types every attribute of a game; the engine's parts (`rules`,
`legality`, `special`, `views`) derive from it and read and change these and no others
(tests/catan/test_fields.py checks that a game never holds an attribute not declared here).
`rules.CatanState.__init__` gives each its first value.

How a copy treats a field is declared here too: the immutable ones are shared, the lists in
`PUBLIC_LISTS`, `PUBLIC_ROWS` and `HIDDEN_ROWS` are copied (an observation deals the hidden rows
again, see `views`), and the rest are replaced, never changed in place, so copies may share them.
"""

from __future__ import annotations

from typing import Any

from tablehall.core import EndCause, Rng

from .board import Board
from .constants import Phase
from .geometry import Frame


class CatanFields:
    """The declared state of a Catan game (see the module docstring)."""

    # -- the game as it was made: fixed after construction ---------------------------------
    seat_count: int
    options: dict[str, Any]
    seed: int
    max_players: int  # option PL: the seats the game is for (over 4: the 5-6 player rules)
    six_rules: bool  # the 5-6 player rules: 34 cards, 24 of each resource
    board: Board
    geo: Frame  # the board's frame
    vp_to_win: int
    discard_limit: int
    trading: bool  # domestic trades allowed (option NT off)
    robber_barred: tuple[int, ...]  # option RD: the hexes the robber may not go to (the deserts)
    no_7s_rounds: int  # option N7
    no_7s_until_city: bool  # option N7C
    roll_rules: bool  # N7 or N7C is on: a 7 may be rolled again
    per_resource: int  # cards of each resource in the game
    deck_cards: tuple[int, ...]  # the card ids of the game's development deck
    dev_composition: tuple[int, ...]  # cards of each development card type
    dice_script: tuple[int, ...]  # scripted dice totals (imports), random once used up
    steal_script: tuple[int, ...]  # scripted stolen resources, random once used up
    special_building: bool  # the game has the special building phase
    undo_enabled: bool  # option UB
    undo_limit: int  # option UBL: undos per seat (0: no limit)

    # -- chance ------------------------------------------------------------------------------
    rng: Rng
    deck: list[int]  # card ids, drawn from the end
    draw_at_random: bool  # an observation: the deck's order is unknown, draws pick at random
    dice_used: int  # scripted dice consumed
    steals_used: int  # scripted steals consumed

    # -- the board's pieces --------------------------------------------------------------------
    robber: int  # land hex
    node_owner: list[int]  # seat or -1
    node_level: list[int]  # 0 empty, 1 settlement, 2 city
    edge_owner: list[int]  # seat or -1
    occupied_edges: int  # mask of edges with a road
    blocked: int  # mask of nodes taken or next to a building (distance rule)
    reach: list[int]  # per seat: mask of edges touching its network
    road_nodes: list[int]  # per seat: mask of nodes its roads touch
    road_edges: list[int]  # per seat: mask of its roads
    _payouts: tuple  # per dice total: what a roll pays, until a building changes (rules._payout_of)

    # -- the players -------------------------------------------------------------------------
    hands: list[list[int]]  # per seat: resource counts
    bank: list[int]
    dev_old: list[list[int]]  # per seat: playable development cards by type
    dev_new: list[list[int]]  # per seat: bought this turn
    vp_cards: list[list[int]]  # per seat: card ids of the victory point cards held
    played: list[list[int]]  # per seat: development cards played, by type (public)
    knights: list[int]
    pieces: list[list[int]]  # per seat: roads, settlements, cities left
    building_vp: list[int]
    road_length: list[int]
    longest_road: int  # seat or -1
    largest_army: int  # seat or -1
    ratios: list[list[int]]  # per seat: bank trade ratio per resource
    out: dict[int, EndCause]  # seats that left, and why

    # -- whose turn, and what is asked ------------------------------------------------------------
    first: int
    current: int
    phase: Phase
    setup_step: int  # initial placements made
    last_settlement: int  # the settlement a setup road must touch
    before_setup_settlement: Any  # while its road waits: the game before that settlement (`forced`)
    rolled: bool
    dev_played: bool
    dice: tuple[int, int]
    discards: list[int]  # per seat: cards still to discard
    victims: tuple[int, ...]  # seats the robber's mover may rob
    free_roads: int  # road building card: roads still free
    build_request: int  # piece paid for and still to place, or -1
    offers: list[tuple | None]  # per seat: (give, get, to, responded)
    offered_in_turn: tuple[int, int]  # (turn_count, offers the player to move made in it)
    last_bank_trade: tuple | None  # (give, get) of the last action, if a bank trade: undoable
    winner: int
    round: int
    turn_count: int  # normal turns begun (the first is 1)
    action_count: int
    is_over: bool
    city_built: bool  # JSettlers' HAS_BUILT_CITY_N7C: somebody has built a city

    # -- the special building phase (see `special.SpecialBuilding`) ---------------------------------
    sb_asked: tuple[bool, ...]  # per seat: asked (ASK_SPECIAL_BUILD)
    sb_done: tuple[bool, ...]  # per seat: special built since the last turn began
    sb_after: int  # in the phase: the seat after whose turn it runs, else -1
    sb_resume: int  # in the phase: the seat whose turn resumes after it, else -1
    offer_mark: int  # action count right after the last roll: when `volunteers` stands

    # -- undo (see `special.Undo`) ---------------------------------------------------------------
    undos_left: tuple[int, ...] | None  # per seat, or None without a limit
    undo_point: tuple | None  # the last build, as it may be undone

    # -- caches --------------------------------------------------------------------------------
    _checked: tuple | None  # the last action `check` found legal (see `rules.CatanState.check`)
    _obs_key: int  # what observations deal hidden cards from, made on first use


PUBLIC_LISTS = ("node_owner", "node_level", "edge_owner", "bank", "knights", "building_vp", "road_length",
                "reach", "road_nodes", "road_edges", "discards", "offers")
"""The lists actions change in place, public: a copy has its own."""
PUBLIC_ROWS = ("played", "pieces", "ratios")
"""Rows per seat actions change in place, public: a copy has its own rows."""
HIDDEN_ROWS = ("hands", "dev_old", "dev_new", "vp_cards")
"""Rows per seat of cards: copied by `copy`, dealt again by an observation (with the deck)."""


def declared_fields(cls: type) -> dict[str, Any]:
    """Every instance attribute a state class declares, with its type, through its bases (class
    variables left out)."""
    out: dict[str, Any] = {}
    for klass in reversed(cls.__mro__):
        out.update((name, kind) for name, kind in klass.__dict__.get("__annotations__", {}).items()
                   if not str(kind).startswith("ClassVar"))
    return out

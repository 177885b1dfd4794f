"""Helpers to build sea-board positions for rule tests, through the engine's own actions where
the rules allow it."""

from __future__ import annotations

from tablehall.core import derive_seed
from tablehall.games.catan import SPEC
from tablehall.games.catan.geometry import bits
from tablehall.games.catan.sea.board import WATER
from tablehall.games.catan.sea.state import SeaState

from .helpers import empty_hands, give  # noqa: F401  (re-exported for the sea tests)


def new_sea(seats: int = 4, scenario: str = "", seed: int = 3, **options) -> SeaState:
    options = SPEC.normalize_options({"sea_board": True, "scenario": scenario, **options})
    return SPEC.new(seats, options, seed)


def ship_edges_at(st: SeaState, node: int) -> list[int]:
    return [e for e in st.geo.node_edges[node] if st.board.ship_edges >> e & 1]


def road_edges_at(st: SeaState, node: int) -> list[int]:
    return [e for e in st.geo.node_edges[node] if st.board.road_edges >> e & 1]


def coastal_start_nodes(st: SeaState, land_only: bool = False, sea_only: bool = False) -> list[int]:
    """Free starting nodes on the coast (an edge for a ship and one for a road); with
    `land_only` / `sea_only`, with an edge only a road / only a ship may take."""
    out = []
    board = st.board
    for n in bits(st.geo.all_nodes_mask & ~st.blocked):
        if not road_edges_at(st, n) or not ship_edges_at(st, n):
            continue
        if land_only and not [e for e in road_edges_at(st, n) if not board.ship_edges >> e & 1]:
            continue
        if sea_only and not [e for e in ship_edges_at(st, n) if not board.road_edges >> e & 1]:
            continue
        out.append(n)
    return out


def setup(st: SeaState, ships: bool = False) -> SeaState:
    """Initial placement: each seat on the first coastal starting node free, with a ship (or
    a road) out of it; the first legal choices when that fails."""
    while st.phase.name.startswith("START") or st.phase.name.startswith("STARTS"):
        seat = st.to_act()[0]
        if st.phase.name.startswith("STARTS"):
            st.apply(seat, st.legal_actions(seat)[0])
            continue
        if st.phase.name.endswith("A"):
            coastal = coastal_start_nodes(st)
            st.apply(seat, ("settlement", coastal[0] if coastal else st.legal_actions(seat)[0][1]))
        else:
            legal = st.legal_actions(seat)
            wanted = [a for a in legal if a[0] == ("ship" if ships else "road")]
            st.apply(seat, (wanted or legal)[0])
    return st


def roll(st: SeaState, total: int) -> list:
    st.dice_script = st.dice_script[:st.dice_used] + (total,)
    return st.apply(st.current, ("roll",))


def play_bots(seats: int, scenario: str, seed: int, bot: str = "random", limit: int = 30000, each=None):
    """A seeded bot game as the kernel's Match plays it; `each(state, events)` after every action."""
    st = new_sea(seats, scenario, seed)
    bots = [SPEC.bots[bot](derive_seed(seed, "bot", s)) for s in range(seats)]
    while not st.is_over and st.action_count < limit:
        acted = False
        for seat in st.volunteers():
            action = bots[seat].volunteer(st.observation(seat), seat)
            if action is not None:
                st.check(seat, action)
                events = st.apply(seat, action)
                if each:
                    each(st, events)
                acted = True
        if acted or st.is_over:
            continue
        seat = st.to_act()[0]
        action = bots[seat].choose(st.observation(seat), seat)
        st.check(seat, action)
        events = st.apply(seat, action)
        if each:
            each(st, events)
    return st


def water_hexes(st: SeaState) -> list[int]:
    return [h for h, t in enumerate(st.board.terrain) if t == WATER]

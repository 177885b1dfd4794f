"""The sea board on the wire against the layouts the JSettlers 2.7.00 server generated (issue 29).

For each of the 54 recorded layouts (plain sea board and 8 scenarios, 4 and 6 players, three
seeds), the engine's board is built from the recorded `SOCBoardLayout2` on the engine's own
layout shape, and the messages tablehall sends for it must be the Java server's, byte for byte:
`SOCJoinGameAuth` (board size, visual shift), `SOCBoardLayout2` (encoding 3, every part in the
Java server's order) and `SOCPotentialSettlements` (land areas, starting area, Pirate Islands'
sea edges).  One tolerance: in Fog Islands the Java server lists a land area's nodes in an order
that follows what the fog hides (a hash set filled hex by hex); tablehall lists seed 1's order,
so seeds 2 and 3 must give the same nodes per land area.
"""

from __future__ import annotations

import json

import pytest

from tablehall.core import derive_seed
from tablehall.games.catan.jsettlers.game_messages import BoardLayout2, PotentialSettlements
from tablehall.games.catan.jsettlers.sea_layout import (
    SeaLayoutMismatch,
    board_layout,
    join_auth,
    potential_settlements,
    sea_board_from_layout,
)
from tablehall.games.catan.options import normalize_options
from tablehall.games.catan.sea.board import layout_named
from tablehall.games.catan.sea.state import SeaState

from .conftest import reference_path
from .derive_sea_wire import OUT, render

LAYOUT_FILES = sorted(p.name for p in reference_path("scenarios/layouts").glob("*-seed*.json"))


def recorded(name: str) -> tuple[dict, str]:
    data = json.loads(reference_path(f"scenarios/layouts/{name}").read_text())
    return data, name.rsplit("-seed", 1)[0]


def body(wire: str) -> str:
    return wire.split("|", 1)[1]


def test_the_packaged_wire_orders_are_derived_from_the_recorded_layouts():
    assert OUT.read_text() == render()


@pytest.mark.parametrize("name", LAYOUT_FILES)
def test_the_sea_layout_messages_are_the_java_servers(name):
    data, layout_name = recorded(name)
    layout = layout_named(layout_name)
    board, robber, pirate = sea_board_from_layout(BoardLayout2.decode_data(body(data["SOCBoardLayout2_wire"])), layout)
    assert join_auth("layout", layout).to_cmd() == data["SOCJoinGameAuth_wire"]
    assert board_layout("layout", board, robber, pirate).to_cmd() == data["SOCBoardLayout2_wire"]
    ours = potential_settlements("layout", layout)
    if layout.fog_pool is not None and not name.endswith("seed1.json"):
        theirs = PotentialSettlements.decode_data(body(data["SOCPotentialSettlements_wire"]))
        assert [sorted(a) for a in ours.land_areas] == [sorted(a) for a in theirs.land_areas]
        assert ours.starting_area == theirs.starting_area
    else:
        assert ours.to_cmd() == data["SOCPotentialSettlements_wire"]


@pytest.mark.parametrize("scenario", ["", "SC_FOG", "SC_CLVI", "SC_PIRI", "SC_FTRI", "SC_WOND"])
@pytest.mark.parametrize("seats", [4, 6])
def test_a_dealt_board_reads_back_from_its_layout_message(scenario, seats):
    options = {"sea_board": True, "scenario": scenario}
    if seats == 6:
        options["max_players"] = 6
    state = SeaState(seats, normalize_options(options), derive_seed(29, "sea-layout-wire", scenario, seats))
    message = board_layout("g", state.board, state.robber, state.pirate)
    wire = message.to_cmd()
    board, robber, pirate = sea_board_from_layout(BoardLayout2.decode_data(body(wire)), state.layout)
    assert (board.terrain, board.numbers, board.harbors, robber, pirate) == (
        state.board.terrain, state.board.numbers, state.board.harbors, state.robber, state.pirate)
    assert "LH" in wire and ",3," in wire[:len("1084|g,3,")]


def test_a_layout_of_another_board_is_refused():
    data, _ = recorded("SBL-4p-seed1.json")
    message = BoardLayout2.decode_data(body(data["SOCBoardLayout2_wire"]))
    with pytest.raises(SeaLayoutMismatch):
        sea_board_from_layout(message, layout_named("SC_PIRI-4p"))

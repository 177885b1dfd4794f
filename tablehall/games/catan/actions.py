"""Catan actions: small immutable tuples ``(kind, *args)``.

Board places are internal indices (see `geometry`); resources are 0..4 (clay, ore, sheep,
wheat, wood); resource vectors are 5-tuples in that order.

===================  ====================================  ===========================================
kind                 args                                  when (phase)
===================  ====================================  ===========================================
``settlement``       node                                  START1A/2A, PLAY1 (pays), PLACING_SETTLEMENT,
                                                           SPECIAL_BUILDING (pays)
``road``             edge                                  START1B/2B, PLAY1 (pays), PLACING_ROAD,
                                                           PLACING_FREE_ROAD1/2, SPECIAL_BUILDING (pays)
``city``             node                                  PLAY1 (pays), PLACING_CITY, SPECIAL_BUILDING
``build``            piece (0 road, 1 settlement, 2 city)  PLAY1, SPECIAL_BUILDING: pay now, place next
                                                           (JSettlers flow)
``cancel_build``     --                                    PLACING_ROAD/SETTLEMENT/CITY (refund),
                                                           PLACING_FREE_ROAD1/2 (skip the free roads)
``undo_build``       piece, node or edge                   PLAY1, SPECIAL_BUILDING: right after one's own
                                                           paid build (option undo_builds, `special`)
``buy_dev``          --                                    PLAY1, SPECIAL_BUILDING
``play_dev``         card (0 knight, 1 road building,      ROLL_OR_CARD, PLAY1
                     2 year of plenty, 3 monopoly)
``pick_resources``   r1, r2                                WAITING_FOR_DISCOVERY (year of plenty)
``monopoly``         r                                     WAITING_FOR_MONOPOLY
``roll``             --                                    ROLL_OR_CARD
``discard``          vec5                                  WAITING_FOR_DISCARDS (each asked seat)
``robber``           hex                                   PLACING_ROBBER
``rob``              victim seat                           WAITING_FOR_ROB_CHOOSE_PLAYER
``bank_trade``       give vec5, get vec5                   PLAY1 (4:1, 3:1, 2:1, several lots, undo)
``offer``            give vec5, get vec5, to (seats)       PLAY1, any seat (see rules); ROLL_OR_CARD, the
                                                           player to move (its offer stands after the roll)
``accept``           offering seat                         PLAY1, a seat the offer was made to
``reject``           --                                    PLAY1, a seat an offer was made to
``withdraw``         --                                    PLAY1, a seat with an open offer
``end_turn``         --                                    PLAY1, SPECIAL_BUILDING (ends a special turn)
``ask_special_build`` --                                   5-6 player rules: any seat, unprompted; the
                                                           player to move only before rolling (`special`)
``force_end_turn``   --                                    the server's, for the player to move: its own
                                                           turn, placing or not (`forced`); never offered
===================  ====================================  ===========================================

The sea board (`sea.state`, `sea.scenario_rules`) adds these, and ``build`` 3 (a ship):

===================  ====================================  ===========================================
kind                 args                                  when (phase)
===================  ====================================  ===========================================
``ship``             edge                                  as ``road``, and PLACING_SHIP
``move_ship``        from edge, to edge                    PLAY1, once a turn
``bandit``           0 robber, 1 pirate                    WAITING_FOR_ROBBER_OR_PIRATE
``pirate``           water hex                             PLACING_PIRATE
``rob_cloth``        1 cloth, 0 a resource                 WAITING_FOR_ROB_CLOTH_OR_RESOURCE
``pick_free``        vec5                                  WAITING_FOR_PICK_GOLD_RESOURCE (and its
                                                           initial placement twin), each seat owing
``place_harbor``     coastal edge                          PLACING_INV_ITEM (The Forgotten Tribe)
``play_harbor``      harbour kind held                     PLAY1 (The Forgotten Tribe)
``attack_fortress``  --                                    PLAY1, a ship beside one's fortress (Pirate
                                                           Islands)
``wonder``           wonder index                          PLAY1 (Wonders)
===================  ====================================  ===========================================
"""

from __future__ import annotations

from typing import Any

Action = tuple

ROLL: Action = ("roll",)
END_TURN: Action = ("end_turn",)
ASK_SPECIAL_BUILD: Action = ("ask_special_build",)
FORCE_END_TURN: Action = ("force_end_turn",)
BUY_DEV: Action = ("buy_dev",)
CANCEL_BUILD: Action = ("cancel_build",)
REJECT: Action = ("reject",)
WITHDRAW: Action = ("withdraw",)


def settlement(node: int) -> Action:
    return ("settlement", node)


def road(edge: int) -> Action:
    return ("road", edge)


def city(node: int) -> Action:
    return ("city", node)


def build(piece: int) -> Action:
    return ("build", piece)


def undo_build(piece: int, at: int) -> Action:
    return ("undo_build", piece, at)


def play_dev(card: int) -> Action:
    return ("play_dev", card)


def pick_resources(first: int, second: int) -> Action:
    return ("pick_resources", first, second)


def monopoly(resource: int) -> Action:
    return ("monopoly", resource)


def discard(counts) -> Action:
    return ("discard", tuple(counts))


def robber(hex_index: int) -> Action:
    return ("robber", hex_index)


def rob(victim: int) -> Action:
    return ("rob", victim)


def bank_trade(give, get) -> Action:
    return ("bank_trade", tuple(give), tuple(get))


def offer(give, get, to) -> Action:
    return ("offer", tuple(give), tuple(get), tuple(sorted(to)))


def accept(offerer: int) -> Action:
    return ("accept", offerer)


def unit(resource: int, amount: int = 1) -> tuple[int, ...]:
    """A resource vector holding `amount` of one resource."""
    vec = [0, 0, 0, 0, 0]
    vec[resource] = amount
    return tuple(vec)


# argument shapes per kind: "i" an int, "v" a 5-vector of ints, "s" a tuple of seats
SHAPES: dict[str, str] = {
    "settlement": "i", "road": "i", "city": "i", "build": "i", "cancel_build": "", "buy_dev": "",
    "play_dev": "i", "pick_resources": "ii", "monopoly": "i", "roll": "", "discard": "v",
    "robber": "i", "rob": "i", "bank_trade": "vv", "offer": "vvs", "accept": "i", "reject": "",
    "withdraw": "", "end_turn": "", "ask_special_build": "", "undo_build": "ii", "force_end_turn": "",
    # the sea board and its scenarios (`sea.state`)
    "ship": "i", "move_ship": "ii", "bandit": "i", "pirate": "i", "rob_cloth": "i", "pick_free": "v",
    "place_harbor": "i", "play_harbor": "i", "attack_fortress": "", "wonder": "i",
}


def encode(action: Action) -> list[Any]:
    """JSON-able form: ``["road", 12]``, ``["bank_trade", [4,0,0,0,0], [0,1,0,0,0]]``."""
    return [list(a) if isinstance(a, tuple) else a for a in action]


def decode(data: Any) -> Action:
    """An action from its JSON form; ValueError if it is not a well-formed Catan action."""
    if not isinstance(data, (list, tuple)) or not data or not isinstance(data[0], str):
        raise ValueError(f"not a Catan action: {data!r}")
    kind, args = data[0], list(data[1:])
    shape = SHAPES.get(kind)
    if shape is None:
        raise ValueError(f"unknown Catan action {kind!r}")
    if len(args) != len(shape):
        raise ValueError(f"{kind} takes {len(shape)} argument(s), not {len(args)}")
    out: list[Any] = [kind]
    for code, arg in zip(shape, args):
        if code == "i":
            out.append(_int(arg))
        elif code == "v":
            if not isinstance(arg, (list, tuple)) or len(arg) != 5:
                raise ValueError(f"{kind}: a resource vector has 5 counts, not {arg!r}")
            out.append(tuple(_int(x) for x in arg))
        else:
            if not isinstance(arg, (list, tuple)):
                raise ValueError(f"{kind}: expected a list of seats, not {arg!r}")
            out.append(tuple(sorted(_int(x) for x in arg)))
    return tuple(out)


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"expected an integer, not {value!r}")
    return value

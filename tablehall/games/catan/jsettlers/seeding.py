"""A recorded JSettlers game's chance, as engine options: board, first player, dice, cards, steals
(and Pirate Islands' fleet and fortress dice).

The engine takes scripted chance through its options (``board``, ``first_player``, ``dice``,
``dev_deck``, ``steals``), so a game recorded by the Java server can be played again through
tablehall's normal actions with exactly the recorded outcomes.  `seeding_from_soclog` reads
them off a ``.soclog``: the last `BoardLayout` (or 6-player `BoardLayout2`) before `StartGame`, the first `Turn`, every
`DiceResult`, the cards each buyer was told it drew, and the resource each thief was told it
stole.  A sea board (`BoardLayout2` encoding 3) comes with what its fog hides as far as the log
reveals it (`RevealFogHex`).  In Pirate Islands the fleet sails by a roll's smaller die, so each
roll is scripted as its pair (read off where the fleet went, `SOCMoveRobber` with the negated
hex); the fleet's strengths (a `SOCRobberyResult` by perp -1, its extra value) and the fortresses'
defences (`SOCSimpleAction` 1001) are ``pirate_dice``, and what the fleet took from its victim
(the resource set the victim was told) are steals.  The engine scripts victory point cards by
type only; which of the five it deals is `name_vp_cards`' job (the Java server names them, e.g.
a Chapel).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..constants import DECK, JS_DEV_CARD, SGN_DEV, SGN_RESOURCE, VICTORY_POINT, dev_type
from .board_layout import SIX_PLAYER_ENCODING, board_from_layout, board_from_six_layout
from .constants import DevCardActionType, Resource, SimpleActionType
from ..sea.board import PRODUCING, TERRAIN_OF_JS, board_text, layout_for
from .game_messages import (BoardLayout, BoardLayout2, DevCardAction, DiceResult, MoveRobber, RevealFogHex,
                            RobberyResult, SimpleAction, SitDown, StartGame, Turn)
from .sea_layout import LARGE_ENCODING, SeaLayoutMismatch, sea_board_from_layout
from .engine_rules import engine_options
from .soclog import ALL, Soclog

CARD_ID_FROM_JS = {js: card for card, js in enumerate(JS_DEV_CARD)}


class SeedingError(ValueError):
    """A log that does not show a complete classic game start."""


@dataclass
class Seeding:
    """What a recorded game needs to be replayed by the engine."""

    pns: tuple[int, ...]  # engine seat -> player number
    names: dict[int, str]  # player number -> nickname
    robots: dict[int, bool]
    options: dict = field(default_factory=dict)  # engine options
    vp_cards: tuple[int, ...] = ()  # VP card ids in the order they were drawn


def seeding_from_soclog(log: Soclog) -> Seeding:
    names: dict[int, str] = {}
    robots: dict[int, bool] = {}
    board = None
    first = None
    started = False
    dice: list[str] = []
    fleet_path: tuple[int, ...] = ()  # Pirate Islands: the fleet's hexes, and where it is
    fleet_at = -1
    pirate_dice: list[int] = []
    revealed: dict[int, tuple[int, int]] = {}  # fog hex -> (JSettlers hex type, number) as revealed
    cards: list[int] = []
    steals: list[str] = []
    for audience, message in log.messages():
        if message is None or audience.from_client:
            continue
        if isinstance(message, SitDown) and not started:
            names[message.pn] = message.nickname
            robots[message.pn] = message.robot
        elif isinstance(message, BoardLayout) and not started:
            board = message
        elif isinstance(message, BoardLayout2) and message.encoding in (SIX_PLAYER_ENCODING, LARGE_ENCODING) \
                and dict(message.parts).get("LH", dict(message.parts).get("HL")) and not started:
            board = message  # the 6-player board, or a sea board (encoding 3)
            parts = dict(message.parts)
            fleet_path = tuple(parts.get("PP", ()))
            fleet_at = fleet_path.index(int(parts["PH"])) if fleet_path else -1
        elif isinstance(message, RevealFogHex):
            revealed[message.hex_coord] = (message.hex_type, message.dice_number)
        elif isinstance(message, StartGame):
            started = True
        elif isinstance(message, Turn) and started and first is None:
            first = message.pn
        elif isinstance(message, DiceResult) and message.result >= 2:
            dice.append(str(message.result))
        elif isinstance(message, MoveRobber) and message.coord < 0 and fleet_path and dice:
            # the fleet sails by the smaller die: the roll's pair, larger die first
            at = fleet_path.index(-message.coord)
            smaller = (at - fleet_at) % len(fleet_path)
            fleet_at = at
            dice[-1] = f"{int(dice[-1]) - smaller}+{smaller}"
        elif (isinstance(message, RobberyResult) and message.perpetrator == -1 and message.kind in "RS"
              and (audience == ALL or audience.kind == "player" and audience.pn == message.victim)):
            pirate_dice.append(message.extra)  # the fleet's strength (its victim is told what it took)
            steals.extend(SGN_RESOURCE[r - 1] for r, n in message.resource_set for _ in range(n))
        elif isinstance(message, SimpleAction) and message.action_type == SimpleActionType.SC_PIRI_FORT_ATTACK_RESULT:
            pirate_dice.append(message.value1)  # the fortress's defence
        elif (isinstance(message, DevCardAction) and message.action == DevCardActionType.DRAW
              and audience.kind == "player" and audience.pn == message.pn):
            cards.append(CARD_ID_FROM_JS[message.cards[0]])
        elif (isinstance(message, RobberyResult) and audience.kind == "player" and audience.pn == message.perpetrator
              and message.kind == "R" and message.resource != Resource.UNKNOWN):
            steals.append(SGN_RESOURCE[message.resource - 1])
    if board is None or first is None or not names:
        raise SeedingError("the log does not show the board, the seats and the first turn of a started game")
    pns = tuple(sorted(names))
    options = engine_options(log.options)
    if isinstance(board, BoardLayout):
        board_option = board_from_layout(board).to_text()
    elif board.encoding == LARGE_ENCODING:
        board_option = _sea_board_option(board, options, len(pns), revealed)
    else:
        board_option = board_from_six_layout(board).to_text()
    options.update({
        "board": board_option,
        "first_player": pns.index(first),
        "dice": " ".join(map(str, dice)),
        "dev_deck": " ".join(SGN_DEV[dev_type(c)] for c in cards),
        "steals": " ".join(steals),
    })
    if pirate_dice:
        options["pirate_dice"] = " ".join(map(str, pirate_dice))
    vp_cards = tuple(c for c in cards if dev_type(c) == VICTORY_POINT)
    return Seeding(pns, names, robots, options, vp_cards)


def _sea_board_option(message: BoardLayout2, options: dict, seats: int, revealed: dict[int, tuple[int, int]]) -> str:
    """The engine's ``board`` option for a recorded sea board: the fog hexes hold what the log
    shows revealed, the others what is left of the layout's fog, in its order (nobody saw them)."""
    six = options.get("six_player_board", False) or options.get("max_players", seats) > 4
    layout = layout_for(options.get("scenario", ""), six)
    try:
        board, _, _ = sea_board_from_layout(message, layout)
    except SeaLayoutMismatch as error:
        raise SeedingError(str(error)) from None
    hidden: dict[int, tuple[int, int]] = {}
    if layout.fog_pool is not None:
        hexes, terrains, numbers = layout.fog_pool
        terrains_left, numbers_left = list(terrains), list(numbers)
        frame = layout.frame
        for h in hexes:
            shown = revealed.get(frame.js_hexes[h])
            if shown is not None:
                terrain = TERRAIN_OF_JS[shown[0]]
                hidden[h] = (terrain, shown[1])
                terrains_left.remove(terrain)
                if shown[1]:
                    numbers_left.remove(shown[1])
        for h in hexes:
            if h not in hidden:
                terrain = terrains_left.pop(0)
                hidden[h] = (terrain, numbers_left.pop(0) if terrain in PRODUCING else 0)
    return board_text(board, hidden)


def name_vp_cards(state, vp_cards: tuple[int, ...]) -> None:
    """Deal the victory point cards in the drawn order `vp_cards` (ids 4..8), keeping every
    card's position: the engine scripts VP cards by type and picks their names itself."""
    positions = [i for i in range(len(state.deck) - 1, -1, -1) if dev_type(state.deck[i]) == VICTORY_POINT]
    wanted = list(vp_cards) + [c for c in DECK if dev_type(c) == VICTORY_POINT and c not in vp_cards]
    for position, card in zip(positions, wanted):
        state.deck[position] = card

"""A recorded JSettlers game's chance, as engine options: board, first player, dice, cards, steals.

The engine takes scripted chance through its options (``board``, ``first_player``, ``dice``,
``dev_deck``, ``steals``), so a game recorded by the Java server can be played again through
tablehall's normal actions with exactly the recorded outcomes.  `seeding_from_soclog` reads
them off a ``.soclog``: the last `BoardLayout` (or 6-player `BoardLayout2`) before `StartGame`, the first `Turn`, every
`DiceResult`, the cards each buyer was told it drew, and the resource each thief was told it
stole.  The engine scripts victory point cards by type only; which of the five it deals is
`name_vp_cards`' job (the Java server names them, e.g. a Chapel).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..constants import DECK, JS_DEV_CARD, SGN_DEV, SGN_RESOURCE, VICTORY_POINT, dev_type
from .board_layout import SIX_PLAYER_ENCODING, board_from_layout, board_from_six_layout
from .constants import DevCardActionType, Resource
from .game_messages import BoardLayout, BoardLayout2, DevCardAction, DiceResult, RobberyResult, SitDown, StartGame, Turn
from .engine_rules import engine_options
from .soclog import Soclog

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
    dice: list[int] = []
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
        elif isinstance(message, BoardLayout2) and message.encoding == SIX_PLAYER_ENCODING and not started:
            board = message  # the 6-player board (a sea board's encoding 3 is not played)
        elif isinstance(message, StartGame):
            started = True
        elif isinstance(message, Turn) and started and first is None:
            first = message.pn
        elif isinstance(message, DiceResult) and message.result >= 2:
            dice.append(message.result)
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
    options.update({
        "board": (board_from_layout(board) if isinstance(board, BoardLayout) else board_from_six_layout(board)).to_text(),
        "first_player": pns.index(first),
        "dice": " ".join(map(str, dice)),
        "dev_deck": " ".join(SGN_DEV[dev_type(c)] for c in cards),
        "steals": " ".join(steals),
    })
    vp_cards = tuple(c for c in cards if dev_type(c) == VICTORY_POINT)
    return Seeding(pns, names, robots, options, vp_cards)


def name_vp_cards(state, vp_cards: tuple[int, ...]) -> None:
    """Deal the victory point cards in the drawn order `vp_cards` (ids 4..8), keeping every
    card's position: the engine scripts VP cards by type and picks their names itself."""
    positions = [i for i in range(len(state.deck) - 1, -1, -1) if dev_type(state.deck[i]) == VICTORY_POINT]
    wanted = list(vp_cards) + [c for c in DECK if dev_type(c) == VICTORY_POINT and c not in vp_cards]
    for position, card in zip(positions, wanted):
        state.deck[position] = card

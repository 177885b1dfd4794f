"""What a seated player's game message asks for: an engine action, or the server's refusal.

`interpret` is the JSettlers server's request handling (``SOCGameMessageHandler``) in front of
the engine: it decodes the message into an engine action and asks the engine whether it is
legal now.  A legal action is `Forward`ed; an illegal one gets the answer the Java server gives
(``SOCDeclinePlayerRequest`` with a reason code and text, ``SOCRejectOffer`` with a reason, a
``SOCCancelBuildRequest`` or ``SOCDevCardAction(CANNOT_PLAY)`` for robots, a plain text, or the
prompt again).  Requests the Java server answers with an announcement even when there is
nothing to do (reject or clear a trade offer that is not there) get that announcement.  The
engine decides every rule; this module only maps its verdicts onto the protocol's words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from tablehall.core import IllegalAction

from .. import actions as A
from ..constants import CITY, KNIGHT, MONOPOLY, PIECE_NAMES, ROAD, ROAD_BUILDING, SETTLEMENT, YEAR_OF_PLENTY, Phase
from ..geometry import EDGE_FROM_JS, HEX_FROM_JS, JS_EDGES, JS_HEXES, JS_NODES, NODE_FROM_JS
from .constants import DeclineReason, DevCardActionType, ElementAction, PieceType, PlayerElementType, RejectOfferReason
from .constants import ChoosePlayerChoice, DevCard, SimpleRequestType
from .game_messages import (
    AcceptOffer,
    BankTrade,
    BuildRequest,
    BuyDevCardRequest,
    CancelBuildRequest,
    ChoosePlayer,
    ChoosePlayerRequest,
    ClearOffer,
    ClearTradeMsg,
    DeclinePlayerRequest,
    DevCardAction,
    Discard,
    DiscardRequest,
    EndTurn,
    GameServerText,
    GameState,
    InventoryItemAction,
    MakeOffer,
    MovePiece,
    MoveRobber,
    PickResources,
    PickResourceType,
    PlayDevCardRequest,
    PlayerElement,
    PutPiece,
    RejectOffer,
    RollDice,
    SetSpecialItem,
    SimpleRequest,
    UndoPutPiece,
)
from .message import Message
from .sea_layout import port_type
from ..sea.board import HARBOR_OF_JS
from .soclog import ALL, UNDETERMINED, Entry, to_player

P = Phase
CARD_FROM_JS = {DevCard.KNIGHT: KNIGHT, DevCard.ROADS: ROAD_BUILDING, DevCard.DISC: YEAR_OF_PLENTY,
                DevCard.MONO: MONOPOLY}
CARD_TITLE = {DevCard.KNIGHT: "Soldier", DevCard.ROADS: "Road Building", DevCard.DISC: "Year of Plenty",
              DevCard.MONO: "Monopoly"}
CANCEL_CARD = -2  # SOCCancelBuildRequest piece type for "the dev card being played"
ASK_SPECIAL_BUILD = -1
ROAD_PLACING = (P.PLACING_ROAD, P.PLACING_FREE_ROAD1, P.PLACING_FREE_ROAD2)
ROUTE_PIECES = (ROAD, PieceType.SHIP)  # on edges
ROBBER_OR_PIRATE, CLOTH_OR_RESOURCE, PICKING_PHASES = 54, 55, (14, 56)  # the sea board's game states
WONDER_KEY = "_SC_WOND"  # Wonders' special items
BANDIT_CHOICES = {ChoosePlayerChoice.MOVE_ROBBER: 0, ChoosePlayerChoice.MOVE_PIRATE: 1}
SHIP_PLACING = (35, int(P.PLACING_FREE_ROAD1), int(P.PLACING_FREE_ROAD2))  # 35: PLACING_SHIP
LOCATION_CODES = frozenset(("BAD_LOCATION", "OCCUPIED", "DISTANCE_RULE", "NOT_CONNECTED", "NO_PIECES"))


@dataclass(unsafe_hash=True)
class Forward:
    """A legal engine action to hand to the match."""

    action: tuple


@dataclass(unsafe_hash=True)
class Answer:
    """Messages to send (to the player, or announcements to all) instead of an engine action."""

    entries: tuple[Entry, ...]


@dataclass(unsafe_hash=True)
class Request:
    """Who asks: the seat in the engine, its player number, and whether its client is a robot."""

    seat: int
    pn: int
    robot: bool
    pns: Sequence[int]  # engine seat -> player number
    game: str
    seats: int = 4  # the game's seats (JSettlers' maxPlayers)


_FORWARD_ROLL = Forward(A.ROLL)  # the commonest requests' answers, made once
_FORWARD_END_TURN = Forward(A.END_TURN)


def interpret(message: Message, who: Request, state, may_reprompt_discard: bool = True) -> Forward | Answer | None:
    """The engine action `message` asks for, or the answer for a request that cannot be
    taken; None for messages that are not game requests (ignored, as Java ignores them)."""
    handler = _HANDLERS.get(type(message))
    return None if handler is None else handler(message, who, state, may_reprompt_discard)


# -- answers -----------------------------------------------------------------------------------
def _to(who: Request, *messages: Message) -> Answer:
    return Answer(tuple(Entry(to_player(who.pn), m) for m in messages))


def _decline(who: Request, reason: int, state=None, text: str | None = None, detail1: int = 0,
             detail2: int = 0, *extra: Message) -> Answer:
    """``SOCDeclinePlayerRequest`` (with the game state when the client needs it to go on)."""
    game_state = 0 if state is None else int(state.phase)
    return _to(who, DeclinePlayerRequest(who.game, game_state, reason, detail1, detail2, text), *extra)


def _not_your_turn(who: Request, *extra: Message) -> Answer:
    return _decline(who, DeclineReason.NOT_YOUR_TURN, None, None, 0, 0, *extra)


def _text(who: Request, text: str, *extra: Message) -> Answer:
    return _to(who, GameServerText(who.game, text), *extra)


def _legal(state, seat: int, action: tuple) -> IllegalAction | None:
    try:
        state.check(seat, action)
    except IllegalAction as error:
        return error
    return None


PIECE_WORDS = {int(p): p.name.lower() for p in PieceType}
SPECIAL_BUILDING = 100  # the special building phase's game state (5-6 players)
BUILD_PHASES = (int(P.PLAY1), SPECIAL_BUILDING)  # a player builds and buys in these


def _places(state) -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
    """JSettlers coordinate -> engine index, for hexes, nodes and edges of the game's board."""
    geo = getattr(state, "geo", None)
    if geo is None:
        return HEX_FROM_JS, NODE_FROM_JS, EDGE_FROM_JS
    return geo.hex_from_js, geo.node_from_js, geo.edge_from_js


def _sea(state) -> bool:
    return len(state.piece_names) > PieceType.SHIP


def _pieces(state) -> tuple[int, ...]:
    """The pieces a player builds: ships too on the sea board."""
    return (ROAD, SETTLEMENT, CITY, PieceType.SHIP) if _sea(state) else (ROAD, SETTLEMENT, CITY)


def _robot_cancel(who: Request, piece: int) -> tuple[Message, ...]:
    """Robots wait for a ``SOCCancelBuildRequest`` after a refused build."""
    return (CancelBuildRequest(who.game, piece),) if who.robot and piece != ASK_SPECIAL_BUILD else ()


# -- building ------------------------------------------------------------------------------------
def _put_piece(message: PutPiece, who: Request, state, _reprompt: bool):
    if who.seat != state.current:
        return _not_your_turn(who)
    piece = message.piece_type
    if piece not in _pieces(state):
        if piece in PIECE_WORDS:
            return _decline(who, DeclineReason.NOT_NOW, None, f"You can't build a {PIECE_WORDS[piece]} now.")
        return _decline(who, DeclineReason.SPECIFICS, None, "Unknown piece type.")
    name = PIECE_WORDS[piece]
    if int(state.phase) in BUILD_PHASES and _legal(state, who.seat, A.build(piece)) is not None:
        return _decline(who, DeclineReason.NOT_NOW, None, f"You can't build a {name} now.")
    _, nodes, edges = _places(state)
    place = (edges if piece in ROUTE_PIECES else nodes).get(message.coord)
    action = (name, -1 if place is None else place)
    error = _legal(state, who.seat, action)
    if error is None:
        return Forward(action)
    if error.code == "NOT_NOW":
        return _decline(who, DeclineReason.NOT_NOW, None, f"You can't build a {name} now.")
    return _decline(who, DeclineReason.LOCATION, None, f"You can't build a {name} there.", piece, message.coord,
                    CancelBuildRequest(who.game, piece))


def _build_request(message: BuildRequest, who: Request, state, _reprompt: bool):
    piece = message.piece_type
    if piece == ASK_SPECIAL_BUILD and int(state.phase) == SPECIAL_BUILDING and who.seat == state.current:
        # the player building in the special building phase asks again: no piece type it knows
        return _decline(who, DeclineReason.SPECIFICS, None, "Unknown piece type.")
    if piece == ASK_SPECIAL_BUILD:
        return _ask_special_build(who, state)
    if who.seat != state.current:
        return _not_your_turn(who, *_robot_cancel(who, piece))
    if int(state.phase) not in BUILD_PHASES:
        return _decline(who, DeclineReason.NOT_NOW, None, "You can't build now.", 0, 0, *_robot_cancel(who, piece))
    if piece not in _pieces(state):
        return _decline(who, DeclineReason.SPECIFICS, None, "Unknown piece type.", 0, 0, *_robot_cancel(who, piece))
    if _legal(state, who.seat, A.build(piece)) is not None:
        return _decline(who, DeclineReason.NOT_NOW, None, f"You can't build a {PIECE_WORDS[piece]} now.", 0, 0,
                        *_robot_cancel(who, piece))
    return Forward(A.build(piece))


def _ask_special_build(who: Request, state):
    """``BuildRequest(-1)``: any player asks to build in the special building phase (5-6 players)."""
    ask = getattr(A, "ASK_SPECIAL_BUILD", None)
    if ask is not None and _legal(state, who.seat, ask) is None:
        return Forward(ask)
    if not getattr(state, "special_building", False):
        return _decline(who, DeclineReason.NOT_THIS_GAME, None,
                        "House rule: Special Building phase requires 5 or 6 players.")
    return _decline(who, DeclineReason.NOT_NOW, None, "You can't ask to build now.")


def _undo_put_piece(message: UndoPutPiece, who: Request, state, _reprompt: bool):
    """Option UB: undo one's own last build.  Declined with ``UndoPutPiece(pn -1)``, after the
    undos left (0) when the limit is what stops it, as the Java server 2.7 declines."""
    piece = message.piece_type
    _, nodes, edges = _places(state)
    place = (edges if piece == ROAD else nodes).get(message.coord, -1)
    if message.moved_from == 0 and piece in (ROAD, SETTLEMENT, CITY) and getattr(A, "undo_build", None):
        action = A.undo_build(piece, place)
        if _legal(state, who.seat, action) is None:
            return Forward(action)
    refusal = UndoPutPiece(who.game, -1, piece, message.coord, message.moved_from)
    undos_left = getattr(state, "undos_left", None)
    if undos_left is not None and undos_left[who.seat] == 0:
        return _to(who, PlayerElement(who.game, who.pn, ElementAction.SET, PlayerElementType.NUM_UNDOS_REMAINING, 0),
                   refusal)
    return _to(who, refusal)


def _cancel_build(message: CancelBuildRequest, who: Request, state, _reprompt: bool):
    if who.seat != state.current:
        return _not_your_turn(who)
    piece, phase = message.piece_type, state.phase
    cancellable = {ROAD: phase in ROAD_PLACING, SETTLEMENT: phase is P.PLACING_SETTLEMENT,
                   CITY: phase is P.PLACING_CITY}
    if piece in cancellable:
        if cancellable[piece]:
            return Forward(A.CANCEL_BUILD)
        return _decline(who, DeclineReason.NOT_NOW, state, f"You didn't buy a {PIECE_NAMES[piece]}.")
    if piece == CANCEL_CARD:
        return _decline(who, DeclineReason.NOT_NOW, state, "Can't cancel that development card now.")
    if piece == PieceType.SHIP:
        if _sea(state) and int(phase) in SHIP_PLACING:
            return Forward(A.CANCEL_BUILD)
        return _decline(who, DeclineReason.NOT_NOW, state, "You didn't buy a ship.")
    return _decline(who, DeclineReason.SPECIFICS, state, "Unknown piece type.")


def _move_piece(message: MovePiece, who: Request, state, _reprompt: bool):
    """Moving a ship (sea board): refused with a text and `CancelBuildRequest`, as the Java server."""
    if _sea(state) and who.seat == state.current and message.piece_type == PieceType.SHIP:
        _, _, edges = _places(state)
        action = ("move_ship", edges.get(message.from_coord, -1), edges.get(message.to_coord, -1))
        if _legal(state, who.seat, action) is None:
            return Forward(action)
    return _text(who, "You can't move that ship now.", CancelBuildRequest(who.game, PieceType.SHIP))


# -- dice, discards, robber ----------------------------------------------------------------------
def _roll(message: RollDice, who: Request, state, _reprompt: bool):
    if _legal(state, who.seat, A.ROLL) is not None:
        return _text(who, "You can't roll right now.")
    return _FORWARD_ROLL


def _discard(message: Discard, who: Request, state, reprompt: bool):
    action = A.discard(message.resources[:5])
    if _legal(state, who.seat, action) is None:
        return Forward(action)
    owed = state.discards[who.seat] if state.phase is P.WAITING_FOR_DISCARDS else 0
    again = (DiscardRequest(who.game, owed),) if owed and reprompt else ()
    return _text(who, "You can't discard that many cards.", *again)


def _move_robber(message: MoveRobber, who: Request, state, _reprompt: bool):
    if who.seat != state.current:
        return _not_your_turn(who)
    if message.coord < 0:  # the pirate, at the negated hex
        action = ("pirate", _places(state)[0].get(-message.coord, -1))
        if _sea(state) and _legal(state, who.seat, action) is None:
            return Forward(action)
        return _decline(who, DeclineReason.NOT_NOW, state, "You can't move the pirate.")
    hex_index = _places(state)[0].get(message.coord, -1)
    action = A.robber(hex_index)
    if _legal(state, who.seat, action) is not None:
        return _decline(who, DeclineReason.NOT_NOW, state, "You can't move the robber.")
    return Forward(action)


def _choose_player(message: ChoosePlayer, who: Request, state, _reprompt: bool):
    if who.seat != state.current:
        return _not_your_turn(who)
    if int(state.phase) == ROBBER_OR_PIRATE and message.choice in BANDIT_CHOICES:
        action = ("bandit", BANDIT_CHOICES[message.choice])
        if _legal(state, who.seat, action) is None:
            return Forward(action)
    if int(state.phase) == CLOTH_OR_RESOURCE:  # a victim's pn robs a resource, -(pn + 1) cloth
        action = ("rob_cloth", 1 if message.choice < 0 else 0)
        if _legal(state, who.seat, action) is None:
            return Forward(action)
    if state.phase is not P.WAITING_FOR_ROB_CHOOSE_PLAYER:
        return _decline(who, DeclineReason.NOT_NOW, state, "You can't steal from that player.")
    if message.choice in who.pns or message.choice == ChoosePlayerChoice.NO_PLAYER:
        action = A.rob(who.pns.index(message.choice) if message.choice >= 0 else -1)
        if _legal(state, who.seat, action) is None:
            return Forward(action)
    choices = [False] * who.seats
    for victim in state.victims:
        choices[who.pns[victim]] = True
    return _text(who, "You can't steal from that player.", ChoosePlayerRequest(who.game, tuple(choices)))


# -- development cards -------------------------------------------------------------------------
def _buy_dev(message: BuyDevCardRequest, who: Request, state, _reprompt: bool):
    cancel = _robot_cancel(who, CANCEL_CARD)
    if who.seat != state.current:
        return _not_your_turn(who, *cancel)
    if _legal(state, who.seat, A.BUY_DEV) is None:
        return Forward(A.BUY_DEV)
    if not state.deck:
        return _decline(who, DeclineReason.NOT_THIS_GAME, None, "No more development cards available to buy", 0, 0,
                        *cancel)
    return _decline(who, DeclineReason.NOT_NOW, None, "You can't buy a development card now.", 0, 0, *cancel)


def _play_dev(message: PlayDevCardRequest, who: Request, state, _reprompt: bool):
    if who.seat != state.current:  # answered straight to the client: its log cannot name the player
        return Answer((Entry(UNDETERMINED, DeclinePlayerRequest(who.game, 0, DeclineReason.NOT_YOUR_TURN, 0, 0, None)),))
    card = CARD_FROM_JS.get(message.card)
    if card is not None and _legal(state, who.seat, A.play_dev(card)) is None:
        return Forward(A.play_dev(card))
    if who.robot:
        return _to(who, DevCardAction(who.game, -1, DevCardActionType.CANNOT_PLAY, (message.card,)))
    if card is None:
        return _decline(who, DeclineReason.NOT_NOW, state, "That card type is unknown.")
    return _decline(who, DeclineReason.NOT_NOW, state, f"You can't play a {CARD_TITLE[message.card]} card now.")


def _pick_resources(message: PickResources, who: Request, state, _reprompt: bool):
    if int(state.phase) in PICKING_PHASES:  # the sea board's free picks (gold hex, fog, fleet)
        action = ("pick_free", tuple(message.resources[:5]))
        if _legal(state, who.seat, action) is None:
            return Forward(action)
        owed = state.picks[who.seat]
        return _text(who, "You can't pick that many resources.",
                     SimpleRequest(who.game, who.pn, SimpleRequestType.PROMPT_PICK_RESOURCES, owed, 0))
    if state.phase is not P.WAITING_FOR_DISCOVERY:
        no_picks = PlayerElement(who.game, who.pn, ElementAction.SET, PlayerElementType.NUM_PICK_GOLD_HEX_RESOURCES, 0)
        return _text(who, "You can't pick that many resources.", no_picks)
    if who.seat != state.current:
        return _not_your_turn(who)
    amounts = message.resources
    if sum(amounts) != 2 or min(amounts) < 0:
        return _text(who, "That is not a legal Year of Plenty pick.",
                     SimpleRequest(who.game, who.pn, SimpleRequestType.PROMPT_PICK_RESOURCES, 2, 0))
    picked = [r for r in range(5) for _ in range(amounts[r])]
    action = A.pick_resources(picked[0], picked[1])
    if _legal(state, who.seat, action) is not None:
        return _decline(who, DeclineReason.SPECIFICS, state, "That is not a legal Year of Plenty pick.")
    return Forward(action)


def _pick_resource_type(message: PickResourceType, who: Request, state, _reprompt: bool):
    if who.seat != state.current:
        return _not_your_turn(who)
    action = A.monopoly(message.resource - 1)
    if _legal(state, who.seat, action) is not None:
        return _decline(who, DeclineReason.NOT_NOW, state, "You can't play a Monopoly card now.")
    return Forward(action)


# -- trades ----------------------------------------------------------------------------------------
def _make_offer(message: MakeOffer, who: Request, state, _reprompt: bool):
    if not state.trading:
        return _text(who, "Trading is not allowed in this game.")
    to = tuple(who.pns.index(pn) for pn, flagged in enumerate(message.to)
               if flagged and pn in who.pns and pn != who.pn)
    action = A.offer(message.give, message.get, to)
    if _legal(state, who.seat, action) is not None:
        return _to(who, RejectOffer(who.game, who.pn, RejectOfferReason.CANNOT_MAKE_OFFER))
    return Forward(action)


def _accept_offer(message: AcceptOffer, who: Request, state, _reprompt: bool):
    action = A.accept(who.pns.index(message.offering) if message.offering in who.pns else -1)
    if _legal(state, who.seat, action) is not None:
        return _to(who, RejectOffer(who.game, who.pn, RejectOfferReason.CANNOT_MAKE_TRADE))
    return Forward(action)


def _reject_offer(message: RejectOffer, who: Request, state, _reprompt: bool):
    if _legal(state, who.seat, A.REJECT) is None:
        return Forward(A.REJECT)
    return Answer((Entry(ALL, RejectOffer(who.game, who.pn)),))  # announced even with no offer to reject


def _clear_offer(message: ClearOffer, who: Request, state, _reprompt: bool):
    if _legal(state, who.seat, A.WITHDRAW) is None:
        return Forward(A.WITHDRAW)
    return Answer((Entry(ALL, ClearOffer(who.game, who.pn)), Entry(ALL, ClearTradeMsg(who.game, -1))))


def _bank_trade(message: BankTrade, who: Request, state, _reprompt: bool):
    if who.seat != state.current:
        return _to(who, RejectOffer(who.game, -1, RejectOfferReason.NOT_YOUR_TURN))
    action = A.bank_trade(message.give, message.get)
    if _legal(state, who.seat, action) is not None:
        return _to(who, RejectOffer(who.game, -1, RejectOfferReason.CANNOT_MAKE_TRADE))
    return Forward(action)


# -- turn ----------------------------------------------------------------------------------------
def _end_turn(message: EndTurn, who: Request, state, _reprompt: bool):
    if state.is_over:
        return _text(who, "The game is over; you are the winner!" if state.winner == who.seat
                     else "The game is over.")
    if who.seat != state.current:
        return _text(who, "It's not your turn.")
    if _legal(state, who.seat, A.END_TURN) is not None:
        return _text(who, "You can't end your turn yet.", GameState(who.game, int(state.phase)))
    return _FORWARD_END_TURN


def _simple_request(message: SimpleRequest, who: Request, state, _reprompt: bool):
    """Pirate Islands' fortress attack, The Forgotten Tribe's harbour placing; refused with pn -1."""
    if message.request_type == SimpleRequestType.SC_PIRI_FORT_ATTACK:
        action: tuple = ("attack_fortress",)
    elif message.request_type == SimpleRequestType.TRADE_PORT_PLACE:
        action = ("place_harbor", _places(state)[2].get(message.value1, -1))
    else:
        action = ()
    if action and _sea(state) and _legal(state, who.seat, action) is None:
        return Forward(action)
    return _to(who, SimpleRequest(who.game, -1, message.request_type, 0, 0))


def _special_item(message: SetSpecialItem, who: Request, state, _reprompt: bool):
    """Wonders: PICK builds the wonder's next level (its first picks the wonder); refused with DECLINE."""
    if message.op == SetSpecialItem.PICK and message.type_key == WONDER_KEY and _sea(state):
        action = ("wonder", message.game_index - 1)
        if _legal(state, who.seat, action) is None:
            return Forward(action)
    return _to(who, SetSpecialItem(who.game, SetSpecialItem.DECLINE, message.type_key, message.game_index,
                                   message.player_index, -1, -1, 0, None))


#: why a harbour kept cannot be placed now: not held, not the moment, no coastal room
_CANNOT_PLAY = {"NO_HARBOR": 1, "BAD_LOCATION": 4}
_NOT_NOW = 2


def _inventory_item(message: InventoryItemAction, who: Request, state, _reprompt: bool):
    """The Forgotten Tribe: PLAY a harbour kept (its negated port type) to place it now; the
    server answers PLAYED then the placing state (the narrator), or CANNOT_PLAY with a reason."""
    js_port = -message.item_type  # 0 is the 3:1 harbour
    if message.action == InventoryItemAction.PLAY and 0 <= js_port < len(HARBOR_OF_JS) and _sea(state):
        kind = HARBOR_OF_JS[js_port]
        action = ("play_harbor", kind)
        try:
            state.check(who.seat, action)
        except IllegalAction as refusal:
            reason = _CANNOT_PLAY.get(refusal.code, _NOT_NOW)
        else:
            return Forward(action)
    else:
        reason = _CANNOT_PLAY["NO_HARBOR"]
    return _to(who, InventoryItemAction(who.game, who.pn, InventoryItemAction.CANNOT_PLAY, message.item_type, reason))


_HANDLERS = {
    PutPiece: _put_piece, BuildRequest: _build_request, CancelBuildRequest: _cancel_build, MovePiece: _move_piece,
    RollDice: _roll, Discard: _discard, MoveRobber: _move_robber, ChoosePlayer: _choose_player,
    BuyDevCardRequest: _buy_dev, PlayDevCardRequest: _play_dev, PickResources: _pick_resources,
    PickResourceType: _pick_resource_type, MakeOffer: _make_offer, AcceptOffer: _accept_offer,
    RejectOffer: _reject_offer, ClearOffer: _clear_offer, BankTrade: _bank_trade, EndTurn: _end_turn,
    SimpleRequest: _simple_request, UndoPutPiece: _undo_put_piece, SetSpecialItem: _special_item,
    InventoryItemAction: _inventory_item,
}


# -- the other way: the request a client sends for an engine action ------------------------------
JS_CARD = {card: js for js, card in CARD_FROM_JS.items()}
CANCELLED_PIECE = {P.PLACING_ROAD: ROAD, P.PLACING_FREE_ROAD1: ROAD, P.PLACING_FREE_ROAD2: ROAD,
                   P.PLACING_SETTLEMENT: SETTLEMENT, P.PLACING_CITY: CITY, SHIP_PLACING[0]: PieceType.SHIP}


def request_for(action: tuple, who: Request, state) -> Message:
    """The message a JSettlers client sends to take `action` (in `state`, before it is taken),
    written as the Java robot writes it (e.g. ``accepting=0`` in `AcceptOffer`)."""
    game, kind = who.game, action[0]
    geo = getattr(state, "geo", None)
    hexes, nodes, edges = (geo.js_hexes, geo.js_nodes, geo.js_edges) if geo is not None else (JS_HEXES, JS_NODES,
                                                                                             JS_EDGES)
    if kind in ("settlement", "road", "city", "ship"):
        piece = {"road": ROAD, "settlement": SETTLEMENT, "city": CITY, "ship": PieceType.SHIP}[kind]
        coord = edges[action[1]] if piece in ROUTE_PIECES else nodes[action[1]]
        return PutPiece(game, who.pn, piece, coord)
    if kind == "move_ship":
        return MovePiece(game, who.pn, PieceType.SHIP, edges[action[1]], edges[action[2]])
    if kind == "bandit":
        return ChoosePlayer(game, ChoosePlayerChoice.MOVE_PIRATE if action[1] else ChoosePlayerChoice.MOVE_ROBBER)
    if kind == "pirate":
        return MoveRobber(game, who.pn, -hexes[action[1]])
    if kind == "rob_cloth":
        victim = who.pns[state.cloth_victim]
        return ChoosePlayer(game, -(victim + 1) if action[1] else victim)
    if kind == "pick_free":
        return PickResources(game, tuple(action[1]))  # type: ignore[arg-type]
    if kind == "attack_fortress":
        return SimpleRequest(game, who.pn, SimpleRequestType.SC_PIRI_FORT_ATTACK, 0, 0)
    if kind == "wonder":
        return SetSpecialItem(game, SetSpecialItem.PICK, WONDER_KEY, action[1] + 1, 0, -1, -1, 0, None)
    if kind == "play_harbor":
        return InventoryItemAction(game, who.pn, InventoryItemAction.PLAY, -port_type(action[1]))
    if kind == "place_harbor":
        return SimpleRequest(game, who.pn, SimpleRequestType.TRADE_PORT_PLACE, edges[action[1]], 0)
    if kind == "ask_special_build":
        return BuildRequest(game, ASK_SPECIAL_BUILD)
    if kind == "undo_build":
        return UndoPutPiece(game, who.pn, action[1], edges[action[2]] if action[1] == ROAD else nodes[action[2]])
    if kind == "build":
        return BuildRequest(game, action[1])
    if kind == "cancel_build":
        return CancelBuildRequest(game, CANCELLED_PIECE[int(state.phase)])
    if kind == "buy_dev":
        return BuyDevCardRequest(game)
    if kind == "play_dev":
        return PlayDevCardRequest(game, int(JS_CARD[action[1]]))
    if kind == "pick_resources":
        amounts = [0] * 5
        amounts[action[1]] += 1
        amounts[action[2]] += 1
        return PickResources(game, tuple(amounts))  # type: ignore[arg-type]
    if kind == "monopoly":
        return PickResourceType(game, action[1] + 1)
    if kind == "roll":
        return RollDice(game)
    if kind == "discard":
        return Discard(game, (*action[1], 0))  # type: ignore[arg-type]
    if kind == "robber":
        return MoveRobber(game, who.pn, hexes[action[1]])
    if kind == "rob":
        return ChoosePlayer(game, who.pns[action[1]] if action[1] >= 0 else ChoosePlayerChoice.NO_PLAYER)
    if kind == "bank_trade":
        return BankTrade(game, action[1], action[2])
    if kind == "offer":
        to = [False] * who.seats
        for seat in action[3]:
            to[who.pns[seat]] = True
        return MakeOffer(game, who.pn, tuple(to), action[1], action[2])
    if kind == "accept":
        return AcceptOffer(game, 0, who.pns[action[1]])
    if kind == "reject":
        return RejectOffer(game, 0)
    if kind == "withdraw":
        return ClearOffer(game, 0)
    if kind == "end_turn":
        return EndTurn(game)
    raise ValueError(f"no JSettlers request for {action!r}")

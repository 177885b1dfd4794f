"""What a client joining a game under way is told: the whole picture, as the Java server's
``joinGame`` sends it (sans-I/O).

After `JoinGameAuth`, the seat locks and a `SitDown` per seated player, the Java server sends the
real board, every player's potential settlements, the current player, then per player its pieces
in the order they were placed (a city as the settlement it was, then the city), its public
counts (last settlement, resources in hand as a number, knights, pieces left), its undos left
where the game limits them (2.7.00), one unknown development card per card held, its face, the
dice after player 0, and its open trade offer;
then the deck, round, first player, longest road and largest army, the members and the state.
Hidden information stays hidden: hands are counts, cards are unknown.

A person who takes over a robot's seat is then told that seat's secrets, and only that seat's
(`seat_hand`): its resources by type and its development cards, and what the seat must do now.
"""

from __future__ import annotations

from typing import Sequence

from ..constants import CITY, JS_DEV_CARD, ROAD, SETTLEMENT, SHIP, VICTORY_POINT, Phase
from ..geometry import JS_EDGES, JS_NODES
from .board_layout import layout_message
from .constants import DevCardActionType, ElementAction, GameElementType as GE, PlayerElementType as PE
from .game_messages import (
    ChangeFace,
    ChoosePlayerRequest,
    DevCardAction,
    DiceResult,
    DiscardRequest,
    GameElements,
    GameState,
    MakeOffer,
    PlayerElement,
    PlayerElements,
    PotentialSettlements,
    PutPiece,
)
from .message import Message
from .soclog import ALL, Entry, to_player

JOINED_STARTED_BOTS = "This game has started. To play, take over a robot."
JOINED_STARTED = "This game has started; no new players can sit down."
SETUP_PHASES = (Phase.START1A, Phase.START1B, Phase.START2A, Phase.START2B)


def pieces_in_order(actions: Sequence[tuple]) -> list[list[tuple[int, int]]]:
    """Each seat's pieces on the board as (piece type, engine place), in the order placed; a
    city takes the place of the settlement it was built on at the end of the list (JSettlers
    keeps a player's pieces that way), a moved ship keeps its place in the list.  `actions` are (seat, engine action) in record order."""
    seats: dict[int, list[tuple[int, int]]] = {}
    for seat, action in actions:
        kind = action[0]
        if kind == "undo_build":  # the piece is taken back (a city becomes the settlement it was)
            pieces = seats.setdefault(seat, [])
            piece, place = action[1], action[2]
            pieces.remove((piece, place))
            if piece == CITY:
                pieces.append((SETTLEMENT, place))
            continue
        if kind == "move_ship":
            pieces = seats.setdefault(seat, [])
            pieces[pieces.index((SHIP, action[1]))] = (SHIP, action[2])
            continue
        if kind == "ship":
            seats.setdefault(seat, []).append((SHIP, action[1]))
            continue
        if kind not in ("road", "settlement", "city"):
            continue
        pieces = seats.setdefault(seat, [])
        if kind == "city":
            pieces.remove((SETTLEMENT, action[1]))
            pieces.append((CITY, action[1]))
        else:
            pieces.append((ROAD if kind == "road" else SETTLEMENT, action[1]))
    return [seats.get(seat, []) for seat in range(max(seats, default=-1) + 1)]


def started_game_picture(game: str, state, pns: Sequence[int], faces: Sequence[int],
                         actions: Sequence[tuple]) -> list[Message]:
    """The messages from the board layout to the last game element (the caller adds the
    joining frame around them: auth, locks, seats, then members and state)."""
    seats = len(faces)  # the game's seats: per-seat arrays have this length
    geo = getattr(state, "geo", None)
    nodes, edges = (geo.js_nodes, geo.js_edges) if geo is not None else (JS_NODES, JS_EDGES)
    out: list[Message] = [layout_message(game, state)]
    for seat, pn in enumerate(pns):
        spots = tuple(nodes[n] for n in state.settlement_spots(seat))
        out.append(PotentialSettlements(game, pn, spots))
    out.append(GameElements(game, ((GE.CURRENT_PLAYER, pns[state.current]),)))
    placed = pieces_in_order(actions)
    dice = sum(state.dice) if any(state.dice) else -1
    undos_left = state.undos_left  # None: no limit, nothing to count
    for seat, pn in enumerate(pns):
        pieces = placed[seat] if seat < len(placed) else []
        last_settlement = 0
        for piece, place in pieces:
            coord = edges[place] if piece in (ROAD, SHIP) else nodes[place]
            if piece == CITY:
                out.append(PutPiece(game, pn, SETTLEMENT, coord))
            out.append(PutPiece(game, pn, piece, coord))
            if piece == SETTLEMENT:
                last_settlement = coord
        stock = tuple(zip((PE.ROADS, PE.SETTLEMENTS, PE.CITIES, PE.SHIPS), state.pieces[seat]))  # ships: sea
        out.append(PlayerElements(game, pn, ElementAction.SET, (
            (PE.LAST_SETTLEMENT_NODE, last_settlement), (PE.UNKNOWN_RESOURCE, sum(state.hands[seat])),
            (PE.NUMKNIGHTS, state.knights[seat]), *stock)))
        if undos_left is not None:
            out.append(PlayerElement(game, pn, ElementAction.SET, PE.NUM_UNDOS_REMAINING, undos_left[seat]))
        cards = sum(state.dev_old[seat]) + sum(state.dev_new[seat])
        out.extend(DevCardAction(game, pn, DevCardActionType.ADD_OLD, (0,)) for _ in range(cards))
        out.append(ChangeFace(game, pn, faces[pn]))
        if seat == 0:
            out.append(DiceResult(game, dice))
        offer = state.offers[seat]
        if offer is not None:
            out.append(_offer_message(game, pn, pns, offer, seats))
    longest = -1 if state.longest_road < 0 else pns[state.longest_road]
    largest = -1 if state.largest_army < 0 else pns[state.largest_army]
    rounds = 0 if state.phase in SETUP_PHASES else state.round + 1  # JSettlers counts from 1 after setup
    out.append(GameElements(game, ((GE.DEV_CARD_COUNT, len(state.deck)), (GE.ROUND_COUNT, rounds),
                                   (GE.FIRST_PLAYER, pns[state.first]), (GE.LONGEST_ROAD_PLAYER, longest),
                                   (GE.LARGEST_ARMY_PLAYER, largest))))
    return out


def _offer_message(game: str, pn: int, pns: Sequence[int], offer, seats: int) -> MakeOffer:
    give, get, to = offer[0], offer[1], offer[2]
    flags = [False] * seats
    for seat in to:
        flags[pns[seat]] = True
    return MakeOffer(game, pn, tuple(flags), tuple(give), tuple(get))


def seat_hand(game: str, state, seat: int, pn: int, pns: Sequence[int], seats: int) -> list[Entry]:
    """What the new player of seat `pn` (engine seat `seat`) is told after its `SitDown`, as the
    Java server's sit-down of a person in a robot's seat: its hand by type (``pN``); its
    development cards, first the unknown ones its client counted taken back (PLAY of card 0),
    then each card by type, playable ones (ADD_OLD) before those bought this turn (ADD_NEW); the
    game state; and the request the seat must answer now (discard, choose a victim)."""
    private = to_player(pn)
    hand = state.hands[seat]
    out = [Entry(private, PlayerElements(game, pn, ElementAction.SET, (
        *((PE.CLAY + r, hand[r]) for r in range(5)), (PE.UNKNOWN_RESOURCE, 0))))]
    old, new = state.dev_old[seat], state.dev_new[seat]
    out += [Entry(private, DevCardAction(game, pn, DevCardActionType.PLAY, (0,)))
            for _ in range(sum(old) + sum(new))]
    vp_cards = list(state.vp_cards[seat])  # in the order bought: the newest are this turn's
    vp_old, vp_new = vp_cards[:old[VICTORY_POINT]], vp_cards[len(vp_cards) - new[VICTORY_POINT]:]
    for action, counts, vps in ((DevCardActionType.ADD_OLD, old, vp_old), (DevCardActionType.ADD_NEW, new, vp_new)):
        cards = [JS_DEV_CARD[kind] for kind in range(VICTORY_POINT) for _ in range(counts[kind])]
        cards += [JS_DEV_CARD[card] for card in vps]
        out += [Entry(private, DevCardAction(game, pn, action, (card,))) for card in cards]
    out.append(Entry(ALL, GameState(game, int(state.phase))))
    if state.phase is Phase.WAITING_FOR_DISCARDS and state.discards[seat]:
        out.append(Entry(private, DiscardRequest(game, state.discards[seat])))
    elif state.phase is Phase.WAITING_FOR_ROB_CHOOSE_PLAYER and state.current == seat:
        flags = [False] * seats  # one per player number of the game
        for victim in state.victims:
            flags[pns[victim]] = True
        out.append(Entry(private, ChoosePlayerRequest(game, tuple(flags))))
    return out

"""Every action sequence of the seed (``Message-Sequences-for-Game-Actions.md``) on the classic
board, and the server's answers to requests it refuses.

A `Table` plays a 4-seat game on the beginner board through the request interpreter and the
narrator: client messages in, the server's `.soclog` entries out.  Sequences the two recorded
games cover are checked message for message in `test_conformance_game`; here are the others
(monopoly, cancelled builds, harbour and undone bank trades, the free placements of Road
Building played before the roll...) and the refusals.  Seat p3 is current, as in the seed.
"""

from __future__ import annotations

import pytest

from tablehall.games.catan import SPEC
from tablehall.games.catan.constants import MONOPOLY, KNIGHT, ROAD_BUILDING, YEAR_OF_PLENTY, Phase
from tablehall.games.catan.geometry import HEX_NODES, JS_EDGES, JS_HEXES, JS_NODES, edge_between
from tablehall.games.catan.jsettlers import (
    AcceptOffer,
    BankTrade,
    BuildRequest,
    BuyDevCardRequest,
    CancelBuildRequest,
    ChoosePlayer,
    ClearOffer,
    Discard,
    EndTurn,
    MakeOffer,
    MoveRobber,
    PickResources,
    PickResourceType,
    PlayDevCardRequest,
    PutPiece,
    RejectOffer,
    RollDice,
)
from tablehall.games.catan.jsettlers.narrator import Narrator
from tablehall.games.catan.jsettlers.requests import Answer, Forward, Request, interpret

from ..catan.helpers import SPOTS, empty_hands, give

G = "test"
NAMES = {0: "p0", 1: "p1", 2: "p2", 3: "p3"}


class Table:
    def __init__(self, dice: str = "", robots: tuple[int, ...] = (), **options) -> None:
        self.state = SPEC.new(4, {"layout": "beginner", "first_player": 3, "dice": dice, **options}, 7)
        self.robots = {pn: pn in robots for pn in range(4)}
        self.narrator = Narrator(G, (0, 1, 2, 3), NAMES, self.robots, elapsed=lambda: 754)
        self.narrator.start(self.state)
        for node, towards in SPOTS:
            seat = self.state.current
            self.send(seat, PutPiece(G, seat, 1, JS_NODES[node]))
            self.send(seat, PutPiece(G, seat, 0, JS_EDGES[edge_between(node, towards)]))
        assert self.state.phase is Phase.ROLL_OR_CARD and self.state.current == 3

    def send(self, pn: int, message) -> list[str]:
        """The server's entries (``audience:toString``) for a client message from seat `pn`."""
        decision = interpret(message, Request(pn, pn, self.robots[pn], (0, 1, 2, 3), G), self.state)
        if isinstance(decision, Forward):
            events = self.state.apply(pn, decision.action)
            entries = self.narrator.action(pn, decision.action, events, self.state)
        else:
            assert isinstance(decision, Answer)
            entries = list(decision.entries)
        return [e.render() for e in entries]

    def hand(self, pn: int, clay=0, ore=0, sheep=0, wheat=0, wood=0) -> None:
        hand = self.state.hands[pn]
        for r in range(5):
            self.state.bank[r] += hand[r]
            hand[r] = 0
        give(self.state, pn, (clay, ore, sheep, wheat, wood))

    def card(self, pn: int, card: int) -> None:
        self.state.dev_old[pn][card] += 1

    def roll_to_play(self, pn: int = 3) -> None:
        self.send(pn, RollDice(G))
        assert self.state.phase is Phase.PLAY1


def roads_to_a_free_spot(table: Table) -> tuple[int, int]:
    """Build p3 a first road so that one more road reaches a free settlement spot; return that
    second road and the spot."""
    state = table.state
    for first in state.road_spots(3):
        trial = state.copy()
        trial.hands[3] = [5, 5, 5, 5, 5]
        trial.apply(3, ("road", first))
        for second in trial.road_spots(3):
            after = trial.copy()
            after.apply(3, ("road", second))
            if after.settlement_spots(3):
                table.send(3, PutPiece(G, 3, 0, JS_EDGES[first]))
                return second, after.settlement_spots(3)[0]
    raise AssertionError("no spot two roads away")


def res(prefix: str, clay=0, ore=0, sheep=0, wheat=0, wood=0, unknown=0) -> str:
    return f"{prefix}=clay={clay}|ore={ore}|sheep={sheep}|wheat={wheat}|wood={wood}|unknown={unknown}"


def elements(pn: int, action: str, **amounts) -> str:
    codes = {"clay": 1, "ore": 2, "sheep": 3, "wheat": 4, "wood": 5}
    listed = ",".join(f"e{codes[k]}={v}" for k, v in amounts.items())
    return f"all:SOCPlayerElements:game={G}|playerNum={pn}|actionType={action}|{listed}"


def state(n: int) -> str:
    return f"all:SOCGameState:game={G}|state={n}"


def text(line: str, audience: str = "all") -> str:
    return f"{audience}:SOCGameServerText:game={G}|text={line}"


@pytest.fixture
def table() -> Table:
    return Table(dice="6 6 6 6")


# -- building -------------------------------------------------------------------------------------
def test_settlement_city_and_road_put_directly_pay_then_place(table):
    table.roll_to_play()
    empty_hands(table.state)
    table.hand(3, clay=3, ore=3, sheep=1, wheat=3, wood=3)
    road, node = roads_to_a_free_spot(table)
    assert table.send(3, PutPiece(G, 3, 0, JS_EDGES[road])) == [
        elements(3, "LOSE", clay=1, wood=1), text("p3 built a road."),
        f"all:SOCPutPiece:game={G}|playerNumber=3|pieceType=0|coord={JS_EDGES[road]:x}", state(20)]
    assert table.send(3, PutPiece(G, 3, 1, JS_NODES[node])) == [
        elements(3, "LOSE", clay=1, sheep=1, wheat=1, wood=1), text("p3 built a settlement."),
        f"all:SOCPutPiece:game={G}|playerNumber=3|pieceType=1|coord={JS_NODES[node]:x}", state(20)]
    assert table.send(3, PutPiece(G, 3, 2, JS_NODES[node])) == [
        elements(3, "LOSE", ore=3, wheat=2), text("p3 built a city."),
        f"all:SOCPutPiece:game={G}|playerNumber=3|pieceType=2|coord={JS_NODES[node]:x}", state(20)]


@pytest.mark.parametrize("piece, placing, cost", [
    (0, 30, {"clay": 1, "wood": 1}),
    (1, 31, {"clay": 1, "sheep": 1, "wheat": 1, "wood": 1}),
    (2, 32, {"ore": 3, "wheat": 2}),
])
def test_build_request_then_cancel_refunds(table, piece, placing, cost):
    table.roll_to_play()
    table.hand(3, clay=1, ore=3, sheep=1, wheat=2, wood=1)
    if piece == 1:  # a settlement needs a free spot on p3's roads
        table.hand(3, clay=2, wood=2)
        road, _ = roads_to_a_free_spot(table)
        table.send(3, PutPiece(G, 3, 0, JS_EDGES[road]))
        table.hand(3, clay=1, ore=3, sheep=1, wheat=2, wood=1)
    assert table.send(3, BuildRequest(G, piece)) == [elements(3, "LOSE", **cost), state(placing)]
    assert table.send(3, CancelBuildRequest(G, piece)) == [elements(3, "GAIN", **cost), state(20)]
    assert table.state.hands[3] == [1, 3, 1, 2, 1]


def test_build_request_then_put_piece(table):
    table.roll_to_play()
    table.hand(3, clay=1, wood=1)
    edge = table.state.road_spots(3)[0]
    assert table.send(3, BuildRequest(G, 0)) == [elements(3, "LOSE", clay=1, wood=1), state(30)]
    assert table.send(3, PutPiece(G, 3, 0, JS_EDGES[edge])) == [
        text("p3 built a road."), f"all:SOCPutPiece:game={G}|playerNumber=3|pieceType=0|coord={JS_EDGES[edge]:x}",
        state(20)]


# -- development cards ----------------------------------------------------------------------------
def test_buy_dev_card_tells_only_the_buyer_which_card(table):
    table.roll_to_play()
    table.hand(3, ore=1, sheep=1, wheat=1)
    card = table.state.deck[-1]
    js = (9, 1, 2, 3, 4, 5, 6, 7, 8)[card]
    assert table.send(3, BuyDevCardRequest(G)) == [
        elements(3, "LOSE", ore=1, sheep=1, wheat=1),
        f"p3:SOCDevCardAction:game={G}|playerNum=3|actionType=DRAW|cardType={js}",
        f"!p3:SOCDevCardAction:game={G}|playerNum=3|actionType=DRAW|cardType=0",
        f"all:SOCSimpleAction:game={G}|pn=3|actType=1|v1=24|v2=0", state(20)]


def test_monopoly_takes_from_each_victim_and_tells_the_human_victims(table):
    table.robots[2] = table.narrator.robots[2] = True
    table.roll_to_play()
    table.card(3, MONOPOLY)
    table.hand(1, sheep=5, wood=2)
    table.hand(2, sheep=1, clay=1)
    table.hand(0, wood=1)
    table.hand(3, sheep=0)
    assert table.send(3, PlayDevCardRequest(G, 3)) == [
        f"all:SOCDevCardAction:game={G}|playerNum=3|actionType=PLAY|cardType=3",
        f"all:SOCPlayerElement:game={G}|playerNum=3|actionType=SET|elementType=19|amount=1",
        text("p3 played a Monopoly card."), state(53)]
    assert table.send(3, PickResourceType(G, 3)) == [
        f"all:SOCPlayerElement:game={G}|playerNum=1|actionType=SET|elementType=3|amount=0|news=Y",
        f"all:SOCResourceCount:game={G}|playerNum=1|count=2",
        f"all:SOCPlayerElement:game={G}|playerNum=2|actionType=SET|elementType=3|amount=0|news=Y",
        f"all:SOCResourceCount:game={G}|playerNum=2|count=1",
        f"all:SOCPlayerElement:game={G}|playerNum=3|actionType=GAIN|elementType=3|amount=6",
        f"all:SOCSimpleAction:game={G}|pn=3|actType=3|v1=6|v2=3",
        text("p3's Monopoly took your 5 sheep.", "p1"),  # p2 is a robot: no text
        state(20)]


def test_monopoly_of_a_resource_nobody_has(table):
    table.roll_to_play()
    table.card(3, MONOPOLY)
    for pn in range(4):
        table.hand(pn, clay=1)
    table.send(3, PlayDevCardRequest(G, 3))
    assert table.send(3, PickResourceType(G, 5)) == [
        f"all:SOCPlayerElement:game={G}|playerNum=3|actionType=GAIN|elementType=5|amount=0",
        f"all:SOCSimpleAction:game={G}|pn=3|actType=3|v1=0|v2=5", state(20)]


def test_road_building_before_the_roll_returns_to_the_roll(table):
    table.card(3, ROAD_BUILDING)
    assert table.send(3, PlayDevCardRequest(G, 1)) == [
        f"all:SOCDevCardAction:game={G}|playerNum=3|actionType=PLAY|cardType=1",
        f"all:SOCPlayerElement:game={G}|playerNum=3|actionType=SET|elementType=19|amount=1",
        text("p3 played a Road Building card."), state(40), text("You may place 2 roads.", "p3")]
    first = table.state.road_spots(3)[0]
    assert table.send(3, PutPiece(G, 3, 0, JS_EDGES[first]))[-2:] == [
        state(41), text("You may place your remaining free road.", "p3")]
    second = table.state.road_spots(3)[0]
    assert table.send(3, PutPiece(G, 3, 0, JS_EDGES[second]))[-2:] == [
        state(15), f"all:SOCRollDicePrompt:game={G}|playerNumber=3"]


def test_year_of_plenty(table):
    table.roll_to_play()
    table.card(3, YEAR_OF_PLENTY)
    assert table.send(3, PlayDevCardRequest(G, 2))[-2:] == [text("p3 played a Year of Plenty card."), state(52)]
    assert table.send(3, PickResources(G, (0, 1, 0, 1, 0))) == [
        f"all:SOCPickResources:game={G}|{res('resources', ore=1, wheat=1)}|pn=3|reason=2", state(20)]


def test_third_soldier_takes_largest_army(table):
    table.state.knights[3] = 2
    table.state.played[3][KNIGHT] = 2
    table.card(3, KNIGHT)
    assert table.send(3, PlayDevCardRequest(G, 9)) == [
        text("p3 played a Soldier card."),
        f"all:SOCDevCardAction:game={G}|playerNum=3|actionType=PLAY|cardType=9",
        f"all:SOCPlayerElement:game={G}|playerNum=3|actionType=SET|elementType=19|amount=1",
        f"all:SOCPlayerElement:game={G}|playerNum=3|actionType=GAIN|elementType=15|amount=1",
        f"all:SOCGameElements:game={G}|e5=3", state(33), text("p3 will move the robber.")]


# -- the robber -----------------------------------------------------------------------------------
def test_seven_with_discards_then_robber_and_a_chosen_victim():
    table = Table(dice="7")
    table.hand(1, clay=4, wood=4)
    table.hand(2, sheep=9)
    assert table.send(3, RollDice(G)) == [
        f"all:SOCDiceResult:game={G}|param=7", state(50), text("p1 and p2 need to discard."),
        f"p1:SOCDiscardRequest:game={G}|numDiscards=4", f"p2:SOCDiscardRequest:game={G}|numDiscards=4"]
    assert table.send(1, Discard(G, (2, 0, 0, 0, 2, 0))) == [
        f"p1:SOCDiscard:game={G}|playerNum=1|{res('resources', clay=2, wood=2)}",
        f"!p1:SOCDiscard:game={G}|playerNum=1|{res('resources', unknown=4)}",
        state(50), text("p2 needs to discard.")]
    assert table.send(2, Discard(G, (0, 0, 4, 0, 0, 0)))[-2:] == [state(33), text("p3 will move the robber.")]
    owner = table.state.node_owner
    target = next(h for h in range(19) if h != table.state.robber
                  and len({owner[n] for n in HEX_NODES[h] if owner[n] not in (-1, 3)}) >= 2)
    victims = sorted({owner[n] for n in HEX_NODES[target] if owner[n] not in (-1, 3)})
    for pn in victims:
        table.hand(pn, wheat=1)
    choices = ", ".join("true" if pn in victims else "false" for pn in range(4))
    assert table.send(3, MoveRobber(G, 3, JS_HEXES[target])) == [
        f"all:SOCMoveRobber:game={G}|playerNumber=3|coord={JS_HEXES[target]:x}",
        text("p3 moved the robber. Must choose a victim."), state(51),
        f"p3:SOCChoosePlayerRequest:game={G}|choices=[{choices}]"]
    victim = victims[0]
    assert table.send(3, ChoosePlayer(G, victim)) == [
        f"p3:SOCRobberyResult:game={G}|perp=3|victim={victim}|resType=4|amount=1|isGainLose=true",
        f"p{victim}:SOCRobberyResult:game={G}|perp=3|victim={victim}|resType=4|amount=1|isGainLose=true",
        f"!p[3, {victim}]:SOCRobberyResult:game={G}|perp=3|victim={victim}|resType=6|amount=1|isGainLose=true",
        state(20)]


# -- trades ---------------------------------------------------------------------------------------
def test_bank_harbor_and_undone_bank_trades(table):
    table.roll_to_play()
    table.hand(3, ore=4, clay=1)
    table.state.ratios[3] = [4, 4, 4, 4, 4]
    give4 = (0, 4, 0, 0, 0)
    trade = f"{res('give', ore=4)}|{res('get', sheep=1)}"
    assert table.send(3, BankTrade(G, give4, (0, 0, 1, 0, 0))) == [f"all:SOCBankTrade:game={G}|{trade}|pn=3"]
    undo = f"{res('give', sheep=1)}|{res('get', ore=4)}"
    assert table.send(3, BankTrade(G, (0, 0, 1, 0, 0), give4)) == [f"all:SOCBankTrade:game={G}|{undo}|pn=3"]
    assert table.state.hands[3] == [1, 4, 0, 0, 0]
    table.state.ratios[3][1] = 2  # a 2:1 ore harbour
    harbor = f"{res('give', ore=2)}|{res('get', wheat=1)}"
    assert table.send(3, BankTrade(G, (0, 2, 0, 0, 0), (0, 0, 0, 1, 0))) == [
        f"all:SOCBankTrade:game={G}|{harbor}|pn=3"]


def test_player_trade_offer_reject_counter_accept_and_clear(table):
    table.roll_to_play()
    table.hand(3, wheat=1, wood=1)
    table.hand(0, ore=1)
    table.hand(1, clay=1)
    offer = f"{res('give', wheat=1)}|{res('get', ore=1)}"
    assert table.send(3, MakeOffer(G, 3, (True, True, False, False), (0, 0, 0, 1, 0), (0, 1, 0, 0, 0))) == [
        f"all:SOCMakeOffer:game={G}|from=3|to=true,true,false,false|{offer}",
        f"all:SOCClearTradeMsg:game={G}|playerNumber=-1"]
    assert table.send(1, RejectOffer(G, 0)) == [f"all:SOCRejectOffer:game={G}|playerNumber=1"]
    assert table.send(0, AcceptOffer(G, 0, 3)) == [
        f"all:SOCAcceptOffer:game={G}|accepting=0|offering=3|{res('toAccepting', wheat=1)}|{res('toOffering', ore=1)}",
        f"all:SOCClearOffer:game={G}|playerNumber=-1"]
    table.send(3, MakeOffer(G, 3, (False, True, False, False), (0, 0, 0, 0, 1), (1, 0, 0, 0, 0)))
    assert table.send(3, ClearOffer(G, 0)) == [
        f"all:SOCClearOffer:game={G}|playerNumber=3", f"all:SOCClearTradeMsg:game={G}|playerNumber=-1"]


# -- turns and the end ----------------------------------------------------------------------------
def test_end_turn_and_next_turn(table):
    table.roll_to_play()
    assert table.send(3, EndTurn(G)) == [
        f"all:SOCClearOffer:game={G}|playerNumber=-1", f"all:SOCTurn:game={G}|playerNumber=0|gameState=15",
        f"all:SOCRollDicePrompt:game={G}|playerNumber=0"]


def test_game_over_reveals_vp_cards_and_scores():
    table = Table(dice="6", vp_to_win=5, robots=(0,))
    table.roll_to_play()
    table.state.dev_old[3][4] = 2
    table.state.vp_cards[3] = [7, 5]
    table.state.dev_old[1][4] = 2
    table.state.vp_cards[1] = [8, 4]
    node = table.state.city_spots(3)[0]
    table.hand(3, ore=3, wheat=2)
    out = table.send(3, PutPiece(G, 3, 2, JS_NODES[node]))
    assert out[3:] == [
        f"all:SOCGameElements:game={G}|e4=3", state(1000), text(">>> p3 has won the game with 5 points."),
        f"all:SOCDevCardAction:game={G}|playerNum=1|actionType=ADD_OLD|cardTypes=[8, 4]",
        f"all:SOCDevCardAction:game={G}|playerNum=3|actionType=ADD_OLD|cardTypes=[7, 5]",
        f"all:SOCGameStats:game={G}|2|4|2|5|true|false|false|false",
        text("This game was 1 rounds, and took 12 minutes 34 seconds."),
        *(f"p{pn}:SOCPlayerStats:game={G}|p=1|{rolled}" for pn, rolled in
          ((1, "p=0|p=0|p=0|p=0|p=0"), (2, "p=0|p=0|p=0|p=0|p=0"), (3, "p=0|p=0|p=0|p=0|p=0")))]


# -- refusals -------------------------------------------------------------------------------------
def test_requests_out_of_turn_are_declined(table):
    assert table.send(1, PutPiece(G, 1, 1, JS_NODES[0])) == [f"p1:SOCDeclinePlayerRequest:game={G}|state=0|reason=2"]
    assert table.send(1, RollDice(G)) == [text("You can't roll right now.", "p1")]
    assert table.send(1, EndTurn(G)) == [text("It's not your turn.", "p1")]
    assert table.send(1, BankTrade(G, (4, 0, 0, 0, 0), (0, 1, 0, 0, 0))) == [
        f"p1:SOCRejectOffer:game={G}|playerNumber=-1|reasonCode=2"]
    assert table.send(1, MoveRobber(G, 1, JS_HEXES[0])) == [f"p1:SOCDeclinePlayerRequest:game={G}|state=0|reason=2"]


def test_requests_in_the_wrong_state_are_declined_with_the_state(table):
    assert table.send(3, EndTurn(G)) == [text("You can't end your turn yet.", "p3"), state(15).replace("all", "p3")]
    assert table.send(3, MoveRobber(G, 3, JS_HEXES[0])) == [
        f"p3:SOCDeclinePlayerRequest:game={G}|state=15|reason=3|detail1=0|detail2=0|text=You can't move the robber."]
    assert table.send(3, BuildRequest(G, 0)) == [
        f"p3:SOCDeclinePlayerRequest:game={G}|state=0|reason=3|detail1=0|detail2=0|text=You can't build now."]
    assert table.send(3, CancelBuildRequest(G, 2)) == [
        f"p3:SOCDeclinePlayerRequest:game={G}|state=15|reason=3|detail1=0|detail2=0|text=You didn't buy a city."]


def test_a_bad_location_is_declined_and_the_robot_told_to_cancel():
    table = Table(dice="6", robots=(3,))
    table.roll_to_play()
    table.hand(3, clay=1, wood=1)
    table.send(3, BuildRequest(G, 0))
    taken = JS_EDGES[next(e for e in range(72) if table.state.edge_owner[e] == 0)]
    assert table.send(3, PutPiece(G, 3, 0, taken)) == [
        f"p3:SOCDeclinePlayerRequest:game={G}|state=0|reason=4|detail1=0|detail2={taken}"
        f"|text=You can't build a road there.",
        f"p3:SOCCancelBuildRequest:game={G}|pieceType=0"]
    assert table.state.phase is Phase.PLACING_ROAD


def test_robots_are_told_a_card_cannot_be_played_humans_get_a_decline():
    table = Table(dice="6", robots=(3,))
    assert table.send(3, PlayDevCardRequest(G, 3)) == [
        f"p3:SOCDevCardAction:game={G}|playerNum=-1|actionType=CANNOT_PLAY|cardType=3"]
    table.robots[3] = False
    assert table.send(3, PlayDevCardRequest(G, 3)) == [
        f"p3:SOCDeclinePlayerRequest:game={G}|state=15|reason=3|detail1=0|detail2=0"
        f"|text=You can't play a Monopoly card now."]


def test_trade_answers_without_an_offer(table):
    table.roll_to_play()
    assert table.send(1, RejectOffer(G, 0)) == [f"all:SOCRejectOffer:game={G}|playerNumber=1"]
    assert table.send(2, ClearOffer(G, 0)) == [
        f"all:SOCClearOffer:game={G}|playerNumber=2", f"all:SOCClearTradeMsg:game={G}|playerNumber=-1"]
    assert table.send(0, AcceptOffer(G, 0, 3)) == [f"p0:SOCRejectOffer:game={G}|playerNumber=0|reasonCode=1"]
    assert table.send(3, BankTrade(G, (1, 0, 0, 0, 0), (0, 1, 0, 0, 0))) == [
        f"p3:SOCRejectOffer:game={G}|playerNumber=-1|reasonCode=1"]
    assert table.send(0, MakeOffer(G, 0, (False, True, False, False), (1, 0, 0, 0, 0), (0, 1, 0, 0, 0))) == [
        f"p0:SOCRejectOffer:game={G}|playerNumber=0|reasonCode=3"]


def test_a_seat_taken_out_is_announced_and_its_turn_passes(table):
    """Without tablehall bots (``bot = ""``) a client that leaves forfeits its seat."""
    from tablehall.core import EndCause

    events = table.state.forfeit(3, EndCause.LEFT, "left")
    assert [e.render() for e in table.narrator.forfeit(3, events, table.state)] == [
        text("p3 has left the game."), f"all:SOCTurn:game={G}|playerNumber=0|gameState=15",
        f"all:SOCRollDicePrompt:game={G}|playerNumber=0"]

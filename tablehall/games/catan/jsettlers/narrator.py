"""The engine's events as the JSettlers server tells them: messages with their audiences.

`Narrator` turns what one action did (the engine's events, the state after it) into the
message sequence ``doc/Message-Sequences-for-Game-Actions.md`` gives for that action, in
the order the Java server 2.7 sends it (cross-checked against the recorded classic games), as
`.soclog` entries: ``all``, ``pN``, ``!pN``.  Hidden information stays where the engine put it:
a private event (a drawn card, a stolen resource, a discard) is told only to the seats its
audience admits, and everybody else gets the version the engine made for them.

Seats: the engine numbers the seated players 0..n-1; JSettlers keeps the seat (player number)
each sat in, so `pns[seat]` is a seat's player number.  Server texts (`GameServerText`) are part
of the sequences; delivery leaves them out for robots, as the Java server does.  A text only
clients older than 2.5.00 are sent (newer ones print it themselves) is not part of the sequence:
the step leaves it in `for_old_clients` for the caller to send to those clients.
"""

from __future__ import annotations

from itertools import compress
from operator import add
from typing import Callable, ClassVar, Iterable, Mapping, Sequence

from tablehall.core import Event

from ..constants import JS_DEV_CARD, KNIGHT, MONOPOLY, PIECE_FROM_NAME, RESOURCE_NAMES, ROAD_BUILDING, SETTLEMENT, Phase
from ..geometry import JS_EDGES, JS_HEXES, JS_NODES
from .board_layout import layout_message
from .constants import (
    MAX_PLAYERS_STANDARD,
    DevCardActionType,
    ElementAction,
    GameElementType as GE,
    PickResourcesReason,
    PlayerElementType as PE,
    Resource,
    SimpleActionType,
    State,
)
from .game_messages import (
    AcceptOffer,
    BankTrade,
    CancelBuildRequest,
    ChoosePlayerRequest,
    ClearOffer,
    ClearTradeMsg,
    DevCardAction,
    DiceResult,
    DiceResultResources,
    Discard,
    DiscardRequest,
    GameElements,
    GameServerText,
    GameState,
    GameStats,
    MakeOffer,
    MoveRobber,
    PickResources,
    PlayerElement,
    PlayerElements,
    PlayerStats,
    PutPiece,
    RejectOffer,
    ResourceCount,
    RobberyResult,
    RollDicePrompt,
    RolledResources,
    SimpleAction,
    StartGame,
    Turn,
    UndoPutPiece,
)
from .message import Message
from .soclog import ALL, Audience, Entry, all_except, to_player

P = Phase
SPECIAL_BUILDING = 100  # the special building phase's game state (5-6 players)
# Clients from 2.5.00 on say "Special building phase: X's turn to place." themselves when the
# `Turn` comes; the Java server sends that text only to older clients.
VERSION_SAYING_SPECIAL_TURNS = 2500
PIECES_AT_START = ((PE.ROADS, 15), (PE.SETTLEMENTS, 5), (PE.CITIES, 4))
DEV_CARDS_AT_START = 25
CARD_TITLES = {KNIGHT: "Soldier", ROAD_BUILDING: "Road Building", 2: "Year of Plenty", MONOPOLY: "Monopoly"}
STATS_RESOURCE_ROLLS = 1  # SOCPlayerStats type: resources gained from dice rolls
SETUP_ROAD_PHASES = (P.START1B, P.START2B)
TURN_ENDS = ("end_turn", "force_end_turn")  # the player's, and the server's for a stalled player
PLACING_PHASES = (State.PLACING_ROAD, State.PLACING_SETTLEMENT, State.PLACING_CITY, State.PLACING_SHIP)
ROUTE_PIECES = (0, 3)  # roads and ships stand on edges
WIRE_PIECES = {**PIECE_FROM_NAME, "ship": 3}  # an engine piece's JSettlers piece type


def wire_resources(vector: Sequence[int]) -> tuple[int, int, int, int, int]:
    """An engine resource vector is already in wire order (clay, ore, sheep, wheat, wood)."""
    return tuple(vector)  # type: ignore[return-value]


def resource_elements(vector: Sequence[int], keep_zeros: bool = False) -> tuple[tuple[int, int], ...]:
    """(element type, amount) pairs of a resource vector, as `PlayerElements` lists them."""
    pairs = zip(range(1, len(vector) + 1), vector)  # element types number the resources from 1
    return tuple(pairs) if keep_zeros else tuple(compress(pairs, vector))


def list_names(names: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b, and c``: how the server's texts list players (the recorded
    sea games show the comma before "and" from three names on)."""
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + ", and " + names[-1]


class Narrator:
    """Tells one game's actions as JSettlers messages (each event kind by `tellers`).

    `names` and `robots` are per player number; `elapsed` gives the seconds since the start
    (for the game-over text).  The narrator follows the game it is told about: call `start`
    with the first state, then `action` (or `forfeit`) after every step, in order.
    """

    tellers: ClassVar[Mapping[str, Callable[["Narrator", Event, Phase], None]]]  # event kind -> its teller

    def __init__(self, game: str, pns: Sequence[int], names: Mapping[int, str], robots: Mapping[int, bool],
                 elapsed: Callable[[], float] = lambda: 0.0, seats: int = MAX_PLAYERS_STANDARD) -> None:
        self.game = game
        self.seats = seats  # the game's seats (JSettlers' maxPlayers): per-seat arrays have this length
        self.pns = tuple(pns)
        self.names = dict(names)
        self.robots = dict(robots)
        self.elapsed = elapsed
        self.rolled_resources = [[0] * 5 for _ in self.pns]
        self._phase: Phase = P.START1A
        self._out: list[Entry] = []
        self._hands: list[list[int]] = []
        self._closing_turn = False
        self._current = 0
        self._known: dict[tuple, Entry] = {}  # `_told`'s entries
        self.for_old_clients: list[Message] = []  # the last step's texts for clients older than 2.5.00
        self._hexes = self._nodes = self._edges = None  # JSettlers coordinates (`_coords`)

    # -- small builders -------------------------------------------------------------------------
    def _coords(self, state) -> None:
        """The board's JSettlers coordinates (classic, or the 6-player board's)."""
        geo = getattr(state, "geo", None)
        self._hexes, self._nodes, self._edges = ((geo.js_hexes, geo.js_nodes, geo.js_edges) if geo is not None
                                                 else (JS_HEXES, JS_NODES, JS_EDGES))

    def name(self, seat: int) -> str:
        return self.names[self.pns[seat]]

    def _send(self, audience: Audience, *messages: Message) -> None:
        self._out.extend([Entry(audience, m) for m in messages])

    def _all(self, *messages: Message) -> None:
        self._out.extend([Entry(ALL, m) for m in messages])

    def _text(self, text: str, audience: Audience = ALL) -> None:
        self._send(audience, GameServerText(self.game, text))

    def _told(self, cls: type[Message], *fields) -> None:
        """Send ``cls(game, *fields)`` to all, as one entry made once per game: the ones every
        turn repeats (a state, a turn, the roll prompt, a dice total, the end of turn's
        `ClearOffer`, a piece's cost and text) are few, and nothing changes a message once made."""
        key = (cls, fields)
        entry = self._known.get(key)
        if entry is None:
            entry = self._known[key] = Entry(ALL, cls(self.game, *fields))
        self._out.append(entry)

    def _audiences(self, event: Event, order: Sequence[int]) -> list[Audience]:
        """The JSettlers audiences of an engine event: one ``pN`` per admitted seat (in `order`),
        or ``!p[..]`` for all-but events, or ``all``."""
        audience = event.audience
        if audience.kind == "all":
            return [ALL]
        seats = [s for s in order if s in audience.seats]
        if audience.kind == "seats":
            return [to_player(self.pns[s]) for s in seats]
        if audience.kind == "all_but":
            return [all_except(*(self.pns[s] for s in seats))]
        raise ValueError(f"no JSettlers audience for {audience}")

    def _take(self) -> list[Entry]:
        out, self._out = self._out, []
        return out

    # -- the start ------------------------------------------------------------------------------
    def start(self, state) -> list[Entry]:
        """The start sequence: the real board, piece counts, the dev card deck, the first turn."""
        game = self.game
        self._coords(state)
        self._start_board(state)
        self._all(PlayerElement(game, -1, ElementAction.SET, PE.PLAYED_DEV_CARD_FLAG, 0),
                  GameElements(game, ((GE.DEV_CARD_COUNT, self._deck_at_start(state)),)))
        self._text("Randomly picking a starting player...")
        self._all(StartGame(game, int(state.phase)))
        self._text(f"It's {self.name(state.current)}'s turn to build a settlement.")
        self._told(Turn, self.pns[state.current], int(state.phase))
        self._phase, self._current = state.phase, state.current
        return self._take()

    def resume(self, state, produced: Iterable[Event]) -> None:
        """Follow a game played on after a restart from `state` (nothing is told: its players
        are told the whole game as they sit down again); `produced`: the game's production
        events so far, for the resources each player got from rolls."""
        self._coords(state)
        self._hands = state.hands
        self._phase, self._current = state.phase, state.current
        for event in produced:
            for seat, gained in enumerate(event.data["gains"]):
                self.rolled_resources[seat] = list(map(add, self.rolled_resources[seat], gained))

    def _start_board(self, state) -> None:
        """The board and every player's pieces in stock."""
        self._all(layout_message(self.game, state))
        for pn in self.pns:
            self._all(PlayerElements(self.game, pn, ElementAction.SET, PIECES_AT_START))

    def _deck_at_start(self, state) -> int:
        return DEV_CARDS_AT_START

    # -- one step -------------------------------------------------------------------------------
    def action(self, seat: int, action: tuple, events: Iterable[Event], state) -> list[Entry]:
        """What the server sends after `seat` took `action` (events as the engine returned them)."""
        before = self._phase
        kind = action[0]
        self.for_old_clients.clear()
        if self._hexes is None:  # the board's coordinates: the same for the whole game
            self._coords(state)
        self._hands = state.hands
        events = list(events)
        forced = next((e.data for e in events if e.kind == "turn_forced"), None)
        # the turn passes: ended (by the player or the server), or (5-6 players) given way to the
        # special building phase by the player to move asking before its roll
        self._closing_turn = (kind == "end_turn" or (forced is not None and forced["ended"])
                              or (kind == "ask_special_build" and int(state.phase) == SPECIAL_BUILDING
                                  and before is P.ROLL_OR_CARD))
        for event in events:
            tell = self.tellers.get(event.kind)
            if tell is not None:
                tell(self, event, before)
        if kind == "robber" and not any(e.kind in ("robbed", "choose_victim") for e in events):
            self._text(f"{self.name(seat)} moved the robber.")
        if kind == "buy_dev":
            left = len(state.deck)
            self._all(SimpleAction(self.game, self.pns[seat], SimpleActionType.DEVCARD_BOUGHT, left, 0))
        if self._closing_turn:
            self._told(ClearOffer, -1)
        elif forced is not None:  # an initial settlement taken back: the placement goes on
            if state.phase is P.ROLL_OR_CARD:
                self._all(GameElements(self.game, ((GE.FIRST_PLAYER, self.pns[state.first]),)))
            kind = "road"  # told as after the road
        self._tail(kind, before, state)
        self._phase, self._current = state.phase, state.current
        return self._take()

    def forfeit(self, seat: int, events: Iterable[Event], state) -> list[Entry]:
        """A seat taken out (left, timed out): its turns are skipped from now on."""
        before = self._phase
        self._hands = state.hands
        self._closing_turn = False
        self.for_old_clients.clear()
        self._text(f"{self.name(seat)} has left the game.")
        for event in events:
            tell = self.tellers.get(event.kind)
            if tell is not None and event.kind != "turn":
                tell(self, event, before)
        if state.is_over:
            self._game_over(state)
        elif state.current != self._current:
            self._turn(state)
        else:
            self._game_state(state)
        self._phase, self._current = state.phase, state.current
        return self._take()

    def _tail(self, kind: str, before: Phase, state) -> None:
        """The end of a sequence: the new state (or the next turn, or the game over)."""
        if state.is_over:
            self._game_over(state)
        elif kind in TURN_ENDS or self._closing_turn:
            self._turn(state)
        elif kind in ("bank_trade", "offer", "accept", "reject", "withdraw", "ask_special_build"):
            return  # trades and asks end without a state: it does not change
        elif kind == "road" and before in SETUP_ROAD_PHASES:
            if state.phase is P.ROLL_OR_CARD:
                self._turn(state)
            else:
                self._text(f"It's {self.name(state.current)}'s turn to build a settlement.")
                self._turn(state)
        elif kind == "discard" and state.phase is P.WAITING_FOR_DISCARDS:
            self._told(GameState, int(state.phase))
            self._discard_text(state)
        else:
            self._game_state(state)

    def _turn(self, state) -> None:
        pn = self.pns[state.current]
        self._told(Turn, pn, int(state.phase))
        if state.phase is P.ROLL_OR_CARD:
            self._told(RollDicePrompt, pn)
        elif int(state.phase) == SPECIAL_BUILDING:
            text = f"Special building phase: {self.name(state.current)}'s turn to place."
            self.for_old_clients.append(GameServerText(self.game, text))

    def _game_state(self, state) -> None:
        """`GameState`, then what the Java server adds for that state."""
        game, phase, current = self.game, state.phase, state.current
        self._told(GameState, int(phase))
        pn = self.pns[current]
        if phase is P.ROLL_OR_CARD:
            self._told(RollDicePrompt, pn)
        elif phase is P.PLACING_ROBBER:
            self._text(f"{self.name(current)} will move the robber.")
        elif phase is P.WAITING_FOR_DISCARDS:
            self._discard_text(state)
            for seat, count in enumerate(state.discards):
                if count:
                    self._send(to_player(self.pns[seat]), DiscardRequest(game, count))
        elif phase is P.WAITING_FOR_ROB_CHOOSE_PLAYER:
            choices = [False] * self.seats
            for victim in state.victims:
                if victim >= 0:  # -1: robbing nobody is allowed (Pirate Islands)
                    choices[self.pns[victim]] = True
            self._send(to_player(pn), ChoosePlayerRequest(game, tuple(choices), -1 in state.victims))
        elif phase in (P.START1B, P.START2B):
            self._text(f"It's {self.name(current)}'s turn to build a road.")
        elif phase is P.PLACING_FREE_ROAD1:
            self._text("You may place 2 roads.", to_player(pn))
        elif phase is P.PLACING_FREE_ROAD2:
            free = "your 1 remaining road" if self._phase is not P.PLACING_FREE_ROAD1 else "your remaining free road"
            self._text(f"You may place {free}.", to_player(pn))

    def _discard_text(self, state) -> None:
        names = [self.name(s) for s, count in enumerate(state.discards) if count]
        verb = "needs" if len(names) == 1 else "need"
        self._text(f"{list_names(names)} {verb} to discard.")

    def _game_over(self, state, at_turn: bool = False) -> None:
        """The game over; `at_turn`: a player who reached the goal out of turn (the special
        building phase) wins as the turn passes to them, told by their `Turn` into OVER."""
        game = self.game
        winner = state.winner
        if at_turn:
            self._all(Turn(game, self.pns[winner], int(P.OVER)))
        else:
            self._all(GameElements(game, ((GE.CURRENT_PLAYER, self.pns[winner]),)), GameState(game, int(P.OVER)))
        self._text(f">>> {self.name(winner)} has won the game with {state.total_vp(winner)} points.")
        for seat, cards in enumerate(state.vp_cards):
            if cards:
                self._all(DevCardAction(game, self.pns[seat], DevCardActionType.ADD_OLD,
                                        tuple(JS_DEV_CARD[c] for c in cards)))
        scores = [0] * self.seats
        robots = [False] * self.seats
        for seat, pn in enumerate(self.pns):
            scores[pn] = state.total_vp(seat)
            robots[pn] = self.robots.get(pn, False)
        self._all(GameStats(game, tuple(scores), tuple(robots)))
        seconds = round(self.elapsed())
        self._text(f"This game was {state.round + 1} rounds, and took {seconds // 60} minutes {seconds % 60} seconds.")
        for seat, pn in enumerate(self.pns):
            if not self.robots.get(pn, False):
                self._send(to_player(pn), PlayerStats(game, STATS_RESOURCE_ROLLS, tuple(self.rolled_resources[seat])))

    # -- per event ----------------------------------------------------------------------------
    def _on_built(self, event: Event, before: Phase) -> None:
        d = event.data
        seat, piece = d["seat"], WIRE_PIECES[d["piece"]]
        pn = self.pns[seat]
        if any(d["cost"]):  # a piece's cost and its text repeat: made once per game
            self._told(PlayerElements, pn, ElementAction.LOSE, resource_elements(d["cost"]))
        coord = self._edges[d["at"]] if piece in ROUTE_PIECES else self._nodes[d["at"]]
        self._told(GameServerText, f"{self.name(seat)} built a {d['piece']}.")
        self._all(PutPiece(self.game, pn, piece, coord))

    def _on_build_requested(self, event: Event, before: Phase) -> None:
        d = event.data
        self._told(PlayerElements, self.pns[d["seat"]], ElementAction.LOSE, resource_elements(d["cost"]))

    def _on_build_cancelled(self, event: Event, before: Phase) -> None:
        d = event.data
        if any(d["refund"]):
            refund = resource_elements(d["refund"])
            self._all(PlayerElements(self.game, self.pns[d["seat"]], ElementAction.GAIN, refund))
        elif before is P.PLACING_FREE_ROAD1:
            pn = self.pns[d["seat"]]
            self._text(f"{self.name(d['seat'])} cancelled the Road Building card.")
            if d.get("card_back"):
                self._all(DevCardAction(self.game, pn, DevCardActionType.ADD_OLD, (JS_DEV_CARD[ROAD_BUILDING],)),
                          PlayerElement(self.game, pn, ElementAction.SET, PE.PLAYED_DEV_CARD_FLAG, 0))
        else:
            self._text(f"{self.name(d['seat'])} skipped placing the second road.")

    def _on_rolled(self, event: Event, before: Phase) -> None:
        self._told(DiceResult, event.data["total"])

    def _on_produced(self, event: Event, before: Phase) -> None:
        gains = event.data["gains"]
        gainers = [seat for seat, gained in enumerate(gains) if any(gained)]
        if not gainers:
            self._told(GameServerText, "No player gets anything.")
            return
        shares = []
        for seat in gainers:
            gained = gains[seat]
            self.rolled_resources[seat] = list(map(add, self.rolled_resources[seat], gained))
            pairs = tuple((amount, element) for element, amount in resource_elements(gained))
            shares.append(RolledResources(self.pns[seat], sum(self._hands[seat]), pairs))
        self._all(DiceResultResources(self.game, tuple(shares)))
        for seat in gainers:
            pn = self.pns[seat]
            self._send(to_player(pn), PlayerElements(self.game, pn, ElementAction.SET,
                                                     resource_elements(self._hands[seat], keep_zeros=True)))

    def _on_discarded(self, event: Event, before: Phase) -> None:
        d = event.data
        pn = self.pns[d["seat"]]
        for audience in self._audiences(event, [d["seat"]]):
            if d["resources"] is None:
                shown = (0, 0, 0, 0, 0, d["count"])
            else:
                shown = (*d["resources"], 0)
            self._send(audience, Discard(self.game, shown, pn))  # type: ignore[arg-type]

    def _on_robber_moved(self, event: Event, before: Phase) -> None:
        d = event.data
        self._all(MoveRobber(self.game, self.pns[d["seat"]], self._hexes[d["hex"]]))

    def _on_choose_victim(self, event: Event, before: Phase) -> None:
        self._text(f"{self.name(event.data['seat'])} moved the robber. Must choose a victim.")

    def _on_robbed(self, event: Event, before: Phase) -> None:
        d = event.data
        thief, victim = d["thief"], d["victim"]
        resource = int(Resource.UNKNOWN) if d["resource"] is None else d["resource"] + 1
        message = RobberyResult(self.game, self.pns[thief], self.pns[victim], "R", resource, 1, True)
        for audience in self._audiences(event, [thief, victim]):
            self._send(audience, message)

    def _on_dev_bought(self, event: Event, before: Phase) -> None:
        d = event.data
        pn = self.pns[d["seat"]]
        if event.audience.kind == "seats":
            self._all(PlayerElements(self.game, pn, ElementAction.LOSE, resource_elements(d["cost"])))
        card = 0 if d["card_id"] is None else JS_DEV_CARD[d["card_id"]]
        for audience in self._audiences(event, [d["seat"]]):
            self._send(audience, DevCardAction(self.game, pn, DevCardActionType.DRAW, (card,)))

    def _on_dev_played(self, event: Event, before: Phase) -> None:
        d = event.data
        seat = d["seat"]
        pn = self.pns[seat]
        card = {"knight": KNIGHT, "road_building": ROAD_BUILDING, "year_of_plenty": 2, "monopoly": MONOPOLY}[d["card"]]
        played = DevCardAction(self.game, pn, DevCardActionType.PLAY, (JS_DEV_CARD[card],))
        flag = PlayerElement(self.game, pn, ElementAction.SET, PE.PLAYED_DEV_CARD_FLAG, 1)
        text = f"{self.name(seat)} played a {CARD_TITLES[card]} card."
        if card == KNIGHT:
            self._text(text)
            self._all(played, flag, PlayerElement(self.game, pn, ElementAction.GAIN, PE.NUMKNIGHTS, 1))
        else:
            self._all(played, flag)
            self._text(text)

    def _on_largest_army(self, event: Event, before: Phase) -> None:
        seat = event.data["seat"]
        self._all(GameElements(self.game, ((GE.LARGEST_ARMY_PLAYER, -1 if seat < 0 else self.pns[seat]),)))

    def _on_longest_road(self, event: Event, before: Phase) -> None:
        seat = event.data["seat"]
        self._all(GameElements(self.game, ((GE.LONGEST_ROAD_PLAYER, -1 if seat < 0 else self.pns[seat]),)))

    def _on_year_of_plenty(self, event: Event, before: Phase) -> None:
        d = event.data
        self._all(PickResources(self.game, wire_resources(d["resources"]), self.pns[d["seat"]],
                                PickResourcesReason.DISCOVERY))

    def _on_monopoly(self, event: Event, before: Phase) -> None:
        d = event.data
        seat, resource, taken = d["seat"], d["resource"], d["taken"]
        game = self.game
        for victim, amount in enumerate(taken):
            if amount:
                pn = self.pns[victim]
                self._all(PlayerElement(game, pn, ElementAction.SET, resource + 1, 0, True),
                          ResourceCount(game, pn, sum(self._hands[victim])))
        pn = self.pns[seat]
        self._all(PlayerElement(game, pn, ElementAction.GAIN, resource + 1, d["total"]),
                  SimpleAction(game, pn, SimpleActionType.RSRC_TYPE_MONOPOLIZED, d["total"], resource + 1))
        for victim, amount in enumerate(taken):
            victim_pn = self.pns[victim]
            if amount and not self.robots.get(victim_pn, False):
                self._text(f"{self.name(seat)}'s Monopoly took your {amount} {RESOURCE_NAMES[resource]}.",
                           to_player(victim_pn))

    def _on_bank_trade(self, event: Event, before: Phase) -> None:
        d = event.data
        self._all(BankTrade(self.game, wire_resources(d["give"]), wire_resources(d["get"]), self.pns[d["seat"]]))

    def _on_offer(self, event: Event, before: Phase) -> None:
        d = event.data
        to = [False] * self.seats
        for seat in d["to"]:
            to[self.pns[seat]] = True
        give, get = wire_resources(d["give"]), wire_resources(d["get"])
        offer = MakeOffer(self.game, self.pns[d["seat"]], tuple(to), give, get)
        self._all(offer, ClearTradeMsg(self.game, -1))

    def _on_offer_rejected(self, event: Event, before: Phase) -> None:
        self._all(RejectOffer(self.game, self.pns[event.data["seat"]]))

    def _on_offer_withdrawn(self, event: Event, before: Phase) -> None:
        self._all(ClearOffer(self.game, self.pns[event.data["seat"]]), ClearTradeMsg(self.game, -1))

    def _on_trade(self, event: Event, before: Phase) -> None:
        d = event.data
        self._all(AcceptOffer(self.game, self.pns[d["accepter"]], self.pns[d["offerer"]],
                              wire_resources(d["give"]), wire_resources(d["get"])))

    def _on_offers_cleared(self, event: Event, before: Phase) -> None:
        if self._closing_turn:
            return  # end of turn: the one ClearOffer is part of the end-turn sequence
        self._told(ClearOffer, -1)

    # -- 5-6 players: the special building phase; option UB: undoing a build -----------------------
    def _on_special_build_asked(self, event: Event, before: Phase) -> None:
        pn = self.pns[event.data["seat"]]
        self._all(PlayerElement(self.game, pn, ElementAction.SET, PE.ASK_SPECIAL_BUILD, 1))

    def _on_turn_forced(self, event: Event, before: Phase) -> None:
        """The server ends a stalled player's turn: in its special building turn, a placement
        it paid for is cancelled after its ask is cleared (then cleared again as the turn ends),
        as the Java server's robot watchdog does."""
        if event.data["special"] and int(before) in PLACING_PHASES:
            pn = self.pns[event.data["seat"]]
            self._all(PlayerElement(self.game, pn, ElementAction.SET, PE.ASK_SPECIAL_BUILD, 0))

    def _on_settlement_taken_back(self, event: Event, before: Phase) -> None:
        self._told(CancelBuildRequest, SETTLEMENT)

    def _on_special_turn_ended(self, event: Event, before: Phase) -> None:
        pn = self.pns[event.data["seat"]]
        self._all(PlayerElement(self.game, pn, ElementAction.SET, PE.ASK_SPECIAL_BUILD, 0))

    def _on_build_undone(self, event: Event, before: Phase) -> None:
        """`UndoPutPiece` to all, the piece's cost back, then its side effects (a longest road
        that changes back is its own event), and the sequence ends with the state."""
        d = event.data
        pn = self.pns[d["seat"]]
        piece = d["piece"] if isinstance(d["piece"], int) else WIRE_PIECES[d["piece"]]
        coord = self._edges[d["at"]] if piece == 0 else self._nodes[d["at"]]
        self._all(UndoPutPiece(self.game, pn, piece, coord))
        if any(d["refund"]):
            self._all(PlayerElements(self.game, pn, ElementAction.GAIN, resource_elements(d["refund"])))


#: how each engine event kind is told (kinds not listed have no messages of their own)
EVENT_TELLERS: dict[str, Callable[[Narrator, Event, Phase], None]] = {
    "built": Narrator._on_built,
    "build_requested": Narrator._on_build_requested,
    "build_cancelled": Narrator._on_build_cancelled,
    "rolled": Narrator._on_rolled,
    "produced": Narrator._on_produced,
    "discarded": Narrator._on_discarded,
    "robber_moved": Narrator._on_robber_moved,
    "choose_victim": Narrator._on_choose_victim,
    "robbed": Narrator._on_robbed,
    "dev_bought": Narrator._on_dev_bought,
    "dev_played": Narrator._on_dev_played,
    "largest_army": Narrator._on_largest_army,
    "longest_road": Narrator._on_longest_road,
    "year_of_plenty": Narrator._on_year_of_plenty,
    "monopoly": Narrator._on_monopoly,
    "bank_trade": Narrator._on_bank_trade,
    "offer": Narrator._on_offer,
    "offer_rejected": Narrator._on_offer_rejected,
    "offer_withdrawn": Narrator._on_offer_withdrawn,
    "trade": Narrator._on_trade,
    "offers_cleared": Narrator._on_offers_cleared,
    "special_build_asked": Narrator._on_special_build_asked,
    "special_turn_ended": Narrator._on_special_turn_ended,
    "turn_forced": Narrator._on_turn_forced,
    "settlement_taken_back": Narrator._on_settlement_taken_back,
    "build_undone": Narrator._on_build_undone,
}
Narrator.tellers = EVENT_TELLERS

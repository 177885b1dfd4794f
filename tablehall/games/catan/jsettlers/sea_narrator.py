"""The sea board's and the scenarios' events as the JSettlers server tells them.

`SeaNarrator` is the classic `Narrator` on a sea board: the start sends the large board
(`sea_layout`), each land area's legal nodes and the ships in stock; ships are pieces on edges;
and the sea's own events get the messages of ../shared/notes/jsettlers-sea-scenarios.md
(sections 4-7): `SOCMovePiece` for a moved ship, `SOCMoveRobber` with the negated hex for the
pirate, free picks (`NUM_PICK_GOLD_HEX_RESOURCES`, `SOCSimpleRequest` PROMPT_PICK_RESOURCES,
`SOCPickResources` reason 3), `SOCRevealFogHex`, special victory points (`SCENARIO_SVP` and
`SOCSVPTextMessage`), cloth (`SCENARIO_CLOTH_COUNT`, `SOCPieceValue` of a village), the pirate
fleet and fortresses (`SOCRobberyResult` by perp -1, `SOCPieceValue`, `SOCRemovePiece`,
`SOCSimpleAction` 1001), special edges and gift harbours (`SOCSimpleAction` 4 and 1002,
`SOCSimpleRequest` 1001) and wonders (`SOCSetSpecialItem` SET_PICK).
"""

from __future__ import annotations

from typing import Callable

from tablehall.core import Event

from ..constants import JS_DEV_CARD, KNIGHT, RESOURCE_NAMES, Phase
from ..sea.board import JS_OF_TERRAIN
from ..sea.scenarios import DESERT_AREAS
from .constants import (
    DevCardActionType,
    ElementAction,
    PickResourcesReason,
    PieceType,
    PlayerElementType as PE,
    Resource,
    SimpleActionType,
    SimpleRequestType,
    State,
)
from .game_messages import (
    DevCardAction,
    GameServerText,
    InventoryItemAction,
    GameState,
    MovePiece,
    MoveRobber,
    PickResources,
    PieceValue,
    PlayerElement,
    PlayerElements,
    PutPiece,
    RemovePiece,
    RevealFogHex,
    RobberyResult,
    SetSpecialItem,
    SimpleAction,
    SimpleRequest,
    SVPTextMessage,
    UndoNotAllowedReasonText,
)
from .narrator import EVENT_TELLERS, TURN_ENDS, Narrator, list_names, resource_elements
from .board_layout import layout_message
from .sea_layout import port_type, potential_settlements
from .soclog import to_player

P = Phase
SEA_PIECES_AT_START = ((PE.ROADS, 15), (PE.SETTLEMENTS, 5), (PE.CITIES, 4), (PE.SHIPS, 15))
STOCK = (PE.ROADS, PE.SETTLEMENTS, PE.CITIES, PE.SHIPS)  # a sea game's `pieces` row
START3A, START3B, STARTS_PICKING = 12, 13, 14
PLACING_PIRATE, PLACING_SHIP, PLACING_INV_ITEM = 34, 35, 42
ROBBER_OR_PIRATE, CLOTH_OR_RESOURCE, PICKING = 54, 55, 56
ROUTE_ROUNDS = (int(P.START1B), int(P.START2B), START3B)
SETTLEMENT_ROUNDS = (int(P.START1A), int(P.START2A), START3A)
PICK_REASONS = {"gold": PickResourcesReason.GOLD_HEX, "fog": PickResourcesReason.GOLD_HEX,
                "fleet": PickResourcesReason.GENERIC}
WONDER_KEY = "_SC_WOND"
NO_PIRATE = 0  # SOCMoveRobber coordinate: the pirate fleet is gone
NOTHING = 0  # SOCRobberyResult's resource type when the fleet took nothing


class SeaNarrator(Narrator):
    """The narrator of a sea-board game (see the module docstring)."""

    _fleet_strength = 0  # the pirate fleet's strength in its last attack
    _each_new_area = False  # _SC_SEAC: SVP per new land area, told with the areas' bitmask
    _revealed = False  # the action being told revealed fog
    _desert = False  # Through The Desert
    _picks_after_state = None  # a fog hex's gold picks, told after the state
    _fortresses = False  # Pirate Islands: knights are warships
    _state_untold = False  # the action being told leaves the state untold (a warship card)
    _seven = False  # the last roll was a 7
    _attacked = False  # the action being told is a fortress attack
    _attack_result: SimpleAction  # its result, told after the fortress's fall when it falls
    _after_next_piece: tuple = ()  # messages the Java server holds back until a piece is built

    def start(self, state) -> list:
        self._each_new_area = state.scenario.svp_each_new_area
        self._desert = state.layout.name in DESERT_AREAS
        self._fortresses = state.scenario.fortresses
        self._svp_areas = [0] * len(self.pns)
        return super().start(state)

    def _start_board(self, state) -> None:
        """The large board, each land area's legal nodes, the pieces in stock with the ships, and
        (Pirate Islands) the pieces the server sets for every player."""
        game, layout = self.game, state.layout
        self._all(layout_message(game, state), potential_settlements(game, layout))
        if not layout.fortresses:
            for pn in self.pns:
                self._all(PlayerElements(game, pn, ElementAction.SET, SEA_PIECES_AT_START))
            return
        self._all(GameState(game, State.READY))
        for seat, pn in enumerate(self.pns):  # each player's pieces, its fortress, then its stock
            for owner, piece, at in layout.initial_pieces:
                if owner == seat:
                    coord = self._edges[at] if piece in (PieceType.ROAD, PieceType.SHIP) else self._nodes[at]
                    self._all(PutPiece(game, pn, piece, coord))
            node = next(node for owner, node, _ in layout.fortresses if owner == seat)
            self._all(PutPiece(game, pn, PieceType.FORTRESS, self._nodes[node]),
                      PlayerElements(game, pn, ElementAction.SET, tuple(zip(STOCK, state.pieces[seat]))))

    def _deck_at_start(self, state) -> int:
        return len(state.deck)

    def _tail(self, kind: str, before, state) -> None:
        if self._revealed:
            self._all(UndoNotAllowedReasonText(self.game, 1, "Revealed a fog hex"))
            self._revealed = False
        self._tell_state(kind, before, state)
        if self._picks_after_state is not None:
            self._tell_picks(self._picks_after_state)
            self._picks_after_state = None

    def _tell_state(self, kind: str, before, state) -> None:
        if self._state_untold:
            self._state_untold = False
            return
        if state.is_over and kind in TURN_ENDS:  # won out of turn: told as the turn passes (recorded)
            self._game_over(state, at_turn=True)
            return
        if kind == "wonder" and not state.is_over:
            return  # a wonder's level ends without a state, as the recorded games show
        if kind in ("road", "ship") and int(before) in ROUTE_ROUNDS and not state.is_over:
            phase = int(state.phase)
            if phase in SETTLEMENT_ROUNDS:
                self._text(f"It's {self.name(state.current)}'s turn to build a settlement.")
                if state.scenario.third_settlement and phase != int(P.START1A):
                    player = to_player(self.pns[state.current])
                    self._text("This scenario gives you 3 initial settlements and roads.", player)
                    self._text("Your free resources will be from the third settlement.", player)
                self._turn(state)
            elif state.phase is P.ROLL_OR_CARD:
                self._starting_areas(state)
                self._turn(state)
            else:
                self._game_state(state)
            return
        super()._tail(kind, before, state)

    def _starting_areas(self, state) -> None:
        """Initial placement is over: where a land area pays no SVP though no player started
        there (Through The Desert's desert strip), every player's starting areas are told:
        ``(second << 8) | first``."""
        if state.layout.name not in DESERT_AREAS:
            return
        for seat, pn in enumerate(self.pns):
            first, *rest = [a for a in range(1, 16) if state.start_areas[seat] >> a & 1] or [0]
            value = (rest[0] << 8 | first) if rest else first
            self._all(PlayerElement(self.game, pn, ElementAction.SET, PE.STARTING_LANDAREAS, value))

    def _game_state(self, state) -> None:
        phase, current = int(state.phase), state.current
        if phase in ROUTE_ROUNDS:
            self._told(GameState, phase)
            self._text(f"It's {self.name(current)}'s turn to build a road or ship.")
        elif state.phase is P.PLACING_FREE_ROAD1:
            self._told(GameState, phase)
            self._text("You may place 2 roads/ships.", to_player(self.pns[current]))
        elif state.phase is P.PLACING_FREE_ROAD2:
            self._told(GameState, phase)
            self._text("You may place your remaining free road or ship.", to_player(self.pns[current]))
        elif phase == ROBBER_OR_PIRATE:
            self._told(GameState, phase)
            self._text(f"{self.name(current)} must choose to move the robber or the pirate.")
        elif phase == PLACING_PIRATE:
            self._told(GameState, phase)
            self._text(f"{self.name(current)} will move the pirate ship.")
        else:
            super()._game_state(state)

    # -- per event ----------------------------------------------------------------------------
    def _on_ship_moved(self, event: Event, before) -> None:
        d = event.data
        self._all(MovePiece(self.game, self.pns[d["seat"]], PieceType.SHIP, self._edges[d["from"]],
                            self._edges[d["to"]]))

    def _on_pirate_moved(self, event: Event, before) -> None:
        d = event.data
        self._all(MoveRobber(self.game, self.pns[d["seat"]], -self._hexes[d["hex"]]))
        self._text(f"{self.name(d['seat'])} moved the pirate.")

    def _on_rolled(self, event: Event, before) -> None:
        self._seven = event.data["total"] == 7
        super()._on_rolled(event, before)

    def _on_picks_required(self, event: Event, before) -> None:
        """A roll's picks are told before the state, a fog hex's after it (as recorded); a fleet
        fight won on a 7 is told with the state between the count and the prompt."""
        d = event.data
        if d["reason"] == "fog":
            self._picks_after_state = d["picks"]
        elif d["reason"] == "fleet" and self._seven:
            seat = next(seat for seat, owed in enumerate(d["picks"]) if owed)
            pn = self.pns[seat]
            self._all(PlayerElement(self.game, pn, ElementAction.SET, PE.NUM_PICK_GOLD_HEX_RESOURCES, d["picks"][seat]))
            self._told(GameState, PICKING)
            self._send(to_player(pn), SimpleRequest(self.game, pn, SimpleRequestType.PROMPT_PICK_RESOURCES,
                                                    d["picks"][seat], 0))
            self._state_untold = True
        else:
            self._tell_picks(d["picks"], named=d["reason"] != "fleet")

    def _tell_picks(self, picks, named: bool = True) -> None:
        """The pickers named (not for a fleet fight won), then each one's count to all and its
        prompt to it alone."""
        if named:
            names = [self.name(seat) for seat, owed in enumerate(picks) if owed]
            verb = "needs" if len(names) == 1 else "need"
            self._text(f"{list_names(names)} {verb} to pick resources from the gold hex.")
        for seat, owed in enumerate(picks):
            if owed:
                pn = self.pns[seat]
                self._all(PlayerElement(self.game, pn, ElementAction.SET, PE.NUM_PICK_GOLD_HEX_RESOURCES, owed))
                self._send(to_player(pn), SimpleRequest(self.game, pn, SimpleRequestType.PROMPT_PICK_RESOURCES,
                                                        owed, 0))

    def _on_picked(self, event: Event, before) -> None:
        d = event.data
        pn = self.pns[d["seat"]]
        reason = PICK_REASONS.get(d["reason"], PickResourcesReason.GENERIC)
        self._all(PickResources(self.game, tuple(d["resources"]), pn, reason),  # type: ignore[arg-type]
                  PlayerElement(self.game, pn, ElementAction.SET, PE.NUM_PICK_GOLD_HEX_RESOURCES, 0))

    def action(self, seat: int, action: tuple, events, state) -> list:
        """A fog hex a piece reveals is told before the piece, so clients see the new legal
        edges at once; its reward comes with the other events, and the action cannot be undone."""
        events = list(events)
        if self._hexes is None:
            self._coords(state)
        self._revealed = self._attacked = False
        for event in events:
            if event.kind == "fog_revealed":
                d = event.data
                self._all(RevealFogHex(self.game, self._hexes[d["hex"]], JS_OF_TERRAIN[d["terrain"]], d["number"]))
                self._revealed = True
        return super().action(seat, action, events, state)

    def _on_fog_revealed(self, event: Event, before) -> None:
        d = event.data
        if d["reward"] is not None:
            seat = d["seat"]
            self._all(PlayerElement(self.game, self.pns[seat], ElementAction.GAIN, d["reward"] + 1, 1, True))
            self._text(f"{self.name(seat)} gets 1 {RESOURCE_NAMES[d['reward']]} by revealing the fog hex.")

    def _on_svp(self, event: Event, before) -> None:
        d = event.data
        pn = self.pns[d["seat"]]
        self._all(SVPTextMessage(self.game, pn, d["svp"], self._svp_reason(d["reason"])))
        if self._each_new_area and d["area"] > 0:  # the land areas that paid: bit (area - 1)
            self._svp_areas[d["seat"]] |= 1 << (d["area"] - 1)
            self._all(PlayerElement(self.game, pn, ElementAction.SET, PE.SCENARIO_SVP_LANDAREAS_BITMASK,
                                    self._svp_areas[d["seat"]]))
        self._all(PlayerElement(self.game, pn, ElementAction.SET, PE.SCENARIO_SVP, d["total"]))

    def _svp_reason(self, reason: str) -> str:
        """Through The Desert's land areas are areas, not islands, in the server's words."""
        return reason.replace("island", "area") if self._desert else reason

    def _on_village_reached(self, event: Event, before) -> None:
        d = event.data
        pn = self.pns[d["seat"]]
        if d["cloth"]:
            self._all(PlayerElement(self.game, pn, ElementAction.GAIN, PE.SCENARIO_CLOTH_COUNT, d["cloth"]))
        self._all(PieceValue(self.game, PieceType.VILLAGE, self._nodes[d["village"]], d["village_cloth"], 0))

    def _on_cloth(self, event: Event, before) -> None:
        d = event.data
        if not any(d["gains"]):
            return  # a village nobody trades with
        for seat, gained in enumerate(d["gains"]):
            if gained:
                self._all(PlayerElement(self.game, self.pns[seat], ElementAction.GAIN, PE.SCENARIO_CLOTH_COUNT, gained))
        self._all(PieceValue(self.game, PieceType.VILLAGE, self._nodes[d["village"]], d["village_cloth"], 0),
                  PlayerElement(self.game, -1, ElementAction.SET, PE.SCENARIO_CLOTH_COUNT, d["general"]))

    def _on_cloth_stolen(self, event: Event, before) -> None:
        d = event.data
        self._all(RobberyResult(self.game, self.pns[d["thief"]], self.pns[d["victim"]], "E",
                                PE.SCENARIO_CLOTH_COUNT, 1, True))

    def _on_fleet_moved(self, event: Event, before) -> None:
        self._all(MoveRobber(self.game, self.pns[self._current], -self._hexes[event.data["hex"]]))

    def _on_fleet_attack(self, event: Event, before) -> None:
        """The fleet's strength is the robbery result's extra value; a won fight is told as an
        unknown resource, a tie as none; a lost fight robs (below)."""
        d = event.data
        self._fleet_strength = d["strength"]
        if d["outcome"] != "lost":
            taken = Resource.UNKNOWN if d["outcome"] == "won" else NOTHING
            self._all(RobberyResult(self.game, -1, self.pns[d["seat"]], "R", taken, 0, True, 0, d["strength"]))

    def _on_fleet_robbed(self, event: Event, before) -> None:
        """The victim is told what it lost by type, everybody else how many; nothing taken (an
        empty hand) is told to all as a tie is."""
        d = event.data
        victim, strength = self.pns[d["seat"]], self._fleet_strength
        if not d["count"]:
            if d["resources"] is not None:
                self._all(RobberyResult(self.game, -1, victim, "R", NOTHING, 0, True, 0, strength))
            return
        for audience in self._audiences(event, [d["seat"]]):
            if d["resources"] is None:
                message = RobberyResult(self.game, -1, victim, "R", Resource.UNKNOWN, d["count"], True, 0, strength)
            else:
                taken = tuple((r + 1, n) for r, n in enumerate(d["resources"]) if n)
                message = RobberyResult(self.game, -1, victim, "S", 0, 0, True, 0, strength, taken)
            self._send(audience, message)

    def _on_dev_played(self, event: Event, before) -> None:
        if event.data["card"] != "knight" or not self._fortresses:  # a warship card: `_on_warship`
            super()._on_dev_played(event, before)

    def _on_warship(self, event: Event, before) -> None:
        """A warship card played: no knight counted, and the state stays as it was (untold)."""
        pn = self.pns[event.data["seat"]]
        self._text(f"{self.name(event.data['seat'])} converted a ship to a warship.")
        self._all(DevCardAction(self.game, pn, DevCardActionType.PLAY, (JS_DEV_CARD[KNIGHT],)),
                  PlayerElement(self.game, pn, ElementAction.SET, PE.PLAYED_DEV_CARD_FLAG, 1),
                  PlayerElement(self.game, pn, ElementAction.GAIN, PE.SCENARIO_WARSHIP_COUNT, 1))
        self._state_untold = True

    def _on_fortress_attacked(self, event: Event, before) -> None:
        d = event.data
        self._attacked = True
        pn = self.pns[d["seat"]]
        if not d["ships_lost"]:
            self._all(PieceValue(self.game, PieceType.FORTRESS, self._nodes[d["fortress"]], d["strength"], 0))
        for edge in d["ships_lost"]:
            self._all(RemovePiece(self.game, pn, PieceType.SHIP, self._edges[edge]))
        self._attack_result = SimpleAction(self.game, pn, SimpleActionType.SC_PIRI_FORT_ATTACK_RESULT, d["defence"],
                                           len(d["ships_lost"]))
        if d["ships_lost"] or d["strength"]:  # else told after the captured fortress
            self._all(self._attack_result)

    def _on_special_turn(self, event: Event, before) -> None:
        """A fortress attack that passes the turn to a special builder clears its ask first (as
        recorded; an ended turn does not)."""
        if self._attacked:
            seat = event.data["seat"]
            self._all(PlayerElement(self.game, self.pns[seat], ElementAction.SET, PE.ASK_SPECIAL_BUILD, 0))

    def _on_fortress_captured(self, event: Event, before) -> None:
        d = event.data
        pn = self.pns[d["seat"]]
        self._all(PutPiece(self.game, pn, PieceType.SETTLEMENT, self._nodes[d["at"]]), self._attack_result)
        # the Java server tells the capturer's SVP and events (both 0) only after the next piece built
        self._after_next_piece = (PlayerElement(self.game, pn, ElementAction.SET, PE.SCENARIO_SVP, 0),
                                  PlayerElement(self.game, pn, ElementAction.SET, PE.PLAYEREVENTS_BITMASK, 0))

    def _on_built(self, event: Event, before) -> None:
        super()._on_built(event, before)
        if self._after_next_piece:
            self._all(*self._after_next_piece)
            self._after_next_piece = ()

    def _on_fleet_defeated(self, event: Event, before) -> None:
        self._all(MoveRobber(self.game, self.pns[self._current], NO_PIRATE))

    def _on_special_edge(self, event: Event, before) -> None:
        d = event.data
        self._all(SimpleAction(self.game, -1, SimpleActionType.BOARD_EDGE_SET_SPECIAL, self._edges[d["edge"]], 0))

    def _on_dev_gift(self, event: Event, before) -> None:
        d = event.data
        pn = self.pns[d["seat"]]
        card = 0 if d["card_id"] is None else JS_DEV_CARD[d["card_id"]]
        for audience in self._audiences(event, [d["seat"]]):
            self._send(audience, DevCardAction(self.game, pn, DevCardActionType.DRAW, (card,)))

    def _on_harbor_taken(self, event: Event, before) -> None:
        d = event.data
        self._all(SimpleAction(self.game, self.pns[d["seat"]], SimpleActionType.TRADE_PORT_REMOVED,
                               self._edges[d["edge"]], port_type(d["kind"])))

    def _on_harbor_to_place(self, event: Event, before) -> None:
        d = event.data
        if not d["kept"]:  # taken by a ship and placed at once: no inventory item played
            return
        self._all(InventoryItemAction(self.game, self.pns[d["seat"]], InventoryItemAction.PLAYED,
                                      -port_type(d["kind"])))

    def _on_harbor_placed(self, event: Event, before) -> None:
        d = event.data
        self._all(SimpleRequest(self.game, self.pns[d["seat"]], SimpleRequestType.TRADE_PORT_PLACE,
                                self._edges[d["edge"]], port_type(d["kind"])))

    def _on_wonder_built(self, event: Event, before) -> None:
        d = event.data
        pn = self.pns[d["seat"]]
        self._all(PlayerElements(self.game, pn, ElementAction.LOSE, resource_elements(d["cost"])),
                  SetSpecialItem(self.game, SetSpecialItem.SET_PICK, WONDER_KEY, d["wonder"] + 1, 0, pn, -1,
                                 d["level"], d["id"]))
        if d["level"] == 1:  # the first level took a ship from the supply as the wonder's marker
            self._all(PlayerElement(self.game, pn, ElementAction.SET, PE.SHIPS, d["ships_left"]))


#: the sea's event kinds, told beside the classic ones
SEA_EVENT_TELLERS: dict[str, Callable[[Narrator, Event, Phase], None]] = {
    **EVENT_TELLERS,
    "ship_moved": SeaNarrator._on_ship_moved,
    "pirate_moved": SeaNarrator._on_pirate_moved,
    "rolled": SeaNarrator._on_rolled,
    "picks_required": SeaNarrator._on_picks_required,
    "picked": SeaNarrator._on_picked,
    "fog_revealed": SeaNarrator._on_fog_revealed,
    "svp": SeaNarrator._on_svp,
    "village_reached": SeaNarrator._on_village_reached,
    "cloth": SeaNarrator._on_cloth,
    "cloth_stolen": SeaNarrator._on_cloth_stolen,
    "fleet_moved": SeaNarrator._on_fleet_moved,
    "fleet_attack": SeaNarrator._on_fleet_attack,
    "fleet_robbed": SeaNarrator._on_fleet_robbed,
    "dev_played": SeaNarrator._on_dev_played,
    "warship": SeaNarrator._on_warship,
    "fortress_attacked": SeaNarrator._on_fortress_attacked,
    "fortress_captured": SeaNarrator._on_fortress_captured,
    "built": SeaNarrator._on_built,
    "special_turn": SeaNarrator._on_special_turn,
    "fleet_defeated": SeaNarrator._on_fleet_defeated,
    "special_edge": SeaNarrator._on_special_edge,
    "dev_gift": SeaNarrator._on_dev_gift,
    "harbor_taken": SeaNarrator._on_harbor_taken,
    "harbor_to_place": SeaNarrator._on_harbor_to_place,
    "harbor_placed": SeaNarrator._on_harbor_placed,
    "wonder_built": SeaNarrator._on_wonder_built,
}
SeaNarrator.tellers = SEA_EVENT_TELLERS


def narrator_class(options) -> type[Narrator]:
    """The narrator of a game with these engine options."""
    return SeaNarrator if options.get("sea_board") or options.get("scenario") else Narrator

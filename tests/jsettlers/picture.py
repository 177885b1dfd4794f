"""A client-side picture of one JSettlers game, rebuilt from the messages an observer receives,
as a JSettlers client keeps it (board, pieces, every player's public counts, turn and state).

Written from the protocol facts (message meanings and the classic board's coordinates), not from
tablehall's engine, so two clients' pictures and the engine's truth can be compared.  Like a
JSettlers client it applies the one rule the server leaves to clients: a second initial
settlement earns a resource from each land hex around it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tablehall.games.catan.jsettlers import parse_cmd
from tablehall.games.catan.jsettlers.game_messages import (
    AcceptOffer,
    BankTrade,
    BoardLayout,
    DevCardAction,
    DiceResult,
    DiceResultResources,
    Discard,
    GameElements,
    GameState,
    MoveRobber,
    PickResources,
    PlayerElement,
    PlayerElements,
    PutPiece,
    ResourceCount,
    RobberyResult,
    SimpleAction,
    SitDown,
    Turn,
    UndoPutPiece,
)

START2A = 10
SET, GAIN, LOSE = 100, 101, 102
DRAW, PLAY, ADD_NEW, ADD_OLD = 0, 1, 2, 3
ELEMENTS = {10: "roads", 11: "settlements", 12: "cities", 15: "knights", 25: "undos"}
# the classic board's 37 hexes in BoardLayout order (numToHexID, notes §5.6)
HEX_IDS = (0x17, 0x39, 0x5B, 0x7D, 0x15, 0x37, 0x59, 0x7B, 0x9D, 0x13, 0x35, 0x57, 0x79, 0x9B, 0xBD, 0x11, 0x33, 0x55,
           0x77, 0x99, 0xBB, 0xDD, 0x31, 0x53, 0x75, 0x97, 0xB9, 0xDB, 0x51, 0x73, 0x95, 0xB7, 0xD9, 0x71, 0x93, 0xB5,
           0xD7)


def node_hexes(node: int) -> tuple[int, int, int]:
    """The three hexes around a node (notes §5.6)."""
    if (node >> 4) % 2 == 0:
        return node - 0x10, node + 0x10, node - 0x12
    return node - 0x21, node + 0x01, node - 0x01


@dataclass
class Player:
    name: str = ""
    resources: int = 0  # cards in hand, as a number
    dev_cards: int = 0
    roads: int = 15
    settlements: int = 5
    cities: int = 4
    knights: int = 0
    undos: int | None = None  # undos left (option UBL): the client starts from the option's value


@dataclass
class Picture:
    game: str
    players: dict[int, Player] = field(default_factory=dict)
    hexes: dict[int, int] = field(default_factory=dict)  # hex coord -> wire hex value
    robber: int = -1
    nodes: dict[int, tuple[int, int]] = field(default_factory=dict)  # node -> (pn, piece type)
    edges: dict[int, int] = field(default_factory=dict)  # edge -> pn
    current: int = -1
    state: int = 0
    dice: int = -1
    deck: int = -1
    longest_road: int = -1
    largest_army: int = -1

    def player(self, pn: int) -> Player:
        return self.players.setdefault(pn, Player())

    def feed(self, wire: str) -> None:
        message = parse_cmd(wire)
        if getattr(message, "game", None) != self.game:
            return
        handler = getattr(self, "_on_" + type(message).__name__, None)
        if handler is not None:
            handler(message)

    def summary(self) -> dict:
        """What two clients with the same picture agree on."""
        return {"players": {pn: dict(vars(p)) for pn, p in sorted(self.players.items()) if p.name},
                "hexes": dict(self.hexes), "robber": self.robber, "nodes": dict(self.nodes), "edges": dict(self.edges),
                "current": self.current, "state": self.state, "dice": self.dice, "deck": self.deck,
                "longest_road": self.longest_road, "largest_army": self.largest_army}

    # -- per message ---------------------------------------------------------------------------
    def _on_SitDown(self, m: SitDown) -> None:
        self.player(m.pn).name = m.nickname

    def _on_BoardLayout(self, m: BoardLayout) -> None:
        self.hexes = dict(zip(HEX_IDS, m.hexes))
        self.robber = m.robber_hex

    def _on_MoveRobber(self, m: MoveRobber) -> None:
        self.robber = m.coord

    def _on_UndoPutPiece(self, m: UndoPutPiece) -> None:
        if m.pn < 0:
            return  # declined
        p = self.player(m.pn)
        if p.undos is not None:
            p.undos -= 1
        if m.piece_type == 0:
            del self.edges[m.coord]
            p.roads += 1
        elif m.piece_type == 1:
            del self.nodes[m.coord]
            p.settlements += 1
        elif m.piece_type == 2:  # the city becomes the settlement it was
            self.nodes[m.coord] = (m.pn, 1)
            p.cities += 1
            p.settlements -= 1

    def _on_PutPiece(self, m: PutPiece) -> None:
        p = self.player(m.pn)
        if m.piece_type == 0:
            self.edges[m.coord] = m.pn
            p.roads -= 1
        elif m.piece_type == 1:
            self.nodes[m.coord] = (m.pn, 1)
            p.settlements -= 1
            if self.state == START2A:  # the client's own rule: the second settlement's resources
                p.resources += sum(1 for h in node_hexes(m.coord) if 1 <= self.hexes.get(h, 6) <= 5)
        elif m.piece_type == 2:
            self.nodes[m.coord] = (m.pn, 2)
            p.cities -= 1
            p.settlements += 1

    def _elements(self, pn: int, action: int, elements) -> None:
        p = self.player(pn)
        if action == SET and any(1 <= element <= 6 for element, _ in elements):
            # a hand set: by type for the seat's own player, as an unknown count for the others
            p.resources = sum(amount for element, amount in elements if 1 <= element <= 6)
        for element, amount in elements:
            if 1 <= element <= 6 and action == SET:
                continue
            elif 1 <= element <= 6 and action != SET:
                p.resources += amount if action == GAIN else -amount
            elif element in ELEMENTS:
                name = ELEMENTS[element]
                value = getattr(p, name)
                setattr(p, name, amount if action == SET else value + amount if action == GAIN else value - amount)

    def _on_PlayerElements(self, m: PlayerElements) -> None:
        self._elements(m.pn, m.action, m.elements)

    def _on_PlayerElement(self, m: PlayerElement) -> None:
        if m.pn >= 0 and not (1 <= m.element <= 5 and m.action == SET):  # a victim's SET 0 comes with its count
            self._elements(m.pn, m.action, ((m.element, m.amount),))

    def _on_ResourceCount(self, m: ResourceCount) -> None:
        self.player(m.pn).resources = m.count

    def _on_DiceResultResources(self, m: DiceResultResources) -> None:
        for share in m.players:
            self.player(share.pn).resources = share.total

    def _on_Discard(self, m: Discard) -> None:
        if m.pn is not None:
            self.player(m.pn).resources -= sum(m.resources)

    def _on_RobberyResult(self, m: RobberyResult) -> None:
        if m.kind == "R" and m.gain_lose:
            self.player(m.perpetrator).resources += m.amount
            self.player(m.victim).resources -= m.amount

    def _on_BankTrade(self, m: BankTrade) -> None:
        if m.pn is not None:
            self.player(m.pn).resources += sum(m.get) - sum(m.give)

    def _on_AcceptOffer(self, m: AcceptOffer) -> None:
        if m.to_accepting is not None and m.to_offering is not None:
            delta = sum(m.to_accepting) - sum(m.to_offering)
            self.player(m.accepting).resources += delta
            self.player(m.offering).resources -= delta

    def _on_PickResources(self, m: PickResources) -> None:
        if m.pn is not None:
            self.player(m.pn).resources += sum(m.resources)

    def _on_DevCardAction(self, m: DevCardAction) -> None:
        p = self.player(m.pn) if m.pn >= 0 else None
        if p is None:
            return
        if m.action in (DRAW, ADD_NEW, ADD_OLD):
            p.dev_cards += len(m.cards)
        elif m.action == PLAY:
            p.dev_cards -= 1

    def _on_GameElements(self, m: GameElements) -> None:
        names = {2: "deck", 4: "current", 5: "largest_army", 6: "longest_road"}
        for element, value in m.elements:
            if element in names:
                setattr(self, names[element], value)

    def _on_SimpleAction(self, m: SimpleAction) -> None:
        if m.action_type == 1:  # DEVCARD_BOUGHT: cards left
            self.deck = m.value1

    def _on_Turn(self, m: Turn) -> None:
        self.current, self.state = m.pn, m.game_state

    def _on_GameState(self, m: GameState) -> None:
        self.state = m.state

    def _on_DiceResult(self, m: DiceResult) -> None:
        self.dice = m.result

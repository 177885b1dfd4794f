"""Catan moves in words (`core.movetext`): "Ana builds a settlement next to the 6-wheat,
8-wood and 3-ore hexes", "Ben rolls 6+2=8: Ana gets 2 ore, Cy gets 1 sheep", "Cy moves the
robber to the 8-wood hex and steals from Ana".

Every line is made from the events the viewer may see: what was stolen, discarded or drawn is
named only in the events of the seats allowed to know it, and said as a count to the others.
Places are named by the hexes around them, from the board (which everyone sees).

>>> from tablehall.games.catan import SPEC
>>> from tablehall.core.movetext import describe
>>> state = SPEC.new(3, {"first_player": 0}, seed=1)
>>> action = state.legal_actions(0)[0]
>>> describe(SPEC, state, 0, action, state.apply(0, action), ["Ana", "Ben", "Cy"]).lines
('Ana places a settlement on the coast of the 2-wheat hex, at a 2:1 sheep harbour',)
"""

from __future__ import annotations

from typing import Sequence

from tablehall.core.events import Event
from tablehall.core.movetext import (EventWords, MoveText, StepView, counted, forfeit_line, lines_of, listed,
                                     seat_does)

from .constants import DESERT, GENERIC_HARBOR, RESOURCE_NAMES
from .sea.scenarios import SPECIAL_EDGE_GIFTS, WONDER_NAMES

DEV_WORDS = {"knight": "a knight", "road_building": "Road Building", "year_of_plenty": "Year of Plenty",
             "monopoly": "Monopoly", "victory_point": "a victory point card"}


def move_text(view: StepView) -> MoveText:
    lines = lines_of(view, _WRITERS)
    if view.action is not None and view.action[0] == "end_turn" and not view.of("special_turn_ended"):
        lines.append(f"{view.name(view.seat)} ends the turn")
    return MoveText(tuple(lines))


# -- words for the board ----------------------------------------------------------------------

def bundle(counts: Sequence[int]) -> str:
    """Resources as words: '2 ore and 1 wheat' ('nothing' when empty)."""
    parts = [f"{n} {RESOURCE_NAMES[r]}" for r, n in enumerate(counts) if n]
    return listed(parts) if parts else "nothing"


def hex_words(view: StepView, hex_index: int) -> str:
    """'the 8-wood hex', 'the desert'; on the sea board also 'the 9-gold hex', 'the sea', 'a
    fog hex' and, off the board, 'nowhere'."""
    if hex_index < 0:
        return "nowhere"
    board = view.state.board
    terrain = board.terrain[hex_index]
    if terrain == DESERT:
        return "the desert"
    if terrain > DESERT:
        return SEA_HEXES[terrain - DESERT - 1].format(board.numbers[hex_index])
    return f"the {board.numbers[hex_index]}-{RESOURCE_NAMES[terrain]} hex"


SEA_HEXES = ("the sea", "the {}-gold hex", "a fog hex")
SEA = SEA_HEXES[0]
"""The sea board's water, gold and fog hexes (terrains 6, 7, 8) in words."""


def hexes_words(view: StepView, hexes: Sequence[int]) -> str:
    """Several hexes: 'the 6-wheat, 8-wood and 3-ore hexes', 'the desert and the 8-wood hex'."""
    words = [hex_words(view, h) for h in hexes]
    words = [w for k, w in enumerate(words) if w != SEA or SEA not in words[:k]]  # the sea once, however wide
    if len(words) > 1 and all(w.endswith(" hex") for w in words):
        return f"the {listed([w.removeprefix('the ').removesuffix(' hex') for w in words])} hexes"
    return listed(words)


def _around(view: StepView, hexes: Sequence[int]) -> str:
    if len(hexes) == 1:
        only = hex_words(view, hexes[0])
        return "out at sea" if only == SEA else f"on the coast of {only}"
    return f"next to {hexes_words(view, hexes)}"


def node_words(view: StepView, node: int) -> str:
    """Where an intersection is: the hexes around it, and its harbour if it has one."""
    board = view.state.board
    where = _around(view, board.frame.node_hexes[node])
    harbor = board.node_harbor[node]
    if harbor == GENERIC_HARBOR:
        where += ", at a 3:1 harbour"
    elif harbor >= 0:
        where += f", at a 2:1 {RESOURCE_NAMES[harbor]} harbour"
    return where


def edge_words(view: StepView, edge: int) -> str:
    """Where a path is: between the two hexes it divides, or on the coast of one; a path
    between two water hexes by the land at its ends ('off the 8-wood hex'), else 'out at sea'."""
    frame = view.state.board.frame
    a, b = frame.edges[edge]
    shared = [h for h in frame.node_hexes[a] if h in frame.node_hexes[b]]
    if len(shared) != 2:
        return _around(view, shared)
    between = hexes_words(view, shared)
    if between != SEA:
        return f"between {between}"
    near = [h for h in dict.fromkeys(frame.node_hexes[a] + frame.node_hexes[b]) if hex_words(view, h) != SEA]
    return f"off {hexes_words(view, near)}" if near else "out at sea"


# -- one writer per event kind -------------------------------------------------------------------

def _board(view: StepView, event: Event) -> str:
    robber = event.data["robber"]
    where = f"starts on {hex_words(view, robber)}" if robber >= 0 else "is off the board"
    return f"The board is laid out; the robber {where}; {view.name(event.data['first'])} places first"


def _built(view: StepView, event: Event) -> str:
    data = event.data
    piece = data["piece"]
    where = edge_words(view, data["at"]) if piece in ("road", "ship") else node_words(view, data["at"])
    verb = "builds" if any(data["cost"]) else "places"
    upgrade = "upgrades a settlement to a city" if piece == "city" else f"{verb} a {piece}"
    return f"{view.name(data['seat'])} {upgrade} {where}"


def _setup_resources(view: StepView, event: Event) -> str:
    return f"{view.name(event.data['seat'])} receives {bundle(event.data['gained'])}"


def _build_requested(view: StepView, event: Event) -> str:
    data = event.data
    return f"{view.name(data['seat'])} pays {bundle(data['cost'])} for a {data['piece']}"


def _build_cancelled(view: StepView, event: Event) -> str:
    data = event.data
    if not any(data["refund"]):
        if data.get("card_back"):
            return f"{view.name(data['seat'])} gives up the free roads and keeps the Road Building card"
        return f"{view.name(data['seat'])} gives up the free roads"
    return f"{view.name(data['seat'])} cancels the {data['piece']} and takes back {bundle(data['refund'])}"


def _build_undone(view: StepView, event: Event) -> str:
    data = event.data
    return f"{view.name(data['seat'])} takes back the {data['piece']} and gets {bundle(data['refund'])} back"


def _dev_bought(view: StepView, event: Event) -> str:
    data = event.data
    bought = f"{view.name(data['seat'])} buys a development card"
    if data["card"] is None:
        return bought
    card = DEV_WORDS[data["card"]]
    if data["card"] == "victory_point":
        card += f" ({data['name'].title()})"
    return f"{bought}: {card}"


def _dev_played(view: StepView, event: Event) -> str:
    return f"{view.name(event.data['seat'])} plays {DEV_WORDS[event.data['card']]}"


def _year_of_plenty(view: StepView, event: Event) -> str:
    return f"{view.name(event.data['seat'])} takes {bundle(event.data['resources'])} from the bank"


def _monopoly(view: StepView, event: Event) -> str:
    data = event.data
    resource = RESOURCE_NAMES[data["resource"]]
    taken = [f"{n} from {view.name(s)}" for s, n in enumerate(data["taken"]) if n]
    if not taken:
        return f"{view.name(data['seat'])} claims every {resource}, but nobody has any"
    return f"{view.name(data['seat'])} takes every {resource}: {listed(taken)}"


def _rolled(view: StepView, event: Event) -> str:
    data = event.data
    first, second = data["dice"]
    line = f"{view.name(data['seat'])} rolls {first}+{second}={data['total']}"
    produced = view.first("produced")
    if produced is None:
        return line
    gains = [f"{view.name(s)} gets {bundle(g)}" for s, g in enumerate(produced.data["gains"]) if any(g)]
    line += f": {', '.join(gains)}" if gains else ": nobody gets anything"
    short = produced.data["shortage"]
    if short:
        line += f" (the bank is short of {listed([RESOURCE_NAMES[r] for r in short])})"
    return line


def _discard_required(view: StepView, event: Event) -> str:
    owed = [(view.name(s), n) for s, n in enumerate(event.data["amounts"]) if n]
    return listed([f"{name} must discard {counted(n, 'card')}" for name, n in owed])


def _discarded(view: StepView, event: Event) -> str:
    data = event.data
    what = bundle(data["resources"]) if data["resources"] is not None else counted(data["count"], "card")
    return f"{view.name(data['seat'])} discards {what}"


def _robber_moved(view: StepView, event: Event) -> str:
    data = event.data
    line = f"{view.name(data['seat'])} moves the robber to {hex_words(view, data['hex'])}"
    robbed = view.first("robbed")
    if robbed is not None:
        return f"{line} and {_steal(view, robbed)}"
    choose = view.first("choose_victim")
    if choose is not None:
        candidates = listed([view.name(s) for s in choose.data["candidates"]], "or")
        return f"{line}; {view.name(data['seat'])} may rob {candidates}"
    return line


def _steal(view: StepView, event: Event) -> str:
    data = event.data
    victim = view.name(data["victim"])
    if data["resource"] is None:
        return f"steals from {victim}"
    return f"steals 1 {RESOURCE_NAMES[data['resource']]} from {victim}"


def _robbed(view: StepView, event: Event) -> str | None:
    if view.first("robber_moved") is not None:
        return None  # said with the robber's move
    return f"{view.name(event.data['thief'])} {_steal(view, event)}"


def _bank_trade(view: StepView, event: Event) -> str:
    data = event.data
    name = view.name(data["seat"])
    if data["undo"]:
        return f"{name} takes back the trade with the bank: gives {bundle(data['give'])}, gets {bundle(data['get'])}"
    return f"{name} trades {bundle(data['give'])} with the bank for {bundle(data['get'])}"


def _offer(view: StepView, event: Event) -> str:
    data = event.data
    to = listed([view.name(s) for s in data["to"]])
    return f"{view.name(data['seat'])} offers {to} {bundle(data['give'])} for {bundle(data['get'])}"


def _trade(view: StepView, event: Event) -> str:
    data = event.data
    offerer, accepter = view.name(data["offerer"]), view.name(data["accepter"])
    return f"{accepter} accepts: {offerer} gives {bundle(data['give'])} for {accepter}'s {bundle(data['get'])}"


def _longest_road(view: StepView, event: Event) -> str:
    seat = event.data["seat"]
    if seat < 0:
        return "Nobody holds the longest road now"
    return f"{view.name(seat)} now holds the longest road ({event.data['lengths'][seat]} roads)"


def _largest_army(view: StepView, event: Event) -> str:
    seat = event.data["seat"]
    return f"{view.name(seat)} now holds the largest army ({event.data['knights'][seat]} knights)"


def _game_over(view: StepView, event: Event) -> str:
    data = event.data
    winner = data["winner"]
    line = f"The game is over: {view.name(winner)} wins with {counted(data['vp'][winner], 'victory point')}"
    cards = data["vp_cards"].get(str(winner)) or []
    if cards:
        line += f", {counted(len(cards), 'victory point card')} among them ({listed([c.title() for c in cards])})"
    return line


# -- the sea board and its scenarios ---------------------------------------------------------------

def _ship_moved(view: StepView, event: Event) -> str:
    data = event.data
    return (f"{view.name(data['seat'])} moves a ship from {edge_words(view, data['from'])} "
            f"to {edge_words(view, data['to'])}")


def _pirate_moved(view: StepView, event: Event) -> str:
    data = event.data
    line = f"{view.name(data['seat'])} moves the pirate to {hex_words(view, data['hex'])}"
    robbed = view.first("robbed")
    return f"{line} and {_steal(view, robbed)}" if robbed is not None else line


def _bandit_chosen(view: StepView, event: Event) -> str:
    return f"{view.name(event.data['seat'])} will move the {'pirate' if event.data['pirate'] else 'robber'}"


def _picks_required(view: StepView, event: Event) -> str:
    owed = [f"{view.name(s)} picks {counted(n, 'free resource')}" for s, n in enumerate(event.data["picks"]) if n]
    return f"{listed(owed)} ({PICK_REASONS[event.data['reason']]})"


PICK_REASONS = {"gold": "gold", "fog": "gold found in the fog", "fleet": "the pirate fleet beaten off"}


def _fog_revealed(view: StepView, event: Event) -> str:
    data = event.data
    line = f"The fog lifts from {hex_words(view, data['hex'])}"
    if data["reward"] is not None:
        line += f": {view.name(data['seat'])} gets 1 {RESOURCE_NAMES[data['reward']]}"
    return line


def _svp(view: StepView, event: Event) -> str:
    data = event.data
    return f"{view.name(data['seat'])} gets {counted(data['svp'], 'special victory point')} for {data['reason']}"


def _village_reached(view: StepView, event: Event) -> str:
    data = event.data
    took = " and takes 1 cloth" if data["cloth"] else ", which has no cloth left"
    return f"{view.name(data['seat'])} opens trade with a village{took}"


def _cloth(view: StepView, event: Event) -> str:
    gains = [view.name(s) for s, n in enumerate(event.data["gains"]) if n]
    return f"A village trades cloth with {listed(gains)}" if gains else "A village has cloth but nobody to trade"


def _cloth_stolen(view: StepView, event: Event) -> str:
    return f"{view.name(event.data['thief'])} steals 1 cloth from {view.name(event.data['victim'])}"


def _fleet_attack(view: StepView, event: Event) -> str:
    data = event.data
    outcome = {"won": "beats it off", "tie": "holds it off", "lost": "is robbed"}[data["outcome"]]
    return (f"The pirate fleet (strength {data['strength']}) attacks {view.name(data['seat'])}, who has "
            f"{counted(data['warships'], 'warship')} and {outcome}")


def _fleet_robbed(view: StepView, event: Event) -> str:
    data = event.data
    what = bundle(data["resources"]) if data["resources"] is not None else counted(data["count"], "card")
    return f"The pirate fleet takes {what} from {view.name(data['seat'])}"


def _fortress_attacked(view: StepView, event: Event) -> str:
    data = event.data
    line = (f"{view.name(data['seat'])} attacks its fortress with {counted(data['warships'], 'warship')} "
            f"against {data['defence']}")
    if data["ships_lost"]:
        return f"{line} and loses {counted(len(data['ships_lost']), 'ship')}"
    return f"{line}: the fortress has {data['strength']} strength left"


def _special_edge(view: StepView, event: Event) -> str:
    return (f"{view.name(event.data['seat'])}'s ship reaches a special place of the tribe: "
            f"{SPECIAL_EDGE_GIFTS[event.data['kind']]}")


def _dev_gift(view: StepView, event: Event) -> str:
    data = event.data
    given = f"{view.name(data['seat'])} is given a development card"
    return given if data["card"] is None else f"{given}: {DEV_WORDS[data['card']]}"


def _harbor(kind: int) -> str:
    return "a 3:1 harbour" if kind == GENERIC_HARBOR else f"a 2:1 {RESOURCE_NAMES[kind]} harbour"


def _harbor_taken(view: StepView, event: Event) -> str:
    return f"{view.name(event.data['seat'])} takes {_harbor(event.data['kind'])} from the tribe"


def _harbor_placed(view: StepView, event: Event) -> str:
    data = event.data
    return f"{view.name(data['seat'])} places {_harbor(data['kind'])} {edge_words(view, data['edge'])}"


def _wonder_built(view: StepView, event: Event) -> str:
    data = event.data
    return f"{view.name(data['seat'])} builds level {data['level']} of the {WONDER_NAMES.get(data['id'], data['id'])}"


_WRITERS: dict[str, EventWords] = {
    "board": _board,
    "built": _built,
    "setup_resources": _setup_resources,
    "build_requested": _build_requested,
    "build_cancelled": _build_cancelled,
    "build_undone": _build_undone,
    "dev_bought": _dev_bought,
    "dev_played": _dev_played,
    "year_of_plenty": _year_of_plenty,
    "monopoly": _monopoly,
    "rolled": _rolled,
    "discard_required": _discard_required,
    "discarded": _discarded,
    "robber_moved": _robber_moved,
    "robbed": _robbed,
    "bank_trade": _bank_trade,
    "offer": _offer,
    "trade": _trade,
    "offer_rejected": seat_does("declines the offer"),
    "offer_withdrawn": seat_does("withdraws the offer"),
    "longest_road": _longest_road,
    "largest_army": _largest_army,
    "game_over": _game_over,
    "forfeit": forfeit_line,
    "special_build_asked": seat_does("asks to build between turns"),
    "special_turn": seat_does("builds between turns"),
    "special_turn_ended": seat_does("is done building between turns"),
    "turn_forced": seat_does("stalls: the server ends the turn"),
    "settlement_taken_back": seat_does("loses the settlement whose road it did not place"),
    "ship_moved": _ship_moved,
    "bandit_chosen": _bandit_chosen,
    "pirate_moved": _pirate_moved,
    "robbed_nobody": seat_does("robs nobody"),
    "choose_cloth": seat_does("may take cloth or a resource"),
    "picks_required": _picks_required,
    "picked": lambda view, event: f"{view.name(event.data['seat'])} picks {bundle(event.data['resources'])}",
    "fog_revealed": _fog_revealed,
    "svp": _svp,
    "village_reached": _village_reached,
    "cloth": _cloth,
    "cloth_stolen": _cloth_stolen,
    "villages_empty": lambda view, event: "Fewer than 4 villages have cloth left: the game ends",
    "fleet_attack": _fleet_attack,
    "fleet_robbed": _fleet_robbed,
    "warship": seat_does("turns a ship into a warship"),
    "fortress_attacked": _fortress_attacked,
    "fortress_captured": seat_does("recaptures its fortress"),
    "fleet_defeated": lambda view, event: "The pirate fleet is beaten: it leaves the board",
    "special_edge": _special_edge,
    "dev_gift": _dev_gift,
    "harbor_taken": _harbor_taken,
    "harbor_to_place": seat_does("is to place a harbour"),
    "harbor_placed": _harbor_placed,
    "wonder_built": _wonder_built,
}
#: kinds said by another event's line or not worth a line of their own
SILENT = frozenset({"produced", "choose_victim", "turn", "offers_cleared", "fleet_moved"})

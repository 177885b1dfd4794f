"""Masters of Renaissance moves in words (`core.movetext`): "Eva takes row 2 of the market:
2 coins, 1 stone and 1 faith", "Eva buys a level 2 blue card worth 5 points (...)", "Eva
activates the Servant discount leader (2 points)".

Leaders in hand are secret: the leaders a seat is dealt, keeps or discards are named only in
the events for that seat; the others read how many.

>>> from tablehall.games.renaissance import SPEC
>>> from tablehall.core.movetext import describe
>>> state = SPEC.new(1, {}, seed=3)
>>> keep = state.legal_actions(0)[0]
>>> describe(SPEC, state, 0, keep, state.apply(0, keep), ["Eva"]).lines
('Eva keeps 2 leaders',)
"""

from __future__ import annotations

from tablehall.core.events import Event
from tablehall.core.movetext import (EventWords, MoveText, StepView, counted, forfeit_line, lines_of, listed,
                                     seat_does)

from .board import DEPOTS
from .data import RESOURCES
from .faces import amount, card_words, leader_name, leader_words, marbles_words

SOURCE_WORDS = {"warehouse": "the warehouse", "extra": "an extra depot", "strongbox": "the strongbox"}
PRODUCTION_WORDS = {"base": "the basic production", "leader": "a leader's production"}


def move_text(view: StepView) -> MoveText:
    lines = lines_of(view, _WRITERS)
    faith = view.of("faith")
    if faith:
        moved = [f"{view.name(e.data['seat'])} to {e.data['faith']}" for e in faith]
        lines.append(f"On the faith track: {listed(moved)} ({faith[0].data['why']})")
    return MoveText(tuple(lines))


def place_words(place: int) -> str:
    """Depots 1-3 of the warehouse, then the leaders' extra depots."""
    return f"depot {place}" if place <= DEPOTS else f"extra depot {place - DEPOTS}"


def _a(resource: str) -> str:
    return f"{'an' if resource[0] in 'aeiou' else 'a'} {resource}"


# -- one writer per event kind --------------------------------------------------------------------

def _leaders(verb: str, unseen: str) -> EventWords:
    """The words of a seat's secret leaders: named to the seat, counted (`unseen`) to the others."""
    def words(view: StepView, event: Event) -> str:
        data = event.data
        if "leaders" in data:
            return f"{view.name(data['seat'])} {verb} {listed([leader_words(i) for i in data['leaders']])}"
        return f"{view.name(data['seat'])} {verb} {unseen.format(**data)}"
    return words


def _pick(view: StepView, event: Event) -> str:
    data = event.data
    return f"{view.name(data['seat'])} starts with {_a(data['resource'])} in {place_words(data['line'])}"


def _move(view: StepView, event: Event) -> str:
    data = event.data
    a, b = data["from"], data["to"]
    if a <= DEPOTS and b <= DEPOTS:
        return f"{view.name(data['seat'])} swaps depots {a} and {b}"
    return f"{view.name(data['seat'])} moves resources from {place_words(a)} to {place_words(b)}"


def _market(view: StepView, event: Event) -> str:
    data = event.data
    return (f"{view.name(data['seat'])} takes {data['axis']} {data['index']} of the market: "
            f"{marbles_words(data['marbles'])}")


def _white(view: StepView, event: Event) -> str:
    data = event.data
    if data["resource"] is None:
        return f"{view.name(data['seat'])} gives up a white marble"
    return f"{view.name(data['seat'])} turns a white marble into {_a(data['resource'])}"


def _store(view: StepView, event: Event) -> str:
    data = event.data
    return f"{view.name(data['seat'])} stores {_a(data['resource'])} in {place_words(data['place'])}"


def _discard_resource(view: StepView, event: Event) -> str:
    data = event.data
    return f"{view.name(data['seat'])} throws away {_a(data['resource'])}"


def _buy(view: StepView, event: Event) -> str:
    return f"{view.name(event.data['seat'])} buys {card_words(event.data['card'])}"


def _pay(view: StepView, event: Event) -> str:
    data = event.data
    return f"{view.name(data['seat'])} pays {_a(data['resource'])} from {SOURCE_WORDS[data['source']]}"


def _slot(view: StepView, event: Event) -> str:
    return f"{view.name(event.data['seat'])} puts the card in slot {event.data['slot']}"


def _produce(view: StepView, event: Event) -> str:
    data = event.data
    action = view.action
    if data["source"] == "slot" and action is not None and len(action) == 3:
        what = f"the card in slot {action[2]}"
    elif data["source"] == "leader" and action is not None and len(action) == 3:
        what = f"the production of {leader_words(action[2])}"
    else:
        what = PRODUCTION_WORDS[data["source"]]
    return f"{view.name(data['seat'])} produces with {what}"


def _output(view: StepView, event: Event) -> str:
    return f"{view.name(event.data['seat'])} chooses {_a(event.data['resource'])} as output"


def _strongbox(view: StepView, event: Event) -> str:
    box = event.data["strongbox"]
    held = [amount(box[r], r) for r in RESOURCES if box[r]]
    return f"{view.name(event.data['seat'])}'s production goes into the strongbox, which now holds {listed(held)}"


def _activate(view: StepView, event: Event) -> str:
    return f"{view.name(event.data['seat'])} activates {leader_words(event.data['leader'])}"


def _discard_leader(view: StepView, event: Event) -> str:
    data = event.data
    which = f"the {leader_name(data['leader'])} leader" if "leader" in data else "a leader"
    return f"{view.name(data['seat'])} discards {which} for 1 faith"


def _token(view: StepView, event: Event) -> str:
    data = event.data
    if data["effect"] == "discard":
        return f"Lorenzo reveals a token and removes {counted(len(data['removed']), data['color'] + ' card')}"
    if data["effect"] == "cross+2":
        return "Lorenzo reveals a token: his black cross moves 2 spaces"
    return "Lorenzo reveals a token: his black cross moves 1 space and he shuffles his tokens"


def _vatican(view: StepView, event: Event) -> str:
    data = event.data
    kept = [view.name(int(s)) for s, up in data["favour"].items() if up]
    lost = [view.name(int(s)) for s, up in data["favour"].items() if not up]
    line = f"Vatican report {data['report']} (pope space {data['pope_space']}): "
    parts = []
    if kept:
        parts.append(f"{listed(kept)} {'turns' if len(kept) == 1 else 'turn'} a favour tile worth "
                     f"{counted(data['points'], 'point')}")
    if lost:
        parts.append(f"{listed(lost)} {'loses' if len(lost) == 1 else 'lose'} the tile")
    return line + "; ".join(parts)


def _final_round(view: StepView, event: Event) -> str:
    data = event.data
    done = "owns 7 development cards" if data["trigger"] == "cards" else "reached the end of the faith track"
    return f"{view.name(data['seat'])} {done}: the round is played to its end, then the game is over"


def _game_over(view: StepView, event: Event) -> str:
    result = event.data["result"]
    scores = listed([f"{view.name(s['seat'])} {counted(s['score'], 'point')}" for s in result["seats"]])
    winners = [view.name(s["seat"]) for s in result["seats"] if s["rank"] == 1 and not s.get("cause")]
    if len(result["seats"]) == 1:
        verdict = f"{winners[0]} beats Lorenzo" if winners else "Lorenzo wins"
    else:
        verdict = f"{listed(winners)} {'wins' if len(winners) == 1 else 'share the win'}"
    return f"The game is over ({event.data['reason']}): {scores}; {verdict}"


_WRITERS: dict[str, EventWords] = {
    "deal": _leaders("is dealt", "{count} leader cards"),
    "keep": _leaders("keeps", "2 leaders"),
    "pick": _pick,
    "move": _move,
    "market": _market,
    "white": _white,
    "store": _store,
    "discard_resource": _discard_resource,
    "buy": _buy,
    "pay": _pay,
    "slot": _slot,
    "produce": _produce,
    "output": _output,
    "strongbox": _strongbox,
    "activate": _activate,
    "discard_leader": _discard_leader,
    "end_turn": seat_does("ends the turn"),
    "token": _token,
    "black_cross": lambda view, event: f"Lorenzo's black cross reaches space {event.data['position']}",
    "vatican": _vatican,
    "final_round": _final_round,
    "game_over": _game_over,
    "forfeit": forfeit_line,
}
#: kinds said by another line (`faith`, after the others) or not worth a line of their own
SILENT = frozenset({"faith", "start", "ready", "turn", "deck", "produced", "tokens_shuffled"})

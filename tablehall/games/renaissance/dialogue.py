"""The questions a seat is asked, and how its typed answers become kernel actions.

The kernel says what the seat must decide (setup, "What do you want to do?", or the open
task's step); a few answers need one more question the kernel does not know about (which
line of the warehouse, which of two white-marble leaders, which resource to pay with): that
is a `Sub` question, kept by the session until answered.
"""

from __future__ import annotations

from typing import NamedTuple

from . import messages as m
from .board import DEPOTS, EXTRA, STRONGBOX, WAREHOUSE
from .codec import Message
from .commands import (Command, ProtocolError, in_range, need, number, numbers, resource, resource_in,
                       words)
from .data import COLORS, COLUMNS, LEADERS, RESOURCES, ROWS
from .rules import RenaissanceState


class Sub(NamedTuple):
    kind: str  # line | conversion | pay_resource
    source: str = ""  # pay_resource: the place already chosen


def title(name: str) -> str:
    return name.capitalize()


def _listing(names: list[str]) -> str:
    names = [title(n) for n in names]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def question(obs: RenaissanceState, seat: int, sub: Sub | None) -> Message:
    if obs.phase == "setup":
        if obs.dealt[seat]:
            return m.say(m.ASK_LEADERS)
        left = obs.picks_left[seat]
        return m.say(m.ASK_START_RESOURCE, f"{m.TEXTS[m.ASK_START_RESOURCE]}: {left} left")
    task = obs.task
    if task is None:
        return m.say(m.WHAT_TO_DO)
    if sub is not None:
        if sub.kind == "line":
            return m.say(m.ASK_LINE)
        if sub.kind == "conversion":
            options = [RESOURCES[LEADERS[i].resource] for i in obs.players[seat].leaders_of("white_marble")]
            return m.say(m.ASK_CONVERSION, f"Select the resource you want to convert the marble into ({_listing(options)})")
        return m.say(m.ASK_PAY_RESOURCE, f"Select the resource to take from your {sub.source} ({_listing(_owed(obs))})")
    step = task.step()
    if step == "white":
        return m.say(m.TRANSFORM_OR_DISCARD)
    if step == "place":
        name = title(RESOURCES[task.incoming[0]])
        if not any(a[0] == "place" and a[1] > 0 for a in obs.legal_actions(seat)):
            return m.say(m.DISCARD_OR_MOVE, f"There is no room for the {name}: Discard it, "
                                            f"or Move resources -line -line first")
        return m.say(m.ASK_PLACE, f"Select where you want to insert the {name} (Warehouse depot, Extra depot or Discard)")
    if step == "pay":
        owed = ", ".join(f"{n} {title(RESOURCES[r])}" for r, n in enumerate(task.pay) if n)
        if task.pay_any:
            owed = ", ".join(filter(None, [owed, f"{task.pay_any} of any resource"]))
        return m.say(m.ASK_SOURCE, "Select where you want to take the resources from "
                                   f"(Warehouse depot, Extra depot or Strongbox); still to pay: {owed}")
    if step == "slot":
        return m.say(m.ASK_SLOT)
    return m.say(m.ASK_OUTPUT)


def _owed(obs: RenaissanceState) -> list[str]:
    task = obs.task
    assert task is not None
    return list(RESOURCES) if task.pay_any else [RESOURCES[r] for r in range(4) if task.pay[r]]


# -- answers ------------------------------------------------------------------------------------
def setup_answer(obs: RenaissanceState, seat: int, text: str) -> tuple:
    if obs.dealt[seat]:
        dealt = obs.dealt[seat]
        first, second = numbers(words(text), 2)
        in_range(first, 1, len(dealt))
        in_range(second, 1, len(dealt))
        return ("keep", dealt[first - 1], dealt[second - 1])
    return ("pick", resource(words(text)))


def step_answer(obs: RenaissanceState, seat: int, sub: Sub | None, text: str) -> tuple | Sub:
    """The kernel action (or the next sub-question) an answer to the open task means."""
    tokens = words(text)
    task = obs.task
    assert task is not None
    player = obs.players[seat]
    if sub is not None:
        if sub.kind == "line":
            if "discard" in tokens:
                return ("place", 0)
            need(tokens, 1)
            return ("place", in_range(number(tokens[0]), 1, DEPOTS))
        if sub.kind == "conversion":
            return ("white", _conversion(obs, seat, tokens))
        return ("pay", sub.source, resource(tokens, f"Select a valid resource ({_listing(_owed(obs))})"))
    step = task.step()
    if step == "white":
        if "discard" in tokens:
            return ("white", None)
        if resource_in(tokens):
            return ("white", resource_in(tokens))
        options = player.leaders_of("white_marble")
        if not any(t in ("transform", "convert") for t in tokens):
            kinds = [RESOURCES[LEADERS[i].resource] for i in options]
            raise ProtocolError(m.INCORRECT_PARAMETERS, f"Select Transform, Discard or {_listing(kinds)}")
        return ("white", RESOURCES[LEADERS[options[0]].resource]) if len(options) == 1 else Sub("conversion")
    if step == "place":
        return _place(obs, seat, tokens)
    if step == "pay":
        source = _source(tokens)
        named = resource_in(tokens)
        owed = _owed(obs)
        if named is None and len(owed) == 1:
            named = owed[0]
        return ("pay", source, named) if named else Sub("pay_resource", source)
    if step == "slot":
        need(tokens, 1)
        return ("slot", number(tokens[0]))
    return ("output", resource(tokens))


def _conversion(obs: RenaissanceState, seat: int, tokens: list[str]) -> str:
    options = [RESOURCES[LEADERS[i].resource] for i in obs.players[seat].leaders_of("white_marble")]
    named = resource_in(tokens)
    if named is None and tokens and tokens[0].isdigit():
        named = options[in_range(int(tokens[0]), 1, len(options)) - 1]
    if named is None:
        raise ProtocolError(m.INCORRECT_PARAMETERS, f"Select {_listing(options)}")
    return named


def _place(obs: RenaissanceState, seat: int, tokens: list[str]) -> tuple | Sub:
    resource_id = obs.task.incoming[0]  # type: ignore[union-attr]
    if "discard" in tokens:
        return ("place", 0)
    if "extra" in tokens:
        player = obs.players[seat]
        if resource_id not in player.extra_type:
            raise ProtocolError(m.NO_EXTRA_DEPOT, "You don't have an extra depot for this resource")
        return ("place", DEPOTS + 1 + player.extra_type.index(resource_id))
    digits = [t for t in tokens if t.isdigit()]
    if digits:
        return ("place", int(digits[0]))
    if "warehouse" in tokens or "depot" in tokens or "line" in tokens:
        return Sub("line")
    lines = DEPOTS + len(obs.players[seat].extra_type)
    raise ProtocolError(m.INCORRECT_PARAMETERS, "Select Warehouse depot, Extra depot or Discard "
                                                f"(or a line 1-{lines}, or Move resources -line -line)")


def _source(tokens: list[str]) -> str:
    if "strongbox" in tokens:
        return STRONGBOX
    if "extra" in tokens:
        return EXTRA
    if "warehouse" in tokens or "depot" in tokens:
        return WAREHOUSE
    raise ProtocolError(m.INCORRECT_PARAMETERS, "Select a valid location (Warehouse depot, Extra depot or Strongbox)")


# -- turn commands ------------------------------------------------------------------------------
def turn_action(obs: RenaissanceState, seat: int, command: Command) -> tuple:
    name, params = command
    player = obs.players[seat]
    if name == "move":
        first, second = numbers(params, 2)
        return ("move", first, second)
    if name == "market":
        need(params, 1)
        axis = {"row": "row", "line": "row", "r": "row", "column": "column", "col": "column",
                "c": "column"}.get(params[0])
        if axis is None:
            raise ProtocolError(m.ROW_OR_COLUMN)
        need(params, 2)
        index = number(params[1])
        return ("market", axis, in_range(index, 1, ROWS if axis == "row" else COLUMNS))
    if name == "buy":
        row, column = numbers(params, 2)
        in_range(row, 1, 3, "Index out of bounds: rows are levels 1-3")
        in_range(column, 1, len(COLORS), "Index out of bounds: columns are 1-4")
        return ("buy", row, COLORS[column - 1])
    if name == "base":
        return ("produce", "base")
    if name == "card_production":
        (slot,) = numbers(params, 1)
        return ("produce", "slot", in_range(slot, 1, len(player.slots)))
    if name == "leader_production":
        (position,) = numbers(params, 1)
        active = player.active
        if not active:
            raise ProtocolError(m.OUT_OF_BOUNDS, "Index out of bounds: you have no active leader card")
        return ("produce", "leader", active[in_range(position, 1, len(active)) - 1])
    if name in ("activate", "discard"):
        (position,) = numbers(params, 1)
        hand = player.hand
        if not hand:
            raise ProtocolError(m.OUT_OF_BOUNDS, "Index out of bounds: you have no leader card in hand")
        return (name, hand[in_range(position, 1, len(hand)) - 1])
    return ("end",)

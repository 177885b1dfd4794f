"""Reading what a client typed: command names and their parameters.

As in the origin server, spaces and dashes only separate words and case does not matter:
``Buy resources -row -2``, ``buy resources row 2`` and ``BUYRESOURCES-row-2`` are the same
command.  A parameter problem raises `ProtocolError` with the protocol's code and text.

>>> parse("Buy resources -row -2")
Command(name='market', params=['row', '2'])
>>> parse("Activate card production -1")
Command(name='card_production', params=['1'])
>>> parse("discard") is None
True
"""

from __future__ import annotations

import re
from typing import NamedTuple

from . import messages as m
from .data import RESOURCES

# typed command (words run together) -> command name
COMMANDS = {
    # turn
    "moveresources": "move", "moveresource": "move",
    "buyresources": "market", "buyresource": "market", "buymarbles": "market", "buymarble": "market",
    "buyproductioncard": "buy", "buycard": "buy", "buydevelopmentcard": "buy",
    "standardproduction": "base", "activatestandardproduction": "base", "baseproduction": "base",
    "activatecardproduction": "card_production", "cardproduction": "card_production",
    "leaderproduction": "leader_production", "activateleaderproduction": "leader_production",
    "activateleadercard": "activate", "activatedleadercard": "activate", "activateleader": "activate",
    "discardleadercard": "discard", "discardleader": "discard",
    "endturn": "end",
    # views, any time in a game
    "viewmarblemarket": "view_market", "viewmarket": "view_market",
    "viewcardmarket": "view_cards", "viewcards": "view_cards",
    "viewpersonalboard": "view_board", "viewboard": "view_board",
    "viewleadercards": "view_leaders", "viewleaders": "view_leaders",
    "viewfaithtrack": "view_faith", "viewvatican": "view_faith",
    "help": "help",
    # lobby and after a game
    "addbot": "add_bot", "fillwithbots": "fill_bots", "fillbots": "fill_bots",
    "joingame": "join", "quit": "quit",
}
TURN_COMMANDS = frozenset({"move", "market", "buy", "base", "card_production", "leader_production",
                           "activate", "discard", "end"})
VIEW_COMMANDS = frozenset({"view_market", "view_cards", "view_board", "view_leaders", "view_faith", "help"})

#: what `help` (113) lists, per situation
HELP = {
    "turn": ["Move resources -line -line", "Buy resources -row|column -number",
             "Buy production card -row -column", "Standard production", "Activate card production -slot",
             "Leader production -position", "Activate leader card -position", "Discard leader card -position",
             "End turn"],
    "views": ["View marble market", "View card market", "View personal board [-player]",
              "View leader cards", "View faith track", "Help"],
    "lobby": ["Add bot [-greedy|-random]", "Fill with bots", "Quit"],
    "over": ["Join game", "Quit"],
}

#: the seed's 16x codes (and our 172-174) name a command; the line's text is its parameters:
#: ``166 row 1`` is ``Buy resources -row -1``, ``165`` is ``End turn``
CODE_COMMANDS = {
    162: "View card market", 163: "View marble market", 164: "View personal board", 165: "End turn",
    166: "Buy resources", 167: "Buy production card", 168: "Activate leader card",
    169: "Standard production", 170: "Activate card production",
    172: "Move resources", 173: "Discard leader card", 174: "Leader production",
}

_WORD = re.compile(r"[a-z]+|\d+")


class ProtocolError(Exception):
    """Bad client input: answered with `code` and `text`, then the question is asked again."""

    def __init__(self, code: int, text: str | None = None) -> None:
        self.code = code
        self.text = m.TEXTS.get(code, "") if text is None else text
        super().__init__(f"{code} {self.text}")


class Command(NamedTuple):
    name: str
    params: list[str]


def words(text: str) -> list[str]:
    """Lower-case words and numbers; dashes, spaces and punctuation separate them."""
    return _WORD.findall(text.lower())


def with_code(code: int | None, text: str) -> str:
    """The line a client meant: a command code followed by parameters (``166 row 1``) becomes
    the command's text; a code followed by a whole command (``165 End turn``) stays as it is."""
    command = CODE_COMMANDS.get(code) if code is not None else None
    if command is None or parse(text) is not None:
        return text
    return f"{command} {text}".strip()


def parse(text: str) -> Command | None:
    """The command `text` starts with (the longest one that fits), or None."""
    tokens = words(text)
    for count in range(len(tokens), 0, -1):
        name = COMMANDS.get("".join(tokens[:count]))
        if name is not None:
            return Command(name, tokens[count:])
    return None


def need(params: list[str], count: int) -> None:
    if len(params) < count:
        raise ProtocolError(m.MISSING_PARAMETERS)


def number(word: str) -> int:
    if not word.isdigit():
        raise ProtocolError(m.NOT_A_NUMBER)
    return int(word)


def numbers(params: list[str], count: int) -> list[int]:
    need(params, count)
    return [number(p) for p in params[:count]]


def in_range(value: int, low: int, high: int, text: str | None = None) -> int:
    if not low <= value <= high:
        raise ProtocolError(m.OUT_OF_BOUNDS, text or f"Index out of bounds ({low}-{high})")
    return value


def resource_in(tokens: list[str]) -> str | None:
    """The resource a list of words names ('coins' counts), or None."""
    for token in tokens:
        singular = token[:-1] if token.endswith("s") and token[:-1] in RESOURCES else token
        if singular in RESOURCES:
            return singular
    return None


RESOURCE_TEXT = "Select a valid resource (Coin, Stone, Servant or Shield)"


def resource(tokens: list[str], refusal: str = RESOURCE_TEXT) -> str:
    """The resource the words name; else 409 with `refusal`, which lists the valid answers."""
    found = resource_in(tokens)
    if found is None:
        raise ProtocolError(m.INCORRECT_PARAMETERS, refusal)
    return found

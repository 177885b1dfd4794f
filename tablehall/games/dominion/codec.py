"""The version-1 text protocol's lines: format what the server says, parse what a bot says.

Pure functions on `str` lines without their newline; framing (``\\n``, line limits) is the
channel's job (`core.lineproc.LineBuffer`).  Cards travel by their lower-case names, seats as
``player1``..``player4``.  See docs/protocols/dominion.md for every message and its meaning.

>>> format_play_turn(1, 1, 0, ["copper", "estate"])
'play-request play-turn actions 1 buys 1 extra-money 0 hand copper estate'
>>> parse_reply("play-reply action remodel estate silver")
Reply(kind='action', cards=('remodel', 'estate', 'silver'), problem='')
"""

from __future__ import annotations

from functools import lru_cache
from operator import getitem
from typing import Iterable, NamedTuple, Sequence

from tablehall.core.names import MAX_NAME, name_problem

from .cards import NAMES

VERSION = "1"


def seat_label(seat: int) -> str:
    """Seat 0 is ``player1``."""
    return f"player{seat + 1}"


def _join(*parts: str | Iterable[str]) -> str:
    words: list[str] = []
    for part in parts:
        if isinstance(part, str):
            words.append(part)
        else:
            words.extend(part)
    return " ".join(words)


# -- server to bot -------------------------------------------------------------------------------
def format_name_request(seat: int) -> str:
    return f"player {seat_label(seat)} name"


def format_version(seat: int) -> str:
    return f"player {seat_label(seat)} version {VERSION}"


# (the formatters below run for every event of every game a server plays: plain f-strings)
def format_kingdom(cards: Sequence[str]) -> str:
    return _join("game kingdom-cards", cards)


def format_supply(counts: Sequence[int]) -> str:
    """The supply line.  Most turns leave it as the last turn did but for one pile, and every
    seat of every game is told it before each turn: each distinct supply is written once."""
    return _supply_line(tuple(counts))


@lru_cache(maxsize=4096)
def _supply_line(counts: tuple[int, ...]) -> str:
    try:  # each pile's words looked up from the table of every count a pile starts with
        return "supply " + " ".join(map(getitem, _PILE_WORDS, counts))
    except KeyError:  # a count no pile ever has
        return "supply " + " ".join([f"{name} {count}" for name, count in zip(NAMES, counts)])


#: per card, count -> "<card> <count>", for the counts 0-60 (no pile of four players is larger)
_PILE_WORDS = tuple({count: f"{name} {count}" for count in range(61)} for name in NAMES)


def format_cards(seat: int, verb: str, cards: Sequence[str]) -> str:
    """``<playerN> gained|played|trashed <cards>``."""
    return f"player{seat + 1} {verb} {' '.join(cards)}" if cards else f"player{seat + 1} {verb}"


def format_top_discard(seat: int, card: str | None) -> str:
    return f"player{seat + 1} top-discard {card}" if card else f"player{seat + 1} top-discard"


def format_turn_end(seat: int, gained: Sequence[str], played: Sequence[str], top: str | None) -> list[str]:
    """The lines of every turn's end: what the seat gained and played (each only if anything),
    then its top discard (`format_cards`, `format_top_discard`, written out in one go: every
    turn of every game has them)."""
    player = f"player{seat + 1}"
    lines = [f"{player} gained {' '.join(gained)}"] if gained else []
    if played:
        lines.append(f"{player} played {' '.join(played)}")
    lines.append(f"{player} top-discard {top}" if top else f"{player} top-discard")
    return lines


def format_revealed(seat: int, card: str) -> str:
    return f"{seat_label(seat)} revealed hand {card}"


def format_disqualified(seat: int) -> str:
    return f"{seat_label(seat)} disqualified"


def format_play_turn(actions: int, buys: int, extra_money: int, hand: Sequence[str]) -> str:
    if hand:  # one string built: a seat is asked at every move
        return f"play-request play-turn actions {actions} buys {buys} extra-money {extra_money} hand {' '.join(hand)}"
    return f"play-request play-turn actions {actions} buys {buys} extra-money {extra_money} hand"


def format_attack(discard: int, hand: Sequence[str]) -> str:
    head = f"play-request attack discard {discard} hand"
    return f"{head} {' '.join(hand)}" if hand else head


def format_game_end(scores: Sequence[int], winners: Sequence[int]) -> str:
    return _join("game-end scores", (f"{seat_label(s)} {score}" for s, score in enumerate(scores)),
                 "winners", (seat_label(s) for s in winners))


GAME_ABORTED = "game-end aborted"


# -- bot to server -------------------------------------------------------------------------------
class Reply(NamedTuple):
    """A bot's answer as words: ``kind`` is pass, buy, action, discard, reaction or invalid;
    ``cards`` are the card names that follow (for action: the card played, then its
    arguments); ``problem`` says why a line is invalid."""

    kind: str
    cards: tuple[str, ...] = ()
    problem: str = ""


def _invalid(problem: str) -> Reply:
    return Reply("invalid", (), problem)


def parse_reply(line: str) -> Reply:
    """Read a ``play-reply`` line.  Never raises: a line that is not a reply at all comes back
    as kind ``invalid``.  Card names are lower-cased but not checked (the rules do that).
    Bots send the same few short lines over and over (``play-reply buy silver``): each is read
    once (a `Reply` is immutable)."""
    return _parse_short_reply(line) if len(line) <= 80 else _parse_reply(line)


def _parse_reply(line: str) -> Reply:
    words = line.lower().split()
    if len(words) < 2 or words[0] != "play-reply":
        return _invalid("not a play-reply line")
    kind, rest = words[1], tuple(words[2:])
    if kind == "pass":
        return Reply("pass") if not rest else _invalid("pass takes nothing after it")
    if kind in ("buy", "discard"):
        return Reply(kind, rest)
    if kind == "action":
        return Reply("action", rest) if rest else _invalid("action without a card")
    if kind == "reply" and rest[:1] == ("workshop",):  # the seed's typo for "action workshop"
        return Reply("action", rest)
    if kind == "reaction":
        return Reply("reaction", rest) if len(rest) == 1 else _invalid("reaction names one card")
    return _invalid(f"unknown reply {kind!r}")


_parse_short_reply = lru_cache(maxsize=1024)(_parse_reply)


def parse_name(line: str, seat: int) -> str | None:
    """The bot's name from ``player <playerN> <bot-name>`` (cut to the longest name a player may
    have), or None if the line is anything else or the name is not one a player may have
    (`core.names`): the caller then names the bot ``PLAYERN``."""
    words = line.split(maxsplit=2)
    if len(words) < 3 or words[0] != "player" or words[1] != seat_label(seat):
        return None
    name = words[2].strip()[:MAX_NAME].strip()
    return None if name_problem(name) else name


def default_name(seat: int) -> str:
    return seat_label(seat).upper()

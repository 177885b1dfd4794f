"""Game options on the wire: the classic options tablehall supports and their packed forms.

Options travel as ``KEY=value`` items joined by commas (``PL=4,BC=t4,RD=f``): ``t``/``f`` for
booleans, a number for integers, ``t``/``f`` then a number for "integer with a checkbox"
options (``N7=f7``: the rule is off, its number 7).  The definitions below are JSettlers' own
(key, type, versions, defaults, range, flags, description) for the options that apply to the
classic 4-player board; sea-board, 6-player and scenario options are not offered, so a client
asking about one is told it is unknown, as JSettlers tells a client about any option it lacks.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Iterable

from .lobby_messages import GameOptionInfo
from .message import SEP2


class OptionType(IntEnum):
    UNKNOWN = 0
    BOOL = 1
    INT = 2
    INTBOOL = 3
    ENUM = 4
    ENUMBOOL = 5
    STR = 6
    STRHIDE = 7


FLAG_DROP_IF_UNUSED = 0x01
UNKNOWN_VERSION = 2**31 - 1  # an unknown option's versions (Integer.MAX_VALUE)
END_OF_LIST_KEY = "-"


@dataclass(frozen=True)
class OptionValue:
    """One option's value: the checkbox (BOOL, INTBOOL) and the number (INT, INTBOOL)."""

    flag: bool = False
    number: int = 0


@dataclass(frozen=True)
class OptionDef:
    key: str
    option_type: OptionType
    min_version: int
    last_mod_version: int
    default: OptionValue
    min_int: int = 0
    max_int: int = 0
    flags: int = 0
    description: str = ""

    def pack(self, value: OptionValue) -> str:
        """``KEY=value`` as JSettlers packs it."""
        if self.option_type == OptionType.BOOL:
            text = "t" if value.flag else "f"
        elif self.option_type == OptionType.INTBOOL:
            text = ("t" if value.flag else "f") + str(value.number)
        else:
            text = str(value.number)
        return f"{self.key}={text}"

    def parse_value(self, text: str) -> OptionValue:
        """The value part of ``KEY=value``; ValueError if it is not one of this option's."""
        if self.option_type == OptionType.BOOL:
            if text not in ("t", "f"):
                raise ValueError(f"{self.key}: expected t or f, got {text!r}")
            return OptionValue(text == "t")
        if self.option_type == OptionType.INTBOOL:
            if text[:1] not in ("t", "f"):
                raise ValueError(f"{self.key}: expected t or f then a number, got {text!r}")
            value = OptionValue(text[0] == "t", int(text[1:]) if len(text) > 1 else self.default.number)
        else:
            value = OptionValue(False, int(text))
        if not self.min_int <= value.number <= self.max_int:
            raise ValueError(f"{self.key}: {value.number} is outside {self.min_int}..{self.max_int}")
        return value

    def info(self) -> GameOptionInfo:
        """This option's `GameOptionInfo` (current value = default)."""
        d = self.default
        return GameOptionInfo(
            self.key,
            int(self.option_type),
            self.min_version,
            self.last_mod_version,
            d.flag,
            d.number,
            self.min_int,
            self.max_int,
            d.flag,
            str(d.number),
            self.flags,
            self.description,
        )


def unknown_option_info(key: str) -> GameOptionInfo:
    """What JSettlers answers about an option it does not know (also the end-of-list marker ``-``)."""
    return GameOptionInfo(key, 0, UNKNOWN_VERSION, UNKNOWN_VERSION, False, 0, 0, 0, False, "0", 0, key)


#: the options for the classic board, in the order defaults are sent
_DROP = FLAG_DROP_IF_UNUSED
CLASSIC_OPTIONS: tuple[OptionDef, ...] = (
    OptionDef("PL", OptionType.INT, -1, 1108, OptionValue(False, 4), 2, 4, 0, "Maximum # players"),
    OptionDef("RD", OptionType.BOOL, -1, 1107, OptionValue(False), 0, 0, 0, "Robber can't return to the desert"),
    OptionDef("N7", OptionType.INTBOOL, -1, 1107, OptionValue(False, 7), 1, 999, 0, "Roll no 7s during first # rounds"),
    OptionDef("N7C", OptionType.BOOL, -1, 1119, OptionValue(False), 0, 0, _DROP, "Roll no 7s until a city is built"),
    OptionDef(
        "BC", OptionType.INTBOOL, -1, 1107, OptionValue(True, 4), 3, 9, 0,
        "Break up clumps of # or more same-type hexes/ports",
    ),
    OptionDef("NT", OptionType.BOOL, 1107, 1107, OptionValue(False), 0, 0, _DROP, "No trading allowed between players"),
    OptionDef("VP", OptionType.INTBOOL, -1, 2000, OptionValue(False, 10), 10, 20, _DROP, "Victory points to win: #"),
)

KNOWN_OPTIONS: dict[str, OptionDef] = {o.key: o for o in CLASSIC_OPTIONS}


def pack_options(values: dict[str, OptionValue], known: dict[str, OptionDef] = KNOWN_OPTIONS) -> str:
    """``KEY=value,...`` in `values` order; ``-`` when empty (JSettlers' "no options")."""
    if not values:
        return "-"
    return SEP2.join(known[key].pack(value) for key, value in values.items())


def packed_defaults(known: Iterable[OptionDef] = CLASSIC_OPTIONS) -> str:
    """The `GameOptionGetDefaults` answer: every known option at its default."""
    return SEP2.join(o.pack(o.default) for o in known)


#: rules the engine does not play; a game may carry these options only switched off
UNPLAYED_RULES = ("RD", "N7", "N7C")


def check_playable(values: dict[str, OptionValue]) -> None:
    """ValueError naming the first option switched on whose rule tablehall does not play."""
    for key in UNPLAYED_RULES:
        value = values.get(key)
        if value is not None and value.flag:
            definition = KNOWN_OPTIONS[key]
            raise ValueError(f"tablehall does not play {definition.pack(value)} ({definition.description})")


class UnknownOption(ValueError):
    def __init__(self, keys: list[str]) -> None:
        super().__init__("unknown game option(s): " + ", ".join(keys))
        self.keys = keys


def parse_options(text: str | None, known: dict[str, OptionDef] = KNOWN_OPTIONS) -> dict[str, OptionValue]:
    """Parse ``KEY=value,...`` (``-`` or empty for none).  `UnknownOption` lists keys this server
    does not offer; ValueError for a malformed item or an out-of-range value."""
    if not text or text == "-":
        return {}
    values: dict[str, OptionValue] = {}
    unknown: list[str] = []
    for item in text.split(SEP2):
        if not item:
            continue
        key, eq, value = item.partition("=")
        if not eq or not key:
            raise ValueError(f"malformed game option {item!r}")
        definition = known.get(key)
        if definition is None:
            unknown.append(key)
            continue
        values[key] = definition.parse_value(value)
    if unknown:
        raise UnknownOption(unknown)
    return values


def option_infos(
    keys: Iterable[str], include_newer: bool, client_version: int, known: Iterable[OptionDef] = CLASSIC_OPTIONS
) -> list[GameOptionInfo]:
    """The `GameOptionInfo` answer to `GameOptionGetInfos`, end marker included.

    Each key asked about gets its info, or "unknown" if this server does not offer it or it is
    too new for the client.  With `include_newer` (an older client's ``-`` or ``?CHANGES``) every
    option changed since `client_version` is added.
    """
    by_key = {o.key: o for o in known}
    answers: dict[str, GameOptionInfo] = {}
    for key in keys:
        definition = by_key.get(key)
        usable = definition is not None and definition.min_version <= client_version
        answers[key] = definition.info() if usable else unknown_option_info(key)
    if include_newer:
        for definition in by_key.values():
            if definition.last_mod_version > client_version:
                answers.setdefault(definition.key, definition.info())
    return [*answers.values(), unknown_option_info(END_OF_LIST_KEY)]

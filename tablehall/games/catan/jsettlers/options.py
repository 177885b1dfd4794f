"""Game options on the wire: every option a JSettlers 2.7.00 client knows, and what tablehall offers.

Options travel as ``KEY=value`` items joined by commas (``PL=4,BC=t4,RD=f``): ``t``/``f`` for
booleans, a number for integers, ``t``/``f`` then a number for "integer with a checkbox"
options (``N7=f7``: the rule is off, its number 7), text for string options (``SC=SC_FOG``).

`ALL_OPTIONS` is JSettlers 2.7.00's option table (key, type, versions, default, range, flags):
every option a 2.7.00 client may send is parsed by its type, and an integer out of its range
is moved to the nearest end of it, as JSettlers' ``setIntValue`` does.  Which of them a server
*offers* depends on what the engine plays (`Offer`, built by `engine_rules.engine_offer`): an
option that is not offered is answered as the Java server answers an option it does not know
(`unknown_option_info`, so a client's New Game dialog hides it), dropped from a new game when
it is unused or "opportunistic", and named in the "Unknown game option(s)" refusal only when a
game really asks for it (a sea board, a scenario).  `adjust_options` is JSettlers'
``adjustOptionsToKnown`` for a new game: what is kept is what the game's option list says.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import IntEnum
from typing import Iterable, Mapping

from .lobby_messages import GameOptionInfo
from .message import SEP2, is_single_line_and_safe
from .scenario_options import scenario_option_items


class OptionType(IntEnum):
    UNKNOWN = 0
    BOOL = 1
    INT = 2
    INTBOOL = 3
    ENUM = 4
    ENUMBOOL = 5
    STR = 6
    STRHIDE = 7


# SOCGameOption flags (the GameOptionInfo ``flags`` field)
FLAG_DROP_IF_UNUSED = 0x01  # left out of a game's options when off or at its default
FLAG_INTERNAL_GAME_PROPERTY = 0x02  # set by the server, hidden in the client's dialog
FLAG_INACTIVE_HIDDEN = 0x04  # inactive unless a server activates it
FLAG_ACTIVATED = 0x08
FLAG_3RD_PARTY = 0x10
FLAG_DROP_IF_PARENT_UNUSED = 0x20  # UBL without UB
FLAG_SET_AT_CLIENT_ONCE = 0x40
FLAG_OPPORTUNISTIC = 0x80  # a server that cannot play it drops it instead of refusing the game

UNKNOWN_VERSION = 2**31 - 1  # an unknown option's versions (Integer.MAX_VALUE)
END_OF_LIST_KEY = "-"
TEXT_OPTION_MAX_LENGTH = 255


@dataclass(frozen=True)
class OptionValue:
    """One option's value: the checkbox (BOOL, INTBOOL), the number (INT, INTBOOL), the text (STR)."""

    flag: bool = False
    number: int = 0
    text: str = ""


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
    parent: str = ""  # FLAG_DROP_IF_PARENT_UNUSED: the option this one belongs to

    def has(self, flag: int) -> bool:
        return bool(self.flags & flag)

    def pack(self, value: OptionValue) -> str:
        """``KEY=value`` as JSettlers packs it."""
        t = self.option_type
        if t == OptionType.BOOL:
            text = "t" if value.flag else "f"
        elif t in (OptionType.INTBOOL, OptionType.ENUMBOOL):
            text = ("t" if value.flag else "f") + str(value.number)
        elif t in (OptionType.STR, OptionType.STRHIDE):
            text = value.text
        else:
            text = str(value.number)
        return f"{self.key}={text}"

    def clip(self, number: int) -> int:
        """An integer moved into this option's range (JSettlers' setIntValue)."""
        return max(self.min_int, min(self.max_int, number))

    def parse_value(self, text: str) -> OptionValue:
        """The value part of ``KEY=value``; ValueError if it is not of this option's type."""
        t = self.option_type
        if t == OptionType.BOOL:
            if text not in ("t", "f", "T", "F"):
                raise ValueError(f"{self.key}: expected t or f, got {text!r}")
            return OptionValue(text in ("t", "T"))
        if t in (OptionType.STR, OptionType.STRHIDE):
            if len(text) > self.max_int or (text and not is_single_line_and_safe(text)):
                raise ValueError(f"{self.key}: not a text of at most {self.max_int} safe characters")
            return OptionValue(text=text)
        if t in (OptionType.INTBOOL, OptionType.ENUMBOOL):
            if text[:1] not in ("t", "f", "T", "F"):
                raise ValueError(f"{self.key}: expected t or f then a number, got {text!r}")
            flag, digits = text[0] in ("t", "T"), text[1:]
        else:
            flag, digits = False, text
        try:
            number = int(digits) if digits else self.default.number
        except ValueError:
            raise ValueError(f"{self.key}: {digits!r} is not a number") from None
        return OptionValue(flag, self.clip(number))

    def is_unused(self, value: OptionValue) -> bool:
        """Off, empty or at its default: what FLAG_DROP_IF_UNUSED drops."""
        t = self.option_type
        if t in (OptionType.BOOL, OptionType.INTBOOL, OptionType.ENUMBOOL):
            return not value.flag
        if t in (OptionType.STR, OptionType.STRHIDE):
            return not value.text
        return value.number == self.default.number

    def info(self, max_int: int | None = None) -> GameOptionInfo:
        """This option's `GameOptionInfo` (current value = default)."""
        d = self.default
        text = d.text if self.option_type in (OptionType.STR, OptionType.STRHIDE) else str(d.number)
        return GameOptionInfo(self.key, int(self.option_type), self.min_version, self.last_mod_version, d.flag,
                              d.number, self.min_int, self.max_int if max_int is None else max_int, d.flag, text,
                              self.flags, self.description)


def unknown_option_info(key: str) -> GameOptionInfo:
    """What JSettlers answers about an option it does not know (also the end-of-list marker ``-``)."""
    return GameOptionInfo(key, 0, UNKNOWN_VERSION, UNKNOWN_VERSION, False, 0, 0, 0, False, "0", 0, key)


T, D = OptionType, OptionValue
_DROP, _INTERNAL, _HIDDEN = FLAG_DROP_IF_UNUSED, FLAG_INTERNAL_GAME_PROPERTY, FLAG_INACTIVE_HIDDEN
#: the scenario flags JSettlers' game code checks (never a scenario's key), with their descriptions
_SCENARIO_RULES = (
    ("SANY", "SVP for your first settlement on any island after initial placement"),
    ("SEAC", "2 SVP for your first settlement on each island after initial placement"),
    ("FOG", "Some hexes initially hidden by fog"),
    ("0RVP", "No longest trade route VP (no Longest Road)"),
    ("3IP", "Third initial settlement"),
    ("CLVI", "Cloth Trade with neutral villages"),
    ("PIRI", "Pirate Islands and fortresses"),
    ("FTRI", "The Forgotten Tribe"),
    ("WOND", "Wonders"),
)
SCENARIO_FLAG_KEYS = tuple(f"_SC_{rule}" for rule, _ in _SCENARIO_RULES)

#: JSettlers 2.7.00's game options (../shared/notes/jsettlers-options-6p.md), in the order
#: defaults are sent
ALL_OPTIONS: tuple[OptionDef, ...] = (
    OptionDef("PL", T.INT, -1, 1108, D(False, 4), 2, 6, 0, "Maximum # players"),
    OptionDef("PLB", T.BOOL, 1108, 1113, D(False), 0, 0, _DROP, "Use 6-player board"),
    OptionDef("PLP", T.BOOL, 1108, 2300, D(False), 0, 0, _DROP,
              "6-player board: Can Special Build only if 5 or 6 players in game"),
    OptionDef("SBL", T.BOOL, 2000, 2000, D(False), 0, 0, _DROP, "Use sea board"),
    OptionDef("_BHW", T.INT, 2000, 2000, D(False, 0), 0, 0xFFFF, _DROP | _INTERNAL, "Large board's height and width"),
    OptionDef("RD", T.BOOL, -1, 1107, D(False), 0, 0, 0, "Robber can't return to the desert"),
    OptionDef("N7", T.INTBOOL, -1, 1107, D(False, 7), 1, 999, 0, "Roll no 7s during first # rounds"),
    OptionDef("N7C", T.BOOL, -1, 1119, D(False), 0, 0, _DROP, "Roll no 7s until a city is built"),
    OptionDef("BC", T.INTBOOL, -1, 1107, D(True, 4), 3, 9, 0, "Break up clumps of # or more same-type hexes/ports"),
    OptionDef("NT", T.BOOL, 1107, 1107, D(False), 0, 0, _DROP, "No trading allowed between players"),
    OptionDef("VP", T.INTBOOL, -1, 2000, D(False, 10), 10, 20, _DROP, "Victory points to win: #"),
    OptionDef("_VP_ALL", T.BOOL, 2000, 2500, D(False), 0, 0, _DROP | _INTERNAL,
              "Use default VP in all scenarios"),
    OptionDef("UB", T.BOOL, 2700, 2700, D(False), 0, 0, _DROP | FLAG_SET_AT_CLIENT_ONCE | FLAG_OPPORTUNISTIC,
              "Allow undo piece builds and moves"),
    OptionDef("UBL", T.INTBOOL, 2700, 2700, D(True, 7), 1, 999, FLAG_DROP_IF_PARENT_UNUSED | FLAG_OPPORTUNISTIC,
              "Limit undos to # per player", parent="UB"),
    OptionDef("SC", T.STR, 2000, 2000, D(), 0, 8, _DROP, "Game Scenario: #"),
    *(OptionDef(f"_SC_{rule}", T.BOOL, 2000, 2000, D(False), 0, 0, _DROP, f"Scenarios: {text}")
      for rule, text in _SCENARIO_RULES),
    *(OptionDef(f"_EXT_{part}", T.STR, 2000, 2000, D(), 0, TEXT_OPTION_MAX_LENGTH, _DROP | _INTERNAL,
                f"Extra non-core option for {what}")
      for part, what in (("BOT", "robots"), ("CLI", "clients"), ("GAM", "the game"))),
    OptionDef("PLAY_FO", T.BOOL, 2000, 2500, D(False), 0, 0, _DROP | _HIDDEN, "Show all player info as fully observable"),
    OptionDef("PLAY_VPO", T.BOOL, 2000, 2500, D(False), 0, 0, _DROP | _HIDDEN, "Show all VP/dev card info"),
)

KNOWN_OPTIONS: dict[str, OptionDef] = {o.key: o for o in ALL_OPTIONS}

#: options any server can honour without rules of its own: they change nothing in a classic game
#: (``BC`` without the engine's clump breaking: its random boards keep 6s and 8s apart anyway;
#: ``_EXT_*``: passed on as given)
PASSIVE_OPTIONS = frozenset({"BC", "_VP_ALL", "_EXT_BOT", "_EXT_CLI", "_EXT_GAM"})
#: options the engine does not play on the sea board (undo of builds and ship moves)
SEA_UNPLAYED = ("UB", "UBL")


@dataclass(frozen=True)
class Offer:
    """What a server offers: the most players it seats and the options whose rules it plays."""

    max_players: int = 4
    rules: frozenset[str] = field(default_factory=lambda: frozenset({"PL", "NT", "VP"}))

    def offers(self, key: str) -> bool:
        return key in self.rules or key in PASSIVE_OPTIONS

    def definitions(self) -> tuple[OptionDef, ...]:
        """The offered options, as this server defines them (PL limited to the players it seats)."""
        out = []
        for o in ALL_OPTIONS:
            if self.offers(o.key):
                out.append(replace(o, max_int=self.max_players) if o.key == "PL" else o)
        return tuple(out)


CLASSIC_OFFER = Offer()


def pack_options(values: Mapping[str, OptionValue], known: Mapping[str, OptionDef] = KNOWN_OPTIONS) -> str:
    """``KEY=value,...`` in `values` order; ``-`` when empty (JSettlers' "no options")."""
    if not values:
        return "-"
    return SEP2.join(known[key].pack(value) for key, value in values.items())


def packed_defaults(offer: Offer = CLASSIC_OFFER) -> str:
    """The `GameOptionGetDefaults` answer: every offered option a client may set, at its default
    (internal, inactive and text options are left out, as JSettlers leaves them out)."""
    shown = [o for o in offer.definitions()
             if not o.has(_INTERNAL | _HIDDEN) and o.option_type not in (T.STR, T.STRHIDE)]
    return SEP2.join(o.pack(o.default) for o in shown)


class UnknownOption(ValueError):
    def __init__(self, keys: list[str]) -> None:
        super().__init__("unknown game option(s): " + ", ".join(keys))
        self.keys = keys


def parse_options(text: str | None, known: Mapping[str, OptionDef] = KNOWN_OPTIONS) -> dict[str, OptionValue]:
    """Parse ``KEY=value,...`` (``-`` or empty for none), each value by its option's type.
    `UnknownOption` lists keys JSettlers 2.7.00 does not have; ValueError for a malformed item.
    Integers out of range are moved into it, as JSettlers does."""
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


def adjust_options(values: Mapping[str, OptionValue], offer: Offer = CLASSIC_OFFER) -> dict[str, OptionValue]:
    """A new game's options from those a client asked for (JSettlers' ``adjustOptionsToKnown``
    on the server): unused options with FLAG_DROP_IF_UNUSED are dropped, and options whose parent
    is unused; an option the server does not offer is dropped when it is unused or opportunistic,
    otherwise it is refused (`UnknownOption`).  ``PL`` is held to the players the server seats."""
    kept: dict[str, OptionValue] = {}
    refused: list[str] = []
    for key, value in values.items():
        definition = KNOWN_OPTIONS[key]
        unused = definition.is_unused(value)
        if definition.parent:
            parent = values.get(definition.parent)
            parent_def = KNOWN_OPTIONS[definition.parent]
            if parent is None or parent_def.is_unused(parent) or not offer.offers(definition.parent):
                continue
        if not offer.offers(key):
            if not (unused or definition.has(FLAG_OPPORTUNISTIC)):
                refused.append(key)
            continue
        if unused and definition.has(FLAG_DROP_IF_UNUSED):
            continue
        if key == "PL":
            value = replace(value, number=min(value.number, offer.max_players))
        kept[key] = value
    if refused:
        raise UnknownOption(refused)
    return _with_scenario(kept, values)


def _with_scenario(kept: dict[str, OptionValue], asked: Mapping[str, OptionValue]) -> dict[str, OptionValue]:
    """The server's pre-adjust for a scenario (``SC``): the scenario's options added after the
    asked ones (its ``VP`` only if the client set none); ValueError for an unknown scenario or a
    scenario flag (``_SC_*``) that is not the scenario's own."""
    scenario = kept.get("SC")
    own: set[str] = set()
    if scenario is not None:
        for key, text in scenario_option_items(scenario.text):
            own.add(key)
            if key == "VP" and asked.get("VP", OptionValue()).flag:
                continue
            kept.setdefault(key, KNOWN_OPTIONS[key].parse_value(text))
    stray = [key for key in kept if key.startswith("_SC_") and key not in own]
    if stray:
        raise ValueError(f"{', '.join(stray)}: played only with the scenario that sets it")
    if kept.get("SBL", OptionValue()).flag:
        for key in SEA_UNPLAYED:  # opportunistic: dropped, as by a server without the rule
            kept.pop(key, None)
    return kept


def game_min_version(values: Mapping[str, OptionValue]) -> int:
    """The oldest client version a game's options need, as `NewGameWithOptions` says it: the
    newest option's minimum on the sea board, -1 (any) otherwise."""
    if not values.get("SBL", OptionValue()).flag:
        return -1
    return max(KNOWN_OPTIONS[key].min_version for key in values)


def option_infos(keys: Iterable[str], include_newer: bool, client_version: int,
                 offer: Offer = CLASSIC_OFFER) -> list[GameOptionInfo]:
    """The `GameOptionInfo` answer to `GameOptionGetInfos`, end marker included.

    Each key asked about gets its info, or "unknown" if this server does not offer it or it is
    too new for the client.  With `include_newer` (an older client's ``-`` or ``?CHANGES``) every
    offered option changed since `client_version` is added, and every option the client knows
    but this server does not offer is added as unknown, so the client's dialog hides it.
    """
    answers: dict[str, GameOptionInfo] = {}
    for key in keys:
        answers[key] = _info(key, client_version, offer)
    if include_newer:
        for definition in ALL_OPTIONS:
            if definition.key in answers:
                continue
            if definition.min_version > client_version:
                continue  # too new for the client: it does not know it, nothing to hide
            if not offer.offers(definition.key):
                answers[definition.key] = unknown_option_info(definition.key)
            elif definition.last_mod_version > client_version:
                answers[definition.key] = _info(definition.key, client_version, offer)
    return [*answers.values(), unknown_option_info(END_OF_LIST_KEY)]


def unoffered_infos(client_version: int, offer: Offer = CLASSIC_OFFER) -> list[GameOptionInfo]:
    """"Unknown" infos for the options a client of `client_version` knows and this server does
    not offer (no end marker): told to a client of the server's own version, which never asks."""
    return [unknown_option_info(o.key) for o in ALL_OPTIONS
            if not offer.offers(o.key) and o.min_version <= client_version]


def _info(key: str, client_version: int, offer: Offer) -> GameOptionInfo:
    definition = KNOWN_OPTIONS.get(key)
    if definition is None or not offer.offers(key) or definition.min_version > client_version:
        return unknown_option_info(key)
    return definition.info(offer.max_players if key == "PL" else None)

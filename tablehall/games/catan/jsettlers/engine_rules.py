"""Which JSettlers game options the Catan engine plays, and the engine options for a game's options.

The protocol offers an option only where the engine has the rule: `engine_offer` looks at the
engine's option table (``rules.DEFAULT_OPTIONS``) and seat counts, so a rule the engine learns
is offered over the protocol without a change here beyond its line in `ENGINE_KEYS`.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from .. import SPEC
from .options import KNOWN_OPTIONS, SCENARIO_FLAG_KEYS, Offer, OptionValue, parse_options

try:  # the engine's option table (catan.options once the engine has the JSettlers 2.7.00 rules)
    from ..options import DEFAULT_OPTIONS
except ImportError:  # pragma: no cover - the classic engine
    from ..rules import DEFAULT_OPTIONS

#: JSettlers option -> (engine option, how the option's value becomes the engine's; None: leave out)
_Convert = Callable[[OptionValue], Any]
ENGINE_KEYS: dict[str, tuple[str, _Convert]] = {
    "PL": ("max_players", lambda v: v.number if v.number > 4 else None),  # over 4: the 5-6 player rules
    "VP": ("vp_to_win", lambda v: v.number if v.flag else None),
    "NT": ("domestic_trades", lambda v: False if v.flag else None),
    "PLB": ("six_player_board", lambda v: True if v.flag else None),
    "PLP": ("special_building_5_6_only", lambda v: True if v.flag else None),
    "RD": ("no_robber_on_desert", lambda v: True if v.flag else None),
    "N7": ("no_7s_rounds", lambda v: v.number if v.flag else None),
    "N7C": ("no_7s_until_city", lambda v: True if v.flag else None),
    "BC": ("break_clumps", lambda v: v.number if v.flag else None),
    "UB": ("undo_builds", lambda v: True if v.flag else None),
    "UBL": ("undo_limit", lambda v: v.number if v.flag else 0),  # unchecked: no limit
    "SBL": ("sea_board", lambda v: True if v.flag else None),
    "SC": ("scenario", lambda v: v.text or None),  # its _SC_* flags follow from the key
}


def engine_offer(defaults: Mapping[str, Any] = DEFAULT_OPTIONS, seat_counts=SPEC.seat_counts) -> Offer:
    """The options tablehall offers: PL up to the engine's most seats, and each option whose
    engine rule exists."""
    rules = {"PL", "NT", "VP"} | {key for key, (engine_key, _) in ENGINE_KEYS.items() if engine_key in defaults}
    if "SC" in rules:
        rules |= set(SCENARIO_FLAG_KEYS)
    return Offer(max_players=max(seat_counts), rules=frozenset(rules))


#: Engine rules whose JSettlers messages this protocol does not send: none any more (the 6-player
#: board's layout 1084, the special building phase and undo 1105 are sent; see jsettlers.md).
NOT_WIRED: frozenset[str] = frozenset()
PROTOCOL_MAX_PLAYERS = 6


def served_offer() -> Offer:
    """What the server offers: the engine's offer, less what this protocol does not play yet."""
    offer = engine_offer()
    return Offer(max_players=min(PROTOCOL_MAX_PLAYERS, offer.max_players), rules=offer.rules - NOT_WIRED)


def engine_options(jsettlers_options: str | None, defaults: Mapping[str, Any] = DEFAULT_OPTIONS) -> dict:
    """Engine options for a game's JSettlers option string (only rules the engine has)."""
    values = parse_options(jsettlers_options)
    options: dict = {}
    for key, value in values.items():
        entry = ENGINE_KEYS.get(key)
        if entry is None or entry[0] not in defaults:
            continue
        if KNOWN_OPTIONS[key].parent and not values.get(KNOWN_OPTIONS[key].parent, OptionValue()).flag:
            continue
        converted = entry[1](value)
        if converted is not None:
            options[entry[0]] = converted
    return options

"""Catan game options: their defaults, their JSettlers names and their normalisation.

`normalize_options` fills the defaults and checks every value (an `OptionError` names the bad
one).  The options of the classic engine are always written out in full.  The options added for
the JSettlers 2.7.00 option set (`RULE_OPTIONS`) appear in a normalised dict only when they are
not at their default, as JSettlers drops unused options: so a game that does not use them has
exactly the options, the record and the digest it had before they existed.

=========================== ======== ========================================================
option                      JSettlers what it does
=========================== ======== ========================================================
vp_to_win                   VP       points to win (3..20)
domestic_trades             NT       false: no trading between players
max_players                 PL       the seats the game was made for, when more than sit (0: the
                                     seats that sit).  Over 4: the 5-6 player rules (board,
                                     34 development cards, 24 cards of each resource, special
                                     building phase)
six_player_board            PLB      the 5-6 player board even with 2-4 players
special_building_5_6_only   PLP      5-6 player rules: special building only when 5 or 6 sit
no_robber_on_desert         RD       the robber may not go (back) to a desert
no_7s_rounds                N7       no 7 is rolled during the first N rounds (0: off; 1..999)
no_7s_until_city            N7C      no 7 is rolled until somebody has built a city
break_clumps                BC       random layouts: no N or more touching hexes of one terrain,
                                     no N harbours of one kind in a row (0: off; 3..9)
undo_builds                 UB       a player may undo their own last build (see `undo`)
undo_limit                  UBL      with undo_builds: undos per player (0: no limit; 1..999)
sea_board                   SBL      the sea board (`sea`): its layout for 2-4 or 5-6 players
scenario                    SC       a scenario of JSettlers 2.7.00 (SC_NSHO, SC_4ISL, SC_FOG,
                                     SC_TTD, SC_CLVI, SC_PIRI, SC_FTRI, SC_WOND; "" none): implies
                                     the sea board and, unless vp_to_win is given, its points
pirate_dice                          Pirate Islands: scripted strengths of the fleet's attacks and
                                     defences of the fortresses (1..6, in the order rolled)
=========================== ======== ========================================================
"""

from __future__ import annotations

from typing import Any

from tablehall.core import OptionError, strict_options

from .board import Board, LayoutError
from .constants import DEV_COMPOSITION, DEV_COMPOSITION_SIX, DEV_FROM_SGN, RESOURCE_FROM_SGN

CLASSIC_OPTIONS: dict[str, Any] = {
    "vp_to_win": 10,  # JSettlers option VP
    "layout": "random",  # "random" or "beginner"
    "no_adjacent_6_8": True,  # random layouts: no 6 or 8 next to another 6 or 8
    "board": "",  # an explicit layout in Board text form (overrides "layout")
    "first_player": 0,  # seat that places first and rolls first; -1 draws it
    "domestic_trades": True,  # JSettlers option NT turns this off
    "discard_limit": 7,  # a 7 makes hands of more than this many cards discard half
    "dice": "",  # scripted dice totals (or pairs, "5+5"), space separated; random once used up
    "dev_deck": "",  # scripted deck order (SGN card codes, top first); random if empty
    "steals": "",  # scripted stolen resources (SGN resource codes); random once used up
}
RULE_OPTIONS: dict[str, Any] = {
    "max_players": 0,
    "six_player_board": False,
    "special_building_5_6_only": False,
    "no_robber_on_desert": False,
    "no_7s_rounds": 0,
    "no_7s_until_city": False,
    "break_clumps": 0,
    "undo_builds": False,
    "undo_limit": 7,
    "sea_board": False,
    "scenario": "",
    "pirate_dice": "",  # Pirate Islands' scripted fleet strengths and fortress defences (1..6), in the order rolled
}
"""Options of the JSettlers 2.7.00 set (and the scripted chance only its scenarios have), left out
of normalised options when at these defaults."""
DEFAULT_OPTIONS: dict[str, Any] = {**CLASSIC_OPTIONS, **RULE_OPTIONS}
_STRICT = strict_options(DEFAULT_OPTIONS)


def normalize_options(options: dict[str, Any]) -> dict[str, Any]:
    """Defaults filled in and every value checked (OptionError names the bad one)."""
    out = _STRICT(options)
    problems = []
    if out["layout"] not in ("random", "beginner"):
        problems.append(f"layout must be 'random' or 'beginner', not {out['layout']!r}")
    if not 3 <= out["vp_to_win"] <= 20:
        problems.append("vp_to_win must be 3..20")
    if not 3 <= out["discard_limit"] <= 30:
        problems.append("discard_limit must be 3..30")
    if not -1 <= out["first_player"] <= 5:
        problems.append("first_player must be -1 (drawn) or a seat")
    if out["max_players"] and not 2 <= out["max_players"] <= 6:
        problems.append("max_players must be 0 (the seats that sit) or 2..6")
    if not 0 <= out["no_7s_rounds"] <= 999:
        problems.append("no_7s_rounds must be 0 (off) or 1..999")
    if out["break_clumps"] and not 3 <= out["break_clumps"] <= 9:
        problems.append("break_clumps must be 0 (off) or 3..9")
    if not 0 <= out["undo_limit"] <= 999:
        problems.append("undo_limit must be 0 (no limit) or 1..999")
    if out["undo_limit"] != RULE_OPTIONS["undo_limit"] and not out["undo_builds"]:
        problems.append("undo_limit applies only with undo_builds")
    problems += _sea_problems(out, options)
    six_board = out["six_player_board"] or out["max_players"] > 4
    if six_board and out["layout"] == "beginner" and not out["board"]:
        problems.append("the beginner layout is a classic board; 5-6 player boards are random or explicit")
    try:
        if out["board"] and not out["sea_board"]:  # a sea board's text is checked on its layout
            board = Board.from_text(out["board"])
            if six_board and board.frame.name != "six":
                problems.append("the 5-6 player board has 30 hexes; the board given has 19")
        for token in out["dice"].split():
            scripted_roll(token)
        if any(not 1 <= int(x) <= 6 for x in out["pirate_dice"].split()):
            problems.append("scripted pirate dice are 1..6")
        parse_codes(out["steals"], RESOURCE_FROM_SGN, "resource")
        deck = parse_codes(out["dev_deck"], DEV_FROM_SGN, "card")
        composition = _deck_composition(out["max_players"] > 4, out["scenario"])
        if any(deck.count(kind) > limit for kind, limit in enumerate(composition)):
            problems.append("the scripted deck holds more cards of a kind than the game has"
                            + ("" if out["max_players"] > 4 else " (a 5-6 player deck needs max_players 5 or 6)"))
    except (LayoutError, ValueError) as exc:
        problems.append(str(exc))
    if problems:
        raise OptionError("; ".join(problems))
    for key, default in RULE_OPTIONS.items():
        if out[key] == default or (key == "undo_limit" and not out["undo_builds"]):
            del out[key]
    return out


def _sea_problems(out: dict[str, Any], given: dict[str, Any]) -> list[str]:
    """Check the sea board's options and fill in what a scenario implies: the sea board, and
    its victory points unless `given` sets them (as JSettlers does)."""
    from .sea.scenarios import SCENARIOS  # the sea package imports this module

    scenario = out["scenario"]
    if scenario not in SCENARIOS:
        return [f"unknown scenario {scenario!r} (one of {', '.join(k for k in SCENARIOS if k)})"]
    if scenario:
        out["sea_board"] = True
        if "vp_to_win" not in given:
            out["vp_to_win"] = SCENARIOS[scenario].vp
    if not out["sea_board"]:
        return []
    problems = []
    if out["layout"] != "random":
        problems.append("sea boards are dealt at random on their layout, or given as a sea board's text")
    if out["board"]:
        from .sea.board import LayoutError as SeaLayoutError, board_from_text, layout_for

        try:
            board_from_text(out["board"], layout_for(scenario, out["six_player_board"] or out["max_players"] > 4))
        except SeaLayoutError as error:
            problems.append(str(error))
    if out["undo_builds"]:
        problems.append("undo_builds is not played on the sea board")
    return problems


def _deck_composition(six: bool, scenario: str) -> tuple[int, ...]:
    from .sea.scenarios import SCENARIOS, warship_composition  # the sea package imports this module

    composition = DEV_COMPOSITION_SIX if six else DEV_COMPOSITION
    return warship_composition(composition) if scenario in SCENARIOS and SCENARIOS[scenario].fortresses else composition


def scripted_roll(token: str) -> int | tuple[int, int]:
    """One roll of the ``dice`` option: a total 2..12, or a pair of dice ``"5+5"`` (Pirate
    Islands' fleet sails by the smaller die)."""
    first, plus, second = token.partition("+")
    if plus:
        dice = (int(first), int(second))
        if not (1 <= dice[0] <= 6 and 1 <= dice[1] <= 6):
            raise ValueError(f"scripted dice are 1..6, not {token!r}")
        return dice
    total = int(token)
    if not 2 <= total <= 12:
        raise ValueError("scripted dice totals are 2..12")
    return total


def parse_codes(text: str, table: dict[str, int], what: str) -> tuple[int, ...]:
    try:
        return tuple(table[token] for token in text.split())
    except KeyError as exc:
        raise ValueError(f"unknown {what} code {exc.args[0]!r}") from None

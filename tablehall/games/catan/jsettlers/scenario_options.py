"""JSettlers 2.7.00's scenarios as its clients see them: the options each scenario sets, its
texts, and the server's pre-adjust of a new game's options.

A client asks for a scenario with option ``SC=<key>``; the Java server then adds that scenario's
option string to the game's options (``SBL=t``, its ``_SC_*`` flags, and its ``VP`` unless the
client set one), and the game's option list says what is played
(../shared/notes/jsettlers-sea-scenarios.md, section 1).  The engine plays each scenario's flags
as the scenario's key implies them (`sea.scenarios.SCENARIOS`), so a ``_SC_*`` flag that is not
the scenario's own is refused.  Names and long descriptions are what `ScenarioInfo` tells a
client that asks (an English 2.7.00 client knows them and never asks).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..sea.scenarios import SCENARIOS
from .lobby_messages import ScenarioInfo

SCENARIO_VERSION = 2000  # every scenario's minimum and last-modified version
SEA_GAME_VERSION = 2000  # the oldest client that can join a sea-board game


@dataclass(frozen=True)
class ScenarioText:
    options: str  # the option string the scenario adds, in JSettlers' order
    description: str = ""  # the long description ("" when the scenario has none)


SCENARIO_TEXTS: dict[str, ScenarioText] = {
    "SC_NSHO": ScenarioText("_SC_SEAC=t,SBL=t,VP=t13"),
    "SC_4ISL": ScenarioText(
        "_SC_SEAC=t,SBL=t,VP=t12", "Start on one or two islands. Explore and gain SVP by building to others."),
    "SC_FOG": ScenarioText(
        "_SC_FOG=t,SBL=t,VP=t12",
        "Some hexes are initially hidden by fog. When you build a ship or road to a foggy hex, that hex is revealed. "
        "Unless it's water, you are given its resource as a reward."),
    "SC_TTD": ScenarioText(
        "_SC_SEAC=t,SBL=t,VP=t12",
        "Start on the main island. Explore and gain SVP by building to the small islands, or through the desert "
        "to the coast."),
    "SC_CLVI": ScenarioText(
        "_SC_CLVI=t,SBL=t,VP=t14,_SC_3IP=t,_SC_0RVP=t",
        "The small islands' villages give you Cloth; every 2 cloth you have is 1 extra Victory Point. To gain "
        "cloth, build ships to a village. You can't move the pirate until you've reached a village. Each player "
        "to reach a village gets 1 of its cloth at that time, and 1 more whenever its number is rolled, until the "
        "village runs out. Pirate can steal cloth or resources. If fewer than 4 villages still have cloth, the "
        "game ends and the player with the most VP wins. (If tied, player with most cloth wins.)"),
    "SC_PIRI": ScenarioText(
        "_SC_PIRI=t,SBL=t,VP=t10,_SC_0RVP=t",
        "A pirate fleet patrols, attacking to steal resources from weak players with adjacent settlements/cities "
        "until the player builds a strong fleet of Warships. Build ships directly to the Fortress of your color, "
        "which the pirates have captured from you. Ship routes can't branch out, only follow dotted lines to the "
        "Fortress. Strengthen your fleet by playing Warship development cards to upgrade your ships. When the "
        "pirate fleet attacks, you win if you have more Warships than the pirate fleet strength (randomly 1-6). "
        "To win the game, you must reach the victory point goal and defeat the Fortress 3 times using warships. "
        "No robber or largest army. When 7 is rolled, any pirate fleet attack happens before the usual discards."),
    "SC_FTRI": ScenarioText(
        "_SC_FTRI=t,SBL=t,VP=t13",
        'Far areas of the board have small habitations of a "forgotten tribe" of settlers. When players build '
        'ships to reach them, they are greeted with "gifts" of a development card, Special Victory Point, or a '
        "Port given to the player which must be moved adjacent to one of their coastal settlements/cities if "
        "possible, or set aside to place later."),
    "SC_WOND": ScenarioText(
        "_SC_WOND=t,SBL=t,VP=t10,_SC_SANY=t",
        "Each player chooses a unique Wonder and can build all 4 of its levels. Each Wonder has its own "
        "requirements before you may start it, such as several cities built or a port at a certain location. To "
        "win you must complete your Wonder's 4 levels, or reach 10 VP and complete more levels than any other "
        "player. Has no pirate ship."),
}


def scenario_info(key: str) -> ScenarioInfo:
    """`ScenarioInfo` for one scenario key: its versions, options, name and long description
    (``KEY|0|-2`` for a key there is no scenario of)."""
    text = SCENARIO_TEXTS.get(key)
    if text is None:
        return ScenarioInfo.unknown_key(key)
    return ScenarioInfo((key, str(SCENARIO_VERSION), str(SCENARIO_VERSION), text.options, SCENARIOS[key].name,
                         text.description))


def scenario_option_items(key: str) -> list[tuple[str, str]]:
    """The ``(KEY, value)`` items scenario `key` adds to a game's options; ValueError if there is
    no such scenario."""
    text = SCENARIO_TEXTS.get(key)
    if text is None:
        raise ValueError(f"SC: no scenario {key!r}")
    return [tuple(item.split("=", 1)) for item in text.options.split(",")]  # type: ignore[misc]

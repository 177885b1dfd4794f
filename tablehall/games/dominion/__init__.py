"""Dominion (base set, first edition) and the version-1 text bot protocol.

Modules: `cards` (card data), `rules` (the game), `bots` (in-process bots), `codec` (protocol
lines), `replies` (how a reply becomes an action), `session` (one seat's protocol state
machine), `agent` (subprocess bots), `service` (TCP bots).
"""

from __future__ import annotations

from typing import Any

from tablehall.core import GameSpec, strict_options
from tablehall.core.hosting import ServiceSpec

from .agent import seat_policy, subprocess_agent
from .bots import BOTS
from .cards import BY_NAME, NAMES, face_data
from .movetext import move_text
from .rules import DominionState
from .service import DEFAULT_PORT, SETTINGS, DominionService

RULES_VERSION = "base-1e/v1"


def encode_action(action: tuple) -> Any:
    """Cards by name, so a record reads like the protocol: ["buy", ["silver"]]."""
    kind = action[0]
    if kind in ("buy", "discard"):  # the runner records one at every move
        return [kind, None if action[1] is None else list(map(NAMES.__getitem__, action[1]))]
    if kind == "play":
        return [kind, NAMES[action[1]], list(map(NAMES.__getitem__, action[2]))]
    if kind == "react":
        return [kind, NAMES[action[1]]]
    return list(action)


def decode_action(data: Any) -> tuple:
    kind = data[0]
    if kind in ("buy", "discard"):
        return (kind, None if data[1] is None else tuple(BY_NAME[c] for c in data[1]))
    if kind == "play":
        return (kind, BY_NAME[data[1]], tuple(BY_NAME[c] for c in data[2]))
    if kind == "react":
        return (kind, BY_NAME[data[1]])
    return tuple(data)


def new_game(players: int, options: dict[str, Any], seed: int) -> DominionState:
    return DominionState(players, seed, max_turns=options["max_turns"])


SPEC = GameSpec(
    name="dominion",
    title="Dominion (base set, first edition)",
    rules_version=RULES_VERSION,
    seat_counts=(2, 3, 4),
    default_seat_count=2,
    new_game=new_game,
    normalize_options=strict_options({"max_turns": 500}),
    encode_action=encode_action,
    decode_action=decode_action,
    bots=BOTS,
    pairing=("smithy", "bigmoney"),
    env_adapter="tablehall.envs.dominion:DominionAdapter",
    gym_id="tablehall/Dominion-v0",
    seat_command_bots=True,
    subprocess_agent=subprocess_agent,
    timeout_policy=seat_policy,
    few_actions=True,  # the replies a bot may send map onto a few hundred actions
    move_text=move_text,
    face_data=face_data,
    services=(ServiceSpec(name="dominion", default_port=DEFAULT_PORT,
                          factory=lambda host: DominionService(host, SPEC),
                          description="Dominion v1 text bot protocol: join, then the stdin/stdout lines",
                          settings=SETTINGS),),
    option_help={"max_turns": "a whole number: the game ends when every player still in has had this many turns"},
)

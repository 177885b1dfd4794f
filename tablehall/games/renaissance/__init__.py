"""Masters of Renaissance (Cranio Creations): 1-4 players, solo against Lorenzo il Magnifico,
served over the numeric message-code protocol (docs/protocols/renaissance.md)."""

from tablehall.core.game import GameSpec, strict_options

from . import actions
from .bots import GreedyBot, RandomBot
from .faces import face_data
from .movetext import move_text
from .rules import RenaissanceState
from .service import service_spec, timeout_policy

SPEC = GameSpec(
    name="renaissance",
    title="Masters of Renaissance",
    rules_version="1",
    seat_counts=(1, 2, 3, 4),
    default_seat_count=2,
    new_game=lambda seats, options, seed: RenaissanceState(seats, options, seed),
    normalize_options=strict_options({}),
    encode_action=actions.encode,
    decode_action=actions.decode,
    bots={"random": RandomBot, "greedy": GreedyBot},
    pairing=("greedy", "random"),
    solo_opponent="Lorenzo",
    env_adapter="tablehall.envs.renaissance:RenaissanceAdapter",
    gym_id="tablehall/Renaissance-v0",
    timeout_policy=timeout_policy,
    services=(service_spec(lambda: SPEC),),
    move_text=move_text,
    face_data=face_data,
)

"""Blokus as played in the German Software Challenge 2021 (`swc_2021_blokus`): the rules engine,
the built-in bots and the contest protocol.  See `rules` for the game and `pieces` for the shapes."""

from tablehall.core import GameSpec
from tablehall.core.hosting import ServiceSpec, Setting
from tablehall.core.match import SeatPolicy

from .bots import RandomBot, StrongBot
from .movetext import move_text
from .pieces import Color, Rotation, Shape, face_data, transform
from .rules import (MOVE_MISTAKES, BlokusState, InvalidMove, SetMove, SkipMove, decode_action, encode_action,
                    move_words, new_game, normalize_options)

#: the [sc] config section (also --set sc.KEY=VALUE)
SC_SETTINGS = {
    "version": Setting("21.4.0", "the contest server version announced and spoken", choices=("21.4.0", "21.3.3")),
    "paused": Setting(False, "rooms made by <join> start paused (an admin steps them)"),
    "soft_timeout_ms": Setting(2000.0, "a move later than this is refused and forfeits the game"),
    "hard_timeout_ms": Setting(10000.0, "no move by then forfeits the game"),
    "start_piece": Setting("", "force the start piece (a pentomino name); empty: drawn from the seed"),
    "seed": Setting(None, "a fixed seed for every room (tests); unset: random", kind=int),
}

def timeout_policy(limit: float | None, replacement=None, soft: float | None = None) -> SeatPolicy:
    """The contest's rule: no move within `limit` seconds (or, with `soft`, one later than
    that), a refused move or leaving forfeits the game; the other colour wins."""
    return SeatPolicy(soft_timeout=soft, hard_timeout=limit)


SPEC = GameSpec(
    name="blokus",
    title="Blokus (Software Challenge 2021)",
    rules_version="swc_2021_blokus/21.4.0",
    seat_counts=(2,),
    default_seat_count=2,
    new_game=new_game,
    normalize_options=normalize_options,
    encode_action=encode_action,
    decode_action=decode_action,
    bots={"random": RandomBot, "strong": StrongBot},
    timeout_policy=timeout_policy,
    services=(ServiceSpec("sc", 13050, lambda host: _sc_service(host),
                          "Software Challenge 2021 XML (Blokus)", SC_SETTINGS),),
    exporters={"replay-xml": lambda record: _replay_xml(record)},
    notation_suffixes={".xml": "replay-xml"},
    pairing=("strong", "random"),
    env_adapter="tablehall.envs.blokus:BlokusAdapter",
    gym_id="tablehall/Blokus-v0",
    option_help={"start_piece": "the first piece of every colour: empty (drawn from the seed, like the contest) "
                                "or a pentomino name other than PENTO_X, e.g. PENTO_L"},
    move_text=move_text,
    face_data=face_data,
    chance_options=frozenset({"start_piece"}),
)


def _sc_service(host):
    from .sc.lobby import ScService  # the protocol imports SPEC: load it on first use

    return ScService(host)


def _replay_xml(record):
    from .sc.replay import export_replay_xml

    return export_replay_xml(record)

__all__ = [
    "SPEC", "BlokusState", "SetMove", "SkipMove", "InvalidMove", "MOVE_MISTAKES", "move_words",
    "Color", "Shape", "Rotation", "transform", "RandomBot", "StrongBot",
]

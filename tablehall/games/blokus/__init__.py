"""Blokus as played in the German Software Challenge 2021 (`swc_2021_blokus`): the rules engine,
the built-in bots and the contest protocol.  See `rules` for the game and `pieces` for the shapes."""

from tablehall.core import GameSpec
from tablehall.core.hosting import ServiceSpec
from tablehall.core.match import SeatPolicy

from .bots import RandomBot, StrongBot
from .movetext import move_text
from .pieces import Color, Rotation, Shape, face_data, transform
from .rules import (MOVE_MISTAKES, BlokusState, InvalidMove, SetMove, SkipMove, decode_action, encode_action,
                    move_words, new_game, normalize_options)
from .sc.settings import SC_SETTINGS


def timeout_policy(limit: float | None, replacement=None, soft: float | None = None) -> SeatPolicy:
    """The contest's rule: no move within `limit` seconds (or, with `soft`, one later than
    that), a refused move or leaving forfeits the game; the other colour wins."""
    return SeatPolicy(soft_timeout=soft, hard_timeout=limit)


SPEC = GameSpec(
    name="blokus",
    title="Blokus (Software Challenge 2021)",
    web_board="web/board.js",
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
    from .sc.lobby import ScService  # the protocol is loaded when a server opens it

    return ScService(host, SPEC)


def _replay_xml(record):
    from .sc.replay import export_replay_xml

    return export_replay_xml(record, SPEC)

__all__ = [
    "SPEC", "BlokusState", "SetMove", "SkipMove", "InvalidMove", "MOVE_MISTAKES", "move_words",
    "Color", "Shape", "Rotation", "transform", "RandomBot", "StrongBot",
]

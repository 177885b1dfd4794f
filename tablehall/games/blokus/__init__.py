"""Blokus as played in the German Software Challenge 2021 (`swc_2021_blokus`): the rules engine,
the built-in bots and the benchmark.  See `rules` for the game and `pieces` for the shapes."""

from tablehall.core import GameSpec
from tablehall.core.hosting import ServiceSpec

from .bench import bench
from .bots import RandomBot, StrongBot
from .pieces import Color, Rotation, Shape, transform
from .rules import (MOVE_MISTAKES, BlokusState, InvalidMove, SetMove, SkipMove, decode_action, encode_action,
                    move_text, new_game, normalize_options)

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
    bench=bench,
    services=(ServiceSpec("sc", 13050, lambda host: _sc_service(host),
                          "Software Challenge 2021 XML (Blokus)"),),
    exporters={"replay-xml": lambda record: _replay_xml(record)},
)


def _sc_service(host):
    from .sc.lobby import ScService  # the protocol imports SPEC: load it on first use

    return ScService(host)


def _replay_xml(record):
    from .sc.replay import export_replay_xml

    return export_replay_xml(record)

__all__ = [
    "SPEC", "BlokusState", "SetMove", "SkipMove", "InvalidMove", "MOVE_MISTAKES", "move_text",
    "Color", "Shape", "Rotation", "transform", "RandomBot", "StrongBot",
]

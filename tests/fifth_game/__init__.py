"""Nim, the fifth game: it proves that a game registers in one place.  Everything the platform
asks of it is on `SPEC`, and nothing outside this folder names it.  Run with
``TABLEHALL_GAMES=tests.fifth_game`` (and the repository on PYTHONPATH), or installed as a
plugin with an entry point ``nim = "tests.fifth_game"`` in the group ``tablehall.games``."""

from tablehall.core import GameSpec

from .bots import PerfectBot, RandomBot
from .movetext import move_text
from .notation import record_to_text, text_to_record
from .rules import MAX_PILES, MAX_STONES, decode_action, new_game, normalize_options

SPEC = GameSpec(
    name="nim",
    title="Nim",
    rules_version="1",
    seat_counts=(2,),
    default_seat_count=2,
    new_game=new_game,
    normalize_options=normalize_options,
    encode_action=list,
    decode_action=decode_action,
    bots={"random": RandomBot, "perfect": PerfectBot},
    option_help={"piles": f"1 to {MAX_PILES} whole numbers 1..{MAX_STONES}, space separated: the piles"},
    exporters={"nim": record_to_text},
    importers={"nim": text_to_record},
    notation_suffixes={".nim": "nim"},
    pairing=("perfect", "random"),
    env_adapter=".env:NimAdapter",
    gym_id="tablehall-tests/Nim-v0",
    web_board="board.js",
    move_text=move_text,
)

"""Settlers of Catan: the classic rules engine, board geometry, Settlers Game Notation and bots.

`SPEC` registers the game.  Modules, one job each:

* `geometry`: the board graph (19 hexes, 54 nodes, 72 edges) and exact converters to SGN axial
  coordinates and JSettlers classic coordinates;
* `board`: layouts (beginner, seeded random with no adjacent 6/8, explicit text);
* `constants`: resources, costs, cards, and `Phase` (values = JSettlers game states);
* `actions`: the action tuples and their JSON form;
* `rules`: `CatanState`, applying actions and reporting events (event kinds in its docstring);
  `legality`: legal moves and checks; `views`: per-seat views and bot observations;
* `sgn`: Settlers Game Notation writer and reader; `bots`: `random` and `strong`;
* `bench`: `tablehall bench catan`, side by side with Catanatron.
"""

from tablehall.core import GameSpec
from tablehall.core.hosting import ServiceSpec

from . import actions
from .bots import RandomBot, StrongBot
from .rules import CatanState, normalize_options
from .sgn import record_to_sgn, sgn_to_record

RULES_VERSION = "classic-1"


def _new_game(seats: int, options: dict, seed: int) -> CatanState:
    return CatanState(seats, options, seed)


def _bench(argv: list[str]) -> dict:
    from .bench import main  # imports Catanatron when installed: only on demand

    main(argv)
    return 0


def _jsettlers_service(host):
    from .jsettlers.service import JSettlersService  # the protocol imports SPEC: load it on first use

    return JSettlersService(host)


def _soclog():
    from .jsettlers import soclog_records

    return soclog_records


SPEC = GameSpec(
    name="catan",
    title="Settlers of Catan (classic)",
    rules_version=RULES_VERSION,
    seat_counts=(2, 3, 4),
    default_seat_count=4,
    new_game=_new_game,
    normalize_options=normalize_options,
    encode_action=actions.encode,
    decode_action=actions.decode,
    bots={"random": RandomBot, "strong": StrongBot},
    exporters={"sgn": record_to_sgn, "soclog": lambda record: _soclog().record_to_soclog(record)},
    importers={"sgn": sgn_to_record, "soclog": lambda text: _soclog().soclog_to_record(text)},
    services=(ServiceSpec("jsettlers", 8880, lambda host: _jsettlers_service(host),
                          "JSettlers 2.x (Catan robots and clients)"),),
    bench=_bench,
)

"""Settlers of Catan: the rules engine (2-4 seats, and 5-6 with the 5-6 player rules), board
geometry, Settlers Game Notation and bots.

`SPEC` registers the game.  Modules, one job each:

* `geometry`: the board graphs (`CLASSIC`: 19 hexes, 54 nodes, 72 edges; `SIX`: the 5-6 player
  board, 30 hexes, 80 nodes, 109 edges) and exact converters to SGN axial coordinates and
  JSettlers coordinates;
* `board`: layouts (beginner, seeded random with no adjacent 6/8 and optional clump breaking,
  explicit text) on either frame;
* `constants`: resources, costs, cards, and `Phase` (values = JSettlers game states);
* `actions`: the action tuples and their JSON form;
* `options`: the game options, their JSettlers names (VP, NT, PL, PLB, PLP, RD, N7, N7C, BC, UB,
  UBL) and `normalize_options`;
* `rules`: `CatanState`, applying actions and reporting events (event kinds in its docstring);
  `legality`: legal moves and checks; `views`: per-seat views and bot observations;
  `special`: the special building phase and undoing builds; `events`: building events;
* `sgn`: Settlers Game Notation writer and reader; `bots`: `random` and `strong`;
* `bench`: `tablehall bench catan`, side by side with Catanatron.

Engine API for protocol adapters (JSettlers): see `special` for the rules, `rules` for events.

* State: `geo` (the frame; `geo.name` "classic" or "six", `geo.js_hexes/js_nodes/js_edges`,
  `geo.harbor_slots`, `geo.harbor_facing(edge)`), `max_players`, `six_rules` (34 cards, 24 of
  each resource), `special_building` (the game has the phase), `sb_asked[seat]`
  (ASK_SPECIAL_BUILD), `sb_done[seat]` (HAS_SPECIAL_BUILT), `sb_after`
  (SPECIAL_BUILDING_AFTER_PLAYER, -1 outside the phase), `sb_resume`, `phase`
  SPECIAL_BUILDING (100) with `current` the special builder, `turn_count`, `city_built`
  (HAS_BUILT_CITY_N7C), `robber_barred` (RD: the deserts), `undo_enabled`, `undos_left[seat]`
  (NUM_UNDOS_REMAINING; None without a limit), `last_build()` (the build that may be undone now).
* Checks: `can_ask_special_build(seat)`, `special_build_refusal(seat)` (the IllegalAction a
  BuildRequest -1 would get), `may_act_unprompted(seat)`.
* Actions: ``("ask_special_build",)`` (any seat, unprompted), ``("undo_build", piece, at)``,
  and in SPECIAL_BUILDING ``settlement``/``road``/``city``/``build``/``buy_dev``/``end_turn``.
* Events: ``special_build_asked`` {seat} (PlayerElement 16 = 1), ``special_turn`` {seat, after}
  (Turn pn state 100), ``special_turn_ended`` {seat} (PlayerElement 16 = 0), then ``turn`` or
  the next ``special_turn``; ``build_undone`` {seat, piece, at, refund, undos_left} (UndoPutPiece,
  then ``longest_road`` if the holder changes back).
* Bots: `GameState.volunteers` / `Bot.volunteer` give in-process bots their chance to ask.
"""

from tablehall.core import GameSpec
from tablehall.core.hosting import ServiceSpec

from . import actions
from .bots import RandomBot, StrongBot
from .rules import CatanState, normalize_options
from .sgn import record_to_sgn, sgn_to_record

RULES_VERSION = "classic-1"  # in every record and its digest: classic games must not change


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
    title="Settlers of Catan",
    rules_version=RULES_VERSION,
    seat_counts=(2, 3, 4, 5, 6),
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

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
* `fields`: every attribute of a game declared in one place (`CatanFields`, the base of the
  engine's parts) and how copies treat each;
* `rules`: `CatanState`, applying actions and reporting events (event kinds in its docstring),
  with `RULES`, the table of how each kind of action is checked and applied;
  `legality`: legal moves and checks; `views`: per-seat views and bot observations;
  `special`: the special building phase and undoing builds; `events`: building events;
* `sgn`: Settlers Game Notation writer and reader; `bots`: `random` and `strong`.

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

A server ends a stalled player's turn with ``("force_end_turn",)`` (`forced`: never among
`legal_actions`): events ``turn_forced`` {seat, special, setup, ended}, then what a cancel and an
end of turn give (``build_cancelled`` with ``card_back`` for a Road Building card given back), or
in the initial placement ``settlement_taken_back`` {seat, at}.
"""

from tablehall.core import GameSpec
from tablehall.core.hosting import ServiceSpec, Setting
from tablehall.core.match import Consequence, SeatPolicy

from . import actions
from .bots import RandomBot, StrongBot
from .facts import face_data
from .movetext import move_text
from .rules import CatanState, normalize_options
from .sgn import record_to_sgn, sgn_to_record

RULES_VERSION = "classic-1"  # in every record and its digest: classic games must not change


def _new_game(seats: int, options: dict, seed: int) -> CatanState:
    if options.get("sea_board", False):
        from .sea.state import SeaState  # classic games never load the sea board

        return SeaState(seats, options, seed)
    return CatanState(seats, options, seed)


def _jsettlers_service(host):
    from .jsettlers.service import JSettlersService  # the protocol imports SPEC: load it on first use

    return JSettlersService(host)


def timeout_policy(limit: float | None, replacement=None) -> SeatPolicy:
    """As the JSettlers service rules it: a player who does not answer within `limit` seconds,
    or leaves, is replaced by a tablehall bot (`replacement`: seat -> agent) and the game goes
    on; without a replacement the seat is out (HARD_TIMEOUT, LEFT), its turns skipped.  A
    refused action is told and asked again."""
    replace = Consequence.REPLACE if replacement is not None else Consequence.FORFEIT
    return SeatPolicy(hard_timeout=limit, on_timeout=replace, on_leave=replace, on_illegal=Consequence.RETRY,
                      replacement=replacement)


def _soclog():
    from .jsettlers import soclog_records

    return soclog_records


#: the [jsettlers] config section, for `serve --help` (jsettlers/service.py reads and checks it)
JSETTLERS_SETTINGS = {
    "version": Setting(2700, "the JSettlers version announced; robots refuse another", choices=(2700, 2610)),
    "robot_cookie": Setting(None, "the cookie robots must present; unset: a random one, logged at start", kind=str),
    "bot": Setting("strong", "tablehall bot for seats no robot takes (built-in, or a policy:... seat); "
                             "empty: connected robots only"),
    "robot_turn_timeout": Setting(30.0, "seconds a JSettlers robot's turn may go without a step before its turn "
                                        "is ended for it (the Java server's robot watchdog); 0: never"),
    "robot_timeout": Setting(180.0, "seconds a robot may think before a tablehall bot replaces it; 0: never"),
    "human_timeout": Setting(0.0, "the same for human players; 0: never"),
    "bot_pause": Setting(0.5, "seconds a tablehall bot waits before each action in games where robots or "
                              "people play (JSettlers robots need it); 0: never"),
    "ping_interval": Setting(90.0, "seconds between pings to robots"),
    "debug_commands": Setting(False, "'Debugging is On': debug users may use *STARTBOTGAME* N"),
    "debug_users": Setting(["debug"], "nicknames of the debug users"),
    "allow_bot_games": Setting(False, "clients may start robots-only games (default: as debug_commands)"),
    "robot_games": Setting(0, "robots-only games tablehall starts itself when robots are idle"),
    "robot_game_robots": Setting(4, "connected robots per such game (the other seats: tablehall bots)"),
    "robot_game_seats": Setting(4, "seats of such games (5 or 6: the 5-6 player rules)"),
    "robot_game_options": Setting("", "more JSettlers options of such games (e.g. SBL=t, SC=SC_FOG)", kind=str),
    "seed": Setting(None, "a fixed seed for every game (tests); unset: random", kind=int),
    "rejoin_grace": Setting(120.0, "seconds a game resumed after a restart waits for a client to sit down again "
                                   "at its seat (a person under its nickname, a robot's seat: any robot), then a "
                                   "tablehall bot plays it; 0: forever"),
    "accounts": Setting({}, "[jsettlers.accounts] nickname = \"password\" for names that need one", kind=dict),
}

SPEC = GameSpec(
    name="catan",
    title="Settlers of Catan",
    web_board="web/board.js",
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
    notation_suffixes={".sgn": "sgn", ".log": "sgn", ".soclog": "soclog"},
    pairing=("strong", "random"),
    env_adapter="tablehall.envs.catan:CatanAdapter",
    gym_id="tablehall/Catan-v0",
    services=(ServiceSpec("jsettlers", 8880, lambda host: _jsettlers_service(host),
                          "JSettlers 2.x (Catan robots and clients)", JSETTLERS_SETTINGS),),
    timeout_policy=timeout_policy,
    option_help={
        "vp_to_win": "3..20: victory points that win",
        "layout": "random | beginner: the board when no `board` is given",
        "no_adjacent_6_8": "true | false: random boards keep 6 and 8 apart",
        "board": "an explicit board, 'HEXES | HARBOURS [| R@HEX]' (empty: by layout)",
        "first_player": "-1 (drawn) or a seat 0..3: who places and rolls first",
        "domestic_trades": "true | false: players may trade with each other",
        "discard_limit": "3..30: a 7 makes hands of more cards than this discard half",
        "dice": "dice totals 2..12, space separated: scripted rolls, random once used up",
        "dev_deck": "SGN card codes, top first: a scripted development deck (empty: shuffled)",
        "steals": "SGN resource codes: scripted robber steals, random once used up",
    },
    move_text=move_text,
    face_data=face_data,
    chance_options=frozenset({"board", "dice", "dev_deck", "steals"}),
)

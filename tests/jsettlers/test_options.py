"""Game options: every option of JSettlers 2.7.00 parsed by its type and range, and what a new
game keeps of them depending on what the server offers."""

from __future__ import annotations

import pytest

from tablehall.games.catan.jsettlers.engine_rules import ENGINE_KEYS, engine_offer, engine_options
from tablehall.games.catan.jsettlers.options import (
    ALL_OPTIONS,
    SCENARIO_FLAG_KEYS,
    CLASSIC_OFFER,
    FLAG_OPPORTUNISTIC,
    KNOWN_OPTIONS,
    Offer,
    OptionType,
    OptionValue,
    UnknownOption,
    adjust_options,
    option_infos,
    pack_options,
    packed_defaults,
    parse_options,
    unoffered_infos,
)

#: a server whose engine plays every classic-board rule, 6 players and undo
FULL = Offer(6, frozenset({"PL", "PLB", "PLP", "RD", "N7", "N7C", "NT", "VP", "UB", "UBL"}))
SWING_CREATE = "BC=t4,UBL=t7,N7=f7,RD=f,PL=4"  # the 2.7.00 Swing client's New Game, defaults kept

TABLE_KEYS = ("PL PLB PLP SBL _BHW RD N7 N7C BC NT VP _VP_ALL UB UBL SC _SC_SANY _SC_SEAC _SC_FOG _SC_0RVP "
              "_SC_3IP _SC_CLVI _SC_PIRI _SC_FTRI _SC_WOND _EXT_BOT _EXT_CLI _EXT_GAM PLAY_FO PLAY_VPO").split()


def test_the_table_is_jsettlers_2700():
    assert [o.key for o in ALL_OPTIONS] == TABLE_KEYS
    ub, ubl = KNOWN_OPTIONS["UB"], KNOWN_OPTIONS["UBL"]
    assert (ub.min_version, ub.default, ub.has(FLAG_OPPORTUNISTIC)) == (2700, OptionValue(False), True)
    assert (ubl.option_type, ubl.default, ubl.min_int, ubl.max_int, ubl.parent) == (
        OptionType.INTBOOL, OptionValue(True, 7), 1, 999, "UB")
    assert [(o.min_int, o.max_int) for o in (KNOWN_OPTIONS["PL"], KNOWN_OPTIONS["BC"], KNOWN_OPTIONS["VP"])] == [
        (2, 6), (3, 9), (10, 20)]


def test_pack_and_parse_round_trip():
    text = "PL=4,BC=t4,N7=f7,RD=f,NT=t,VP=t12,SC=SC_FOG,_EXT_BOT=abc,UBL=t3,_BHW=4113"
    values = parse_options(text)
    assert values["BC"] == OptionValue(True, 4) and values["N7"] == OptionValue(False, 7)
    assert values["VP"] == OptionValue(True, 12) and values["NT"] == OptionValue(True)
    assert values["SC"] == OptionValue(text="SC_FOG") and values["_BHW"] == OptionValue(False, 4113)
    assert pack_options(values) == text
    assert parse_options("-") == {} and parse_options(None) == {} and pack_options({}) == "-"


@pytest.mark.parametrize("option", ALL_OPTIONS, ids=lambda o: o.key)
def test_every_option_parses_its_default_and_its_edges(option):
    assert parse_options(option.pack(option.default)) == {option.key: option.default}
    t = option.option_type
    if t == OptionType.BOOL:
        assert parse_options(f"{option.key}=T")[option.key].flag
        bad = f"{option.key}=yes"
    elif t == OptionType.INTBOOL:
        assert parse_options(f"{option.key}=t{option.max_int + 50}")[option.key] == OptionValue(True, option.max_int)
        assert parse_options(f"{option.key}=f{option.min_int - 50}")[option.key] == OptionValue(False, option.min_int)
        bad = f"{option.key}={option.min_int}"
    elif t == OptionType.INT:
        assert parse_options(f"{option.key}={option.max_int + 1}")[option.key].number == option.max_int
        assert parse_options(f"{option.key}={option.min_int - 1}")[option.key].number == option.min_int
        bad = f"{option.key}=x"
    else:
        assert parse_options(f"{option.key}={'A' * option.max_int}")[option.key].text == "A" * option.max_int
        bad = f"{option.key}={'A' * (option.max_int + 1)}"
    with pytest.raises(ValueError):
        parse_options(bad)


def test_unknown_keys_and_malformed_items():
    with pytest.raises(UnknownOption) as caught:
        parse_options("BC=t4,ZZ=t,PL=4,Q9=3")
    assert caught.value.keys == ["ZZ", "Q9"]
    for bad in ("PL", "=4", "N7=7", "SC=a|b"):
        with pytest.raises(ValueError):
            parse_options(bad)


def test_swing_clients_new_game_is_a_classic_game():
    # UBL's parent UB is unused: dropped; the rules this server does not play are unused: dropped
    assert pack_options(adjust_options(parse_options(SWING_CREATE), CLASSIC_OFFER)) == "BC=t4,PL=4"
    assert pack_options(adjust_options(parse_options(SWING_CREATE), FULL)) == "BC=t4,N7=f7,RD=f,PL=4"
    dialog = "PL=4,PLB=f,PLP=f,SBL=f,RD=f,N7=f7,N7C=f,BC=t4,NT=f,VP=f10,_VP_ALL=f,UB=f,UBL=t7,SC=,PLAY_FO=f"
    assert pack_options(adjust_options(parse_options(dialog), CLASSIC_OFFER)) == "PL=4,BC=t4"
    assert pack_options(adjust_options(parse_options(dialog), FULL)) == "PL=4,RD=f,N7=f7,BC=t4"


def test_opportunistic_undo_is_dropped_where_the_engine_has_no_undo():
    asked = parse_options("PL=4,UB=t,UBL=t3")
    assert pack_options(adjust_options(asked, CLASSIC_OFFER)) == "PL=4"
    assert pack_options(adjust_options(asked, FULL)) == "PL=4,UB=t,UBL=t3"
    assert pack_options(adjust_options(parse_options("UB=t,UBL=f7"), FULL)) == "UB=t,UBL=f7"


@pytest.mark.parametrize("asked, refused", [
    ("PL=4,SBL=t", ["SBL"]), ("SC=SC_FOG,SBL=t,_SC_FOG=t", ["SC", "SBL", "_SC_FOG"]), ("_BHW=4113", ["_BHW"]),
    ("PLAY_FO=t", ["PLAY_FO"]), ("RD=t,N7=t3", ["RD", "N7"]), ("PLB=t", ["PLB"]),
])
def test_a_game_that_asks_for_what_is_not_offered_is_refused_with_those_keys(asked, refused):
    with pytest.raises(UnknownOption) as caught:
        adjust_options(parse_options(asked), CLASSIC_OFFER)
    assert caught.value.keys == refused


def test_unused_and_passive_options():
    kept = adjust_options(parse_options("SBL=f,SC=,_SC_FOG=f,_BHW=0,PLAY_VPO=f,_EXT_BOT=xyz,_VP_ALL=t,VP=f12,NT=f"))
    assert pack_options(kept) == "_EXT_BOT=xyz,_VP_ALL=t"  # passed on; VP and NT off: dropped
    assert adjust_options(parse_options("PL=6"), CLASSIC_OFFER)["PL"].number == 4  # held to the seats
    assert adjust_options(parse_options("PL=6,PLB=t,PLP=t"), FULL) == parse_options("PL=6,PLB=t,PLP=t")


def test_defaults_are_the_offered_options():
    assert packed_defaults(CLASSIC_OFFER) == "PL=4,BC=t4,NT=f,VP=f10"
    assert packed_defaults(FULL) == "PL=4,PLB=f,PLP=f,RD=f,N7=f7,N7C=f,BC=t4,NT=f,VP=f10,UB=f,UBL=t7"


def test_option_infos():
    infos = option_infos(["RD", "PLB", "PL"], include_newer=False, client_version=2700, offer=FULL)
    assert [i.to_cmd() for i in infos] == [
        "1082|RD|1|-1|1107|f|0|0|0|f|0|0|Robber can't return to the desert",
        "1082|PLB|1|1108|1113|f|0|0|0|f|0|1|Use 6-player board",
        "1082|PL|2|-1|1108|f|4|2|6|f|4|0|Maximum # players",
        "1082|-|0|2147483647|2147483647|f|0|0|0|f|0|0|-",
    ]
    assert option_infos(["PL", "UB"], False, 2700, CLASSIC_OFFER)[0].max_int == 4
    assert option_infos(["UB"], False, 2700, CLASSIC_OFFER)[0].option_type == 0  # no undo: unknown
    assert option_infos(["UB"], False, 2610, FULL)[0].option_type == 0  # too new for a 2.6.10 client
    assert option_infos(["NT"], False, 1106, FULL)[0].option_type == 0
    assert [i.key for i in option_infos([], True, 1107, FULL)] == ["PL", "N7C", "VP", "-"]  # PLB: too new


def test_unoffered_infos_name_what_the_clients_dialog_must_hide():
    keys = [i.key for i in unoffered_infos(2700, CLASSIC_OFFER)]
    assert keys == [k for k in TABLE_KEYS if k not in ("PL", "BC", "NT", "VP", "_VP_ALL", "_EXT_BOT", "_EXT_CLI",
                                                       "_EXT_GAM")]
    assert "UB" not in [i.key for i in unoffered_infos(2610, CLASSIC_OFFER)]
    assert all(i.option_type == 0 for i in unoffered_infos(2700, CLASSIC_OFFER))


def test_engine_offer_follows_the_engine():
    offer = engine_offer({"vp_to_win": 10, "domestic_trades": True}, (2, 3, 4))
    assert offer == Offer(4, frozenset({"PL", "VP", "NT"}))
    every_rule = {engine_key: None for engine_key, _ in ENGINE_KEYS.values()}
    assert engine_offer(every_rule, (2, 3, 4, 5, 6)) == Offer(6, FULL.rules | {"BC", "SBL", "SC", *SCENARIO_FLAG_KEYS})
    assert engine_options("PL=4,VP=t12,NT=t,RD=t", {"vp_to_win": 10, "domestic_trades": True}) == {
        "vp_to_win": 12, "domestic_trades": False}
    assert engine_options("PL=6,UB=t,UBL=t3,N7=t5,N7C=t,RD=t,PLB=t,PLP=t,BC=t4", every_rule) == {
        "max_players": 6, "undo_builds": True, "undo_limit": 3, "no_7s_rounds": 5, "no_7s_until_city": True,
        "no_robber_on_desert": True, "six_player_board": True, "special_building_5_6_only": True, "break_clumps": 4}
    assert engine_options("PL=4,UB=t,UBL=f7,BC=f4,N7=f7", every_rule) == {"undo_builds": True, "undo_limit": 0}
    assert engine_options("UBL=t7", every_rule) == {}  # UBL without UB means nothing

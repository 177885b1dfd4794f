"""Game option strings and option info for the classic options."""

from __future__ import annotations

import pytest

from tablehall.games.catan.jsettlers.options import (
    KNOWN_OPTIONS,
    OptionValue,
    UnknownOption,
    option_infos,
    pack_options,
    packed_defaults,
    parse_options,
)


def test_pack_and_parse_round_trip():
    text = "PL=4,BC=t4,N7=f7,RD=f,NT=t,VP=t12"
    values = parse_options(text)
    assert values["BC"] == OptionValue(True, 4) and values["N7"] == OptionValue(False, 7)
    assert values["VP"] == OptionValue(True, 12) and values["NT"] == OptionValue(True)
    assert pack_options(values) == text
    assert parse_options("-") == {} and parse_options(None) == {} and pack_options({}) == "-"


def test_defaults_are_jsettlers_classic_defaults():
    assert packed_defaults() == "PL=4,RD=f,N7=f7,N7C=f,BC=t4,NT=f,VP=f10"
    assert parse_options(packed_defaults()) == {key: o.default for key, o in KNOWN_OPTIONS.items()}


def test_unknown_and_bad_values():
    with pytest.raises(UnknownOption) as caught:
        parse_options("BC=t4,SBL=t,PL=4,SC=SC_FOG")
    assert caught.value.keys == ["SBL", "SC"]
    for bad in ("PL=7", "PL=x", "RD=yes", "BC=4", "VP=t9", "PL"):
        with pytest.raises(ValueError):
            parse_options(bad)


def test_option_infos():
    infos = option_infos(["RD", "PLB"], include_newer=False, client_version=2700)
    assert [i.to_cmd() for i in infos] == [
        "1082|RD|1|-1|1107|f|0|0|0|f|0|0|Robber can't return to the desert",
        "1082|PLB|0|2147483647|2147483647|f|0|0|0|f|0|0|PLB",
        "1082|-|0|2147483647|2147483647|f|0|0|0|f|0|0|-",
    ]
    # NT needs 1.1.07: a client older than that is told it is unknown
    assert option_infos(["NT"], False, 1106)[0].option_type == 0
    assert [i.key for i in option_infos([], True, 1107)] == ["PL", "N7C", "VP", "-"]

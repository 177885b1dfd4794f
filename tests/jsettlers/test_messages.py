"""Typed messages: the wire form (toCmd) and the soclog form (toString), both directions."""

from __future__ import annotations

import pytest

from tablehall.games.catan.jsettlers import (
    MESSAGE_TYPES,
    AcceptOffer,
    AuthRequest,
    BotJoinGameRequest,
    ChoosePlayerRequest,
    DeclinePlayerRequest,
    DevCardAction,
    DiceResultResources,
    FrameDecoder,
    GameOptionGetInfos,
    GameOptionInfo,
    GameStats,
    GameTextMsg,
    JoinGame,
    LocalizedStrings,
    MalformedMessage,
    PotentialSettlements,
    PutPiece,
    RejectOffer,
    RobberyResult,
    ScenarioInfo,
    SetSeatLock,
    StatusMessage,
    Turn,
    Unknown,
    UpdateRobotParams,
    Version,
    encode_frame,
    parse_cmd,
    parse_str,
)
from tablehall.games.catan.jsettlers.constants import SeatLock
from tablehall.games.catan.jsettlers.game_messages import RolledResources
from tablehall.games.catan.jsettlers.soclog import Entry

from .conftest import WIRE_FILES, read_jsonl, reference_path

@pytest.mark.parametrize("name", WIRE_FILES)
def test_every_reference_wire_string_round_trips(name):
    """Each wire string parses to a typed message that re-encodes to the same string, renders
    the same toString as Java, and parses back from that toString to an equal message."""
    failures = []
    for record in read_jsonl(name):
        wire, text = record["wire"], record["str"]
        decoder = FrameDecoder()
        decoder.feed(encode_frame(wire))
        message = parse_cmd(decoder.next_frame())
        problems = []
        if isinstance(message, Unknown) or message.TYPE != record["type"]:
            problems.append(f"parsed as {message!r}")
        elif encode_frame(message.to_cmd()) != encode_frame(wire):
            problems.append(f"re-encoded as {message.to_cmd()!r}")
        elif message.to_str() != text:
            problems.append(f"rendered as {message.to_str()!r}")
        elif parse_str(text) != message:
            problems.append(f"toString parsed as {parse_str(text)!r}")
        if problems:
            failures.append((record["line"], wire, problems))
    assert not failures, failures[:5]
    assert len(read_jsonl(name)) > 700


def test_the_transcript_frames_all_parse_and_round_trip():
    for record in read_jsonl("robot-tcp-transcript-classic4p-B.jsonl"):
        message = parse_cmd(record["wire"])
        assert not isinstance(message, Unknown), record
        assert message.to_cmd() == record["wire"]


@pytest.mark.parametrize(
    "name",
    ["all-basic-actions.soclog", "has-timestamps.soclog", "initial-placement-sea-cancel.soclog",
     "is-at-client.soclog", "recorded-classic4p-robots-A.soclog", "recorded-classic4p-robots-B.soclog"],
)  # fmt: skip
def test_every_soclog_message_parses_and_renders_back(name):
    lines = reference_path(name).read_text(encoding="utf-8").splitlines()[1:]
    messages = 0
    for line in lines:
        entry = Entry.parse(line.strip())  # the log reader trims lines, as Java does
        if entry is not None and entry.message is not None:
            messages += 1
            assert entry.render() == line  # rendering gives the untrimmed original back
            assert parse_cmd(entry.message.to_cmd()) == entry.message  # and the wire form round-trips
    assert messages > 150


# Wire/toString pairs for forms the reference logs do not show, from JSettlers' own message tests
# (TestToCmdToStringParse) and its message classes' documented formats.
VECTORS = [
    (Version(1118, "1.1.18", "OV20130402"), "9998|1118,1.1.18,OV20130402,\t",
     "SOCVersion:1118|str=1.1.18|verBuild=OV20130402|feats=(null)|cliLocale=(null)"),
    (Version(2410, "2.4.10", "JM20200801", ";6pl;sb;", "en_US"), "9998|2410,2.4.10,JM20200801,;6pl;sb;,en_US",
     "SOCVersion:2410|str=2.4.10|verBuild=JM20200801|feats=;6pl;sb;|cliLocale=en_US"),
    (UpdateRobotParams(120, 35, 0.13, 1.0, 1.0, 3.0, 1.0, 0, 1), "1071|120,35,0.13,1.0,1.0,3.0,1.0,0,1",
     "SOCUpdateRobotParams:mgl=120|me=35|ebf=0.13|af=1.0|laf=1.0|dcm=3.0|tm=1.0|st=0|tf=1"),
    (StatusMessage("simple ok status"), "1069|simple ok status", "SOCStatusMessage:status=simple ok status"),
    (StatusMessage("nonzero status text", 11), "1069|11,nonzero status text",
     "SOCStatusMessage:sv=11|status=nonzero status text"),
    (AuthRequest("UA", "myname", 1, None, "mypw"), "999|UA,myname,1,\t,mypw",
     "SOCAuthRequest:role=UA|nickname=myname|scheme=1|host=None|password=***"),
    (BotJoinGameRequest("ga", 3, None), "1023|ga,3,-", "SOCBotJoinGameRequest:game=ga|playerNumber=3|opts=null"),
    (ChoosePlayerRequest("ga", (True, False, False, True), True), "1036|ga,NONE,true,false,false,true",
     "SOCChoosePlayerRequest:game=ga|canChooseNone=true|choices=[true, false, false, true]"),
    (SetSeatLock("ga", (SeatLock.UNLOCKED, SeatLock.CLEAR_ON_RESET, SeatLock.LOCKED, SeatLock.UNLOCKED)),
     "1068|ga,false,clear,true,false", "SOCSetSeatLock:game=ga|states=UNLOCKED,CLEAR_ON_RESET,LOCKED,UNLOCKED"),
    (SetSeatLock("ga", (SeatLock.LOCKED,), 2), "1068|ga,2,true", "SOCSetSeatLock:game=ga|playerNumber=2|state=LOCKED"),
    (RejectOffer("ga", -1, 2), "1037|ga,-1,2", "SOCRejectOffer:game=ga|playerNumber=-1|reasonCode=2"),
    (Turn("ga", 3), "1026|ga,3", "SOCTurn:game=ga|playerNumber=3"),
    (DevCardAction("ga", 3, 3, (5, 4)), "1046|ga,3,3,5,4", "SOCDevCardAction:game=ga|playerNum=3|actionType=ADD_OLD|cardTypes=[5, 4]"),
    (GameStats("ga", (10, 4, 3, 2), (False, True, True, True)), "1061|ga,10,4,3,2,false,true,true,true",
     "SOCGameStats:game=ga|10|4|3|2|false|true|true|true"),
    (DeclinePlayerRequest("ga", 20, 4, 0, 0x405, "can't build, here"), "1104|ga,20,4,0,1029,can't build, here",
     "SOCDeclinePlayerRequest:game=ga|state=20|reason=4|detail1=0|detail2=1029|text=can't build, here"),
    (DeclinePlayerRequest("ga", 0, 2), "1104|ga,0,2", "SOCDeclinePlayerRequest:game=ga|state=0|reason=2"),
    (RobberyResult("ga", 3, 2, "E", 106, 5, False, 7), "1102|ga,3,2,E,106,5,F,7",
     "SOCRobberyResult:game=ga|perp=3|victim=2|peType=SCENARIO_CLOTH_COUNT|amount=5|isGainLose=false|victimAmount=7"),
    (PotentialSettlements("ga", 2, ()), "1057|ga,2", "SOCPotentialSettlements:game=ga|playerNum=2|list=(empty)"),
    (PotentialSettlements("ga", 0, (0xA04, 0xA08), 0, ((0xC02,), (0x408,), (0xA0F,), (0x100C,))),
     "1057|ga,0,2564,2568,NA,4,PAN,0,LA1,3074,LA2,1032,LA3,2575,LA4,4108",
     "SOCPotentialSettlements:game=ga|playerNum=0|list=a04 a08 |pan=0|la1=c02 |la2=408 |la3=a0f |la4=100c "),
    (PotentialSettlements("ga", 3, None, 1, ((0xA0F,), (0x60A,)), ((0xC07, -0xC0B, 0xD07, -0xD0B, 0xE04, -0xE0A, 0xA03),)),
     "1057|ga,3,NA,2,PAN,1,LA1,2575,LA2,1546,SE,c07,-c0b,d07,-d0b,e04,-e0a,a03",
     "SOCPotentialSettlements:game=ga|playerNum=3|list=(null)|pan=1|la1=a0f |la2=60a |lse={{c07-c0b,d07-d0b,e04-e0a,a03}}"),
    (DiceResultResources("ga", (RolledResources(1, 6, ((4, 1), (2, 5))), RolledResources(3, 7, ((2, 2), (5, 4))))),
     "1092|ga|2|1|6|4|1|2|5|0|3|7|2|2|5|4", "SOCDiceResultResources:game=ga|p=2|p=1|p=6|p=4|p=1|p=2|p=5|p=0|p=3|p=7|p=2|p=2|p=5|p=4"),
    (AcceptOffer("ga", 2, 3), "1039|ga,2,3", "SOCAcceptOffer:game=ga|accepting=2|offering=3"),
    (GameOptionGetInfos(("-", "?I18N")), "1081|-,?I18N", "SOCGameOptionGetInfos:options=-,?I18N"),
    (GameOptionGetInfos(("SC", "PLP", "?CHANGES")), "1081|SC,PLP,?CHANGES", "SOCGameOptionGetInfos:options=SC,PLP,?CHANGES"),
    (LocalizedStrings("S", 0, ("SC_FOG", "name text", "desc text")), "1100|S|0|SC_FOG|name text|desc text",
     "SOCLocalizedStrings:type=S|flags=0x0|strs=SC_FOG|name text|desc text"),
    (LocalizedStrings("O", 4), "1100|O|4", "SOCLocalizedStrings:type=O|flags=0x4|(strs empty)"),
    (ScenarioInfo(("[", "KEY1", "KEY2", "?")), "1101|[|KEY1|KEY2|?", "SOCScenarioInfo:p=[|p=KEY1|p=KEY2|p=?"),
    (ScenarioInfo.unknown_key("KEY3"), "1101|KEY3|0|-2", None),
    (GameTextMsg("ga", "Server", "testp3 built a road, text,may=contain,delimiters"),
     "1010|ga\x00Server\x00testp3 built a road, text,may=contain,delimiters",
     "SOCGameTextMsg:game=ga|nickname=Server|text=testp3 built a road, text,may=contain,delimiters"),
]  # fmt: skip


@pytest.mark.parametrize("message, wire, text", VECTORS, ids=[type(v[0]).__name__ for v in VECTORS])
def test_documented_forms(message, wire, text):
    assert message.to_cmd() == wire
    assert parse_cmd(wire) == message
    if text is not None:
        assert message.to_str() == text
        if "password=***" not in text and not text.startswith(("SOCVersion", "SOCUpdate", "SOCStatus", "SOCAuth",
                                                                   "SOCGameOption", "SOCLocalized", "SOCScenario")):
            assert parse_str(text) == message


def test_game_option_info_end_marker():
    marker = parse_cmd("1082|-|0|2147483647|2147483647|f|0|0|0|f|0|0|-")
    assert isinstance(marker, GameOptionInfo) and marker.key == "-"
    assert marker.to_cmd() == "1082|-|0|2147483647|2147483647|f|0|0|0|f|0|0|-"


def test_get_infos_semantics():
    assert GameOptionGetInfos(("-",)).keys is None and GameOptionGetInfos(("-",)).wants_newer
    assert GameOptionGetInfos(("?I18N",)).keys is None and not GameOptionGetInfos(("?I18N",)).wants_newer
    asked = GameOptionGetInfos(("SC", "PLP", "?I18N"))
    assert asked.keys == ("SC", "PLP") and asked.wants_i18n and not asked.wants_newer
    assert GameOptionGetInfos(("SC", "?CHANGES")).wants_newer


def test_unknown_and_garbled_messages_are_kept_verbatim():
    for text in ("2001|some,third,party", "abc", "", "|||", "1009x|g,0,1,1"):
        message = parse_cmd(text)
        assert isinstance(message, Unknown)
        assert message.to_cmd() == text
    assert parse_cmd("2001|x").type_id == 2001


@pytest.mark.parametrize(
    "text",
    ["1009|g,0,1", "1009|g,zero,1,171", "1009|g,0,1,99999999999", "1086|g|0|100|1", "1033|g,1,2",
     "1102|g,0,3,Q,4,1,T", "1040|g,0,0,4,0,0", "1061|g,1,2,true", "1057|g,-1,NA,2,PAN,0,LA1,5"],
)  # fmt: skip
def test_malformed_known_types_raise(text):
    with pytest.raises(MalformedMessage):
        parse_cmd(text)


def test_java_tokenizer_semantics():
    # empty tokens are skipped, extra trailing fields ignored, '+' accepted as Java parseInt does
    assert parse_cmd("1009||g,,0,1,+171,9") == PutPiece("g", 0, 1, 171)
    # an empty string field written as \t stays recognisable
    assert parse_cmd("1013|nick,\t,\t,game") == JoinGame("nick", "", "\t", "game")


def test_every_registered_type_is_distinct_and_named():
    names = {cls.NAME for cls in MESSAGE_TYPES.values()}
    assert len(names) == len(MESSAGE_TYPES)
    assert all(name.startswith("SOC") for name in names)


@pytest.mark.parametrize("text", ["SOCPutPiece:game=g|playerNumber=0|pieceType=X|coord=ab", "SOCNope:game=g", "xyz"])
def test_bad_tostring_forms_raise(text):
    with pytest.raises(MalformedMessage):
        parse_str(text)


# The minimum message set for a classic game with JSettlers robots and the GUI client
# (notes on the JSettlers protocol, section 2.3), by type id.
MINIMUM_SET = {
    "server": [9998, 1069, 1071, 9999, 1023, 1021, 1068, 1014, 1057, 1096, 1086, 1024, 1058, 1017, 1013, 1012,
               1025, 1018, 1026, 1072, 1028, 1092, 1009, 1029, 1033, 1034, 1036, 1102, 1046, 1090, 1052, 1063,
               1040, 1041, 1042, 1037, 1038, 1039, 1044, 1104, 1061, 1015, 1056, 1059, 1003, 1083, 1079],
    "robot": [9998, 1022, 1013, 1012, 1058, 9999, 1009, 1031, 1032, 1033, 1034, 1035, 1043, 1044, 1045, 1049,
              1052, 1053, 1040, 1041, 1037, 1038, 1039, 1011, 1008, 1010],
    "human": [999, 1078, 1079, 1080, 1081, 1082, 1083, 1091, 1010, 1085, 1018, 1068, 1100, 1101],
}  # fmt: skip


def test_the_minimum_message_set_is_typed():
    missing = {side: [t for t in types if t not in MESSAGE_TYPES] for side, types in MINIMUM_SET.items()}
    assert missing == {"server": [], "robot": [], "human": []}

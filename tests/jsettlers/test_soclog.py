"""The .soclog game event log: reading (with JSettlers' validation) and writing."""

from __future__ import annotations

import pytest

from tablehall.games.catan.jsettlers import BuildRequest, DiceResult, NewGameWithOptions, PutPiece, Version
from tablehall.games.catan.jsettlers.soclog import (
    ALL,
    FROM_OBSERVER,
    OBSERVER,
    UNDETERMINED,
    Audience,
    Entry,
    Soclog,
    SoclogMissing,
    SoclogParseError,
    all_except,
    from_player,
    header_comments,
    read_soclog,
    to_player,
)

from .conftest import reference_path

GOOD_LOGS = {
    # name: (game name, version, type C?, options)
    "all-basic-actions.soclog": ("test", 2500, False, "BC=t4,N7=f7,RD=f,SBL=t,PL=4"),
    "has-timestamps.soclog": ("g", 2500, False, "BC=t4,N7=f7,RD=f,PL=4"),
    "initial-placement-sea-cancel.soclog": ("test", 2500, False, "BC=t4,PLB=t,SBL=t,N7=f7,RD=f,PL=6"),
    "is-at-client.soclog": ("test", 2500, True, "BC=t4,N7=f7,RD=f,PL=4"),
    "recorded-classic4p-robots-A.soclog": ("classic4", 2700, False, "PL=4"),
    "recorded-classic4p-robots-B.soclog": ("classic4b", 2700, False, "PL=4"),
}

# Each malformed test log, the exception JSettlers throws for it, and text its message contains
# (from JSettlers' TestGameEventLog).
BAD_LOGS = {
    "test-missing-header.soclog": (SoclogMissing, 'must start with "SOC game event log" header'),
    "test-header-type-missing.soclog": (SoclogMissing, 'must start with "SOC game event log" header'),
    "test-stac-legacy-human-league1-sample.soclog": (SoclogMissing, 'must start with "SOC game event log" header'),
    "test-header-type-invalid.soclog": (SoclogParseError, "unknown log type"),
    "test-header-type-length.soclog": (SoclogParseError, "unknown log type, must be 1 character"),
    "test-header-version-missing.soclog": (SoclogMissing, "Header missing required version"),
    "test-header-version-numparse.soclog": (SoclogParseError, "Couldn't parse version number in header"),
    "test-header-gamename-missing.soclog": (SoclogParseError, "missing required game_name"),
    "test-header-gamename-empty.soclog": (SoclogParseError, "Empty game_name"),
    "test-header-gamename-invalid.soclog": (SoclogParseError, "Invalid game_name"),
    "test-version-too-old.soclog": (SoclogMissing, "Minimum version for format is "),
    "test-missing-socversion.soclog": (SoclogMissing, "First event message must be SOCVersion"),
    "test-missing-socnewgame.soclog": (SoclogMissing, "Second event message must be SOCNewGame or SOCNewGameWithOptions"),
    "test-version-mismatch.soclog": (SoclogParseError, "in SOCVersion differs from header"),
    "test-gamename-mismatch-newgame.soclog": (SoclogParseError, "Game name differs from header"),
    "test-gamename-mismatch-newgamewithopts.soclog": (SoclogParseError, "Game name differs from header"),
}


def test_every_test_log_is_covered(reference):
    names = {p.name for p in reference.glob("*.soclog")}
    assert names == set(GOOD_LOGS) | set(BAD_LOGS)


@pytest.mark.parametrize("name", sorted(GOOD_LOGS))
def test_good_logs_load_and_write_back_byte_for_byte(name):
    text = reference_path(name).read_text(encoding="utf-8")
    log = read_soclog(text)
    assert (log.game_name, log.version, log.at_client, log.options) == GOOD_LOGS[name]
    assert len(log.entries) + 1 == text.count("\n")  # every line but the header is an entry
    messages = [m for _, m in log.messages()]
    assert isinstance(messages[0], Version) and messages[0].version == log.version
    assert log.render() == text


@pytest.mark.parametrize("name", sorted(BAD_LOGS))
def test_bad_logs_fail_as_jsettlers_fails(name):
    error, text = BAD_LOGS[name]
    with pytest.raises(error) as caught:
        read_soclog(reference_path(name).read_text(encoding="utf-8"))
    assert type(caught.value) is error
    assert text in str(caught.value)


def test_spot_checks_from_the_java_tests():
    log = read_soclog(reference_path("all-basic-actions.soclog").read_text(encoding="utf-8"))
    assert log.entries[0].comment == " Game created at: 2021-10-10 22:48:46 -0400"
    entry = log.entries[21 - 2]  # line 21: ob:SOCDiceResult:game=test|param=-1
    assert entry.audience == OBSERVER and entry.message == DiceResult("test", -1)
    robbery = next(e for e in log.entries if e.audience == all_except(3, 2))
    assert robbery.message.perpetrator == 3 and robbery.message.victim == 2 and robbery.message.resource == 6
    timed = read_soclog(reference_path("has-timestamps.soclog").read_text(encoding="utf-8"))
    entry = timed.entries[102 - 2]  # line 102: 0:05.211:f3:SOCPutPiece:game=g|playerNumber=3|pieceType=1|coord=43
    assert (entry.elapsed_ms, entry.audience, entry.message) == (5211, from_player(3), PutPiece("g", 3, 1, 0x43))
    entry = timed.entries[218 - 2]  # line 218: 1:04.429:fo:SOCGameTextMsg:...
    assert (entry.elapsed_ms, entry.audience) == (64429, FROM_OBSERVER)


REQUEST = BuildRequest("testgame", 2)
ENTRY_FORMS = [
    (Entry(ALL, REQUEST), "all:SOCBuildRequest:game=testgame|pieceType=2"),
    (Entry(all_except(3), REQUEST), "!p3:SOCBuildRequest:game=testgame|pieceType=2"),
    (Entry(all_except(2, 3, 4), REQUEST, 77), "0:00.077:!p[2, 3, 4]:SOCBuildRequest:game=testgame|pieceType=2"),
    (Entry(OBSERVER, REQUEST, 61077), "1:01.077:ob:SOCBuildRequest:game=testgame|pieceType=2"),
    (Entry(UNDETERMINED, REQUEST), "un:SOCBuildRequest:game=testgame|pieceType=2"),
    (Entry(from_player(3), REQUEST), "f3:SOCBuildRequest:game=testgame|pieceType=2"),
    (Entry(FROM_OBSERVER, REQUEST), "fo:SOCBuildRequest:game=testgame|pieceType=2"),
    (Entry(Audience("from_player", -1), REQUEST), "f-1:SOCBuildRequest:game=testgame|pieceType=2"),
    (Entry(ALL, None), "all:null"),
    (Entry(to_player(3), None), "p3:null"),
    (Entry.of_comment("abcde"), "#abcde"),
    (Entry.of_comment(" abcde "), "# abcde "),
    (Entry(ALL, REQUEST, 0), "0:00.000:all:SOCBuildRequest:game=testgame|pieceType=2"),
    (Entry(ALL, REQUEST, 1770), "0:01.770:all:SOCBuildRequest:game=testgame|pieceType=2"),
    (Entry(ALL, REQUEST, 90001), "1:30.001:all:SOCBuildRequest:game=testgame|pieceType=2"),
    (Entry(ALL, REQUEST, 600001), "10:00.001:all:SOCBuildRequest:game=testgame|pieceType=2"),
]


@pytest.mark.parametrize("entry, text", ENTRY_FORMS)
def test_entry_forms(entry, text):
    assert entry.render() == text
    assert Entry.parse(text) == entry


def test_entry_timestamps_clip_and_untimed_rendering():
    assert Entry.parse("35791:23.647:all:SOCBuildRequest:game=testgame|pieceType=2").elapsed_ms == 2**31 - 1
    assert Entry.parse("35791:23.648:all:SOCBuildRequest:game=testgame|pieceType=2").elapsed_ms == 2**31 - 1
    assert Entry(ALL, REQUEST, 77).render(timed=False) == "all:SOCBuildRequest:game=testgame|pieceType=2"
    assert Entry.parse("") is None


@pytest.mark.parametrize(
    "text",
    ["7", "7XYZ", "7:XYZ", "7:31:all:SOCBuildRequest:game=testgame|pieceType=2",
     "7:31.1:all:SOCBuildRequest:game=testgame|pieceType=2", "7:31.12:all:SOCBuildRequest:game=testgame|pieceType=2",
     "7:31.-12:all:SOCBuildRequest:game=testgame|pieceType=2", "7:-5.123:all:SSOCBuildRequest:game=testgame|pieceType=2",
     ":SOCBuildRequest:game=testgame|pieceType=2", "all:", "SOCBuildRequest:game=testgame|pieceType=2", "all:xyz",
     "all:SOCBuildRequest:game=testgame|pieceType=X",
     *(f"{users}:SOCBuildRequest:game=testgame|pieceType=2"
       for users in ("p", "p_", "f", "f_", "fz", "al", "xy", "_", "!p", "!pz", "!p_, !p]", "!p[]", "!p[", "!p[X]", "!p[5, X]"))],
)  # fmt: skip
def test_entry_parse_errors(text):
    with pytest.raises(SoclogParseError):
        Entry.parse(text)


def test_seat_filter_keeps_what_the_seat_received():
    log = read_soclog(reference_path("has-timestamps.soclog").read_text(encoding="utf-8"))
    seat3 = log.at_seat(3)
    assert seat3.at_client
    for entry in seat3.entries:
        assert entry.audience is None or entry.audience.reaches(3)
    dropped = [e for e in log.entries if e not in seat3.entries]
    assert dropped and all(e.audience.from_client or not e.audience.reaches(3) for e in dropped)
    # counts from JSettlers' test: 34 from clients, 54 to observers, 7 to other players
    assert len(dropped) == 34 + 54 + 7


def test_writing_a_new_log():
    log = Soclog("g1", 2700, created_at=1795311592, now=1795311669)
    log.entries += header_comments(1795311592, 1795311669)
    log.entries.append(Entry(ALL, Version(2700, "2.7.00", "JM20260517", ";ch;")))
    log.entries.append(Entry(ALL, NewGameWithOptions("g1", -1, "PL=4")))
    text = log.render()
    assert text.splitlines()[:3] == [
        "SOC game event log: type=F, version=2700, created_at=1795311592, now=1795311669, game_name=g1",
        "# Game created at: 2026-11-22 01:39:52 +0000",
        "# Log written at:  2026-11-22 01:41:09 +0000",
    ]
    again = read_soclog(text)
    assert again.render() == text and again.options == "PL=4"


def test_line_ends_and_blank_lines():
    text = reference_path("recorded-classic4p-robots-A.soclog").read_text(encoding="utf-8")
    crlf = text.replace("\n", "\r\n\r\n")  # Java's readLine accepts CR LF; blank lines are skipped
    assert read_soclog(crlf).render() == text


def test_all_but_some_seats_is_made_once_per_set_of_seats():
    from tablehall.games.catan.jsettlers.soclog import all_except

    assert all_except(1, 3) is all_except(1, 3)
    assert all_except(1, 3).reach_bits == sum(1 << pn for pn in range(8) if pn not in (1, 3)) | (1 << 8)

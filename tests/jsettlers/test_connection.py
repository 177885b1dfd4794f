"""The per-connection state machine: versions, robot and human login, options, pings."""

from __future__ import annotations

import pytest

from tablehall.games.catan.jsettlers import (
    MESSAGE_TYPES,
    AuthRequest,
    ChannelTextMsg,
    EndTurn,
    GameServerText,
    GameTextMsg,
    JoinGame,
    LeaveChannel,
    LeaveGame,
    NewGame,
    NewGameWithOptionsRequest,
    RollDice,
    SitDown,
    GameOptionGetDefaults,
    GameOptionGetInfos,
    ImARobot,
    LeaveAll,
    LocalizedStrings,
    PutPiece,
    ScenarioInfo,
    ServerPing,
    Unknown,
    Version,
    encode_frame,
    parse_cmd,
)
from tablehall.games.catan.jsettlers.framing import FrameDecoder
from tablehall.games.catan.jsettlers.options import CLASSIC_OFFER as CLASSIC
from tablehall.games.catan.jsettlers.connection import (BUILTIN_ROBOT_BRAIN, CHANNEL_MESSAGES, GAME_MESSAGES, Phase,
                                                        ServerConfig, ServerConnection)
from tablehall.games.catan.jsettlers.lobby import PregameLobby

from .wire import client_sends, open_connection, sent


def connect(config: ServerConfig | None = None, lobby: PregameLobby | None = None):
    config = config or ServerConfig(robot_cookie="cookie")
    lobby = lobby or PregameLobby(config, clock=lambda: 0)
    conn = open_connection(config, lobby)
    conn.start()
    return conn, lobby, sent(conn)


def say(conn: ServerConnection, *wires: str) -> list[str]:
    """The client sends `wires`; what the connection writes meanwhile."""
    client_sends(conn, *wires)
    return sent(conn)


ROBOT_2700 = "9998|2700,2.7.00,JM20260517,;6pl;sb;sc=2700;"
ROBOT_2610 = "9998|2610,2.6.10,JM20220705,;6pl;sb;sc=2610;"
PARAMS = "1071|120,35,0.13,1.0,1.0,3.0,1.0,1,1"


def test_server_speaks_first_and_sends_games_after_the_version():
    conn, _, first = connect()
    assert first == ["9998|2700,2.7.00,JM20260517,;ch;", "1003|"]
    assert conn.phase is Phase.CONNECTED
    assert say(conn, ROBOT_2700) == ["1083"]  # no debug mode: no status line
    assert conn.phase is Phase.READY
    assert say(conn, ROBOT_2700) == []  # the same version again changes nothing


def test_debug_mode_status_line():
    conn, _, _ = connect(ServerConfig(debug_commands=True))
    assert say(conn, ROBOT_2700) == ["1083", "1069|21,Debugging is On. Welcome to Java Settlers of Catan!"]


@pytest.mark.parametrize("version, robot_version", [(2700, ROBOT_2700), (2610, ROBOT_2610)])
def test_robot_login_at_each_supported_version(version, robot_version):
    conn, lobby, first = connect(ServerConfig(version=version, robot_cookie="cookie"))
    assert first[0] == {2700: "9998|2700,2.7.00,JM20260517,;ch;", 2610: "9998|2610,2.6.10,JM20220705,;ch;"}[version]
    assert say(conn, robot_version, f"1022|bot,cookie,{BUILTIN_ROBOT_BRAIN}") == ["1083", PARAMS]
    assert conn.is_robot and conn.nickname == "bot" and conn.phase is Phase.LOGGED_IN
    assert lobby.robots == [conn]


def test_unsupported_server_version_is_refused():
    with pytest.raises(ValueError):
        ServerConfig(version=2500)


def test_builtin_robot_of_another_version_is_rejected():
    conn, lobby, _ = connect(ServerConfig(version=2610, robot_cookie="cookie"))
    out = say(conn, ROBOT_2700, f"1022|bot,cookie,{BUILTIN_ROBOT_BRAIN}")
    assert out == ["1083", "1059|Sorry, robot client version does not match, version number 2.6.10 is required."]
    assert conn.closing and lobby.robots == [] and "bot" not in lobby.names
    assert say(conn, "1069|anything") == []  # nothing more is handled or sent


def test_third_party_robot_brain_may_have_another_version():
    conn, _, _ = connect()
    assert say(conn, ROBOT_2610, "1022|bot,cookie,org.example.MyBrain") == ["1083", PARAMS]


def test_wrong_cookie_is_rejected():
    conn, _, _ = connect()
    out = say(conn, ROBOT_2700, f"1022|bot,wrong,{BUILTIN_ROBOT_BRAIN}")
    assert out[-1] == "1059|Cookie contents do not match the running server."
    assert conn.closing


def test_without_a_configured_cookie_robots_need_the_random_one():
    config = ServerConfig()
    assert len(config.robot_cookie) >= 16 and config.robot_cookie != ServerConfig().robot_cookie
    conn, _, _ = connect(config)
    out = say(conn, ROBOT_2700, f"1022|bot,whatever,{BUILTIN_ROBOT_BRAIN}")
    assert out[-1] == "1059|Cookie contents do not match the running server."
    assert conn.closing
    conn, _, _ = connect(config)
    no_cookie = f"1022|bot,\t,{BUILTIN_ROBOT_BRAIN}"
    assert say(conn, ROBOT_2700, no_cookie)[-1] == "1059|Cookie contents do not match the running server."
    conn, _, _ = connect(config)
    assert say(conn, ROBOT_2700, f"1022|bot,{config.robot_cookie},{BUILTIN_ROBOT_BRAIN}")[-1] == PARAMS


@pytest.mark.parametrize("name", ["droid 1", "Droid 7", "Server", "server", "debug"])
def test_robots_may_not_take_reserved_names(name):
    conn, lobby, _ = connect(ServerConfig(robot_cookie="cookie", debug_commands=True))
    assert say(conn, ROBOT_2700, f"1022|{name},cookie,{BUILTIN_ROBOT_BRAIN}")[-2:] == [
        "1069|19,This nickname is not allowed.",
        "1059|This nickname is not allowed.",
    ]
    assert conn.closing and name not in lobby.names


def test_robots_named_like_jsettlers_own_robots_may_log_in():
    conn, _, _ = connect()
    assert say(conn, ROBOT_2700, f"1022|robot 3,cookie,{BUILTIN_ROBOT_BRAIN}")[-1] == PARAMS


def test_robot_name_in_use_and_second_login():
    conn, lobby, _ = connect()
    say(conn, ROBOT_2700, f"1022|bot,cookie,{BUILTIN_ROBOT_BRAIN}")
    twin, _, _ = connect(lobby.config, lobby)
    assert say(twin, ROBOT_2700, f"1022|bot,cookie,{BUILTIN_ROBOT_BRAIN}")[-2:] == [
        "1069|4,Someone with that nickname is already logged into the system.",
        "1059|Someone with that nickname is already logged into the system.",
    ]
    assert say(conn, f"1022|bot2,cookie,{BUILTIN_ROBOT_BRAIN}") == ["1059|Client has already authorized."]


def test_client_too_old_or_changing_its_version():
    conn, _, _ = connect()
    assert say(conn, "9998|2400,2.4.00,JM20200704,;6pl;sb;") == [
        "1059|Sorry, your client version 2.4.00 is too old: Version 2.5.00 (2500) or above is required."
    ]
    assert conn.closing
    conn, _, _ = connect()
    assert say(conn, ROBOT_2700, ROBOT_2610) == ["1083", "1059|Sorry, cannot report two different versions."]


def test_silent_client_is_taken_for_1_0_and_refused():
    conn, _, _ = connect()
    conn.version_timeout()
    assert sent(conn) == [
        "1059|Sorry, your client version 1.0.00 is too old: Version 2.5.00 (2500) or above is required."
    ]


def test_must_log_in_before_game_messages():
    conn, _, _ = connect()
    say(conn, ROBOT_2700)
    assert say(conn, PutPiece("g", 0, 1, 0x43).to_cmd()) == ["1069|24,Must authenticate first"]


@pytest.mark.parametrize(
    "request_wire, reply",
    [
        ("999|P,alice,1,\t,", "1069|Welcome to Java Settlers of Catan!"),
        ("999|P,alice,2,\t,", "1069|1,AUTHREQUEST: Auth scheme unknown: 2"),
        ("999|UA,alice,1,\t,", "1069|17,Your account is not authorized to create accounts."),
        ("999|P,abcdefghijklmnopqrstu,1,\t,", "1069|13,Please choose a shorter name; maximum length: 20"),
        ("999|P,robot 9,1,\t,", "1069|19,This nickname is not allowed."),
        ("999|P,Server,1,\t,", "1069|19,This nickname is not allowed."),
        ("999|P,debug,1,\t,", "1069|19,This nickname is not allowed."),  # debug commands are off
        ("999|P,bob,1,\t,secret", '1069|3,Incorrect password for "bob".'),
        ("999|P,carol,1,\t,right", "1069|Welcome to Java Settlers of Catan!"),
        ("999|P,carol,1,\t,wrong", '1069|3,Incorrect password for "carol".'),
    ],
)
def test_human_authentication(request_wire, reply):
    conn, _, _ = connect(ServerConfig(accounts={"carol": "right"}))
    say(conn, "9998|2700,2.7.00,JM20260517,;6pl;sb;sc=2700;,en_US")
    assert say(conn, request_wire)[:1] == [reply]  # then, once logged in, the options not offered
    assert (conn.phase is Phase.LOGGED_IN) == reply.endswith("Welcome to Java Settlers of Catan!")


def test_auth_needs_the_version_first_and_names_are_unique():
    conn, lobby, _ = connect()
    assert say(conn, "999|P,alice,1,\t,") == ["1069|1,AUTHREQUEST: Send version first"]
    say(conn, ROBOT_2700, "999|P,alice,1,\t,")
    other, _, _ = connect(lobby.config, lobby)
    say(other, ROBOT_2700)
    assert say(other, "999|P,alice,1,\t,") == ["1069|4,Someone with that nickname is already logged into the system."]
    conn.connection_lost()
    assert say(other, "999|P,alice,1,\t,")[:1] == ["1069|Welcome to Java Settlers of Catan!"]


def test_game_option_questions():
    conn, _, _ = connect(ServerConfig(offer=CLASSIC))
    say(conn, ROBOT_2700)
    assert say(conn, GameOptionGetDefaults().to_cmd()) == ["1080|PL=4,BC=t4,NT=f,VP=f10"]
    end = "1082|-|0|2147483647|2147483647|f|0|0|0|f|0|0|-"
    unknown = "1082|{0}|0|2147483647|2147483647|f|0|0|0|f|0|0|{0}"
    # same version: nothing changed, but every option the client knows and this server lacks is unknown
    replies = say(conn, GameOptionGetInfos(("-",)).to_cmd())
    assert replies[-1] == end and all(r == unknown.format(r.split("|")[1]) for r in replies)
    assert {r.split("|")[1] for r in replies} >= {"PLB", "SBL", "RD", "N7", "UB", "UBL", "SC", "_SC_FOG", "PLAY_FO"}
    assert say(conn, "1081|SC,PL,?I18N") == [
        unknown.format("SC"),  # scenarios are not offered: unknown
        "1082|PL|2|-1|1108|f|4|2|4|f|4|0|Maximum # players",
        end,
    ]


def test_an_older_client_is_told_about_newer_options():
    conn, _, _ = connect(ServerConfig(min_client_version=1100, offer=CLASSIC))
    say(conn, "9998|1118,1.1.18,OV20130402,\t")
    replies = say(conn, "1081|-")
    # 6-player, RD and N7 options it knows but this server does not offer; VP changed in 2.0.00
    assert [r.split("|")[1] for r in replies] == ["PLB", "PLP", "RD", "N7", "N7C", "VP", "-"]
    assert replies[-2].startswith("1082|VP|3|")


def test_localized_strings_have_nothing_to_add_and_scenarios_are_described():
    conn, _, _ = connect()
    say(conn, ROBOT_2700)
    assert say(conn, LocalizedStrings("S", LocalizedStrings.FLAG_REQ_ALL).to_cmd()) == ["1100|S|4"]
    assert say(conn, "1100|X|0") == ["1100|X|1"]
    assert say(conn, ScenarioInfo(("[", "SC_NSHO", "SC_ZZZ", "?")).to_cmd()) == [
        "1101|SC_NSHO|2000|2000|_SC_SEAC=t,SBL=t,VP=t13|New Shores|\t", "1101|SC_ZZZ|0|-2", "1101|-"]
    assert say(conn, "1101|?") == ["1101|-"]  # every scenario is of 2.0.00: none changed since


def test_pings_and_ignored_input():
    conn, _, _ = connect()
    say(conn, ROBOT_2700, f"1022|bot,cookie,{BUILTIN_ROBOT_BRAIN}")
    conn.ping()
    assert sent(conn) == ["9999|150000"]
    assert conn.pings_unanswered == 1
    assert say(conn, ServerPing(150000).to_cmd()) == []
    assert conn.pings_unanswered == 0
    assert say(conn, Unknown(2042, "2042|third,party").to_cmd()) == []
    assert say(conn, PARAMS) == []  # server-to-client types from a client are ignored
    assert say(conn, "1014|not,a,board") == []  # malformed: ignored
    assert say(conn, "9999|150000") == [] and not conn.closing


def test_leave_all_closes_and_frees_the_name():
    conn, lobby, _ = connect()
    say(conn, ROBOT_2700, "999|P,alice,1,\t,")
    assert "alice" in lobby.names
    client_sends(conn, LeaveAll())
    assert conn.closing and "alice" not in lobby.names and conn not in lobby.connections


def test_login_messages_before_the_version_are_allowed():
    conn, _, _ = connect()
    out = say(conn, ImARobot("early", "cookie", "org.example.Brain").to_cmd())
    assert out == [PARAMS]  # third-party brains skip the version check, as in JSettlers
    assert say(conn, Version(2700, "2.7.00", "JM20260517").to_cmd()) == ["1083"]
    assert say(conn, AuthRequest("P", "x", 1, None, "").to_cmd())[:1] == ["1069|Welcome to Java Settlers of Catan!"]


def test_every_request_is_parsed_into_a_message_of_its_own():
    """Messages are plain values: nothing keeps one across requests, so two connections sending
    the same wire string hand the lobby equal messages, never the same one."""
    got = []

    class Recorder(PregameLobby):
        def game_message(self, conn, message):
            got.append(message)

    config = ServerConfig(robot_cookie="cookie")
    lobby = Recorder(config, clock=lambda: 0)
    first, second = (connect(config, lobby)[0] for _ in range(2))
    for conn, name in ((first, "r1"), (second, "r2")):
        say(conn, ROBOT_2700, f"1022|{name},cookie,{BUILTIN_ROBOT_BRAIN}")
    wire = "1031|tablehall robots 7"  # a roll
    say(first, wire)
    say(second, wire)
    assert got[0] == got[1] == parse_cmd(wire) and got[0] is not got[1]
    got[0].game = "changed"  # a mistake in one request's handling stays in that request
    say(first, wire)
    assert got[2] == parse_cmd(wire)


def test_everything_goes_out_through_the_one_output_until_the_connection_closes():
    """Its own answers, what the lobby sends it, a game's frames: one output, as bytes."""
    config = ServerConfig(robot_cookie="cookie")
    lobby = PregameLobby(config, clock=lambda: 0)
    written: list[bytes] = []
    conn = ServerConnection(config, lobby, written.append)
    conn.start()
    conn.receive_data(encode_frame(ROBOT_2700) + encode_frame("999|P,alice,1,\t,"))  # two frames in one read
    lobby.broadcast(NewGame("g"))
    conn.send_frames(encode_frame("1025|g,0"))
    decoder = FrameDecoder()
    decoder.feed(b"".join(written))
    out = list(decoder)  # after the welcome: the options this server does not offer (1082)
    assert out[:4] == ["9998|2700,2.7.00,JM20260517,;ch;", "1003|", "1083", "1069|Welcome to Java Settlers of Catan!"]
    assert {w[:5] for w in out[4:-2]} == {"1082|"} and out[-2:] == ["1016|g", "1025|g,0"]
    written.clear()
    conn.receive_data(LeaveAll().frame)
    assert conn.closing
    conn.send(NewGame("h"))
    conn.send_frames(encode_frame("1025|g,0"))
    conn.ping()
    assert written == []  # a closing connection sends nothing more


def test_a_stream_java_would_refuse_closes_the_connection():
    conn, lobby, _ = connect()
    conn.receive_data(encode_frame(ROBOT_2700)[:5])  # half a frame: waits for the rest
    assert not conn.closing and sent(conn) == []
    conn.receive_data(encode_frame(ROBOT_2700)[5:] + b"\x00\x01\x80")  # a stray continuation byte
    assert sent(conn) == ["1083"] and conn.closing and conn not in lobby.connections


def test_a_message_too_long_for_a_frame_is_left_out():
    conn, _, _ = connect()
    say(conn, ROBOT_2700)
    conn.send(GameServerText("g", "x" * 70000), GameServerText("g", "short"))
    assert sent(conn) == ["1091|g\x01short"]


def test_game_requests_are_routed_by_a_declared_table():
    """Every message type that names a game goes to `Lobby.game_message`, but those the
    connection answers itself; chat channels to `Lobby.channel_message`; before login, all of
    them are refused."""
    assert GAME_MESSAGES == {cls for cls in MESSAGE_TYPES.values()
                             if hasattr(cls, "__dataclass_fields__") and "game" in cls.__dataclass_fields__} - {
        JoinGame, NewGameWithOptionsRequest}
    assert {PutPiece, SitDown, RollDice, EndTurn, GameTextMsg, LeaveGame} <= GAME_MESSAGES
    assert CHANNEL_MESSAGES == {ChannelTextMsg, LeaveChannel}
    got = []

    class Recorder(PregameLobby):
        def game_message(self, conn, message):
            got.append((conn, message))

    config = ServerConfig(robot_cookie="cookie")
    lobby = Recorder(config, clock=lambda: 0)
    robot, stranger = connect(config, lobby)[0], connect(config, lobby)[0]
    say(robot, ROBOT_2700, f"1022|r1,cookie,{BUILTIN_ROBOT_BRAIN}")
    say(stranger, ROBOT_2700)
    wire = PutPiece("g", 0, 1, 0x43).to_cmd()
    say(robot, wire, wire)
    assert got == [(robot, PutPiece("g", 0, 1, 0x43))] * 2
    assert say(stranger, wire) == ["1069|24,Must authenticate first"] and len(got) == 2

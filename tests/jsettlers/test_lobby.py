"""The pre-game lobby: creating, joining, sitting, locks, starting with robots, leaving, channels."""

from __future__ import annotations

import asyncio

from tablehall.games.catan.jsettlers import GameServerText, RobotDismiss
from tablehall.games.catan.jsettlers.connection import BUILTIN_ROBOT_BRAIN, ServerConfig, ServerConnection
from tablehall.games.catan.jsettlers.lobby import GameRoom, PregameLobby, classic_land_nodes
from tablehall.games.catan.jsettlers.soclog import ALL, OBSERVER, to_player

from .memory import Client, Clock, memory_service, until
from .recorded import settle
from .wire import client_sends, open_connection, sent

VERSION = "9998|2700,2.7.00,JM20260517,;6pl;sb;sc=2700;,en_US"


class World:
    def __init__(self, fill_bot: str | None = None, **config) -> None:
        self.config = ServerConfig(**{"robot_cookie": "cookie", "game_log": True, **config})
        self.started: list[GameRoom] = []
        self.actions: list[tuple[str, str]] = []
        self.lobby = PregameLobby(
            self.config, clock=lambda: 1700000000, on_start=self.started.append,
            on_game_action=lambda room, conn, msg: self.actions.append((conn.nickname, msg.to_cmd())),
            fill_bot=fill_bot,
        )  # fmt: skip

    def connection(self) -> ServerConnection:
        """A new client connection, after the server's first frames."""
        conn = open_connection(self.config, self.lobby)
        conn.start()
        sent(conn)
        return conn

    def human(self, name: str) -> ServerConnection:
        conn = self.connection()
        client_sends(conn, VERSION, f"999|P,{name},1,\t,")
        sent(conn)
        return conn

    def robot(self, name: str) -> ServerConnection:
        conn = open_connection(self.config, self.lobby)
        conn.start()
        client_sends(conn, "9998|2700,2.7.00,JM20260517,;6pl;sb;sc=2700;", f"1022|{name},cookie,{BUILTIN_ROBOT_BRAIN}")
        sent(conn)
        return conn


def wires(conn: ServerConnection) -> list[str]:
    """What `conn` has been sent by others' actions."""
    return sent(conn)


def act(conn: ServerConnection, wire: str) -> list[str]:
    """`conn` sends `wire`; what it gets back at once."""
    client_sends(conn, wire)
    return sent(conn)


def test_classic_land_nodes_in_jsettlers_order():
    nodes = classic_land_nodes()
    assert len(nodes) == 54 == len(set(nodes))
    assert " ".join(f"{n:x}" for n in nodes[:12]) == "83 85 87 89 8b 8d 94 96 98 9a 9c 23"


def test_create_game_announces_it_and_joins_the_creator():
    world = World()
    alice, bob = world.human("alice"), world.human("bob")
    out = act(alice, "1078|alice,\t,\t,g1,PL=4,VP=t12")
    assert wires(bob) == ["1079|g1,-1,PL=4,VP=t12"]
    assert out[:3] == ["1079|g1,-1,PL=4,VP=t12", "1021|g1", "1068|g1,false,false,false,false"]
    assert out[3].startswith("1057|g1,-1,131,133")  # a NEW game's empty board is not sent
    assert out[-4:] == ["1061|g1,t2,1700000000,0,0", "1017|g1,alice", "1025|g1,0", "1013|alice,\t,\t,g1"]
    assert "1069|Welcome to Java Settlers of Catan!" not in out  # alice already got it at login
    newcomer = open_connection(world.config, world.lobby)
    newcomer.start()
    assert sent(newcomer)[1] == "1003|"
    assert act(newcomer, VERSION) == ["1083|g1|PL=4,VP=t12"]  # a later client sees the game listed


def test_game_creation_refusals():
    world = World()
    alice = world.human("alice")
    act(alice, "1078|alice,\t,\t,g1,PL=4")
    refusals = {
        "1078|alice,\t,\t,g1,PL=4": "1069|11,A game with this name already exists, please choose a different name.",
        "1078|alice,\t,\t,g2,PLAY_FO=t,PL=4": "1069|9,Unknown game option(s) were requested, cannot create this game. PLAY_FO",
        "1078|alice,\t,\t,g4,SBL=t,_SC_FOG=t": "1069|10,Cannot create this game: _SC_FOG: played only with the scenario that sets it",
        "1078|alice,\t,\t,g5,SC=SC_ZZZ": "1069|10,Cannot create this game: SC: no scenario 'SC_ZZZ'",
        "1078|alice,\t,\t,g3,PL=x": "1069|10,Cannot create this game: PL: 'x' is not a number",
        "1078|alice,\t,\t,*,PL=4": "1069|12,This name is not permitted, please choose a different name.",
        "1078|alice,\t,\t,?game,PL=4": "1069|12,This name is not permitted, please choose a different name.",
        "1078|alice,\t,\t,abcdefghijklmnopqrstuvwxyzabcde,-": "1069|13,Please choose a shorter name; maximum length: 30",
    }
    for request, reply in refusals.items():
        assert act(alice, request) == [reply]
    assert list(world.lobby.games) == ["g1"]


def test_a_served_lobby_keeps_no_log_of_what_it_sends():
    """Serving, a room does not keep every message of its game (it would grow with every move);
    tests that compare with JSettlers' logs turn the log on."""
    from tablehall.games.catan.jsettlers.service import settings_from

    assert settings_from({}).server.game_log is False
    world = World(game_log=False)
    alice, bob = world.human("alice"), world.human("bob")
    act(alice, "1078|alice,\t,\t,g,PL=4")
    act(bob, "1013|bob,\t,\t,g")
    wires(alice)
    assert act(alice, "1012|g,\t,2,false") == [  # sent as with the log
        "1012|g,alice,2,false", "1086|g|2|100|1|0|2|0|3|0|4|0|5|0|6|0", "1025|g,0", "1058|g,2,1"
    ]
    assert wires(bob) == ["1012|g,alice,2,false", "1025|g,0", "1058|g,2,1"]
    assert world.lobby.games["g"].log is None


def test_join_game_without_options_creates_it():
    world = World()
    bob = world.human("bob")
    watcher = world.human("watcher")
    act(bob, "1013|bob,\t,\t,plain")
    assert wires(watcher) == ["1016|plain"]
    assert world.lobby.games["plain"].packed_options == "-"


def test_sitting_down_and_seat_rules():
    world = World()
    alice, bob = world.human("alice"), world.human("bob")
    act(alice, "1078|alice,\t,\t,g,PL=2")
    act(bob, "1013|bob,\t,\t,g")
    wires(alice)
    assert act(alice, "1012|g,\t,2,false") == [
        "1012|g,alice,2,false", "1086|g|2|100|1|0|2|0|3|0|4|0|5|0|6|0", "1025|g,0", "1058|g,2,1"
    ]
    assert wires(bob) == ["1012|g,alice,2,false", "1025|g,0", "1058|g,2,1"]  # resources only to the seat
    room = world.lobby.games["g"]
    assert room.log[-3].audience == to_player(2) and room.log[-4].audience == ALL
    claimed = ["1091|g\x01This seat is claimed by another game member, choose another."]
    assert act(bob, "1012|g,\t,2,false") == claimed
    assert act(alice, "1012|g,\t,1,false") == claimed  # already seated elsewhere
    act(bob, "1012|g,\t,0,false")
    third = world.human("third")
    act(third, "1013|third,\t,\t,g")
    assert act(third, "1012|g,\t,3,false") == ["1091|g\x01This game is full; you cannot sit down."]  # PL=2


def test_face_lock_chat_and_unknown_games():
    world = World()
    alice = world.human("alice")
    act(alice, "1078|alice,\t,\t,g,-")
    act(alice, "1012|g,\t,1,false")
    assert act(alice, "1058|g,3,7") == ["1058|g,1,7"]  # the face of one's own seat, whatever seat is named
    assert act(alice, "1068|g,0,true") == ["1068|g,0,true"]
    assert act(alice, "1010|g\x00alice\x00hello, all") == ["1010|g\x00alice\x00hello, all"]
    assert act(alice, "1009|nogame,1,1,67") == []
    assert act(alice, "1012|nogame,\t,1,false") == ["1091|nogame\x01Game not found."]
    assert act(alice, "1009|g,1,1,67") == [] and world.actions == []  # not started: not an action


def test_start_without_robots_needs_two_players():
    world = World()
    alice = world.human("alice")
    act(alice, "1078|alice,\t,\t,g,PL=4")
    assert act(alice, "1018|g") == ["1091|g\x01To start the game, at least one player must sit down."]
    act(alice, "1012|g,\t,0,false")
    assert act(alice, "1018|g") == ["1091|g\x01No robots on this server, please fill at least 2 seats before starting."]
    for pn in (1, 2, 3):
        act(alice, f"1068|g,{pn},true")
    assert act(alice, "1018|g") == [
        "1091|g\x01The only player cannot lock all seats. To start the game, other players or robots must join."
    ]
    assert world.started == []


def test_start_fills_unlocked_seats_with_robots_then_starts():
    world = World()
    robots = [world.robot(f"bot{i}") for i in range(3)]
    alice = world.human("alice")
    act(alice, "1078|alice,\t,\t,g,PL=4")
    act(alice, "1012|g,\t,2,false")
    act(alice, "1068|g,3,true")  # keep seat 3 empty
    for r in robots:
        wires(r)
    assert act(alice, "1018|g") == ["1091|g\x01Fetching a robot player...", "1091|g\x01Fetching a robot player..."]
    assert [wires(r) for r in robots] == [["1023|g,0,PL=4"], ["1023|g,1,PL=4"], []]
    room = world.lobby.games["g"]
    assert room.state == 1 and room.log[-1].audience == OBSERVER
    joined = act(robots[0], "1013|bot0,\t,\t,g")
    assert joined[:4] == ["1021|g", "1069|Welcome to Java Settlers of Catan!", "1068|g,false,false,false,true",
                          "1012|g,alice,2,false"]  # fmt: skip
    assert joined[4].startswith("1014|g,6,6,6")  # a READY game's join shows the empty board
    act(robots[1], "1013|bot1,\t,\t,g")
    act(robots[1], "1012|g,\t,1,true")
    assert world.started == []
    act(robots[0], "1012|g,\t,0,true")
    assert world.started == [room]
    # once started, game actions go to the engine hook; lifecycle messages stay in the lobby
    room.state = 5
    act(robots[0], "1009|g,0,1,67")
    assert world.actions == [("bot0", "1009|g,0,1,67")]


def test_not_enough_robots():
    world = World()
    world.robot("only")
    alice = world.human("alice")
    act(alice, "1078|alice,\t,\t,g,-")
    act(alice, "1012|g,\t,0,false")
    assert act(alice, "1018|g") == [
        "1091|g\x01Not enough robots to fill all the seats. Lock some seats. Only 1 robots are available."
    ]


def test_robot_that_cannot_sit_is_dismissed():
    world = World()
    bot = world.robot("bot")
    alice = world.human("alice")
    act(alice, "1078|alice,\t,\t,g,-")
    act(alice, "1012|g,\t,0,false")
    act(bot, "1013|bot,\t,\t,g")
    assert act(bot, "1012|g,\t,0,true") == [RobotDismiss("g").to_cmd()]


def test_robots_only_game_needs_debug_user_and_permission():
    world = World(debug_commands=True, allow_bot_games=False)
    world.robot("bot")
    debug = world.human("debug")
    act(debug, "1078|debug,\t,\t,g,-")
    assert act(debug, "1010|g\x00debug\x00*STARTBOTGAME* 1") == [
        "1091|g\x01To start the game, at least one player must sit down."
    ]
    other = World(debug_commands=True, allow_bot_games=True)
    bot = other.robot("bot")
    alice = other.human("alice")
    act(alice, "1078|alice,\t,\t,g,-")
    chat = "1010|g\x00alice\x00*STARTBOTGAME* 1"
    assert act(alice, chat) == [chat]  # not a debug user: plain chat
    debug = other.human("debug")
    act(debug, "1013|debug,\t,\t,g")
    wires(bot)
    assert act(debug, "1010|g\x00debug\x00*STARTBOTGAME* 1") == ["1091|g\x01Fetching a robot player..."]
    assert wires(bot) == ["1023|g,0,-"]


def test_leaving_and_game_deletion():
    world = World()
    bot = world.robot("bot")
    alice, bob = world.human("alice"), world.human("bob")
    act(alice, "1078|alice,\t,\t,g,-")
    act(alice, "1012|g,\t,0,false")
    act(bob, "1013|bob,\t,\t,g")
    act(bot, "1013|bot,\t,\t,g")
    wires(alice), wires(bob)
    act(alice, "1011|alice,-,g")
    assert wires(bob) == ["1011|alice,-,g"] and wires(bot) == ["1011|alice,-,g"]
    assert world.lobby.games["g"].seats[0] is None  # a forming game frees the seat
    bob.connection_lost()  # the last human leaves: the game goes, everyone is told
    assert wires(bot) == ["1011|bob,-,g", "1015|g"]
    assert wires(alice) == ["1015|g"]
    assert world.lobby.games == {}


def test_chat_channels():
    world = World()
    alice, bob = world.human("alice"), world.human("bob")
    assert act(alice, "1004|alice,\t,-,lounge") == [
        "1020|alice,lounge", "1001|lounge", "1002|lounge,alice", "1004|alice,\t,\t,lounge"
    ]
    assert wires(bob) == ["1001|lounge"]
    assert act(bob, "1004|bob,\t,-,lounge")[-2:] == ["1002|lounge,alice,bob", "1004|bob,\t,\t,lounge"]
    assert wires(alice) == ["1004|bob,\t,\t,lounge"]
    act(bob, "1005|lounge\x00bob\x00hi")
    assert wires(alice) == ["1005|lounge\x00bob\x00hi"]
    act(alice, "1006|alice,-,lounge")
    assert wires(bob) == ["1006|alice,-,lounge"]
    bob.connection_lost()
    assert wires(alice) == ["1007|lounge"]
    assert world.lobby.channel_list() == []


def test_server_text_never_reaches_robots():
    world = World()
    bot = world.robot("bot")
    alice = world.human("alice")
    act(alice, "1078|alice,\t,\t,g,-")
    act(bot, "1013|bot,\t,\t,g")
    wires(alice)
    world.lobby.games["g"].text("hello")
    assert wires(bot) == [] and wires(alice) == [GameServerText("g", "hello").to_cmd()]


def test_tablehall_bots_show_a_robots_face():
    """JSettlers robots announce a robot's face (0 or -1) themselves once seated; tablehall's
    bots have no client to do it and sit with one (people's faces are 1 and up)."""
    world = World(fill_bot="random")
    alice = world.human("alice")
    act(alice, "1078|alice,\t,\t,g,PL=3")
    assert act(alice, "1012|g,\t,0,false")[-1] == "1058|g,0,1"
    out = act(alice, "1018|g")
    assert [w for w in out if w.startswith(("1012|", "1058|"))] == [
        "1012|g,droid 1,1,true", "1058|g,1,0", "1012|g,droid 2,2,true", "1058|g,2,0"]
    assert world.lobby.games["g"].faces == [1, 0, 0, 1]


def test_game_info_asks_any_game_its_timing():
    """The lobby's "Game Info" (2.7.00) asks for a game's timing, `GameStats` type 2 without
    values, also for a game one is not in: created at, 1 once started, finished at (0 until
    over).  A game that does not exist or another kind of statistics is ignored, as in Java."""
    world = World()
    alice, bob = world.human("alice"), world.human("bob")
    act(alice, "1078|alice,\t,\t,g,PL=4")
    wires(bob)
    assert act(bob, "1061|g,t2") == ["1061|g,t2,1700000000,0,0"]
    assert act(alice, "1061|g,t2") == ["1061|g,t2,1700000000,0,0"]
    assert act(bob, "1061|nogame,t2") == []
    assert act(bob, "1061|g,t9") == [] and act(bob, "1061|g,3,false") == []


def test_game_info_and_joiners_see_a_running_game_started_and_a_finished_one_finished():
    clock = Clock(1700000000)

    async def scenario():
        service = memory_service(clock)
        asker, watcher = Client(service, "asker"), Client(service, "watcher")
        asker.send(VERSION)
        asker.send("999|P,asker,1,\t,")
        watcher.send(VERSION)
        room = service.lobby.create_bot_game("timed", "PL=4", seats=4, robots=0)
        watcher.send("1013|watcher,\t,\t,timed")  # a game under way: its join says so
        clock.now += 75
        asker.send("1061|timed,t2")
        await until(lambda: room.play.finished)
        await settle()
        asker.send("1061|timed,t2")
        return asker.received(), watcher.received()

    asked, watched = asyncio.run(scenario())
    assert [w for w in asked if w.startswith("1061|")] == [
        "1061|timed,t2,1700000000,1,0", "1061|timed,t2,1700000000,1,1700000075"]
    assert [w for w in watched if w.startswith("1061|timed,t2")] == ["1061|timed,t2,1700000000,1,0"]


def test_people_joining_get_a_recap_of_the_recent_chat():
    """The last 9 lines said in a game, between the server's recap lines (nickname ":", which a
    client shows as ":: Recap of recent chat ::"), right before the members: to people joining a
    forming game as to those joining one under way.  Debug commands are no chat."""
    world = World(debug_commands=True)
    alice, debug = world.human("alice"), world.human("debug")
    act(alice, "1078|alice,\t,\t,g,PL=4")
    act(debug, "1013|debug,\t,\t,g")
    said = [f"line {i}" for i in range(12)]
    for line in said:
        act(alice, f"1010|g\x00alice\x00{line}")
    act(debug, "1010|g\x00debug\x00*HELP*")
    bob = world.human("bob")
    joined = act(bob, "1013|bob,\t,\t,g")
    start = joined.index("1010|g\x00:\x00Recap of recent chat ::")
    assert joined[start - 1].startswith("1061|g,t2,")
    assert joined[start + 1:start + 11] == [*(f"1010|g\x00alice\x00{line}" for line in said[-9:]),
                                            "1010|g\x00:\x00Recap ends ::"]
    assert joined[start + 11:] == ["1017|g,alice,debug,bob", "1025|g,0", "1013|bob,\t,\t,g"]
    act(alice, "1078|alice,\t,\t,quiet,PL=4")
    assert not [w for w in act(bob, "1013|bob,\t,\t,quiet") if w.startswith("1010|")]  # nothing said: no recap
    room = world.lobby.games["g"]
    world.lobby.delete_game(room, "done")
    assert not room.chat  # the game's chat goes with it


def test_people_joining_a_game_under_way_get_the_chat_recap():
    async def scenario():
        service = memory_service()
        watcher, late = Client(service, "watcher"), Client(service, "late")
        watcher.send(VERSION)
        late.send(VERSION)
        room = service.lobby.create_bot_game("chatty", "PL=4", seats=4, robots=0)
        watcher.send("1013|watcher,\t,\t,chatty")
        watcher.send("1010|chatty\x00watcher\x00good luck, droids")
        await until(lambda: room.play.match.state.action_count > 40)
        late.send("1013|late,\t,\t,chatty")
        return late.received()

    joined = asyncio.run(scenario())
    start = joined.index("1010|chatty\x00:\x00Recap of recent chat ::")
    assert joined[start + 1:start + 3] == ["1010|chatty\x00watcher\x00good luck, droids",
                                           "1010|chatty\x00:\x00Recap ends ::"]
    assert joined[start - 1] == "1061|chatty,t2,1700000000,1,0" and joined[start + 3].startswith("1017|chatty,")

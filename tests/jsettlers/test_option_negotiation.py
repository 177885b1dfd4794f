"""Option negotiation transcripts: what a JSettlers client and tablehall say about game options
(1080 defaults, 1081/1082 option info, 1078 create with options, the game's option list as it is
announced to other clients, to newcomers and to invited robots)."""

from __future__ import annotations

import pytest

from tablehall.games.catan.jsettlers.options import CLASSIC_OFFER, unoffered_infos

from .test_lobby import VERSION, World, act, wires
from .test_options import FULL, TABLE_KEYS

END = "1082|-|0|2147483647|2147483647|f|0|0|0|f|0|0|-"
WELCOME = "1069|Welcome to Java Settlers of Catan!"
SWING_NEW_GAME = "1078|alice,\t,\t,guigame2,BC=t4,UBL=t7,N7=f7,RD=f,PL=4"  # issue 13's exact message


def unknown(key: str) -> str:
    return f"1082|{key}|0|2147483647|2147483647|f|0|0|0|f|0|0|{key}"


def swing_client(world: World, name: str = "alice"):
    """A 2.7.00 Swing client up to its New Game dialog: version, login, the server's defaults."""
    conn = world.connection()
    assert act(conn, VERSION) == ["1083"]
    return conn


@pytest.mark.parametrize("offer, created", [(CLASSIC_OFFER, "BC=t4,PL=4"), (FULL, "BC=t4,N7=f7,RD=f,PL=4")])
def test_the_swing_clients_exact_new_game_creates_the_game(offer, created):
    world = World(offer=offer)
    bob = world.human("bob")
    alice = swing_client(world)
    # login before the New Game dialog: the welcome, then the options this server lacks, as unknown
    login = act(alice, "999|P,alice,1,\t,")
    assert login[0] == WELCOME
    assert login[1:] == [unknown(k) for k in TABLE_KEYS if not offer.offers(k)]
    defaults = act(alice, "1080")
    assert defaults == ["1080|" + {CLASSIC_OFFER: "PL=4,BC=t4,NT=f,VP=f10",
                                   FULL: "PL=4,PLB=f,PLP=f,RD=f,N7=f7,N7C=f,BC=t4,NT=f,VP=f10,UB=f,UBL=t7"}[offer]]
    out = act(alice, SWING_NEW_GAME)
    assert out[:2] == [f"1079|guigame2,-1,{created}", "1021|guigame2"]
    assert out[-1] == "1013|alice,\t,\t,guigame2"
    assert wires(bob) == [f"1079|guigame2,-1,{created}"]
    assert world.lobby.games["guigame2"].packed_options == created


def test_the_dialogs_defaults_with_undo_off_create_the_game():
    world = World(offer=CLASSIC_OFFER)
    alice = world.human("alice")
    out = act(alice, "1078|alice,\t,\t,g,PL=4,RD=f,N7=f7,BC=t4,UB=f,UBL=t7")
    assert out[0] == "1079|g,-1,PL=4,BC=t4"


def test_every_option_of_the_table_in_one_new_game():
    every = ("PL=5,PLB=f,PLP=f,SBL=f,_BHW=0,RD=f,N7=f7,N7C=f,BC=t5,NT=t,VP=t12,_VP_ALL=f,UB=t,UBL=t3,SC=,"
             "_SC_SANY=f,_SC_SEAC=f,_SC_FOG=f,_SC_0RVP=f,_SC_3IP=f,_SC_CLVI=f,_SC_PIRI=f,_SC_FTRI=f,_SC_WOND=f,"
             "_EXT_BOT=b,_EXT_CLI=c,_EXT_GAM=g,PLAY_FO=f,PLAY_VPO=f")
    assert [item.split("=")[0] for item in every.split(",")] == TABLE_KEYS
    classic = World(offer=CLASSIC_OFFER)
    out = act(classic.human("alice"), f"1078|alice,\t,\t,every,{every}")
    # 5 players held to 4, undo dropped (opportunistic), unused sea and scenario options dropped
    assert out[0] == "1079|every,-1,PL=4,BC=t5,NT=t,VP=t12,_EXT_BOT=b,_EXT_CLI=c,_EXT_GAM=g"
    full = World(offer=FULL)
    out = act(full.human("alice"), f"1078|alice,\t,\t,every,{every}")
    assert out[0] == "1079|every,-1,PL=5,RD=f,N7=f7,BC=t5,NT=t,VP=t12,UB=t,UBL=t3,_EXT_BOT=b,_EXT_CLI=c,_EXT_GAM=g"


@pytest.mark.parametrize("options, keys", [
    ("PL=4,SBL=t", "SBL"), ("SBL=t,SC=SC_4ISL,_SC_SEAC=t", "SBL, SC, _SC_SEAC"), ("PLAY_VPO=t", "PLAY_VPO"),
    ("ZZ=t,PL=4", "ZZ"),
])
def test_a_game_asking_for_what_tablehall_does_not_offer_is_refused_as_jsettlers_refuses_it(options, keys):
    world = World(offer=CLASSIC_OFFER)
    alice = world.human("alice")
    assert act(alice, f"1078|alice,\t,\t,sea,{options}") == [
        f"1069|9,Unknown game option(s) were requested, cannot create this game. {keys}"]
    assert "sea" not in world.lobby.games


def test_option_info_exchange_with_an_older_client():
    """A 2.6.10 client asks what changed since its version (1081 ``-``): the offered options it may
    use, and "unknown" for every option it knows that this server does not offer."""
    world = World(offer=CLASSIC_OFFER)
    old = world.connection()
    act(old, "9998|2610,2.6.10,JM20220705,;6pl;sb;sc=2600;,de_DE")
    replies = act(old, "1081|-")
    assert replies[-1] == END
    assert replies[:-1] == [unknown(k) for k in TABLE_KEYS
                            if not CLASSIC_OFFER.offers(k) and k not in ("UB", "UBL")]  # UB: 2.7.00 only
    asked = act(old, "1081|PL,VP,UB,N7,?I18N")
    assert asked == ["1082|PL|2|-1|1108|f|4|2|4|f|4|0|Maximum # players",
                     "1082|VP|3|-1|2000|f|10|10|20|f|10|1|Victory points to win: #",
                     unknown("UB"), unknown("N7"), END]
    # a 2.6.10 client is not told at login: it asked
    assert act(old, "999|P,olga,1,\t,") == [WELCOME]


def test_a_same_version_client_is_told_once():
    world = World(offer=CLASSIC_OFFER)
    alice = world.connection()
    act(alice, VERSION)
    assert len(act(alice, "999|P,alice,1,\t,")) == 1 + len(unoffered_infos(2700, CLASSIC_OFFER))
    assert act(alice, "999|P,alice,1,\t,") == [WELCOME]


def test_the_games_options_as_announced_to_newcomers_and_robots():
    world = World(offer=CLASSIC_OFFER)
    robot, other = world.robot("robot 1"), world.robot("robot 2")
    alice = world.human("alice")
    act(alice, "1078|alice,\t,\t,g,PL=3,NT=t,BC=t4,_EXT_BOT=hello")
    assert wires(robot) == wires(other) == ["1079|g,-1,PL=3,NT=t,BC=t4,_EXT_BOT=hello"]
    newcomer = world.connection()
    assert act(newcomer, VERSION) == ["1083|g|PL=3,NT=t,BC=t4,_EXT_BOT=hello"]
    act(alice, "1012|g,alice,0,false")
    act(alice, "1018|g")
    # the robots are invited with them
    assert "1023|g,1,PL=3,NT=t,BC=t4,_EXT_BOT=hello" in wires(robot)
    assert "1023|g,2,PL=3,NT=t,BC=t4,_EXT_BOT=hello" in wires(other)


@pytest.mark.parametrize("options", ["PL=6", "PL=5", "PL=4,PLB=t"])
def test_a_game_for_more_than_four_or_on_the_six_player_board_has_six_seats(options):
    world = World(offer=FULL)
    alice, bob = world.human("alice"), world.human("bob")
    out = act(alice, f"1078|alice,\t,\t,big,{options}")
    assert "1068|big,false,false,false,false,false,false" in out  # six seat locks
    [potentials] = [w for w in out if w.startswith("1057|")]
    assert len(potentials.split(",")) - 2 == 80  # the 6-player board's land nodes
    assert sum(w.startswith("1058|big,") for w in out) == 6  # a face per seat
    act(bob, "1013|bob,\t,\t,big")
    act(bob, "1012|big,bob,5,false")
    assert world.lobby.games["big"].seats == [None] * 5 + ["bob"]
    wires(alice)
    assert act(alice, "1012|big,alice,6,false") == [] and world.lobby.games["big"].seats[0] is None  # no seat 6


def test_a_classic_game_has_four_seats():
    world = World(offer=FULL)
    out = act(world.human("alice"), "1078|alice,\t,\t,small,PL=3")
    assert "1068|small,false,false,false,false" in out
    assert world.lobby.games["small"].seat_count == 4

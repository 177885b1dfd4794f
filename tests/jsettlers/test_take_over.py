"""A person takes over a robot's seat in a game under way (issue 13, item 3), over a real
loopback server: one person takes a tablehall bot's seat, another a remote robot's (which is
dismissed and leaves), both play on to the end; each is told its own seat's hand and cards and
nobody else's; a third person cannot take a seat a person holds; the record says who played each
seat from which action; and the takers' pictures of the game equal that of a client present
from the start."""

from __future__ import annotations

import asyncio

from tablehall.core import replay
from tablehall.core.store import SqliteStore
from tablehall.games.catan import SPEC
from tablehall.games.catan.constants import JS_DEV_CARD, Phase
from tablehall.games.catan.jsettlers import parse_cmd
from tablehall.games.catan.jsettlers.game_messages import (
    DevCardAction,
    GameServerText,
    PlayerElements,
    RobotDismiss,
    SitDown,
)
from tablehall.games.catan.jsettlers.joining import seat_hand
from tablehall.games.catan.jsettlers.lobby import SIT_CLAIMED
from tablehall.server.app import Server
from tablehall.server.config import ServerConfig

from .picture import Picture
from .scripted_robot import robot
from .test_late_join import Watcher
from .test_loopback import COOKIE, JSETTLERS, assert_only_own_secrets

GAME = "watched"  # the game test_late_join's Watcher creates
ADD_OLD, ADD_NEW, PLAY = 3, 2, 1
TOLD = (0, ADD_NEW)  # a card drawn, a new card of a hand told on a take-over: others' stay secret


def picture_at_game_over(received: list[str]) -> dict:
    picture = Picture(GAME)
    for wire in received:
        picture.feed(wire)
        if wire == f"1025|{GAME},1000":
            return picture.summary()
    raise AssertionError("no game over")


def test_people_take_over_a_bot_seat_and_a_robot_seat_and_play_to_the_end(tmp_path):
    store = SqliteStore(tmp_path / "records.sqlite")
    debug = Watcher("debug")
    carol = Watcher("carol")

    async def scenario():
        section = {"robot_cookie": COOKIE, "bot": "random", "seed": 23, "debug_commands": True, "bot_pause": 0}
        server = Server(ServerConfig(sections={"jsettlers": section}), store=store, services=[JSETTLERS])
        await server.start()
        port = server.port("jsettlers")
        lobby = server.services["jsettlers"].lobby
        oracle = lambda game: getattr(lobby.games.get(game), "play", None)  # noqa: E731

        def actions() -> int:
            play = oracle(GAME)
            return -1 if play is None else play.match.state.action_count

        async def after(count: int) -> None:
            while actions() < count:
                await asyncio.sleep(0.01)

        def seated(pn: int, name: str) -> bool:
            room = lobby.games.get(GAME)
            return room is not None and room.seats[pn] == name

        async def person(name: str, pn: int, start: int):
            await after(start)
            return await robot(port, name, COOKIE, oracle, seed=pn + 10, take_over=(GAME, pn, lambda: True))

        async def second_person():  # carol watches, and asks for alice's seat once alice has it
            while not seated(2, "alice"):
                await asyncio.sleep(0.01)
            await carol.run(port, [f"1013|carol,\t,\t,{GAME}", f"1012|{GAME},\t,2,false"])

        try:
            return await asyncio.wait_for(asyncio.gather(
                robot(port, "bot0", COOKIE, oracle, seed=0), robot(port, "bot1", COOKIE, oracle, seed=1),
                debug.run(port, [f"1078|debug,\t,\t,{GAME},PL=4"],
                          (lambda: len(lobby.idle_robots()) == 2, f"1010|{GAME}\x00debug\x00*STARTBOTGAME* 4")),
                person("alice", 2, 40), person("bob", 0, 80), second_person()), timeout=240)
        finally:
            await server.stop()

    bot0, bot1, _, alice, bob, _ = asyncio.run(scenario())
    [summary] = store.summaries()
    record = store.load(summary.id)
    store.close()

    # the game: two remote robots and two tablehall bots at first; alice and bob took seats 2 and 0
    assert record.status == "finished" and replay(record, SPEC).matches
    assert [(s.name, s.agent) for s in record.seats] == [
        ("bot0", "remote:jsettlers-robot"), ("bot1", "remote:jsettlers-robot"),
        ("droid 1", "bot:random"), ("droid 2", "bot:random")]
    by_seat = {h.seat: h for h in record.handovers}
    assert sorted(by_seat) == [0, 2] and len(record.handovers) == 2
    assert (by_seat[2].name, by_seat[2].agent) == ("alice", "remote:jsettlers")
    assert (by_seat[0].name, by_seat[0].agent) == ("bob", "remote:jsettlers")
    assert 40 <= by_seat[2].since and 80 <= by_seat[0].since
    for taker, seat in ((alice, 2), (bob, 0)):
        assert taker.saw_game_over and not taker.refused, taker.name
        assert any(e.seat == seat and e.action is not None for e in record.entries[by_seat[seat].since:]), \
            f"{taker.name} played the seat"
        assert_told_exactly_the_seats_hand(taker.received, taker.name, seat, record, by_seat[seat].since)
        assert picture_at_game_over(taker.received) == debug.at_game_over, taker.name

    # the remote robot was dismissed and left; the bot seat's droid left; everyone saw it
    assert f"1056|{GAME}" in bot0.received and f"1011|bot0,-,{GAME}" in bot0.sent
    assert f"1056|{GAME}" not in bot1.received
    for wire in (f"1011|bot0,-,{GAME}", f"1012|{GAME},bob,0,false", f"1011|droid 1,-,{GAME}",
                 f"1012|{GAME},alice,2,false"):
        assert debug.received.count(wire) == 1, wire

    # droid 1 sat with a robot's face; alice, sitting in its seat, shows a person's
    sat = debug.received.index(f"1012|{GAME},alice,2,false")
    assert f"1058|{GAME},2,0" in debug.received[:sat]
    assert [w for w in debug.received[sat:] if w.startswith(f"1058|{GAME},2,")] == [f"1058|{GAME},2,1"]

    # carol: refused the seat alice holds, an observer to the end, told no secret
    assert f"1091|{GAME}\x01{SIT_CLAIMED}" in carol.received
    assert not any(isinstance(m, SitDown) and m.nickname == "carol" for m in map(parse_cmd, carol.received))
    assert "carol" not in {h.name for h in record.handovers}
    assert_only_own_secrets(carol.received, None, TOLD)
    assert carol.at_game_over == debug.at_game_over
    assert_only_own_secrets(debug.received, None, TOLD)


def assert_told_exactly_the_seats_hand(received: list[str], name: str, pn: int, record, since: int) -> None:
    """Before its SitDown the person saw no secret; after it, its own seat's only; and the hand
    and cards it was told equal the engine's at the action it took the seat from."""
    sat = received.index(f"1012|{GAME},{name},{pn},false")
    assert_only_own_secrets(received[:sat], None, TOLD)
    assert_only_own_secrets(received[sat:], pn, TOLD)
    state = SPEC.new(len(record.seats), record.options, record.seed)
    for entry in record.entries[:since]:
        if entry.forfeit is None:
            state.apply(entry.seat, SPEC.decode_action(entry.action))
    told = [parse_cmd(w) for w in received[sat + 1:]]
    hand = told[0]
    assert isinstance(hand, PlayerElements) and hand.pn == pn and hand.action == 100
    assert [amount for _, amount in hand.elements] == [*state.hands[pn], 0]
    cards = []
    for message in told[1:]:
        if not isinstance(message, DevCardAction):
            break
        cards.append((message.action, message.cards[0]))
    held = sum(state.dev_old[pn]) + sum(state.dev_new[pn])
    assert cards[:held] == [(PLAY, 0)] * held
    assert sorted(cards[held:]) == sorted(
        [(ADD_OLD, JS_DEV_CARD[k]) for k in range(4) for _ in range(state.dev_old[pn][k])]
        + [(ADD_NEW, JS_DEV_CARD[k]) for k in range(4) for _ in range(state.dev_new[pn][k])]
        + [(ADD_OLD if i < state.dev_old[pn][4] else ADD_NEW, JS_DEV_CARD[c])
           for i, c in enumerate(state.vp_cards[pn])])
    assert not any(isinstance(m, GameServerText) for m in told[:1 + len(cards)])


def test_seat_hand_tells_the_seats_cards_by_type_and_what_it_must_do():
    state = SPEC.new(4, {}, 5)
    state.hands[1] = [1, 0, 2, 0, 3]
    state.dev_old[1] = [2, 0, 1, 0, 1]
    state.dev_new[1] = [0, 1, 0, 0, 1]
    state.vp_cards[1] = [6, 4]  # university (old), then capitol bought this turn
    state.phase, state.discards = Phase.WAITING_FOR_DISCARDS, [0, 3, 0, 0]
    entries = seat_hand("g", state, 1, 2, (0, 2, 3, 5), 6)
    wires = [(e.audience.kind, e.message.to_cmd()) for e in entries]
    private = [w for kind, w in wires if kind != "all"]
    assert private[0] == "1086|g|2|100|1|1|2|0|3|2|4|0|5|3|6|0"
    assert private[1:7] == ["1046|g,2,1,0"] * 6
    assert sorted(private[7:13]) == sorted(["1046|g,2,3,9", "1046|g,2,3,9", "1046|g,2,3,2", "1046|g,2,3,6",
                                            "1046|g,2,2,1", "1046|g,2,2,4"])
    assert private[13:] == ["1029|g,3"]
    assert ("all", "1025|g,50") in wires
    assert all(e.audience.reaches(2) and not e.audience.reaches(0) for e in entries if e.audience.kind != "all")

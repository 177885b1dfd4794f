"""A client joining a game under way gets the whole picture, as the Java server sends it: the
picture it builds from its messages equals that of a client present from the start, and the
engine's truth; nothing hidden reaches it."""

from __future__ import annotations

import asyncio

from tablehall.core.store import SqliteStore
from tablehall.games.catan.geometry import JS_EDGES, JS_HEXES, JS_NODES
from tablehall.games.catan.jsettlers import encode_frame, parse_cmd
from tablehall.games.catan.jsettlers.framing import FrameDecoder
from tablehall.games.catan.jsettlers.game_messages import PutPiece, SitDown
from tablehall.games.catan.jsettlers.joining import pieces_in_order
from tablehall.server.app import Server
from tablehall.server.config import ServerConfig

from .picture import Picture
from .scripted_robot import robot
from .test_loopback import COOKIE, JSETTLERS, hidden_from_observer

GAME = "watched"
VERSION = "9998|2700,2.7.00,JM20260517,;6pl;sb;sc=2700;,en_US"


class Watcher:
    """A person's client that only watches: every frame it gets, and its picture at game over."""

    def __init__(self, name: str, on_game_over=None) -> None:
        self.name = name
        self.on_game_over = on_game_over  # called as the game-over frame arrives, before leaving
        self.received: list[str] = []
        self.picture = Picture(GAME)
        self.at_game_over: dict | None = None
        self.joined_at = -1  # the game's action count when it joined

    async def run(self, port: int, first: list[str], then=None) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"".join(encode_frame(w) for w in [VERSION, *first]))
        decoder = FrameDecoder()
        sent_then = then is None
        try:
            while self.at_game_over is None:
                if not sent_then and then[0]():
                    writer.write(encode_frame(then[1]))
                    sent_then = True
                chunk = await asyncio.wait_for(reader.read(65536), timeout=60)
                assert chunk, "closed before the game ended"
                decoder.feed(chunk)
                for wire in decoder:
                    self.received.append(wire)
                    self.picture.feed(wire)
                    if wire == f"1025|{GAME},1000" and self.at_game_over is None:
                        self.at_game_over = self.picture.summary()
                        if self.on_game_over is not None:
                            self.on_game_over()
            writer.write(encode_frame(f"1011|{self.name},-,{GAME}"))
            await writer.drain()
        finally:
            writer.close()


def test_a_late_observer_builds_the_same_picture_as_one_there_from_the_start(tmp_path):
    store = SqliteStore(tmp_path / "records.sqlite")
    early, late = Watcher("debug"), Watcher("latecomer")
    states = {}

    async def scenario():
        section = {"robot_cookie": COOKIE, "bot": "random", "seed": 17, "debug_commands": True, "bot_pause": 0}
        server = Server(ServerConfig(sections={"jsettlers": section}), store=store, services=[JSETTLERS])
        await server.start()
        port = server.port("jsettlers")
        lobby = server.services["jsettlers"].lobby
        oracle = lambda game: getattr(lobby.games.get(game), "play", None)  # noqa: E731

        def robots_ready() -> bool:
            return len(lobby.idle_robots()) == 4

        def halfway() -> bool:
            play = oracle(GAME)
            return play is not None and play.match.state.action_count >= 80

        async def latecomer():
            while not halfway():  # joins while the game is under way
                await asyncio.sleep(0.01)
            late.joined_at = oracle(GAME).match.state.action_count
            await late.run(port, [f"1013|latecomer,\t,\t,{GAME}"])

        def remember_final_state():
            # Taken as the watcher there from the start reads the game over, before it leaves:
            # polling instead could miss a game already deleted on a loaded machine.
            play = oracle(GAME)
            assert play is not None and play.match.state.is_over
            states["state"], states["pns"] = play.match.state.copy(), play.pns
            states["actions"] = [(e.seat, play.match.spec.decode_action(e.action))
                                 for e in play.match.record.entries if e.action is not None]

        early.on_game_over = remember_final_state

        try:
            await asyncio.wait_for(asyncio.gather(
                *(robot(port, f"bot{i}", COOKIE, oracle, seed=i) for i in range(4)),
                early.run(port, [f"1078|debug,\t,\t,{GAME},PL=4"], (robots_ready, f"1010|{GAME}\x00debug\x00*STARTBOTGAME* 4")),
                latecomer()), timeout=120)
        finally:
            await server.stop()

    asyncio.run(scenario())
    store.close()
    assert late.joined_at >= 80, "the latecomer joined a game under way"
    assert any(w.startswith(f"1091|{GAME}\x01This game has started. To play, take over a robot.") for w in late.received)
    assert early.at_game_over is not None and late.at_game_over is not None
    assert late.at_game_over == early.at_game_over
    assert_picture_is_the_engines(late.at_game_over, states)
    hidden_from_observer(late.received)
    # its join: the seats, the board, then every player's pieces, as JSettlers sends them
    join = [parse_cmd(w) for w in late.received[late.received.index(f"1021|{GAME}"):
                                                 late.received.index(f"1013|latecomer,\t,\t,{GAME}")]]
    assert [type(m).__name__ for m in join[:3]] == ["JoinGameAuth", "StatusMessage", "SetSeatLock"]
    assert sum(isinstance(m, SitDown) for m in join) == 4
    assert sum(isinstance(m, PutPiece) for m in join) >= 16  # 8 initial settlements and roads at least


def assert_picture_is_the_engines(picture: dict, states: dict) -> None:
    state, pns = states["state"], states["pns"]
    for seat, pn in enumerate(pns):
        p = picture["players"][pn]
        assert p["resources"] == sum(state.hands[seat])
        assert p["dev_cards"] == sum(state.dev_old[seat]) + sum(state.dev_new[seat])
        assert (p["roads"], p["settlements"], p["cities"]) == tuple(state.pieces[seat])
        assert p["knights"] == state.knights[seat]
    nodes = {JS_NODES[n]: (pns[o], state.node_level[n] or 1) for n, o in enumerate(state.node_owner) if o >= 0}
    assert picture["nodes"] == {k: (pn, 2 if level == 2 else 1) for k, (pn, level) in nodes.items()}
    assert picture["edges"] == {JS_EDGES[e]: pns[o] for e, o in enumerate(state.edge_owner) if o >= 0}
    assert picture["robber"] == JS_HEXES[state.robber]
    assert picture["deck"] == len(state.deck)
    assert picture["longest_road"] == (-1 if state.longest_road < 0 else pns[state.longest_road])
    assert picture["largest_army"] == (-1 if state.largest_army < 0 else pns[state.largest_army])
    placed = pieces_in_order(states["actions"])
    assert sum(len(p) for p in placed) == len(picture["nodes"]) + len(picture["edges"])


def test_pieces_in_order_keeps_jsettlers_order():
    actions = [(0, ("settlement", 5)), (0, ("road", 7)), (1, ("settlement", 9)), (0, ("city", 5)),
               (0, ("road", 8)), (1, ("roll",))]
    assert pieces_in_order(actions) == [[(0, 7), (2, 5), (0, 8)], [(1, 9)]]

"""A client joining a sea-board game under way (Fog Islands) gets the whole sea picture: the
board's size, the large board as it is now (fog hexes not yet revealed still fog, with no
number), every player's pieces with their ships, and the ships in stock; nothing hidden reaches
it (issue 29)."""

from __future__ import annotations

import asyncio

from tablehall.core.store import SqliteStore
from tablehall.games.catan.jsettlers import parse_cmd
from tablehall.games.catan.jsettlers.constants import PieceType, PlayerElementType as PE
from tablehall.games.catan.jsettlers.game_messages import BoardLayout2, JoinGameAuth, PlayerElements, PutPiece
from tablehall.games.catan.sea.board import FOG, JS_OF_TERRAIN
from tablehall.server.app import Server
from tablehall.server.config import ServerConfig

from .scripted_robot import robot
from .test_late_join import GAME, Watcher
from .test_loopback import COOKIE, JSETTLERS, hidden_from_observer

JOINED_AFTER = 120  # engine actions


def test_a_late_observer_of_a_fog_islands_game_gets_the_sea_picture(tmp_path):
    store = SqliteStore(tmp_path / "records.sqlite")
    early, late = Watcher("debug"), Watcher("latecomer")
    seen = {}

    async def scenario():
        section = {"robot_cookie": COOKIE, "bot": "random", "seed": 23, "debug_commands": True, "bot_pause": 0}
        server = Server(ServerConfig(sections={"jsettlers": section}), store=store, services=[JSETTLERS])
        await server.start()
        port = server.port("jsettlers")
        lobby = server.services["jsettlers"].lobby
        oracle = lambda game: getattr(lobby.games.get(game), "play", None)  # noqa: E731

        def robots_ready() -> bool:
            return len(lobby.idle_robots()) == 4

        def under_way() -> bool:
            play = oracle(GAME)
            return play is not None and play.match.state.action_count >= JOINED_AFTER

        async def latecomer():
            while not under_way():
                await asyncio.sleep(0.01)
            state = oracle(GAME).match.state
            seen["fog_left"] = {state.layout.frame.js_hexes[h] for h in state.fog}  # still hidden now
            seen["layout"] = state.layout
            await late.run(port, [f"1013|latecomer,\t,\t,{GAME}"])

        try:
            await asyncio.wait_for(asyncio.gather(
                *(robot(port, f"bot{i}", COOKIE, oracle, seed=i) for i in range(4)),
                early.run(port, [f"1078|debug,\t,\t,{GAME},PL=4,SC=SC_FOG"],
                          (robots_ready, f"1010|{GAME}\x00debug\x00*STARTBOTGAME* 4")),
                latecomer()), timeout=120)
        finally:
            await server.stop()

    asyncio.run(scenario())
    store.close()
    layout = seen["layout"]
    received = [parse_cmd(w) for w in late.received]
    start = next(i for i, m in enumerate(received) if isinstance(m, JoinGameAuth))
    join = received[start:next(i for i, m in enumerate(received) if type(m).__name__ == "JoinGame" and i > start)]
    auth = join[0]
    assert (auth.board_height, auth.board_width, auth.visual_shift) == (
        layout.frame.height, layout.frame.width, layout.visual_shift)
    [board] = [m for m in join if isinstance(m, BoardLayout2)]
    land = dict(board.parts)["LH"]
    shown = {c: (t, n) for c, t, n in zip(land[::3], land[1::3], land[2::3])}
    fog_type = JS_OF_TERRAIN[FOG]
    still_fog = {c for c, (t, n) in shown.items() if t == fog_type}
    assert all(shown[c] == (fog_type, 0) for c in still_fog)
    assert still_fog <= seen["fog_left"]  # hidden when it joined, or revealed since (never the reverse)
    ships = [m for m in join if isinstance(m, PutPiece) and m.piece_type == PieceType.SHIP]
    stock = {m.pn: dict(m.elements).get(PE.SHIPS) for m in join if isinstance(m, PlayerElements) and m.action == 100
             and PE.SHIPS in dict(m.elements)}
    assert len(stock) == 4 and sum(15 - left for left in stock.values()) == len(ships)
    hidden_from_observer(late.received)
    assert late.at_game_over is not None and early.at_game_over is not None

"""tablehall's bots pace themselves in JSettlers games like JSettlers robots: a configured pause
before each action where a robot or a person plays, none in games of tablehall bots alone.
Checked by the order of pauses and actions (the pause is a recording stand-in), never by time."""

from __future__ import annotations

import asyncio
import dataclasses

import pytest

from tablehall.core.match import MatchListener
from tablehall.core.store import SqliteStore
from tablehall.games.catan.jsettlers.service import ConfigError, settings_from
from tablehall.server.app import Server
from tablehall.server.config import ServerConfig

from .scripted_robot import robot
from .test_loopback import COOKIE, JSETTLERS


def run(tmp_path, section: dict, clients, bots_only: bool = False):
    """A server with `section`; returns the trace of ("pause", seconds) and ("action", agent kind)
    in the order they happened, and the stored records."""
    store = SqliteStore(tmp_path / "records.sqlite")
    trace: list[tuple[str, object]] = []

    async def pause(seconds: float) -> None:
        trace.append(("pause", seconds))
        await asyncio.sleep(0)

    async def scenario():
        config = {"robot_cookie": COOKIE, "bot": "random", "seed": 9, **section}
        server = Server(ServerConfig(sections={"jsettlers": config}), store=store, services=[JSETTLERS])
        await server.start()
        service = server.services["jsettlers"]
        service.play_settings = dataclasses.replace(service.play_settings, sleep=pause)
        finished = asyncio.Event()
        new_play = service.new_play

        def traced(room):
            play = new_play(room)
            kinds = [agent.kind for agent in play.match.agents]

            class Tracer(MatchListener):
                def on_step(self, match, step):
                    if step.action is not None:
                        trace.append(("action", kinds[step.seat]))

                def on_end(self, match, record):
                    finished.set()

            play.match.add_listener(Tracer())
            return play

        service.new_play = traced
        lobby = service.lobby
        oracle = lambda game: getattr(lobby.games.get(game), "play", None)  # noqa: E731
        try:
            if bots_only:
                service.start_robot_game(robots=0)
                await asyncio.wait_for(finished.wait(), timeout=120)
            else:
                await asyncio.wait_for(asyncio.gather(*clients(server.port("jsettlers"), oracle)), timeout=120)
        finally:
            await server.stop()

    asyncio.run(scenario())
    records = [store.load(s.id) for s in store.summaries()]
    store.close()
    return trace, records


def assert_each_bot_action_follows_a_pause(trace, seconds: float) -> int:
    """Every tablehall bot action comes after a pause of its own (several bots may pause at once,
    as when they all must discard)."""
    unspent = 0
    actions = 0
    for what, value in trace:
        if what == "pause":
            assert value == seconds
            unspent += 1
        elif value.startswith("bot:"):
            assert unspent > 0, "a tablehall bot acted without its pause"
            unspent -= 1
            actions += 1
    return actions


@pytest.mark.parametrize("who", ["robot", "person"])
def test_bots_pause_before_each_action_where_a_client_plays(tmp_path, who):
    if who == "robot":
        section = {"robot_games": 1, "robot_game_robots": 1, "bot_pause": 0.3}
        clients = lambda port, oracle: [robot(port, "jsbot", COOKIE, oracle, seed=1)]  # noqa: E731
    else:
        section = {"bot_pause": 0.3}
        clients = lambda port, oracle: [robot(port, "alice", COOKIE, oracle, seed=2, create="paced")]  # noqa: E731
    trace, [record] = run(tmp_path, section, clients)
    assert record.status == "finished"
    bot_actions = sum(1 for e in record.entries if e.action is not None and record.seats[e.seat].agent == "bot:random")
    assert assert_each_bot_action_follows_a_pause(trace, 0.3) == bot_actions > 50
    # the client's own actions are never delayed
    assert any(what == "action" and not str(value).startswith("bot:") for what, value in trace)


def test_no_pause_in_a_game_of_tablehall_bots_alone(tmp_path):
    trace, [record] = run(tmp_path, {"bot_pause": 0.3}, None, bots_only=True)
    assert record.status == "finished" and all(s.agent == "bot:random" for s in record.seats)
    assert not [t for t in trace if t[0] == "pause"]
    assert sum(1 for t in trace if t[0] == "action") == len([e for e in record.entries if e.action is not None])


def test_bot_pause_configuration():
    assert settings_from({}).play.bot_pause == 0.5
    assert settings_from({"bot_pause": 1.25}).play.bot_pause == 1.25
    assert settings_from({"bot_pause": 0}).play.bot_pause == 0.0
    for bad in (-1, "fast", True):
        with pytest.raises(ConfigError, match="bot_pause"):
            settings_from({"bot_pause": bad})

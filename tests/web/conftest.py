"""The web hall on a real `Server` (uvicorn on a loopback port inside the server's loop), run in
a thread so tests can use plain HTTP, WebSocket and browser clients; a record store holding a
finished game of each of the four games."""

from __future__ import annotations

import asyncio
import json
import os
import threading
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Callable

import pytest

pytest.importorskip("starlette", reason="the web hall needs the web extra: pip install -e '.[web]'")

from tablehall.core import BotAgent, Match  # noqa: E402
from tablehall.core.registry import get_game  # noqa: E402
from tablehall.core.store import SqliteStore  # noqa: E402
from tablehall.server.app import Server  # noqa: E402
from tablehall.server.config import ServerConfig  # noqa: E402

COOKIE = "web-tests"
GAMES = {"blokus": ["strong", "random"], "catan": ["random"] * 3, "dominion": ["bigmoney", "smithy"],
         "renaissance": ["greedy", "random"]}


def play(store, game: str, bots: list[str], seed: int):
    spec = get_game(game)
    agents = [BotAgent(spec.bots[b](seed * 10 + i), name=f"{b}-{i}") for i, b in enumerate(bots)]
    return asyncio.run(Match(spec, agents, seed=seed, store=store).run())


class WebServer:
    """`tablehall serve` with the web hall, on its own loop in a thread."""

    def __init__(self, store, web_settings: dict[str, Any] | None = None) -> None:
        self.store = store
        self.web_settings = web_settings or {}  # the [web] section: the browser seats' clock
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)

    def __enter__(self) -> "WebServer":
        self.thread.start()
        self.call(self._start)
        return self

    async def _start(self) -> None:
        # every protocol's listener, so games started from the web can hold seats for clients
        services = [spec for game in GAMES for spec in get_game(game).services]
        config = ServerConfig(sections={"jsettlers": {"robot_cookie": COOKIE, "bot": "random", "bot_pause": 0},
                                        "dominion": {"join_grace": 30}, "renaissance": {"bot_fill_after": 0},
                                        "web": self.web_settings})
        self.server = Server(config, store=self.store, services=services, web=True)
        await self.server.start()
        self.url = f"http://127.0.0.1:{self.server.web.port}"
        self.host = self.server.hosts["sc"]

    def __exit__(self, *exc: Any) -> None:
        self.call(self.server.stop)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)

    def call(self, make: Callable[[], Any], timeout: float = 60) -> Any:
        return asyncio.run_coroutine_threadsafe(make(), self.loop).result(timeout)

    def start_match(self, match: Match) -> None:
        async def go():
            self.host.start_match(match)
        self.call(go)

    def get(self, path: str) -> tuple[int, Any]:
        try:
            with urllib.request.urlopen(self.url + path, timeout=60) as response:
                body = response.read()
                status = response.status
        except urllib.error.HTTPError as error:
            body, status = error.read(), error.code
        try:
            return status, json.loads(body)
        except ValueError:
            return status, body.decode()


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    store = SqliteStore(tmp_path_factory.mktemp("web") / "records.sqlite")
    records = {game: play(store, game, bots, seed=5) for game, bots in GAMES.items()}
    yield store, records
    store.close()


@pytest.fixture(scope="module")
def web(stored):
    store, _ = stored
    with WebServer(store) as server:
        yield server


ARTIFACTS = Path(os.environ.get("TABLEHALL_ARTIFACTS", Path(__file__).resolve().parents[1] / "artifacts"))


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where the browser tests save a screenshot of every page they visit."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


def pytest_terminal_summary(terminalreporter) -> None:
    shots = sorted(ARTIFACTS.glob("*.png")) if ARTIFACTS.is_dir() else []
    if shots:
        terminalreporter.write_line(f"web hall screenshots: {len(shots)} in {ARTIFACTS}")

"""Each game's board module comes from the game's own package, as its SPEC declares
(`GameSpec.web_board`), served at /boards/GAME.js; a game without one is drawn by the plain
board (its view as text), so a new game's replay works before it has a board."""

from __future__ import annotations

import fnmatch
import importlib
import json
import tomllib
import urllib.request
from dataclasses import replace
from pathlib import Path

import pytest

from tablehall.core.registry import game_file, get_game

from .conftest import GAMES as STORED
from .test_browser import page  # noqa: F401 - the browser fixture

ROOT = Path(__file__).resolve().parents[2]
PLAIN_BOARD = ROOT / "tablehall" / "web" / "static" / "plain_board.js"


def fetch(url: str) -> tuple[str, str]:
    with urllib.request.urlopen(url, timeout=60) as response:
        return response.headers["content-type"], response.read().decode()


@pytest.mark.parametrize("game", sorted(STORED))
def test_a_game_s_board_module_is_the_file_its_spec_names_in_its_package(web, game):
    declared = get_game(game).web_board
    path = game_file(game, declared)
    assert path.is_relative_to(ROOT / "tablehall" / "games" / game)
    kind, text = fetch(f"{web.url}/boards/{game}.js")
    assert kind.startswith("text/javascript")
    assert text == path.read_text() and "export function render(" in text
    package_data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["*"]
    assert any(fnmatch.fnmatch(declared, pattern) for pattern in package_data), "an install would leave it out"


def test_a_module_beside_a_board_module_is_served_and_nothing_else(web):
    kind, text = fetch(f"{web.url}/boards/catan/sea_board.js")  # Catan's board imports the sea board's
    assert kind.startswith("text/javascript")
    assert text == (game_file("catan", "web/sea_board.js")).read_text()
    for path in ("/boards/catan/nothing.js", "/boards/catan/..%2Fboard.js", "/boards/catan/Board.js",
                 "/boards/chess/sea_board.js"):
        status, _ = web.get(path)
        assert status == 404, path


def test_a_game_that_is_not_served_has_no_board(web):
    status, body = web.get("/boards/chess.js")
    assert status == 404


@pytest.fixture
def dominion_without_board(monkeypatch):
    """Dominion declared without a board module, as a game is before it has one."""
    module = importlib.import_module("tablehall.games.dominion")
    monkeypatch.setattr(module, "SPEC", replace(module.SPEC, web_board=None))


def test_a_game_without_a_board_module_is_served_the_plain_board(web, dominion_without_board):
    kind, text = fetch(f"{web.url}/boards/dominion.js")
    assert kind.startswith("text/javascript") and text == PLAIN_BOARD.read_text()


def test_the_replay_of_a_game_without_a_board_shows_its_views_as_text(web, stored, page, artifacts,  # noqa: F811
                                                                     dominion_without_board):
    record = stored[1]["dominion"]
    _, replay = web.get(f"/api/records/{record.id}/replay")
    page.goto(f"{web.url}/records/{record.id}")
    page.wait_for_selector("#replay[data-ready='true']")
    assert json.loads(page.inner_text("#board .panel")) == replay["steps"][0]["view"]
    page.click("#last")
    assert json.loads(page.inner_text("#board .panel")) == replay["steps"][-1]["view"]
    page.screenshot(path=str(artifacts / "replay-plain-board.png"), full_page=True)

"""docs/envs.md stays true: its action and observation tables are the ones the code uses."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablehall.envs.games import adapter_class, environment_games, gym_ids

DOC = (Path(__file__).resolve().parents[2] / "docs" / "envs.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", environment_games())
def test_the_tables_of_each_game_are_the_code(game):
    adapter = adapter_class(game)
    assert adapter.index.markdown() in DOC, f"{game}: action table out of date (tablehall.envs.games.tables)"
    assert adapter.layout.markdown() in DOC, f"{game}: observation table out of date (tablehall.envs.games.tables)"
    assert f"`{game}_v0`" in DOC and f"`{gym_ids()[game]}`" in DOC

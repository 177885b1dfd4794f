"""docs/envs.md stays true: its action and observation tables are the ones the code uses."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablehall.envs.games import ADAPTERS, GYM_IDS, MODULES

DOC = (Path(__file__).resolve().parents[2] / "docs" / "envs.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", sorted(ADAPTERS))
def test_the_tables_of_each_game_are_the_code(game):
    adapter = ADAPTERS[game]
    assert adapter.index.markdown() in DOC, f"{game}: action table out of date (tablehall.envs.games.tables)"
    assert adapter.layout.markdown() in DOC, f"{game}: observation table out of date (tablehall.envs.games.tables)"
    assert f"`{MODULES[game]}`" in DOC and f"`{GYM_IDS[game]}`" in DOC

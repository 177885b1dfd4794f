"""Golden digests: classic 2-4 player games recorded before the 5-6 player rules and the JSettlers
2.7.00 options were added must stay the same game, byte for byte (the new options are left out
of the records when unused, and the new rules never draw from the generator in classic games).
The strong bot's games among them show its play, and so its strength, is unchanged."""

from __future__ import annotations

import asyncio

import pytest

from tablehall.core import BotAgent, Match
from tablehall.games.catan import SPEC

GOLDEN = [  # seed, bots, options, digest, actions, winner
    (2024, ["strong", "random", "random", "random"], {"layout": "random"},
     "aafbfa82de31b8a29aba0ec9bcfbb8e85d1cadb1edc9cb2fe3aba05f591ddf13", 193, 0),
    (7, ["strong", "strong", "random", "random"], {},
     "9a8b963a7120b7ddbccf668bcc331da4ec3e8a4f7e9fda3eac00cb475b421370", 315, 1),
    (11, ["random", "strong", "random"], {"layout": "beginner", "vp_to_win": 8},
     "df2a7b5a0184bc64ca3cdc8995931531654f108a77afb5850ad2f248621b073e", 170, 1),
    (99, ["strong", "strong", "strong", "strong"], {"domestic_trades": False},
     "e2e88c462a0d04b38871e42fab8abacd6df57ca813f1a0668d2981d9d2f31396", 364, 3),
    (5, ["random", "random"], {"first_player": -1},
     "02939c737583d2a6877ce806d0e1222362e5d1c0dec2a8080f1dfbcfe5e8c11f", 620, 0),
]


@pytest.mark.parametrize("seed, bots, options, digest, actions, winner", GOLDEN, ids=[str(c[0]) for c in GOLDEN])
def test_classic_games_are_unchanged(seed, bots, options, digest, actions, winner):
    agents = [BotAgent(SPEC.bots[name](11 + i)) for i, name in enumerate(bots)]
    record = asyncio.run(Match(SPEC, agents, seed=seed, options=options).run())
    assert (len(record.entries), record.result.details["winner"]) == (actions, winner)
    assert record.digest() == digest
    assert record.options == SPEC.normalize_options(options)
    assert not set(record.options) - {"vp_to_win", "layout", "no_adjacent_6_8", "board", "first_player",
                                      "domestic_trades", "discard_limit", "dice", "dev_deck", "steals"}

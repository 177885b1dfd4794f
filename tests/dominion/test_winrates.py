"""Win rates of the built-in bots against Big Money over 1,000 seeded games each (slow)."""

import pytest

from tablehall.bench.dominion import win_rate


@pytest.mark.slow
@pytest.mark.parametrize("bot, low, high", [
    ("random", 0, 2),
    ("bigmoney", 45, 55),
    ("smithy", 65, 90),
    ("engine", 80, 100),
])
def test_win_rate_against_big_money(bot, low, high):
    rate = win_rate(bot, "bigmoney", games=1000)
    print(bot, rate)
    assert low <= rate["win%"] <= high

"""Glicko-2 against Glickman's published example ("Example of the Glicko-2 system")."""

from __future__ import annotations

import pytest

from tablehall.accounts.glicko2 import Outcome, Rating, rate


def test_glickmans_example():
    player = Rating(1500, 200, 0.06)
    after = rate(player, [Outcome(Rating(1400, 30), 1), Outcome(Rating(1550, 100), 0),
                          Outcome(Rating(1700, 300), 0)], tau=0.5)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_games_only_widens_the_deviation():
    after = rate(Rating(1600, 100, 0.06), [])
    assert after.rating == 1600 and after.volatility == 0.06
    assert after.deviation == pytest.approx((100**2 + (0.06 * 173.7178) ** 2) ** 0.5)


def test_weights_count_a_result_as_a_fraction_of_one():
    player, opponent = Rating(1500, 300, 0.06), Rating(1500, 300, 0.06)
    whole = rate(player, [Outcome(opponent, 1.0)])
    halves = rate(player, [Outcome(opponent, 1.0, 0.5), Outcome(opponent, 1.0, 0.5)])
    assert halves.rating == pytest.approx(whole.rating) and halves.deviation == pytest.approx(whole.deviation)
    assert rate(player, [Outcome(opponent, 1.0, 0.5)]).rating < whole.rating


def test_wins_raise_losses_lower_and_the_deviation_narrows():
    new = Rating()
    won, lost = rate(new, [Outcome(Rating(), 1)]), rate(new, [Outcome(Rating(), 0)])
    assert won.rating > 1500 > lost.rating
    assert won.rating - 1500 == pytest.approx(1500 - lost.rating)
    assert won.deviation < 350

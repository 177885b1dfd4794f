"""The arena's statistics: the SPRT as fishtest defines it, Elo, and clustered intervals."""

import math
import random

import pytest

from tablehall.arena.stats import (ClusteredMean, HeadToHead, Sprt, elo_from_score, mle_expectation, mle_t_value,
                                   score_from_elo, _distribution)


def test_bounds_are_walds():
    sprt = Sprt(0, 5, alpha=0.05, beta=0.05)
    assert sprt.lower == pytest.approx(math.log(0.05 / 0.95)) == pytest.approx(-2.944, abs=1e-3)
    assert sprt.upper == pytest.approx(2.944, abs=1e-3)
    assert Sprt(0, 5, alpha=0.1, beta=0.02).upper == pytest.approx(math.log(0.98 / 0.1))


def test_normalized_llr_matches_a_published_fastchess_run():
    """fastchess printed "Ptnml(0-2): [0, 0, 2, 0, 37] ... LLR: 2.96 (-2.94, 2.94) [0.00, 20.00]"
    for an SPRT in normalized Elo (fishtest's model)."""
    assert Sprt(0, 20, model="normalized").llr([0, 0, 2, 0, 37]) == pytest.approx(2.96, abs=0.005)


def test_logistic_llr_agrees_with_the_brownian_approximation_for_small_steps():
    """For elo1 - elo0 small, fishtest's GSPRT is close to N (s1 - s0)(2s - s0 - s1) / (2 var)."""
    for counts in ([100, 50, 120], [40, 300, 42], [5, 20, 60, 22, 7]):
        total, pdf = _distribution(counts)
        mean = sum(a * p for a, p in pdf)
        var = sum(p * (a - mean) ** 2 for a, p in pdf)
        s0, s1 = score_from_elo(0), score_from_elo(5)
        approximate = total * (s1 - s0) * (2 * mean - s0 - s1) / var / 2
        assert Sprt(0, 5).llr(counts) == pytest.approx(approximate, rel=0.02)


def test_the_mles_meet_their_constraint_and_stay_distributions():
    _, pdf = _distribution([3, 11, 40, 17, 9])
    for s in (0.3, 0.5, 0.62):
        fitted = mle_expectation(pdf, s)
        assert sum(p for _, p in fitted) == pytest.approx(1)
        assert sum(a * p for a, p in fitted) == pytest.approx(s, abs=1e-9)
    fitted = mle_t_value(pdf, 0.5, 0.1)
    mean = sum(a * p for a, p in fitted)
    sd = math.sqrt(sum(p * (a - mean) ** 2 for a, p in fitted))
    assert (mean - 0.5) / sd == pytest.approx(0.1, abs=1e-6)


def test_verdicts_follow_the_sign_of_the_evidence():
    sprt = Sprt(0, 30)
    assert sprt.verdict(sprt.llr([0, 0, 0, 0, 40])) == "accept H1"  # forty pairs won twice
    assert sprt.verdict(sprt.llr([0, 0, 80, 0, 0])) == "accept H0"  # every pair split
    assert sprt.verdict(sprt.llr([1, 2, 3])) is None
    assert sprt.llr([0, 0, 0]) == 0.0


def test_bad_parameters_are_refused():
    with pytest.raises(ValueError, match="elo0 < elo1"):
        Sprt(5, 0)
    with pytest.raises(ValueError, match="probabilities"):
        Sprt(0, 5, alpha=0)
    with pytest.raises(ValueError, match="Elo model"):
        Sprt(0, 5, model="bayes")


def test_elo_and_score_are_inverse():
    for elo in (-400, -35.5, 0, 12, 700):
        assert elo_from_score(score_from_elo(elo)) == pytest.approx(elo)
    assert elo_from_score(1.0) == math.inf and elo_from_score(0.0) == -math.inf


def test_head_to_head_counts_pairs_and_games():
    h2h = HeadToHead()
    for first, second in [(1, 1), (1, 0), (0.5, 0.5), (1, 0.5), (0, 0)]:
        h2h.add_game(first)
        h2h.add_game(second)
        h2h.add_pair(first, second)
    assert h2h.trinomial == [3, 3, 4] and h2h.pairs == (1, 0, 2, 1, 1) and h2h.paired
    assert h2h.counts() == [1, 0, 2, 1, 1]
    assert h2h.score == pytest.approx(0.55)
    elo, low, high = h2h.elo()
    assert low < elo < high and elo == pytest.approx(elo_from_score(0.55))


def test_a_clustered_interval_is_the_plain_one_when_every_game_is_its_own_cluster():
    values = [random.Random(4).gauss(10, 3) for _ in range(200)]
    plain = ClusteredMean()
    for index, value in enumerate(values):
        plain.add(value, index)
    mean = sum(values) / len(values)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
    assert plain.interval().half_width == pytest.approx(1.96 * sd / math.sqrt(len(values)), rel=1e-6)


def test_clustering_widens_the_interval_of_correlated_games():
    """Games that share a seed are counted as what they are: fewer independent observations."""
    rng = random.Random(1)
    clustered, naive = ClusteredMean(), ClusteredMean()
    for cluster in range(100):
        luck = rng.gauss(0, 5)  # shared by the cluster's four games
        for game in range(4):
            value = luck + rng.gauss(0, 1)
            clustered.add(value, cluster)
            naive.add(value, 4 * cluster + game)
    assert clustered.interval().half_width > 1.5 * naive.interval().half_width
    assert ClusteredMean().interval().half_width == math.inf


def test_the_running_sums_give_the_two_pass_clustered_variance():
    rng = random.Random(7)
    data = [(rng.gauss(3, 2), cluster) for cluster in range(40) for _ in range(rng.randint(1, 5))]
    running = ClusteredMean()
    for value, cluster in data:
        running.add(value, cluster)
    mean = sum(v for v, _ in data) / len(data)
    sums: dict[int, list[float]] = {}
    for value, cluster in data:
        sums.setdefault(cluster, []).append(value)
    spread = sum((sum(vs) - len(vs) * mean) ** 2 for vs in sums.values())
    expected = 1.96 * math.sqrt(spread / len(data) ** 2 * 40 / 39)  # 40 clusters: t is taken as 1.96
    assert running.interval().half_width == pytest.approx(expected, rel=1e-9)

"""The seeded generator: shuffles and bots' generators draw exactly as specified, so records of
games played before an optimisation still replay."""

from tablehall.core import Bot, Rng


def reference_shuffle(rng: Rng, items: list) -> None:
    """Fisher-Yates drawing `below(i + 1)` from the end: the definition `Rng.shuffle` inlines."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]


def test_shuffle_draws_exactly_as_fisher_yates_with_below():
    for seed in range(50):
        for size in (0, 1, 2, 3, 7, 10, 31, 64, 100):
            fast, slow = Rng(seed), Rng(seed)
            mine, reference = list(range(size)), list(range(size))
            fast.shuffle(mine)
            reference_shuffle(slow, reference)
            assert mine == reference
            assert fast.below(1 << 30) == slow.below(1 << 30)  # and it used up the same draws


def test_shuffle_of_known_seed_is_stable():
    items = list(range(10))
    Rng(2024).shuffle(items)
    assert items == [6, 0, 9, 8, 3, 5, 1, 4, 2, 7]  # as drawn before the inlining


class Dice(Bot):
    def choose(self, state, seat):
        return self.rng.below(6)


def test_bot_generator_is_seeded_at_first_use_like_an_rng_of_its_seed():
    bot, rng = Dice(77), Rng(77)
    assert [bot.choose(None, 0) for _ in range(20)] == [rng.below(6) for _ in range(20)]
    assert Dice(78).rng is not Dice(78).rng
    bot.rng = Rng(5)  # a bot may still replace its generator
    assert bot.choose(None, 0) == Rng(5).below(6)

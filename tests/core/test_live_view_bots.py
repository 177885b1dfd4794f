"""Built-in bots that need no observation (`Bot.needs_observation = False`) are handed the live
game by the runner, sparing a copy per decision.  That is only sound if they read nothing their
seat may not know and change nothing: so for each of them, the same seeded games are played
through the kernel's Match once with the live game and once with every decision taken on
`observation(seat)`, and the records must be identical (every action, hence every decision)."""

import asyncio

import pytest

from tablehall.core import BotAgent, Match, derive_seed
from tablehall.core.registry import game_names, get_game

GAMES = 12


def live_view_bots():
    for game in game_names():
        spec = get_game(game)
        for name, bot in spec.bots.items():
            if not bot.needs_observation:
                yield game, name


def play(spec, names, seed, force_observation):
    agents = []
    for seat, name in enumerate(names):
        bot = spec.bots[name](derive_seed(seed, "seat", seat))
        if force_observation:
            bot.needs_observation = True  # this instance decides on observations, as others do
        agents.append(BotAgent(bot, name=name))
    return asyncio.run(Match(spec, agents, seed=seed, names=names).run())


@pytest.mark.parametrize("game,name", sorted(live_view_bots()))
def test_a_live_view_bot_decides_as_on_its_observation(game, name):
    spec = get_game(game)
    seats = spec.default_seat_count
    others = "random" if "random" in spec.bots else name
    for seed in range(GAMES):
        names = [name if seat == seed % seats else others for seat in range(seats)]
        live = play(spec, names, seed, force_observation=False)
        observed = play(spec, names, seed, force_observation=True)
        assert live.digest() == observed.digest(), f"{game} {name} seed {seed}"
        assert live.result is not None and live.status == "finished"


def test_some_bots_are_handed_the_live_game():
    assert {game for game, _ in live_view_bots()} >= {"dominion", "catan"}

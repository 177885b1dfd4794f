"""The benchmark's workloads: a smoke run (no timing is asserted here; figures come from
`tablehall bench dominion`), and its two loops playing exactly the same games."""

from tablehall.core import derive_seed
from tablehall.bench.dominion import main, play
from tablehall.games.dominion.bots import BOTS


def test_the_benchmark_runs_and_prints_its_figures(capsys):
    assert main(["--games", "3", "--peer-games", "2", "--rounds", "2", "--play-seconds", "0.2"]) == 0
    out = capsys.readouterr().out
    assert "tablehall engine (bots on the live game)" in out
    assert "tablehall match path (observations)" in out
    assert "ratio to pyminion" in out or "pyminion not installed" in out


def test_bots_decide_alike_on_the_live_game_and_on_observations():
    # the engine figure and the match-path figure measure the same games: a Big Money bot sees
    # nothing in the live game that its observation hides from it
    for game in range(20):
        bots = [BOTS["bigmoney"](derive_seed(0, game, seat)) for seat in range(2)]
        live, observed = play(bots, game, observe=False), play(bots, game, observe=True)
        assert live.view(None) == observed.view(None)
        assert [p.turns for p in live.players] == [p.turns for p in observed.players]

"""`tablehall bench blokus` runs end to end."""

from tablehall.bench.blokus import main


def test_the_benchmark_runs_and_prints_its_figures(capsys):
    # a smoke run with tiny sizes: no timing is asserted here (figures: `tablehall bench blokus`)
    assert main(["--seconds", "0.1", "--positions", "3", "--strong-games", "1"]) == 0
    out = capsys.readouterr().out
    for figure in ("legal-move list, mid-game", "random 4-colour games", "strong bot", "blokus-rl"):
        assert figure in out

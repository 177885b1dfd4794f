"""`tablehall bench renaissance` runs end to end (a smoke run with tiny sizes: no timing is
asserted here; the figures are in docs/benchmarks.md)."""

from tablehall.bench.renaissance import main


def test_the_benchmark_runs_and_prints_its_figures(capsys):
    assert main(["--games", "2", "--play-seconds", "0.2"]) == 0
    out = capsys.readouterr().out
    assert "random, 4 players" in out
    assert "tablehall play keeps" in out and "rounds" in out
    assert "x the 4-player line" not in out  # no ratio without its spread

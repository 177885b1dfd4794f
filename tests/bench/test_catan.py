"""`tablehall bench catan` runs end to end (a smoke run with tiny sizes: no timing is asserted
here; the figures are in docs/benchmarks.md)."""

from __future__ import annotations

from tablehall.bench.catan import measure


def test_the_benchmark_runs_and_prints_its_figures(capsys):
    out = measure(["--seconds", "0.2", "--strong-games", "1"])
    printed = capsys.readouterr().out
    for key in ("tablehall", "tablehall_observations", "tablehall_match"):
        assert out[key]["games_per_s"] > 0 and out[key]["actions_per_game"] > 100
    assert "each bot handed observation(seat)" in printed and "core.Match" in printed
    assert ("ratio tablehall/catanatron" in printed) == ("catanatron" in out)
    assert out["strong"]["games"] == 1

"""`tablehall bench web` runs (a tiny size; the figures themselves are for docs/benchmarks.md)."""

from tablehall.bench.web import main


def test_the_web_bench_runs(capsys):
    assert main(["--spectators", "3", "--steps", "3", "--interval", "0.01", "--lobby-games", "2"]) == 0
    out = capsys.readouterr().out
    assert "spectators" in out and "2 live games" in out

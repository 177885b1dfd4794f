"""`tablehall bench server` with tiny sizes: the server in its own process, clients in others,
every protocol's row printed and no client error.  A smoke test: no figure is asserted."""

import sys

from tablehall.bench.server import main


def test_bench_server_runs_every_protocol(capsys):
    assert main(["--levels", "2", "--seconds", "0.5", "--client-procs", "1"]) == 0
    out = capsys.readouterr().out
    for protocol in ("sc", "dominion", "jsettlers"):
        assert f"{protocol}: tablehall" in out
    assert out.count("one match:") == 3
    assert "server interpreter: CPython 3." in out
    assert "client errors" not in out
    assert "official contest server: skipped" in out or "official contest server (" in out


def test_bench_server_rounds_give_each_rows_median_and_range(capsys):
    assert main(["--protocols", "dominion", "--levels", "2", "--seconds", "0.3", "--client-procs", "1",
                 "--rounds", "2", "--server-python", sys.executable]) == 0
    out = capsys.readouterr().out
    assert out.count("one match:") == 2 and "round 2 of 2: machine speed: a fixed Python probe at" in out and "steal" in out
    summary = out[out.index("over 2 rounds"):].splitlines()
    assert summary[1].split()[:2] == ["one", "match"] and summary[2].split()[:2] == ["2", "matches"]
    low, high = summary[2].split()[3].strip("()").split("-")
    assert float(low) <= float(summary[2].split()[2]) <= float(high)
    assert "client errors" not in out


def test_bench_server_together_measures_every_protocol_against_one_server(capsys):
    assert main(["--protocols", "sc,dominion", "--together", "--levels", "2", "--seconds", "0.3",
                 "--client-procs", "1"]) == 0
    out = capsys.readouterr().out
    assert "sc + dominion at once" in out and "all together:" in out
    assert "sc (the CPU columns" in out and "dominion (the CPU columns" in out
    assert "client errors" not in out

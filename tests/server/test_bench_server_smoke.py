"""`tablehall bench server` with tiny sizes: the server in its own process, clients in others,
every protocol's row printed and no client error.  A smoke test: no figure is asserted."""

from tablehall.loadtest.bench import main


def test_bench_server_runs_every_protocol(capsys):
    assert main(["--levels", "2", "--seconds", "0.5", "--client-procs", "1"]) == 0
    out = capsys.readouterr().out
    for protocol in ("sc", "dominion", "jsettlers"):
        assert f"{protocol}: tablehall" in out
    assert out.count("one match:") == 3
    assert "client errors" not in out
    assert "official contest server: skipped" in out or "official contest server (" in out

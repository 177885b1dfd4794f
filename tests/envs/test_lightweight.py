"""The rest of tablehall works without the envs extra: the core commands never import numpy,
Gymnasium or PettingZoo (the extra is only loaded for policy: seats and `bench envs`)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

HEAVY = ("numpy", "gymnasium", "pettingzoo", "tablehall.envs")


def test_core_commands_do_not_import_the_envs_extra(tmp_path):
    script = textwrap.dedent(f"""
        import contextlib, io, sys
        from tablehall.cli import build_parser, main
        db = {str(tmp_path / "db.sqlite")!r}
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            build_parser()  # --help of every command: it lists every service
            for game, seats in (("blokus", "random,random"), ("catan", "random,random,random"),
                                ("dominion", "random,bigmoney"), ("renaissance", "greedy")):
                assert main(["play", game, "--seats", seats, "--seed", "1", "--db", db, "--quiet"]) == 0
            assert main(["records", "--db", db]) == 0
        from tablehall.core.store import SqliteStore
        store = SqliteStore(db)
        ids = [row.id for row in store.summaries(None, 10)]
        store.close()
        with contextlib.redirect_stdout(io.StringIO()):
            for record_id in ids:
                assert main(["replay", record_id, "--db", db]) == 0
                assert main(["export", record_id, "--format", "json", "--db", db]) == 0
        import tablehall.server.app, tablehall.web.app  # serve and the web hall
        loaded = [name for name in {HEAVY!r} if name in sys.modules]
        assert not loaded, loaded
        print("light")
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "light"

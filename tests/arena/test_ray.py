"""The Ray backend on a real local Ray instance started by the test: the same games, digests
and ratings as local worker processes.  Skipped where Ray is not installed."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from .conftest import REPO

ray = pytest.importorskip("ray", reason="Ray is not installed (pip install -e '.[ray]'); the Ray backend is untested")


@pytest.fixture(scope="module")
def ray_cluster(tmp_path_factory):
    """A Ray head on this machine (two CPUs), shut down after the module: its address is what
    `--ray` takes."""
    ray.init(num_cpus=2, include_dashboard=False, logging_level="warning", log_to_driver=False,
             object_store_memory=80 * 1024 * 1024, _temp_dir=str(tmp_path_factory.mktemp("ray")))
    try:
        yield ray.get_runtime_context().gcs_address
    finally:
        ray.shutdown()


def arena_process(tmp_path, name, *argv):
    """`tablehall arena` in its own process (a Ray driver of its own); its JSON document."""
    target = tmp_path / f"{name}.json"
    result = subprocess.run([sys.executable, "-m", "tablehall.cli", "arena", *argv, "--json", str(target), "--quiet"],
                            capture_output=True, text=True, timeout=600, cwd=tmp_path,
                            env={**os.environ, "PYTHONPATH": str(REPO)})
    assert result.returncode == 0, result.stderr
    return json.loads(target.read_text())


def test_ray_and_local_workers_give_identical_digests_and_ratings(ray_cluster, tmp_path):
    argv = ["catan", "--entrants", "strong,random,random", "--seats", "3", "--games", "12", "--seed", "21"]
    on_ray = arena_process(tmp_path, "ray", *argv, "--ray", ray_cluster, "--db", str(tmp_path / "ray.sqlite"))
    local = arena_process(tmp_path, "local", *argv, "--workers", "2", "--no-db")
    assert on_ray["backend"].startswith(f"ray at {ray_cluster}")
    assert [g["digest"] for g in on_ray["games"]] == [g["digest"] for g in local["games"]]
    assert on_ray["digest"] == local["digest"] and on_ray["standings"] == local["standings"]
    # Ray workers do not write this machine's SQLite file: the arena stored what they sent back
    from tablehall.core.locations import open_store

    store = open_store(tmp_path / "ray.sqlite")
    try:
        for game in on_ray["games"]:
            assert store.load(game["record"]).digest() == game["digest"]
    finally:
        store.close()


def test_an_sprt_on_ray_stops_where_it_stops_locally(ray_cluster, tmp_path, postgres_url):
    """Ray workers write their games to a PostgreSQL store themselves (any node reaches it)."""
    argv = ["dominion", "--entrants", "smithy,bigmoney", "--sprt", "--seed", "8"]
    on_ray = arena_process(tmp_path, "ray", *argv, "--ray", ray_cluster, "--db", postgres_url)
    local = arena_process(tmp_path, "local", *argv, "--workers", "2", "--no-db")
    assert on_ray["sprt"] == local["sprt"] and on_ray["digest"] == local["digest"]
    from tablehall.core.locations import open_store

    store = open_store(postgres_url)
    try:
        stored, rows = store.load_tournament(on_ray["id"])
        assert stored["sprt"]["verdict"] == "accept H1" and len(rows) == on_ray["games_played"]
        assert store.count() >= len(rows)  # games finished beyond the stop stay as plain records
        for _, record_id, digest in rows:
            assert store.load(record_id).digest() == digest
    finally:
        store.close()

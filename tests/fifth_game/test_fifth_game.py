"""A fifth game, registered in one place: Nim lives in this folder alone, is named by no file
outside it, and plays through `tablehall play`, the arena, the record store, `replay` (its moves
in its own words too), its own notation and `import`, `tablehall bench`, a PettingZoo
environment (PettingZoo's api_test) and Gymnasium, and the web hall's replay viewer with its own
board module, each in the processes those commands start.  It is found through TABLEHALL_GAMES and, installed, through an entry
point."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
import warnings
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
MODULE = "tests.fifth_game"  # the same module name in this process and in every other
ENV = {**os.environ, "PYTHONPATH": str(REPO), "TABLEHALL_GAMES": MODULE}
CHROMIUM = os.environ.get("TABLEHALL_CHROMIUM", "/usr/bin/chromium")
WAIT = 60_000  # ms: generous bounds for a busy machine, never a measure of speed


def tablehall(*argv: str, cwd: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tablehall.cli", *argv], capture_output=True, text=True,
                          timeout=600, cwd=cwd, env=env or ENV)


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """Nim games played by `tablehall play` in a process of its own, in a record store."""
    folder = tmp_path_factory.mktemp("nim")
    db = folder / "records.sqlite"
    done = tablehall("play", "nim", "--seats", "perfect,random", "--games", "6", "--seed", "3", "--db", str(db),
                     "--quiet", cwd=folder)
    assert done.returncode == 0, done.stderr
    assert re.search(r"perfect\s+6\s+6\s+100\.0%", done.stdout), done.stdout  # it moves first into 3-4-5
    listed = tablehall("records", "--db", str(db), "--game", "nim", cwd=folder)
    ids = [line.split()[0] for line in listed.stdout.splitlines()[1:]]
    assert len(ids) == 6 and all(" nim " in line for line in listed.stdout.splitlines()[1:])
    return folder, db, ids


def test_play_stores_games_that_replay_in_another_process(played):
    folder, db, ids = played
    for record_id in ids[:2]:
        done = tablehall("replay", record_id, "--db", str(db), cwd=folder)
        assert done.returncode == 0 and done.stdout.startswith("ok: nim record "), done.stdout + done.stderr
    done = tablehall("replay", ids[0], "--db", str(db), "--moves", cwd=folder)  # in the game's own words
    assert done.stdout.splitlines()[1].startswith("1. perfect takes "), done.stdout + done.stderr


def test_the_games_notation_exports_and_imports_and_replay_points_at_import(played):
    folder, db, ids = played
    written = folder / "game.nim"
    assert tablehall("export", ids[0], "--format", "nim", "--db", str(db), "-o", str(written), cwd=folder).returncode == 0
    assert written.read_text().startswith("piles 3 4 5\n0 ")
    done = tablehall("replay", str(written), cwd=folder)
    assert done.returncode == 2
    assert done.stderr == (f"tablehall: error: {written} is a notation file, not a record: "
                           f"`tablehall import nim {written} --format nim` stores it as one\n")
    done = tablehall("import", "nim", str(written), "--format", "nim", "--db", str(db), cwd=folder)
    assert done.returncode == 0 and done.stdout.startswith("imported nim game as "), done.stderr


def test_the_arena_plays_nim_on_worker_processes(tmp_path):
    done = tablehall("arena", "nim", "--entrants", "perfect,random", "--games", "8", "--workers", "2", "--seed", "5",
                     "--db", str(tmp_path / "arena.sqlite"), "--quiet", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"1\s+perfect\s+8\s+8\s+0\s+0\s", done.stdout), done.stdout  # 8 games won, none lost


def test_bench_measures_a_game_without_a_benchmark_of_its_own(tmp_path):
    done = tablehall("bench", "nim", "--seconds", "0.2", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Nim: perfect, random" in done.stdout and "tablehall play keeps" in done.stdout


def test_an_entry_point_registers_an_installed_game(tmp_path):
    """A plugin's installed metadata (a dist-info folder on the path, as pip writes it) is all
    it takes: no TABLEHALL_GAMES."""
    info = tmp_path / "tablehall_nim-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tablehall-nim\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[tablehall.games]\nnim = {MODULE}\n")
    env = {key: value for key, value in ENV.items() if key != "TABLEHALL_GAMES"}
    env["PYTHONPATH"] = f"{REPO}{os.pathsep}{tmp_path}"
    done = tablehall("bots", "nim", cwd=tmp_path, env=env)
    assert done.returncode == 0 and done.stdout.startswith("nim: Nim, 2 seats"), done.stdout + done.stderr
    assert "perfect  Leaves the piles' nim-sum at zero" in done.stdout


def test_pettingzoo_and_gymnasium_environments(monkeypatch):
    pytest.importorskip("pettingzoo", reason="the environments need the envs extra")
    monkeypatch.setenv("TABLEHALL_GAMES", MODULE)
    import gymnasium
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test

    from tablehall.envs import aec_env, register_envs

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # dict observations draw a generic advice warning
        api_test(aec_env("nim"), num_cycles=100)
        register_envs()
        env = gymnasium.make("tablehall-tests/Nim-v0")
        check_env(env.unwrapped, skip_render_check=True)
    observation, _ = env.reset(seed=1)
    assert list(observation["observation"]) == [3, 4, 5, 0, 0, 1]
    _, reward, over, _, _ = env.step(int(observation["action_mask"].argmax()))
    assert not over and reward == 0
    env.close()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_the_web_hall_replays_nim_with_its_board_module(played, tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api", reason="browser tests need playwright (the dev extra)")
    if not shutil.which(CHROMIUM) and not os.path.exists(CHROMIUM):
        pytest.skip(f"browser tests need Chromium at {CHROMIUM}")
    pytest.importorskip("starlette", reason="the web hall needs the web extra")
    from tablehall.server.app import all_services

    _, db, ids = played
    port = free_port()
    listeners_off = [flag for _, service in all_services() for flag in (f"--{service.name}-port", "0")]
    server = subprocess.Popen([sys.executable, "-m", "tablehall.cli", "serve", "--db", str(db), "--http-port", str(port),
                               *listeners_off], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              cwd=tmp_path, env=ENV)
    try:
        deadline = time.monotonic() + 60
        while f":{port}/" not in (line := server.stdout.readline()):
            assert line and time.monotonic() < deadline, "the server did not start"
        url = f"http://127.0.0.1:{port}"
        with urllib.request.urlopen(f"{url}/boards/nim.js", timeout=60) as response:
            assert response.read() == (HERE / "board.js").read_bytes()
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page()
            page.set_default_timeout(WAIT)
            page.goto(f"{url}/records/{ids[0]}")
            page.wait_for_selector("#replay[data-ready='true']")
            assert page.locator("[data-board='nim'] [data-pile]").count() == 3
            assert [page.get_attribute(f"[data-pile='{pile}']", "data-stones") for pile in range(3)] == ["3", "4", "5"]
            page.click("#last")
            assert [page.get_attribute(f"[data-pile='{pile}']", "data-stones") for pile in range(3)] == ["0", "0", "0"]
            assert "took the last stone" in page.inner_text("#board")
            browser.close()
    finally:
        server.terminate()
        server.wait(30)

"""`tablehall play --workers`: the arena's local backend under play, with the same output and
the same records as one process."""

import json


from tablehall.cli import main


def play(capsys, tmp_path, name, *extra):
    folder = tmp_path / name
    code = main(["play", "dominion", "--seats", "smithy,bigmoney,engine", "--games", "12", "--seed", "5", "--rotate",
                 "--no-db", "--record-dir", str(folder), "--quiet", *extra])
    out = capsys.readouterr().out
    digests = sorted(json.loads(p.read_text())["digest"] for p in folder.glob("*.json"))
    return code, out, digests


def test_play_on_workers_prints_and_records_what_one_process_does(capsys, tmp_path):
    serial = play(capsys, tmp_path, "serial")
    parallel = play(capsys, tmp_path, "parallel", "--workers", "2")
    assert serial[0] == parallel[0] == 0
    assert serial[1] == parallel[1] and "engine" in serial[1]
    assert serial[2] == parallel[2] and len(serial[2]) == 12


def test_play_workers_must_be_positive(capsys):
    assert main(["play", "dominion", "--seats", "smithy,bigmoney", "--workers", "0", "--no-db"]) == 2
    assert "--workers" in capsys.readouterr().err

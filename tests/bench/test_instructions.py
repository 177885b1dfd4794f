"""`tablehall bench instructions`: the count it reads from callgrind's output, its arguments, and
(slow: callgrind runs the interpreter some fifty times slower) a play path measured."""

import shutil

import pytest

from tablehall.bench.instructions import _total, main


def test_the_count_is_the_total_after_instrumentation_was_switched(tmp_path):
    # with --instr-atstart=no, "summary" counts only what ran before the first switch
    switched = tmp_path / "switched.out"
    switched.write_text("version: 1\nsummary: 0\n\nfn=(1) main\n0 5\n\ntotals: 123456\n")
    assert _total(switched) == 123456
    whole = tmp_path / "whole.out"
    whole.write_text("version: 1\nsummary: 987\n")
    assert _total(whole) == 987
    empty = tmp_path / "empty.out"
    empty.write_text("version: 1\n")
    with pytest.raises(RuntimeError, match="no instruction count"):
        _total(empty)


def test_a_server_path_is_one_of_the_protocols(capsys):
    with pytest.raises(SystemExit):
        main(["server", "chess"])
    assert "a server path is one of sc, dominion, jsettlers, renaissance" in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("valgrind") is None, reason="needs valgrind")
def test_a_play_path_is_measured(capsys):
    assert main(["play", "dominion", "--games", "1,2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("play dominion (bigmoney,bigmoney): ") and "M instructions per game" in out
    assert float(out.split(": ")[1].split()[0]) > 0

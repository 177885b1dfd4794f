"""Issue 26, hostile files: every reader turns recursion, overflow and huge tokens into one
short line naming the problem (the offending token cut to a few dozen characters), and a record
without its digest is flagged (`replay --strict` refuses it).  Each case is the attack the issue
reproduced, run through the real `tablehall` command."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from tablehall.cli import main
from tablehall.core import BotAgent, Match
from tablehall.core.registry import get_game
from tablehall.games.blokus.sc.xml import XmlError, XmlStreamReader

SHORT = 300  # characters: one short line


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def assert_one_short_error(code: int, err: str, *words: str) -> None:
    assert code == 2, err[-500:]
    lines = err.strip().splitlines()
    assert len(lines) == 1 and len(lines[0]) < SHORT and lines[0].startswith("tablehall: error: "), err[:500]
    assert "Traceback" not in err
    for word in words:
        assert word in lines[0], lines[0]


def played(game: str, seats: int, seed: int):
    spec = get_game(game)
    return asyncio.run(Match(spec, [BotAgent(spec.bots["random"](s)) for s in range(seats)], seed=seed).run())


def a_record(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    path.write_text(played("blokus", 2, 3).dumps())
    return path


@pytest.mark.parametrize("body, words", [
    ("[" * 100_000 + "]" * 100_000, ["nested deeper than"]),  # RecursionError before issue 26
    ('{"format": "tablehall-record/1", "seed": 1e999}', ["number out of range"]),
    ('{"format": "tablehall-record/1", "seed": ' + "9" * 100_000 + "}", ["not JSON"]),
])
def test_replay_of_a_hostile_json_record_is_one_short_line(tmp_path, capsys, body, words):
    path = tmp_path / "hostile.json"
    path.write_text(body)
    assert_one_short_error(*run(capsys, "replay", str(path))[::2], *words)


def test_a_record_with_a_huge_seed_in_range_for_json_is_refused_in_one_line(tmp_path, capsys):
    data = json.loads(a_record(tmp_path).read_text())
    data["seed"] = 10 ** 300
    data.pop("digest")
    path = tmp_path / "big-seed.json"
    path.write_text(json.dumps(data))
    code, _, err = run(capsys, "replay", str(path))
    assert code in (1, 2) and "Traceback" not in err and all(len(line) < SHORT for line in err.splitlines())


@pytest.mark.parametrize("text, words", [
    ("[" * 100_000 + "]" * 100_000 + "\n", ["line 1", "nested deeper than"]),  # RecursionError before
    ('["1","ROLL",{"result":1e999}]\n', ["line 1", "number out of range: '1e999'"]),  # OverflowError before
    ("HUGE HARBOUR", ["unknown harbour code 'XXXX", "(100003 characters)"]),
])
def test_import_of_hostile_sgn_is_one_short_line(tmp_path, capsys, text, words):
    if text == "HUGE HARBOUR":  # a real game's SGN whose first harbour code is 100,000 characters
        text = get_game("catan").exporters["sgn"](played("catan", 3, 2)).replace('"hCode":"', '"hCode":"' + "X" * 100_000, 1)
    path = tmp_path / "hostile.sgn"
    path.write_text(text)
    assert_one_short_error(*run(capsys, "import", "catan", str(path), "-f", "sgn", "--db", str(tmp_path / "db"))[::2],
                           *words)


def test_import_of_a_soclog_with_a_100000_digit_number_is_one_short_line(tmp_path, capsys):
    """Issue 26: the message repeated the 100 KB line twice."""
    record = played("catan", 3, 2)
    lines = get_game("catan").exporters["soclog"](record).splitlines()
    at = next(i for i, line in enumerate(lines) if "SOCNewGameWithOptions" in line)
    lines[at] = lines[at].replace("param1=-1", "param1=" + "9" * 100_000)
    path = tmp_path / "hostile.soclog"
    path.write_text("\n".join(lines) + "\n")
    assert_one_short_error(*run(capsys, "import", "catan", str(path), "-f", "soclog", "--db", str(tmp_path / "db"))[::2],
                           f"Line {at + 1}", "characters)")


def test_contest_xml_nested_or_huge_is_refused_in_one_short_line():
    for data in (b"<protocol>" + b"<a>" * 100_000, b"<protocol><room roomId='" + b"x" * 200_000):
        reader = XmlStreamReader()
        with pytest.raises(XmlError) as refused:
            reader.feed(data)
        assert len(str(refused.value)) < SHORT and "\n" not in str(refused.value)


def test_a_record_without_its_digest_is_flagged_and_strict_refuses_it(tmp_path, capsys):
    path = a_record(tmp_path)
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0 and "checked" in out and err == ""
    data = json.loads(path.read_text())
    data.pop("digest")
    stripped = tmp_path / "no-digest.json"
    stripped.write_text(json.dumps(data))
    code, out, err = run(capsys, "replay", str(stripped))
    assert code == 0 and "digest" in out and "not in the file" in out
    assert err.strip() == f"tablehall: warning: {stripped} has no digest: its integrity was not checked"
    code, out, err = run(capsys, "replay", "--strict", str(stripped))
    assert code == 2 and out == ""
    assert err.strip() == f"tablehall: error: {stripped} has no digest: its integrity cannot be checked (--strict)"
    code, out, _ = run(capsys, "replay", "--strict", str(path))
    assert code == 0

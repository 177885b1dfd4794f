"""5-6 player games through the `tablehall` command: played to the end by the built-in bots,
stored, replayed, exported as JSON; SGN refuses them with one line naming the reason."""

from __future__ import annotations

import asyncio

import pytest

from tablehall.cli import main
from tablehall.core import BotAgent, Match, Record, derive_seed
from tablehall.games.catan import SPEC


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_play_six_seats_replay_and_export(tmp_path, capsys):
    records = tmp_path / "records"
    code, out, err = run(capsys, "play", "catan", "--seats", "strong,random,random,random,random,random",
                         "--games", "2", "--seed", "3", "--record-dir", str(records), "--no-db", "--quiet")
    assert code == 0, err
    assert "strong" in out and "win%" in out
    files = sorted(records.glob("*.json"))
    assert len(files) == 2
    for path in files:
        record = Record.loads(path.read_text())
        assert len(record.seats) == 6 and record.status == "finished"
        code, out, _ = run(capsys, "replay", str(path))
        assert code == 0 and out.startswith("ok: catan")
        code, out, _ = run(capsys, "export", "--format", "json", str(path))
        assert code == 0 and Record.loads(out).digest() == record.digest()
        code, out, err = run(capsys, "export", "--format", "sgn", str(path))
        assert code == 2 and out == ""
        assert err.count("\n") == 1 and "SGN" in err and "5-6 player board" in err and "json" in err


def test_five_seats_and_a_four_seat_game_on_the_big_board(tmp_path, capsys):
    code, out, err = run(capsys, "play", "catan", "--seats", "random,strong,random,random,random", "--games", "1",
                         "--seed", "8", "--no-db", "--quiet")
    assert code == 0, err
    code, out, err = run(capsys, "play", "catan", "--seats", "random,strong,random,random", "--games", "1",
                         "--seed", "8", "--no-db", "--quiet", "--option", "six_player_board=true",
                         "--option", "no_robber_on_desert=true")
    assert code == 0, err
    code, out, err = run(capsys, "play", "catan", "--seats", "random,random,random,random,random", "--games", "1",
                         "--no-db", "--quiet", "--option", "layout=beginner")
    assert code == 2 and "beginner layout" in err and err.count("\n") <= 2


def test_sgn_refuses_the_big_board_even_with_four_seats():
    agents = [BotAgent(SPEC.bots["random"](i)) for i in range(4)]
    record = asyncio.run(Match(SPEC, agents, seed=1, options={"six_player_board": True}).run())
    with pytest.raises(ValueError, match="only the classic 19-hex board"):
        SPEC.exporters["sgn"](record)
    assert "|bef=2|HL=" in SPEC.exporters["soclog"](record)  # a .soclog holds it (SOCBoardLayout2)


@pytest.mark.slow
def test_strong_bot_against_five_random_bots_wins_most_six_player_games():
    wins = 0
    games = 60
    for game in range(games):
        seat = game % 6
        names = ["random"] * 6
        names[seat] = "strong"
        agents = [BotAgent(SPEC.bots[name](derive_seed(game, "seat", s))) for s, name in enumerate(names)]
        record = asyncio.run(Match(SPEC, agents, seed=1000 + game).run())
        wins += record.result.details["winner"] == seat
    assert wins >= 0.8 * games, wins


def test_the_learning_environment_stays_classic():
    pytest.importorskip("numpy")
    from tablehall.envs.catan import CatanAdapter

    with pytest.raises(ValueError, match="2-4 seats"):
        CatanAdapter(5)
    with pytest.raises(ValueError, match="classic board"):
        CatanAdapter(4).new_game({"six_player_board": True}, 1)
    assert CatanAdapter(4).new_game({}, 1).geo.name == "classic"

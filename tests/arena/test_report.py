"""The terminal view: the standings table, the live redraw above a progress bar with the time
left, and the head-to-head and SPRT lines."""

import io

import pytest

from tablehall.arena.entrants import parse_entrants
from tablehall.arena.report import LiveView, head_to_head_line, render, sprt_line
from tablehall.arena.schedule import Schedule
from tablehall.arena.standings import Standings
from tablehall.arena.tournament import Progress
from tablehall.cli import main
from tablehall.core.registry import get_game


def standings() -> Standings:
    spec = get_game("dominion")
    table = Standings("dominion", parse_entrants(spec, ["smithy", "bigmoney"]), 2)
    for game in Schedule(2, 2, seed=1).first(6):
        ranks = (1, 2) if game.seats[0] == 0 else (2, 1)  # smithy always wins
        table.add(game, {"cause": "regular", "seats": [{"seat": s, "rank": r, "score": 10 * (3 - r)}
                                                        for s, r in enumerate(ranks)]}, "finished")
    return table


def test_the_live_view_redraws_the_standings_above_a_bar_with_the_time_left():
    out = io.StringIO()
    view = LiveView(out, interval=0, enabled=True)
    table = standings()
    view(Progress(6, 20, 20, 3.0, table, None))
    view(Progress(8, 20, 20, 4.0, table, None))
    text = out.getvalue()
    first, second = text.split("\x1b[4F")  # the second drawing moves up over the first (table + 2 rows + bar)
    assert "smithy" in first and "rating mu" in first and "6/20" in first and "<00:" in first
    assert "8/20" in second and "\x1b[2K" in second


def test_a_running_sprt_shows_its_llr_and_a_silent_view_draws_nothing():
    out = io.StringIO()
    LiveView(out, interval=0, enabled=True)(Progress(40, None, 20000, 2.0, standings(), 1.234))
    assert "SPRT: 40 games (at most 20000), LLR 1.23" in out.getvalue()
    quiet = io.StringIO()
    LiveView(quiet, enabled=False)(Progress(40, None, 20000, 2.0, standings(), 1.0))
    assert quiet.getvalue() == ""


def test_lines_for_infinite_elo_and_verdicts():
    line = head_to_head_line({"challenger": "a", "opponent": "b", "wins": 4, "draws": 0, "losses": 0,
                              "pentanomial": [0, 0, 0, 0, 2], "score": 1.0, "score_low": 1.0, "score_high": 1.0,
                              "los": 1.0})
    assert "Elo +inf [+inf, +inf]" in line and "pentanomial [0, 0, 0, 0, 2]" in line
    assert sprt_line({"elo0": 0, "elo1": 5, "alpha": 0.05, "beta": 0.05, "model": "logistic", "llr": -3.1,
                      "lower": -2.94, "upper": 2.94, "verdict": "accept H0", "games": 88}).endswith(
        "accept H0 after 88 games")


def test_render_puts_the_solo_opponent_last_without_a_place():
    spec = get_game("renaissance")
    table = Standings("renaissance", parse_entrants(spec, ["greedy"]), 1)
    game = Schedule(1, 1).first(1)[0]
    table.add(game, {"cause": "regular", "seats": [{"seat": 0, "rank": 1, "score": 40}]}, "finished")
    text = render({"name": "solo", "games_played": 1, "status": "finished", "aborted": 0, "standings": table.rows()})
    rows = text.splitlines()
    assert rows[2].lstrip().startswith("1  greedy") and rows[3].lstrip().startswith("Lorenzo")


def test_help(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["arena", "--help"])
    assert stop.value.code == 0 and "--sprt" in capsys.readouterr().out

"""The web's pure pieces of ratings: the SVG rating chart and results against each opponent."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette", reason="the web hall needs the web extra: pip install -e '.[web]'")

from tablehall.core.store import RecordSummary  # noqa: E402
from tablehall.web.chart import HEIGHT, PAD, WIDTH, chart_points, rating_svg  # noqa: E402
from tablehall.web.routes.ratings import results_against  # noqa: E402


def test_the_chart_spans_the_box_from_the_first_rating_to_the_last():
    points, low, high = chart_points([1500, 1600, 1450, 1700])
    assert (low, high) == (1450, 1700)
    assert points[0].x == PAD and points[-1].x == WIDTH - PAD
    assert min(p.y for p in points) == PAD and max(p.y for p in points) == HEIGHT - PAD  # top is the highest
    assert points[3].y == PAD and points[2].y == HEIGHT - PAD


def test_a_flat_history_is_drawn_mid_height_and_one_game_is_a_line():
    points, low, high = chart_points([1500, 1510])
    assert high - low == 50 and all(PAD < p.y < HEIGHT - PAD for p in points)


def test_the_charts_title_is_escaped():
    svg = rating_svg('<script>"x"</script>', [1500, 1520])
    assert "<script>" not in svg and "&lt;script&gt;" in svg and svg.count("<polyline") == 1
    assert "1 rated games, now 1520" in svg


def summary(seats: str, result: str, status: str = "finished") -> RecordSummary:
    return RecordSummary("r", "dominion", status, 1, "2026-01-01T00:00:00", seats, result)


def test_results_against_each_opponent_come_from_the_ranks():
    games = [summary("ann, ben", "1:30 2:20"), summary("ben, ann", "1:30 2:20"), summary("ann, ben", "1:25 1:25"),
             summary("ann, ben, cy", "2:10 1:20 3:5"), summary("ann, ben", "aborted", status="aborted"),
             summary("ben, cy", "1:1 2:0")]
    versus = results_against("ann", games)
    assert (versus["ben"].won, versus["ben"].drawn, versus["ben"].lost) == (1, 1, 2)
    assert (versus["cy"].won, versus["cy"].drawn, versus["cy"].lost) == (1, 0, 0)
    assert list(versus) == ["ben", "cy"]  # most games first

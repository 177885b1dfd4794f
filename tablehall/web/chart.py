"""A rating chart drawn on the server as inline SVG (the pages run no inline script): one
polyline of a player's rating after each rated game, with the axis labels it needs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from markupsafe import escape

WIDTH, HEIGHT, PAD = 480, 160, 32


@dataclass(frozen=True)
class ChartPoint:
    x: float
    y: float
    rating: float


def chart_points(ratings: Sequence[float]) -> tuple[list[ChartPoint], float, float]:
    """The points of `ratings` (the first is the rating before the first game), with the
    bottom and top of the drawn range."""
    low, high = min(ratings), max(ratings)
    if high - low < 50:  # a flat line drawn mid-height, not a magnified wobble
        low, high = (low + high) / 2 - 25, (low + high) / 2 + 25
    step = (WIDTH - 2 * PAD) / max(1, len(ratings) - 1)
    scale = (HEIGHT - 2 * PAD) / (high - low)
    return ([ChartPoint(PAD + i * step, HEIGHT - PAD - (r - low) * scale, r) for i, r in enumerate(ratings)],
            low, high)


def rating_svg(title: str, ratings: Sequence[float]) -> str:
    """The chart as an SVG element; every number in it is one this module computed."""
    points, low, high = chart_points(ratings)
    line = " ".join(f"{p.x:.1f},{p.y:.1f}" for p in points)
    last = points[-1]
    return (f'<svg class="rating-chart" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" '
            f'role="img" aria-label="{escape(title)}: {len(ratings) - 1} rated games, now {round(last.rating)}">'
            f'<line x1="{PAD}" y1="{PAD}" x2="{WIDTH - PAD}" y2="{PAD}"/>'
            f'<line x1="{PAD}" y1="{HEIGHT - PAD}" x2="{WIDTH - PAD}" y2="{HEIGHT - PAD}"/>'
            f'<text x="2" y="{PAD + 4}">{round(high)}</text><text x="2" y="{HEIGHT - PAD + 4}">{round(low)}</text>'
            f'<polyline points="{line}"/>'
            f'<text x="{WIDTH - PAD}" y="{HEIGHT - 8}" text-anchor="end">{len(ratings) - 1} games</text></svg>')



"""How a tournament is shown: the standings table, the head-to-head and SPRT lines, and the
live view in a terminal (the current standings above a progress bar with the estimated time
left, redrawn a few times a second)."""

from __future__ import annotations

import math
import sys
import time
from typing import Any, TextIO

from .stats import elo_from_score
from .tournament import Progress

MAX_LIVE_ROWS = 12


def _pm(value: dict[str, Any], digits: int = 2) -> str:
    """``mean ± half-width`` from an interval's JSON (``mean ± ?`` before there are two rounds)."""
    mean = value["mean"]
    if value.get("low") is None:
        return f"{mean:.{digits}f} ± ?"
    return f"{mean:.{digits}f} ± {(value['high'] - value['low']) / 2:.{digits}f}"


def standings_table(rows: list[dict[str, Any]]) -> str:
    header = (f"{'#':>2}  {'entrant':<20}{'games':>7}{'wins':>7}{'draws':>7}{'losses':>7}{'out':>5}"
              f"{'win%':>7}  {'mean score':<16}{'mean rank':<15}{'rating mu ± 95%':<17}{'sigma':>6}")
    lines = [header]
    place = 0
    for row in rows:
        rating = row["rating"]
        rating_text = f"{rating['mu']:.2f} ± {1.96 * rating['sigma']:.2f}"
        if "wins" not in row:  # the solo opponent: rated, not ranked
            lines.append(f"{'':>2}  {row['label'][:19]:<20}{row['games']:>7}{'':>33}  {'':<16}{'':<15}"
                         f"{rating_text:<17}{rating['sigma']:>6.2f}")
            continue
        place += 1
        games = row["games"] or 1
        lines.append(f"{place:>2}  {row['label'][:19]:<20}{row['games']:>7}{row['wins']:>7}{row['draws']:>7}"
                     f"{row['losses']:>7}{row['forfeits']:>5}{100 * row['wins'] / games:>7.1f}  "
                     f"{_pm(row['mean_score']):<16}{_pm(row['mean_rank']):<15}{rating_text:<17}"
                     f"{rating['sigma']:>6.2f}")
    return "\n".join(lines)


def _elo(score: float | None, unknown: str) -> str:
    """The Elo of an expected score (infinite at 0 and 100 %)."""
    if score is None:
        return unknown
    elo = elo_from_score(score) + 0.0  # no "-0.0"
    return f"{elo:+.1f}" if math.isfinite(elo) else ("+inf" if elo > 0 else "-inf")


def head_to_head_line(h2h: dict[str, Any]) -> str:
    elo = _elo(h2h["score"], "?")
    interval = f"[{_elo(h2h['score_low'], '-inf')}, {_elo(h2h['score_high'], '+inf')}]"
    pairs = f", pentanomial {h2h['pentanomial']}" if sum(h2h["pentanomial"]) else ""
    return (f"{h2h['challenger']} vs {h2h['opponent']}: +{h2h['wins']} ={h2h['draws']} -{h2h['losses']}, "
            f"score {100 * h2h['score']:.1f}%, Elo {elo} {interval} (95%), LOS {100 * h2h['los']:.1f}%{pairs}")


def sprt_line(sprt: dict[str, Any]) -> str:
    llr = "-" if sprt["llr"] is None else f"{sprt['llr']:.2f}"
    return (f"SPRT elo0={sprt['elo0']:g} elo1={sprt['elo1']:g} alpha={sprt['alpha']:g} beta={sprt['beta']:g} "
            f"({sprt['model']} Elo): LLR {llr} in ({sprt['lower']:.2f}, {sprt['upper']:.2f}): "
            f"{sprt['verdict']} after {sprt['games']} games")


def render(doc: dict[str, Any]) -> str:
    lines = [f"{doc['name']}: {doc['games_played']} games ({doc['status']})"
             + (f", {doc['aborted']} aborted" if doc["aborted"] else ""),
             standings_table(doc["standings"])]
    if "head_to_head" in doc:
        lines.append(head_to_head_line(doc["head_to_head"]))
    if "sprt" in doc:
        lines.append(sprt_line(doc["sprt"]))
    return "\n".join(lines)


class LiveView:
    """Redraws the standings and a progress bar on a terminal; silent elsewhere."""

    def __init__(self, out: TextIO = sys.stderr, interval: float = 0.25, enabled: bool | None = None) -> None:
        self.out = out
        self.interval = interval
        self.enabled = out.isatty() if enabled is None else enabled
        self._drawn = 0
        self._last = 0.0

    def __call__(self, progress: Progress) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        finished = progress.total is not None and progress.done >= progress.total
        if now - self._last < self.interval and not finished:
            return
        self._last = now
        self.draw(progress)

    def draw(self, progress: Progress) -> None:
        rows = progress.standings.rows()[:MAX_LIVE_ROWS]
        lines = standings_table(rows).splitlines() + [self.bar(progress)]
        text = f"\x1b[{self._drawn}F" if self._drawn else ""
        text += "".join(f"\x1b[2K{line}\n" for line in lines)
        self.out.write(text)
        self.out.flush()
        self._drawn = len(lines)

    def bar(self, progress: Progress) -> str:
        from tqdm import tqdm

        if progress.total is not None:
            return tqdm.format_meter(progress.done, progress.total, progress.elapsed, ncols=100, unit="game")
        rate = progress.done / progress.elapsed if progress.elapsed > 0 else 0.0
        llr = "-" if progress.llr is None or math.isnan(progress.llr) else f"{progress.llr:.2f}"
        return f"SPRT: {progress.done} games (at most {progress.maximum}), LLR {llr}, {rate:.1f} games/s"

    def close(self) -> None:
        self._drawn = 0

"""Who a finished game credits, and with what: the seats' own players, read with the record's
handovers.

- A seat played by the one who sat down in it from start to end: its rank.
- A seat handed to a stand-in bot (the player left, timed out, or never came) and played by
  the stand-in to the end: a loss for the player who left, below every other seat, if that
  player took any action before; if not, the player never joined the game, and it is not
  credited to them at all (as lichess aborts a game a player never moved in).  The stand-in
  plays under the player's name, so the name alone would credit the player with its result.
- A seat its player came back to (its last holder is the one who sat down): its rank.
- A seat someone took over from another (a person taking a robot's seat): nobody's game from
  start to end, credited to nobody.

An aborted game credits nobody.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.records import Record, SeatInfo

#: the agent kinds of tablehall's in-process bots (a stand-in is one): ``bot:NAME``
BOT_KIND = "bot:"


@dataclass(frozen=True)
class Credit:
    seat: int
    player: SeatInfo  # who sat down in the seat
    rank: int | None  # its rank; None: it left the game to a stand-in (a loss to every other seat)


def credits(record: Record) -> list[Credit]:
    """The seats a finished game credits, in seat order (see the module's text)."""
    result = record.result
    if record.status != "finished" or result is None:
        return []
    ranks = {outcome.seat: outcome.rank for outcome in result.seats}
    out = []
    for seat, player in enumerate(record.seats):
        handovers = [h for h in record.handovers if h.seat == seat and (h.name, h.agent) != (player.name, player.agent)]
        last = record.holder(seat)
        if not handovers or (last.name, last.agent) == (player.name, player.agent):
            out.append(Credit(seat, player, ranks[seat]))
            continue
        first = handovers[0]
        if player.agent.startswith(BOT_KIND) or not first.agent.startswith(BOT_KIND):
            continue  # taken over from a bot, or by another person: nobody's whole game
        if any(entry.seat == seat and entry.forfeit is None for entry in record.entries[:first.since]):
            out.append(Credit(seat, player, None))
    return out


def pair_score(mine: Credit, other: Credit) -> float:
    """`mine`'s result against `other`: 1 placed above, 0.5 level, 0 below (leaving is below)."""
    if mine.rank is None or other.rank is None:
        return 0.5 if mine.rank == other.rank else (0.0 if mine.rank is None else 1.0)
    return 1.0 if mine.rank < other.rank else 0.5 if mine.rank == other.rank else 0.0

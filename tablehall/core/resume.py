"""Games played on after a restart: a journaled game (`core/journal.py`) rebuilt by replaying its
actions through the rules, its built-in bots replayed with it.

A bot decides from its seed and what it was asked, so a bot made again with its name and seed is
asked again every decision its seat was asked before the restart, on the same states, in the
runner's order (the chances the game offered it, `volunteers`, then what the seat was asked): it
draws what it drew, and decides on from where it was.  The actions played are the journal's, so
the game goes on as it would have without the restart.

Who else comes back, and how, is the host's: a browser seat's page with its token, a protocol's
client logging in again; the host seats them (`Service.resume`), and a seat nobody can take again
has left the game after a grace period, as its protocol treats a client that left.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field, replace
from typing import Any

from .agents import RemoteAgent
from .game import Bot, GameSpec, GameState
from .journal import JournalError, read_journal
from .policy import SeatPolicy
from .records import Record, RecordError, replay_steps
from .registry import UnknownGame, get_game
from .store import JournaledGame

log = logging.getLogger("tablehall.resume")

@dataclass
class Rebuilt:
    """A journaled game replayed: its record so far, the game it led to, and each seat's player
    now, by how it comes back (`Agent.comeback`; None: it cannot); the built-in bots among them
    are made and replayed (`bots`, by seat)."""

    spec: GameSpec
    record: Record
    state: GameState
    comebacks: list[dict[str, Any] | None]
    bots: dict[int, Bot] = field(default_factory=dict)


def rebuild(game: JournaledGame) -> Rebuilt:
    """Replay `game`'s journal through its game's rules, and every built-in bot that played a
    seat through its decisions; RecordError if the journal does not replay."""
    try:
        record, holders = read_journal(game)
        spec = get_game(record.game)
    except (JournalError, UnknownGame) as exc:
        raise RecordError(str(exc)) from None
    periods = [[(since, comeback, _bot(spec, comeback)) for since, comeback in seat] for seat in holders]
    playing: list[Bot | None] = [seat[0][2] for seat in periods]
    next_period = [1] * len(periods)
    state = None
    for step in replay_steps(record, spec):
        if step.number == 0:
            state = step.state
        done = step.number  # actions played before the next one: the holders change at handovers
        for seat, seat_periods in enumerate(periods):
            while next_period[seat] < len(seat_periods) and seat_periods[next_period[seat]][0] <= done:
                playing[seat] = seat_periods[next_period[seat]][2]
                next_period[seat] += 1
        if done < len(record.entries):
            _ask_bots(step.state, record.entries[done], playing)
    assert state is not None
    return Rebuilt(spec, record, state, [seat[-1][1] for seat in periods],
                   {seat: bot for seat, bot in enumerate(playing) if bot is not None})


def _bot(spec: GameSpec, comeback: dict[str, Any] | None) -> Bot | None:
    """The built-in bot a seat's comeback names, made with its seed (None: not a built-in bot)."""
    if comeback is None or comeback.get("bot") not in spec.bots:
        return None
    try:
        return spec.bots[comeback["bot"]](int(comeback["seed"]))
    except (KeyError, TypeError, ValueError):
        return None


def _ask_bots(state: GameState, entry: Any, playing: list[Bot | None]) -> None:
    """What the runner asked the bots on `state` before `entry` was played: the chances the game
    offered (`volunteers`), then the seat that played it, if it was asked."""
    for seat in state.volunteers():
        bot = playing[seat]
        if bot is not None:
            bot.volunteer(state.observation(seat), seat)
    bot = playing[entry.seat]
    if bot is None or entry.forfeit is not None or entry.seat not in state.to_act():
        return
    bot.choose(state.observation(entry.seat), entry.seat)


class AwaitedSeat(RemoteAgent):
    """A seat of a resumed game whose player has not come back yet.  Asked, it waits (no clock:
    the player is not there to be timed); after `grace` seconds (None: forever) the seat has
    left the game, as its protocol treats a client that left (`policy.on_leave`).  The host hands
    the seat to the player who comes back (`Match.hand_over`, under the same name and kind, so
    the record notes no change of hands) and calls `came_back`."""

    def __init__(self, name: str, kind: str, comeback: dict[str, Any] | None, policy: SeatPolicy,
                 grace: float | None) -> None:
        super().__init__(name, kind)
        self.comeback_info = comeback
        self.policy = replace(policy, hard_timeout=None, soft_timeout=None)
        self.grace = grace
        self._timer: asyncio.TimerHandle | None = None
        self.back = False

    async def start(self, seat: int, match: Any) -> None:
        if self.grace is not None:
            reason = f"did not come back within {self.grace:g} s of the server's restart"
            self._timer = asyncio.get_running_loop().call_later(self.grace, match.seat_left, seat, reason)

    def comeback(self) -> dict[str, Any] | None:
        return self.comeback_info

    def came_back(self) -> None:
        self.back = True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    async def finish(self, seat: int, result: Any) -> None:
        self.came_back()  # nobody to wait for any more

"""Two rules of JSettlers' option set, mixed into `rules.CatanState`: the special building
phase of the 5-6 player rules, and undoing one's last build (options UB, UBL).

Special building phase (JSettlers state SPECIAL_BUILDING, 100)
---------------------------------------------------------------
It exists when the 5-6 player rules apply (`max_players` over 4: always with 5 or 6 seats) and,
with option `special_building_5_6_only` (PLP), only when 5 or 6 seats sit.

* Asking (``ask_special_build``): any seat still playing, from the first turn's roll prompt
  until the game is over, at any moment (it is an unprompted action, see
  `may_act_unprompted`), unless it has already asked (`sb_asked`) or has special built since
  the last normal turn began (`sb_done`, JSettlers' HAS_SPECIAL_BUILT).  The player whose turn
  it is may ask only before rolling and before playing a development card, and not in the
  first turn of the game (the phase follows a turn); the turn then gives way at once to the
  phase, as if the seat before had just ended its turn: that player builds first, then the
  others who asked, in seat order, and its turn resumes (with its roll) after it (as the
  recorded JSettlers 2.7.00 games show).
* When a normal turn ends and somebody has asked, the phase begins: each seat that asked gets
  a turn in it (phase SPECIAL_BUILDING, `current` is that seat), in seat order after the
  player whose turn ended (`sb_after`, JSettlers' SPECIAL_BUILDING_AFTER_PLAYER), to build
  (``settlement``, ``road``, ``city``, ``build`` then place, ``undo_build``) or buy
  development cards with its own cards; no rolling, no trading, no development card play.
  ``end_turn`` ends that seat's special turn.  A seat may ask while the phase runs, even one
  whose place in the order has passed: it is visited next, going round (as JSettlers does).
  Then the next normal turn begins.
* "Once per round": a seat that special built may not ask again until the next normal turn
  begins, when every seat's `sb_done` is cleared (JSettlers clears it at each turn start after
  a phase).  One difference from JSettlers, so that a turn cannot loop: a player who special
  built at the start of its own turn keeps its flag when its turn resumes.
* Nobody wins during the phase (JSettlers: it is nobody's turn); a seat that reached the
  points wins when its own turn begins.

Bots in the same process cannot act unprompted; right after each roll the game offers every
seat that may ask the chance (`volunteers`, see `core.Bot.volunteer`).

Undo (options `undo_builds`, `undo_limit`)
------------------------------------------
JSettlers 2.7.00 lets a player undo a build; its notes do not spell out when, so these are the
rules here: a player may undo its own last build, right after it: the last action of the game
must be that seat's paid placement of a road, settlement or city (in its turn or its special
turn, placed directly or after a ``build`` request) and ``undo_build`` names it (piece, place).
Any other action in between (a trade, a roll, a card, another seat's ask) closes the chance
(`last_build`);
setup placements and free roads (road building card) cannot be undone, and an undo cannot be
undone.  The piece goes back to the supply, its cost back to the hand, and every side effect is
reverted (distance rule, reach, harbour ratios, cut roads, longest road, the N7C city flag).
With `undo_limit` N > 0 each seat may undo N times in the game (`undos_left`, JSettlers'
NUM_UNDOS_REMAINING).
"""

from __future__ import annotations

from typing import Any

from tablehall.core import Event, IllegalAction

from .constants import (PIECE_FROM_NAME, ROLL_OR_CARD, SPECIAL_BUILDING, START1A, START1B, START2A,
                        START2B)
from .events import event
from .fields import CatanFields

_SETUP = (START1A, START1B, START2A, START2B)


class SpecialBuilding(CatanFields):
    """The special building phase (a mixin of CatanState)."""

    def _init_special_building(self, options: dict[str, Any]) -> None:
        n = self.seat_count
        self.special_building = self.six_rules and (n >= 5 or not options.get("special_building_5_6_only", False))
        self.sb_asked: tuple[bool, ...] = (False,) * n  # tuples: replaced, never changed, so copies share them
        self.sb_done: tuple[bool, ...] = (False,) * n
        self.sb_after = -1  # in the phase: the seat after whose turn it runs (JSettlers' SBP after-player)
        self.sb_resume = -1  # in the phase: the seat whose turn resumes after it (asked before rolling)
        self.offer_mark = -1  # action count right after the last roll: when `volunteers` stands

    # -- asking -----------------------------------------------------------------------------
    def special_build_refusal(self, seat: int) -> IllegalAction | None:
        """Why `seat` may not ask for the special building phase now, or None if it may."""
        if not self.special_building:
            why = ("5 or 6 seats must sit (option special_building_5_6_only)" if self.six_rules
                   else "it belongs to the 5-6 player rules")
            return IllegalAction("NO_SPECIAL_BUILDING", f"this game has no special building phase: {why}")
        if type(seat) is not int or not 0 <= seat < self.seat_count or seat in self.out:
            return IllegalAction("NOT_A_PLAYER", f"seat {seat!r} is not playing")
        if self.is_over:
            return IllegalAction("GAME_OVER", "the game is over")
        if self.phase in _SETUP:
            return IllegalAction("NOT_NOW", "special building may be asked for once the first turn has begun")
        if self.sb_asked[seat]:
            return IllegalAction("ALREADY_ASKED", f"seat {seat} has already asked to special build")
        if self.sb_done[seat]:
            return IllegalAction("ALREADY_SPECIAL_BUILT",
                                 f"seat {seat} has special built since the last turn began; it may ask again "
                                 "when the next turn begins")
        if seat == self.current:
            if self.phase is not ROLL_OR_CARD:
                return IllegalAction("NOT_NOW", "in its own turn a player may ask to special build only before rolling")
            if self.dev_played:
                return IllegalAction("NOT_NOW", "in its own turn a player may not ask to special build after "
                                                "playing a development card")
            if self.turn_count <= 1:
                return IllegalAction("FIRST_TURN", "not in the first turn of the game: special building comes "
                                                   "after a turn")
        return None

    def can_ask_special_build(self, seat: int) -> bool:
        return self.special_building and self.special_build_refusal(seat) is None

    def volunteers(self) -> tuple[int, ...]:
        """Right after each roll, the seats other than the roller that may ask to special build:
        the kernel offers them to in-process bots (`Bot.volunteer`) once."""
        if not self.special_building or self.action_count != self.offer_mark:
            return ()
        return tuple(s for s in range(self.seat_count) if s != self.current and self.can_ask_special_build(s))

    def _check_ask_special_build(self, seat: int, action: tuple) -> None:
        refusal = self.special_build_refusal(seat)
        if refusal is not None:
            raise refusal

    def _do_ask_special_build(self, seat: int, action: tuple) -> list[Event]:
        self.sb_asked = _with(self.sb_asked, seat, True)
        events = [event("special_build_asked", {"seat": seat})]
        if seat == self.current:  # before rolling: the phase comes first, this seat builds last
            self._start_special_building(self._seat_before(seat), seat, events)
        return events

    def _seat_before(self, seat: int) -> int:
        before = (seat - 1) % self.seat_count
        while before in self.out and before != seat:
            before = (before - 1) % self.seat_count
        return before

    # -- the phase --------------------------------------------------------------------------
    def _end_turn_with_special_building(self, seat: int, events: list[Event]) -> None:
        """`seat`'s turn ends: its special turn (the next one, or the phase ends), or its normal
        turn (the phase begins if somebody asked, else the next turn)."""
        if self.phase is SPECIAL_BUILDING:
            self._end_special_turn(seat, events)
            return
        self._age_cards(seat)
        self.rolled = self.dev_played = False
        if True in self.sb_asked:
            self._start_special_building(seat, -1, events)
        else:
            self._next_turn(seat, events)

    def _start_special_building(self, after: int, resume: int, events: list[Event]) -> None:
        """Begin the phase after `after`'s turn (`resume`: the seat whose turn waits, or -1)."""
        self.sb_after = after
        self.sb_resume = resume
        self._next_special_turn(after, events)

    def _next_special_turn(self, previous: int, events: list[Event]) -> None:
        """Give the next seat that asked, going round from `previous`, its special turn; when
        none is left, end the phase."""
        n = self.seat_count
        for step in range(1, n + 1):
            seat = (previous + step) % n
            if self.sb_asked[seat] and seat not in self.out:
                self.current = seat
                self.phase = SPECIAL_BUILDING
                self.sb_done = _with(self.sb_done, seat, True)
                events.append(event("special_turn", {"seat": seat, "after": self.sb_after}))
                return
        after, resume = self.sb_after, self.sb_resume
        self.sb_after = self.sb_resume = -1
        if resume >= 0 and resume not in self.out:  # the turn that waited goes on, before its roll
            self.current = resume
            self.phase = ROLL_OR_CARD
            self.sb_done = tuple(seat == resume for seat in range(n))
            events.append(event("turn", {"seat": resume, "round": self.round}))
        else:
            self._next_turn(resume if resume >= 0 else after, events)

    def _end_special_turn(self, seat: int, events: list[Event]) -> None:
        self._age_cards(seat)
        self.sb_asked = _with(self.sb_asked, seat, False)
        events.append(event("special_turn_ended", {"seat": seat}))
        self._next_special_turn(seat, events)


class Undo(CatanFields):
    """Undoing one's last build (a mixin of CatanState)."""

    def _init_undo(self, options: dict[str, Any]) -> None:
        self.undo_enabled = options.get("undo_builds", False)
        limit = options.get("undo_limit", 7) if self.undo_enabled else 0
        self.undo_limit = limit
        self.undos_left: tuple[int, ...] | None = (limit,) * self.seat_count if limit else None
        # (seat, piece name or None while a build request waits to be placed, place, cost, public
        # fields as they were before paying, the action count after the build): only public
        # things, as observations share it.  It stands while no other action has been taken.
        self.undo_point: tuple | None = None

    def last_build(self) -> tuple | None:
        """The build that may be undone now: (seat, piece name, place, cost, saved fields, count)
        of the last action if it was a paid build, else None."""
        point = self.undo_point
        if point is None or point[1] is None or point[5] != self.action_count:
            return None
        return point

    def _requested_snapshot(self) -> dict[str, Any] | None:
        """What a build request just before this placement saved (None if something came
        between them)."""
        point = self.undo_point
        return point[4] if point[1] is None and point[5] == self.action_count - 1 else None

    def _undo_snapshot(self, seat: int) -> dict[str, Any]:
        snap = {name: self.__dict__[name][:] for name in _UNDO_LISTS}
        snap.update((name, self.__dict__[name]) for name in _UNDO_VALUES)
        snap["pieces_row"] = self.pieces[seat][:]
        snap["ratios_row"] = self.ratios[seat][:]
        return snap

    def _check_undo_build(self, seat: int, action: tuple) -> None:
        if not self.undo_enabled:
            raise IllegalAction("NO_UNDO", "undoing builds is off in this game (option undo_builds)")
        point = self.last_build()
        if point is None or point[0] != seat:
            raise IllegalAction("NOTHING_TO_UNDO", "only your own last build can be undone, right after it")
        piece, at = action[1], action[2]
        if PIECE_FROM_NAME[point[1]] != piece or point[2] != at:
            raise IllegalAction("NOT_LAST_BUILD", f"your last build was a {point[1]} at {point[2]}")
        if self.undos_left is not None and not self.undos_left[seat]:
            raise IllegalAction("NO_UNDOS_LEFT", f"seat {seat} has used all {self.undo_limit} of its undos")

    def _do_undo_build(self, seat: int, action: tuple) -> list[Event]:
        piece, at, cost, snap = self.undo_point[1:5]
        holder = self.longest_road
        d = self.__dict__
        for name in _UNDO_LISTS:
            d[name] = snap[name][:]
        for name in _UNDO_VALUES:
            d[name] = snap[name]
        self.pieces[seat][:] = snap["pieces_row"]
        self.ratios[seat][:] = snap["ratios_row"]
        self._receive(seat, cost)
        self.undo_point = None
        if self.undos_left is not None:
            self.undos_left = _with(self.undos_left, seat, self.undos_left[seat] - 1)
        events = [event("build_undone", {"seat": seat, "piece": piece, "at": at, "refund": list(cost),
                                         "undos_left": None if self.undos_left is None else self.undos_left[seat]})]
        if self.longest_road != holder:
            events.append(event("longest_road", {"seat": self.longest_road, "lengths": list(self.road_length)}))
        return events


def _with(row: tuple, index: int, value: Any) -> tuple:
    return row[:index] + (value,) + row[index + 1:]


# what a build changes, besides the builder's hand, pieces and harbour ratios
_UNDO_LISTS = ("node_owner", "node_level", "edge_owner", "building_vp", "road_length", "reach", "road_nodes",
               "road_edges")
_UNDO_VALUES = ("blocked", "occupied_edges", "longest_road", "_payouts", "phase", "build_request", "city_built")

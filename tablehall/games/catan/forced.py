"""Ending a stalled player's turn for it, mixed into `rules.CatanState`: what JSettlers' server
does with a robot that stops acting in its own turn (its robot watchdog, "force end turn").

``force_end_turn`` is the server's action, taken in the name of the player to move, never the
player's choice: it is not among `legal_actions`, so no bot picks it.  Its phases (`TURN_PHASES`)
are the player's own turn: before or after the roll, placing what it paid for or a Road
Building card's roads, its special building turn, and the initial placement while its road (or
ship) waits.  What the player was placing is cancelled as ``cancel_build`` cancels it (the cost
back; a Road Building card none of whose roads was placed back in the hand, `rules`), then the
turn, or the special building turn, ends as ``end_turn`` ends it.

In the initial placement the settlement whose road was not placed is taken back: the game is
as it was before that settlement (its resources and harbour gone, a fog hex it revealed hidden
again), and the placement goes on with the next player, the player losing that placement.  When
that was the last placement and the player is the one to roll first, its first turn is ended
too (the recorded JSettlers games pass the turn on in both cases).
"""

from __future__ import annotations

from tablehall.core import Event

from . import actions as A
from .constants import ROLL_OR_CARD
from .events import event
from .fields import CatanFields

#: what the game keeps of itself across a taken-back settlement: its generator, its count of actions
_KEPT = ("rng", "action_count")


class ForcedEndTurn(CatanFields):
    """``force_end_turn`` (a mixin of CatanState)."""

    def _do_force_end_turn(self, seat: int, action: tuple) -> list[Event]:
        forced = event("turn_forced", {"seat": seat, "special": self.sb_after >= 0, "setup": False, "ended": True})
        events = [forced]
        if self.before_setup_settlement is not None:
            forced.data["setup"] = True
            forced.data["ended"] = self._take_back_setup_settlement(seat, events)
            return events
        if self.phase in self.rule_table["cancel_build"][2]:  # placing: as the player's own cancel
            events += self._do_cancel_build(seat, A.CANCEL_BUILD)
        return events + self._do_end_turn(seat, A.END_TURN)

    def _keep_before_setup_settlement(self) -> None:
        """An initial settlement is placed: the game as it is now, should it be taken back."""
        self.before_setup_settlement = self.copy()

    def _take_back_setup_settlement(self, seat: int, events: list[Event]) -> bool:
        """Take back `seat`'s settlement whose road waits, and go on with the placement; True if
        the placement ended with `seat` to roll first, whose turn then ends too."""
        node = self.last_settlement
        before = self.before_setup_settlement
        kept = {name: self.__dict__[name] for name in _KEPT}
        self.__dict__.update(before.__dict__)
        self.__dict__.update(kept)
        self._checked = None
        events.append(event("settlement_taken_back", {"seat": seat, "at": node}))
        self._next_setup_step(events)
        if self.phase is ROLL_OR_CARD and self.current == seat:
            self._end_turn_of(seat, events)
            return True
        return False

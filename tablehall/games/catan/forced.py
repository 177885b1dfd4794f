"""Ending a stalled player's turn for it, mixed into `rules.CatanState`: what JSettlers' server
does with a robot that stops acting in its own turn (its robot watchdog, "force end turn").

``force_end_turn`` is the server's action, taken in the name of the player to move, never the
player's choice: it is not among `legal_actions`, so no bot picks it.  Its phases (`TURN_PHASES`)
are the player's own turn: before or after the roll, placing what it paid for or a Road
Building card's roads, its special building turn.  What the player was placing is cancelled
as ``cancel_build`` cancels it (the cost back; a Road Building card none of whose roads was
placed back in the hand, `rules`), then the turn, or the special building turn, ends as
``end_turn`` ends it.  The sea board adds a ship being placed and the initial placement, where
a settlement whose road or ship is not placed yet is taken back (`sea.state`).
"""

from __future__ import annotations

from tablehall.core import Event

from . import actions as A
from .events import event
from .fields import CatanFields


class ForcedEndTurn(CatanFields):
    """``force_end_turn`` (a mixin of CatanState)."""

    def _do_force_end_turn(self, seat: int, action: tuple) -> list[Event]:
        events = [event("turn_forced", {"seat": seat, "special": self.sb_after >= 0})]
        if self.phase in self.rule_table["cancel_build"][2]:  # placing: as the player's own cancel
            events += self._do_cancel_build(seat, A.CANCEL_BUILD)
        return events + self._do_end_turn(seat, A.END_TURN)

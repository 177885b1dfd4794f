"""Finding a game in the web hall: the open seeks and rematch offers (the rules are
`accounts.seeks`), and, for each account, the seats of the games started for it by a seek or a
rematch it was in, so each person's page finds its own seat (its address holds the seat's
token: shown only to that account)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..accounts.seeks import Rematches, Seeks
from ..core.identity import Identity

#: started games remembered per account (the newest)
KEPT = 10


@dataclass
class Finding:
    seeks: Seeks = field(default_factory=Seeks)
    rematches: Rematches = field(default_factory=Rematches)
    started: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # account name -> its seats

    def seated(self, names_and_seats: list[tuple[str, dict[str, Any]]]) -> None:
        """A game started: each account's seat (`{"id", "seat", "play", ...}`)."""
        for name, seat in names_and_seats:
            self.started[name] = [seat, *self.started.get(name, [])][:KEPT]

    def seats_of(self, name: str) -> list[dict[str, Any]]:
        return list(self.started.get(name, []))

    def forget(self, name: str) -> None:
        """`name` logged out or is gone: its seeks and remembered seats too."""
        self.seeks.leave(Identity(name))
        self.started.pop(name, None)

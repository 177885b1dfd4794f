"""One player's personal board: warehouse depots, leader extra depots, strongbox, production
slots, leader cards and faith marker.  Pure data and the storage rules that act on it.

Storage places are numbered as the protocol numbers them: lines 1-3 are the warehouse depots
(capacity 1, 2, 3), 4 and 5 the extra depots of active depot leaders in activation order.
"""

from __future__ import annotations

from .data import (CARDS, DEPOT_CAPACITIES, EXTRA_DEPOT_SLOTS, LEADERS, PRODUCTION_SLOTS, REPORTS,
                   TRACK_POINTS, Bundle)

DEPOTS = len(DEPOT_CAPACITIES)
EMPTY = -1

# Where a payment or a stored resource comes from.
WAREHOUSE, EXTRA, STRONGBOX = "warehouse", "extra", "strongbox"
SOURCES = (WAREHOUSE, EXTRA, STRONGBOX)


class StorageError(Exception):
    """A storage move the rules forbid; `code` is the kernel's IllegalAction code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Player:
    """Everything on one seat's side of the table."""

    __slots__ = ("depot_type", "depot_count", "extra_type", "extra_count", "strongbox", "slots",
                 "hand", "set_aside", "active", "discarded", "faith", "tiles", "out", "produced_output")

    def __init__(self) -> None:
        self.depot_type = [EMPTY] * DEPOTS
        self.depot_count = [0] * DEPOTS
        self.extra_type: list[int] = []  # one entry per active depot leader
        self.extra_count: list[int] = []
        self.strongbox = [0, 0, 0, 0]
        self.slots: list[list[int]] = [[] for _ in range(PRODUCTION_SLOTS)]
        self.hand: list[int] = []  # leaders kept, not yet played (private)
        self.set_aside: list[int] = []  # the dealt leaders not kept (private, out of the game)
        self.active: list[int] = []  # leaders activated (public)
        self.discarded: list[int] = []  # leaders discarded for faith (private)
        self.faith = 0
        self.tiles = [0] * len(REPORTS)  # 0 undecided, 1 face up, -1 removed
        self.out = None  # the EndCause when the seat was taken out
        self.produced_output = [0, 0, 0, 0]  # this turn's production output, strongboxed at its end

    def copy(self) -> "Player":
        twin = Player.__new__(Player)
        twin.depot_type = self.depot_type[:]
        twin.depot_count = self.depot_count[:]
        twin.extra_type = self.extra_type[:]
        twin.extra_count = self.extra_count[:]
        twin.strongbox = self.strongbox[:]
        twin.slots = [s[:] for s in self.slots]
        twin.hand = self.hand[:]
        twin.set_aside = self.set_aside[:]
        twin.active = self.active[:]
        twin.discarded = self.discarded[:]
        twin.faith = self.faith
        twin.tiles = self.tiles[:]
        twin.out = self.out
        twin.produced_output = self.produced_output[:]
        return twin

    # -- counting -----------------------------------------------------------------------------
    def in_warehouse(self, resource: int) -> int:
        for line in range(DEPOTS):
            if self.depot_type[line] == resource:
                return self.depot_count[line]
        return 0

    def in_extra(self, resource: int) -> int:
        return sum(n for t, n in zip(self.extra_type, self.extra_count) if t == resource)

    def held(self) -> Bundle:
        """Resources held in warehouse, extra depots and strongbox, per type."""
        out = self.strongbox[:]
        for line in range(DEPOTS):
            if self.depot_type[line] != EMPTY:
                out[self.depot_type[line]] += self.depot_count[line]
        for resource, count in zip(self.extra_type, self.extra_count):
            out[resource] += count
        return tuple(out)  # type: ignore[return-value]

    def card_count(self) -> int:
        return sum(len(s) for s in self.slots)

    def cards_of(self, color: int, level: int = 0) -> int:
        """Cards of `color` in the slots, covered ones included; `level` 0 counts any level."""
        return sum(1 for slot in self.slots for c in slot
                   if CARDS[c].color == color and (level == 0 or CARDS[c].level == level))

    def leaders_of(self, kind: str) -> list[int]:
        return [i for i in self.active if LEADERS[i].kind == kind]

    def discount(self) -> Bundle:
        out = [0, 0, 0, 0]
        for leader in self.leaders_of("discount"):
            out[LEADERS[leader].resource] += 1
        return tuple(out)  # type: ignore[return-value]

    def meets(self, leader_id: int) -> bool:
        """Whether the requirement of `leader_id` is met (checked, never paid).  This turn's
        production output counts: it is held, only not spendable before the turn ends."""
        leader = LEADERS[leader_id]
        if any(self.cards_of(color, level) < count for color, level, count in leader.needs_cards):
            return False
        held = self.held()
        return all(h + o >= n for h, o, n in zip(held, self.produced_output, leader.needs_resources))

    def points(self) -> int:
        cards = sum(CARDS[c].points for slot in self.slots for c in slot)
        tiles = sum(points for (_, _, points), tile in zip(REPORTS, self.tiles) if tile == 1)
        leaders = sum(LEADERS[i].points for i in self.active)
        return cards + TRACK_POINTS[self.faith] + tiles + leaders + sum(self.held()) // 5

    # -- production slots ---------------------------------------------------------------------
    def top_level(self, slot: int) -> int:
        stack = self.slots[slot]
        return CARDS[stack[-1]].level if stack else 0

    def slot_problem(self, slot: int, level: int) -> str | None:
        """None if a level-`level` card may go on `slot`, else the kernel error code."""
        top = self.top_level(slot)
        if top == level - 1:
            return None
        if level == 1 or top >= level:
            return "NO_SPACE"
        return "NEED_LEVEL1" if level == 2 else "NEED_LEVEL2"

    def slots_for(self, level: int) -> list[int]:
        return [s for s in range(PRODUCTION_SLOTS) if self.top_level(s) == level - 1]

    # -- storing ------------------------------------------------------------------------------
    def place_problem(self, resource: int, place: int) -> StorageError | None:
        """Why `resource` cannot go to storage `place` (1-3 lines, 4-5 extra depots), or None."""
        if 1 <= place <= DEPOTS:
            line = place - 1
            kind, count = self.depot_type[line], self.depot_count[line]
            if kind == EMPTY:
                if self.in_warehouse(resource):
                    return StorageError("CANT_PLACE", "Another line already holds this resource")
                return None
            if kind != resource:
                return StorageError("CANT_PLACE", "This line holds another resource")
            if count >= DEPOT_CAPACITIES[line]:
                return StorageError("CANT_PLACE", "This line is full")
            return None
        extra = place - DEPOTS - 1
        if not 0 <= extra < len(self.extra_type):
            return StorageError("NO_EXTRA_DEPOT", "You don't have this extra depot")
        if self.extra_type[extra] != resource:
            return StorageError("CANT_PLACE", "This extra depot holds another resource")
        if self.extra_count[extra] >= EXTRA_DEPOT_SLOTS:
            return StorageError("CANT_PLACE", "This extra depot is full")
        return None

    def store(self, resource: int, place: int) -> None:
        """Put one `resource` in `place` (checked with `place_problem` first)."""
        if place <= DEPOTS:
            self.depot_type[place - 1] = resource
            self.depot_count[place - 1] += 1
        else:
            self.extra_count[place - DEPOTS - 1] += 1

    def store_anywhere(self, resource: int) -> int:
        """Store `resource` in the warehouse, making room by moving its line to a larger empty
        one if needed (setup resources); returns the line used (1-3), 0 if nothing fits."""
        for place in range(1, DEPOTS + 1):
            if self.place_problem(resource, place) is None:
                self.store(resource, place)
                return place
        for line in range(DEPOTS):
            if self.depot_type[line] != resource:
                continue
            for bigger in range(line + 1, DEPOTS):
                if self.depot_type[bigger] == EMPTY and DEPOT_CAPACITIES[bigger] > self.depot_count[line]:
                    self._swap(line, bigger)
                    self.store(resource, bigger + 1)
                    return bigger + 1
        return 0

    def move_problem(self, a: int, b: int) -> StorageError | None:
        """Why 'Move resources -a -b' is refused, or None.  Two warehouse lines swap their
        contents; with an extra depot, resources of its type move from `a` to `b`."""
        places = DEPOTS + len(self.extra_type)
        if not (1 <= a <= places and 1 <= b <= places) or a == b:
            return StorageError("BAD_INDEX", "Choose valid warehouse lines to switch")
        if a <= DEPOTS and b <= DEPOTS:
            ca, cb = self.depot_count[a - 1], self.depot_count[b - 1]
            if ca == 0 and cb == 0:
                return StorageError("CANT_SWITCH", "Can't switch these lines: both are empty")
            if ca > DEPOT_CAPACITIES[b - 1] or cb > DEPOT_CAPACITIES[a - 1]:
                return StorageError("CANT_SWITCH", "Can't switch these lines: the resources do not fit")
            return None
        if self._transfer_amount(a, b)[1] == 0:
            return StorageError("CANT_SWITCH", "Can't switch these lines")
        return None

    def move(self, a: int, b: int) -> None:
        if a <= DEPOTS and b <= DEPOTS:
            self._swap(a - 1, b - 1)
            return
        resource, amount = self._transfer_amount(a, b)
        for _ in range(amount):
            self._take_from(a, resource)
            self.store(resource, b)

    def _swap(self, x: int, y: int) -> None:
        self.depot_type[x], self.depot_type[y] = self.depot_type[y], self.depot_type[x]
        self.depot_count[x], self.depot_count[y] = self.depot_count[y], self.depot_count[x]

    def _content(self, place: int) -> tuple[int, int]:
        if place <= DEPOTS:
            return self.depot_type[place - 1], self.depot_count[place - 1]
        extra = place - DEPOTS - 1
        return self.extra_type[extra], self.extra_count[extra]

    def _transfer_amount(self, a: int, b: int) -> tuple[int, int]:
        """(resource, how many) move from place `a` to place `b` when one is an extra depot."""
        resource, count = self._content(a)
        if count == 0 or self.place_problem(resource, b) is not None:
            return resource, 0
        _, stored = self._content(b)
        capacity = DEPOT_CAPACITIES[b - 1] if b <= DEPOTS else EXTRA_DEPOT_SLOTS
        return resource, min(count, capacity - stored)

    def _take_from(self, place: int, resource: int) -> None:
        if place <= DEPOTS:
            line = place - 1
            self.depot_count[line] -= 1
            if self.depot_count[line] == 0:
                self.depot_type[line] = EMPTY
        else:
            self.extra_count[place - DEPOTS - 1] -= 1

    def take_problem(self, source: str, resource: int) -> StorageError | None:
        """Why one `resource` cannot be taken from `source` to pay, or None."""
        if self.has_in(source, resource):
            return None
        if source == WAREHOUSE:
            return StorageError("NOT_AVAILABLE", "This resource isn't available in your Warehouse depot")
        if source == EXTRA:
            if resource not in self.extra_type:
                return StorageError("NO_EXTRA_DEPOT", "You have no extra depot for this resource")
            return StorageError("NOT_AVAILABLE", "Already empty")
        return StorageError("NOT_AVAILABLE", "This resource isn't available in your Strongbox")

    def take(self, source: str, resource: int) -> None:
        """Remove one `resource` from `source` to pay (checked with `take_problem` first)."""
        if source == WAREHOUSE:
            line = self.depot_type.index(resource)
            self._take_from(line + 1, resource)
        elif source == EXTRA:
            extra = next(e for e, kind in enumerate(self.extra_type) if kind == resource and self.extra_count[e])
            self.extra_count[extra] -= 1
        else:
            self.strongbox[resource] -= 1

    def has_in(self, source: str, resource: int) -> bool:
        if source == WAREHOUSE:
            return self.in_warehouse(resource) > 0
        if source == EXTRA:
            return self.in_extra(resource) > 0
        return self.strongbox[resource] > 0

    def flush_production(self) -> bool:
        """Move this turn's production output into the strongbox; True if there was any."""
        if not any(self.produced_output):
            return False
        for r in range(4):
            self.strongbox[r] += self.produced_output[r]
        self.produced_output = [0, 0, 0, 0]
        return True


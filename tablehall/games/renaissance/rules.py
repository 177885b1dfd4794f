"""The rules of Masters of Renaissance for 1-4 seats (1 = solo against Lorenzo), as a kernel
`GameState`.

Granularity: one kernel action per decision the protocol asks for.  A command that needs
follow-up choices opens a *task* the seat finishes with sub-step actions before anything else:

    ("keep", leader, leader)          setup: the two leaders kept of the four dealt
    ("pick", resource)                setup: a starting resource (seats 2-4), stored automatically
    ("move", a, b)                    swap two warehouse lines, or move to/from an extra depot (4-5)
    ("market", "row"|"column", n)     main action; opens a task: ("white", resource|None)* and
    ("white", resource | None)          ("place", 0-5)* until every resource is stored (1-5)
    ("place", place)                    or discarded (0)
    ("buy", level, color)             main action; opens a task: ("pay", source, resource)* then
    ("pay", source, resource)           ("slot", 1-3)
    ("slot", n)
    ("produce", "slot", n) | ("produce", "base") | ("produce", "leader", leader_id)
                                      main action (several productions make one action); opens a
    ("output", resource)                task: ("pay", ...)* then ("output", resource)* for "any"
    ("activate", leader) | ("discard", leader)    any number, whenever no task is open
    ("end",)                          ends the turn once the main action is done

Resources are named in actions ("coin"), sources are "warehouse", "extra", "strongbox".
Production outputs go to the strongbox when the production action is over (the first other
action of the turn), so one production never pays for another.
"""

from __future__ import annotations

from typing import Any

from tablehall.core.events import EVERYONE, Event, all_but, only
from tablehall.core.game import GameState, IllegalAction
from tablehall.core.result import EndCause, Result, SeatResult, rank_by
from tablehall.core.rng import Rng

from . import solo, views
from .fields import RenaissanceFields, Task
from .board import DEPOTS, SOURCES, Player
from .data import (BASE_INPUT, BASE_OUTPUT, CARDS, CARDS_TO_END, COLORS, COLUMNS, DECKS, LAST_SPACE,
                   LEADER_IDS, LEADERS, LEADERS_DEALT, MARBLE_NAMES, MARBLES, RED, REPORTS, RESOURCES,
                   ROWS, SETUP, WHITE)

SETUP_PHASE, TURNS, OVER = "setup", "turns", "over"
RESOURCE_INDEX = {name: i for i, name in enumerate(RESOURCES)}
COLOR_INDEX = {name: i for i, name in enumerate(COLORS)}
BASE_BIT = 1 << 3  # production bits: slots 0-2, base, then active leaders by position


def illegal(code: str, message: str) -> IllegalAction:
    return IllegalAction(code, message)


class RenaissanceState(RenaissanceFields, GameState):
    def __init__(self, seat_count: int, options: dict[str, Any], seed: int) -> None:
        if not 1 <= seat_count <= len(SETUP):
            raise ValueError(f"Masters of Renaissance is played by 1-{len(SETUP)} seats")
        self.seat_count = seat_count
        self.seed = seed
        self.rng = Rng(seed)
        self.players = [Player() for _ in range(seat_count)]
        marbles = list(MARBLES)
        self.rng.shuffle(marbles)
        self.market = marbles[:-1]  # row-major ROWS x COLUMNS
        self.spare = marbles[-1]
        self.decks = [list(deck) for deck in DECKS]  # the top card is the last element
        for deck in self.decks:
            self.rng.shuffle(deck)
        leaders = list(LEADER_IDS)
        self.rng.shuffle(leaders)
        self.dealt = [sorted(leaders[s * LEADERS_DEALT:(s + 1) * LEADERS_DEALT]) for s in range(seat_count)]
        self.picks_left = [SETUP[s][0] for s in range(seat_count)]
        for seat in range(seat_count):
            self.players[seat].faith = SETUP[seat][1]
        self.lorenzo = solo.Lorenzo(self.rng) if seat_count == 1 else None
        self.phase = SETUP_PHASE
        self.current = 0
        self.main = ""  # "" | market | buy | produce: this turn's main action
        self.produced = 0  # bits of the productions used this turn
        self.task: Task | None = None
        self.reports_done = [False] * len(REPORTS)
        self.final_round = False
        self.end_reason = ""
        self.lorenzo_won = False
        self.ended_by: EndCause | None = None  # the forfeit that ended the game, if one did
        self.steps = 0

    # -- who acts -----------------------------------------------------------------------------
    @property
    def solo(self) -> bool:
        return self.lorenzo is not None

    def _in(self, seat: int) -> bool:
        return self.players[seat].out is None

    def _needs_setup(self, seat: int) -> bool:
        return self._in(seat) and (bool(self.dealt[seat]) or self.picks_left[seat] > 0)

    def to_act(self) -> tuple[int, ...]:
        if self.phase == SETUP_PHASE:
            return tuple(s for s in range(self.seat_count) if self._needs_setup(s))
        if self.phase == TURNS:
            return (self.current,)
        return ()

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    # -- legal actions --------------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[tuple]:
        if seat not in self.to_act():
            return []
        player = self.players[seat]
        if self.phase == SETUP_PHASE:
            if self.dealt[seat]:
                hand = self.dealt[seat]
                return [("keep", a, b) for i, a in enumerate(hand) for b in hand[i + 1:]]
            return [("pick", name) for name in RESOURCES]
        task = self.task
        if task is not None:
            return self._task_actions(player, task)
        actions: list[tuple] = self._moves(player)
        held = player.held()
        if not self.main:
            actions += [("market", "row", n) for n in range(1, ROWS + 1)]
            actions += [("market", "column", n) for n in range(1, COLUMNS + 1)]
            discount = player.discount()
            for index, deck in enumerate(self.decks):
                if not deck:
                    continue
                card = CARDS[deck[-1]]
                if player.slots_for(card.level) and all(
                        h >= max(0, c - d) for h, c, d in zip(held, card.cost, discount)):
                    actions.append(("buy", card.level, COLORS[card.color]))
        if self.main in ("", "produce"):
            actions += self._productions(player, held)
        for leader in player.hand:
            if player.meets(leader):
                actions.append(("activate", leader))
            actions.append(("discard", leader))
        if self.main:
            actions.append(("end",))
        return actions

    def _task_actions(self, player: Player, task: Task) -> list[tuple]:
        step = task.step()
        if step == "white":
            return [("white", RESOURCES[LEADERS[i].resource]) for i in player.leaders_of("white_marble")] + [
                ("white", None)]
        if step == "place":
            resource = task.incoming[0]
            places = [p for p in range(1, DEPOTS + 1 + len(player.extra_type))
                      if player.place_problem(resource, p) is None]
            return [("place", p) for p in places] + [("place", 0)] + self._moves(player)
        if step == "pay":
            wanted = range(4) if task.pay_any else [r for r in range(4) if task.pay[r]]
            return [("pay", source, RESOURCES[r]) for r in wanted for source in SOURCES
                    if player.has_in(source, r)]
        if step == "slot":
            return [("slot", s + 1) for s in player.slots_for(CARDS[task.card].level)]
        return [("output", name) for name in RESOURCES]

    def _moves(self, player: Player) -> list[tuple]:
        places = DEPOTS + len(player.extra_type)
        return [("move", a, b) for a in range(1, places + 1) for b in range(1, places + 1)
                if (a < b or a > DEPOTS or b > DEPOTS) and a != b and player.move_problem(a, b) is None]

    def _productions(self, player: Player, held: tuple[int, ...]) -> list[tuple]:
        out = []
        for slot in range(len(player.slots)):
            stack = player.slots[slot]
            if stack and not self.produced & (1 << slot) and all(
                    h >= n for h, n in zip(held, CARDS[stack[-1]].input)):
                out.append(("produce", "slot", slot + 1))
        if not self.produced & BASE_BIT and sum(held) >= BASE_INPUT:
            out.append(("produce", "base"))
        for position, leader in enumerate(player.active):
            if LEADERS[leader].kind == "production" and not self.produced & (BASE_BIT << 1 + position) and all(
                    h >= n for h, n in zip(held, LEADERS[leader].input)):
                out.append(("produce", "leader", leader))
        return out

    # -- checking ---------------------------------------------------------------------------
    def check(self, seat: int, action: Any) -> None:
        self._checked(seat, action)

    def _checked(self, seat: int, action: Any) -> tuple:
        """Validate `action` for `seat`; returns (handler, parsed arguments)."""
        if self.phase == OVER:
            raise illegal("GAME_OVER", "The game is over")
        if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
            raise illegal("BAD_ACTION", f"Not an action: {action!r}")
        if not 0 <= seat < self.seat_count or not self._in(seat):
            raise illegal("NOT_YOUR_TURN", "You are not in this game")
        name = action[0]
        rule = _RULES.get(name)
        if rule is None:
            raise illegal("BAD_ACTION", f"Unknown action {name!r}")
        kind, arity, check, do = rule
        if len(action) - 1 not in arity:
            raise illegal("BAD_ACTION", f"{name}: wrong number of parameters")
        if self.phase == SETUP_PHASE:
            if kind != "setup":
                raise illegal("SETTING_UP", "The game has not started: finish the setup first")
            if not self._needs_setup(seat):
                raise illegal("ACTION_DONE", "Your setup is complete: wait for the others")
        else:
            if kind == "setup":
                raise illegal("ACTION_DONE", "The setup is over")
            if seat != self.current:
                raise illegal("NOT_YOUR_TURN", "It is not your turn")
            task = self.task
            if kind == "step":
                if task is None:
                    raise illegal("NO_TASK", "There is nothing to choose now")
                if task.step() != name:
                    raise illegal("PENDING", self._pending_text(task))
            elif task is not None and not (name == "move" and task.kind == "market"):
                raise illegal("PENDING", self._pending_text(task))
        return do, check(self, seat, self.players[seat], *action[1:])

    @staticmethod
    def _pending_text(task: Task) -> str:
        return {"white": "Choose what the white marble becomes first",
                "place": "Store or discard the resources you took first",
                "pay": "Finish paying first", "slot": "Choose the slot for your card first",
                "output": "Choose the production output first"}[task.step()]

    # -- applying ---------------------------------------------------------------------------
    def apply(self, seat: int, action: Any) -> list[Event]:
        do, parsed = self._checked(seat, action)
        self.steps += 1
        events = do(self, seat, self.players[seat], parsed)
        if self.phase != OVER:
            events += self._end_checks()
        return events

    # setup ------------------------------------------------------------------------------------
    def _check_keep(self, seat: int, player: Player, a: Any, b: Any) -> tuple[int, int]:
        hand = self.dealt[seat]
        if not hand:
            raise illegal("ACTION_DONE", "You have already chosen your leader cards")
        if a not in hand or b not in hand:
            raise illegal("BAD_INDEX", "Choose two of the four leader cards you were dealt")
        if a == b:
            raise illegal("BAD_CHOICE", "Choose two different leader cards")
        return a, b

    def _do_keep(self, seat: int, player: Player, kept: tuple[int, int]) -> list[Event]:
        player.hand = sorted(kept)
        player.set_aside = [i for i in self.dealt[seat] if i not in kept]
        self.dealt[seat] = []
        events = [Event("keep", {"seat": seat, "leaders": player.hand}, only(seat)),
                  Event("keep", {"seat": seat}, all_but(seat))]
        return events + self._setup_progress(seat)

    def _check_pick(self, seat: int, player: Player, name: Any) -> int:
        if self.dealt[seat]:
            raise illegal("PENDING", "Choose your leader cards first")
        if self.picks_left[seat] <= 0:
            raise illegal("ACTION_DONE", "You have no resources left to choose")
        return _resource(name)

    def _do_pick(self, seat: int, player: Player, resource: int) -> list[Event]:
        self.picks_left[seat] -= 1
        line = player.store_anywhere(resource)
        events = [Event("pick", {"seat": seat, "resource": RESOURCES[resource], "line": line})]
        return events + self._setup_progress(seat)

    def _setup_progress(self, seat: int) -> list[Event]:
        events = []
        if not self._needs_setup(seat):
            events.append(Event("ready", {"seat": seat}))
        return events + self._maybe_start_turns()

    def _maybe_start_turns(self) -> list[Event]:
        if self.phase != SETUP_PHASE or any(self._needs_setup(s) for s in range(self.seat_count)):
            return []
        self.phase = TURNS
        self.current = self._next_seat(-1)
        return [Event("turn", {"seat": self.current})]

    # storage ------------------------------------------------------------------------------------
    def _check_move(self, seat: int, player: Player, a: Any, b: Any) -> tuple[int, int]:
        if not (_is_int(a) and _is_int(b)):
            raise illegal("BAD_ACTION", "move: two line numbers")
        problem = player.move_problem(a, b)
        if problem is not None:
            raise illegal(problem.code, problem.message)
        return a, b

    def _do_move(self, seat: int, player: Player, lines: tuple[int, int]) -> list[Event]:
        player.move(*lines)
        return [Event("move", {"seat": seat, "from": lines[0], "to": lines[1]})]

    # market -----------------------------------------------------------------------------------
    def _check_market(self, seat: int, player: Player, axis: Any, index: Any) -> tuple[str, int]:
        self._check_main_free()
        if axis not in ("row", "column"):
            raise illegal("ROW_OR_COLUMN", "Choose a row or a column")
        size = ROWS if axis == "row" else COLUMNS
        if not _is_int(index) or not 1 <= index <= size:
            raise illegal("BAD_INDEX", f"Index out of bounds: {axis}s are 1-{size}")
        return axis, index

    def _check_main_free(self) -> None:
        if self.main:
            raise illegal("ACTION_DONE", "You have already done your action this turn")

    def _do_market(self, seat: int, player: Player, line: tuple[str, int]) -> list[Event]:
        axis, index = line
        if axis == "row":
            cells = [(index - 1) * COLUMNS + c for c in range(COLUMNS)]
        else:
            cells = [r * COLUMNS + index - 1 for r in range(ROWS)]
        taken = [self.market[c] for c in cells]
        # the spare goes in at the end of the line; the first marble falls out as the new spare
        pushed = taken[1:] + [self.spare]
        for cell, marble in zip(cells, pushed):
            self.market[cell] = marble
        self.spare = taken[0]
        self.main = "market"
        converts = bool(player.leaders_of("white_marble"))
        incoming = [m for m in taken if m < WHITE or (m == WHITE and converts)]
        events = [Event("market", {"seat": seat, "axis": axis, "index": index,
                                   "marbles": [MARBLE_NAMES[m] for m in taken], **views.market_json(self)})]
        red = taken.count(RED)
        if red:
            events += self._move_faith({seat: red}, "red marble")
        if incoming:
            self.task = Task("market", incoming)
        return events

    def _check_white(self, seat: int, player: Player, name: Any) -> int:
        if name is None:
            return -1
        resource = _resource(name)
        if resource not in [LEADERS[i].resource for i in player.leaders_of("white_marble")]:
            raise illegal("BAD_CHOICE", "No active leader turns white marbles into this resource")
        return resource

    def _do_white(self, seat: int, player: Player, resource: int) -> list[Event]:
        task = self.task
        assert task is not None
        if resource >= 0:
            task.incoming[0] = resource
            return [Event("white", {"seat": seat, "resource": RESOURCES[resource]})]
        task.incoming.pop(0)
        events = [Event("white", {"seat": seat, "resource": None})] + self._discarded(seat, 1)
        self._close_market_task()
        return events

    def _check_place(self, seat: int, player: Player, place: Any) -> int:
        if not _is_int(place) or not 0 <= place <= DEPOTS + 2:
            raise illegal("BAD_INDEX", "Choose a line 1-3, an extra depot 4-5 or 0 to discard")
        if place:
            problem = player.place_problem(self.task.incoming[0], place)  # type: ignore[union-attr]
            if problem is not None:
                raise illegal(problem.code, problem.message)
        return place

    def _do_place(self, seat: int, player: Player, place: int) -> list[Event]:
        task = self.task
        assert task is not None
        resource = task.incoming.pop(0)
        data = {"seat": seat, "resource": RESOURCES[resource], "place": place}
        if place:
            player.store(resource, place)
            events = [Event("store", data)]
        else:
            events = [Event("discard_resource", data)] + self._discarded(seat, 1)
        self._close_market_task()
        return events

    def _close_market_task(self) -> None:
        if self.task is not None and not self.task.incoming:
            self.task = None

    def _discarded(self, seat: int, count: int) -> list[Event]:
        """`seat` threw away `count` market resources: everybody else (Lorenzo) advances."""
        if self.lorenzo is not None:
            return self._move_lorenzo(count, "discarded resources")
        others = {s: count for s in range(self.seat_count) if s != seat and self._in(s)}
        return self._move_faith(others, "discarded resources")

    # development cards --------------------------------------------------------------------------
    def _check_buy(self, seat: int, player: Player, level: Any, color: Any) -> int:
        self._check_main_free()
        if not _is_int(level) or not 1 <= level <= 3 or color not in COLOR_INDEX:
            raise illegal("BAD_INDEX", "Index out of bounds: levels 1-3 and green, blue, yellow, purple")
        deck = self.decks[(level - 1) * len(COLORS) + COLOR_INDEX[color]]
        if not deck:
            raise illegal("EMPTY_PILE", "There are no cards left on the selected pile")
        problems = [player.slot_problem(s, level) for s in range(len(player.slots))]
        if None not in problems:
            code = next((p for p in problems if p != "NO_SPACE"), "NO_SPACE")
            raise illegal(code, SLOT_TEXT[code])
        price = self._price(player, deck[-1])
        if any(h < n for h, n in zip(player.held(), price)):
            raise illegal("NOT_ENOUGH", "Not enough resources to buy this card")
        return (level - 1) * len(COLORS) + COLOR_INDEX[color]

    @staticmethod
    def _price(player: Player, card: int) -> tuple[int, ...]:
        return tuple(max(0, c - d) for c, d in zip(CARDS[card].cost, player.discount()))

    def _do_buy(self, seat: int, player: Player, deck_index: int) -> list[Event]:
        # the card leaves its deck when it is slotted: a colour emptied by a purchase (solo)
        # counts once the purchase is complete
        card = self.decks[deck_index][-1]
        self.main = "buy"
        self.task = Task("buy", pay=self._price(player, card), card=card)
        return [Event("buy", {"seat": seat, "card": card})]

    def _deck_event(self, index: int) -> Event:
        deck = self.decks[index]
        return Event("deck", {"level": index // len(COLORS) + 1, "color": COLORS[index % len(COLORS)],
                              "top": deck[-1] if deck else None, "left": len(deck)})

    def _check_pay(self, seat: int, player: Player, source: Any, name: Any) -> tuple[str, int]:
        if source not in SOURCES:
            raise illegal("BAD_SOURCE", "Select a valid location (Warehouse depot, Extra depot or Strongbox)")
        resource = _resource(name)
        task = self.task
        assert task is not None
        if not task.pay[resource] and not task.pay_any:
            raise illegal("NOT_REQUIRED", "This resource isn't required")
        problem = player.take_problem(source, resource)
        if problem is not None:
            raise illegal(problem.code, problem.message)
        return source, resource

    def _do_pay(self, seat: int, player: Player, paid: tuple[str, int]) -> list[Event]:
        source, resource = paid
        task = self.task
        assert task is not None
        player.take(source, resource)
        if task.pay[resource]:
            task.pay[resource] -= 1
        else:
            task.pay_any -= 1
        events = [Event("pay", {"seat": seat, "source": source, "resource": RESOURCES[resource]})]
        if not task.paying and task.kind == "produce":
            events += self._produced(seat, player, task)
        return events

    def _check_slot(self, seat: int, player: Player, slot: Any) -> int:
        if not _is_int(slot) or not 1 <= slot <= len(player.slots):
            raise illegal("BAD_INDEX", f"Index out of bounds: slots are 1-{len(player.slots)}")
        problem = player.slot_problem(slot - 1, CARDS[self.task.card].level)  # type: ignore[union-attr]
        if problem is not None:
            raise illegal(problem, SLOT_TEXT[problem])
        return slot - 1

    def _do_slot(self, seat: int, player: Player, slot: int) -> list[Event]:
        card = self.task.card  # type: ignore[union-attr]
        deck_index = (CARDS[card].level - 1) * len(COLORS) + CARDS[card].color
        self.decks[deck_index].pop()
        player.slots[slot].append(card)
        self.task = None
        return [Event("slot", {"seat": seat, "card": card, "slot": slot + 1}), self._deck_event(deck_index)]

    # production ---------------------------------------------------------------------------------
    def _check_produce(self, seat: int, player: Player, kind: Any, which: Any = None) -> tuple[int, Task]:
        if self.main not in ("", "produce"):
            raise illegal("ACTION_DONE", "You have already done your action this turn")
        held = player.held()
        if kind == "base":
            if which is not None:
                raise illegal("BAD_ACTION", "The standard production takes no parameter")
            bit, task = BASE_BIT, Task("produce", pay_any=BASE_INPUT, choose=BASE_OUTPUT, source="base")
        elif kind == "slot":
            if not _is_int(which) or not 1 <= which <= len(player.slots):
                raise illegal("BAD_INDEX", f"Index out of bounds: slots are 1-{len(player.slots)}")
            stack = player.slots[which - 1]
            if not stack:
                raise illegal("EMPTY_SLOT", "There is no card in this slot")
            card = CARDS[stack[-1]]
            bit = 1 << (which - 1)
            task = Task("produce", pay=card.input, output=card.output, faith=card.faith, source="slot")
        elif kind == "leader":
            if which not in player.active or LEADERS[which].kind != "production":
                raise illegal("NOT_PRODUCTION_LEADER", "This is not one of your active production leaders")
            leader = LEADERS[which]
            bit = BASE_BIT << 1 + player.active.index(which)
            task = Task("produce", pay=leader.input, faith=leader.faith, choose=leader.output_any, source="leader")
        else:
            raise illegal("BAD_ACTION", "produce: slot, base or leader")
        if self.produced & bit:
            raise illegal("ALREADY_PRODUCED", "This production was already activated this turn")
        if sum(held) < task.pay_any or any(h < n for h, n in zip(held, task.pay)):
            raise illegal("NOT_ENOUGH", "Not enough resources for this production")
        return bit, task

    def _do_produce(self, seat: int, player: Player, parsed: tuple[int, Task]) -> list[Event]:
        bit, task = parsed
        self.main = "produce"
        self.produced |= bit
        self.task = task
        events = [Event("produce", {"seat": seat, "source": task.source})]
        if not task.paying:
            events += self._produced(seat, player, task)
        return events

    def _produced(self, seat: int, player: Player, task: Task) -> list[Event]:
        """A production is paid: its fixed output and faith now, outputs of choice next."""
        for r in range(4):
            player.produced_output[r] += task.output[r]
        events = []
        if task.faith:
            events += self._move_faith({seat: task.faith}, "production")
        if not task.choose:
            self.task = None
            events.append(Event("produced", {"seat": seat, "source": task.source}))
        return events

    def _check_output(self, seat: int, player: Player, name: Any) -> int:
        return _resource(name)

    def _do_output(self, seat: int, player: Player, resource: int) -> list[Event]:
        task = self.task
        assert task is not None
        player.produced_output[resource] += 1
        task.choose -= 1
        events = [Event("output", {"seat": seat, "resource": RESOURCES[resource]})]
        if not task.choose:
            self.task = None
            events.append(Event("produced", {"seat": seat, "source": task.source}))
        return events

    def _flush(self, seat: int, player: Player) -> list[Event]:
        if player.flush_production():
            return [Event("strongbox", {"seat": seat, "strongbox": dict(zip(RESOURCES, player.strongbox))})]
        return []

    # leaders -------------------------------------------------------------------------------------
    def _check_leader(self, seat: int, player: Player, leader: Any) -> int:
        if leader not in player.hand:
            raise illegal("BAD_INDEX", "Index out of bounds: that leader card is not in your hand")
        return leader

    def _check_activate(self, seat: int, player: Player, leader: Any) -> int:
        self._check_leader(seat, player, leader)
        if not player.meets(leader):
            raise illegal("REQUIREMENTS", "Unable to activate this card")
        return leader

    def _do_activate(self, seat: int, player: Player, leader: int) -> list[Event]:
        events = self._flush(seat, player)
        player.hand.remove(leader)
        player.active.append(leader)
        if LEADERS[leader].kind == "depot":
            player.extra_type.append(LEADERS[leader].resource)
            player.extra_count.append(0)
        return events + [Event("activate", {"seat": seat, "leader": leader})]

    def _do_discard(self, seat: int, player: Player, leader: int) -> list[Event]:
        events = self._flush(seat, player)
        player.hand.remove(leader)
        player.discarded.append(leader)
        events += [Event("discard_leader", {"seat": seat, "leader": leader}, only(seat)),
                   Event("discard_leader", {"seat": seat}, all_but(seat))]
        return events + self._move_faith({seat: 1}, "discarded leader")

    # end of turn ---------------------------------------------------------------------------------
    def _check_end(self, seat: int, player: Player) -> None:
        if not self.main:
            raise illegal("NO_ACTION", "You must do an action before ending your turn")

    def _do_end(self, seat: int, player: Player, _: None) -> list[Event]:
        events = self._flush(seat, player) + [Event("end_turn", {"seat": seat})]
        self.main, self.produced = "", 0
        if self.lorenzo is not None:
            if player.card_count() >= CARDS_TO_END or player.faith >= LAST_SPACE:
                return events + self._game_over("you bought your 7th card" if player.card_count() >= CARDS_TO_END
                                                else "you reached the end of the faith track")
            return events + self._lorenzo_turn()
        following = self._next_seat(seat)
        if self.final_round and following <= seat:
            return events + self._game_over(self.end_reason)
        self.current = following
        return events + [Event("turn", {"seat": following})]

    def _next_seat(self, seat: int) -> int:
        for step in range(1, self.seat_count + 1):
            candidate = (seat + step) % self.seat_count
            if self._in(candidate):
                return candidate
        return seat

    def _lorenzo_turn(self) -> list[Event]:
        lorenzo = self.lorenzo
        assert lorenzo is not None
        token = lorenzo.reveal(self.rng)
        data: dict[str, Any] = {"token": token.id, "effect": token.effect}
        events: list[Event] = []
        if token.effect == "discard":
            removed = solo.discard_cards(self.decks, token.color)
            data.update(color=COLORS[token.color], removed=removed)
            events.append(Event("token", data))
            touched = sorted({(CARDS[c].level - 1) * len(COLORS) + token.color for c in removed})
            events += [self._deck_event(i) for i in touched]
        else:
            events.append(Event("token", data))
            if token.effect == "cross+1,shuffle":
                events.append(Event("tokens_shuffled", {}))
            events += self._move_lorenzo(lorenzo.cross_steps(token), "solo token")
        if self.phase != OVER:
            events += self._end_checks()
        if self.phase != OVER:
            events.append(Event("turn", {"seat": 0}))
        return events

    # faith and Vatican reports -------------------------------------------------------------------
    def _move_faith(self, steps: dict[int, int], why: str) -> list[Event]:
        events = []
        for seat in sorted(steps):
            player = self.players[seat]
            before = player.faith
            player.faith = min(LAST_SPACE, before + steps[seat])
            if player.faith != before:
                events.append(Event("faith", {"seat": seat, "faith": player.faith, "why": why}))
        return events + self._vatican_reports()

    def _move_lorenzo(self, steps: int, why: str) -> list[Event]:
        lorenzo = self.lorenzo
        assert lorenzo is not None
        lorenzo.cross = min(LAST_SPACE, lorenzo.cross + steps)
        return [Event("black_cross", {"position": lorenzo.cross, "why": why})] + self._vatican_reports()

    def _vatican_reports(self) -> list[Event]:
        markers = [p.faith for p in self.players if p.out is None]
        if self.lorenzo is not None:
            markers.append(self.lorenzo.cross)
        top = max(markers, default=0)
        events = []
        for index, (first, pope, points) in enumerate(REPORTS):
            if self.reports_done[index] or top < pope:
                continue
            self.reports_done[index] = True
            tiles = {}
            for seat, player in enumerate(self.players):
                if player.out is None:
                    player.tiles[index] = 1 if player.faith >= first else -1
                    tiles[seat] = player.tiles[index] == 1
            events.append(Event("vatican", {"report": index + 1, "pope_space": pope, "points": points,
                                            "favour": {str(s): up for s, up in tiles.items()}}))
        return events

    # end of game -----------------------------------------------------------------------------------
    def _end_checks(self) -> list[Event]:
        """Lorenzo's two ways to win (at once) and, with several seats, the last round."""
        if self.lorenzo is not None:
            gone = solo.color_gone(self.decks)
            if self.lorenzo.cross >= LAST_SPACE:
                self.lorenzo_won = True
                return self._game_over("Lorenzo reached the end of the faith track")
            if gone >= 0:
                self.lorenzo_won = True
                return self._game_over(f"no {COLORS[gone]} development card is left")
            return []
        if self.final_round:
            return []
        for seat, player in enumerate(self.players):
            if player.out is None and (player.card_count() >= CARDS_TO_END or player.faith >= LAST_SPACE):
                trigger = "cards" if player.card_count() >= CARDS_TO_END else "faith"
                self.final_round = True
                self.end_reason = (f"seat {seat + 1} bought a 7th card" if trigger == "cards"
                                   else f"seat {seat + 1} reached the end of the faith track")
                return [Event("final_round", {"seat": seat, "trigger": trigger, "reason": self.end_reason})]
        return []

    def _game_over(self, reason: str) -> list[Event]:
        self.end_reason = reason
        self.phase = OVER
        self.task = None
        events = []
        for seat, player in enumerate(self.players):
            events += self._flush(seat, player)
        result = self.result()
        assert result is not None
        return events + [Event("game_over", {"reason": reason, "result": result.to_json()})]

    def forfeit(self, seat: int, cause: EndCause, reason: str = "") -> list[Event]:
        if self.phase == OVER or not self._in(seat):
            return []
        player = self.players[seat]
        player.out = cause
        events = [Event("forfeit", {"seat": seat, "cause": cause.value, "reason": reason})]
        remaining = [s for s in range(self.seat_count) if self._in(s)]
        if self.solo or len(remaining) < 2:
            self.lorenzo_won = self.solo
            self.ended_by = cause
            gone = "left the game" if cause is EndCause.LEFT else f"is out ({cause.value})"
            return events + self._game_over(f"seat {seat + 1} {gone}")
        if self.phase == SETUP_PHASE:
            return events + self._maybe_start_turns()
        if self.current == seat:
            self.task = None
            self.main, self.produced = "", 0
            events += self._flush(seat, player)
            following = self._next_seat(seat)
            if self.final_round and following <= seat:
                return events + self._game_over(self.end_reason)
            self.current = following
            events.append(Event("turn", {"seat": following}))
        return events

    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        points = [p.points() for p in self.players]
        held = [sum(p.held()) for p in self.players]
        outs = [p.out for p in self.players]
        if self.solo:
            won = not self.lorenzo_won and outs[0] is None
            seats = (SeatResult(0, 1 if won else 2, points[0], outs[0] or EndCause.REGULAR,
                                "" if won else f"Lorenzo won: {self.end_reason}"),)
            details = {"lorenzo": {"black_cross": self.lorenzo.cross, "won": not won},  # type: ignore[union-attr]
                       "reason": self.end_reason, "resources": held}
            return Result(seats, self.ended_by or EndCause.REGULAR, details)
        ranks = rank_by([(out is None, points[s], held[s]) for s, out in enumerate(outs)])
        seats = tuple(SeatResult(s, ranks[s], points[s], outs[s] or EndCause.REGULAR) for s in range(self.seat_count))
        return Result(seats, self.ended_by or EndCause.REGULAR, {"reason": self.end_reason, "resources": held})

    # -- what each party sees (views.py, on the declared fields) --------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def observation(self, seat: int) -> "RenaissanceState":
        return views.observation(self, seat)

    def copy(self, rng: Rng | None = None) -> "RenaissanceState":
        """An independent game; `rng` replaces the copy of the random stream (observations)."""
        twin = RenaissanceState.__new__(RenaissanceState)
        twin.__dict__.update(self.__dict__)
        twin.rng = self.rng.copy() if rng is None else rng
        twin.players = [p.copy() for p in self.players]
        twin.market = self.market[:]
        twin.decks = [d[:] for d in self.decks]
        twin.dealt = [d[:] for d in self.dealt]
        twin.picks_left = self.picks_left[:]
        twin.lorenzo = self.lorenzo.copy() if self.lorenzo is not None else None
        twin.task = self.task.copy() if self.task is not None else None
        twin.reports_done = self.reports_done[:]
        return twin

    def start_events(self) -> list[Event]:
        events = []
        for seat in range(self.seat_count):
            events.append(Event("deal", {"seat": seat, "leaders": self.dealt[seat][:]}, only(seat)))
            events.append(Event("deal", {"seat": seat, "count": len(self.dealt[seat])}, all_but(seat)))
        return events + [Event("start", {"seats": self.seat_count, **views.market_json(self),
                                         "faith": [p.faith for p in self.players]}, EVERYONE)]


SLOT_TEXT = {"NO_SPACE": "No more space", "NEED_LEVEL1": "No level 1 card active",
             "NEED_LEVEL2": "No level 2 card active"}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _resource(name: Any) -> int:
    index = RESOURCE_INDEX.get(name) if isinstance(name, str) else None
    if index is None:
        raise illegal("BAD_RESOURCE", "Select a valid resource (Coin, Stone, Servant or Shield)")
    return index


S = RenaissanceState
# action name -> (kind, accepted parameter counts, check, do); kind: setup | turn | step
_RULES = {
    "keep": ("setup", (2,), S._check_keep, S._do_keep),
    "pick": ("setup", (1,), S._check_pick, S._do_pick),
    "move": ("turn", (2,), S._check_move, S._do_move),
    "market": ("turn", (2,), S._check_market, S._do_market),
    "white": ("step", (1,), S._check_white, S._do_white),
    "place": ("step", (1,), S._check_place, S._do_place),
    "buy": ("turn", (2,), S._check_buy, S._do_buy),
    "pay": ("step", (2,), S._check_pay, S._do_pay),
    "slot": ("step", (1,), S._check_slot, S._do_slot),
    "produce": ("turn", (1, 2), S._check_produce, S._do_produce),
    "output": ("step", (1,), S._check_output, S._do_output),
    "activate": ("turn", (1,), S._check_activate, S._do_activate),
    "discard": ("turn", (1,), S._check_leader, S._do_discard),
    "end": ("turn", (0,), S._check_end, S._do_end),
}
del S

"""Masters of Renaissance as an environment, 1-4 seats (1: solo against Lorenzo il Magnifico,
who plays inside the engine after each of the seat's turns).

The engine already splits every command into single decisions (take a market line, then say
where each resource goes; buy a card, then pay it resource by resource, then pick its slot), so
every index is one whole engine action and the mask is the engine's `legal_actions`, looked up
in one table, plus the warehouse moves that list leaves out (a swap named the other way round,
a move while a white marble waits).  Leaders are named by their card ids (49..64).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tablehall.games.renaissance.board import DEPOTS, SOURCES
from tablehall.games.renaissance.data import (CARDS, COLORS, COLUMNS, LAST_SPACE, LEADER_IDS, MARBLE_NAMES,
                                              REPORTS, RESOURCES, ROWS, TOKENS)
from tablehall.games.renaissance.rules import OVER, SETUP_PHASE, TURNS, RenaissanceState

from .adapter import ActionIndex, Adapter
from .layout import Layout, Staging

LEADER_POSITION = {leader: i for i, leader in enumerate(LEADER_IDS)}
KEEP_PAIRS = tuple((a, b) for i, a in enumerate(LEADER_IDS) for b in LEADER_IDS[i + 1:])
PLACES = DEPOTS + 2  # warehouse lines 1-3, extra depots 4-5
MOVES = tuple((a, b) for a in range(1, PLACES + 1) for b in range(1, PLACES + 1) if a != b)
LEVELS = (1, 2, 3)
MARKET_LINES = tuple(("row", n) for n in range(1, ROWS + 1)) + tuple(("column", n) for n in range(1, COLUMNS + 1))

INDEX = ActionIndex()
KEEP = INDEX.add("keep", len(KEEP_PAIRS), "setup: keep leaders a < b of the four dealt (pairs of ids 49..64 in "
                                         "the order (49,50), (49,51), .. (63,64))")
PICK = INDEX.add("pick", 4, "setup: take a starting resource (coin, stone, servant, shield)")
MOVE = INDEX.add("move", len(MOVES), "move between storage places a and b (1-3 warehouse lines, 4-5 extra "
                                     "depots), in the order (1,2), (1,3), .. (5,4)")
MARKET = INDEX.add("market", len(MARKET_LINES), "take market row 1-3 or column 1-4")
WHITE_AS = INDEX.add("white", 5, "a white marble becomes coin, stone, servant, shield (a leader's power) or nothing")
PLACE = INDEX.add("place", PLACES + 1, "store the next resource taken: 0 discard, 1-3 warehouse line, 4-5 extra depot")
BUY = INDEX.add("buy", 12, "buy the top card of the level l, colour c deck ((l - 1) * 4 + c; green, blue, yellow, "
                           "purple)")
PAY = INDEX.add("pay", 12, "pay one resource r from source s (warehouse, extra, strongbox; s * 4 + r)")
SLOT = INDEX.add("slot", 3, "put the card bought on production slot 1-3")
PRODUCE_SLOT = INDEX.add("produce_slot", 3, "activate the production of slot 1-3")
PRODUCE_BASE = INDEX.add("produce_base", 1, "activate the base production")
PRODUCE_LEADER = INDEX.add("produce_leader", len(LEADER_IDS), "activate the production of leader 49..64")
OUTPUT = INDEX.add("output", 4, "name a production output of choice (coin, stone, servant, shield)")
ACTIVATE = INDEX.add("activate", len(LEADER_IDS), "activate leader 49..64")
DISCARD = INDEX.add("discard", len(LEADER_IDS), "discard leader 49..64 for one faith point")
END = INDEX.add("end", 1, "end the turn (after the main action)")

_ACTION: dict[int, tuple] = {PRODUCE_BASE: ("produce", "base"), END: ("end",), WHITE_AS + 4: ("white", None)}
_ACTION.update({KEEP + i: ("keep", a, b) for i, (a, b) in enumerate(KEEP_PAIRS)})
_ACTION.update({PICK + r: ("pick", name) for r, name in enumerate(RESOURCES)})
_ACTION.update({MOVE + i: ("move", a, b) for i, (a, b) in enumerate(MOVES)})
_ACTION.update({MARKET + i: ("market", axis, n) for i, (axis, n) in enumerate(MARKET_LINES)})
_ACTION.update({WHITE_AS + r: ("white", name) for r, name in enumerate(RESOURCES)})
_ACTION.update({PLACE + p: ("place", p) for p in range(PLACES + 1)})
_ACTION.update({BUY + (level - 1) * 4 + c: ("buy", level, color) for level in LEVELS for c, color in enumerate(COLORS)})
_ACTION.update({PAY + s * 4 + r: ("pay", source, name) for s, source in enumerate(SOURCES)
                for r, name in enumerate(RESOURCES)})
_ACTION.update({SLOT + s: ("slot", s + 1) for s in range(3)})
_ACTION.update({PRODUCE_SLOT + s: ("produce", "slot", s + 1) for s in range(3)})
_ACTION.update({PRODUCE_LEADER + i: ("produce", "leader", leader) for i, leader in enumerate(LEADER_IDS)})
_ACTION.update({OUTPUT + r: ("output", name) for r, name in enumerate(RESOURCES)})
_ACTION.update({ACTIVATE + i: ("activate", leader) for i, leader in enumerate(LEADER_IDS)})
_ACTION.update({DISCARD + i: ("discard", leader) for i, leader in enumerate(LEADER_IDS)})
_INDEX_OF: dict[tuple, int] = {action: index for index, action in _ACTION.items()}
_KEEP_OF = {(b, a): KEEP + i for i, (a, b) in enumerate(KEEP_PAIRS)}  # the pair named the other way round
_MOVE_BACK = {MOVE + i: MOVE + MOVES.index((b, a)) for i, (a, b) in enumerate(MOVES)}

CARD_FEATURES = 11  # level, points, input (4), output (4), faith


def _card_features(card: int) -> list[float]:
    c = CARDS[card]
    return [c.level, c.points, *c.input, *c.output, c.faith]


_FEATURES = {card: _card_features(card) for card in CARDS}
_NO_CARD = [0] * CARD_FEATURES

LAYOUT = Layout([
    ("market", (ROWS * COLUMNS, 6), 0, 1, "the market tray, row by row: each marble one-hot (yellow/coin, grey/stone, "
                                          "purple/servant, blue/shield, white, red)"),
    ("spare", 6, 0, 1, "the spare marble (one-hot)"),
    ("grid", (12, 2 + 4 + CARD_FEATURES), 0, 16, "per deck (level 1 green, blue, yellow, purple, then levels 2, 3): "
                                                 "present, cards left, top card's cost (4), level, points, "
                                                 "production input (4), output (4), faith"),
    ("warehouse", (DEPOTS, 5), 0, 3, "this seat's warehouse lines 1-3: resource one-hot (4), count"),
    ("extra", (2, 5), 0, 2, "this seat's extra depots (leaders): resource one-hot (4), count"),
    ("strongbox", 4, 0, 500, "this seat's strongbox"),
    ("produced", 4, 0, 500, "this turn's production output (to the strongbox at the end of the turn)"),
    ("hand", len(LEADER_IDS), 0, 1, "this seat's leaders in hand (ids 49..64)"),
    ("dealt", len(LEADER_IDS), 0, 1, "setup: the leaders dealt to this seat to choose from"),
    ("discarded", len(LEADER_IDS), 0, 1, "this seat's discarded leaders"),
    ("active", (4, len(LEADER_IDS)), 0, 1, "per relative seat (0 = this seat, 1 = next in turn, ..): active leaders"),
    ("slots", (4, 3, 1 + CARD_FEATURES), 0, 12, "per relative seat and production slot: cards stacked, top card "
                                                "(level, points, input (4), output (4), faith)"),
    ("players", (4, 16), -1, 500, "per relative seat: present, out, faith, favour tiles (3: 1 up, -1 removed), "
                                  "points, development cards, leaders in hand, leaders discarded, resources "
                                  "held (4), total resources, starting resources left to pick"),
    ("turn", 3 + 1 + 4 + 6 + 1 + len(REPORTS), 0, 1, "phase (setup, turns, over), to move, main action (none, market, buy, produce), "
                       "productions used (slots 1-3, base, leaders 1-2), final round, reports done (3)"),
    ("task", 3 + 5 + 5 + 5, 0, 4, "the open task: kind (market, buy, produce), step (white, place, pay, slot, "
                                  "output), next marble to store (4 resources, white), marbles still to store"),
    ("task_pay", 6, 0, 7, "still to pay per resource (4), any resources, outputs of choice still to name"),
    ("task_card", CARD_FEATURES, 0, 12, "the card being bought (level, points, input (4), output (4), faith)"),
    ("lorenzo", 3 + len(TOKENS), 0, LAST_SPACE, "solo: playing solo, Lorenzo's black cross, tokens left in his "
                                                "stack, last token revealed (one-hot, ids 1..7)"),
])
_OFF = {f.name: f.offset for f in LAYOUT}
_GRID, _WAREHOUSE, _SPARE, _HAND, _DEALT, _DISCARDED, _ACTIVE, _SLOTS, _PLAYERS, _TURN, _TASK = (
    _OFF[name] for name in ("grid", "warehouse", "spare", "hand", "dealt", "discarded", "active", "slots", "players",
                            "turn", "task"))
_TASK_PAY, _TASK_CARD, _LORENZO = _OFF["task_pay"], _OFF["task_card"], _OFF["lorenzo"]
_MARKET_AT = tuple(_OFF["market"] + cell * 6 for cell in range(ROWS * COLUMNS))
_LEADER_AT = LEADER_POSITION
_KIND_ONE_HOT = {kind: tuple(int(kind == r) for r in range(4)) for kind in (-1, 0, 1, 2, 3)}
_NO_DEPOT = (0, 0, 0, 0, 0)
_ZEROS = bytes(LAYOUT.size)
_PRODUCED = tuple(tuple(int(bool(mask & (1 << bit))) for bit in range(6)) for mask in range(64))
_ORDER = {n: tuple(tuple((seat + k) % n for k in range(n)) for seat in range(n)) for n in range(1, 5)}
"""_ORDER[n][seat]: the seats in turn order from `seat`, i.e. by relative seat"""
_MAIN = {"": 0, "market": 1, "buy": 2, "produce": 3}
_PHASE = {SETUP_PHASE: 0, TURNS: 1, OVER: 2}
_KIND = {"market": 0, "buy": 1, "produce": 2}
_STEP = {"white": 0, "place": 1, "pay": 2, "slot": 3, "output": 4}


class RenaissanceAdapter(Adapter):
    game = "renaissance"
    index = INDEX
    layout = LAYOUT

    def __init__(self, seat_count: int) -> None:
        super().__init__(seat_count)
        self._grids: dict[tuple, bytes] = {}  # (top cards, discount) -> the grid field
        self._slot_parts: dict[tuple, list] = {}  # a seat's slot stacks -> its part of the slots field

    def mask(self, state: RenaissanceState, seat: int, draft: Any = None) -> np.ndarray:
        mask = np.zeros(INDEX.size, np.int8)
        legal = state.legal_actions(seat)
        if not legal:
            return mask
        index_of = _INDEX_OF
        indices = []
        for action in legal:
            index = index_of.get(action)
            if index is None:
                index = _KEEP_OF[action[1:]]
            elif action[0] == "move" and action[2] <= DEPOTS:
                indices.append(_MOVE_BACK[index])  # a swap of two lines, named the other way round
            indices.append(index)
        task = state.task
        if task is not None and task.kind == "market" and task.step() == "white":
            player = state.players[seat]  # the engine lets the warehouse move while a white marble waits
            places = DEPOTS + len(player.extra_type)
            indices += [MOVE + i for i, (a, b) in enumerate(MOVES)
                        if a <= places and b <= places and player.move_problem(a, b) is None]
        mask[indices] = 1
        return mask

    def decode(self, state: RenaissanceState, seat: int, index: int, draft: Any = None) -> tuple[Any, Any]:
        return _ACTION[index], None

    def encode(self, state: RenaissanceState, seat: int, action: Any) -> list[int]:
        index = _INDEX_OF.get(action)
        if index is None and action[0] == "keep":
            index = _KEEP_OF.get(action[1:])
        if index is None:
            raise ValueError(f"no action index stands for {action!r}")
        return [index]

    def observe(self, state: RenaissanceState, seat: int, draft: Any = None) -> np.ndarray:
        staged = Staging(_ZEROS)
        data = staged.data
        for cell, marble in enumerate(state.market):
            data[_MARKET_AT[cell] + marble] = 1
        data[_SPARE + state.spare] = 1
        me = state.players[seat]
        data[_GRID:_WAREHOUSE] = self._grid(state, me.discount())
        own = []
        for kind, count in zip(me.depot_type, me.depot_count):
            own += _KIND_ONE_HOT[kind]
            own.append(count)
        for e in range(2):
            if e < len(me.extra_type):
                own += _KIND_ONE_HOT[me.extra_type[e]]
                own.append(me.extra_count[e])
            else:
                own += _NO_DEPOT
        own += me.strongbox
        own += me.produced_output
        staged.put(_WAREHOUSE, own)
        for leader in me.hand:
            data[_HAND + _LEADER_AT[leader]] = 1
        for leader in state.dealt[seat]:
            data[_DEALT + _LEADER_AT[leader]] = 1
        for leader in me.discarded:
            data[_DISCARDED + _LEADER_AT[leader]] = 1
        n = state.seat_count
        slots, players = [], []
        for k, s in enumerate(_ORDER[n][seat]):
            p = state.players[s]
            active = _ACTIVE + k * len(LEADER_IDS)
            for leader in p.active:
                data[active + _LEADER_AT[leader]] = 1
            slots += self._slots(p.slots)
            held = p.held()
            players += (1, p.out is not None, p.faith, *p.tiles, p.points(), p.card_count(), len(p.hand),
                        len(p.discarded), *held, sum(held), state.picks_left[s])
        data[_SLOTS:_SLOTS + len(slots)] = slots  # counts and card features: all small
        staged.put(_PLAYERS, players)
        data[_TURN + _PHASE[state.phase]] = 1
        data[_TURN + 3] = seat in state.to_act()
        data[_TURN + 4 + _MAIN[state.main]] = 1
        data[_TURN + 8:_TASK] = [*_PRODUCED[state.produced], state.final_round, *state.reports_done]
        task = state.task
        if task is not None and state.current == seat:
            data[_TASK + _KIND[task.kind]] = 1
            data[_TASK + 3 + _STEP[task.step()]] = 1
            if task.kind == "market" and task.incoming:
                data[_TASK + 8 + task.incoming[0]] = 1
                for marble in task.incoming:
                    data[_TASK + 13 + marble] += 1
            staged.put(_TASK_PAY, [*task.pay, task.pay_any, task.choose])
            if task.kind == "buy":
                data[_TASK_CARD:_LORENZO] = _FEATURES[task.card]
        lorenzo = state.lorenzo
        if lorenzo is not None:
            staged.put(_LORENZO, (1, lorenzo.cross, len(lorenzo.stack)))
            if lorenzo.last:
                data[_LORENZO + 2 + lorenzo.last] = 1
        return staged.vector()

    def _slots(self, stacks: list[list[int]]) -> list:
        """One seat's part of the slots field: it changes only when the seat buys a card."""
        key = tuple(map(tuple, stacks))
        part = self._slot_parts.get(key)
        if part is None:
            if len(self._slot_parts) > 4096:
                self._slot_parts.clear()
            part = []
            for stack in stacks:
                part += [len(stack), *(_FEATURES[stack[-1]] if stack else _NO_CARD)]
            self._slot_parts[key] = part
        return part

    def _grid(self, state: RenaissanceState, discount: tuple) -> bytes:
        """The grid field: it changes only when a card leaves the grid or a discount comes."""
        key = (*(deck[-1] if deck else -len(deck) for deck in state.decks), *map(len, state.decks), *discount)
        grid = self._grids.get(key)
        if grid is None:
            if len(self._grids) > 4096:
                self._grids.clear()
            values = []
            for deck in state.decks:
                if deck:
                    card = CARDS[deck[-1]]
                    values += [1, len(deck), *(max(0, c - d) for c, d in zip(card.cost, discount)),
                               *_FEATURES[deck[-1]]]
                else:
                    values += [0] * (2 + 4 + CARD_FEATURES)
            grid = self._grids[key] = bytes(values)  # costs, counts and features: all small
        return grid

    def points(self, state: RenaissanceState, seat: int) -> float:
        return float(state.players[seat].points())

    def render(self, state: RenaissanceState) -> str:
        lines = [f"{state.phase}, seat {state.current} to move, main action {state.main or '-'}"]
        for r in range(ROWS):
            lines.append(" ".join(MARBLE_NAMES[m] for m in state.market[r * COLUMNS:(r + 1) * COLUMNS]))
        for s, p in enumerate(state.players):
            lines.append(f"seat {s}: {p.points()} points, faith {p.faith}, {p.card_count()} cards")
        if state.lorenzo is not None:
            lines.append(f"Lorenzo: black cross {state.lorenzo.cross}")
        return "\n".join(lines)


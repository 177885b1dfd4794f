"""Built-in players: `random` (uniform over the legal actions) and `greedy` (activates every
leader it can, buys the most valuable card it can, else plays out each market line and each
production on a copy and takes the one that gains most of what its next card needs)."""

from __future__ import annotations

from typing import Any

from tablehall.core.game import Bot

from .data import CARDS, COLORS, LEADERS, RESOURCES
from .rules import RenaissanceState

# what a leader is worth keeping: its points, plus a bonus for the ones easy to turn on
KEEP_BONUS = {"discount": 2, "depot": 3, "production": 0, "white_marble": -2}


class RandomBot(Bot):
    """Any legal action, uniformly."""

    name = "random"
    needs_observation = False  # reads only its seat's view: tests/core/test_live_view_bots.py

    def choose(self, state: RenaissanceState, seat: int) -> Any:
        return self.rng.choice(state.legal_actions(seat))


class GreedyBot(Bot):
    """Activates every leader it can, buys the best card it can, else takes the market line or
    production that gains most of what its next card needs."""

    name = "greedy"

    def choose(self, state: RenaissanceState, seat: int) -> Any:
        legal = state.legal_actions(seat)
        first = legal[0][0]
        if first == "keep":
            return max(legal, key=lambda a: sum(LEADERS[i].points + KEEP_BONUS[LEADERS[i].kind] for i in a[1:]))
        if first == "pick":
            return ("pick", RESOURCES[self._wanted(state, seat)[0]])
        if state.task is not None:
            return self._finish_task(state, seat, legal)
        return self._turn(state, seat, legal)

    # -- what the next card needs -------------------------------------------------------------
    def _target(self, state: RenaissanceState, seat: int) -> tuple[int, ...]:
        """The resources still missing for the best card this seat could place next."""
        player = state.players[seat]
        discount = player.discount()
        held = player.held()
        best, best_key = None, None
        for deck in state.decks:
            if not deck:
                continue
            card = CARDS[deck[-1]]
            if not player.slots_for(card.level):
                continue
            price = [max(0, c - d) for c, d in zip(card.cost, discount)]
            missing = sum(max(0, p - h) for p, h in zip(price, held))
            key = (card.points - 2 * missing, card.level)
            if best_key is None or key > best_key:
                best, best_key = price, key
        if best is None:
            return (0, 0, 0, 0)
        return tuple(max(0, p - h) for p, h in zip(best, held))

    def _wanted(self, state: RenaissanceState, seat: int) -> list[int]:
        """Resources by how much the next card needs them, most wanted first."""
        need = self._target(state, seat)
        return sorted(range(4), key=lambda r: (-need[r], r))

    # -- sub-steps ------------------------------------------------------------------------------
    def _finish_task(self, state: RenaissanceState, seat: int, legal: list[tuple]) -> tuple:
        step = state.task.step()  # type: ignore[union-attr]
        if step == "white":
            wanted = self._wanted(state, seat)
            options = [a for a in legal if a[1] is not None]
            return min(options, key=lambda a: wanted.index(RESOURCES.index(a[1])))
        if step == "place":
            return self._place(state, seat, legal)
        if step == "pay":
            # spend what the next card does not need, from the warehouse first (it frees room)
            need = self._target(state, seat)
            order = {"warehouse": 0, "extra": 1, "strongbox": 2}
            return min(legal, key=lambda a: (need[RESOURCES.index(a[2])], order[a[1]]))
        if step == "output":
            return ("output", RESOURCES[self._wanted(state, seat)[0]])
        return legal[0]  # slot: every legal slot is as good

    def _place(self, state: RenaissanceState, seat: int, legal: list[tuple]) -> tuple:
        player = state.players[seat]
        resource = state.task.incoming[0]  # type: ignore[union-attr]
        places = [a for a in legal if a[0] == "place" and a[1] > 0]
        if places:
            # an extra depot or the line already holding it first, then the roomiest empty line
            def rank(action: tuple) -> tuple:
                place = action[1]
                if place > 3:
                    return (0, 0)
                holds = player.depot_type[place - 1] == resource
                return (1 if holds else 2, -place)
            return min(places, key=rank)
        moves = [a for a in legal if a[0] == "move"]
        for move in moves:
            trial = state.copy()
            trial.apply(seat, move)
            if any(a[0] == "place" and a[1] > 0 for a in trial.legal_actions(seat)) and \
                    sum(trial.players[seat].held()) == sum(player.held()):
                return move
        return ("place", 0)

    # -- the turn ---------------------------------------------------------------------------------
    def _turn(self, state: RenaissanceState, seat: int, legal: list[tuple]) -> tuple:
        player = state.players[seat]
        for action in legal:
            if action[0] == "activate":
                return action
        buys = [a for a in legal if a[0] == "buy"]
        if buys:
            return max(buys, key=lambda a: (CARDS[state.decks[(a[1] - 1) * 4 + COLORS.index(a[2])][-1]].points, a[1]))
        options = [a for a in legal if a[0] in ("market", "produce")]
        if options:
            values = [self._value(state, seat, a) for a in options]
            best = max(range(len(options)), key=lambda i: (values[i], -i))
            if state.main != "produce" or values[best] > 0:
                return options[best]
        if state.final_round or player.faith >= 23:
            for action in legal:
                if action[0] == "discard":
                    return action
        return ("end",)

    def _value(self, state: RenaissanceState, seat: int, action: tuple) -> float:
        """What a market take or a production is worth: play it out on a copy, then weigh the
        resources gained (those the next card needs three times), faith, and discards."""
        trial = state.copy()
        before = trial.players[seat]
        need = self._target(state, seat)
        held = [h + o for h, o in zip(before.held(), before.produced_output)]
        faith = before.faith
        trial.apply(seat, action)
        discarded = 0
        while trial.task is not None and not trial.is_over:
            step = self._finish_task(trial, seat, trial.legal_actions(seat))
            discarded += step == ("place", 0) or step == ("white", None)
            trial.apply(seat, step)
        after = trial.players[seat]
        gained = [h + o - b for h, o, b in zip(after.held(), after.produced_output, held)]
        value = sum(g * (3 if n > 0 else 1) for g, n in zip(gained, need))
        penalty = 3 if state.lorenzo is not None else 0.5  # solo: every discard walks Lorenzo on
        return value + 2 * (after.faith - faith) - penalty * discarded

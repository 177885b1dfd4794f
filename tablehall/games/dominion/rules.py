"""Dominion, base set first edition, with the 17 supply cards of the version-1 bot protocol.

Cards are ints (see `cards`); a player's piles are plain lists of them, the top of the deck and
of the discard pile being the end of the list.  Actions are small tuples, one per answer the
protocol allows, so every request/reply of the wire maps onto exactly one kernel action:

==================================  =============================================================
``("pass",)``                       end the turn without buying
``("buy", (card, ...))``            play every treasure in hand, buy the cards, end the turn
``("play", card, (arg, ...))``      play an action card; args: cellar the cards to discard,
                                    mine/remodel ``(trash, gain)``, workshop ``(gain,)``
``("invalid", code)``               the seat's answer could not be carried out: it costs one
                                    action, or ends the turn when no action is left (protocol)
``("discard", (card, ...))``        answer to a militia: discard down to three
``("discard", None)``               the same, the engine choosing the cards (protocol default)
``("react", MOAT)``                 answer to a militia: reveal a moat and be unaffected
==================================  =============================================================

Turn: the current seat is asked repeatedly ("play-turn") until it passes or buys; money is the
treasures in hand plus the coins action cards gave.  Cleanup discards hand and play area and
draws five.  After militia, every other seat holding more than three cards must answer at once.
The game ends after a turn that leaves the province pile or any three supply piles empty;
most VP wins, then fewer turns, else the win is shared.  A seat taken out (disqualified) takes
no further turns and ranks last; the others play on, and a lone survivor wins at once.
"""

from __future__ import annotations

from itertools import combinations, filterfalse
from operator import mul
from typing import Any

from tablehall.core import (EndCause, Event, GameState, IllegalAction, Result, Rng, SeatResult,
                            derive_seed, only, rank_by)

from .cards import (CARD_COUNT, CELLAR, COPPER, COST, GOLD, HAND_SIZE, IS_ACTION, IS_TREASURE, KINGDOM, MILITIA,
                    MILITIA_KEEPS, MINE, MINE_BONUS, MOAT, MONEY, NAMES, PLUS, PROVINCE, REMODEL, REMODEL_BONUS,
                    SILVER, STARTING_DECK, TITLES, VP, WORKSHOP, WORKSHOP_LIMIT, supply_counts)

PASS = ("pass",)
REVEAL_MOAT = ("react", MOAT)
ENGINE_DISCARD = ("discard", None)

#: the audience of each seat's private events, and each seat alone as `to_act` answers it
#: (built once: drawing and asking are the hot path)
ONLY = tuple(only(seat) for seat in range(4))
ALONE = tuple((seat,) for seat in range(4))

_IS_TREASURE = IS_TREASURE.__getitem__

#: (card, points) of the cards worth victory points (or costing them)
_VP_CARDS = tuple((card, points) for card, points in enumerate(VP) if points)
_VP_CARD_IDS, _VP_CARD_POINTS = zip(*_VP_CARDS)

#: end reasons, reported in the result details
END_PROVINCES, END_PILES, END_TURN_LIMIT, END_LAST_PLAYER = "provinces", "piles", "turn-limit", "last-player"


def names(cards) -> list[str]:
    return list(map(_NAME, cards))


#: a card's name, called from C (`map`): events name the cards of every move
_NAME = NAMES.__getitem__


class Player:
    """One seat's cards.  Lists, top of deck/discard at the end; `play` is this turn's play area."""

    __slots__ = ("deck", "hand", "discard", "play", "turns")

    def __init__(self, deck: list[int], hand: list[int], discard: list[int], play: list[int],
                 turns: int) -> None:
        self.deck = deck
        self.hand = hand
        self.discard = discard
        self.play = play
        self.turns = turns

    def copy(self) -> "Player":
        return Player(self.deck[:], self.hand[:], self.discard[:], self.play[:], self.turns)

    def all_cards(self) -> list[int]:
        return self.deck + self.hand + self.discard + self.play

    def vp(self) -> int:
        # a count per card worth points: quicker than a lookup per card
        return sum(map(mul, map(self.all_cards().count, _VP_CARD_IDS), _VP_CARD_POINTS))


class DominionState(GameState):
    """A game of Dominion for 2-4 seats.  `DominionState(players, seed)` deals a new game."""

    def __init__(self, players: int, seed: int = 0, max_turns: int = 500) -> None:
        if not 2 <= players <= 4:
            raise ValueError("Dominion is played by 2-4 players")
        self.seat_count = players
        self.seed = seed
        self.max_turns = max_turns
        self._rng: Rng | None = Rng(seed)
        self.supply = supply_counts(players)
        self.trash: list[int] = []
        self.players: list[Player] = []
        for _ in range(players):
            deck = list(STARTING_DECK)
            self._rng.shuffle(deck)
            hand = deck[-HAND_SIZE:]
            del deck[-HAND_SIZE:]
            self.players.append(Player(deck, hand, [], [], 0))
        self.current = 0
        self.actions = 1
        self.buys = 1
        self.coins = 0  # money given by action cards this turn ("extra-money")
        self.gained: list[int] = []  # cards the current seat gained this turn
        self.attack: dict[int, int] = {}  # seat -> cards it must discard (a militia pending)
        self.out: list[EndCause | None] = [None] * players
        self.end: str | None = None
        self.started = False  # whether any action was applied yet

    # -- randomness ----------------------------------------------------------------------------
    @property
    def rng(self) -> Rng:
        """The game's generator.  An observation has none of its own until it needs one, and
        then gets one that knows nothing of the real game's future."""
        if self._rng is None:
            self._rng = Rng(derive_seed(self.seed, "observation", sum(p.turns for p in self.players)))
        return self._rng

    # -- who acts ------------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        if self.end is not None:
            return ()
        if self.attack:
            return tuple(self.attack)
        return ALONE[self.current]

    @property
    def is_over(self) -> bool:
        return self.end is not None

    # -- what a seat may do --------------------------------------------------------------------
    def money(self) -> int:
        """What the current seat can spend: treasures in hand plus the coins actions gave."""
        hand = self.players[self.current].hand
        # a count per treasure: quicker than a lookup per card
        return (self.coins + hand.count(COPPER) * MONEY[COPPER] + hand.count(SILVER) * MONEY[SILVER]
                + hand.count(GOLD) * MONEY[GOLD])

    def legal_actions(self, seat: int) -> list[Any]:
        """Every sensible action: pass, single buys, each playable card with each choice of
        its arguments (cellar: discard nothing, or every non-action card), or the discards a
        militia allows.  Multiple buys and other cellar choices are legal too (see `check`)."""
        if seat not in self.to_act():
            return []
        hand = self.players[seat].hand
        if self.attack:
            need = self.attack[seat]
            moves: list[Any] = [("discard", combo) for combo in sorted(set(combinations(sorted(hand), need)))]
            if MOAT in hand:
                moves.append(REVEAL_MOAT)
            return moves
        moves = [PASS]
        if self.buys:
            money = self.money()
            moves += [("buy", (card,)) for card in range(CARD_COUNT)
                      if self.supply[card] and COST[card] <= money]
        if self.actions:
            for card in sorted(set(hand)):
                if IS_ACTION[card]:
                    moves += [("play", card, args) for args in self._play_choices(card, hand)]
        return moves

    def _play_choices(self, card: int, hand: list[int]) -> list[tuple[int, ...]]:
        rest = list(hand)
        rest.remove(card)
        if card == CELLAR:
            junk = tuple(c for c in rest if not IS_ACTION[c] and not IS_TREASURE[c])
            return [()] if not junk else [(), junk]
        if card == WORKSHOP:
            return [(g,) for g in self._gainable(WORKSHOP_LIMIT)] or [()]
        if card in (REMODEL, MINE):
            treasure = card == MINE
            bonus = MINE_BONUS if treasure else REMODEL_BONUS
            choices: list[tuple[int, ...]] = []
            for trashed in sorted({c for c in rest if IS_TREASURE[c] or not treasure}):
                gains = self._gainable(COST[trashed] + bonus, treasure)
                choices += [(trashed, gain) for gain in gains] or [(trashed,)]
            return choices or [()]
        return [()]

    def _gainable(self, limit: int, treasure_only: bool = False) -> list[int]:
        return [c for c in range(CARD_COUNT)
                if self.supply[c] and COST[c] <= limit and (IS_TREASURE[c] or not treasure_only)]

    def check(self, seat: int, action: Any) -> None:
        self._validate(seat, action)

    def _validate(self, seat: int, action: Any) -> None:
        if self.end is not None:
            raise IllegalAction("GAME_OVER", "the game is over")
        attack = self.attack
        if (seat not in attack) if attack else (seat != self.current):
            raise IllegalAction("NOT_ASKED", "it is not your turn")
        if not isinstance(action, tuple) or not action:
            raise IllegalAction("BAD_ACTION", f"not an action: {action!r}")
        kind = action[0]
        if attack:
            self._validate_answer_to_attack(seat, kind, action)
        elif kind == "buy":
            if len(action) != 2:
                _arity(action, 2)
            self._validate_buy(action[1])
        elif kind == "pass":
            _arity(action, 1)
        elif kind == "play":
            _arity(action, 3)
            self._validate_play(action[1], action[2])
        elif kind == "invalid":
            _arity(action, 2)
            if not isinstance(action[1], str):
                raise IllegalAction("BAD_ACTION", "an invalid answer carries its reason code")
        elif kind in ("discard", "react"):
            raise IllegalAction("NOT_ATTACKED", "nobody asked for a discard or a reaction")
        else:
            raise IllegalAction("BAD_ACTION", f"unknown action {kind!r}")

    def _validate_answer_to_attack(self, seat: int, kind: Any, action: tuple) -> None:
        hand = self.players[seat].hand
        if kind == "react":
            _arity(action, 2)
            if action[1] != MOAT:
                raise IllegalAction("NOT_A_REACTION", "only a Moat can answer an attack")
            if MOAT not in hand:
                raise IllegalAction("NOT_IN_HAND", "you have no Moat in hand to reveal")
            return
        if kind != "discard":
            raise IllegalAction("MUST_ANSWER_ATTACK",
                                f"a Militia was played: discard down to {MILITIA_KEEPS} cards or reveal a Moat")
        _arity(action, 2)
        if action[1] is None:
            return
        need = self.attack[seat]
        if len(action[1]) != need:
            raise IllegalAction("DISCARD_COUNT", f"discard exactly {need} cards, not {len(action[1])}")
        _take_from(hand, action[1], "discard")

    def _validate_buy(self, cards: Any) -> None:
        if not isinstance(cards, tuple) or not cards:
            raise IllegalAction("BAD_ACTION", "name at least one card to buy")
        if len(cards) > self.buys:
            raise IllegalAction("NO_BUYS", f"{len(cards)} cards to buy with {self.buys} "
                                           f"buy{'s' if self.buys != 1 else ''}")
        left = self.money()
        supply = self.supply
        taken: list[int] = []
        for card in cards:
            if card.__class__ is not int or not 0 <= card < CARD_COUNT:
                _check_card(card)  # raises, unless an int subclass names a card
            if taken.count(card) >= supply[card]:
                raise IllegalAction("PILE_EMPTY", f"not enough {TITLES[card]} cards left in the supply")
            taken.append(card)
            left -= COST[card]
            if left < 0:
                raise IllegalAction("TOO_EXPENSIVE", f"{self.money()} coins are not enough for "
                                    f"{', '.join(TITLES[c] for c in cards)}")

    def _validate_play(self, card: Any, args: Any) -> None:
        _check_card(card)
        if not IS_ACTION[card]:
            raise IllegalAction("NOT_AN_ACTION", f"{TITLES[card]} is not an Action card")
        if not self.actions:
            raise IllegalAction("NO_ACTIONS", "you have no action left to play a card")
        hand = self.players[self.current].hand
        if card not in hand:
            raise IllegalAction("NOT_IN_HAND", f"you have no {TITLES[card]} in hand")
        if not isinstance(args, tuple):
            raise IllegalAction("BAD_ACTION", "the arguments of a play are a tuple of cards")
        for arg in args:
            _check_card(arg)
        rest = list(hand)
        rest.remove(card)
        if card == CELLAR:
            _take_from(rest, args, "discard")
        elif card == WORKSHOP:
            self._validate_gain(args, WORKSHOP_LIMIT, False)
        elif card == REMODEL:
            self._validate_trash_and_gain(rest, args, REMODEL_BONUS, False)
        elif card == MINE:
            self._validate_trash_and_gain(rest, args, MINE_BONUS, True)
        elif args:
            raise IllegalAction("ARITY", f"{TITLES[card]} asks for no cards")

    def _validate_trash_and_gain(self, rest: list[int], args: tuple, bonus: int, treasure: bool) -> None:
        candidates = [c for c in rest if IS_TREASURE[c] or not treasure]
        what = "treasure" if treasure else "card"
        if not args:
            if candidates:
                raise IllegalAction("ARITY", f"name a {what} from your hand to trash")
            return
        if len(args) > 2:
            raise IllegalAction("ARITY", "trash one card and gain one card")
        trashed = args[0]
        if trashed not in rest:
            raise IllegalAction("NOT_IN_HAND", f"you have no {TITLES[trashed]} in hand to trash")
        if treasure and not IS_TREASURE[trashed]:
            raise IllegalAction("NOT_A_TREASURE", f"{TITLES[trashed]} is not a Treasure")
        self._validate_gain(args[1:], COST[trashed] + bonus, treasure)

    def _validate_gain(self, args: tuple, limit: int, treasure: bool) -> None:
        if len(args) > 1:
            raise IllegalAction("ARITY", "gain one card")
        if not args:
            if self._gainable(limit, treasure):
                raise IllegalAction("ARITY", f"name the card to gain (costing up to {limit} coins)")
            return
        gain = args[0]
        if treasure and not IS_TREASURE[gain]:
            raise IllegalAction("NOT_A_TREASURE", f"{TITLES[gain]} is not a Treasure")
        if COST[gain] > limit:
            raise IllegalAction("TOO_EXPENSIVE", f"{TITLES[gain]} costs more than {limit} coins")
        if not self.supply[gain]:
            raise IllegalAction("PILE_EMPTY", f"no {TITLES[gain]} left in the supply")

    # -- applying ------------------------------------------------------------------------------
    def apply(self, seat: int, action: Any) -> list[Event]:
        self._validate(seat, action)
        self.started = True
        kind = action[0]
        if kind == "buy":
            return self._buy(action[1])
        if kind == "play":
            return self._play(action[1], action[2])
        if kind == "pass":
            return self._end_turn([])
        if kind == "invalid":
            if self.actions:
                self.actions -= 1
                return [Event("wasted", {"seat": seat, "reason": action[1]})]
            return self._end_turn([Event("wasted", {"seat": seat, "reason": action[1]})])
        if kind == "react":
            del self.attack[seat]
            return [Event("revealed", {"seat": seat, "card": NAMES[MOAT]})]
        return self._discard_for_attack(seat, action[1])

    def _buy(self, cards: tuple[int, ...]) -> list[Event]:
        player = self.players[self.current]
        hand = player.hand
        treasures = list(filter(_IS_TREASURE, hand))
        if treasures:
            player.hand = list(filterfalse(_IS_TREASURE, hand)) if len(treasures) < len(hand) else []
            player.play += treasures
        supply = self.supply
        for card in cards:
            supply[card] -= 1
        player.discard += cards
        self.gained += cards
        return self._end_turn([])

    def _play(self, card: int, args: tuple[int, ...]) -> list[Event]:
        seat = self.current
        player = self.players[seat]
        player.hand.remove(card)
        player.play.append(card)
        self.actions -= 1
        events = [Event("played", {"seat": seat, "card": NAMES[card]})]
        draw, actions, buys, coins = PLUS[card]
        self.actions += actions
        self.buys += buys
        self.coins += coins
        if card == CELLAR and args:
            self._move_to_discard(seat, args, events)
            draw = len(args)
        elif card == WORKSHOP and args:
            self._gain(seat, args[0], events)
        elif card == REMODEL and args:
            self._trash(seat, args[0], events)
            if len(args) > 1:
                self._gain(seat, args[1], events)
        elif card == MINE and args:
            self._trash(seat, args[0], events)
            if len(args) > 1:
                self._gain(seat, args[1], events, to_hand=True)
        elif card == MILITIA:
            self.attack = {s: len(self.players[s].hand) - MILITIA_KEEPS for s in self._others(seat)
                           if len(self.players[s].hand) > MILITIA_KEEPS}
            events.append(Event("attack", {"seat": seat, "card": NAMES[card], "targets": list(self.attack)}))
        if draw:
            self._draw(seat, draw, events)
        return events

    def _discard_for_attack(self, seat: int, cards: tuple[int, ...] | None) -> list[Event]:
        need = self.attack.pop(seat)
        if cards is None:
            cards = tuple(sorted(self.players[seat].hand, key=least_useful)[:need])
        events: list[Event] = []
        self._move_to_discard(seat, cards, events)
        return events

    def _move_to_discard(self, seat: int, cards: tuple[int, ...], events: list[Event]) -> None:
        player = self.players[seat]
        for card in cards:
            player.hand.remove(card)
        player.discard += cards
        events.append(Event("discarded", {"seat": seat, "cards": names(cards)}, ONLY[seat]))
        events.append(Event("top-discard", {"seat": seat, "card": NAMES[cards[-1]], "count": len(cards)}))

    def _trash(self, seat: int, card: int, events: list[Event]) -> None:
        self.players[seat].hand.remove(card)
        self.trash.append(card)
        events.append(Event("trashed", {"seat": seat, "cards": [NAMES[card]]}))

    def _gain(self, seat: int, card: int, events: list[Event], to_hand: bool = False) -> None:
        self.supply[card] -= 1
        player = self.players[seat]
        (player.hand if to_hand else player.discard).append(card)
        self.gained.append(card)
        events.append(Event("gained", {"seat": seat, "card": NAMES[card], "to": "hand" if to_hand else "discard"}))

    def _draw(self, seat: int, count: int, events: list[Event]) -> None:
        """Draw `count` cards (fewer if deck and discard run out), shuffling the discard pile
        into the deck when the deck is empty.  Only the seat learns what it drew."""
        player = self.players[seat]
        deck = player.deck
        if len(deck) >= count:
            drawn = deck[-count:]
            del deck[-count:]
        else:
            drawn = deck[:]
            deck.clear()
            if player.discard:
                deck += player.discard
                player.discard.clear()
                self.rng.shuffle(deck)
                events.append(Event("shuffled", {"seat": seat}))
                more = count - len(drawn)
                drawn += deck[-more:]
                del deck[-more:]
        player.hand += drawn
        events.append(Event("drew", {"seat": seat, "cards": list(map(_NAME, drawn))}, ONLY[seat]))

    def _next_seat(self, seat: int) -> int:
        """The next seat in turn order that is still in the game."""
        seat = (seat + 1) % self.seat_count
        while self.out[seat] is not None:
            seat = (seat + 1) % self.seat_count
        return seat

    def _others(self, seat: int) -> list[int]:
        """The seats still in the game after `seat`, in turn order."""
        n = self.seat_count
        return [s % n for s in range(seat + 1, seat + n) if self.out[s % n] is None]

    def _end_turn(self, events: list[Event]) -> list[Event]:
        """Cleanup (discard play area and hand, draw five), then the end check or the next turn."""
        seat = self.current
        player = self.players[seat]
        played = player.play
        hand = player.hand
        discard = player.discard
        if played:
            discard += hand
            discard += played
        elif hand:
            top = max(hand, key=_most_showable)
            hand.remove(top)
            discard += hand
            discard.append(top)
        events.append(Event("turn-end", {"seat": seat, "gained": list(map(_NAME, self.gained)),
                                         "played": list(map(_NAME, played)),
                                         "top": NAMES[discard[-1]] if discard else None}))
        player.play = []
        player.hand = []
        self._draw(seat, HAND_SIZE, events)
        player.turns += 1
        self.gained = []
        self.attack = {}
        supply = self.supply  # the game ends, or the next seat's turn begins
        if not supply[PROVINCE]:
            self.end = END_PROVINCES
        elif supply.count(0) >= 3:
            self.end = END_PILES
        elif player.turns >= self.max_turns and all(
                p.turns >= self.max_turns for s, p in enumerate(self.players) if self.out[s] is None):
            self.end = END_TURN_LIMIT
        else:
            seat = self.current = self._next_seat(seat)
            self.actions = 1
            self.buys = 1
            self.coins = 0
            events.append(Event("turn", {"seat": seat, "turn": self.players[seat].turns + 1, "supply": supply[:]}))
            return events
        events.append(self._end_event())
        return events

    def start_events(self) -> list[Event]:
        events = [Event("game", {"players": self.seat_count, "kingdom": names(KINGDOM)})]
        events += [Event("out", {"seat": s, "cause": o.value, "reason": "before the game began"})
                   for s, o in enumerate(self.out) if o is not None]
        for seat, player in enumerate(self.players):
            events.append(Event("drew", {"seat": seat, "cards": names(player.hand)}, ONLY[seat]))
        if self.end is None:
            events.append(Event("turn", {"seat": self.current, "turn": self.players[self.current].turns + 1,
                                         "supply": list(self.supply)}))
        return events

    def forfeit(self, seat: int, cause: EndCause, reason: str = "") -> list[Event]:
        if self.end is not None or self.out[seat] is not None:
            return []
        self.out[seat] = cause
        events = [Event("out", {"seat": seat, "cause": cause.value, "reason": reason})]
        self.attack.pop(seat, None)
        if sum(1 for o in self.out if o is None) < 2:
            self.end = END_LAST_PLAYER
            events.append(self._end_event())
        elif seat == self.current:
            self.attack = {}
            if self.started:
                self._end_turn(events)  # its turn ends at once, as if it had passed
            else:
                self.current = self._next_seat(seat)  # out before the game began
        return events

    # -- outcome -------------------------------------------------------------------------------
    def scores(self) -> list[int]:
        return [p.vp() for p in self.players]

    def result(self) -> Result | None:
        if self.end is None:
            return None
        scores = self.scores()
        ranks = rank_by(self._ranking_keys(scores))
        seats = tuple([SeatResult(s, ranks[s], scores[s], out or EndCause.REGULAR,
                                  "" if out is None else "out of the game")
                       for s, out in enumerate(self.out)])
        cause = EndCause.REGULAR
        if self.end == END_LAST_PLAYER:
            cause = next(o for o in self.out if o is not None)
        return Result(seats, cause, {"end": self.end, "turns": [p.turns for p in self.players]})

    def winners(self) -> list[int]:
        """Seats that share the win (never a seat taken out): the seats `result` ranks first."""
        return [] if self.end is None else self._winners(self.scores())

    def _winners(self, scores: list[int]) -> list[int]:
        keys = self._ranking_keys(scores)
        best = max(keys)
        return [s for s, key in enumerate(keys) if key == best and self.out[s] is None]

    def _ranking_keys(self, scores: list[int]) -> list[tuple[int, int, int]]:
        """Higher is better: seats still in the game, then most VP, then fewest turns."""
        return [(0, 0, 0) if self.out[s] is not None else (1, scores[s], -p.turns)
                for s, p in enumerate(self.players)]

    def _end_event(self) -> Event:
        scores = self.scores()
        return Event("game-over", {"end": self.end, "scores": scores, "winners": self._winners(scores),
                                   "turns": [p.turns for p in self.players]})

    # -- views -----------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        players = []
        for s, p in enumerate(self.players):
            players.append({
                "hand": names(p.hand) if s == seat else len(p.hand),
                "deck": len(p.deck),
                "discard": len(p.discard),
                "top_discard": NAMES[p.discard[-1]] if p.discard else None,
                "play": names(p.play),
                "turns": p.turns,
                "vp": p.vp(),  # public: every gain and trash is seen by all
                "out": None if self.out[s] is None else self.out[s].value,
            })
        return {
            "supply": dict(zip(NAMES, self.supply)),
            "trash": names(self.trash),
            "current": self.current,
            "actions": self.actions,
            "buys": self.buys,
            "extra_money": self.coins,
            "attack": {str(s): n for s, n in self.attack.items()},
            "players": players,
            "over": self.end,
        }

    def observation(self, seat: int) -> "DominionState":
        """A copy for a bot playing `seat`: its own deck order is hidden (sorted), and of every
        other seat only the public part is kept: the cards it owns (every gain and trash is
        public) dealt back in sorted order into hand, deck and discard of the right sizes, its
        visible top discard and its play area.  The copy has no access to the game's Rng."""
        players = []
        for s, p in enumerate(self.players):
            if s == seat:
                players.append(Player(sorted(p.deck), p.hand[:], p.discard[:], p.play[:], p.turns))
                continue
            discard = p.discard
            hidden = p.deck + p.hand + discard[:-1]
            hidden.sort()
            deck_end = len(p.deck)
            hand_end = deck_end + len(p.hand)
            players.append(Player(hidden[:deck_end], hidden[deck_end:hand_end], hidden[hand_end:] + discard[-1:],
                                  p.play[:], p.turns))
        twin = self._copy(None, players)
        twin.seed = self._observation_key()  # never the real seed: it would replay every shuffle
        return twin

    def _observation_key(self) -> int:
        """What an observation carries instead of the seed: derived from it one way (SHA-256),
        so it seeds observations' own generators without revealing the game's.  Computed once
        per game; an observation's own observations keep it."""
        key = self.__dict__.get("_obs_key")
        if key is None:
            key = self._obs_key = derive_seed(self.seed, "observation")
        return key

    def copy(self) -> "DominionState":
        return self._copy(self.rng.copy(), [p.copy() for p in self.players])

    def _copy(self, rng: Rng | None, players: list[Player]) -> "DominionState":
        twin = DominionState.__new__(DominionState)
        twin.seat_count = self.seat_count
        twin.seed = self.seed
        twin.max_turns = self.max_turns
        twin._rng = rng
        twin.supply = self.supply[:]
        twin.trash = self.trash[:]
        twin.players = players
        twin.current = self.current
        twin.actions = self.actions
        twin.buys = self.buys
        twin.coins = self.coins
        twin.gained = self.gained[:]
        twin.attack = dict(self.attack)
        twin.out = self.out[:]
        twin.end = self.end
        twin.started = self.started
        return twin


def _arity(action: tuple, size: int) -> None:
    if len(action) != size:
        raise IllegalAction("ARITY", f"{action[0]!r} takes {size - 1} argument(s)")


def _check_card(card: Any) -> None:
    if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < CARD_COUNT:
        raise IllegalAction("UNKNOWN_CARD", f"no such card: {card!r}")


def _take_from(pile: list[int], cards: Any, what: str) -> None:
    """Check that `cards` can all be taken out of `pile` (a multiset test)."""
    if not isinstance(cards, tuple):
        raise IllegalAction("BAD_ACTION", f"the cards to {what} are a tuple")
    left = list(pile)
    for card in cards:
        _check_card(card)
        if card not in left:
            raise IllegalAction("NOT_IN_HAND", f"you have no more {TITLES[card]} in hand to {what}")
        left.remove(card)


def least_useful(card: int) -> tuple[int, int, int]:
    """The order the engine discards in for a seat that did not answer a militia properly:
    curses and victory cards first, then treasures, then actions, cheapest first."""
    kind = 2 if IS_ACTION[card] else 1 if IS_TREASURE[card] else 0
    return kind, COST[card], card


def _most_showable(card: int) -> tuple[int, int]:
    """Which hand card the engine shows on top of the discard pile when nothing was played:
    victory cards (and curses) first, treasures second, actions third (the seed's order)."""
    kind = 2 if IS_ACTION[card] else 1 if IS_TREASURE[card] else 0
    return -kind, card

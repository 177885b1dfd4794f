"""What each party sees of a Catan game: JSON views and bot observations.

`Views` is mixed into `rules.CatanState`.  Views show other players' card counts only.  An
observation (`rules.CatanObservation`, built on `SeatObservation`) is a copy in which
everything the seat cannot see is re-dealt, so it depends only on what the seat may know
(tests/catan/test_hidden.py proves it).

The re-deal is lazy.  Bots are handed an observation at every decision, and most decisions
read only the public board and the seat's own cards: an observation copies those, keeps the
public counts of what others hold, and deals the hidden cards (opponents' hands and
development cards, the deck, a fresh generator) only when something first reads them.  The
deal is the same whenever it happens, because it draws from a generator seeded by the game,
the seat and the move number, and because acting on the observation deals first.
"""

from __future__ import annotations

from typing import Any, ClassVar

from tablehall.core import Rng, derive_seed

from .constants import CITY, ROAD, SETTLEMENT, VICTORY_POINT, VP_CARD_NAMES, dev_type
from .fields import CatanFields

HIDDEN = ("hands", "dev_old", "dev_new", "vp_cards", "deck", "rng", "seed")
"""What an observation re-deals: opponents' hands and development cards, the deck, the future."""


class Views(CatanFields):
    """Per-seat views (a mixin of CatanState)."""

    def view(self, seat: int | None) -> dict[str, Any]:
        n = self.seat_count
        players = []
        for s in range(n):
            info = {
                "resources": sum(self.hands[s]),
                "dev_cards": sum(self.dev_old[s]) + sum(self.dev_new[s]),
                "knights": self.knights[s], "played": list(self.played[s]),
                "vp": self.public_vp(s), "road_length": self.road_length[s],
                "roads_left": self.pieces[s][ROAD], "settlements_left": self.pieces[s][SETTLEMENT],
                "cities_left": self.pieces[s][CITY], "out": s in self.out,
            }
            if s == seat:
                info["hand"] = list(self.hands[s])
                info["dev_hand"] = list(self.dev_old[s])
                info["dev_new"] = list(self.dev_new[s])
                info["total_vp"] = self.total_vp(s)
                info["ratios"] = list(self.ratios[s])
            players.append(info)
        offers = [None if o is None else {"give": list(o[0]), "get": list(o[1]), "to": list(o[2]),
                                          "answered": sorted(o[3])} for o in self.offers]
        return {
            "board": self._board_view(), "robber": self.robber,
            "phase": self.phase.name, "jsettlers_state": self.jsettlers_state,
            "current": self.current, "first": self.first, "round": self.round, "dice": list(self.dice),
            "buildings": [[nd, owner, self.node_level[nd]] for nd, owner in enumerate(self.node_owner) if owner >= 0],
            "roads": [[e, owner] for e, owner in enumerate(self.edge_owner) if owner >= 0],
            "players": players, "bank": list(self.bank), "deck": len(self.deck),
            "longest_road": self.longest_road, "largest_army": self.largest_army,
            "discards": list(self.discards), "victims": list(self.victims), "offers": offers,
            "free_roads": self.free_roads, "winner": self.winner, "to_act": list(self.to_act()),
            "frame": self.geo.name,
            **self._rule_views(),
        }

    def _board_view(self) -> Any:
        return self.board.to_text()

    def _rule_views(self) -> dict[str, Any]:
        """The parts of the view that only the 5-6 player rules or JSettlers options have."""
        out: dict[str, Any] = {}
        if self.special_building:
            out["special_building"] = {"asked": list(self.sb_asked), "done": list(self.sb_done),
                                       "after": self.sb_after, "resume": self.sb_resume}
        if self.undo_enabled:
            point = self.last_build()
            out["undo"] = {"left": None if self.undos_left is None else list(self.undos_left),
                           "last_build": None if point is None else {"seat": point[0], "piece": point[1], "at": point[2]}}
        return out


class SeatObservation:
    """A game as one seat may know it (mixed into `rules.CatanObservation`).

    Made by `CatanState.observation(seat)`: a copy of the public state plus `viewer`'s own
    cards and the public counts of everybody's (hand sizes, development cards held, cards left
    in the deck); the `HIDDEN` attributes appear, dealt, on first use.  Listing the viewer's
    moves (`legal_actions`, `cards_known_to`, `hand_size`) needs no deal; acting on the
    observation or reading a hidden attribute deals, and a copy made before the deal deals the
    same cards later.  The future is unscripted: scripted dice, steals and deck orders are
    dropped, and development cards are drawn at random from the re-dealt deck."""

    hidden_fields: ClassVar[tuple[str, ...]] = HIDDEN
    """What the observation deals again (the sea board adds its fog)."""
    viewer: int
    _own_cards: tuple[list[int], list[int], list[int], list[int]]  # the viewer's cards: hand, old, new, VP ids
    _sizes: tuple[list[int], list[int], list[int], int]  # hand sizes, old and new card counts, deck size
    _deal_key: int  # what the hidden cards are dealt from (never the seed)

    def _observe(self, state: Any, seat: int) -> None:
        """Fill this (fresh, public) copy of `state` with what `seat` knows of the cards."""
        d = self.__dict__
        for name in self.hidden_fields:
            del d[name]
        d["viewer"] = seat
        d["before_setup_settlement"] = None  # a whole game, cards and all: not the seat's to see
        d["_own_cards"] = (state.hands[seat][:], state.dev_old[seat][:], state.dev_new[seat][:],
                           state.vp_cards[seat][:])
        d["_sizes"] = (list(map(sum, state.hands)), list(map(sum, state.dev_old)), list(map(sum, state.dev_new)),
                       len(state.deck))
        d["_deal_key"] = state.observation_key()  # never the seed: it would replay the game
        d["options"] = {**state.options, "dice": "", "dev_deck": "", "steals": ""}
        d["dice_script"] = d["steal_script"] = ()
        d["draw_at_random"] = True  # the deck's order is unknown: draws pick a random card

    @property
    def dealt(self) -> bool:
        """Whether the hidden cards have been dealt yet."""
        return "hands" in self.__dict__

    def __getattr__(self, name: str) -> Any:
        # only called for attributes not set yet: the hidden ones before the deal
        if name in self.hidden_fields and "_own_cards" in self.__dict__:
            self._deal()
            return self.__dict__[name]
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def cards_known_to(self, seat: int) -> tuple[list[int], list[int], int]:
        if seat == self.viewer and not self.dealt:
            own = self._own_cards
            return own[0], own[1], self._sizes[3]
        return super().cards_known_to(seat)

    def hand_size(self, seat: int) -> int:
        if not self.dealt:
            return self._sizes[0][seat]
        return super().hand_size(seat)

    def apply(self, seat: int, action: Any) -> list:
        if not self.dealt:  # deal from the position observed, before it changes
            self._deal()
        return super().apply(seat, action)

    def forfeit(self, seat: int, cause: Any, reason: str = "") -> list:
        if not self.dealt:
            self._deal()
        return super().forfeit(seat, cause, reason)

    def copy(self) -> Any:
        if self.dealt:
            return super().copy()
        twin = self._copy_public(type(self))  # still to deal: it will deal the same cards
        twin._own_cards = tuple(row[:] for row in self._own_cards)
        return twin

    def _deal(self) -> None:
        """Re-deal what `viewer` cannot tell apart, keeping every public count (hand sizes, the
        bank, cards played): opponents' hands from the resources neither in the viewer's hand
        nor in the bank, their development cards and the deck from the cards the viewer has
        not seen."""
        seat, n = self.viewer, self.seat_count
        own_hand, own_old, own_new, own_vp = self._own_cards
        hand_sizes, old_sizes, new_sizes, _ = self._sizes
        rng = Rng(derive_seed(self._deal_key, seat, self.action_count))
        seed = rng.below(1 << 62)
        others = [s for s in range(n) if s != seat]
        bank = self.bank
        pool = [r for r in range(5) for _ in range(self.per_resource - own_hand[r] - bank[r])]
        hands = [[0] * 5 for _ in range(n)]
        hands[seat] = own_hand
        holders = [s for s in others if hand_sizes[s]]
        if len(holders) == 1:  # one holder alone hides nothing: it holds the whole pool
            for r in pool:
                hands[holders[0]][r] += 1
        elif holders:
            rng.shuffle(pool)
            for s in others:
                size = hand_sizes[s]
                for r in pool[-size:] if size else ():
                    hands[s][r] += 1
                del pool[len(pool) - size:]
        # the cards `seat` has not seen: the deck and the opponents' hands
        unknown = [card for card in range(VICTORY_POINT, len(VP_CARD_NAMES) + VICTORY_POINT) if card not in own_vp]
        for kind in range(VICTORY_POINT):
            seen = own_old[kind] + own_new[kind] + sum(p[kind] for p in self.played)
            unknown += [kind] * (self.dev_composition[kind] - seen)
        dealt = rng.sample(unknown, sum(old_sizes[s] + new_sizes[s] for s in others))
        for card in dealt:
            unknown.remove(card)
        dev_old, dev_new = [[0] * 5 for _ in range(n)], [[0] * 5 for _ in range(n)]
        vp_cards: list[list[int]] = [[] for _ in range(n)]
        dev_old[seat], dev_new[seat], vp_cards[seat] = own_old, own_new, own_vp
        for s in others:
            for counts, size in ((dev_old[s], old_sizes[s]), (dev_new[s], new_sizes[s])):
                for card in dealt[:size]:
                    counts[dev_type(card)] += 1
                    if card >= VICTORY_POINT:
                        vp_cards[s].append(card)
                del dealt[:size]
        self.__dict__.update(hands=hands, dev_old=dev_old, dev_new=dev_new, vp_cards=vp_cards,
                             deck=sorted(unknown), rng=rng, seed=seed)

"""What each party sees of a Catan game: JSON views and bot observations.

Mixed into `rules.CatanState`.  Views show other players' card counts only; an observation is a
copy in which everything the seat cannot see is re-dealt, so it depends only on what the seat
may know (tests/catan/test_hidden.py proves it).
"""

from __future__ import annotations

from typing import Any

from tablehall.core import Rng, derive_seed

from .constants import (CITY, DEV_COMPOSITION, PER_RESOURCE, ROAD, SETTLEMENT, VICTORY_POINT,
                        VP_CARD_NAMES, dev_type)
from .geometry import EDGE_COUNT, NODE_COUNT


class Views:
    """Per-seat views and observations (a mixin of CatanState)."""

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
            "board": self.board.to_text(), "robber": self.robber,
            "phase": self.phase.name, "jsettlers_state": self.jsettlers_state,
            "current": self.current, "first": self.first, "round": self.round, "dice": list(self.dice),
            "buildings": [[nd, self.node_owner[nd], self.node_level[nd]] for nd in range(NODE_COUNT)
                            if self.node_owner[nd] >= 0],
            "roads": [[e, self.edge_owner[e]] for e in range(EDGE_COUNT) if self.edge_owner[e] >= 0],
            "players": players, "bank": list(self.bank), "deck": len(self.deck),
            "longest_road": self.longest_road, "largest_army": self.largest_army,
            "discards": list(self.discards), "victims": list(self.victims), "offers": offers,
            "free_roads": self.free_roads, "winner": self.winner, "to_act": list(self.to_act()),
        }

    def observation(self, seat: int) -> "Views":
        """A copy for a bot playing `seat`: opponents' hands and development cards and the deck
        are re-dealt from what `seat` cannot tell apart (keeping every public count: hand sizes,
        the bank, cards played), the future is unscripted and the generator is a fresh one.  So
        the result depends only on what `seat` may know."""
        obs = self._copy_board_and_cards()
        rng = Rng(derive_seed(self.seed, "observation", seat, self.action_count))
        obs.rng = rng
        obs.seed = rng.below(1 << 62)
        obs.dice_script = obs.steal_script = ()
        obs.options = {**self.options, "dice": "", "dev_deck": "", "steals": ""}
        n = self.seat_count
        others = [s for s in range(n) if s != seat]
        if sum(1 for s in others if any(self.hands[s])) > 1:  # one holder alone hides nothing
            pool = [r for r in range(5) for _ in range(PER_RESOURCE - self.hands[seat][r] - self.bank[r])]
            rng.shuffle(pool)
            for s in others:
                size = sum(self.hands[s])
                obs.hands[s] = [0] * 5
                for r in pool[-size:] if size else ():
                    obs.hands[s][r] += 1
                del pool[len(pool) - size:]
        # the cards `seat` has not seen: the deck and the opponents' hands
        unknown = [card for card in range(VICTORY_POINT, len(VP_CARD_NAMES) + VICTORY_POINT)
                   if card not in self.vp_cards[seat]]
        for kind in range(VICTORY_POINT):
            seen = self.dev_old[seat][kind] + self.dev_new[seat][kind] + sum(p[kind] for p in self.played)
            unknown += [kind] * (DEV_COMPOSITION[kind] - seen)
        sizes = [(sum(self.dev_old[s]), sum(self.dev_new[s])) for s in others]
        dealt = rng.sample(unknown, sum(a + b for a, b in sizes))
        for card in dealt:
            unknown.remove(card)
        for s, (old_size, new_size) in zip(others, sizes):
            obs.vp_cards[s] = []
            for counts, size in ((obs.dev_old[s], old_size), (obs.dev_new[s], new_size)):
                counts[:] = [0] * 5
                for card in dealt[:size]:
                    counts[dev_type(card)] += 1
                    if card >= VICTORY_POINT:
                        obs.vp_cards[s].append(card)
                del dealt[:size]
        obs.deck = sorted(unknown)
        obs.draw_at_random = True  # the deck's order is unknown: draws pick a random card
        return obs



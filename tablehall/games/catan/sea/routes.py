"""The longest trade route on the sea board (mixed into `state.SeaState`).

A route is a trail over one player's roads and ships, never through an opponent's building,
changing between road and ship only at the player's own settlement or city.  Its length is kept
in `road_length` and awarded as the classic longest road (none with _SC_0RVP).

Lengths are found in the route's network with each node split where trails may not pass: a
free node into its road end and its ship end, an opponent's building into one end per piece.  A
trail is then a path of the split network; where that network is a forest (the usual case) the
longest path of each tree is found in two sweeps, and only a network with a loop has every trail
searched, chain by chain between the nodes where a trail may turn or stop.  Placing a piece or
moving a ship mostly asks only for the longest trail ending with that piece, which has one way in
(the piece leads nowhere at its other end): one walk over the pieces from where it attaches.
"""

from __future__ import annotations

from typing import Any

from tablehall.core import Event

from ..geometry import bits
from .fields import SeaFields

_NO_LIMIT = 1 << 30


class TradeRoutes(SeaFields):
    """Longest trade routes (see the module docstring)."""

    def _route_changed(self, seat: int, events: list[Event], placed: int = -1) -> None:
        """`seat`'s route changed (`placed`: only by its road or ship placed there): its
        length, and the award."""
        if placed < 0:
            self.route_trail[seat] = 0
            self._set_route_length(seat, self._longest_road_of(seat), events)
            return
        roads, ships = self.road_edges[seat], self.ships[seat]
        through, trail, _ = self._leaf_trail(seat, placed, roads, ships)
        if through < 0:  # it joins two parts or closes a loop
            self.route_trail[seat] = 0
            self._set_route_length(seat, self._route_length(seat, roads, ships), events)
        elif through >= self.road_length[seat]:
            self.route_trail[seat] = trail
            self._set_route_length(seat, through, events)

    def _set_route_length(self, seat: int, length: int, events: list[Event]) -> None:
        if length != self.road_length[seat]:
            self.road_length[seat] = length
            self._award_longest_road(events)

    def _award_longest_road(self, events: list[Event]) -> None:
        if self.scenario.route_vp:
            super()._award_longest_road(events)

    def _route_after_move(self, seat: int, source: int, target: int, events: list[Event]) -> None:
        """`seat`'s ship went from `source` (it led nowhere at one end, so every trail using it
        ended with it) to `target`: the route is as long as the best trail through the ship's new
        place, or the best trail without the ship, which is the old length or one less."""
        roads, ships = self.road_edges[seat], self.ships[seat]
        length = self.road_length[seat]
        without = ships & ~(1 << target)
        now, trail, _ = self._leaf_trail(seat, target, roads, ships)
        if now < 0:
            now, trail = self._route_length(seat, roads, ships), 0
        elif now < length:
            before = without | 1 << source
            known = self._known_trail(seat, roads | before)
            if not known:  # the best trail through the ship's old place
                through, through_trail, _ = self._leaf_trail(seat, source, roads, before)
                if through >= length:
                    known = through_trail
            if not known >> source & 1:  # a trail that long never used the ship
                now, trail = length, known
            else:
                now, trail = self._route_without_end(seat, roads, without, source, known, length)
        self.route_trail[seat] = trail
        self._set_route_length(seat, now, events)

    def _route_without_end(self, seat: int, roads: int, ships: int, leaf: int, trail: int,
                           length: int) -> tuple[int, int]:
        """`seat`'s route over `roads` and `ships` (its length, and a trail as long or 0), where
        `trail`, one of `length` pieces, ended with a piece at `leaf` now gone: `length` if a
        trail as long remains, else one less.  When the part of the route that held `trail` is
        a tree of the split network (see the module docstring), a trail as long in that part, if
        any, ends where `trail` ends (every longest path of a tree passes its centre): one walk
        from there decides for the part, and only the other parts are counted again."""
        rest = trail & ~(1 << leaf)
        end = self._far_end_piece(rest, leaf)
        if end >= 0:
            through, found, outside = self._leaf_trail(seat, end, roads, ships)
            if through >= length:
                return length, found
            if outside >= 0:
                roads, ships = roads & outside, ships & outside
        if (roads | ships).bit_count() >= length and self._route_length(seat, roads, ships, length) >= length:
            return length, 0
        return length - 1, rest

    def _far_end_piece(self, trail: int, leaf: int) -> int:
        """The piece at the end of `trail` away from the piece at `leaf` (which `trail` went on
        from), when that end is plain (one piece of the trail there), else -1."""
        edges = self.geo.edges
        odd = 0  # the nodes `trail` touches an odd number of times: its two ends
        for e in bits(trail):
            a, b = edges[e]
            odd ^= 1 << a | 1 << b
        a, b = edges[leaf]
        near = odd & (1 << a | 1 << b)
        if odd.bit_count() != 2 or near.bit_count() != 1:
            return -1
        far = (odd ^ near).bit_length() - 1
        at_far = trail & self.geo.node_edge_mask[far]
        return at_far.bit_length() - 1 if at_far.bit_count() == 1 else -1

    def _known_trail(self, seat: int, pieces: int) -> int:
        """The edges of a trail as long as `seat`'s route, all among `pieces`, if one is known
        (`route_trail`), else 0."""
        trail = self.route_trail[seat]
        if trail and not trail & ~pieces and trail.bit_count() == self.road_length[seat]:
            return trail
        return 0

    def _leaf_trail(self, seat: int, edge: int, roads: int, ships: int) -> tuple[int, int, int]:
        """The longest trail ending with the piece at `edge`, its edges, and the pieces outside
        its part of the route when that part is a tree of the split network (see `_walk`), when
        a trail cannot go on past the piece at one of its ends; -1 when it can at both (it may
        join two parts, or close a loop)."""
        bit = 1 << edge
        is_ship = 1 if ships & bit else 0
        rest_roads, rest_ships = roads & ~bit, ships & ~bit
        same = rest_ships if is_ship else rest_roads
        node_edge_mask, owner = self.geo.node_edge_mask, self.node_owner
        onward = []
        for x in self.geo.edges[edge]:
            o = owner[x]
            if o == seat and (rest_roads | rest_ships) & node_edge_mask[x] or o == -1 and same & node_edge_mask[x]:
                onward.append(x)
        if len(onward) == 2:
            return -1, 0, -1
        if not onward:
            return 1, bit, rest_roads | rest_ships
        length, trail, outside = self._walk(seat, onward[0], rest_roads, rest_ships, is_ship)
        return 1 + length, trail | bit, outside

    def _walk(self, seat: int, start: int, roads: int, ships: int, arrived: int) -> tuple[int, int, int]:
        """The longest trail over `roads` and `ships` going on from `start`, reached by a road
        (`arrived` 0) or a ship (1), its edges, and the pieces it never met if it met each of the
        others once (they are a tree of the split network), else -1: piece by piece, as a leaf's
        trail has one way in."""
        owner, node_links, node_edge_mask = self.node_owner, self.geo.node_links, self.geo.node_edge_mask
        own = roads | ships
        best, best_free = 0, own
        met, steps = 0, 0  # pieces met, and how many times
        stack = [(start, own, 0, arrived)]
        while stack:
            node, free, length, was_ship = stack.pop()
            if length > best:
                best, best_free = length, free
            if not free & node_edge_mask[node]:
                continue  # a dead end
            here = owner[node]
            if length and here != -1 and here != seat:
                continue
            for bit, other in node_links[node]:
                if free & bit:
                    is_ship = 1 if ships & bit else 0
                    if is_ship == was_ship or here == seat:
                        stack.append((other, free ^ bit, length + 1, is_ship))
                        met |= bit
                        steps += 1
        return best, own & ~best_free, own & ~met if steps == met.bit_count() else -1

    def _longest_road_of(self, seat: int) -> int:
        return self._route_length(seat, self.road_edges[seat], self.ships[seat])

    def _route_length(self, seat: int, roads: int, ships: int, enough: int = _NO_LIMIT) -> int:
        """The longest trail of `seat` over `roads` and `ships`; with `enough`, whether one that
        long exists: at least `enough` as soon as one is found, else less (parts of the route
        too small to hold one are not searched)."""
        own = roads | ships
        if not own:
            return 0
        owner, geo = self.node_owner, self.geo
        links: dict[int, list[int]] = {}
        for e in bits(own):
            is_ship = ships >> e & 1
            a, b = geo.edges[e]
            # node x's ends: 3x + 0 roads, 3x + 1 ships, 3x + 2 all at its owner's building; an
            # opponent's building has one end per piece, -1 - e
            o = owner[a]
            ka = 3 * a + is_ship if o == -1 else 3 * a + 2 if o == seat else -1 - e
            o = owner[b]
            kb = 3 * b + is_ship if o == -1 else 3 * b + 2 if o == seat else -1 - e
            if ka in links:
                links[ka].append(kb)
            else:
                links[ka] = [kb]
            if kb in links:
                links[kb].append(ka)
            else:
                links[kb] = [ka]
        best = 0
        seen: set[int] = set()
        for root in links:
            if root in seen:
                continue
            far, _, members, degrees = _farthest(links, root)
            seen |= members
            pieces = degrees // 2
            if pieces <= best or pieces < enough < _NO_LIMIT:
                continue  # too small to hold a longer trail, or one as long as asked
            if pieces >= len(members):  # a loop: search every trail of this part
                # a trail misses an edge at all but two of the ends where an odd number meet
                odd = sum(len(links[key]) & 1 for key in members)
                most = pieces - max(0, odd // 2 - 1)
                if most <= best or most < enough < _NO_LIMIT:
                    continue
                part = own & self._edges_at_ends(members)
                best = max(best, self._trail_search(seat, roads & part, ships & part, enough))
            else:
                best = max(best, _farthest(links, far)[1])
            if best >= enough:
                break
        return best

    def _edges_at_ends(self, ends: set[int]) -> int:
        """The edges touching the node ends `ends` of `_route_length`'s network (a part of the
        route, and maybe pieces of other parts met at the same nodes: their trails are trails of
        the route too)."""
        node_edge_mask = self.geo.node_edge_mask
        mask = 0
        for key in ends:
            mask |= node_edge_mask[key // 3] if key >= 0 else 1 << (-1 - key)
        return mask

    def _trail_search(self, seat: int, roads: int, ships: int, enough: int) -> int:
        """Every trail searched, from every junction of the route's network (see `_network`:
        a longest trail starts at one)."""
        network = self._network(seat, roads, ships)
        best = 0
        for x in network:
            best = max(best, self._trail_from(seat, network, x, enough))
            if best >= enough:
                break
        return best

    def _network(self, seat: int, roads: int, ships: int) -> dict[int, list[tuple]]:
        """`seat`'s route as chains between junctions: node -> [(the chain's own bit, the
        junction at its other end, the type of its first and of its last piece (1 a ship), its
        length)].  A junction is a node where a trail does not simply pass on (not two pieces,
        an opponent's building, road meeting ship away from one's own building) or one node of
        a loop that has none; trails are searched chain by chain."""
        edges, owner = self.geo.edges, self.node_owner
        at: dict[int, list[tuple[int, int, int]]] = {}
        count = 0
        for e in bits(roads | ships):
            a, b = edges[e]
            is_ship = ships >> e & 1
            if a in at:
                at[a].append((e, b, is_ship))
            else:
                at[a] = [(e, b, is_ship)]
            if b in at:
                at[b].append((e, a, is_ship))
            else:
                at[b] = [(e, a, is_ship)]
            count += 1
        network: dict[int, list[tuple]] = {}
        for x, pieces in at.items():
            o = owner[x]
            if len(pieces) != 2 or o != seat and (o != -1 or pieces[0][2] != pieces[1][2]):
                network[x] = []
        junctions = list(network)
        walked: set[int] = set()
        while True:
            for x in junctions:
                for e, y, first in at[x]:
                    if e in walked:
                        continue
                    walked.add(e)
                    length, last, previous, node = 1, first, e, y
                    while node not in network:  # along the chain to the next junction
                        one, two = at[node]
                        e2, node, last = two if one[0] == previous else one
                        walked.add(e2)
                        length += 1
                        previous = e2
                    bit = 1 << len(walked)
                    network[x].append((bit, node, first, last, length))
                    network[node].append((bit, x, last, first, length))
            if len(walked) == count:
                return network
            loop = min(x for x in at if x not in network and at[x][0][0] not in walked)
            network[loop] = []  # a loop with no junction: one of its nodes becomes one
            junctions = [loop]

    def _trail_from(self, seat: int, network: dict, start: int, enough: int) -> int:
        """The longest trail of `seat`'s route `network` (see `_network`; `start` a junction)
        from `start` (or `enough`, once found)."""
        owner = self.node_owner
        best = 0
        stack = [(start, 0, 0, -1)]
        while stack:
            node, used, length, was_ship = stack.pop()
            if length > best:
                best = length
                if best >= enough:
                    break
            here = owner[node]
            if length and here != -1 and here != seat:
                continue
            for bit, other, first, last, size in network[node]:
                if not used & bit and (was_ship < 0 or first == was_ship or here == seat):
                    stack.append((other, used | bit, length + size, last))
        return best


def _farthest(links: dict, root) -> tuple[Any, int, set, int]:
    """From `root` in a network given as node -> neighbours: the farthest node, its distance,
    the nodes reached and the sum of their degrees (twice the links: a tree has one link fewer
    than nodes)."""
    far, distance = root, 0
    seen = {root}
    degrees = 0
    stack = [(root, 0)]
    while stack:
        node, depth = stack.pop()
        if depth > distance:
            far, distance = node, depth
        degrees += len(links[node])
        for other in links[node]:
            if other not in seen:
                seen.add(other)
                stack.append((other, depth + 1))
    return far, distance, seen, degrees

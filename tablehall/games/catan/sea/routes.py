"""The longest trade route on the sea board (mixed into `state.SeaState`).

A route is a trail over one player's roads and ships, never through an opponent's building,
changing between road and ship only at the player's own settlement or city.  Its length is kept
in `road_length` and awarded as the classic longest road (none with _SC_0RVP).

Lengths are found in the route's network with each node split where trails may not pass: a
free node into its road end and its ship end, an opponent's building into one end per piece.  A
trail is then a path of the split network; where that network is a forest (the usual case) the
longest path of each tree is found in two sweeps, and only a network with a loop has every trail
searched.  Placing a piece or moving a ship mostly asks one search from where it attaches.
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
            length = self._longest_road_of(seat)
        else:
            length = self._length_with(seat, placed, self.road_edges[seat], self.ships[seat], self.road_length[seat])
        self._set_route_length(seat, length, events)

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
        now = self._leaf_trail(seat, target, roads, ships)
        if now < 0:
            now = self._route_length(seat, roads, ships)
        elif now < length:
            through_old = self._leaf_trail(seat, source, roads, without | 1 << source)
            if through_old < length:  # a trail that long never used the ship
                now = length
            else:
                now = max(now, self._route_length(seat, roads, without, length))
        self._set_route_length(seat, now, events)

    def _length_with(self, seat: int, edge: int, roads: int, ships: int, old: int) -> int:
        """The longest route of `roads` and `ships` (which hold a piece at `edge`), knowing the
        longest without that piece is `old`."""
        through = self._leaf_trail(seat, edge, roads, ships)
        if through < 0:  # it joins two parts or closes a loop
            return self._route_length(seat, roads, ships)
        return max(old, through)

    def _leaf_trail(self, seat: int, edge: int, roads: int, ships: int) -> int:
        """The longest trail ending with the piece at `edge`, when a trail cannot go on past it
        at one of its ends; -1 when it can at both (it may join two parts, or close a loop)."""
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
            return -1
        if not onward:
            return 1
        return 1 + self._trail_from(seat, self._network(rest_roads, rest_ships), onward[0], is_ship)

    def _longest_road_of(self, seat: int) -> int:
        return self._route_length(seat, self.road_edges[seat], self.ships[seat])

    def _route_length(self, seat: int, roads: int, ships: int, enough: int = _NO_LIMIT) -> int:
        """The longest trail of `seat` over `roads` and `ships` (or at least `enough`, as soon as
        a trail that long is found)."""
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
            if degrees // 2 >= len(members):  # a loop: search every trail
                return self._trail_search(seat, roads, ships, enough)
            best = max(best, _farthest(links, far)[1])
        return best

    def _trail_search(self, seat: int, roads: int, ships: int, enough: int) -> int:
        """Every trail searched, from the nodes where a longest one may start (as for the
        classic longest road: where the route does not simply pass on, or anywhere on a loop)."""
        own = roads | ships
        geo = self.geo
        pieces: dict[int, list[int]] = {}
        for e in bits(own):
            for x in geo.edges[e]:
                pieces.setdefault(x, []).append(e)
        starts = [x for x, es in pieces.items() if len(es) != 2 or not self._passes(seat, x, es, ships)]
        covered = self._route_nodes(starts, own)
        for x in sorted(pieces):
            if x not in covered:  # a loop the route passes all round
                starts.append(x)
                covered |= self._route_nodes([x], own)
        network = self._network(roads, ships)
        best = 0
        for x in starts:
            best = max(best, self._trail_from(seat, network, x, -1, enough))
            if best >= enough:
                break
        return best

    def _passes(self, seat: int, node: int, edges: list[int], ships: int) -> bool:
        """Whether a route of `seat` may pass through `node` from one of its two `edges` to the other."""
        here = self.node_owner[node]
        if here != -1 and here != seat:
            return False
        return here == seat or (ships >> edges[0] & 1) == (ships >> edges[1] & 1)

    def _route_nodes(self, starts: list[int], own: int) -> set[int]:
        links = self.geo.node_links
        seen = set(starts)
        todo = list(starts)
        while todo:
            node = todo.pop()
            for bit, other in links[node]:
                if own & bit and other not in seen:
                    seen.add(other)
                    todo.append(other)
        return seen

    def _network(self, roads: int, ships: int) -> dict[int, list[tuple[int, int, int]]]:
        """The route's pieces by node: node -> [(the piece's own bit, the node at its other end,
        1 for a ship)], each piece numbered from 0 so that trails are small masks."""
        edges = self.geo.edges
        network: dict[int, list[tuple[int, int, int]]] = {}
        for i, e in enumerate(bits(roads | ships)):
            a, b = edges[e]
            piece = 1 << i
            is_ship = ships >> e & 1
            for x, y in ((a, b), (b, a)):
                if x in network:
                    network[x].append((piece, y, is_ship))
                else:
                    network[x] = [(piece, y, is_ship)]
        return network

    def _trail_from(self, seat: int, network: dict, start: int, arrived: int = -1, enough: int = _NO_LIMIT) -> int:
        """The longest trail of `seat`'s route `network` from `start` (or `enough`, once found);
        `arrived` 0 or 1: it continues a trail that reached `start` by a road or a ship (-1: it
        begins there)."""
        owner = self.node_owner
        best = 0
        stack = [(start, 0, 0, arrived)]
        while stack:
            node, used, length, was_ship = stack.pop()
            if length > best:
                best = length
                if best >= enough:
                    break
            here = owner[node]
            if length and here != -1 and here != seat:
                continue
            for piece, other, is_ship in network.get(node, ()):
                if not used & piece and (was_ship < 0 or is_ship == was_ship or here == seat):
                    stack.append((other, used | piece, length + 1, is_ship))
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

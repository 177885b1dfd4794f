"""The engine's shortcuts agree with the plain computations they stand for: roll payouts kept
per dice total, road lengths searched only when a road can have changed, events built without
the dataclass constructor.  Each is checked against a from-scratch oracle written here."""

from __future__ import annotations

from dataclasses import fields

from tablehall.core import EVERYONE, Event, all_but, derive_seed, only
from tablehall.games.catan import SPEC, actions as A
from tablehall.games.catan.constants import CITY, DESERT, PIECE_COST
from tablehall.games.catan.geometry import EDGE_COUNT, EDGES, HEX_COUNT, HEX_NODES, NODE_COUNT, NODE_HEXES
from tablehall.games.catan.rules import _event

from .helpers import give, new, setup, to_play


def random_games(seeds, seats: int = 4):
    """(state before, seat, action, state after, events) for every move of random-bot games."""
    for seed in seeds:
        state = SPEC.new(seats, {}, seed)
        bots = [SPEC.bots["random"](derive_seed(seed, s)) for s in range(seats)]
        while not state.is_over:
            seat = state.to_act()[0]
            action = bots[seat].choose(state, seat)
            before = state.copy()
            events = state.apply(seat, action)
            yield before, seat, action, state, events


def expected_payout(state, total: int) -> tuple[list[list[int]], list[int]]:
    """Gains per seat and the shortage of a roll of `total`, from the board as it stands."""
    n = state.seat_count
    gains = [[0] * 5 for _ in range(n)]
    for h in range(HEX_COUNT):
        if state.board.numbers[h] == total and h != state.robber and state.board.terrain[h] != DESERT:
            for node in HEX_NODES[h]:
                if state.node_owner[node] >= 0:
                    gains[state.node_owner[node]][state.board.terrain[h]] += state.node_level[node]
    shortage = []
    for r in range(5):
        if sum(g[r] for g in gains) > state.bank[r]:
            shortage.append(r)
            takers = [s for s in range(n) if gains[s][r]]
            for s in takers:
                gains[s][r] = state.bank[r] if len(takers) == 1 else 0
    return gains, shortage


def test_every_roll_pays_what_the_board_says():
    rolls = robbed = 0
    for before, seat, action, after, events in random_games(range(12)):
        if action[0] != "roll" or events[0].data["total"] == 7:
            continue
        total = events[0].data["total"]
        gains, shortage = expected_payout(before, total)
        produced = events[1]
        assert produced.data["gains"] == gains and produced.data["shortage"] == shortage
        assert after.hands == [[h + g for h, g in zip(hand, gain)] for hand, gain in zip(before.hands, gains)]
        rolls += 1
        robbed += before.board.numbers[before.robber] == total
    assert rolls > 1000 and robbed > 20  # the robbed-hex payouts were exercised too


def longest_trail(state, seat: int) -> int:
    """Brute force: the longest trail of `seat`'s roads, from every start, not passing through
    an opponent's building."""
    links: dict[int, list[tuple[int, int]]] = {}
    for e in range(EDGE_COUNT):
        if state.edge_owner[e] == seat:
            a, b = EDGES[e]
            links.setdefault(a, []).append((e, b))
            links.setdefault(b, []).append((e, a))

    def walk(node: int, used: frozenset, started: bool) -> int:
        if started and state.node_owner[node] not in (-1, seat):
            return 0
        return max((1 + walk(other, used | {e}, True) for e, other in links[node] if e not in used), default=0)

    return max((walk(node, frozenset(), False) for node in links), default=0)


def test_road_lengths_match_a_brute_force_search_after_every_placement():
    placements = 0
    for _, _, action, after, _ in random_games(range(6)):
        if action[0] in ("road", "settlement"):
            assert after.road_length == [longest_trail(after, s) for s in range(after.seat_count)]
            placements += 1
    assert placements > 200


def test_events_built_directly_equal_the_kernels_events():
    assert [f.name for f in fields(Event)] == ["kind", "data", "audience"]
    for kind, data, audience in (("turn", {"seat": 1, "round": 3}, EVERYONE),
                                 ("robbed", {"thief": 0, "victim": 2, "resource": 4}, only(0, 2)),
                                 ("discarded", {"seat": 3, "count": 4, "resources": None}, all_but(3))):
        made = _event(kind, data, audience)
        assert type(made) is Event and made == Event(kind, data, audience)
        assert made.to_json() == Event(kind, data, audience).to_json()
    assert _event("offers_cleared", {}) == Event("offers_cleared")


def test_a_copy_plays_on_exactly_like_the_original():
    for before, seat, action, _, events in random_games([3], seats=3):
        assert before.copy().apply(seat, action) == events


def test_copies_share_payouts_only_while_their_buildings_agree():
    st = setup(new())
    seat = st.current
    node, total = next((n, st.board.numbers[h]) for n in range(NODE_COUNT) if st.node_owner[n] == seat
                       for h in NODE_HEXES[n] if st.board.numbers[h] and h != st.robber)
    to_play(st, total)  # the original has counted what a roll of `total` pays
    twin = st.copy()
    give(twin, seat, PIECE_COST[CITY])
    twin.apply(seat, A.city(node))
    for game in (st, twin):
        game.apply(seat, A.END_TURN)
        gains, _ = expected_payout(game, total)
        before = [list(hand) for hand in game.hands]
        to_play(game, total)
        assert [[h - b for h, b in zip(hand, old)] for hand, old in zip(game.hands, before)] == gains
    assert st.node_level[node] == 1 and twin.node_level[node] == 2

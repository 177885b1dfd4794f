"""The scenarios' rules: fog lifted by placement, special victory points for new land areas,
cloth villages, the pirate fleet and fortresses, special edges and gift harbours, wonders; and
the events that tell them."""

from __future__ import annotations

import pytest

from tablehall.core import IllegalAction, OptionError
from tablehall.games.catan.constants import (KNIGHT, PLAY1, ROLL_OR_CARD, SETTLEMENT, SPECIAL_BUILDING, VICTORY_POINT,
                                             WAITING_FOR_ROB_CHOOSE_PLAYER, dev_type)
from tablehall.games.catan.geometry import bits
from tablehall.games.catan.sea.board import FOG
from tablehall.games.catan.sea.fields import SeaPhase
from tablehall.games.catan.sea.scenarios import (DEV_CARD_EDGE, ESTABLISHED_VILLAGE, RECAPTURED_FORTRESS, SVP_EDGE,
                                                 WONDER_LEVELS)
from tablehall.games.catan.sea.state import SHIP

from .sea_helpers import empty_hands, give, new_sea, play_bots, roll, setup


# -- fog -------------------------------------------------------------------------------------------------
def test_a_piece_touching_fog_lifts_it_and_rewards_its_placer():
    st = new_sea(scenario="SC_FOG")
    hidden = dict(st.fog)
    assert hidden and all(st.board.terrain[h] == FOG and st.board.numbers[h] == 0 for h in hidden)
    setup(st)
    roll(st, 6)
    empty_hands(st)
    seat = st.current
    fog_nodes = {n for h in st.fog for n in st.geo.hex_nodes[h]}
    reach = (st.reach[seat] & ~st.occupied_edges) | (st.ship_reach[seat] & ~st.occupied_edges)
    edge = next((e for e in bits(reach) if set(st.geo.edges[e]) & fog_nodes), None)
    if edge is None:  # not in reach yet: lift it through the rules' own helper
        node = next(iter(fog_nodes))
        events = []
        st._reveal_fog_at_nodes(seat, (node,), events)
    else:
        kind = "road" if st.reach[seat] >> edge & 1 else "ship"
        give(st, seat, (1, 0, 1, 0, 1))
        events = st.apply(seat, (kind, edge))
    revealed = [e for e in events if e.kind == "fog_revealed"]
    assert revealed
    for ev in revealed:
        h = ev.data["hex"]
        assert (ev.data["terrain"], ev.data["number"]) == hidden[h] and h not in st.fog
        assert st.board.terrain[h] == ev.data["terrain"] and st.board.numbers[h] == ev.data["number"]
        assert ev.data["reward"] == (ev.data["terrain"] if ev.data["terrain"] < 5 else None) or \
            ev.data["reward"] is None
    assert set(st.fog) == set(hidden) - {ev.data["hex"] for ev in revealed}


def test_fog_lifted_in_whole_games_shows_what_was_dealt_under_it():
    revealed = []

    def each(st, events):
        for i, ev in enumerate(events):
            if ev.kind == "fog_revealed":
                h = ev.data["hex"]
                assert (ev.data["terrain"], ev.data["number"]) == dealt[h] and h not in st.fog
                if ev.data["terrain"] == 7:  # gold: a free pick, asked once the placement is done
                    assert any(e.kind == "picks_required" for e in events[i:])
                revealed.append(h)

    lifted = 0
    for seed in (1, 2, 3):
        dealt = dict(new_sea(4, "SC_FOG", seed).fog)
        st = play_bots(4, "SC_FOG", seed, each=each)
        assert st.is_over and set(st.fog) == set(dealt) - set(revealed)
        lifted += len(revealed)
        revealed.clear()
    assert lifted


# -- special victory points ---------------------------------------------------------------------------------
@pytest.mark.parametrize("scenario", ["SC_NSHO", "SC_4ISL", "SC_TTD", "SC_WOND"])
def test_special_victory_points_for_new_land_areas(scenario):
    awards = []

    def each(st, events):
        for i, ev in enumerate(events):
            if ev.kind == "svp":
                built = next(e for e in reversed(events[:i]) if e.kind == "built" and e.data["piece"] == "settlement")
                node, seat = built.data["at"], ev.data["seat"]
                area = st.layout.node_area[node]
                assert ev.data["seat"] == built.data["seat"] and ev.data["area"] == area
                assert not st.start_areas[seat] >> area & 1
                awards.append((seat, area, ev.data["svp"]))

    for seed in range(1, 7):
        st = play_bots(4, scenario, seed, bot="strong" if seed % 2 else "random", each=each)
        for s in range(4):
            mine = [(a, svp) for seat, a, svp in awards if seat == s]
            if scenario == "SC_WOND":
                assert len(mine) <= 1 and all(svp == 1 for _, svp in mine)
            else:
                assert len({a for a, _ in mine}) == len(mine) and all(svp == 2 for _, svp in mine)
            assert st.svp[s] == sum(svp for _, svp in mine)
        awards.clear()


def test_through_the_desert_counts_the_desert_strip_as_home():
    st = setup(new_sea(scenario="SC_TTD"))
    assert all(areas >> 3 & 1 for areas in st.start_areas)


# -- Cloth Trade ---------------------------------------------------------------------------------------------
def test_a_ship_reaching_a_village_opens_trade_and_takes_cloth():
    st = setup(new_sea(scenario="SC_CLVI"))
    node, dice = st.layout.villages[0]
    edge = st.geo.node_edges[node][0]
    events = []
    st._place_ship(0, edge)
    st._ship_arrived(0, edge, events)
    assert events[0].kind == "village_reached" and events[0].data["cloth"] == 1
    assert st.cloth[0] == 1 and st.village_cloth[node] == 4 and st.player_events[0] & ESTABLISHED_VILLAGE
    assert st.village_traders[node] == (0,)


def test_village_cloth_goes_to_the_player_to_move_first_then_the_general_supply():
    st = setup(new_sea(scenario="SC_CLVI"))
    node, dice = st.layout.villages[0]
    st.village_traders = {**st.village_traders, node: (2, 0, 1)}
    st.village_cloth = {**st.village_cloth, node: 1}
    st.general_cloth = 1
    st.current = 0
    events = []
    st._village_cloth(dice, events)
    assert events[0].data["gains"] == [1, 0, 1, 0]  # the mover from the village, then seat 2 from the supply
    assert st.village_cloth[node] == 0 and st.general_cloth == 0
    events = []
    st._village_cloth(dice, events)  # an empty village gives nothing
    assert not [e for e in events if e.kind == "cloth"]


def test_the_game_ends_when_fewer_than_four_villages_have_cloth():
    st = setup(new_sea(scenario="SC_CLVI"))
    villages = [node for node, _ in st.layout.villages]
    st.village_cloth = {node: (1 if i < 4 else 0) for i, node in enumerate(villages)}
    st.cloth = [4, 0, 6, 0]  # seat 2 leads on points (3 VP of cloth) and on cloth
    events = []
    st._open_trade(1, villages[0], events)
    assert st.is_over and st.winner == 2 and events[-1].kind == "game_over"
    assert any(e.kind == "villages_empty" for e in events)


def test_cloth_games_play_to_the_end():
    def each(st, events):
        for ev in events:
            if ev.kind == "cloth_stolen":
                assert st.cloth[ev.data["thief"]] >= 1
    for seed in (1, 2):
        st = play_bots(4, "SC_CLVI", seed, each=each)
        assert st.is_over
        total = sum(st.cloth) + st.general_cloth + sum(st.village_cloth.values())
        assert total == st.layout.general_cloth + 5 * len(st.layout.villages)


# -- Pirate Islands -----------------------------------------------------------------------------------------
def test_pirate_islands_start_with_settlements_ships_and_fortresses():
    st = new_sea(3, scenario="SC_PIRI")
    assert st.robber == -1 and st.pirate == st.layout.fleet_path[0]
    assert {seat for seat, _ in st.fortresses.values()} == {0, 1, 2}  # the fourth seat is empty
    for seat in range(3):
        assert st.building_vp[seat] == 1 and st.pieces[seat][SHIP] == 14 and st.ships[seat]
    assert st.start_events()[0].data["pieces"] == [list(p) for p in st.layout.initial_pieces if p[0] < 3]


def test_ships_keep_to_their_lane_and_knights_are_warships():
    st = setup(new_sea(scenario="SC_PIRI"))
    lane = st.layout.sea_edges[0]
    for kind, edge in (a for a in st.legal_actions(0) if a[0] == "ship"):
        assert lane >> edge & 1
    st.dev_old[0][KNIGHT] += 1  # as if bought before this turn
    st.deck.remove(0)
    events = st.apply(0, ("play_dev", KNIGHT))
    assert [e.kind for e in events] == ["dev_played", "warship"] and st.warships[0] == 1
    assert st.phase is ROLL_OR_CARD and st.largest_army == -1


def test_a_seven_in_pirate_islands_robs_anyone_or_nobody():
    st = setup(new_sea(scenario="SC_PIRI"))
    empty_hands(st)
    give(st, 2, (1, 0, 0, 0, 0))
    roll(st, 7)
    assert st.phase is WAITING_FOR_ROB_CHOOSE_PLAYER and st.legal_actions(0) == [("rob", 2), ("rob", -1)]
    st.apply(0, ("rob", -1))
    assert st.phase is PLAY1 and st.hands[2] == [1, 0, 0, 0, 0]


def test_attacking_the_fortress():
    st = setup(new_sea(scenario="SC_PIRI"))
    roll(st, 6)
    node = st._own_fortress(0)
    with pytest.raises(IllegalAction):
        st.check(0, ("attack_fortress",))
    edge = st.geo.node_edges[node][0]
    st._place_ship(0, edge)
    st.warships[0] = 7  # stronger than any defence: every attack takes a strength point
    for strength in (2, 1):
        events = st.apply(0, ("attack_fortress",))
        attack = events[0]
        assert attack.data["strength"] == strength and attack.data["ships_lost"] == []
        while st.current != 0:
            st.apply(st.current, ("roll",) if st.phase is ROLL_OR_CARD else st.legal_actions(st.current)[0])
        roll(st, 6)
    events = st.apply(0, ("attack_fortress",))
    assert [e.kind for e in events][:2] == ["fortress_attacked", "fortress_captured"]
    assert st.node_owner[node] == 0 and st.player_events[0] & RECAPTURED_FORTRESS and node not in st.fortresses


def test_a_lost_attack_costs_ships():
    st = setup(new_sea(scenario="SC_PIRI"))
    roll(st, 6)
    node = st._own_fortress(0)
    edge = st.geo.node_edges[node][0]
    st._place_ship(0, edge)
    ships = st.pieces[0][SHIP]
    events = st.apply(0, ("attack_fortress",))  # no warships: every defence wins
    assert len(events[0].data["ships_lost"]) == 2 and st.pieces[0][SHIP] == ships + 2
    assert st.current != 0  # an attack ends the turn


def test_the_fortress_is_the_fifth_settlement():
    st = setup(new_sea(scenario="SC_PIRI"))
    assert all(st.pieces[seat][SETTLEMENT] == 3 - 2 for seat in range(4))  # 4 in stock, the fixed one, two placed
    node = st._own_fortress(0)
    roll(st, 6)
    st._place_ship(0, st.geo.node_edges[node][0])
    st.warships[0] = 7
    st.fortresses[node] = (0, 1)
    st.apply(0, ("attack_fortress",))
    assert st.node_owner[node] == 0 and st.pieces[0][SETTLEMENT] == 1  # none taken from the stock


def test_pirate_islands_deals_warships_for_victory_point_cards():
    for seats in (4, 6):
        st = new_sea(seats, scenario="SC_PIRI")
        kinds = [dev_type(card) for card in st.deck]
        assert kinds.count(KNIGHT) == (19 if seats == 4 else 25) and VICTORY_POINT not in kinds
        assert len(kinds) == (25 if seats == 4 else 34)
    assert new_sea(scenario="SC_PIRI", dev_deck=" ".join(["KN"] * 19)).deck[-19:] == [KNIGHT] * 19
    with pytest.raises(OptionError):
        new_sea(scenario="SC_PIRI", dev_deck="VP")


def test_pirate_islands_routes_continue_from_the_newest_ship_only():
    st = setup(new_sea(scenario="SC_PIRI"))
    roll(st, 6)
    give(st, 0, (0, 0, 1, 0, 1))
    first = st.ship_order[0][0]
    tip = next(x for x in st.geo.edges[first] if st.node_owner[x] != 0)
    spots = [a[1] for a in st.legal_actions(0) if a[0] == "ship"]
    assert spots and all(tip in st.geo.edges[e] for e in spots)
    st.apply(0, ("ship", spots[0]))
    give(st, 0, (0, 0, 1, 0, 1))
    new_tip = next(x for x in st.geo.edges[spots[0]] if x != tip)
    later = [a[1] for a in st.legal_actions(0) if a[0] == "ship"]
    assert all(new_tip in st.geo.edges[e] for e in later)  # no branch back at the first ship's end
    with pytest.raises(IllegalAction):
        st.check(0, ("ship", next(e for e in st.geo.node_edges[tip] if not st.occupied_edges >> e & 1
                                  and st.layout.sea_edges[0] >> e & 1 and e != spots[0])))


def test_pirate_islands_chance_can_be_scripted():
    st = setup(new_sea(scenario="SC_PIRI", dice="6+2 3+4", pirate_dice="4 5"))
    start = st.fleet_step
    events = st.apply(st.current, ("roll",))
    assert st.fleet_step == start + 2 and events[0].data["dice"] == [6, 2]  # the fleet sails by the smaller die
    node = st._own_fortress(st.current)
    seat = st.current
    st._place_ship(seat, st.geo.node_edges[node][0])
    st.warships[seat] = 5
    events = st.apply(seat, ("attack_fortress",))
    assert events[0].data["defence"] == 4 and events[0].data["ships_lost"] == []  # 5 warships beat a scripted 4
    observed = st.observation(0)
    assert observed.pirate_script == () and observed.options.get("pirate_dice") == ""  # the future stays hidden


def test_winning_pirate_islands_needs_the_fortress():
    st = setup(new_sea(scenario="SC_PIRI"))
    assert not st._scenario_allows_win(0)
    st.player_events[0] |= RECAPTURED_FORTRESS
    assert st._scenario_allows_win(0)


# -- The Forgotten Tribe -------------------------------------------------------------------------------------
def test_special_edges_give_a_card_or_a_point_to_the_first_ship():
    st = setup(new_sea(scenario="SC_FTRI"))
    for edge, kind in sorted(st.special_edges.items())[:2] + [
            next((e, k) for e, k in sorted(st.special_edges.items()) if k == DEV_CARD_EDGE)]:
        cards, svp = sum(st.dev_new[0]), st.svp[0]
        events = []
        st._place_ship(0, edge)
        st._ship_arrived(0, edge, events)
        assert events[0].data == {"seat": 0, "edge": edge, "kind": kind} and edge not in st.special_edges
        if kind == SVP_EDGE:
            assert st.svp[0] == svp + 1
        else:
            gift = [e for e in events if e.kind == "dev_gift"]
            assert sum(st.dev_new[0]) == cards + 1 and gift[0].data["card"] is not None
            assert gift[1].data["card"] is None and not gift[1].audience.admits(0)


@pytest.mark.parametrize("seats, deck", [(4, 21), (6, 28)])
def test_a_card_is_set_aside_for_each_dev_card_edge(seats, deck):
    """The Java server's Forgotten Tribe deck holds 21 (34 - 6 with 6 players) cards at the start:
    one card waits for each dev-card edge, and a ship taking it leaves the deck to buy as it was."""
    st = new_sea(seats, scenario="SC_FTRI")
    edges = [e for e, k in sorted(st.special_edges.items()) if k == DEV_CARD_EDGE]
    assert len(st.deck) == deck and len(st.gift_cards) == len(edges) == len(st.deck_cards) - deck
    setup(st)
    top = st.deck[-1]
    events = []
    st._place_ship(0, edges[0])
    st._ship_arrived(0, edges[0], events)
    gift = next(e for e in events if e.kind == "dev_gift")
    assert gift.data["card_id"] == top and gift.data["deck_left"] == deck  # the next card, the count kept
    assert len(st.deck) == deck and len(st.gift_cards) == len(edges) - 1
    observed = st.observation(1)
    assert len(observed.deck) == deck and len(observed.gift_cards) == len(edges) - 1


def test_a_scripted_deck_deals_bought_and_given_cards_in_its_order():
    st = setup(new_sea(scenario="SC_FTRI", dev_deck="MO RB YP"))
    edge = next(e for e, k in sorted(st.special_edges.items()) if k == DEV_CARD_EDGE)
    roll(st, 6)
    seat = st.current
    give(st, seat, [2, 2, 2, 2, 2])
    first = st.apply(seat, ("buy_dev",))
    events = []
    st._place_ship(seat, edge)
    st._ship_arrived(seat, edge, events)
    second = st.apply(seat, ("buy_dev",))
    drawn = [e.data["card"] for e in first + events + second if e.kind in ("dev_bought", "dev_gift")
             and e.data["card"] is not None]
    assert drawn == ["monopoly", "road_building", "year_of_plenty"]


def test_a_gift_harbour_is_taken_and_placed_beside_a_coastal_building():
    st = setup(new_sea(scenario="SC_FTRI"))
    roll(st, 6)
    harbor = min(st.gift_harbors)
    kind = dict(st.board.harbors)[harbor]
    ship = next(e for x in st.geo.edges[harbor] for e in st.geo.node_edges[x] if st.edge_owner[e] < 0)
    events = []
    st._place_ship(0, ship)
    st._ship_arrived(0, ship, events)
    st._offer_gift_harbor(0, events)
    assert harbor not in dict(st.board.harbors) and events[-2].data == {"seat": 0, "edge": harbor, "kind": kind} \
        or events[-1].data == {"seat": 0, "edge": harbor, "kind": kind}
    spots = st._harbor_spots(0)
    if spots:
        assert st.phase is SeaPhase.PLACING_INV_ITEM and st.legal_actions(0) == [("place_harbor", e) for e in spots]
        events = st.apply(0, ("place_harbor", spots[0]))
        assert events[0].kind == "harbor_placed" and dict(st.board.harbors)[spots[0]] == kind
        assert st.phase is PLAY1
    else:
        assert st.harbors_held[0] == (kind,) and st.phase is PLAY1


# -- Wonders ----------------------------------------------------------------------------------------------------
def test_a_wonder_needs_its_requirements_then_four_levels_win():
    st = setup(new_sea(scenario="SC_WOND"))
    roll(st, 6)
    empty_hands(st)
    index = next(i for i, w in enumerate(st.layout.wonders) if w["requires"] == ("C", "6V"))
    wonder = st.layout.wonders[index]
    give(st, 0, wonder["cost"])
    with pytest.raises(IllegalAction) as refused:
        st.check(0, ("wonder", index))
    assert refused.value.code == "REQUIREMENTS"
    home = next(n for n, o in enumerate(st.node_owner) if o == 0)
    st.node_level[home] = 2  # a city, and points enough
    st.building_vp[0] += 1
    st.svp[0] = 6
    ships = st.pieces[0][SHIP]
    for level in range(1, WONDER_LEVELS + 1):
        give(st, 0, wonder["cost"])
        events = st.apply(0, ("wonder", index))
        assert events[0].data["level"] == level and st.wonder_owner[index] == 0
    assert st.pieces[0][SHIP] == ships - 1  # the first level took a ship as its marker
    assert st.is_over and st.winner == 0 and events[-1].kind == "game_over"


def test_a_wonder_built_in_the_special_building_phase_wins_when_its_players_turn_begins():
    st = setup(new_sea(6, scenario="SC_WOND"))
    roll(st, 6)
    builder = (st.current + 1) % 6
    st.apply(builder, ("ask_special_build",))
    st.apply(st.current, ("end_turn",))
    assert (st.phase, st.current) == (SPECIAL_BUILDING, builder)
    st.wonder_owner[0], st.wonder_level[0] = builder, WONDER_LEVELS - 1
    give(st, builder, st.layout.wonders[0]["cost"])
    assert ("wonder", 0) in st.legal_actions(builder)
    events = st.apply(builder, ("wonder", 0))
    assert events[0].data["level"] == WONDER_LEVELS and not st.is_over  # nobody wins in the phase
    events = st.apply(builder, ("end_turn",))
    assert st.is_over and st.winner == builder and events[-1].kind == "game_over"


def test_a_player_builds_one_wonder_and_wins_on_points_only_ahead_on_wonders():
    st = setup(new_sea(scenario="SC_WOND"))
    st.wonder_owner[0], st.wonder_level[0] = 1, 2
    assert st._wonder_refusal(0, 0).code == "TAKEN"
    st.wonder_owner[1], st.wonder_level[1] = 0, 2
    assert st._wonder_refusal(0, 2).code == "ONE_WONDER"
    assert not st._scenario_allows_win(0)  # level 2 against level 2
    st.wonder_level[1] = 3
    assert st._scenario_allows_win(0)

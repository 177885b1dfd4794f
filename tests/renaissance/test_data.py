"""The package's own data file equals the cross-checked reference data, card for card."""

import pytest

from tablehall.games.renaissance import data
from tablehall.games.renaissance.data import COLORS, RESOURCES


def named(bundle, faith=0, any_resource=0):
    out = {RESOURCES[r]: n for r, n in enumerate(bundle) if n}
    if faith:
        out["faith"] = faith
    if any_resource:
        out["any_resource"] = any_resource
    return out


def test_development_cards_equal_the_reference(reference):
    ours = {c.id: c for c in data.CARDS.values()}
    theirs = {c["id"]: c for c in reference["development_cards"]}
    assert sorted(ours) == sorted(theirs) == list(range(1, 49))
    for ident, ref in theirs.items():
        card = ours[ident]
        assert (card.level, COLORS[card.color], card.points) == (ref["level"], ref["color"], ref["victory_points"]), ident
        assert named(card.cost) == ref["cost"], ident
        assert named(card.input) == ref["production"]["input"], ident
        assert named(card.output, card.faith) == ref["production"]["output"], ident


KINDS = {"discount": "discount", "depot": "extra_depot", "white_marble": "white_marble",
         "production": "extra_production"}


def leader_as_reference(leader):
    if leader.needs_cards:
        requirement = {"development_cards": [
            {"color": COLORS[color], "level": level or None, "count": count}
            for color, level, count in leader.needs_cards]}
    else:
        requirement = {"resources": named(leader.needs_resources)}
    if leader.kind == "discount":
        ability = {"resource": RESOURCES[leader.resource], "discount": 1}
    elif leader.kind == "depot":
        ability = {"resource": RESOURCES[leader.resource], "slots": data.EXTRA_DEPOT_SLOTS}
    elif leader.kind == "white_marble":
        ability = {"resource": RESOURCES[leader.resource]}
    else:
        ability = {"input": named(leader.input), "output": named((0, 0, 0, 0), leader.faith, leader.output_any)}
    return {"id": leader.id, "type": KINDS[leader.kind], "victory_points": leader.points,
            "requirement": requirement, "ability": ability}


def test_leaders_equal_the_reference(reference):
    ours = [leader_as_reference(data.LEADERS[i]) for i in data.LEADER_IDS]
    assert ours == sorted(reference["leader_cards"], key=lambda l: l["id"])


def test_market_marbles_and_yields(reference):
    market = reference["market"]
    assert (data.ROWS, data.COLUMNS) == (market["rows"], market["columns"])
    counts = {}
    for marble in data.MARBLES:
        counts[data.MARBLE_NAMES[marble]] = counts.get(data.MARBLE_NAMES[marble], 0) + 1
    assert counts == market["marbles"]
    assert len(data.MARBLES) == data.ROWS * data.COLUMNS + 1
    for name, gives in market["marble_yields"].items():
        marble = data.MARBLE_NAMES.index(name)
        expected = None if marble == data.WHITE else "faith" if marble == data.RED else RESOURCES[marble]
        assert gives == expected


def test_boards_track_and_setup(reference):
    assert list(data.DEPOT_CAPACITIES) == reference["warehouse"]["depot_capacities"]
    assert data.PRODUCTION_SLOTS == reference["development_slots"]
    assert (data.BASE_INPUT, data.BASE_OUTPUT) == (reference["base_production"]["input_any_resources"],
                                                   reference["base_production"]["output_any_resources"])
    setup = reference["setup"]
    assert (data.LEADERS_DEALT, data.LEADERS_KEPT) == (setup["leaders_dealt"], setup["leaders_kept"])
    assert [list(s) for s in data.SETUP] == [[s["resources_of_choice"], s["faith"]] for s in setup["seats"]]
    track = reference["faith_track"]
    assert data.LAST_SPACE == track["last_space"]
    for space, points in track["victory_point_spaces"]:
        assert data.TRACK_POINTS[space] == points
        assert data.TRACK_POINTS[space - 1] < points
    assert [list(r) for r in data.REPORTS] == [
        [r["section_first_space"], r["pope_space"], r["favor_tile_vp"]] for r in track["vatican_reports"]]


def test_solo_tokens(reference):
    effects = {"discard_two": "discard", "black_cross_plus_2": "cross+2",
               "black_cross_plus_1_and_shuffle": "cross+1,shuffle"}
    ours = [(t.id, t.effect, COLORS[t.color] if t.color >= 0 else None) for t in data.TOKENS.values()]
    theirs = [(t["id"], effects[t["effect"]], t.get("color")) for t in reference["solo_action_tokens"]]
    assert ours == theirs


def test_decks_hold_four_cards_of_one_level_and_colour():
    assert len(data.DECKS) == 12
    for index, deck in enumerate(data.DECKS):
        assert len(deck) == 4
        assert {(data.CARDS[c].level, data.CARDS[c].color) for c in deck} == {(index // 4 + 1, index % 4)}


@pytest.mark.parametrize("text, expected", [("2 coin, 1 faith", {"coin": 2, "faith": 1}), ("", {})])
def test_parse_bundle(text, expected):
    assert data.parse_bundle(text) == expected

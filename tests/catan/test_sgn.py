"""Settlers Game Notation: the corpus game replays through the engine, every line we write is
valid against the (patched) v1.0 schema, and export/import round-trips."""

from __future__ import annotations

import json
import warnings

import pytest

from tablehall.core import replay
from tablehall.games.catan import SPEC
from tablehall.games.catan.geometry import canonical_intersection
from tablehall.games.catan.sgn import SGNError, SGNWarning, parse_lines, sgn_to_record

from .test_fuzz import check_sgn, play_checked


def corpus(reference) -> str:
    return (reference / "sgn" / "test-corpus" / "game.log").read_text()


def read_with_warnings(text: str):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        record = sgn_to_record(text)
    return record, [str(w.message) for w in caught if issubclass(w.category, SGNWarning)]


def test_corpus_replays_with_one_warning_naming_line_73(reference):
    record, warned = read_with_warnings(corpus(reference))
    assert len(warned) == 1 and warned[0].startswith("line 73:")
    done = replay(record, SPEC)
    assert done.matches
    state = done.state
    assert state.is_over and state.winner == 0
    assert [state.total_vp(s) for s in range(4)] == [10, 5, 2, 4]
    assert state.longest_road == 3 and state.road_length[3] == 8
    assert state.largest_army == -1 and state.knights == [0, 0, 1, 0]
    assert state.node_level.count(1) + state.node_level.count(2) == 12 and state.node_level.count(2) == 5


def normalise(message):
    """A message compared as parsed data: ints, intersections as sets, paths as unordered pairs,
    trades as player -> resources."""
    player, code, value = message

    def point(p):
        return tuple(sorted(map(tuple, canonical_intersection(p))))

    if code in ("BS", "BC"):
        value = point(value["intersection"])
    elif code == "BR":
        value = frozenset(point(p) for p in value["path"])
    elif code == "MR":
        value = tuple(int(x) for x in value["tile"])
    elif code in ("TR", "ST"):
        value = frozenset((str(e["player"]), frozenset((k, int(v)) for k, v in e["resources"].items()))
                          for e in value)
        if code == "TR" and "B" not in {str(e["player"]) for e in message[2]}:
            player = "*"  # the actor of a trade between players is either party
    elif code == "DM":
        tiles = frozenset((tuple(int(x) for x in t["tile"]), t["tCode"], t["rNumber"]) for t in value["tiles"])
        harbors = frozenset((frozenset(point(p) for p in h["path"]), h["hCode"]) for h in value["harbors"])
        value = (tiles, harbors)
    elif code == "PD":
        value = (value["cCode"], tuple(sorted(value.get("rCodes", []))))
    else:
        value = json.dumps(value, sort_keys=True)
    return (player, code, value)


def test_corpus_exports_to_the_same_game(reference, sgn_validator):
    text = corpus(reference)
    record, _ = read_with_warnings(text)
    written = SPEC.exporters["sgn"](record)
    for line in written.splitlines():
        sgn_validator.validate(json.loads(line))
        assert line == json.dumps(json.loads(line), separators=(",", ":"), sort_keys=True)
    original = [normalise(m) for n, m in parse_lines(text) if n != 73]
    assert [normalise(m) for _, m in parse_lines(written)] == original


def test_games_with_every_bot_and_seat_count_round_trip(sgn_validator):
    for seed, seats, bots in ((1, 4, ("strong", "random", "random", "random")), (2, 3, ("random",) * 3),
                              (3, 2, ("strong", "strong"))):
        state, record = play_checked(seed, seats, {"first_player": -1}, bots)
        check_sgn(record, sgn_validator)
        back = SPEC.importers["sgn"](SPEC.exporters["sgn"](record))
        again = replay(back, SPEC).state
        seat_of = [(s - state.first) % seats for s in range(seats)]  # SGN numbers seats by turn order
        assert again.node_level == state.node_level and again.bank == state.bank
        assert again.node_owner == [-1 if o < 0 else seat_of[o] for o in state.node_owner]
        assert again.edge_owner == [-1 if o < 0 else seat_of[o] for o in state.edge_owner]
        assert [again.road_length[seat_of[s]] for s in range(seats)] == state.road_length


def test_reader_is_lenient_and_errors_are_precise():
    lines = ['["1","DM",{"harbors":[],"tiles":[]}]', '', '["1","BS",{"intersection":[["0","-2"],["-1","-1"],["-1","-2"]]}]']
    with pytest.raises(SGNError, match="player"):
        sgn_to_record("\n".join(lines))
    with pytest.raises(SGNError, match="line 2: not JSON"):
        sgn_to_record('["1","DM",{}]\n{oops')
    with pytest.raises(SGNError, match="no DM"):
        sgn_to_record('["1","RD",{"result":5}]')

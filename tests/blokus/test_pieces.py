"""Shapes, colours and the transform table against the contest's own output."""

import json

import pytest

from tablehall.games.blokus.pieces import (ORIENTATION_OF, ORIENTATIONS, SHAPES, START_SHAPES, TOTAL_SQUARES,
                                           TRANSFORMS, Color, Rotation, Shape, java_hash_set_order, transform)
from tablehall.games.blokus.sc.words import COLOR_NAMES


def test_colours_teams_and_names():
    assert [c.name for c in Color] == ["BLUE", "YELLOW", "RED", "GREEN"]
    assert [c.team for c in Color] == [0, 1, 0, 1]
    assert [c.word for c in Color] == ["blue", "yellow", "red", "green"]
    assert [COLOR_NAMES[c] for c in Color] == ["Blau", "Gelb", "Rot", "Grün"]  # the contest's, on the wire
    assert [c.next for c in Color] == [Color.YELLOW, Color.RED, Color.GREEN, Color.BLUE]


def test_shapes_sizes_and_start_pieces():
    assert len(SHAPES) == 21 and Shape.MONO == 0 and Shape.PENTO_Y == 20
    assert TOTAL_SQUARES == 89
    assert sum(len(o) for o in ORIENTATIONS) == 91
    assert [s.name for s in START_SHAPES] == ["PENTO_L", "PENTO_T", "PENTO_V", "PENTO_S", "PENTO_Z", "PENTO_I",
                                             "PENTO_P", "PENTO_W", "PENTO_U", "PENTO_R", "PENTO_Y"]


def test_every_transform_matches_the_contest_table(reference):
    table = json.loads((reference / "generated" / "piece_transformations.json").read_text())
    assert list(table) == [s.name for s in SHAPES]
    for shape in SHAPES:
        entry = table[shape.name]
        assert (entry["index"], entry["size"]) == (shape.value, shape.size)
        assert set(map(tuple, entry["coordinates"])) == set(transform(shape, Rotation.NONE, False))
        for rotation, flipped in TRANSFORMS:
            key = rotation.name + ("+flip" if flipped else "")
            cells = transform(shape, rotation, flipped)
            assert len(cells) == shape.size
            assert set(cells) == set(map(tuple, entry["transformations"][key])), (shape, key)
        # distinct orientations, each named by its first (rotation, flipped) pair, as `variants`
        assert entry["variants"] == len(ORIENTATIONS[shape])
        named = [(v["rotation"], v["isFlipped"], set(map(tuple, v["coordinates"])))
                 for v in entry["variant_transformations"]]
        assert named == [(r.name, f, set(cells)) for r, f, cells in ORIENTATIONS[shape]]


def test_orientation_lookup_agrees_with_transform():
    for shape in SHAPES:
        for i, (rotation, flipped) in enumerate(TRANSFORMS):
            orient = ORIENTATIONS[shape][ORIENTATION_OF[shape][i]]
            assert set(orient[2]) == set(transform(shape, rotation, flipped))


def test_java_hash_set_order():
    # java.util.HashSet<Coordinates>() with hashCode 31*x+y: buckets (h ^ h>>>16) & 15, a bucket's
    # cells in insertion order.  TETRO_O: hashes 0, 31, 1, 32 -> buckets 0, 15, 1, 0.
    assert java_hash_set_order([(0, 0), (1, 0), (0, 1), (1, 1)]) == ((0, 0), (1, 1), (0, 1), (1, 0))
    # a negative hash spreads its high bits: h = -1 -> (0xFFFFFFFF ^ 0xFFFF) & 15 = 0
    assert java_hash_set_order([(1, 0), (0, -1)]) == ((0, -1), (1, 0))
    assert java_hash_set_order([(2, 2), (1, 1), (2, 2)]) == ((2, 2), (1, 1))


@pytest.mark.parametrize("shape", SHAPES)
def test_transform_is_normalised_and_ordered_like_a_hash_set(shape):
    for rotation, flipped in TRANSFORMS:
        cells = transform(shape, rotation, flipped)
        assert min(x for x, _ in cells) == 0 and min(y for _, y in cells) == 0
        assert java_hash_set_order(cells) == cells


def test_the_examples_in_the_docstrings_hold():
    import doctest

    from tablehall.games.blokus import pieces, rules

    for module in (pieces, rules):
        failures, tried = doctest.testmod(module)
        assert tried and not failures, module.__name__

"""A record's texts with its actions written once (`record_text.with_actions`) are `dumps` of the
whole body, for any JSON values and keys that sort after ``actions``."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tablehall.core.record_text import dumps, with_actions

KEYS = st.text(min_size=1, max_size=12).filter(lambda key: key > "actions")
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=20)


@settings(max_examples=500, deadline=None)
@given(st.lists(VALUES, max_size=8), st.dictionaries(KEYS, VALUES, min_size=1, max_size=6))
def test_a_body_written_with_its_actions_text_is_the_body_written_whole(actions, rest):
    assert with_actions(dumps(actions), rest) == dumps({"actions": actions, **rest})


def test_the_keys_of_a_record_sort_after_actions():
    from tablehall.core.records import ANNOTATIONS, Entry, Handover, Record, SeatInfo
    from tablehall.core.result import EndCause, Result, SeatResult

    record = Record("g", "1", {"a": 1}, 5, [SeatInfo("x", "bot:random")], [Entry(0, ["go", 1], ms=4)],
                    result=Result((SeatResult(0, 1, 3),)), handovers=[Handover(0, 1, "y", "bot:b")])
    record.entries.append(Entry(0, forfeit=EndCause.LEFT, reason="gone"))
    keys = [*record.canonical(), *ANNOTATIONS]
    assert min(keys) == "actions" and keys.count("actions") == 1
    assert record.digest_and_dumps() == (record.digest(), record.dumps())

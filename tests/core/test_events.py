"""Events behave as a frozen dataclass: defaults, keywords, equality, replace, immutability."""

import dataclasses

import pytest

from tablehall.core import EVERYONE, Event, all_but, only


def test_defaults_and_keywords():
    bare = Event("ready")
    assert (bare.kind, bare.data, bare.audience) == ("ready", {}, EVERYONE)
    assert Event("x").data is not Event("x").data  # each event its own empty payload
    told = Event(kind="drew", audience=only(1), data={"seat": 1})
    assert told == Event("drew", {"seat": 1}, only(1))
    assert told != Event("drew", {"seat": 1}, all_but(1))
    assert told.to_json() == {"kind": "drew", "data": {"seat": 1}, "to": ["seats", [1]]}
    assert repr(bare) == "Event(kind='ready', data={}, audience=Audience(kind='all', seats=frozenset()))"


def test_frozen_and_replaceable():
    event = Event("drew", {"seat": 0}, only(0))
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.kind = "other"  # type: ignore[misc]
    assert dataclasses.replace(event, audience=EVERYONE) == Event("drew", {"seat": 0})
    assert [f.name for f in dataclasses.fields(Event)] == ["kind", "data", "audience"]
    assert not hasattr(event, "__dict__")

"""JSettlers messages, the log entries that carry them to their audiences and a request's answer
are plain dataclasses, compared and hashed by their fields, in every process (no switch makes
them anything else), and nothing changes one once it is made: here whole games are played over
loopback sockets with a `__setattr__` that refuses to set a field a second time."""

from __future__ import annotations

import dataclasses

import pytest

from tablehall.games.catan.jsettlers import game_messages, lobby_messages  # noqa: F401 (registers them)
from tablehall.games.catan.jsettlers.game_messages import PutPiece, RolledResources
from tablehall.games.catan.jsettlers.message import Message
from tablehall.games.catan.jsettlers.requests import Answer, Forward, Request
from tablehall.games.catan.jsettlers.soclog import Entry

from .test_loopback import COOKIE, serve, store  # noqa: F401 (the fixture)
from .scripted_robot import robot


def value_classes() -> list[type]:
    found, todo = [], [Message]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return found + [RolledResources, Entry, Forward, Answer, Request]


def test_every_value_class_is_a_plain_dataclass_equal_and_hashed_by_its_fields():
    classes = value_classes()
    assert len(classes) > 80
    for cls in classes:
        params = cls.__dataclass_params__
        assert params.eq and not params.frozen and cls.__hash__ is not object.__hash__, cls
    a, b = PutPiece("g", 1, 0, 0x67), PutPiece("g", 1, 0, 0x67)
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1 and a is not b
    assert a != PutPiece("g", 1, 0, 0x68)
    assert a.frame == b.frame == b"\x00\x0e1009|g,1,0,103"


@pytest.fixture
def set_once(monkeypatch):
    """Every value class refuses to have a field set a second time (its `__init__` sets each once)."""
    changed = []

    def setattr_once(self, name, value):
        if name in self.__dict__:
            changed.append(f"{type(self).__name__}.{name}")
            raise AttributeError(f"{type(self).__name__}.{name} changed after it was made")
        object.__setattr__(self, name, value)

    for cls in (Message, RolledResources, Entry, Forward, Answer, Request):
        monkeypatch.setattr(cls, "__setattr__", setattr_once)
    with pytest.raises(AttributeError):
        PutPiece("g", 1, 0, 0x67).coord = 0x68
    changed.clear()
    return changed


def test_nothing_changes_a_value_while_robots_play(store, set_once):  # noqa: F811
    outcomes, records = serve(store, lambda port, oracle: [
        robot(port, f"bot{i}", COOKIE, oracle, seed=i) for i in range(4)], robot_games=1, seed=5)
    assert all(outcome.saw_game_over and not outcome.refused for outcome in outcomes)
    assert [record.status for record in records] == ["finished"]
    assert set_once == []

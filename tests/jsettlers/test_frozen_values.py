"""JSettlers messages, and what carries them through a move (log entries, a request's answer),
are values that nothing changes once made (one message goes to every member of a game and stays
in the caches), yet plain dataclasses for speed (`message.value_class`).
With TABLEHALL_FROZEN_VALUES=1 the same classes are frozen, so any code that changes a message
fails: here the Java server's logs are replayed, robots-only and mixed games are played over
sockets and every message class makes its round trips with them frozen, in a process of its own."""

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

from tablehall.games.catan.jsettlers import game_messages, lobby_messages  # noqa: F401 (registers them)
from tablehall.games.catan.jsettlers.game_messages import PutPiece, RolledResources
from tablehall.games.catan.jsettlers.message import FROZEN_VALUES, Message
from tablehall.games.catan.jsettlers.requests import Answer, Forward, Request
from tablehall.games.catan.jsettlers.soclog import Entry

ROOT = Path(__file__).resolve().parents[2]
#: played again with frozen messages: the conformance logs, games over sockets, every class
FROZEN_RUN = ["tests/jsettlers/test_conformance_game.py", "tests/jsettlers/test_loopback.py",
              "tests/jsettlers/test_messages.py",
              "tests/jsettlers/test_frozen_values.py::test_value_classes_follow_the_switch"]


def value_classes() -> list[type]:
    found, todo = [], [Message]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return found + [RolledResources, Entry, Forward, Answer, Request]


def test_value_classes_follow_the_switch():
    assert FROZEN_VALUES == (os.environ.get("TABLEHALL_FROZEN_VALUES") == "1")
    classes = value_classes()
    assert len(classes) > 80
    assert {cls.__dataclass_params__.frozen for cls in classes} == {FROZEN_VALUES}


def test_plain_messages_are_still_values():
    """Equal by their fields, hashed alike (the caches and sets rely on it), whether frozen or not."""
    a, b = PutPiece("g", 1, 0, 0x67), PutPiece("g", 1, 0, 0x67)
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != PutPiece("g", 1, 0, 0x68)
    assert a.frame == b.frame  # the frame cached on each message is the same bytes
    if not FROZEN_VALUES:
        a.pn = 2  # possible (nothing does it): what the frozen run below is there to catch
    else:
        try:
            a.pn = 2
        except dataclasses.FrozenInstanceError:
            pass
        else:
            raise AssertionError("a frozen message was changed")


def test_nothing_changes_a_message_while_games_are_played():
    env = dict(os.environ, TABLEHALL_FROZEN_VALUES="1")
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider",
                           *FROZEN_RUN], cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and " failed" not in done.stdout

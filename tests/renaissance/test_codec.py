"""The text framing, byte for byte."""

import pytest

from tablehall.games.renaissance.codec import (MAX_LINE, Incoming, LineBuffer, Message, encode,
                                               parse_client_line, parse_server_line)


@pytest.mark.parametrize("message, wire", [
    (Message(110, "Insert a nickname"), b"110 Insert a nickname\n"),
    (Message(350, "ping"), b"350 ping\n"),
    (Message(201), b"201\n"),
    (Message(401, "two\nlines"), b"401 two lines\n"),
    (Message(650, "Object", {"spare": "red", "grid": [["white"]]}), b'650 {"grid":[["white"]],"spare":"red"}\n'),
    (Message(652, "Object", {"player": "Zo\u00eb"}), '652 {"player":"Zo\u00eb"}\n'.encode()),
])
def test_encode(message, wire):
    assert encode(message) == wire
    parsed = parse_server_line(wire.decode().rstrip("\n"))
    assert parsed.code == message.code
    if message.obj is not None:
        assert parsed.obj == message.obj


@pytest.mark.parametrize("line, incoming", [
    ("351", Incoming(351, "")),
    ("351 pong", Incoming(351, "pong")),
    ("171 alice", Incoming(171, "alice")),
    ("  Buy resources -row -2 ", Incoming(None, "Buy resources -row -2")),
    ("3", Incoming(None, "3")),
    ("1234 x", Incoming(None, "1234 x")),
])
def test_client_lines(line, incoming):
    assert parse_client_line(line) == incoming


@pytest.mark.parametrize("line", ["hello", "65 x", '650 {"broken'])
def test_bad_server_lines(line):
    with pytest.raises(ValueError):
        parse_server_line(line)


def test_line_buffer_joins_chunks_and_strips_cr():
    buffer = LineBuffer()
    assert buffer.feed(b"171 al") == []
    assert buffer.feed(b"ice\r\n351\n12") == ["171 alice", "351"]
    assert buffer.feed(b"0 x\n") == ["120 x"]


def test_line_buffer_drops_overlong_lines_whole():
    buffer = LineBuffer(limit=8)
    assert buffer.feed(b"x" * 20) == [None]
    assert buffer.feed(b"y" * 20) == []
    assert buffer.feed(b"zz\nok\n") == ["ok"]
    assert buffer.feed(b"a" * 9 + b"\nb\n") == [None, "b"]
    assert LineBuffer().limit == MAX_LINE


def test_line_buffer_replaces_bad_utf8():
    assert LineBuffer().feed(b"\xff\xfeabc\n") == ["\ufffd\ufffdabc"]


@pytest.mark.parametrize("module_name", ["codec", "commands", "actions"])
def test_doctests(module_name):
    import doctest
    import importlib

    module = importlib.import_module(f"tablehall.games.renaissance.{module_name}")
    failures, tried = doctest.testmod(module)
    assert tried > 0 and failures == 0

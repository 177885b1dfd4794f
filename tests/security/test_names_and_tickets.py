"""Issue 26: names, commands and held seats, attacked from outside a real `tablehall serve`.

- One name policy for the web and every protocol: shell and markup characters, control and
  bidirectional-override characters and over-long names are refused.
- Every command the hall shows is shell-quoted.
- A seat held for a name is taken with a secret ticket only its owner was given, never by the
  name, and the ticket is never listed publicly."""

from __future__ import annotations

import json
import shlex
import struct
import time

import pytest

from tablehall.core.names import name_problem
from tests.support.serving import Serve, connect

pytest.importorskip("uvicorn", reason="the web hall needs the web extra")

HOSTILE = ["a;id", "$(id)", "a|id", "x`id`", "a\u202ebc", "a\u2066b", "tab\tname", "a\nb", "<b>x</b>", "x" * 21,
           " lead", "a'b", 'a"b']


def test_the_policy_itself():
    for name in ("alice", "droid 1", "Zoë", "名前", "p1.b-c_d", "x" * 20):
        assert name_problem(name) is None, name
    for name in HOSTILE + ["", "a  "]:
        assert name_problem(name) is not None, name


@pytest.mark.parametrize("name", HOSTILE)
def test_the_web_refuses_hostile_names_for_open_seats_and_people(serve, name):
    """Issue 26: open seats named a;id, $(id), a|id were accepted and shown in a command."""
    for game, seats in (("dominion", ["me", f"open:{name}"]), ("catan", ["me", f"open:{name}", "random"]),
                        ("blokus", ["me", f"open:{name}"]), ("renaissance", ["me", f"open:{name}"])):
        status, answer = serve.new_game({"game": game, "seats": seats})
        assert status == 400, (game, name, answer)
    status, answer = serve.new_game({"game": "blokus", "seats": ["me", "random"], "name": name})
    assert status == 400 and "your name" in answer["detail"]
    lobby = serve.get("/")
    assert name not in lobby and "\u202e" not in lobby


def test_every_command_shown_is_shell_quoted(serve):
    status, created = serve.new_game({"game": "catan", "seats": ["me", "open:robo two", "random"]})
    assert status == 200, created
    tables = json.loads(serve.get("/api/tables"))["tables"]
    [seat] = [s for t in tables if t["id"] == created["id"] for s in t["seats"] if s["waiting"]]
    words = shlex.split(seat["connect"])
    assert words[1] == "examples/catan/simple_robot.py" and words[4] == "robo two"
    assert "'robo two'" in seat["connect"]
    for listener in json.loads(serve.get("/api/server"))["listeners"]:
        assert listener["host"] == "127.0.0.1"
    lobby = serve.get("/")
    assert "&#39;robo two&#39;" in lobby  # the quoting reaches the page (escaped for HTML)


def test_protocol_logins_follow_the_policy(serve):
    # Renaissance: a nickname with a bidi override is refused with the protocol's 409
    with connect(serve.ports["renaissance"]) as sock:
        read_until(sock, b"110 ")
        sock.sendall("ab\u202ecd\n".encode())
        assert b"409 Invalid nickname" in read_until(sock, b"409 ")
    # JSettlers: a person named a;id cannot log in (JSettlers' own status, NAME_NOT_ALLOWED)
    with connect(serve.ports["jsettlers"]) as sock:
        sock.sendall(frame("9998|2700,2.7.00,JM20260517,;ch;") + frame("1013|a;id,\t,-,game1"))
        assert b"This nickname is not allowed." in read_until(sock, b"This nickname is not allowed.")


def frame(text: str) -> bytes:
    data = text.encode()
    return struct.pack(">H", len(data)) + data


def read_until(sock, marker: bytes) -> bytes:
    data = b""
    while marker not in data:
        chunk = sock.recv(65536)
        assert chunk, data[-500:]
        data += chunk
    return data


# -- secret tickets --------------------------------------------------------------------------------

def owner_table(serve: Serve, created: dict) -> dict:
    """The table as its owner's seat is sent it (the waiting frame), over the seat's WebSocket."""
    websockets = pytest.importorskip("websockets.sync.client")
    seat = created["seats"][0]
    with websockets.connect(f"{serve.url.replace('http', 'ws')}/ws/games/{created['id']}/seats/{seat['seat']}"
                            f"?token={seat['token']}") as sock:
        frame_ = json.loads(sock.recv(timeout=60))
    assert frame_["type"] == "waiting"
    return frame_["table"]


def public_seat(serve: Serve, table_id: str) -> dict:
    seat = public_seat_or_none(serve, table_id)
    assert seat is not None, table_id
    return seat


def test_a_dominion_seat_held_for_a_name_is_taken_by_its_ticket_only(serve):
    """Issue 26: open:alice was listed with its ticket alice, and `join table alice` took it."""
    status, created = serve.new_game({"game": "dominion", "seats": ["me", "open:alice"]})
    assert status == 200
    public = public_seat(serve, created["id"])
    assert public["held_for"] == "alice" and public["ticket"] is None and "connect" not in public
    [mine] = [s for s in owner_table(serve, created)["seats"] if s["waiting"]]
    ticket = mine["ticket"]
    assert len(ticket) >= 16 and ticket not in serve.get("/") and ticket not in serve.get("/api/tables")
    assert shlex.split(mine["connect"])[-3:] == ["--join", "table", ticket]
    for guess in ("alice", created["id"], ticket.upper()):
        with connect(serve.ports["dominion"]) as sock:
            sock.sendall(f"join table {guess}\n".encode())
            assert read_until(sock, b"\n").startswith(b"error no table holds a seat for ")
    with connect(serve.ports["dominion"]) as sock:
        sock.sendall(f"join table {ticket}\n".encode())
        deadline = time.monotonic() + 60
        while public_seat_or_none(serve, created["id"]) is not None:
            assert time.monotonic() < deadline
            time.sleep(0.1)


def public_seat_or_none(serve: Serve, table_id: str) -> dict | None:
    tables = json.loads(serve.get("/api/tables"))["tables"]
    return next((s for t in tables if t["id"] == table_id for s in t["seats"] if s["waiting"]), None)


def test_a_renaissance_seat_held_for_a_name_is_not_taken_by_the_name(serve):
    status, created = serve.new_game({"game": "renaissance", "seats": ["me", "open:ana"]})
    assert status == 200
    assert public_seat(serve, created["id"])["ticket"] is None
    [mine] = [s for s in owner_table(serve, created)["seats"] if s["waiting"]]
    with connect(serve.ports["renaissance"]) as sock:  # logs in as ana without the ticket
        read_until(sock, b"110 ")
        sock.sendall(b"ana\n")
        assert b"202 Connected player - first" in read_until(sock, b"180 ")  # the lobby, not the table
    with connect(serve.ports["renaissance"]) as sock:  # a wrong ticket is refused
        read_until(sock, b"110 ")
        sock.sendall(b"anb wrong-ticket-123\n")  # a ticket's form (16 characters), not the ticket
        assert b"409 No table holds a seat for that ticket" in read_until(sock, b"409 ")
    assert public_seat(serve, created["id"])["waiting"]
    with connect(serve.ports["renaissance"]) as sock:
        read_until(sock, b"110 ")
        sock.sendall(f"anc {mine['ticket']}\n".encode())  # the ticket alone takes the seat
        read_until(sock, b"310 ")
        deadline = time.monotonic() + 60
        while public_seat_or_none(serve, created["id"]) is not None:
            assert time.monotonic() < deadline
            time.sleep(0.1)


def test_a_held_seats_command_reads_its_ticket_as_the_tickets_value():
    """The ticket goes on the command line the owner is given: one that began with "-" would be
    read as an option by the client's argument parser (one in 64 URL-safe tokens did)."""
    import argparse

    from tablehall.core.hosting import TableSeat, new_ticket
    from tablehall.games.renaissance.service import RenaissanceService

    parser = argparse.ArgumentParser(exit_on_error=False)
    parser.add_argument("host"), parser.add_argument("port"), parser.add_argument("name")
    parser.add_argument("--ticket")
    for _ in range(500):
        ticket = new_ticket()
        seat = TableSeat("open", "ana", held_for="ana", ticket=ticket, secret=True)
        command = RenaissanceService.connect_command(None, "127.0.0.1", 7000, seat)
        assert parser.parse_args(shlex.split(command)[2:]).ticket == ticket

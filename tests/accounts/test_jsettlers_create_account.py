"""The JSettlers 2.7.00 client's "create account" flow over a real TCP listener (`tablehall serve`
as a process, on SQLite and PostgreSQL): `SOCCreateAccount` (1070: nickname, password, host,
email) answered with the Java server's `SOCStatusMessage` values: 7 created, 4 a name in use,
8 not created (why), 17 when the server takes no new accounts; then the new account logs in
with `SOCAuthRequest` and on the web.  The Argon2 work runs off the event loop: a second client
is answered while the first one's account is being made."""

from __future__ import annotations

import socket
import struct

import pytest

pytest.importorskip("argon2", reason="accounts need argon2-cffi: pip install -e '.[accounts]'")

from tests.support.serving import Serve  # noqa: E402
from tests.support.web_session import WebSession  # noqa: E402

VERSION = "9998|2700,2.7.00,JM20260517,;6pl;sb;sc=2700;,en_US"
WELCOME = "1069|Welcome to Java Settlers of Catan!"


def frame(text: str) -> bytes:
    data = text.encode()
    return struct.pack(">H", len(data)) + data


class Client:
    """A JSettlers client on a socket: frames out, frames in (bounded waits)."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=60)
        self.buffer = b""

    def send(self, text: str) -> None:
        self.sock.sendall(frame(text))

    def next_frame(self) -> str:
        while len(self.buffer) < 2 or len(self.buffer) < 2 + struct.unpack(">H", self.buffer[:2])[0]:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("the server closed the connection")
            self.buffer += chunk
        size = struct.unpack(">H", self.buffer[:2])[0]
        text, self.buffer = self.buffer[2:2 + size].decode(), self.buffer[2 + size:]
        return text

    def status(self) -> str:
        """The next `SOCStatusMessage` (1069), skipping what comes before it."""
        while not (text := self.next_frame()).startswith("1069|"):
            pass
        return text

    def hello(self) -> "Client":
        self.next_frame()  # the server's version
        self.send(VERSION)
        return self

    def close(self) -> None:
        self.sock.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def served(request, tmp_path):
    db = str(tmp_path / "records.sqlite") if request.param == "sqlite" else request.getfixturevalue("postgres_url")
    with Serve(tmp_path, "", db=db) as server:
        yield server


def test_a_client_creates_an_account_and_logs_in_with_it(served):
    port = served.ports["jsettlers"]
    maker = Client(port).hello()
    maker.send("1070|newbie,a long password,127.0.0.1,\t")
    other = Client(port).hello()  # answered while the account's hash is being made
    other.send("999|P,guest5,1,\t,")
    assert other.status() == WELCOME
    assert maker.status() == '1069|7,Account created for "newbie".'
    maker.send("1070|NEWBIE,another long one,127.0.0.1,\t")
    assert maker.status() == '1069|4,The nickname "NEWBIE" is already in use.'
    maker.send("1070|shorty,short,127.0.0.1,me@example.org")
    assert maker.status() == "1069|8,Account not created: a password has at least 8 characters"
    maker.send("1070|droid 3,a long password,127.0.0.1,\t")
    assert maker.status() == "1069|19,This nickname is not allowed."
    for client in (maker, other):
        client.close()

    wrong = Client(port).hello()
    wrong.send("999|P,newbie,1,\t,not the password")
    assert wrong.status() == '1069|3,Incorrect password for "newbie".'
    wrong.close()
    right = Client(port).hello()
    right.send("999|P,newbie,1,\t,a long password")
    assert right.status() == WELCOME
    right.close()
    taken = Client(port).hello()  # the name is the account's: a guest may not take it
    taken.send("1013|newbie,\t,127.0.0.1,some game")
    assert taken.status() == '1069|16,Password required for "newbie".'
    taken.close()
    assert WebSession(served.url).login("newbie", "a long password")[0] == 200


def test_a_server_with_closed_registration_denies_it_over_jsettlers_and_the_web(tmp_path):
    with Serve(tmp_path, '[accounts]\nregistration = "closed"\n') as server:
        client = Client(server.ports["jsettlers"]).hello()
        client.send("1070|hopeful,a long password,127.0.0.1,\t")
        assert client.status() == "1069|17,This server does not take new accounts."
        client.close()
        session = WebSession(server.url)
        status, page = session.get("/account/register")
        assert status == 200 and "does not take new accounts" in page
        status, _ = session.form("/account/register", {"name": "hopeful", "password": "a long password",
                                                       "again": "a long password"})
        assert status == 403 and session.api("/api/me")[1] == {"account": None}

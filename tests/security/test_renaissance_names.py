"""Masters of Renaissance: names of tablehall's bots (`greedy-bot-3`), Lorenzo and the server are
refused to every login (issue 14: a person logged in as `greedy-bot-3`, and a game then started
with two seats of that name)."""

from __future__ import annotations

import pytest

from tests.renaissance.net import Client, ServerThread


@pytest.fixture(scope="module")
def server():
    with ServerThread() as server:
        yield server


@pytest.mark.parametrize("name", ["greedy-bot-3", "Random-Bot-1", "lorenzo", "Server"])
def test_reserved_names_are_refused(server, name):
    client = Client(server.port)
    client.expect(110)
    client.send(f"171 {name}")
    error = client.expect(409)
    assert error.text.startswith("Invalid nickname")
    client.expect(110)  # asked again, still in the lobby
    client.close()
    assert all(getattr(s, "nickname", None) != name for s in server.sessions)


def test_ordinary_names_with_bot_in_them_are_fine(server):
    client = Client(server.port)
    client.expect(110)
    client.send("171 robotics-fan")
    assert client.expect(310).text == "Correct nickname"
    client.close()

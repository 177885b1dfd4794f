"""Every error code of the protocol, provoked over a real TCP connection (positions are set up
white-box in the running game, then the mistake is typed on the wire)."""

import pytest

from tablehall.games.renaissance import session as session_module

from .net import Client, ServerThread, login
from .util import activate, clear, fill, put_on_top, set_market

NAMES = iter(f"player{i}" for i in range(1000))


@pytest.fixture(scope="module")
def server():
    with ServerThread({"seed": 3}) as running:
        yield running


def edit(server, name, change):
    """Change the live game of `name` on the server's loop (and the observation its pending
    question was asked with)."""
    async def run():
        session = next(s for s in server.sessions if s.nickname == name)
        state = server.service.rooms[session].match.state
        change(state)
        if session.obs is not None:
            session.obs = state.observation(session.seat)
    server.call(run)


def solo(server):
    name = next(NAMES)
    client = login(server.port, name)
    client.expect(180)
    client.send("1")
    client.expect(181)
    client.send("161 -1 -2")
    client.expect(120)
    client.name = name
    return client


def refused(client, line, code, then=120):
    client.send(line)
    error = client.expect(code)
    assert 400 <= code < 500 or code == 500
    if then:
        nxt = client.read()
        while nxt.code >= 600 or nxt.code == 113:
            nxt = client.read()
        assert nxt.code == then, (nxt, client.log[-5:])
    return error.text


def test_401_incorrect_command_lists_the_valid_ones(server):
    client = solo(server)
    client.send("Fly to the moon")
    assert client.expect(401).text == "Incorrect command"
    listing = client.expect(113).text
    assert "Buy resources -row|column -number" in listing and "End turn" in listing
    client.expect(120)


def test_402_nothing_to_do_in_the_lobby(server):
    client = login(server.port, next(NAMES))
    client.expect(180)
    client.send("2")
    client.expect(111)
    client.send("End turn")
    assert client.expect(402).text == "Nothing to do here, wait for the game to start"
    client.send("Quit")
    assert client.closed()


def test_403_an_internal_failure_costs_one_error_not_the_server(server, monkeypatch):
    client = solo(server)

    def broken(*args):
        raise RuntimeError("injected fault")
    monkeypatch.setattr(session_module, "turn_action", broken)
    client.send("End turn")
    assert client.expect(403).text == "Unknown error"
    monkeypatch.undo()
    refused(client, "End turn", 419)
    other = solo(server)  # the server still serves others
    other.close()


def test_405_one_main_action_per_turn(server):
    client = solo(server)
    edit(server, client.name, lambda s: set_market(s, ["wwww", "wwww", "wwwy"], "r"))
    client.send("Buy resources -row -1")
    client.expect(212)
    client.expect(120)
    assert refused(client, "Buy resources -row -2", 405) == "You have already done your action this turn"


def test_406_not_a_number(server):
    client = solo(server)
    assert refused(client, "Move resources -a -b", 406) == "Not a number"
    refused(client, "Buy production card -one -1", 406)


def test_407_index_out_of_bounds(server):
    client = solo(server)
    assert refused(client, "Buy resources -row -9", 407).startswith("Index out of bounds")
    refused(client, "Activate leader card -3", 407)
    assert refused(client, "Move resources -1 -9", 407) == "Choose valid warehouse lines to switch"


def test_408_missing_parameters(server):
    client = solo(server)
    assert refused(client, "Move resources -1", 408) == "Missing parameter(s)"
    refused(client, "Buy production card -1", 408)


def test_409_incorrect_parameters(server):
    client = login(server.port, "taken-name")
    other = Client(server.port)
    other.expect(110)
    assert refused(other, "171 bad name!", 409, then=110).startswith("Invalid nickname")
    assert refused(other, "171 Taken-Name", 409, then=110) == "Nickname already taken"
    other.send_raw(b"x" * 5000 + b"\n")
    assert other.expect(409).text == "Incorrect parameter(s): line too long"
    client.close()
    other.close()
    game = solo(server)
    edit(server, game.name, lambda s: fill(s.players[0], (None, 0), ("coin", 2), (None, 0)))
    game.send("Standard production")
    game.expect(195)
    game.send("Warehouse depot")
    game.expect(196)
    assert refused(game, "gold", 409, then=196) == "Select a valid resource (Coin, Stone, Servant or Shield)"


def test_410_to_414_buying_cards(server):
    client = solo(server)

    def empty_pile(state):
        state.decks[0] = state.decks[0][:0]
        state.decks[2] = state.decks[2][:4]
    edit(server, client.name, empty_pile)
    assert refused(client, "Buy production card -1 -1", 410) == "There are no cards left on the selected pile"

    def full(state):
        state.players[0].slots = [[3], [4], [2]]
    edit(server, client.name, full)
    assert refused(client, "Buy production card -1 -3", 411) == "No more space"
    edit(server, client.name, lambda s: clear(s.players[0]))
    assert refused(client, "Buy production card -2 -3", 412) == "Not enough resources to buy this card"
    edit(server, client.name, lambda s: setattr(s.players[0], "slots", [[], [], []]))
    assert refused(client, "Buy production card -2 -3", 413) == "No level 1 card active"
    assert refused(client, "Buy production card -3 -3", 414) == "No level 2 card active"


def test_415_not_your_turn(server):
    first = login(server.port, next(NAMES))
    first.expect(180)
    first.send("2")
    second = login(server.port, next(NAMES))
    second.expect(112)
    for client in (first, second):
        client.expect(181)
        client.send("1 2")
    second.expect(182)
    second.send("coin")
    first.expect(120)
    second.expect(118)
    assert refused(second, "End turn", 415, then=None) == \
        "Wait for your turn, in the meanwhile you can only use view commands"
    second.send("View marble market")
    second.expect(650)
    first.close()
    second.close()


def test_416_row_or_column(server):
    client = solo(server)
    assert refused(client, "Buy resources -2", 416).startswith("Specify row or column")


def test_417_one_production_of_each_per_turn(server):
    client = solo(server)

    def ready(state):
        state.players[0].slots = [[3], [], []]
        fill(state.players[0], ("shield", 1), (None, 0), (None, 0), strongbox={"shield": 3})
    edit(server, client.name, ready)
    client.send("Activate card production -1")
    client.expect(221)
    client.expect(195)
    client.send("Warehouse depot")
    client.expect(216)
    client.expect(120)
    assert refused(client, "Activate card production -1", 417) == "This production was already activated this turn"


def test_418_finish_the_task_first(server):
    client = solo(server)
    edit(server, client.name, lambda s: set_market(s, ["yyyy", "wwww", "wwwg"], "r"))
    client.send("Buy resources -row -1")
    client.expect(198)
    assert refused(client, "Buy production card -1 -1", 418, then=198) == \
        "Store or discard the resources you took first"


def test_419_end_turn_needs_an_action(server):
    client = solo(server)
    assert refused(client, "End turn", 419) == "You must do an action before ending your turn"


def test_420_cannot_switch(server):
    client = solo(server)
    edit(server, client.name, lambda s: fill(s.players[0], (None, 0), ("coin", 2), ("stone", 3)))
    assert refused(client, "Move resources -2 -3", 420).startswith("Can't switch these lines")


def test_421_leader_requirements(server):
    client = solo(server)

    def no_resources(state):
        clear(state.players[0])
        state.players[0].hand = [53, 57]
    edit(server, client.name, no_resources)
    assert refused(client, "Activate leader card -1", 421) == "Unable to activate this card"


def paying(server, client):
    def ready(state):
        put_on_top(state, 1)  # 2 shields
        fill(state.players[0], ("coin", 1), (None, 0), (None, 0), strongbox={"shield": 2})
    edit(server, client.name, ready)
    client.send("Buy production card -1 -1")
    client.expect(220)
    client.expect(195)


def test_422_and_423_paying(server):
    client = solo(server)
    paying(server, client)
    assert refused(client, "Warehouse depot", 422, then=195) == \
        "This resource isn't available in your Warehouse depot"
    assert refused(client, "Strongbox coin", 423, then=195) == "This resource isn't required"
    assert refused(client, "Pocket", 409, then=195) == \
        "Select a valid location (Warehouse depot, Extra depot or Strongbox)"
    client.send("Strongbox")
    client.expect(195)
    client.send("Strongbox shield")
    client.expect(190)
    client.send("2")
    client.expect(214)


def test_424_and_425_storing(server):
    client = solo(server)

    def ready(state):
        set_market(state, ["yyyy", "wwww", "wwwg"], "r")
        fill(state.players[0], ("stone", 1), (None, 0), (None, 0))
    edit(server, client.name, ready)
    client.send("Buy resources -row -1")
    client.expect(198)
    assert refused(client, "Warehouse depot 1", 424, then=198) == "This line holds another resource"
    assert refused(client, "Extra depot", 425, then=198) == "You don't have an extra depot for this resource"
    client.send("Warehouse depot")
    client.expect(197)
    assert refused(client, "9", 407, then=197)
    client.send("3")
    client.expect(331)


def test_426_and_427_productions(server):
    client = solo(server)
    edit(server, client.name, lambda s: activate(s, 0, s.players[0].hand[0]) if
         s.players[0].hand[0] < 61 else activate(s, 0, 49))
    assert refused(client, "Activate card production -2", 426) == "There is no card in this slot"
    assert refused(client, "Leader production -1", 427) == "This is not one of your active production leaders"


def test_500_the_game_is_aborted_when_it_is_stopped(server):
    """An aborted game (an admin's abort, a server error) tells its players why.  A server that
    stops leaves its games to be played on at its next start (tests/server/test_resume.py)."""
    client = solo(server)
    [match] = server.host.matches
    server.loop.call_soon_threadsafe(match.abort, "stopped by an admin")
    assert client.expect(500).text == "The game was aborted: stopped by an admin"


def test_409_lists_every_answer_the_question_accepts(server):
    client = solo(server)

    def whites(state):
        set_market(state, ["wwww", "yyyy", "gggg"], "r")
        activate(state, 0, 57)  # white marbles -> servant
        fill(state.players[0], (None, 0), (None, 0), (None, 0))
    edit(server, client.name, whites)
    client.send("Buy resources -row -1")
    client.expect(193)
    assert refused(client, "gold", 409, then=193) == "Select Transform, Discard or Servant"
    client.send("Transform")
    client.expect(198)
    text = refused(client, "gold", 409, then=198)
    for answer in ("Warehouse depot", "Extra depot", "Discard", "a line 1-3", "Move resources"):
        assert answer in text, text


def test_429_a_flood_of_refused_lines_closes_the_connection_and_forfeits_the_seat():
    with ServerThread({"seed": 4, "flood_limit": 20}) as server:
        patient = solo(server)
        patient.send_raw(b"Fly to the moon\n" * 19 + b"View marble market\n" + b"Buy resources -row -1\n")
        patient.expect(212)  # 20 lines that moved nothing, then one that does: no flood
        flooder = solo(server)
        flooder.send_raw(b"Fly to the moon\n" * 21)
        assert flooder.expect(429).text == ("Flooding: more than 20 lines in a row that moved nothing; "
                                            "closing the connection")
        assert flooder.closed()
        server.matches_done()
        lobby = login(server.port, "lobbyist")
        lobby.expect(180)
        lobby.send_raw(b"many\n" * 21)
        assert lobby.expect(429) and lobby.closed()
        records = [server.store.load(s.id) for s in server.store.summaries("renaissance")]
    [record] = [r for r in records if r.seats[0].name == flooder.name]
    [entry] = [e for e in record.entries if e.forfeit]
    assert entry.reason == "flooding: more than 20 lines in a row that moved nothing"
    assert record.result.seats[0].rank == 2  # the solo game is lost

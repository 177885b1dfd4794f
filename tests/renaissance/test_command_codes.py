"""The seed's command codes (`166 row 1`), the setup lines of every seat (320-323 with their
text), and the news of another player's turn (121), over real TCP."""

import re

from .net import ServerThread, login
from .util import set_market


def test_the_seeds_command_codes_name_the_command_and_the_text_carries_its_parameters():
    with ServerThread({"seed": 5}) as server:
        client = login(server.port, "coder")
        client.expect(180)
        client.send("1")
        client.expect(181)
        client.send("161 -1 -2")
        client.expect(120)
        client.send("163")
        assert client.expect(650).obj["grid"]
        client.expect(120)
        client.send("165")
        assert client.expect(419).text == "You must do an action before ending your turn"
        client.send("167 3 1")  # a level-3 card: the parameters were read
        assert client.expect(412, 413, 414).code in (412, 413, 414)
        session = server.sessions[0]

        async def stones():
            state = session.service.rooms[session].match.state
            set_market(state, ["gggg", "yyyy", "pppp"], "b")
            session.obs = state.observation(0)
        server.call(stones)
        client.send("166 row 1")
        assert client.expect(212).text == "Resources bought"
        for _ in range(4):
            client.expect(198, 199)
            client.send("198 Discard")
        client.expect(120)
        client.send("165 End turn")  # a code followed by the whole command still works
        assert client.expect(219).text == "End"


def test_every_seat_gets_its_setup_line_with_its_text():
    with ServerThread({"seed": 6}) as server:
        clients = [login(server.port, f"seat{n}") for n in range(1, 5)]
        clients[0].expect(180)
        clients[0].send("4")
        for client in clients:
            client.expect(117)
        for client in clients:
            client.expect(181)
            client.send("161 -1 -2")
        for seat, client in enumerate(clients):
            picks = (0, 1, 1, 2)[seat]
            for _ in range(picks):
                client.expect(182)
                client.send("160 Stone")
            done = client.expect(320 + seat)
            assert done.text == "Setup completed", (seat, done)


def test_the_others_are_told_what_a_player_did_on_its_turn():
    with ServerThread({"seed": 7}) as server:
        client = login(server.port, "watcher")
        client.expect(180)
        client.send("2")
        client.expect(111)
        client.send("Add bot")
        client.expect(181)
        client.send("161 -1 -2")
        client.expect(120)
        client.send("Buy resources -row -1")
        while True:
            message = client.read()
            if message.code in (193, 198, 199):
                client.send("Discard")
            elif message.code == 120:
                client.send("End turn")
            elif message.code == 219:
                break
        news = client.expect(121).text
        assert news.startswith("greedy-bot-2: "), news
        assert re.search(r"took market (row|column) \d|bought a level \d \w+ card|used a", news), news
        assert client.expect(120)

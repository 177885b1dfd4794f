"""Whole games over real TCP: solo and four players with wire clients, bots in free seats,
the lobby, disconnects, the keep-alive, hidden information on the wire, records."""

import json
import logging
import threading
import time

import pytest

from tablehall.core import EndCause, replay
from tablehall.core.store import SqliteStore
from tablehall.games.renaissance import SPEC

from .net import Client, ServerThread, login


def play_all(random_client, port, players, names, fill_bots=False, stagger=0.05, player_class=None):
    """Run one wire client per name in threads; returns their outcomes by name."""
    outcomes = {}
    make = player_class or random_client.RandomPlayer

    def run(index, name):
        outcomes[name] = make("127.0.0.1", port, name, players, seed=index, fill_bots=fill_bots).play()
    threads = [threading.Thread(target=run, args=(i, n), daemon=True) for i, n in enumerate(names)]
    for thread in threads:
        thread.start()
        time.sleep(stagger)  # the first one opens the game
    deadline = time.monotonic() + 60
    for thread in threads:
        thread.join(max(0.1, deadline - time.monotonic()))
    assert sorted(outcomes) == sorted(names), "a client did not finish its game"
    return outcomes


@pytest.fixture
def store(tmp_path):
    db = SqliteStore(tmp_path / "records.sqlite")
    yield db
    db.close()


def test_solo_games_play_through_and_are_recorded(random_client, store):
    with ServerThread({"seed": 11}, store=store) as server:
        outcomes = play_all(random_client, server.port, 1, ["ana", "bea"], stagger=0)
        server.matches_done()
    for name, outcome in outcomes.items():
        assert outcome["code"] in (658, 659), outcome
        assert outcome["final"]["player"] == name
    summaries = store.summaries("renaissance")
    assert len(summaries) == 2 and all(s.status == "finished" for s in summaries)
    for summary in summaries:
        record = store.load(summary.id)
        assert record.seats[0].agent == "remote:renaissance"
        assert replay(record, SPEC).matches


def test_four_players_play_a_whole_game(random_client, store):
    names = ["ann", "bob", "cid", "dee"]
    with ServerThread({"seed": 12}, store=store) as server:
        outcomes = play_all(random_client, server.port, 4, names)
        server.matches_done()
    boards = [o["final"] for o in outcomes.values()]
    assert all(o["code"] == 657 for o in outcomes.values())
    assert boards[0] == boards[1] == boards[2] == boards[3]
    assert sorted(p["player"] for p in boards[0]["players"]) == names
    record = store.load(store.summaries("renaissance")[0].id)
    assert [s.name for s in record.seats] == names
    assert replay(record, SPEC).matches
    errors = sum(sum(o["errors"].values()) for o in outcomes.values())
    assert errors > 0  # the random clients made mistakes; the server answered each and went on


def test_fill_with_bots_on_request(random_client, store):
    with ServerThread({"seed": 13}, store=store) as server:
        outcome = play_all(random_client, server.port, 3, ["host"], fill_bots=True)["host"]
        server.matches_done()
    assert outcome["code"] == 657
    players = {p["player"] for p in outcome["final"]["players"]}
    assert players == {"host", "greedy-bot-2", "greedy-bot-3"}
    record = store.load(store.summaries()[0].id)
    assert [s.agent for s in record.seats] == ["remote:renaissance", "bot:greedy", "bot:greedy"]


def test_free_seats_are_filled_after_the_wait(random_client):
    with ServerThread({"seed": 14, "bot_fill_after": 0.3, "ping_interval": 0.1}) as server:
        outcome = play_all(random_client, server.port, 2, ["patient"])["patient"]
    assert outcome["code"] == 657
    assert {p["player"] for p in outcome["final"]["players"]} == {"patient", "greedy-bot-2"}


def test_lobby_joins_add_bot_and_a_chooser_who_leaves(caplog):
    caplog.set_level(logging.INFO, logger="tablehall")
    with ServerThread({"seed": 15}) as server:
        first = login(server.port, "first")
        first.expect(180)
        waiting = login(server.port, "second")
        waiting.expect(112)
        assert [m.code for m in waiting.log[-2:]] == [203, 112]  # queued while the first chooses
        first.close()
        waiting.expect(180)  # the choice passes on
        waiting.send("3")
        assert "Waiting for 2 more" in waiting.expect(111).text
        late = login(server.port, "late")
        late.expect(111)
        late.close()
        assert waiting.expect(115).text == "late left the lobby (1/3)"
        third = login(server.port, "third")
        third.expect(112)
        assert third.expect(111).text == "You joined the game (2/3)"
        assert waiting.expect(111).text == "third joined the game (2/3)"
        third.send("Add bot -random")
        assert third.expect(111).text == "a random bot joined the game (3/3)"
        third.expect(204)
        assert third.expect(117).text == "The game starts: 1. second, 2. third, 3. random-bot-3"
        third.send("Add bot -nobody")
        third.expect(181)
    # the operator's game start line: where each person connects from, no address for the bot
    [start] = [r for r in caplog.records if r.getMessage() == "game start"]
    peers = {p["name"]: p.get("peer", "") for p in start.players}
    assert peers["second"].startswith("127.0.0.1:") and peers["third"].startswith("127.0.0.1:")
    assert peers["second"] != peers["third"] and peers["random-bot-3"] == ""


def test_unknown_bot_name_is_refused():
    with ServerThread() as server:
        client = login(server.port, "picky")
        client.expect(180)
        client.send("2")
        client.expect(111)
        client.send("Add bot -deep-blue")
        assert client.expect(409).text == "Unknown bot: choose greedy or random"


class Leaver:
    """A wire client that keeps its leaders and leaves as soon as it must play."""

    def __init__(self, host, port, name, players, seed=0, fill_bots=False):
        self.client = Client(port)
        self.name = name
        self.players = players

    def play(self):
        answers = {110: self.name, 180: str(self.players), 181: "1 2"}
        while True:
            message = self.client.expect(110, 180, 181, 182, 120)
            if message.code not in answers:
                self.client.close()
                return {"code": 0, "final": None, "errors": {}}
            self.client.send(answers[message.code])


def test_a_player_who_disconnects_is_forfeited_and_the_others_finish(random_client, store):
    with ServerThread({"seed": 16}, store=store) as server:
        outcomes = {}

        def run(name, cls, index):
            outcomes[name] = cls("127.0.0.1", server.port, name, 3, seed=index).play()
        threads = [threading.Thread(target=run, args=("stay1", random_client.RandomPlayer, 0), daemon=True),
                   threading.Thread(target=run, args=("quitter", Leaver, 1), daemon=True),
                   threading.Thread(target=run, args=("stay2", random_client.RandomPlayer, 2), daemon=True)]
        for thread in threads:
            thread.start()
            time.sleep(0.1)
        for thread in threads:
            thread.join(60)
        assert sorted(outcomes) == ["quitter", "stay1", "stay2"]
        server.matches_done()
    board = outcomes["stay1"]["final"]
    assert outcomes["stay2"]["final"] == board
    quitter = next(p for p in board["players"] if p["player"] == "quitter")
    assert quitter["out"] == "left" and quitter["rank"] == 3
    record = store.load(store.summaries()[0].id)
    quitter_seat = [s.name for s in record.seats].index("quitter")
    assert [(e.seat, e.forfeit) for e in record.entries if e.forfeit] == [(quitter_seat, EndCause.LEFT)]
    assert record.status == "finished"


def test_leaving_a_solo_game_ends_it_as_lost(store):
    with ServerThread({"seed": 17}, store=store) as server:
        client = login(server.port, "runaway")
        client.expect(180)
        client.send("1")
        client.expect(181)
        client.close()
        server.matches_done()
    record = store.load(store.summaries()[0].id)
    assert record.result.cause is EndCause.LEFT and record.result.details["lorenzo"]["won"]


def test_pings_every_interval_and_silent_clients_are_dropped():
    with ServerThread({"ping_interval": 0.1, "ping_timeout": 0.5}) as server:
        polite = login(server.port, "polite")  # answers every ping while it reads
        stayed = []
        reader = threading.Thread(target=lambda: stayed.append(not polite.closed(timeout=1.5)), daemon=True)
        reader.start()
        silent = Client(server.port)
        silent.expect(110)
        started = time.monotonic()
        raw = b""
        silent.sock.settimeout(3)
        while True:
            data = silent.sock.recv(4096)  # read without ever answering
            if not data:
                break
            raw += data
        assert raw.count(b"350 ping\n") >= 3
        assert time.monotonic() - started > 0.4  # not before the ping timeout (no upper bound: busy machines)
        reader.join()
        assert stayed == [True] and polite.pings >= 10
        polite.send("Quit")
        assert polite.closed()


def test_an_unanswered_question_forfeits_the_seat():
    with ServerThread({"decision_timeout": 0.3, "seed": 18}) as server:
        client = login(server.port, "sleepy")
        client.expect(180)
        client.send("1")
        client.expect(181)
        final = client.expect(659)  # Lorenzo wins: the seat was forfeited
        assert final.obj["winner"] == "Lorenzo"
        assert client.expect(114).text.startswith("Game over")
        client.send("Join game")
        client.expect(180)  # and the player may start again


def test_typed_ahead_lines_are_answered_in_order():
    with ServerThread({"seed": 19}) as server:
        client = login(server.port, "quick")
        client.expect(180)
        client.send_raw(b"1\n1 2\n")
        client.expect(120)
        session = server.sessions[0]

        async def coins_row():
            state = session.service.rooms[session].match.state
            state.market[:4] = [0, 0, 0, 0]
            session.obs = state.observation(0)
        server.call(coins_row)
        client.send_raw(b"Buy resources -row -1\n1\ndiscard\ndiscard\ndiscard\nEnd turn\nView marble market\n")
        codes = []
        while 219 not in codes:
            codes.append(client.read().code)
        assert codes.count(331) == 1 and codes.count(224) == 3 and 4 not in [c // 100 for c in codes]


def test_hidden_leaders_never_reach_the_other_players(random_client):
    class Recorder(random_client.RandomPlayer):
        def react(self, code, text):
            self.seen = getattr(self, "seen", []) + [(code, text)]
            super().react(code, text)

        def play(self):
            outcome = super().play()
            outcome["seen"] = self.seen
            return outcome

    with ServerThread({"seed": 20}) as server:
        outcomes = play_all(random_client, server.port, 2, ["eve", "mal"], player_class=Recorder)
    leaders = {}
    for name, outcome in outcomes.items():
        private, public = set(), set()
        for code, text in outcome["seen"]:
            if code in (654, 655):
                private |= {lead["id"] for lead in json.loads(text)["leaders"]}
            if code == 653:
                public |= {lead["id"] for lead in json.loads(text)["leaders"]}
        leaders[name] = (private, public)
    for name, other in (("eve", "mal"), ("mal", "eve")):
        secret = leaders[other][0] - leaders[other][1]
        for code, text in outcomes[name]["seen"]:
            if code >= 600:
                ids = {int(x) for x in __import__("re").findall(r'"id":(\d+)', text)}
                assert not ids & secret, (code, text)
            if code == 121:  # the news of the other's turn names only activated leaders
                assert not {int(x) for x in __import__("re").findall(r"#(\d+)", text)} & secret, text
    assert all(leaders[n][0] for n in leaders)

"""Live games survive a crash (issue 30): `tablehall serve` as a process, `kill -9` in the middle
of its games, started again on the same store.  A game of each of the four games, a person's seat
played over its WebSocket against built-in bots, goes on from its journal and ends with the record
the same game has when nothing stops it; a contest game, whose protocol has no rejoin, ends
aborted with the cause; a stop by SIGTERM leaves the games in the journal for the next start.
Every wait is bounded and waits for an event (a frame, a log line, a journal row), never a time."""

from __future__ import annotations

import asyncio
import io
import json
import re
import socket
import subprocess
import sys
import time

import pytest

from tablehall.core import Match
from tablehall.core.agents import Agent, BotAgent
from tablehall.core.journal import read_journal
from tablehall.core.records import Record, replay
from tablehall.core.registry import get_game
from tablehall.core.rng import derive_seed
from tablehall.core.locations import open_store
from tablehall.core.store import is_url

from ..support.serving import REPO, Serve
from ..web.policies import catan_choice, dominion_choice, renaissance_choice

websockets_sync = pytest.importorskip("websockets.sync.client")

WAIT = 120  # seconds: a bound for a busy machine, never a measure

#: the person's choice among the legal actions it is sent: a function of them alone, so that a
#: decision asked again after a restart is answered alike
POLICY = {"blokus": lambda legal: legal[0], "catan": lambda legal: catan_choice(legal, 0, [0] * 5),
          "dominion": lambda legal: dominion_choice(legal, set()), "renaissance": renaissance_choice}

#: (game, bots, seed, decisions of the person before the kill): seeds whose games never ask two
#: seats at once, so the order of the actions does not hang on which answer comes first
GAMES = [("blokus", ["random"], 2, 8), ("catan", ["strong"], 1, 12), ("dominion", ["bigmoney"], 2, 10),
         ("renaissance", [], 2, 10)]


class Person(Agent):
    """The person's seat in the game played through in this process: the same policy, inline."""

    kind = "web"
    wants_events = False
    awaits_start = awaits_finish = False

    def __init__(self, spec, name: str) -> None:
        self.spec, self.name = spec, name

    def inline_chooser(self):
        spec, policy = self.spec, POLICY[self.spec.name]
        return lambda state, seat: spec.decode_action(policy([spec.encode_action(a) for a in state.legal_actions(seat)]))

    async def decide(self, seat, state):
        raise AssertionError("decides inline")


def played_through(game: str, bots: list[str], seed: int) -> Record:
    """The game as it goes when nothing stops it (the web hall seeds bot i with (seed, "bot", i))."""
    spec = get_game(game)
    agents = [Person(spec, "carla")] + [BotAgent(spec.bots[b](derive_seed(seed, "bot", i + 1)), name=f"{b}-{i + 2}")
                                        for i, b in enumerate(bots)]
    return asyncio.run(Match(spec, agents, seed=seed).run())


class Seat:
    """The person's seat over its WebSocket: answers each decision with the game's policy."""

    def __init__(self, server: Serve, game: str, created: dict) -> None:
        self.game, self.id = game, created["id"]
        self.token = created["seats"][0]["token"]
        self.socket = None

    def next_question(self) -> dict | None:
        """The next frame that asks the seat (None: the game is over)."""
        while True:
            frame = json.loads(self.socket.recv(timeout=WAIT))
            assert frame["type"] not in ("error", "replaced"), frame
            if frame.get("result") is not None or frame["type"] == "end":
                return None
            if frame.get("asked"):
                return frame

    def answer(self, frame: dict) -> None:
        self.socket.send(json.dumps({"action": POLICY[self.game](frame["legal"])}))

    def play(self, server: Serve, decisions: int | None = None) -> None:
        """Open the seat on `server`, answer `decisions` questions (None: to the end) and, short
        of the end, see the seat asked again; close the page."""
        url = f"{server.url.replace('http', 'ws')}/ws/games/{self.id}/seats/0?token={self.token}"
        with websockets_sync.connect(url, open_timeout=WAIT, max_size=None) as self.socket:
            answered = 0
            while decisions is None or answered < decisions:
                frame = self.next_question()
                if frame is None:
                    return
                self.answer(frame)
                answered += 1
            assert self.next_question() is not None, "the game ended before the kill"


def journaled_actions(location: str) -> dict[str, int]:
    store = open_store(location)
    try:
        return {game.id: len(read_journal(game)[0].entries) for game in store.journaled_games()}
    finally:
        store.close()


def new_game(server: Serve, game: str, bots: list[str], seed: int) -> dict:
    status, created = server.new_game({"game": game, "seats": ["me", *bots], "name": "carla", "seed": seed})
    assert status == 200, created
    return created


def wait_for(condition, what: str):
    deadline = time.monotonic() + WAIT
    while not (found := condition()):
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not happen within {WAIT} s")
        time.sleep(0.05)
    return found


def test_games_killed_mid_way_end_as_if_never_killed(tmp_path, store_location):
    server = Serve(tmp_path, db=store_location)
    seats = []
    try:
        for game, bots, seed, _ in GAMES:
            seats.append(Seat(server, game, new_game(server, game, bots, seed)))
        for seat, (_, _, _, decisions) in zip(seats, GAMES):
            seat.play(server, decisions)  # then asked again: the game waits for the person
        wanted = {seat.id: decisions for seat, (_, _, _, decisions) in zip(seats, GAMES)}
        wait_for(lambda: all(journaled_actions(store_location).get(i, 0) >= n for i, n in wanted.items()),
                 "the person's answers journaled")
    finally:
        server.kill()
    journaled = journaled_actions(store_location)
    server = Serve(tmp_path, db=store_location)
    try:
        for seat in seats:
            server.wait_for_log(f"game resumed id={seat.id}")
            seat.play(server)
        for seat in seats:
            server.wait_for_log(f"game end id={seat.id}")
        store = open_store(store_location)
        for seat, (game, bots, seed, _) in zip(seats, GAMES):
            record, reference = store.load(seat.id), played_through(game, bots, seed)
            assert record.status == "finished" and len(record.entries) > journaled[seat.id]
            assert [e.action for e in record.entries] == [e.action for e in reference.entries], game
            assert record.digest() == reference.digest(), game
        # the journal lets a stored game go at its next write, a moment after the game's end
        wait_for(lambda: store.journaled_games() == [], "the journal emptied")
        store.close()
        assert "Traceback" not in server.log()
    finally:
        server.stop()


def test_sigterm_leaves_resumable_games_in_the_journal_and_the_next_start_plays_them_on(tmp_path):
    server = Serve(tmp_path)
    game, bots, seed, decisions = GAMES[2]
    seat = Seat(server, game, new_game(server, game, bots, seed))
    seat.play(server, decisions)
    assert server.stop() == 0
    assert f"game end id={seat.id}" not in server.log(), "a resumable game is not ended by a stop"
    assert seat.id in journaled_actions(server.db)
    server = Serve(tmp_path, ports=server.ports)
    try:
        server.wait_for_log(f"game resumed id={seat.id}")
        seat.play(server)
        server.wait_for_log(f"game end id={seat.id} game=dominion status=finished")
        store = open_store(server.db)
        assert store.load(seat.id).digest() == played_through(game, bots, seed).digest()
        store.close()
    finally:
        server.stop()


def test_a_contest_game_ends_aborted_by_the_restart_with_a_record_that_replays(tmp_path):
    """The contest's protocol has no rejoin: a Software Challenge game is journaled like every
    game, and after a crash it is stored as aborted, cause `server restart`."""
    server = Serve(tmp_path)
    try:
        status, created = server.new_game({"game": "blokus", "seats": ["strong", "open"]})
        assert status == 200, created
        client = socket.create_connection(("127.0.0.1", server.ports["sc"]), timeout=WAIT)
        client.sendall(b'<protocol><join gameType="swc_2021_blokus"/>')
        received = b""
        while b"MoveRequest" not in received:  # the built-in bot has moved: the client's turn
            chunk = client.recv(65536)
            assert chunk, received[-500:]
            received += chunk
        wait_for(lambda: journaled_actions(server.db).get(created["id"]), "the bot's move journaled")
    finally:
        server.kill()
    server = Serve(tmp_path, ports=server.ports)
    try:
        server.wait_for_log(f"game end id={created['id']} game=blokus status=aborted cause=aborted reason=\"server restart\"")
        store = open_store(server.db)
        record = store.load(created["id"])
        assert record.status == "aborted" and record.result.seats[0].reason == "server restart"
        assert len(record.entries) >= 1 and replay(record, get_game("blokus")).matches
        # the journal lets a stored game go at its next write, a moment after the game's end
        wait_for(lambda: store.journaled_games() == [], "the journal emptied")
        store.close()
    finally:
        server.stop()
        client.close()


def test_a_browser_seat_and_a_spectator_page_come_back_by_themselves_after_a_kill(tmp_path):
    """Chromium plays a person's Blokus seat through the page's own controls (`act`, with the
    actions the seat was sent) while another page watches; the server is killed and started again
    on the same address, and both pages reconnect by themselves: the game ends on both, with the
    record of the game played through."""
    from ..web.test_browser import CHROMIUM, FLAGS, sync_api

    game, bots, seed, decisions = GAMES[0]
    server = Serve(tmp_path)
    created = new_game(server, game, bots, seed)
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        player = browser.new_page(bypass_csp=True)
        watcher = browser.new_page(bypass_csp=True)
        for page in (player, watcher):
            page.set_default_timeout(WAIT * 1000)
        try:
            player.goto(server.url + created["seats"][0]["play"])
            watcher.goto(f"{server.url}/games/{created['id']}")
            for _ in range(decisions):
                play_on_page(player)
            player.wait_for_selector("#play[data-asked='true']")
            wait_for(lambda: journaled_actions(server.db).get(created["id"], 0) >= decisions, "the moves journaled")
        finally:
            server.kill()
        player.wait_for_function("document.getElementById('status').textContent.includes('reconnecting')")
        server = Serve(tmp_path, ports=server.ports)
        try:  # the page's next frame is the resumed game's
            player.wait_for_function("!document.getElementById('status').textContent.includes('reconnecting')")
            while play_on_page(player):
                pass
            watcher.wait_for_function("document.getElementById('status').textContent === 'game over'")
            server.wait_for_log(f"game end id={created['id']}")
        finally:
            browser.close()
            server.stop()
    store = open_store(server.db)
    assert store.load(created["id"]).digest() == played_through(game, bots, seed).digest()
    store.close()


def play_on_page(page) -> bool:
    """Wait until the page's seat is asked and make the policy's move with the page's own `act`
    (False: the game is over)."""
    page.wait_for_selector("#play[data-asked='true'], #play[data-over='true']")
    if page.get_attribute("#play", "data-over") == "true":
        return False
    before = page.get_attribute("#play", "data-actions")
    page.evaluate("() => window.tablehall.act(window.tablehall.frame.legal[0])")
    page.wait_for_function(f"document.querySelector('#play').dataset.actions !== '{before}'")
    return True


def test_a_kill_under_load_loses_no_finished_record_and_no_journaled_action(tmp_path, store_location):
    """Dozens of games at once, from the web (bots of all four games) and Dominion's TCP bots:
    `kill -9` while they play.  Every game the log saw end is stored, the store is whole and
    every record and every journal in it replays; after the restart each journaled game ends
    (played on, or aborted for a protocol without a rejoin) with its journaled actions first."""
    config = "[limits]\nlive_games_per_address = 64\ngames_per_minute = 100\n"
    server = Serve(tmp_path, config, db=store_location)
    bots = []
    try:
        mixes = [("dominion", ["bigmoney", "smithy"], 0), ("blokus", ["random", "strong"], 0),
                 ("renaissance", ["random", "greedy"], 0), ("catan", ["random", "random", "strong"], 0.01)]
        for index in range(24):
            game, seats, pace = mixes[index % len(mixes)]
            status, created = server.new_game({"game": game, "seats": seats, "seed": index, "pace": pace})
            assert status == 200, created
        bots = [subprocess.Popen([sys.executable, str(REPO / "examples/dominion/bigmoney.py"), "--connect",
                                  f"127.0.0.1:{server.ports['dominion']}", "--join", "smithy"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for _ in range(8)]
        wait_for(lambda: server.log().count("status=finished") >= 10 and len(journaled_actions(store_location)) >= 4,
                 "ten games over and four in play")
    finally:
        server.kill()
        for bot in bots:
            bot.kill()
            bot.wait()
    ended = re.findall(r"game end id=(\w+) \S+ status=finished", server.log())
    store = open_store(store_location)
    try:
        if not is_url(store_location):
            assert store._db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        summaries = store.summaries(limit=10**6)
        assert set(ended) <= {s.id for s in summaries if s.status == "finished"}
        for summary in summaries:
            record = store.load(summary.id)
            assert replay(record, get_game(record.game)).matches, summary.id
        journaled = {game.id: read_journal(game)[0] for game in store.journaled_games()}
        for record in journaled.values():  # what the journal holds is legal to the last action
            replay(record, get_game(record.game))
    finally:
        store.close()
    server = Serve(tmp_path, config, db=store_location, ports=server.ports)
    try:
        wait_for(lambda: not journaled_actions(store_location), "every journaled game ended")
        store = open_store(store_location)
        for game_id, before in journaled.items():
            after = store.load(game_id)
            assert after.entries[:len(before.entries)] == before.entries, game_id
            assert replay(after, get_game(after.game)).matches
        store.close()
        assert "Traceback" not in server.log()
    finally:
        server.stop()


# -- protocol clients that rejoin -----------------------------------------------------------------

def example_bot(folder: str, module: str, name: str):
    """A class of the example bots (examples/FOLDER/MODULE.py), imported as the scripts import it."""
    path = str(REPO / "examples" / folder)
    if path not in sys.path:
        sys.path.insert(0, path)
    return getattr(__import__(module), name)


class DominionClient:
    """The example Big Money bot (examples/dominion), driven line by line over a socket: it
    joins the table's seat, and after a restart joins it again the same way."""

    def __init__(self, table: str) -> None:
        self.bot = example_bot("dominion", "bigmoney", "BigMoney")()
        self.play = example_bot("dominion", "v1bot", "play")
        self.table = table
        self.socket: socket.socket | None = None

    def run(self, port: int, requests: int | None = None) -> bool:
        """Join, answer `requests` play-requests (None: to the end) and see the next one come,
        the connection left open (a bot that closes it leaves the game); True at the game's end."""
        self.socket = socket.create_connection(("127.0.0.1", port), timeout=WAIT)
        stream = self.socket.makefile("rw", encoding="utf-8", newline="\n")
        stream.write(f"join table {self.table}\n")
        stream.flush()
        answered = 0
        for line in stream:
            if line.startswith("play-request"):
                if requests is not None and answered == requests:
                    return False
                answered += 1
            self.play(self.bot, [line], stream)
            if line.startswith(("game-end", "error")):
                assert not line.startswith("error"), line
                self.socket.close()
                return True
        raise AssertionError("the server closed the connection")


def dominion_played_through(record: Record) -> Record:
    """The game of `record` (seed, options, seats) as it goes when nothing stops it: the example
    bot in this process on the lines the protocol writes, the table's built-in bot as it seeds it."""
    from tablehall.games.dominion.agent import LineBotAgent

    class LoopbackBot(LineBotAgent):
        def __init__(self) -> None:
            super().__init__(0, "loopback", "remote:dominion")
            self.client = DominionClient("")

        def _send_line(self, text: str) -> None:
            out = io.StringIO()
            self.client.play(self.client.bot, [text + "\n"], out)
            for reply in out.getvalue().splitlines():
                asyncio.get_running_loop().call_soon(self.line_received, reply.encode())

        async def _close(self) -> None:
            pass

    spec = get_game("dominion")
    bot = BotAgent(spec.bots["bigmoney"](derive_seed(record.seed, "seat", 1)), name="bigmoney-2")
    return asyncio.run(Match(spec, [LoopbackBot(), bot], seed=record.seed, options=record.options).run())


def test_a_dominion_bot_at_a_table_rejoins_after_a_kill_and_the_game_ends_as_if_never_killed(tmp_path):
    server = Serve(tmp_path)
    status, created = server.new_game({"game": "dominion", "seats": ["open", "bigmoney"]})
    assert status == 200, created
    client = DominionClient(created["id"])
    try:
        assert not client.run(server.ports["dominion"], requests=6)
        wait_for(lambda: journaled_actions(server.db).get(created["id"], 0) >= 6, "the bot's moves journaled")
    finally:
        server.kill()
        client.socket.close()
    server = Serve(tmp_path, ports=server.ports)
    try:
        server.wait_for_log(f"game resumed id={created['id']}")
        assert client.run(server.ports["dominion"])
        server.wait_for_log(f"game end id={created['id']} game=dominion status=finished")
        store = open_store(server.db)
        record = store.load(created["id"])
        store.close()
    finally:
        server.stop()
    assert record.handovers == []
    reference = dominion_played_through(record)
    assert [e.action for e in record.entries] == [e.action for e in reference.entries]
    assert record.digest() == reference.digest()


class Paused(Exception):
    """The Renaissance client stops before answering a question (the server waits for it)."""


def renaissance_player(port: int, questions: int | None):
    """The example random client (examples/renaissance), seeded; with `questions`, it stops at
    that turn's question without answering (`Paused`), its connection left open."""
    RandomPlayer = example_bot("renaissance", "random_client", "RandomPlayer")

    class Player(RandomPlayer):
        turns = 0

        def react(self, code: int, text: str) -> None:
            if code == 120:
                self.turns += 1
                if self.turns == questions:
                    raise Paused()
            super().react(code, text)

    return Player("127.0.0.1", port, "alice", players=1, seed=5, timeout=WAIT)


def test_a_renaissance_player_logs_in_again_after_a_kill_and_the_game_ends_as_if_never_killed(tmp_path):
    """A solo game from the lobby (the service's seeds fixed): the example random client plays
    some turns, the server is killed while it is asked, and the client logs in again with its
    nickname and plays on; the record is that of the same game on a server never killed."""
    config = "[renaissance]\nseed = 3\n"
    (tmp_path / "killed").mkdir()
    server = Serve(tmp_path / "killed", config)
    player = renaissance_player(server.ports["renaissance"], questions=6)
    try:
        with pytest.raises(Paused):
            player.play()
        [live] = json.loads(server.get("/api/games"))["games"]
        wait_for(lambda: journaled_actions(server.db).get(live["id"]) == game_actions(server, live["id"]),
                 "every action journaled")
    finally:
        server.kill()
        player.sock.close()
    server = Serve(tmp_path / "killed", config, ports=server.ports)
    try:
        server.wait_for_log(f"game resumed id={live['id']}")
        player.sock = socket.create_connection(("127.0.0.1", server.ports["renaissance"]), timeout=WAIT)
        player.buffer = b""
        assert player.play()["final"] is not None
        server.wait_for_log(f"game end id={live['id']} game=renaissance status=finished")
        store = open_store(server.db)
        record = store.load(live["id"])
        store.close()
    finally:
        server.stop()
    (tmp_path / "whole").mkdir()
    with Serve(tmp_path / "whole", config) as whole:
        assert renaissance_player(whole.ports["renaissance"], questions=None).play()["final"] is not None
        whole.wait_for_log("game end")
        store = open_store(whole.db)
        [summary] = store.summaries()
        reference = store.load(summary.id)
        store.close()
    assert record.handovers == [] and len(record.entries) > 6
    assert [e.action for e in record.entries] == [e.action for e in reference.entries]
    assert record.digest() == reference.digest()


def game_actions(server: Serve, game_id: str) -> int:
    return json.loads(server.get(f"/api/games/{game_id}"))["actions"]


#: a game of each host journaled mid-way (host, game, built-in bots, actions before the stop)
HOSTS = [("sc", "blokus", ("random", "random"), 8), ("dominion", "dominion", ("bigmoney", "random"), 30),
         ("renaissance", "renaissance", ("random", "greedy"), 30), ("jsettlers", "catan", ("random", "random"), 40),
         ("web", "catan", ("random", "strong"), 40)]


def test_the_log_says_which_games_were_resumed_and_which_ended_and_why_for_every_protocol(tmp_path):
    """A store whose journal holds a game of every host, each stopped mid-way as a stopping
    server leaves it (real matches, suspended): the next start logs `game resumed` for each game
    whose host plays on (with the actions it resumed from) and, for the contest's, `game end`,
    aborted, with the reason; then each resumed game's `game end` as it finishes."""
    from ..core.test_journal import SuspendAfter, bots, run_and_flush
    from tablehall.core.journal import Journal

    store = open_store(str(tmp_path / "records.sqlite"))
    journal = Journal(store, interval=0)
    for index, (host, game, names, stop) in enumerate(HOSTS):
        spec = get_game(game)
        match = Match(spec, bots(spec, list(names), index), seed=index, store=store, match_id=f"{host}-game")
        match.add_listener(journal.follow(match, host))
        match.add_listener(SuspendAfter(stop))
        asyncio.run(run_and_flush(match, journal))
    assert sorted(g.id for g in store.journaled_games()) == sorted(f"{host}-game" for host, *_ in HOSTS)
    store.close()
    with Serve(tmp_path) as server:
        server.wait_for_log('game end id=sc-game game=blokus status=aborted cause=aborted')
        for host, game, _, stop in HOSTS[1:]:
            server.wait_for_log(f"game resumed id={host}-game game={game}")
            server.wait_for_log(f"game end id={host}-game game={game} status=finished")
        lines = server.log().splitlines()
    [aborted] = [line for line in lines if "game end id=sc-game" in line]
    assert 'reason="server restart"' in aborted and "actions=8" in aborted
    for host, game, _, stop in HOSTS[1:]:
        [resumed] = [line for line in lines if f"game resumed id={host}-game" in line]
        assert f"actions={stop}" in resumed, resumed
    assert "Traceback" not in "\n".join(lines)


def test_a_server_configured_with_journal_false_keeps_no_journal(tmp_path):
    """`journal = false` (what the journal's cost is measured against): the games in play are
    not journaled; anything but true or false is refused at start."""
    from tablehall.server.app import Server
    from tablehall.server.config import ConfigError, load_config

    path = tmp_path / "serve.toml"
    path.write_text(f'journal = false\ndb = "{tmp_path / "records.sqlite"}"\n')
    config = load_config(path)
    assert config.journal is False and load_config(None).journal is True

    async def journal_of(config):
        server = Server(config, services=[])
        await server.start()
        try:
            return server.journal
        finally:
            await server.stop()

    assert asyncio.run(journal_of(config)) is None
    path.write_text(f'db = "{tmp_path / "records.sqlite"}"\n')
    assert asyncio.run(journal_of(load_config(path))) is not None
    path.write_text('journal = "no"\n')
    with pytest.raises(ConfigError, match="journal must be true or false"):
        load_config(path)

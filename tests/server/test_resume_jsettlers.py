"""JSettlers games survive a crash (issue 30): `tablehall serve` as a process, `kill -9` in the
middle of a game, started again on the same store.  A person and a JSettlers robot, each a TCP
client of the scripted harness (tests/jsettlers/scripted_robot.py) whose decisions are a
function of the game, come back as the Java server lets a player take its seat back; the game
ends with the record of the same game never killed.  A seat nobody takes back within the grace
is played by a tablehall bot.  Every wait is bounded and waits for an event, never a time."""

from __future__ import annotations

import asyncio
import json
import threading

from tablehall.core.journal import read_journal
from tablehall.core.records import Record, replay
from tablehall.core.registry import get_game
from tablehall.core.rng import derive_seed
from tablehall.core.store import open_store

from ..jsettlers.scripted_robot import robot
from ..support.serving import Serve
from .test_resume import WAIT, journaled_actions, wait_for

class JournalOracle:
    """The game the server's journal holds, read from its store as another process may read it
    (SQLite in WAL mode): what a JSettlers client following the game from outside knows.  The
    harness (tests/jsettlers/scripted_robot.py) asks it whether and how its seat must act."""

    def __init__(self, db: str) -> None:
        self.db = db
        self.spec = get_game("catan")
        self.state = None
        self.entries = 0
        self.play = None

    def __call__(self, game: str):
        store = open_store(self.db)
        try:
            journaled = store.journaled_games()
        finally:
            store.close()
        if not journaled:
            return None
        [live] = journaled
        record, _ = read_journal(live)
        if self.state is None:
            self.state = self.spec.new(len(record.seats), record.options, record.seed)
        for entry in record.entries[self.entries:]:  # what the journal holds since the last look
            if entry.forfeit is not None:
                self.state.forfeit(entry.seat, entry.forfeit, entry.reason)
            else:
                self.state.apply(entry.seat, self.spec.decode_action(entry.action))
        self.entries = len(record.entries)
        seats = [record.holder(seat).name for seat in range(len(record.seats))]
        room = type("Room", (), {"state": self.state.jsettlers_state, "seats": seats, "seat_count": 4})
        return type("Play", (), {"room": room, "match": type("M", (), {"state": self.state}),
                                 "pns": tuple(range(len(seats)))})


def catan_decision(state, seat: int):
    """The person's decision: the strong bot's, made afresh for each action count, so that a
    decision asked again after a restart is answered alike (and after the bot's, when both
    are asked: `last`)."""
    return get_game("catan").bots["strong"](derive_seed(11, state.action_count)).choose(state.observation(seat), seat)


JSETTLERS_CONFIG = '[jsettlers]\nseed = 5\nbot = "strong"\nbot_pause = 0\nrejoin_grace = 300\n'


def jsettlers_person(port: int, db: str, **how):
    return asyncio.run(robot(port, "alice", "", JournalOracle(db), seed=1, options="PL=2,NT=t",
                             decide=catan_decision, poll=0.1, last=True, **how))


def test_a_jsettlers_person_sits_down_again_after_a_kill_and_the_game_ends_as_if_never_killed(tmp_path):
    """A person creates a two-player game (against a tablehall bot) over the JSettlers protocol,
    plays some turns and is asked again; the server is killed with kill -9, started again, and
    the person logs in again, joins the game by its name and sits down at its seat: the game
    plays on from the journal to the record of the same game on a server never killed."""
    ports, game_id, _ = killed_after_answers(tmp_path, JSETTLERS_CONFIG, jsettlers_person, create="resumed")
    server = Serve(tmp_path / "killed", JSETTLERS_CONFIG, ports=ports)
    try:
        server.wait_for_log(f"game resumed id={game_id}")
        assert game_id in [g["id"] for g in json.loads(server.get("/api/games"))["games"]], "live in the web lobby"
        outcome = jsettlers_person(server.ports["jsettlers"], server.db, take_over=("resumed", 0, lambda: True))
        assert outcome.saw_game_over and not outcome.gave_up, outcome.received[-5:]
        assert "1083|resumed|" in "\n".join(outcome.received[:6]), "live in the JSettlers game list"
        server.wait_for_log(f"game end id={game_id} game=catan status=finished")
        store = open_store(server.db)
        record = store.load(game_id)
        store.close()
        assert "Traceback" not in server.log()
    finally:
        server.stop()
    reference = played_whole(tmp_path, JSETTLERS_CONFIG, jsettlers_person, create="resumed")
    assert record.handovers == [] and len(record.entries) > 24
    assert [e.action for e in record.entries] == [e.action for e in reference.entries]
    assert record.digest() == reference.digest()

    # nobody comes back: the seat is the bot's after the grace, and with no person left the game goes
    with Serve(tmp_path / "abandoned", JSETTLERS_CONFIG.replace("rejoin_grace = 300", "rejoin_grace = 0.5")) as alone:
        alone.wait_for_log(f'game end id={game_id} game=catan status=aborted cause=aborted')
        assert "seat 0 (alice) replaced by a tablehall bot" in alone.log()
        assert 'reason="the last player left"' in alone.log()


def killed_after_answers(tmp_path, config: str, client, **how) -> tuple[dict[str, int], str, int]:
    """A server in `tmp_path`/killed whose JSettlers `client` (seat 0) answers 12 times and is
    asked again; then `kill -9`, and a copy of its store in `tmp_path`/abandoned.  The server's
    ports, the game's id and the actions journaled."""
    (tmp_path / "killed").mkdir()
    server = Serve(tmp_path / "killed", config)
    first = threading.Thread(target=client, args=(server.ports["jsettlers"], server.db),
                             kwargs={**how, "silent_after": 12})
    first.start()
    try:
        game_id = wait_for(lambda: next(iter(journaled_actions(server.db)), None), "the game journaled")
        wait_for(lambda: sum(e.seat == 0 for e in journal_record(server.db).entries) >= 12,
                 "the client's answers journaled")
    finally:
        server.kill()
        first.join(WAIT)
    (tmp_path / "abandoned").mkdir()
    for path in (tmp_path / "killed").glob("records.sqlite*"):
        (tmp_path / "abandoned" / path.name).write_bytes(path.read_bytes())
    return server.ports, game_id, len(journal_record(server.db).entries)


def played_whole(tmp_path, config: str, client, **how) -> Record:
    """The same game on a server never killed (in `tmp_path`/whole): its record."""
    (tmp_path / "whole").mkdir()
    with Serve(tmp_path / "whole", config) as whole:
        assert client(whole.ports["jsettlers"], whole.db, **how).saw_game_over
        whole.wait_for_log("game end")
        store = open_store(whole.db)
        [summary] = store.summaries()
        reference = store.load(summary.id)
        store.close()
    return reference


def journal_record(location: str) -> Record:
    store = open_store(location)
    try:
        [live] = store.journaled_games()
        return read_journal(live)[0]
    finally:
        store.close()


ROBOTS_CONFIG = ('[jsettlers]\nseed = 5\nbot = "strong"\nbot_pause = 0\nrobot_cookie = "cookie"\nrobot_games = 1\n'
                 'robot_game_robots = 1\nrobot_game_seats = 2\nrejoin_grace = {grace}\n')


def jsettlers_robot(port: int, db: str, **how):
    return asyncio.run(robot(port, "robot1", "cookie", JournalOracle(db), seed=1, decide=catan_decision, poll=0.1,
                             last=True, **how))


def test_a_jsettlers_robot_is_invited_back_to_its_seat_after_a_kill_or_a_tablehall_bot_takes_it(tmp_path):
    """A robots-only game the server starts (a JSettlers robot client, logged in with the robot
    cookie, against a tablehall bot); the server is killed mid-game.  Started again, it offers
    the robot's seat to the robot that logs in (SOCBotJoinGameRequest, as the Java server asks a
    robot to replace a player): the game ends with the record of the same game never killed.
    Started again on a copy of the store with no robot coming back, a tablehall bot takes the
    seat once the grace is over and the game ends, the change of hands in its record."""
    config = ROBOTS_CONFIG.format(grace=300)
    ports, game_id, journaled = killed_after_answers(tmp_path, config, jsettlers_robot)
    server = Serve(tmp_path / "killed", config, ports=ports)
    try:
        server.wait_for_log(f"game resumed id={game_id}")
        outcome = jsettlers_robot(server.ports["jsettlers"], server.db)
        assert outcome.saw_game_over and not outcome.gave_up, (outcome.received[-5:], outcome.sent[-5:])
        assert any(wire.startswith("1023|tablehall robots 1,0") for wire in outcome.received)
        server.wait_for_log(f"game end id={game_id} game=catan status=finished")
        store = open_store(server.db)
        record = store.load(game_id)
        store.close()
    finally:
        server.stop()
    reference = played_whole(tmp_path, config, jsettlers_robot)
    assert record.handovers == [] and len(record.entries) > journaled
    assert [e.action for e in record.entries] == [e.action for e in reference.entries]
    assert record.digest() == reference.digest()

    with Serve(tmp_path / "abandoned", ROBOTS_CONFIG.format(grace=0.5)) as alone:
        alone.wait_for_log(f"game end id={game_id} game=catan status=finished")
        assert "seat 0 (robot1) replaced by a tablehall bot" in alone.log()
        store = open_store(alone.db)
        abandoned = store.load(game_id)
        store.close()
    [handover] = abandoned.handovers
    assert (handover.seat, handover.since, handover.name, handover.agent) == (0, journaled, "robot1", "bot:strong")
    assert abandoned.entries[:journaled] == record.entries[:journaled]
    replay(abandoned, get_game("catan"))


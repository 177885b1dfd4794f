"""Bridges from learning back to the tables: a policy callable is a tablehall bot, seated as
``policy:MODULE:CALLABLE`` or ``policy:PATH.py:CALLABLE`` in `tablehall play` (and so the arena,
which seats through the same parser), and as an operator-named bot behind the protocol listeners:
here a contest-XML Blokus game and a Dominion TCP game served on loopback, each against a real
client, with the policy's bot in the other seat."""

from __future__ import annotations

import asyncio
import re
import sys
from pathlib import Path

import pytest

from tablehall.cli import main
from tablehall.core import EndCause, replay
from tablehall.core.registry import get_game
from tablehall.core.seats import SeatError, make_agent
from tablehall.core.locations import load_record
from tablehall.core.store import SqliteStore
from tablehall.envs.bridge import load_policy
from tablehall.games.blokus.bots import RandomBot
from tablehall.games.blokus.sc.client import play_client
from tablehall.server.app import Server
from tablehall.server.config import ConfigError, ServerConfig, named_bots

POLICIES = Path(__file__).with_name("policies.py")
REPO = Path(__file__).resolve().parents[2]


def played(tmp_path, game: str, seats: str, seed: int = 3):
    assert main(["play", game, "--seats", seats, "--seed", str(seed), "--record-dir", str(tmp_path),
                 "--no-db", "--quiet"]) == 0
    (path,) = tmp_path.glob("*.json")
    return load_record(str(path), None)


@pytest.mark.parametrize("game,seats", [
    ("blokus", f"policy:{POLICIES}:first_legal,random"),
    ("catan", "random,policy:tests.envs.policies:last_legal,random"),
    ("dominion", "bigmoney,policy:tests.envs.policies:first_legal,policy:tests.envs.policies:last_legal"),
    ("renaissance", f"policy:{POLICIES}:first_legal"),
])
def test_policies_play_in_tablehall_play(tmp_path, game, seats):
    record = played(tmp_path, game, seats)
    assert record.status == "finished"
    assert not any(e.forfeit for e in record.entries), "every index the policies chose was legal"
    kinds = [s.agent for s in record.seats]
    assert kinds.count("bot:policy") == seats.count("policy:")
    assert replay(record, get_game(game)).matches


def test_a_policy_sees_its_own_observations_and_plays_every_decision(tmp_path):
    counting = load_policy("tests.envs.policies:counting")
    before = counting.calls
    record = played(tmp_path, "dominion", "policy:tests.envs.policies:counting,random")
    mine = [e for e in record.entries if e.seat == 0 and e.forfeit is None]
    assert counting.calls - before >= len(mine) > 10
    from tablehall.envs.dominion import LAYOUT

    assert counting.sizes == {LAYOUT.size}


def test_a_forbidden_index_is_a_rule_violation(tmp_path):
    record = played(tmp_path, "blokus", "random,policy:tests.envs.policies:forbidden")
    assert record.result.seats[1].cause is EndCause.RULE_VIOLATION
    assert record.result.winners == [0]


@pytest.mark.parametrize("seat,problem", [
    ("policy:", "without a target"),
    ("policy:nowhere", "MODULE:CALLABLE or PATH.py:CALLABLE"),
    ("policy:no/such/file.py:act", "no file"),
    ("policy:tests.envs.no_such_module:act", "cannot import"),
    ("policy:tests.envs.policies:missing", "has no missing"),
    ("policy:tests.envs.policies:not_callable", "is not callable"),
])
def test_bad_policy_seats_are_one_line_errors(capsys, seat, problem):
    assert main(["play", "blokus", "--seats", f"{seat},random", "--no-db", "--quiet"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("tablehall: error: ") and problem in error and error.count("\n") == 1


def test_a_policy_is_an_arena_entrant(tmp_path, capsys):
    import json

    target = tmp_path / "arena.json"
    assert main(["arena", "blokus", "--entrant", f"learned=policy:{POLICIES}:first_legal", "--entrants", "random",
                 "--games", "2", "--seed", "3", "--workers", "1", "--db", str(tmp_path / "db.sqlite"),
                 "--json", str(target), "--quiet"]) == 0, capsys.readouterr().err
    doc = json.loads(target.read_text())
    row = next(r for r in doc["standings"] if r["label"] == "learned")
    assert row["games"] == 2 and row["forfeits"] == 0


def test_the_arena_and_other_callers_seat_policies_like_play():
    from tablehall.core.agents import BotAgent

    agent = make_agent(get_game("catan"), "policy:tests.envs.policies:first_legal", 2, seed=5)
    assert isinstance(agent, BotAgent) and agent.kind == "bot:policy"
    with pytest.raises(SeatError):
        make_agent(get_game("catan"), "policy:tests.envs.policies:missing", 0, seed=5)


def test_named_bots_in_the_config_are_checked_at_start():
    assert named_bots(ServerConfig(sections={"bots": {"blokus": {"learned": f"policy:{POLICIES}:first_legal"}}}))
    for bad in ({"blokus": {"learned": "policy:no/such.py:act"}}, {"nogame": {"x": "random"}},
                {"blokus": {"Bad Name": "random"}}, {"blokus": "random"}):
        with pytest.raises(ConfigError):
            named_bots(ServerConfig(sections={"bots": bad}))


def test_a_policy_plays_a_contest_xml_game_on_loopback(tmp_path):
    """An administrator prepares a room with the operator's `learned` bot in one slot; a real
    contest client takes the other with its reservation code."""
    store = SqliteStore(tmp_path / "records.sqlite")
    spec = get_game("blokus")
    sc = next(s for s in spec.services if s.name == "sc")
    config = ServerConfig(sections={"sc": {}, "bots": {"blokus": {"learned": "policy:tests.envs.policies:counting"}}})
    counting = load_policy("tests.envs.policies:counting")
    before = counting.calls

    async def scenario():
        server = Server(config, store=store, services=[sc])
        await server.start()
        port = server.port("sc")
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b'<protocol><authenticate password="examplepassword"/>'
                         b'<prepare gameType="swc_2021_blokus" pause="false">'
                         b'<slot displayName="contestant" canTimeout="true" reserved="true"/>'
                         b'<slot displayName="learned" bot="learned"/></prepare>')
            prepared = b""
            while b"</prepared>" not in prepared:
                prepared += await asyncio.wait_for(reader.read(65536), timeout=10)
            (code,) = re.findall(rb"<reservation>([^<]+)</reservation>", prepared)
            outcome = await play_client("127.0.0.1", port, RandomBot(5),
                                        join=b'<joinPrepared reservationCode="%s"/>' % code)
            writer.close()
            return outcome
        finally:
            await server.stop()

    outcome = asyncio.run(scenario())
    assert outcome.result is not None
    record = store.load(store.summaries()[0].id)
    store.close()
    assert [s.agent for s in record.seats] == ["remote:sc", "bot:learned"]
    assert record.status == "finished" and not any(e.forfeit for e in record.entries)
    moves = len([e for e in record.entries if e.seat == 1])
    assert moves >= 10 and counting.calls - before == moves, "the policy chose every move of its seat"
    assert replay(record, get_game("blokus")).matches


def test_a_policy_plays_a_dominion_bot_over_tcp(tmp_path):
    """A real TCP bot (examples/dominion/bigmoney.py) joins asking for the operator's `learned`
    opponent: the policy plays the other seat."""
    store = SqliteStore(tmp_path / "records.sqlite")
    spec = get_game("dominion")
    service = spec.services[0]
    config = ServerConfig(sections={"dominion": {"seed": 11},
                                    "bots": {"dominion": {"learned": "policy:tests.envs.policies:first_legal"}}})

    async def scenario():
        server = Server(config, store=store, services=[service])
        await server.start()
        port = server.port(service.name)
        try:
            client = await asyncio.create_subprocess_exec(
                sys.executable, str(REPO / "examples" / "dominion" / "bigmoney.py"),
                "--connect", f"127.0.0.1:{port}", "--join", "learned")
            assert await asyncio.wait_for(client.wait(), 120) == 0
            for _ in range(600):  # the record is stored once the match has wound down
                if store.summaries():
                    break
                await asyncio.sleep(0.05)
        finally:
            await server.stop()

    asyncio.run(scenario())
    (summary,) = store.summaries()
    record = store.load(summary.id)
    store.close()
    assert sorted(s.agent for s in record.seats) == ["bot:policy", "remote:dominion"]
    assert record.status == "finished" and not any(e.forfeit for e in record.entries)
    assert replay(record, get_game("dominion")).matches


def test_clients_cannot_name_a_policy_file(tmp_path):
    """Only the operator's config names policies: a contest administrator's slot and a Dominion
    bot's join that name one themselves are refused, and nothing is loaded."""
    counting = load_policy("tests.envs.policies:counting")
    before = counting.calls
    store = SqliteStore(tmp_path / "records.sqlite")
    specs = [next(s for s in get_game("blokus").services if s.name == "sc"), get_game("dominion").services[0]]
    config = ServerConfig(sections={"sc": {}, "dominion": {}})

    async def scenario():
        server = Server(config, store=store, services=specs)
        await server.start()
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port("sc"))
            writer.write(b'<protocol><authenticate password="examplepassword"/>'
                         b'<prepare gameType="swc_2021_blokus" pause="false">'
                         b'<slot displayName="a" canTimeout="true" reserved="true"/>'
                         b'<slot displayName="b" bot="policy:tests.envs.policies:counting"/></prepare>')
            answer = b""
            while b"unknown bot" not in answer:
                answer += await asyncio.wait_for(reader.read(65536), timeout=10)
            writer.close()
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port("dominion"))
            writer.write(b"join policy:tests.envs.policies:counting\n")
            refused = await asyncio.wait_for(reader.read(), timeout=10)
            writer.close()
            return answer, refused
        finally:
            await server.stop()

    answer, refused = asyncio.run(scenario())
    store.close()
    assert b"<prepared" not in answer
    assert refused.startswith(b"error unknown opponent")
    assert counting.calls == before and not store_has_games(tmp_path / "records.sqlite")


def store_has_games(path) -> bool:
    store = SqliteStore(path)
    try:
        return bool(store.summaries())
    finally:
        store.close()

"""Hidden-information audit through the real protocol listeners (issue 14).

Seeded games are played through `tablehall serve`'s listeners (`server.app.Server` on loopback
ports) with every seat, and an observer where the protocol has one, capturing what it receives;
each stream is then checked against the stored record for anything that seat may not know.
A few games per game here; `TABLEHALL_AUDIT_GAMES` (default 1,000 under `make bench`) sets the
count of the slow run.  Blokus has no hidden information after the start piece is announced;
its streams are checked by the byte-for-byte conformance tests instead."""

from __future__ import annotations

import asyncio
import json
import os
import re
import threading
from collections import Counter

import pytest

from tablehall.core import replay
from tablehall.core.store import SqliteStore
from tablehall.games.catan import SPEC as CATAN
from tablehall.games.catan.jsettlers import encode_frame, parse_cmd
from tablehall.games.catan.jsettlers.framing import FrameDecoder
from tablehall.games.dominion import SPEC as DOMINION
from tablehall.games.renaissance import SPEC as RENAISSANCE
from tablehall.server.app import Server
from tablehall.server.config import ServerConfig

from tests.jsettlers.scripted_robot import robot
from tests.jsettlers.test_loopback import assert_nothing_hidden_leaked, hidden_from_observer
from tests.renaissance.net import ServerThread

SLOW_GAMES = int(os.environ.get("TABLEHALL_AUDIT_GAMES", "1000"))


def service(spec, name):
    return next(s for s in spec.services if s.name == name)


# -- Dominion: every hand a seat is shown is its own ------------------------------------------------
MONEY = {"copper": 1, "silver": 2, "gold": 3}


async def dominion_client(port: int) -> tuple[int, list[str]]:
    """A big-money bot over TCP that keeps every line it receives; (its seat, the lines)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"join any any\n")
    lines, seat = [], -1
    while raw := await asyncio.wait_for(reader.readline(), 120):
        line = raw.decode().rstrip("\n")
        lines.append(line)
        words = line.split()
        if words[:1] == ["player"] and words[2:] == ["name"]:
            seat = int(words[1].removeprefix("player")) - 1
            writer.write(f"player {words[1]} auditor\n".encode())
        elif words[:1] == ["player"] and words[2:3] == ["version"]:
            writer.write(raw)
        elif words[:2] == ["play-request", "play-turn"]:
            money = sum(MONEY.get(card, 0) for card in words[9:])
            buy = next((c for c, p in (("province", 8), ("gold", 6), ("silver", 3)) if money >= p), None)
            writer.write(f"play-reply buy {buy}\n".encode() if buy else b"play-reply pass\n")
        elif words[:2] == ["play-request", "attack"]:
            writer.write(("play-reply discard " + " ".join(words[5:5 + int(words[3])]) + "\n").encode())
        elif words[:1] == ["game-end"]:
            break
    writer.close()
    return seat, lines


def shown_hands(lines: list[str]) -> list[list[str]]:
    hands = []
    for words in (line.split() for line in lines):
        if words[:2] == ["play-request", "play-turn"]:
            hands.append(sorted(words[9:]))
        elif words[:2] == ["play-request", "attack"]:
            hands.append(sorted(words[5:]))
    return hands


def own_hands_by_record(record, seat: int) -> list[list[str]]:
    """The seat's real hand each time it was asked, by replaying the record."""
    from tablehall.games.dominion.cards import NAMES

    state = DOMINION.new(len(record.seats), record.options, record.seed)
    hands = []
    for entry in record.entries:
        if entry.forfeit:
            state.forfeit(entry.seat, entry.forfeit, entry.reason)
            continue
        if entry.seat == seat:
            hands.append(sorted(NAMES[c] for c in state.players[seat].hand))
        state.apply(entry.seat, DOMINION.decode_action(entry.action))
    return hands


def audit_dominion(tmp_path, games: int) -> int:
    store = SqliteStore(tmp_path / "dominion.sqlite")

    async def scenario():
        server = Server(ServerConfig(sections={"dominion": {"join_grace": 30}}), store=store,
                        services=[service(DOMINION, "dominion")])
        await server.start()
        try:
            return [await asyncio.gather(*(dominion_client(server.port("dominion")) for _ in range(3)))
                    for _ in range(games)]
        finally:
            await server.stop()

    played = asyncio.run(scenario())
    records = [store.load(s.id) for s in reversed(store.summaries("dominion", limit=games))]
    store.close()
    checked = 0
    for streams, record in zip(played, records):
        assert record.status == "finished" and replay(record, DOMINION).matches
        for seat, lines in streams:
            shown = shown_hands(lines)
            assert len(shown) >= 10 and shown == own_hands_by_record(record, seat), f"seat {seat} was shown another hand"
            assert str(record.seed) not in "\n".join(lines)
            checked += 1
    return checked


# -- Masters of Renaissance: no leader a seat has not seen -------------------------------------------
def leader_ids(obj) -> set[int]:
    """Ids of every leader card object inside a decoded message object."""
    found = set()
    if isinstance(obj, dict):
        if "requires" in obj and "kind" in obj and "id" in obj:
            found.add(obj["id"])
        for value in obj.values():
            found |= leader_ids(value)
    elif isinstance(obj, list):
        for value in obj:
            found |= leader_ids(value)
    return found


def audit_renaissance(random_client, games: int, players: int = 3) -> int:
    names = [f"p{i}" for i in range(players)]
    streams: dict[str, list[str]] = {}

    class Recording(random_client.RandomPlayer):
        def lines(self):
            for line in super().lines():
                streams.setdefault(self.name, []).append(line)
                yield line

    checked = 0
    with ServerThread({"seed": 31}) as server:
        for game in range(games):
            streams.clear()
            outcomes = {}
            threads = [threading.Thread(target=lambda i=i, n=n: outcomes.__setitem__(
                n, Recording("127.0.0.1", server.port, n, players, seed=game * 10 + i).play()), daemon=True)
                for i, n in enumerate(names)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(120)
            assert sorted(outcomes) == names, "a client did not finish"
            server.matches_done()
            record = server.store.load(server.store.summaries("renaissance", limit=1)[0].id)
            assert record.status == "finished"
            dealt = RENAISSANCE.new(players, record.options, record.seed).dealt
            final = replay(record, RENAISSANCE).state
            public = {lead for p in final.players for lead in p.active}
            for name, lines in streams.items():
                seat = [s.name for s in record.seats].index(name)
                seen = set()
                for line in lines:
                    code, _, text = line.partition(" ")
                    if text.startswith(("{", "[")):
                        seen |= leader_ids(json.loads(text))
                assert seen & set(dealt[seat]), "the seat was shown its own dealt leaders"
                assert seen <= set(dealt[seat]) | public, f"{name} saw leaders {seen - set(dealt[seat]) - public}"
                assert str(record.seed) not in "\n".join(lines)
                checked += 1
    return checked


# -- Catan over JSettlers: seats and an observer ------------------------------------------------------
async def observer(port: int, game: str, wait_for) -> list[str]:
    """A person who joins `game` once it exists and watches it to its end."""
    await wait_for(game)
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(encode_frame("9998|2700,2.7.00,JM20260517,;6pl;sb;sc=2700;,en_US"))
    writer.write(encode_frame(f"1013|watcher,\t,\t,{game}"))
    decoder, received = FrameDecoder(), []
    while data := await asyncio.wait_for(reader.read(65536), 120):
        decoder.feed(data)
        received.extend(decoder)
        if any(w.startswith("1091|") and "has won the game" in w for w in received[-20:]):
            break
    writer.close()
    return received


def audit_catan(tmp_path, games: int) -> int:
    store = SqliteStore(tmp_path / "catan.sqlite")
    checked = 0
    for game in range(games):
        section = {"robot_cookie": "audit", "bot": "random", "seed": 100 + game, "robot_games": 1,
                   "bot_pause": 0}

        async def scenario():
            server = Server(ServerConfig(sections={"jsettlers": section}), store=store,
                            services=[service(CATAN, "jsettlers")])
            await server.start()
            port = server.port("jsettlers")
            lobby = server.services["jsettlers"].lobby

            async def exists(name):
                while name not in lobby.games:
                    await asyncio.sleep(0.01)

            oracle = lambda name: getattr(lobby.games.get(name), "play", None)  # noqa: E731
            try:
                return await asyncio.wait_for(asyncio.gather(
                    *(robot(port, f"bot{i}", "audit", oracle, seed=game * 4 + i) for i in range(4)),
                    observer(port, "tablehall robots 1", exists)), timeout=240)
            finally:
                await server.stop()

        *outcomes, watched = asyncio.run(scenario())
        record = store.load(store.summaries("catan", limit=1)[0].id)
        assert record.status == "finished"
        assert_nothing_hidden_leaked(outcomes, record)
        assert sum(w.startswith("1086|") for w in watched) >= 4, "the observer followed the game"
        hidden_from_observer(watched)
        checked += len(outcomes) + 1
    store.close()
    return checked


from tests.renaissance.conftest import random_client  # noqa: E402,F401 (the fixture)


def test_dominion_streams(tmp_path):
    assert audit_dominion(tmp_path, 2) == 6


def test_renaissance_streams(random_client):
    assert audit_renaissance(random_client, 2) == 6


def test_catan_streams_of_seats_and_an_observer(tmp_path):
    assert audit_catan(tmp_path, 1) == 5


@pytest.mark.slow
@pytest.mark.parametrize("game", ["dominion", "renaissance", "catan"])
def test_audit_long(tmp_path, random_client, game):
    games = SLOW_GAMES
    checked = {"dominion": lambda: audit_dominion(tmp_path, games),
               "renaissance": lambda: audit_renaissance(random_client, games),
               "catan": lambda: audit_catan(tmp_path, games)}[game]()
    print(f"\naudit {game}: {games} games, {checked} streams checked, no leak")

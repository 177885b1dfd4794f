"""Nothing hidden leaks over the WebSockets (issue 10, item 6), checked against the rules
themselves: whole seeded games of each of the four games are played by a person's seat over its
socket while a spectator watches; afterwards the record is re-run through the rules, and every
event a frame carried must be one the game addressed to that seat (or to observers), in order;
every view must be `view(seat)` (or `view(None)`) of a state the game went through; no frame may
hold the seed.  Games with open seats filled by protocol clients are checked the same way in
test_open_seats."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from tablehall.core.registry import get_game

from .policies import catan_choice, dominion_choice, renaissance_choice
from .test_seat_leaks import new_game

websockets = pytest.importorskip("websockets", reason="frame tests need the websockets client")


def policy(game: str):
    """The seat's moves: deterministic, good enough to finish a game."""
    bought: set = set()
    if game == "catan":
        return lambda f: catan_choice(f["legal"], 15 - f["view"]["players"][f["seat"]]["roads_left"],
                                      f["view"]["players"][f["seat"]]["hand"])
    if game == "dominion":
        return lambda f: dominion_choice(f["legal"], bought)
    if game == "renaissance":
        return lambda f: renaissance_choice(f["legal"], f["actions"] // 40)
    return lambda f: random.Random(f["actions"]).choice(f["legal"])


async def seat_and_spectator(web, created: dict, choose) -> tuple[list[dict], list[dict]]:
    base = web.url.replace("http", "ws")
    seat = created["seats"][0]
    mine: list[dict] = []
    watched: list[dict] = []

    async def play():
        answered = None
        async with websockets.connect(f"{base}/ws/games/{created['id']}/seats/{seat['seat']}?token={seat['token']}",
                                      max_size=None) as socket:
            while True:
                frame = json.loads(await asyncio.wait_for(socket.recv(), 120))
                mine.append(frame)
                if frame["type"] == "end":
                    return
                if frame.get("asked") and frame.get("legal") and frame["decision"] != answered:
                    answered = frame["decision"]  # one answer per decision: frames repeat while it waits
                    await socket.send(json.dumps({"action": choose(frame)}))

    async def watch():
        async with websockets.connect(f"{base}/ws/games/{created['id']}", max_size=None) as socket:
            while True:
                frame = json.loads(await asyncio.wait_for(socket.recv(), 120))
                watched.append(frame)
                if frame["type"] == "end":
                    return

    player = asyncio.ensure_future(play())
    while not mine:  # the game is live once the seat has its first frame
        await asyncio.sleep(0.01)
    await asyncio.gather(player, watch())
    return mine, watched


def replayed(record) -> tuple[list, list]:
    """Every event of the game as (audience, JSON) when it happened, and every state's views'
    source states, re-run from the record.  Events are turned to JSON at once: their data may
    share lists with the state that later change."""
    spec = get_game(record.game)
    state = spec.new(len(record.seats), record.options, record.seed)
    snap = lambda evs: [(e.audience, {"kind": e.kind, "data": json.loads(json.dumps(dict(e.data)))}) for e in evs]  # noqa: E731
    events = snap(state.start_events())
    states = [state.copy()]
    for entry in record.entries:
        if entry.forfeit is not None:
            events += snap(state.forfeit(entry.seat, entry.forfeit, entry.reason))
        else:
            events += snap(state.apply(entry.seat, spec.decode_action(entry.action)))
        states.append(state.copy())
    return events, states


def assert_subsequence(received: list, expected: list, who: str) -> None:
    position = 0
    for event in received:
        while position < len(expected) and expected[position] != event:
            position += 1
        assert position < len(expected), (f"{who} was sent an event the game did not address to it: {event}; "
                                          f"received {received[:12]}, expected {expected[:12]}")
        position += 1


GAMES = [  # seeds long enough that their digits in a frame would mean the seed was sent
    ("blokus", ["me", "random"], 731_902_455_118),
    ("catan", ["me", "random", "random"], 731_902_455_119),
    ("dominion", ["me", "random", "bigmoney"], 731_902_455_120),
    ("renaissance", ["me", "greedy", "random"], 731_902_455_121),
]


@pytest.mark.parametrize("game, seats, seed", GAMES)
def test_frames_carry_only_what_the_game_addressed_to_their_reader(web, game, seats, seed):
    created = new_game(web, game, seats, seed=seed)
    mine, watched = asyncio.run(seat_and_spectator(web, created, policy(game)))
    record = web.store.load(created["id"])
    assert record.status == "finished" and mine[-1]["type"] == watched[-1]["type"] == "end"
    for who, frames, seat in (("the seat", mine, 0), ("a spectator", watched, None)):
        assert_frames_admitted(record, frames, seat, who)


def assert_frames_admitted(record, frames: list[dict], seat: int | None, who: str) -> None:
    """Every event in `frames` is one the game addressed to `seat` (None: observers), in order;
    every view is `view(seat)` of a state the game went through; no frame holds the seed."""
    events, states = replayed(record)
    received = [e for frame in frames for e in frame.get("events", [])]
    assert received, who
    assert_subsequence(received, [e for audience, e in events if audience.admits(seat)], who)
    views = [json.loads(json.dumps(s.view(seat))) for s in states]
    for frame in frames:
        if frame["type"] == "waiting" or frame == {"type": "refused", "error": "it is not your turn"}:
            continue  # an answer to a question withdrawn meanwhile (another seat's offer ended) is told so
        assert "view" in frame, frame
        assert frame["view"] in views, f"{who} was sent a view the game never showed it: {frame}"
        if record.seed >= 10**9:
            assert str(record.seed) not in json.dumps(frame), f"{who} was sent the seed"

"""Conformance: every capture and probe transcript of the contest servers 21.4.0 and 21.3.3,
replayed against tablehall's SC service, byte for byte.

Normalisations (the only ones):
- room ids and reservation codes are random UUIDs: each stream's UUIDs are numbered in order of
  first appearance before comparing, and UUIDs the client sends are mapped to ours;
- the random start piece: the service is configured with the piece the capture used;
- time limits: the probes waited 3 s / 11.5 s against the contest's 2 s / 10 s; these tests use
  0.2 s / 0.5 s limits and proportionally shorter waits (the texts still say 2 / 10 Sekunden).
- connections the probe never read (`prepared-paused_joined-timing_y`,
  `join_admin-notification_testmode_cancel_j2`) are played but not compared.
- the observer transcript's players were official Java clients whose side was not captured;
  their moves are taken from the `lastMove` of the mementos the observer saw.
Scenarios run in memory (no network); a sample also runs over real loopback sockets.
"""

from __future__ import annotations

import asyncio
import difflib
import re

import pytest

from tablehall.core.hosting import Host
from tablehall.core.store import SqliteStore
from tablehall.games.blokus import SPEC
from tablehall.games.blokus.sc.lobby import ScService

from ..support.reference import reference_path
from ..support.transcripts import (Expect, Step, autoplay, close, pause, read_transcript, run_in_memory,
                                   run_over_tcp, send)

CAPTURES = reference_path("socha2021", "captures")
UUID = re.compile(rb"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
MOVE_REQUEST = b'class="sc.framework.plugins.protocol.MoveRequest"'
UNREAD = {("prepared-paused_joined-timing", "y"), ("join_admin-notification_testmode_cancel", "j2")}
# Time limits no client of a scenario comes near, however busy the machine; the scenarios about
# time limits set short ones and only ever wait longer than them.
TIMEOUTS = {"soft_timeout_ms": 60_000, "hard_timeout_ms": 120_000}
SHORT_LIMITS = {"soft_timeout_ms": 200, "hard_timeout_ms": 500}


def normalise_ids(data: bytes) -> bytes:
    names: dict[bytes, bytes] = {}
    return UUID.sub(lambda m: names.setdefault(m.group(0), b"ID-%d" % (len(names) + 1)), data)


class IdMap:
    """Rewrites the capture's UUIDs in what a client sends to the UUIDs our server handed out,
    by lining up the UUIDs of what each connection received with what the capture shows."""

    def __init__(self, expected: dict[str, bytes]) -> None:
        # per connection: each distinct capture UUID and the index of its first occurrence
        self.firsts: dict[str, dict[bytes, int]] = {}
        for name, stream in expected.items():
            firsts: dict[bytes, int] = {}
            for index, uuid in enumerate(UUID.findall(stream)):
                firsts.setdefault(uuid, index)
            self.firsts[name] = firsts
        self.mapping: dict[bytes, bytes] = {}  # settled pairs: what a stream received only grows

    def __call__(self, data: bytes, peers: dict) -> bytes:
        for name, peer in peers.items():
            missing = {u: i for u, i in self.firsts.get(name, {}).items() if u not in self.mapping}
            if missing:
                theirs = UUID.findall(bytes(peer.received))
                for ours, index in missing.items():
                    if index < len(theirs):
                        self.mapping[ours] = theirs[index]
        return UUID.sub(lambda m: self.mapping.get(m.group(0), m.group(0)), data)


def start_piece(*streams: bytes) -> str:
    for stream in streams:
        found = re.search(rb'startPiece="(\w+)"', stream)
        if found:
            return found.group(1).decode()
    return ""


# -- scenarios -----------------------------------------------------------------------------------
SINGLE = "prepared-paused_step_unpause_observer_admin"  # one connection; players not captured


def probe_scenarios(version: str) -> list[tuple[str, str]]:
    """(version, scenario) for every probe; a scenario groups the files of its connections."""
    folder = CAPTURES / version / "transcripts"
    names = set()
    for path in folder.glob("*.txt") if folder.exists() else []:
        single = path.stem.startswith("misc_") or path.stem == SINGLE
        names.add(path.stem if single else path.stem.rsplit("_", 1)[0])
    return sorted((version, name) for name in names)


def load_probe(version: str, name: str) -> dict[str, object]:
    """Connection label -> transcript ("c" for single-connection probes, "admin" for SINGLE)."""
    folder = CAPTURES / version / "transcripts"
    if name.startswith("misc_"):
        return {"c": read_transcript((folder / f"{name}.txt").read_bytes())}
    if name == SINGLE:
        return {"admin": read_transcript((folder / f"{name}.txt").read_bytes())}
    return {p.stem[len(name) + 1:]: read_transcript(p.read_bytes()) for p in sorted(folder.glob(f"{name}_*.txt"))}


def probe_steps(name: str, t: dict) -> tuple[list[Step], dict]:
    config = dict(TIMEOUTS)
    if name.startswith("misc_"):
        return [send("c", s) for s in t["c"].sends], config
    if name.startswith("join_") and set(t) == {"A", "B"}:
        case = name[len("join_"):]
        A, B = t["A"].sends, t["B"].sends
        first, second = ("B", "A") if case == "hint-element" else ("A", "B")
        steps = [send(first, t[first].sends[0]), send(second, t[second].sends[0])]
        if case == "leave":
            steps.append(close("A"))
        elif case == "notyourturn":
            steps.append(send("B", B[1]))
        elif case == "hint-element":
            steps.append(send("A", A[1]))
        elif case == "soft":
            config.update(SHORT_LIMITS, hard_timeout_ms=30_000)
            steps += [pause(0.4), send("A", A[1])]
        elif case == "hard":
            config.update(SHORT_LIMITS)
            steps.append(pause(0.8))
        else:
            steps += [autoplay("A", A[1:], MOVE_REQUEST), autoplay("B", B[1:], MOVE_REQUEST)]
        return steps, config
    if name == "prepared_skip-in-first-round":
        adm, p1, p2 = t["admin"].sends, t["p1"].sends, t["p2"].sends
        return [*(send("admin", s) for s in adm), send("p1", p1[0]), send("p2", p2[0]), send("p1", p1[1])], config
    if name == "prepared-paused_joined-timing":
        adm = t["adm"].sends
        return [send("adm", adm[0]), send("adm", adm[1]), send("x", t["x"].sends[0]),
                send("y", t["y"].sends[0]), send("adm", adm[2])], config
    if name == "join_admin-notification_testmode_cancel":
        adm = t["adm"].sends
        return [send("adm", adm[0]), send("j1", t["j1"].sends[0]), send("j2", t["j2"].sends[0]),
                send("adm", adm[1]), send("adm", adm[2])], config
    if name in ("prepared_soft-timeout", "prepared_hard-timeout"):
        adm = t["admin"].sends
        steps = [send("admin", adm[0]), send("admin", adm[1]), send("A", t["A"].sends[0]), send("B", t["B"].sends[0])]
        config.update(SHORT_LIMITS)
        if name == "prepared_soft-timeout":
            config["hard_timeout_ms"] = 30_000
            steps += [pause(0.4), send("A", t["A"].sends[1])]
        else:
            steps.append(pause(0.8))
        return steps, config
    if name == SINGLE:
        return observer_steps(t["admin"]), config
    raise AssertionError(f"no scenario for {name}")


def observer_steps(admin) -> list[Step]:
    """Players replay the moves the observer saw; the admin sends what it sent."""
    received = admin.received
    room = UUID.search(re.search(rb"<prepared roomId=\"[^\"]+\"", received).group(0)).group(0)
    codes = re.findall(rb"<reservation>([^<]+)</reservation>", received)
    moves: dict[int, list[bytes]] = {0: [], 1: []}
    last_turn = None
    for state in re.finditer(rb'<state class="state" turn="(\d+)".*?</state>', received, re.S):
        turn = int(state.group(1))
        found = re.search(rb'<lastMove class="([^"]+)">(.*?)</lastMove>', state.group(0), re.S)
        if turn == last_turn or found is None:
            continue
        last_turn = turn
        body = found.group(2)
        color = re.search(rb'color="(\w+)"|<color>(\w+)</color>', body)
        color_name = color.group(1) or color.group(2)
        team = 0 if color_name in (b"BLUE", b"RED") else 1
        moves[team].append(b'<room roomId="%s"><data class="%s">%s</data></room>' % (room, found.group(1), body))
    sends = admin.sends
    return [send("admin", sends[0]), send("admin", sends[1]), send("admin", sends[2]),
            send("p1", b'<protocol><joinPrepared reservationCode="%s"/>' % codes[0]),
            send("p2", b'<protocol><joinPrepared reservationCode="%s"/>' % codes[1]),
            autoplay("p1", moves[0], MOVE_REQUEST), autoplay("p2", moves[1], MOVE_REQUEST),
            *(send("admin", s) for s in sends[3:])]


def game_captures(version: str) -> list[tuple[str, str]]:
    folder = CAPTURES / version
    return sorted({(version, p.name.split("_conn")[0]) for p in folder.glob("join_*_conn1_c2s.xml")}) if folder.exists() else []


def split_client_stream(data: bytes) -> tuple[bytes, list[bytes], bytes]:
    """(opening up to the join, one chunk per room packet, the closing tail)."""
    first = data.find(b"<room ")
    if first < 0:
        return data, [], b""
    head, rest = data[:first], data[first:]
    parts = re.split(rb"(?=<room )", rest)
    last = parts[-1]
    end = last.rfind(b"</room>") + len(b"</room>")
    parts[-1], tail = last[:end], last[end:]
    return head, [p for p in parts if p], tail


async def play_scenario(steps, expected: dict[str, bytes], config: dict, over_tcp: bool, store=None,
                        expect: dict[str, Expect] | None = None):
    rewrite = IdMap(expected)
    if over_tcp:
        spec = next(s for s in SPEC.services if s.name == "sc")
        return await run_over_tcp(spec, steps, config, store=store, rewrite=rewrite, expect=expect)
    host = Host(store, config)
    return await run_in_memory(lambda host: ScService(host, SPEC), steps, host, rewrite=rewrite, expect=expect)


def probe_expectations(name: str, transcripts: dict) -> dict[str, Expect]:
    return {conn: Expect.of(t) for conn, t in transcripts.items() if (name, conn) not in UNREAD}


def assert_same(actual: bytes, expected: bytes, label: str) -> None:
    a, e = normalise_ids(actual), normalise_ids(expected)
    if a != e:
        diff = difflib.unified_diff(e.decode(errors="replace").splitlines(), a.decode(errors="replace").splitlines(),
                                    "capture", "tablehall", lineterm="", n=3)
        pytest.fail(f"{label} differs from the capture:\n" + "\n".join(list(diff)[:80]))


# -- the tests ------------------------------------------------------------------------------------
def _ids(params):
    return [f"{v}/{n}" for v, n in params]


PROBES = probe_scenarios("21.4.0") + probe_scenarios("21.3.3")
GAMES = game_captures("21.4.0") + game_captures("21.3.3")


@pytest.mark.parametrize("version,name", PROBES, ids=_ids(PROBES))
def test_probe_transcript(version, name):
    transcripts = load_probe(version, name)
    steps, config = probe_steps(name, transcripts)
    expected = {conn: t.received for conn, t in transcripts.items()}
    config.update(version=version, start_piece=start_piece(*expected.values()))
    actual = asyncio.run(play_scenario(steps, expected, config, over_tcp=False,
                                       expect=probe_expectations(name, transcripts)))
    for conn, data in expected.items():
        if (name, conn) in UNREAD:
            continue
        assert_same(actual.get(conn, b""), data, f"{version}/{name}_{conn}")


@pytest.mark.parametrize("version,name", GAMES, ids=_ids(GAMES))
def test_full_game_capture(version, name):
    folder = CAPTURES / version
    expected = {}
    order = []
    for conn in ("conn1", "conn2"):
        c2s = (folder / f"{name}_{conn}_c2s.xml").read_bytes()
        s2c = (folder / f"{name}_{conn}_s2c.xml").read_bytes()
        expected[conn] = s2c
        head, rooms, tail = split_client_stream(c2s)
        team_one = b'class="welcomeMessage" color="ONE"' in s2c
        order.append((0 if team_one else 1, conn, head, rooms, tail))
    order.sort()
    steps = [send(conn, head) for _, conn, head, _, _ in order]
    steps += [autoplay(conn, rooms, MOVE_REQUEST) for _, conn, _, rooms, _ in order]
    steps += [send(conn, tail) for _, conn, _, _, tail in order if tail]
    config = dict(TIMEOUTS, version=version, start_piece=start_piece(*expected.values()))
    expect = {conn: Expect(total=len(stream)) for conn, stream in expected.items()}
    actual = asyncio.run(play_scenario(steps, expected, config, over_tcp=False, expect=expect))
    for conn in expected:
        assert_same(actual[conn], expected[conn], f"{version}/{name}_{conn}")


OVER_TCP = [p for p in PROBES if p[1] in ("join_notcorner", "prepared_skip-in-first-round", "misc_badres",
                                           "prepared_soft-timeout", "prepared_hard-timeout",
                                           "prepared-paused_step_unpause_observer_admin")]


@pytest.mark.parametrize("version,name", OVER_TCP, ids=_ids(OVER_TCP))
def test_probe_transcript_over_real_sockets(version, name, tmp_path):
    transcripts = load_probe(version, name)
    steps, config = probe_steps(name, transcripts)
    expected = {conn: t.received for conn, t in transcripts.items()}
    config.update(version=version, start_piece=start_piece(*expected.values()))
    store = SqliteStore(tmp_path / "records.sqlite")
    actual = asyncio.run(play_scenario(steps, expected, config, over_tcp=True, store=store,
                                       expect=probe_expectations(name, transcripts)))
    for conn, data in expected.items():
        if (name, conn) not in UNREAD:
            assert_same(actual.get(conn, b""), data, f"tcp {version}/{name}_{conn}")
    if name.startswith(("join_", "prepared")) and "paused_joined" not in name:
        assert store.count() >= 1, "the game was stored"

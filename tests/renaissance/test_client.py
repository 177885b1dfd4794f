"""The terminal client, driven in a pseudo-terminal against a real server on loopback."""

import json
import os
import select
import subprocess
import sys
import termios
import time

import pytest

from .net import ServerThread

CLIENT = ["-m", "tablehall.cli", "renaissance-client"]


class Terminal:
    """The client in a pty: type lines, read what it prints."""

    def __init__(self, port):
        self.master, slave = os.openpty()
        # No echo: what the test types would otherwise interleave with what the client prints
        # at the same moment ("End turLorenzo won") on a busy machine.
        attrs = termios.tcgetattr(slave)
        attrs[3] &= ~termios.ECHO
        termios.tcsetattr(slave, termios.TCSANOW, attrs)
        self.proc = subprocess.Popen([sys.executable, *CLIENT, "127.0.0.1", str(port)],
                                     stdin=slave, stdout=slave, stderr=slave, close_fds=True)
        os.close(slave)
        self.pending = b""
        self.transcript = []

    def type(self, text):
        os.write(self.master, text.encode() + b"\n")

    def line(self, timeout=15):
        deadline = time.monotonic() + timeout
        while b"\n" not in self.pending:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError("the client printed nothing; last lines:\n" + "\n".join(self.transcript[-15:]))
            ready, _, _ = select.select([self.master], [], [], remaining)
            if ready:
                try:
                    self.pending += os.read(self.master, 65536)
                except OSError:  # the client exited and the pty closed
                    raise EOFError("\n".join(self.transcript[-15:])) from None
        line, self.pending = self.pending.split(b"\n", 1)
        text = line.decode(errors="replace").rstrip("\r")
        self.transcript.append(text)
        return text

    def until(self, *needles, timeout=15):
        """Read lines until one contains a needle; returns all lines read."""
        seen = []
        while True:
            seen.append(self.line(timeout))
            if any(n in seen[-1] for n in needles):
                return seen

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(5)
        os.close(self.master)


@pytest.fixture
def terminal():
    made = []

    def make(port):
        made.append(Terminal(port))
        return made[-1]
    yield make
    for t in made:
        t.close()


def play_market_turns(term, finals):
    """Answer every question until one of `finals` is printed: take market row 1, throw
    everything away, end the turn."""
    acted = False
    while True:
        line = term.line(timeout=30)
        if any(f in line for f in finals):
            return line
        if line == "Resources bought":
            acted = True
        elif line == "End":
            acted = False
        elif line.startswith("> What do you want to do?"):
            term.type("End turn" if acted else "Buy resources -row -1")
        elif line.startswith(("> Select where you want to insert", "> There is no room",
                              "> Select if you want to transform")):
            term.type("Discard")
        elif line.startswith("> Choose a starting resource"):
            term.type("Coin")


def test_a_solo_game_in_the_terminal(terminal):
    with ServerThread({"seed": 21}) as server:
        term = terminal(server.port)
        term.until("> Insert a nickname")
        term.type("alice")
        term.until("> Insert number of Players (1-4)")
        term.type("1")
        leaders = term.until("> Choose the two leader cards")
        assert "Your four leader cards (keep two):" in leaders
        assert sum(1 for line in leaders if line.strip()[:3] in ("1. ", "2. ", "3. ", "4. ")) == 4
        term.type("1 2")
        dashboard = term.until("> What do you want to do?")
        text = "\n".join(dashboard)
        for expected in ("Marble market", "spare marble", "row 1", "Card market", "col1 green", "(4 left)",
                         "alice (seat 1)", "Faith track", "+ Lorenzo (0)", "Warehouse  1: empty (0/1)",
                         "Slot 1     empty", "Leaders in hand"):
            assert expected in text, expected
        term.type("help")
        assert any("Buy resources -row -N" in line for line in term.until("Pictures"))
        term.type("faith")
        track = term.until("+ Lorenzo (0)")
        assert any(line.split()[:3] == ["0", "1", "2"] for line in track)
        assert any("^ you (0)" in line and "report 1: open" in line for line in track)
        term.type("Fly away")
        hint = term.until("> What do you want to do?")  # a short hint, not the list of commands
        assert hint == ["! Incorrect command (401): type help for the commands", "> What do you want to do?"]
        term.type("Buy resources -row -7")
        assert any(line.startswith("! Index out of bounds") for line in term.until("(407)"))
        term.type("Buy resources -row -1")
        final = play_market_turns(term, ["Lorenzo won", "You won"])
        assert final.startswith("Lorenzo won")  # throwing every resource away feeds his cross
        assert "Game over" in "\n".join(term.until("Game over"))
        term.type("board")
        assert any("points" in line for line in term.until("Leaders in hand"))
        term.type("quit")
        assert term.proc.wait(10) == 0


def test_a_game_with_bots_in_the_terminal(terminal):
    with ServerThread({"seed": 22}) as server:
        term = terminal(server.port)
        term.until("> Insert a nickname")
        term.type("carla")
        term.until("> Insert number of Players (1-4)")
        term.type("3")
        term.until("You opened a game for 3 players")
        term.type("Fill with bots")
        start = term.until("The game starts")
        assert "The game starts: 1. carla, 2. greedy-bot-2, 3. greedy-bot-3" in start
        term.until("> Choose the two leader cards")
        term.type("2 4")
        dashboard = term.until("> What do you want to do?")
        assert any("^ you (0)" in line for line in dashboard)  # every player's faith, each labelled
        assert any("^ greedy-bot-2 (" in line for line in dashboard)
        assert any("^ greedy-bot-3 (" in line for line in dashboard)
        term.type("Buy resources -row -1")
        news = play_market_turns(term, ["* greedy-bot-2: "])  # what each opponent did
        assert news.startswith("* greedy-bot-2: ")
        assert term.until("* greedy-bot-3: ")[-1].startswith("* greedy-bot-3: ")
        final = play_market_turns(term, ["Final standings"])
        standings = [final] + [term.line() for _ in range(3)]
        assert sorted(line.split()[1] for line in standings[1:]) == ["carla", "greedy-bot-2", "greedy-bot-3"]
        term.until("Game over")
        term.type("board greedy-bot-2")
        assert any(line.startswith("greedy-bot-2 (seat 2)") for line in term.until("Leaders in hand"))
        term.type("quit")
        assert term.proc.wait(10) == 0


def test_without_arguments_the_client_connects_to_the_local_default():
    """127.0.0.1:48745 (the service's default port) when no address is given: it either finds a
    server there or says it cannot connect to exactly that address."""
    from tablehall.cli import build_parser
    from tablehall.games.renaissance import client, service

    args = build_parser().parse_args(["renaissance-client"])
    assert (args.host, args.port) == ("127.0.0.1", service.DEFAULT_PORT) == (client.DEFAULT_HOST, client.DEFAULT_PORT)
    done = subprocess.run([sys.executable, *CLIENT], input="quit\n", capture_output=True, text=True, timeout=60)
    assert "cannot connect to 127.0.0.1:48745" in done.stderr or "Insert a nickname" in done.stdout, done


def test_the_client_reports_a_refused_connection(terminal):
    with ServerThread() as server:
        port = server.port
    term = terminal(port)
    assert any("cannot connect" in line for line in term.until("cannot connect"))
    assert term.proc.wait(10) == 2


class FakeSocket:
    def __init__(self):
        self.sent = []

    def sendall(self, data):
        self.sent.append(data)


def objects_of(state, seat, names):
    """The 6xx lines a seat reads for the whole picture of `state`."""
    from tablehall.games.renaissance import objects

    view = state.view(seat)
    lines = [f"650 {json.dumps(objects.market(view))}", f"651 {json.dumps(objects.card_market(view))}",
             f"660 {json.dumps(objects.vatican(view, names))}"]
    lines += [f"652 {json.dumps(objects.personal_board(view, s, names))}" for s in range(len(names))]
    return lines


def feed(client, *lines):
    client.received("".join(line + "\n" for line in lines).encode())


def test_the_client_redraws_only_what_changed_and_labels_every_marker():
    import io

    from tablehall.games.renaissance.client import TerminalClient
    from tablehall.games.renaissance.render import RESOURCE_KEY

    from .util import started

    names = ["ann", "bob"]
    state = started(seats=2, seed=3)
    out = io.StringIO()
    client = TerminalClient(FakeSocket(), out)
    feed(client, "110 Insert a nickname")
    client.typed("ann")
    feed(client, *objects_of(state, 0, names), "120 What do you want to do?")
    first = out.getvalue()
    for part in ("Marble market", "Card market", RESOURCE_KEY, "^ you (0)", "^ bob (0)", "ann (seat 1)"):
        assert part in first, part
    assert "1?" in RESOURCE_KEY and "any resource" in RESOURCE_KEY

    state.apply(0, ("market", "row", 1))  # only the market and ann's board change
    while state.task is not None:
        state.apply(0, ("place", 0))
    view_lines = objects_of(state, 0, names)
    out.seek(0), out.truncate()
    feed(client, view_lines[0], view_lines[3], "121 bob: took market row 2 (white)", "120 What do you want to do?")
    second = out.getvalue()
    assert "Marble market" in second and "ann (seat 1)" in second
    assert "Card market" not in second and "Faith track" not in second
    assert "* bob: took market row 2 (white)" in second

    out.seek(0), out.truncate()
    client.typed("board bob")
    assert "^ bob (0)" in out.getvalue() and "bob (seat 2)" in out.getvalue()
    assert "^ you" not in out.getvalue()  # another player's marker is never labelled "you"

    compact = TerminalClient(FakeSocket(), io.StringIO(), compact=True)
    feed(compact, "110 Insert a nickname")
    compact.typed("ann")
    feed(compact, *objects_of(state, 0, names), "120 What do you want to do?")  # the first time: all of it
    compact.out.seek(0), compact.out.truncate()
    feed(compact, view_lines[0], view_lines[3], "120 What do you want to do?")
    assert compact.out.getvalue().splitlines() == ["(changed: market, board; type a name to see it)",
                                                   "> What do you want to do?"]

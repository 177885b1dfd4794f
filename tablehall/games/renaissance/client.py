"""`tablehall renaissance-client [HOST [PORT]]`: play Masters of Renaissance in a terminal
(default: the local server, 127.0.0.1 48745).

It speaks only the wire protocol: every picture it draws comes from the server's 6xx
objects, every line typed goes to the server, except the local commands below.  Before each
of your turns it redraws only what changed since the last one (`--compact`: it names what
changed instead); what the other players did arrives as one line per turn (121).

Local commands: help, market, cards, board [player], leaders, faith, quit.
"""

from __future__ import annotations

import argparse
import json
import os
import selectors
import socket
import sys
from typing import Any, TextIO

from . import render
from .codec import LineBuffer, Message, parse_server_line

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 48745  # the service's (service.DEFAULT_PORT), without importing the server

#: questions the server asks; the answer goes back with the question's code
QUESTIONS = {110, 120, 180, 181, 182, 190, 191, 193, 194, 195, 196, 197, 198, 199}
FINAL = {657, 658, 659}

HELP = """\
Commands on your turn (after "What do you want to do?"):
  Buy resources -row -N | -column -N    take a market row (1-3) or column (1-4)
  Buy production card -row -column      row = level 1-3, column = 1 green 2 blue 3 yellow 4 purple
  Standard production                   2 resources of any kind -> 1 of your choice
  Activate card production -slot       the top card of slot 1-3
  Leader production -position           an active production leader (1-2)
  Activate leader card -position        a leader in your hand (1-2); Discard leader card -position
  Move resources -line -line            swap warehouse lines 1-3, or move to/from extra depots 4-5
  End turn
Answers to the follow-up questions: a line number, Warehouse depot, Extra depot, Strongbox,
  Discard, Transform, or a resource (Coin, Stone, Servant, Shield).
Pictures (no server round trip): market, cards, board [player], leaders, faith, help, quit.
Resources: """ + render.RESOURCE_KEY


class Model:
    """The last copy of each object the server sent."""

    def __init__(self) -> None:
        self.market: dict[str, Any] | None = None
        self.cards: dict[str, Any] | None = None
        self.boards: dict[str, dict[str, Any]] = {}
        self.active: dict[str, dict[str, Any]] = {}
        self.hand: dict[str, Any] | None = None
        self.vatican: dict[str, Any] | None = None
        self.me = ""

    def keep(self, message: Message) -> None:
        code, obj = message.code, message.obj
        if code == 650:
            self.market = obj
        elif code == 651:
            self.cards = obj
        elif code == 652:
            self.boards[obj["player"]] = obj
        elif code == 653:
            self.active[obj["player"]] = obj
        elif code == 654:
            self.hand = obj
        elif code == 660:
            self.vatican = obj

    @property
    def solo(self) -> bool:
        return self.vatican is not None and len(self.vatican["players"]) == 1

    def board_lines(self, player: str, track: bool = True) -> list[str]:
        board = self.boards.get(player)
        if board is None:
            return [f"No board for {player!r} (players: {', '.join(self.boards) or 'none yet'})"]
        cross = self.vatican["black_cross"] if self.vatican else None
        lines = render.board(board, cross if player == self.me else None, self.vatican,
                             label="you" if player == self.me else player, track=track)
        active = self.active.get(player)
        if active and active["leaders"]:
            lines += render.leaders("Active leaders", active)
        return lines


#: what each object is called when the compact mode says it changed
CHANGED_NAMES = {"market": "market", "cards": "cards", "faith": "faith", "board": "board", "hand": "leaders"}


class TerminalClient:
    def __init__(self, sock: socket.socket, out: TextIO, compact: bool = False) -> None:
        self.sock = sock
        self.out = out
        self.compact = compact
        self.model = Model()
        self.lines = LineBuffer(limit=1 << 20)
        self.question = 0  # code of the question waiting for an answer
        self.changed: set[str] = set()  # objects that arrived since the last dashboard
        self.drawn = False  # the first dashboard draws everything, in both modes
        self.hide_commands = False  # after a 401, the 113 list that follows is left out
        self.finished = False

    def show(self, *lines: str) -> None:
        self.out.write("\n".join(lines) + "\n")
        self.out.flush()

    def send(self, text: str) -> None:
        code = self.question or 0
        self.sock.sendall((f"{code} {text}" if code else text).encode() + b"\n")

    # -- from the server --------------------------------------------------------------------------
    def received(self, data: bytes) -> None:
        for line in self.lines.feed(data):
            if line is None:
                continue
            try:
                message = parse_server_line(line)
            except (ValueError, json.JSONDecodeError):
                self.show(f"(unreadable line from the server: {line[:80]!r})")
                continue
            self.message(message)

    def message(self, message: Message) -> None:
        code = message.code
        if code == 350:
            self.sock.sendall(b"351 pong\n")
            return
        if 600 <= code <= 699:
            self.object(message)
            return
        if code in QUESTIONS:
            self.question = code
            if code == 120 and self.changed:
                self.dashboard()
            self.show(f"> {message.text}")
        elif code == 401:  # a short hint; the whole list is one `help` away
            self.hide_commands = True
            self.show(f"! {message.text} ({code}): type help for the commands")
        elif 400 <= code < 600:
            self.show(f"! {message.text} ({code})")
        elif code == 310:
            self.show("Welcome!")
        elif code == 113:
            if not self.hide_commands:
                self.show(*message.text.replace("Valid commands: ", "Valid commands:\n  ").split("; "))
            self.hide_commands = False
        elif code == 121:  # what another player did on its turn
            self.show(f"* {message.text}")
        elif code == 114:
            self.finished = True
            self.show(message.text)
        else:
            self.show(message.text)

    def object(self, message: Message) -> None:
        code, obj = message.code, message.obj
        self.model.keep(message)
        what = {650: "market", 651: "cards", 654: "hand", 660: "faith"}.get(code)
        if code in (652, 653) and obj["player"] == self.model.me:
            what = "board"
        if what:
            self.changed.add(what)
        if code == 655:
            self.show(*render.leaders("Your four leader cards (keep two):", obj))
        elif code == 656:
            self.show(*render.token(obj))
        elif code in FINAL:
            self.show(*render.final(code, obj))

    def dashboard(self) -> None:
        """Before a turn: draw what changed since the last turn (everything the first time); in
        compact mode, name it instead."""
        model, changed = self.model, self.changed
        everything = not self.drawn
        self.drawn, self.changed = True, set()
        if self.compact and not everything:
            names = [CHANGED_NAMES[what] for what in ("market", "cards", "faith", "board", "hand") if what in changed]
            self.show(f"(changed: {', '.join(names)}; type a name to see it)")
            return
        if model.market and (everything or "market" in changed):
            self.show("", *render.market(model.market))
        if model.cards and (everything or "cards" in changed):
            self.show("", *render.card_market(model.cards))
        if model.vatican and not model.solo and (everything or "faith" in changed):
            self.show("", *render.faith_all(model.vatican, model.me))
        if model.me and (everything or "board" in changed or (model.solo and "faith" in changed)):
            self.show("", *model.board_lines(model.me, track=model.solo))
        if model.hand and model.hand["leaders"] and (everything or "hand" in changed):
            self.show(*render.leaders("Leaders in hand", model.hand))

    # -- from the keyboard --------------------------------------------------------------------------
    def typed(self, text: str) -> bool:
        """Handle one typed line; False to stop."""
        words = text.strip().split()
        if not words:
            return True
        word = words[0].lower()
        model = self.model
        if word in ("help", "?"):
            self.show(HELP)
        elif word == "quit" and len(words) == 1:
            self.send("Quit")
            return False
        elif word == "market" and len(words) == 1 and model.market:
            self.show(*render.market(model.market))
        elif word == "cards" and len(words) == 1 and model.cards:
            self.show(*render.card_market(model.cards))
        elif word == "board" and len(words) <= 2:
            self.show(*model.board_lines(words[1] if len(words) == 2 else model.me))
        elif word == "leaders" and len(words) == 1:
            self.show(*render.leaders("Leaders in hand", model.hand or {"leaders": []}))
            for name, active in model.active.items():
                self.show(*render.leaders(f"Active leaders of {name}", active))
        elif word == "faith" and len(words) == 1 and model.vatican:
            self.show(*render.faith_all(model.vatican, model.me))
        else:
            if self.question == 110:
                self.model.me = text.strip()
            self.send(text.strip())
        return True


def run(host: str, port: int, stdin_fd: int = 0, out: TextIO = sys.stdout, compact: bool = False) -> int:
    try:
        sock = socket.create_connection((host, port), timeout=10)
    except OSError as error:
        print(f"cannot connect to {host}:{port}: {error}", file=sys.stderr)
        return 2
    sock.settimeout(None)  # blocking: reads happen only when the selector says data is there
    client = TerminalClient(sock, out, compact)
    selector = selectors.DefaultSelector()
    selector.register(sock, selectors.EVENT_READ, "server")
    selector.register(stdin_fd, selectors.EVENT_READ, "keyboard")
    typed = b""
    try:
        while True:
            for key, _ in selector.select():
                if key.data == "server":
                    data = sock.recv(65536)
                    if not data:
                        client.show("Connection closed by the server.")
                        return 0 if client.finished else 1
                    client.received(data)
                    continue
                chunk = os.read(stdin_fd, 4096)
                if not chunk:
                    return 0
                typed += chunk
                while b"\n" in typed:
                    line, typed = typed.split(b"\n", 1)
                    if not client.typed(line.decode("utf-8", errors="replace")):
                        return 0
    except KeyboardInterrupt:
        return 130
    finally:
        sock.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tablehall renaissance-client", description=__doc__.splitlines()[0])
    parser.add_argument("host", nargs="?", default=DEFAULT_HOST, help=f"server address (default {DEFAULT_HOST})")
    parser.add_argument("port", nargs="?", type=int, default=DEFAULT_PORT, help=f"server port (default {DEFAULT_PORT})")
    parser.add_argument("--compact", action="store_true", help="never redraw the whole board; say what changed")
    args = parser.parse_args(argv)
    return run(args.host, args.port, compact=args.compact)


if __name__ == "__main__":
    sys.exit(main())

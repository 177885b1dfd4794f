#!/usr/bin/env python3
"""A Masters of Renaissance client that plays at random over the wire protocol
(docs/protocols/renaissance.md).  Standard library only: copy it to start your own bot.

It answers every question the server asks with a random plausible answer and relies on the
server's error codes to try again, so it also exercises the server's input checks.

    python examples/renaissance/random_client.py HOST PORT NAME [--players N] [--fill-bots]
"""

from __future__ import annotations

import argparse
import json
import random
import re
import socket
import sys
import time
from collections import Counter, deque
from typing import Any

RESOURCES = ("coin", "stone", "servant", "shield")
SOURCES = ("warehouse depot", "extra depot", "strongbox")
MAIN_DONE = {212, 220, 221, 222}  # confirmations of a main action
FINAL = {657, 658, 659}


class RandomPlayer:
    def __init__(self, host: str, port: int, name: str, players: int = 1, seed: int = 0,
                 fill_bots: bool = False, timeout: float = 30, ticket: str | None = None) -> None:
        self.sock = socket.create_connection((host, port), timeout=timeout)
        self.timeout = timeout  # give up when only pings arrive for this long
        self.recent: deque[str] = deque(maxlen=20)
        self.name, self.players, self.fill_bots = name, players, fill_bots
        self.login = f"{name} {ticket}" if ticket else name  # a table's seat held for a name wants its ticket
        self.rng = random.Random(seed)
        self.buffer = b""
        self.errors: Counter[int] = Counter()
        self.received = 0
        self.main_done = False
        self.tries = 0  # answers refused for the current question
        self.final: dict[str, Any] | None = None
        self.final_code = 0

    def send(self, text: str) -> None:
        self.sock.sendall(text.encode() + b"\n")

    def lines(self):
        news = time.monotonic()
        while True:
            while b"\n" not in self.buffer:
                data = self.sock.recv(65536)
                if not data:
                    return
                self.buffer += data
            line, self.buffer = self.buffer.split(b"\n", 1)
            text = line.decode()
            if not text.startswith("350"):
                news = time.monotonic()
                self.recent.append(text[:120])
            elif time.monotonic() - news > self.timeout:
                raise TimeoutError(f"{self.name}: nothing but pings for {self.timeout} s after:\n"
                                   + "\n".join(self.recent))
            yield text

    def play(self) -> dict[str, Any]:
        """Play one game; returns the final object (657/658/659) and counters."""
        for line in self.lines():
            code, _, text = line.partition(" ")
            number = int(code)
            self.received += 1
            if number == 350:
                self.send("351 pong")
            elif 400 <= number < 500:
                self.errors[number] += 1
                self.tries += 1
            elif number in FINAL:
                self.final, self.final_code = json.loads(text), number
            elif number == 114:
                self.send("Quit")
                break
            else:
                self.react(number, text)
        self.sock.close()
        return {"code": self.final_code, "final": self.final, "errors": dict(self.errors),
                "received": self.received}

    def react(self, code: int, text: str) -> None:
        if code in MAIN_DONE:
            self.main_done = True
        elif code == 219:
            self.main_done = False
        answer = self.answer(code, text)
        if answer is not None:
            self.send(answer)

    def answer(self, code: int, text: str) -> str | None:
        pick = self.rng.choice
        if code == 110:
            return f"171 {self.login}"
        if code == 180:
            return f"180 {self.players}"
        if code == 111 and self.fill_bots and text.startswith("You opened"):
            return "Fill with bots"
        if code == 181:
            first, second = self.rng.sample(range(1, 5), 2)
            return f"161 -{first} -{second}"
        if code == 182:
            return f"160 {pick(RESOURCES)}"
        if code == 120:
            return self.command()
        if code == 193:
            return pick(["Transform", "Discard"])
        if code == 194:
            return "1"
        if code in (198, 199):
            if self.tries > 3:
                return "Discard"
            return pick(["Warehouse depot", "1", "2", "3", "Extra depot", "Discard", "Move resources -1 -2",
                         "Move resources -2 -3"])
        if code == 197:
            return "Discard" if self.tries > 3 else str(pick([1, 2, 3]))
        if code == 195:
            return self.payment(text)
        if code == 196:
            return pick(RESOURCES)
        if code == 190:
            return str(1 + self.tries % 3)
        if code == 191:
            return pick(RESOURCES)
        if code in (201, 210, 211, 212, 213, 214, 215, 216, 217, 218, 219, 220, 221, 222, 224, 330, 331):
            self.tries = 0
        return None

    def command(self) -> str:
        pick = self.rng.choice
        if self.main_done:
            return pick(["End turn"] * 6 + ["Activate leader card -1", "Activate leader card -2",
                                            "Move resources -1 -3", "Standard production"])
        if self.tries > 8:
            self.tries = 0
            return f"Buy resources -row -{pick([1, 2, 3])}"
        return pick([
            f"Buy resources -row -{pick([1, 2, 3])}", f"Buy resources -column -{pick([1, 2, 3, 4])}",
            f"Buy production card -{pick([1, 2, 3])} -{pick([1, 2, 3, 4])}", "Standard production",
            f"Activate card production -{pick([1, 2, 3])}", f"Leader production -{pick([1, 2])}",
            f"Activate leader card -{pick([1, 2])}", f"Discard leader card -{pick([1, 2])}",
            "End turn", "View card market", "Buy resources -2", "Move resources -x -1"])

    def payment(self, text: str) -> str:
        owed = [r for r in RESOURCES if re.search(rf"\b{r}\b", text.lower())]
        choices = [(s, r) for s in SOURCES for r in (owed or RESOURCES)]
        source, resource = choices[(self.tries + self.rng.randrange(len(choices))) % len(choices)] \
            if self.tries < 12 else choices[self.tries % len(choices)]
        return f"{source} {resource}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("host")
    parser.add_argument("port", type=int)
    parser.add_argument("name")
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--fill-bots", action="store_true")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--ticket", help="the secret of a table's seat held for this name (its owner has it)")
    args = parser.parse_args(argv)
    outcome = RandomPlayer(args.host, args.port, args.name, args.players, args.seed, args.fill_bots,
                           ticket=args.ticket).play()
    print(json.dumps(outcome, indent=1))
    return 0 if outcome["final"] else 1


if __name__ == "__main__":
    sys.exit(main())

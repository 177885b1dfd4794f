"""A small framework for Dominion bots that speak the tablehall version-1 text protocol.

Standard library only: copy this file next to your bot.  A bot subclasses `Bot`, answers
`play_turn` and `attack`, and calls `main(MyBot())`.  It then plays on stdin/stdout (as a
``cmd:`` seat of ``tablehall play``) or, with ``--connect HOST:PORT [--join OPPONENT...]``,
over TCP against a ``tablehall serve``.  The protocol is described in
docs/protocols/dominion.md.
"""

from __future__ import annotations

import argparse
import socket
import sys
from collections import Counter
from typing import Iterable, TextIO

COST = {"curse": 0, "copper": 0, "silver": 3, "gold": 6, "estate": 2, "duchy": 5, "province": 8,
        "cellar": 2, "market": 5, "militia": 4, "mine": 5, "moat": 2, "remodel": 4, "smithy": 4,
        "village": 3, "woodcutter": 3, "workshop": 3}
MONEY = {"copper": 1, "silver": 2, "gold": 3}
VICTORY = {"curse", "estate", "duchy", "province"}
ACTIONS = {"cellar", "market", "militia", "mine", "moat", "remodel", "smithy", "village", "woodcutter",
           "workshop"}


class Bot:
    """Override `play_turn` and `attack`; the game's public facts are kept up to date here."""

    name = "v1bot"

    def __init__(self) -> None:
        self.me = ""  # "player1".."player4"
        self.kingdom: list[str] = []
        self.supply: dict[str, int] = {}
        self.owned: dict[str, Counter] = {}  # every player's cards, from the public gains/trashes

    # -- what a bot decides ----------------------------------------------------------------------
    def play_turn(self, actions: int, buys: int, money: int, hand: list[str]) -> str:
        """Return the reply without ``play-reply``: ``pass``, ``buy <cards>`` or
        ``action <card> [<arguments>]``.  `money` is the treasures in hand plus extra-money."""
        return "pass"

    def attack(self, discard: int, hand: list[str]) -> str:
        """A militia: ``reaction moat`` if you hold one, else ``discard <discard cards>``."""
        if "moat" in hand:
            return "reaction moat"
        return "discard " + " ".join(sorted(hand, key=junk_first)[:discard])

    def seed(self, seed: int) -> None:
        """Called with --seed N before the game (for bots that draw random numbers)."""

    # -- helpers ---------------------------------------------------------------------------------
    def mine(self) -> Counter:
        """The cards this bot owns (7 coppers and 3 estates, then every gain and trash)."""
        return self.owned.setdefault(self.me, Counter(copper=7, estate=3))

    def observe(self, words: list[str]) -> None:
        """An informational line: gained / trashed update what each player owns."""
        if len(words) >= 2 and words[1] in ("gained", "trashed"):
            cards = self.owned.setdefault(words[0], Counter(copper=7, estate=3))
            for card in words[2:]:
                cards[card] += 1 if words[1] == "gained" else -1

    def can_buy(self, card: str, money: int) -> bool:
        return self.supply.get(card, 0) > 0 and COST[card] <= money


def junk_first(card: str) -> tuple[int, int]:
    """Victory cards and curses, then treasures, then actions; cheapest first."""
    kind = 2 if card in ACTIONS else 1 if card in MONEY else 0
    return kind, COST[card]


def play(bot: Bot, lines: Iterable[str], out: TextIO) -> None:
    """Answer the server's lines until ``game-end``."""
    def say(text: str) -> None:
        out.write(text + "\n")
        out.flush()

    for line in lines:
        words = line.split()
        if not words:
            continue
        head = words[0]
        if head == "player" and words[2:] == ["name"]:
            bot.me = words[1]
            say(f"player {bot.me} {bot.name}")
        elif head == "player" and words[2:3] == ["version"]:
            say(line.strip())  # we speak version 1: echo the line
        elif head == "game":
            bot.kingdom = words[2:]
        elif head == "supply":
            bot.supply = {words[i]: int(words[i + 1]) for i in range(1, len(words) - 1, 2)}
        elif head == "play-request" and words[1] == "play-turn":
            actions, buys, extra = int(words[3]), int(words[5]), int(words[7])
            hand = words[9:]
            money = extra + sum(MONEY.get(card, 0) for card in hand)
            say("play-reply " + bot.play_turn(actions, buys, money, hand))
        elif head == "play-request" and words[1] == "attack":
            say("play-reply " + bot.attack(int(words[3]), words[5:]))
        elif head == "game-end":
            return
        else:
            bot.observe(words)


def main(bot: Bot, argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=f"Dominion v1 bot {bot.name}")
    parser.add_argument("--connect", metavar="HOST:PORT", help="play over TCP instead of stdin/stdout")
    parser.add_argument("--join", nargs="+", default=["any"], metavar="OPPONENT",
                        help="with --connect: built-in bots or 'any' (another connected bot)")
    parser.add_argument("--seed", type=int, default=0, help="seed for bots that play at random")
    args = parser.parse_args(argv)
    bot.seed(args.seed)
    if not args.connect:
        play(bot, sys.stdin, sys.stdout)
        return
    host, _, port = args.connect.rpartition(":")
    with socket.create_connection((host or "127.0.0.1", int(port))) as sock:
        stream = sock.makefile("rw", encoding="utf-8", newline="\n")
        stream.write("join " + " ".join(args.join) + "\n")
        stream.flush()
        play(bot, stream, stream)

#!/usr/bin/env python3
"""A complete Software Challenge 2021 Blokus client in one file, standard library only.

It speaks the contest's raw XML protocol, so it plays on tablehall and on the contest server
alike.  Copy it and replace `choose_move` with your own strategy.

    python3 client.py                          # join any open game on localhost:13050
    python3 client.py --reservation CODE       # take a slot an administrator prepared
    python3 client.py --host H --port P --strategy random

What it does: sends <protocol><join .../>, reads the server's endless <protocol> document with an
incremental parser, keeps the latest game state from every memento, and answers every
MoveRequest with a legal SetMove computed here (it never sends an illegal move).
"""

from __future__ import annotations

import argparse
import random
import socket
import sys
import xml.etree.ElementTree as ET

COLORS = ["BLUE", "YELLOW", "RED", "GREEN"]  # the order colours move in; team ONE = BLUE + RED
SIZE = 20
CORNERS = [(0, 0), (SIZE - 1, 0), (SIZE - 1, SIZE - 1), (0, SIZE - 1)]
SHAPES = {  # normalised cells of the 21 pieces, in the contest's enum order
    "MONO": [(0, 0)], "DOMINO": [(0, 0), (1, 0)], "TRIO_L": [(0, 0), (0, 1), (1, 1)],
    "TRIO_I": [(0, 0), (0, 1), (0, 2)], "TETRO_O": [(0, 0), (1, 0), (0, 1), (1, 1)],
    "TETRO_T": [(0, 0), (1, 0), (2, 0), (1, 1)], "TETRO_I": [(0, 0), (0, 1), (0, 2), (0, 3)],
    "TETRO_L": [(0, 0), (0, 1), (0, 2), (1, 2)], "TETRO_Z": [(0, 0), (1, 0), (1, 1), (2, 1)],
    "PENTO_L": [(0, 0), (0, 1), (0, 2), (0, 3), (1, 3)], "PENTO_T": [(0, 0), (1, 0), (2, 0), (1, 1), (1, 2)],
    "PENTO_V": [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)], "PENTO_S": [(1, 0), (2, 0), (3, 0), (0, 1), (1, 1)],
    "PENTO_Z": [(0, 0), (1, 0), (1, 1), (1, 2), (2, 2)], "PENTO_I": [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)],
    "PENTO_P": [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)], "PENTO_W": [(0, 0), (0, 1), (1, 1), (1, 2), (2, 2)],
    "PENTO_U": [(0, 0), (0, 1), (1, 1), (2, 1), (2, 0)], "PENTO_R": [(0, 1), (1, 1), (1, 2), (2, 1), (2, 0)],
    "PENTO_X": [(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)], "PENTO_Y": [(0, 1), (1, 0), (1, 1), (1, 2), (1, 3)],
}
ROTATIONS = {"NONE": lambda x, y: (x, y), "RIGHT": lambda x, y: (-y, x),
             "MIRROR": lambda x, y: (-x, -y), "LEFT": lambda x, y: (y, -x)}


def align(cells):
    min_x = min(x for x, _ in cells)
    min_y = min(y for _, y in cells)
    return sorted((x - min_x, y - min_y) for x, y in cells)


def orientations(kind):
    """Each distinct orientation of a piece: (rotation, flipped, cells), as the contest
    transforms them (rotate, then mirror on the x axis, then move to the top-left corner)."""
    seen, out = set(), []
    for rotation, turn in ROTATIONS.items():
        for flipped in (False, True):
            cells = align([turn(x, y) for x, y in SHAPES[kind]])
            if flipped:
                cells = align([(-x, y) for x, y in cells])
            if tuple(cells) not in seen:
                seen.add(tuple(cells))
                out.append((rotation, flipped, cells))
    return out


ORIENTATIONS = {kind: orientations(kind) for kind in SHAPES}


class Game:
    """The latest state the server sent (a memento), and the rules to find legal moves."""

    def __init__(self, state):
        self.turn = int(state.get("turn"))
        self.start_piece = state.get("startPiece")
        self.board = {}
        for field in state.iter("field"):
            self.board[int(field.get("x")), int(field.get("y"))] = field.get("content")
        self.undeployed = {c: [s.text for s in state.find(f"{c.lower()}Shapes")] for c in COLORS}

    @property
    def color(self):
        return COLORS[self.turn % 4]

    def legal_moves(self):
        color = self.color
        first = len(self.undeployed[color]) == len(SHAPES)
        kinds = [self.start_piece] if first else self.undeployed[color]
        own = {cell for cell, c in self.board.items() if c == color}
        if first:
            anchors = [c for c in CORNERS if c not in self.board]
        else:
            anchors = {(x + dx, y + dy) for x, y in own for dx in (-1, 1) for dy in (-1, 1)}
        moves = []
        for kind in kinds:
            for rotation, flipped, cells in ORIENTATIONS[kind]:
                for ax, ay in anchors:
                    for cx, cy in cells:  # put each cell of the piece on the anchor
                        placed = [(x + ax - cx, y + ay - cy) for x, y in cells]
                        if self.fits(placed, own):
                            ox = min(x for x, _ in placed)
                            oy = min(y for _, y in placed)
                            moves.append((color, kind, rotation, flipped, ox, oy))
        return sorted(set(moves))

    def fits(self, cells, own):
        for x, y in cells:
            if not (0 <= x < SIZE and 0 <= y < SIZE) or (x, y) in self.board:
                return False
            if any((x + dx, y + dy) in own for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))):
                return False
        return True


def choose_move(game, moves, strategy, rng):
    """Your strategy goes here.  'big' prefers big pieces near the centre, 'random' any move."""
    if strategy == "random":
        return rng.choice(moves)
    def score(move):
        _, kind, _, _, x, y = move
        return (len(SHAPES[kind]), -abs(x - 9.5) - abs(y - 9.5), rng.random())
    return max(moves, key=score)


def set_move_xml(room_id, move):
    color, kind, rotation, flipped, x, y = move
    return (f'<room roomId="{room_id}"><data class="sc.plugin2021.SetMove">'
            f'<piece color="{color}" kind="{kind}" rotation="{rotation}" isFlipped="{str(flipped).lower()}">'
            f'<position x="{x}" y="{y}"/></piece></data></room>')


def skip_move_xml(room_id, color):
    return f'<room roomId="{room_id}"><data class="sc.plugin2021.SkipMove"><color>{color}</color></data></room>'


def play(host, port, reservation, strategy, seed, out=sys.stdout):
    rng = random.Random(seed)
    sock = socket.create_connection((host, port))
    join = (f'<joinPrepared reservationCode="{reservation}"/>' if reservation
            else '<join gameType="swc_2021_blokus"/>')
    sock.sendall(f"<protocol>{join}".encode())
    parser = ET.XMLPullParser(events=("start", "end"))
    depth, room_id, team, game = 0, None, None, None
    try:
        while True:
            data = sock.recv(65536)
            if not data:
                return 1
            parser.feed(data)
            for event, element in parser.read_events():
                depth += 1 if event == "start" else -1
                if event != "end" or depth != 1:
                    continue  # act on complete top-level messages only
                if element.tag == "joined":
                    room_id = element.get("roomId")
                elif element.tag == "room":
                    data_el = element.find("data")
                    kind = data_el.get("class")
                    if kind == "welcomeMessage":
                        team = data_el.get("color")
                    elif kind == "memento":
                        game = Game(data_el.find("state"))
                    elif kind == "sc.framework.plugins.protocol.MoveRequest":
                        moves = game.legal_moves()
                        answer = (set_move_xml(room_id, choose_move(game, moves, strategy, rng)) if moves
                                  else skip_move_xml(room_id, game.color))
                        sock.sendall(answer.encode())
                    elif kind == "result":
                        scores = [[p.text for p in s.iter("part")] for s in data_el.iter("score")]
                        winners = [w.find("color").text for w in data_el.iter("winner")]
                        print(f"result: team {team}; scores {scores}; winners {winners}", file=out)
                    elif kind == "error":
                        print(f"error: {data_el.get('message')}", file=out)
                elif element.tag == "left":
                    sock.sendall(b"<sc.protocol.CloseConnection/></protocol>")
                    return 0
                element.clear()
    finally:
        sock.close()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", "-H", default="127.0.0.1")
    parser.add_argument("--port", "-p", type=int, default=13050)
    parser.add_argument("--reservation", "-r", help="reservation code from an administrator")
    parser.add_argument("--strategy", choices=("big", "random"), default="big")
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args(argv)
    return play(args.host, args.port, args.reservation, args.strategy, args.seed)


if __name__ == "__main__":
    raise SystemExit(main())

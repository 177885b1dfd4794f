#!/usr/bin/env python3
"""A Catan robot for the JSettlers 2.x protocol, standard library only: copy it and make it smarter.

It logs in as a robot (with the server's robot cookie) and plays every game it is invited to,
or as a person it creates a game, sits down and starts it (the server fills the other seats).
Its rules are simple: initial settlements on the richest free corners, roll, build a city, a
settlement, a road when it can (never more pieces than a player has), buy development cards when it
has no piece left to place or more cards than a 7 lets it keep, play a soldier before it rolls,
trade 4:1 with the bank for what it lacks, move the robber onto the strongest opponent, discard
what it has most of, refuse every trade offer.  It keeps its own picture of the board and its hand from the server's
messages, as any JSettlers client does (docs/protocols/jsettlers.md).

    python examples/catan/simple_robot.py 127.0.0.1 8880 simple1 --cookie COOKIE        # a robot
    python examples/catan/simple_robot.py 127.0.0.1 8880 alice --person --game mine      # a person

It ships in the package (`python -m tablehall.games.catan.jsettlers.simple_robot` works from an
install) because `tablehall bench server` drives it as its JSettlers load client;
examples/catan/simple_robot.py links here.
"""

import argparse
import socket
import struct

VERSION = "9998|2700,2.7.00,JM20260517,;6pl;sb;sc=2700;"
BRAIN = "examples.catan.SimpleRobot"  # not JSettlers' built-in brain: no version check
ROAD, SETTLEMENT, CITY = 0, 1, 2
CARD = 3  # a development card, for COSTS
COSTS = {ROAD: (1, 0, 0, 0, 1), SETTLEMENT: (1, 0, 1, 1, 1), CITY: (0, 3, 0, 2, 0),
         CARD: (0, 1, 1, 1, 0)}  # clay ore sheep wheat wood
PIECES = {ROAD: 15, SETTLEMENT: 5, CITY: 4}  # what a player has; the server refuses a build past these
KNIGHT = 9  # JSettlers' card type of a soldier
DRAW, PLAY = 0, 1  # SOCDevCardAction's actions (to a robot, pn -1: CANNOT_PLAY)
DEVCARD_BOUGHT = 1  # SOCSimpleAction's action
DEV_CARD_COUNT, CURRENT_PLAYER = 2, 4  # SOCGameElements' elements
ROLL_OR_CARD, PLAY1, PLACING_ROBBER, CHOOSE_VICTIM, OVER = 15, 20, 33, 51, 1000
START1A, START1B, START2A, START2B = 5, 6, 10, 11
SET, GAIN, LOSE = 100, 101, 102
# the classic board: its land hexes, and BoardLayout's 37 hexes in order
LAND_HEXES = (0x33, 0x35, 0x37, 0x53, 0x55, 0x57, 0x59, 0x73, 0x75, 0x77, 0x79, 0x7B, 0x95, 0x97, 0x99, 0x9B, 0xB7,
              0xB9, 0xBB)
LAYOUT_HEXES = (0x17, 0x39, 0x5B, 0x7D, 0x15, 0x37, 0x59, 0x7B, 0x9D, 0x13, 0x35, 0x57, 0x79, 0x9B, 0xBD, 0x11, 0x33,
                0x55, 0x77, 0x99, 0xBB, 0xDD, 0x31, 0x53, 0x75, 0x97, 0xB9, 0xDB, 0x51, 0x73, 0x95, 0xB7, 0xD9, 0x71,
                0x93, 0xB5, 0xD7)
CORNERS = (0x01, 0x12, 0x21, 0x10, -0x01, -0x10)  # a hex's corners: N, NE, SE, S, SW, NW
DICE = (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)


def side(a, b):
    """The edge between two neighbouring corners."""
    lo, hi = min(a, b), max(a, b)
    return lo if hi - lo == 0x11 else lo - 1


HEX_NODES = {h: [h + c for c in CORNERS] for h in LAND_HEXES}
EDGE_NODES = {}
for corners in HEX_NODES.values():
    for i in range(6):
        a, b = corners[i], corners[(i + 1) % 6]
        EDGE_NODES[side(a, b)] = (a, b)
NODES = sorted({n for corners in HEX_NODES.values() for n in corners})
NODE_EDGES = {n: [e for e, ends in EDGE_NODES.items() if n in ends] for n in NODES}
NODE_NEIGHBOURS = {n: [a if b == n else b for a, b in (EDGE_NODES[e] for e in NODE_EDGES[n])] for n in NODES}
NODE_HEXES = {n: [h for h, corners in HEX_NODES.items() if n in corners] for n in NODES}


# -- frames: Java's writeUTF (2-byte length, modified UTF-8) ------------------------------------------
def frame(text):
    data = text.encode("utf-8", "surrogatepass").replace(b"\x00", b"\xc0\x80")
    return struct.pack(">H", len(data)) + data


class Connection:
    def __init__(self, host, port):
        self.sock = socket.create_connection((host, port))
        self.buffer = b""

    def send(self, text):
        self.sock.sendall(frame(text))

    def messages(self):
        """The frames that have arrived (at least one; waits for it)."""
        while True:
            out = []
            while len(self.buffer) >= 2:
                size = struct.unpack(">H", self.buffer[:2])[0]
                if len(self.buffer) < 2 + size:
                    break
                data, self.buffer = self.buffer[2:2 + size], self.buffer[2 + size:]
                out.append(data.replace(b"\xc0\x80", b"\x00").decode("utf-8", "replace"))
            if out:
                return out
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("the server closed the connection")
            self.buffer += chunk


class Game:
    """What the robot knows about one game."""

    def __init__(self, name, pn):
        self.name, self.pn = name, pn
        self.hexes, self.numbers, self.robber = {}, {}, -1
        self.owner = {}  # node -> (pn, piece)
        self.roads = {}  # edge -> pn
        self.hand = [0] * 5
        self.state, self.current = 0, -1
        self.victims = []
        self.discard = 0
        self.deck = 25  # development cards left to buy (GameElements tells the real count)
        self.knights = 0  # soldiers this robot may play (bought before this turn)
        self.new_knights = 0  # bought this turn: playable from the next one
        self.played_card = False  # a development card played this turn
        self.waiting = False  # a request is out: wait for the server's answer
        self.refused = False  # the server refused a request this turn: end the turn
        self.over = False
        self.scores = None
        self.told = False

    # -- the board ---------------------------------------------------------------------------------
    def pips(self, node):
        total = 0
        for h in NODE_HEXES[node]:
            number = self.numbers.get(h, 0)
            if number and h != self.robber:
                total += 6 - abs(7 - number)
        return total

    def free(self, node):
        return node not in self.owner and all(n not in self.owner for n in NODE_NEIGHBOURS[node])

    def my_network(self):
        mine = {n for n, (pn, _) in self.owner.items() if pn == self.pn}
        for e, pn in self.roads.items():
            if pn == self.pn:
                mine.update(EDGE_NODES[e])
        return mine

    def settlement_spots(self):
        reach = {n for e, pn in self.roads.items() if pn == self.pn for n in EDGE_NODES[e]}
        return [n for n in reach if self.free(n)]

    def road_spots(self):
        network = self.my_network()
        blocked = {n for n, (pn, _) in self.owner.items() if pn != self.pn}
        return [e for e, ends in EDGE_NODES.items() if e not in self.roads
                and any(n in network and n not in blocked for n in ends)]

    def can_pay(self, piece):
        return all(h >= c for h, c in zip(self.hand, COSTS[piece]))

    # -- deciding ----------------------------------------------------------------------------------
    def next_request(self):
        """The message to send now, or None."""
        g = self.name
        if self.discard:
            return self.discard_request()
        if self.current != self.pn or self.waiting or self.over:
            return None
        if self.state in (START1A, START2A):
            best = max((n for n in NODES if self.free(n)), key=lambda n: (self.pips(n), n))
            return f"1009|{g},{self.pn},{SETTLEMENT},{best}"
        if self.state in (START1B, START2B):
            last = [n for n, (pn, piece) in self.owner.items() if pn == self.pn and not any(
                self.roads.get(e) == self.pn for e in NODE_EDGES[n])]
            edges = [e for n in last for e in NODE_EDGES[n] if e not in self.roads]
            return f"1009|{g},{self.pn},{ROAD},{edges[0]}" if edges else None
        if self.state == ROLL_OR_CARD:
            if self.knights and not self.played_card and not self.refused:
                self.played_card = True
                return f"1049|{g},{KNIGHT}"
            return f"1031|{g}"
        if self.state == PLACING_ROBBER:
            return f"1034|{g},{self.pn},{self.robber_target()}"
        if self.state == CHOOSE_VICTIM:  # the server's list of victims follows the state
            return f"1035|{g},{self.victims.pop(0)}" if self.victims else None
        if self.state == PLAY1:
            return (None if self.refused else self.build()) or f"1032|{g}"
        return None

    def build(self):
        g, pn = self.name, self.pn
        # only with the pieces it has left: past them the server refuses the build (and this
        # robot ends its turn), and a robot that tries forever never finishes its game
        settlements = [n for n, (owner, piece) in self.owner.items() if owner == pn and piece == SETTLEMENT]
        built_cities = sum(1 for owner, piece in self.owner.values() if owner == pn and piece == CITY)
        cities = settlements if built_cities < PIECES[CITY] else []
        if cities and self.can_pay(CITY):
            return f"1009|{g},{pn},{CITY},{max(cities, key=self.pips)}"
        spots = self.settlement_spots() if len(settlements) < PIECES[SETTLEMENT] else []
        if spots and self.can_pay(SETTLEMENT):
            return f"1009|{g},{pn},{SETTLEMENT},{max(spots, key=self.pips)}"
        roads = self.road_spots() if sum(1 for owner in self.roads.values() if owner == pn) < PIECES[ROAD] else []
        if roads and not spots and self.can_pay(ROAD):
            return f"1009|{g},{pn},{ROAD},{roads[0]}"
        # development cards (soldiers, victory points) when no piece can be placed, or with more
        # cards in hand than a 7 lets it keep: the way on once the board is full
        goal = CITY if cities else SETTLEMENT if spots else ROAD if roads else CARD
        if self.deck and self.can_pay(CARD) and (goal == CARD or sum(self.hand) > 7):
            return f"1045|{g}"
        return self.bank_trade(goal if goal != CARD or self.deck else None)

    def bank_trade(self, goal):
        if goal is None:
            return None
        lacking = [r for r in range(5) if self.hand[r] < COSTS[goal][r]]
        spare = [r for r in range(5) if self.hand[r] - COSTS[goal][r] >= 4]
        if not lacking or not spare:
            return None
        give, get = [0] * 5, [0] * 5
        give[spare[0]], get[lacking[0]] = 4, 1
        return f"1040|{self.name}," + ",".join(map(str, give + get))

    def robber_target(self):
        def harm(h):
            return sum(1 for n in HEX_NODES[h] if n in self.owner and self.owner[n][0] != self.pn)
        mine = {h for n, (pn, _) in self.owner.items() if pn == self.pn for h in NODE_HEXES[n]}
        choices = [h for h in LAND_HEXES if h != self.robber and h not in mine] or \
                  [h for h in LAND_HEXES if h != self.robber]
        return max(choices, key=lambda h: (harm(h), self.numbers.get(h, 0) and 6 - abs(7 - self.numbers[h]), h))

    def discard_request(self):
        out, hand = [0] * 5, list(self.hand)
        for _ in range(self.discard):
            r = max(range(5), key=lambda k: hand[k])
            hand[r] -= 1
            out[r] += 1
        self.discard = 0
        return f"1033|{self.name}," + ",".join(map(str, out + [0]))

    # -- what the server tells ------------------------------------------------------------------------
    def hear(self, kind, fields):
        """One message of this game: `kind` its type, `fields` after the game name.  A server's
        sequence ends with GameState or Turn: only then is it time to act again."""
        me = self.pn
        if kind == 1014:  # BoardLayout: 37 hexes, 37 number codes, robber
            values = [int(x) for x in fields]
            for i, h in enumerate(LAYOUT_HEXES):
                self.hexes[h] = values[i]
                code = values[37 + i]
                self.numbers[h] = DICE[code] if code >= 0 else 0
            self.robber = values[74]
        elif kind == 1009:  # PutPiece
            pn, piece, coord = map(int, fields[:3])
            if piece == ROAD:
                self.roads[coord] = pn
            else:
                if piece == SETTLEMENT and pn == me and self.state == START2A:
                    for h in NODE_HEXES[coord]:  # the second settlement's resources
                        if 1 <= self.hexes.get(h, 0) <= 5:
                            self.hand[self.hexes[h] - 1] += 1
                self.owner[coord] = (pn, piece)
        elif kind == 1025:  # GameState
            self.state = int(fields[0])
            self.waiting = False
            self.over = self.state == OVER
        elif kind == 1026:  # Turn
            self.current, self.state = int(fields[0]), int(fields[1])
            self.waiting = self.refused = self.played_card = False
            self.knights += self.new_knights
            self.new_knights = 0
        elif kind == 1096:  # GameElements (multi: type, value pairs)
            values = [int(x) for x in fields]
            for element, value in zip(values[::2], values[1::2]):
                if element == CURRENT_PLAYER:
                    self.current = value
                elif element == DEV_CARD_COUNT:
                    self.deck = value
        elif kind == 1034:  # MoveRobber
            self.robber = int(fields[1])
        elif kind == 1029:  # DiscardRequest
            self.discard = int(fields[0])
        elif kind == 1036:  # ChoosePlayerRequest
            self.victims = [pn for pn, flag in enumerate(fields) if flag == "true"]
        elif kind == 1086 and int(fields[0]) == me:  # PlayerElements (multi)
            action, values = int(fields[1]), [int(x) for x in fields[2:]]
            for element, amount in zip(values[::2], values[1::2]):
                self.resource(element, action, amount)
        elif kind == 1024 and int(fields[0]) == me:  # PlayerElement
            self.resource(int(fields[2]), int(fields[1]), int(fields[3]))
        elif kind == 1102:  # RobberyResult: thief, victim, R, resource, amount
            thief, victim, resource, amount = int(fields[0]), int(fields[1]), int(fields[3]), int(fields[4])
            if 1 <= resource <= 5 and me in (thief, victim):
                self.hand[resource - 1] += amount if thief == me else -amount
        elif kind == 1033 and fields[0] == f"p{me}":  # our discard, as the server took it
            for r in range(5):
                self.hand[r] -= int(fields[1 + r])
        elif kind == 1040 and len(fields) > 10 and int(fields[10]) == me:  # BankTrade
            for r in range(5):
                self.hand[r] += int(fields[5 + r]) - int(fields[r])
            self.waiting = False
        elif kind == 1039 and len(fields) >= 12:  # AcceptOffer: accepting, offering, to accepting, to offering
            accepting, offering = int(fields[0]), int(fields[1])
            sign = 1 if accepting == me else -1 if offering == me else 0
            for r in range(5):
                self.hand[r] += sign * (int(fields[2 + r]) - int(fields[7 + r]))
        elif kind == 1052 and len(fields) > 5 and int(fields[5]) == me:  # PickResources
            for r in range(5):
                self.hand[r] += int(fields[r])
        elif kind == 1090 and int(fields[1]) == DEVCARD_BOUGHT:  # SimpleAction: cards left
            self.deck = int(fields[2])
        elif kind == 1046 and int(fields[0]) == me:  # DevCardAction: our card drawn or played
            action, card = int(fields[1]), int(fields[2])
            if action == DRAW and card == KNIGHT:
                self.new_knights += 1
            elif action == PLAY and card == KNIGHT:
                self.knights -= 1
        elif kind == 1046 and fields[0] == "-1":  # CANNOT_PLAY: the soldier was refused; roll
            self.waiting = False
        elif kind in (1104, 1044) or (kind == 1037 and fields[0] == "-1"):  # refused: end the turn
            self.waiting = False
            self.refused = True
        elif kind == 1061 and fields[0] != "t2":  # GameStats: final scores
            self.scores = fields[:len(fields) // 2]

    def resource(self, element, action, amount):
        if 1 <= element <= 5:
            r = element - 1
            self.hand[r] = amount if action == SET else self.hand[r] + (amount if action == GAIN else -amount)


def split(wire):
    """(type, game name, the other fields) of a frame."""
    kind, _, data = wire.partition("|")
    if kind in ("1086", "1096", "1092"):  # multi messages: '|' between all fields
        parts = data.split("|")
    else:
        parts = data.split(",")
    return int(kind) if kind.isdigit() else -1, parts[0], parts[1:]


def play(args):
    conn = Connection(args.host, args.port)
    game = None
    played = 0
    if args.person:
        conn.send(VERSION + ",en_US")
        conn.send(f"999|P,{args.name},1,\t,")
        conn.send(f"1078|{args.name},\t,\t,{args.game},PL=4")
        conn.send(f"1012|{args.game},{args.name},0,false")
        conn.send(f"1018|{args.game}")
        game = Game(args.game, 0)
    else:
        conn.send(VERSION)
        conn.send(f"1022|{args.name},{args.cookie},{BRAIN}")
    while played < args.games:
        for wire in conn.messages():
            kind, name, fields = split(wire)
            if kind == 9999:
                conn.send(wire)  # pings are echoed
            elif kind == 1059:
                raise SystemExit(f"refused: {wire}")
            elif kind == 1023 and game is None:  # invited: join, then sit when the members arrive
                game = Game(name, int(fields[0]))
                conn.send(f"1013|{args.name},\t,\t,{name}")
            elif game is not None and name == game.name:
                if kind == 1017 and not args.person:
                    conn.send(f"1012|{name},\t,{game.pn},true")
                elif kind == 1041 and fields[1 + game.pn] == "true":
                    conn.send(f"1037|{name},{game.pn}")  # an offer to us: no, thanks
                elif kind in (1015, 1056):  # deleted, or dismissed: this game is done for us
                    game = None
                    played += 1
                    continue
                game.hear(kind, fields)
                if game.over and game.scores is not None and not game.told:
                    game.told = True
                    print(f"game {name} over: scores {' '.join(game.scores)}, seat {game.pn}", flush=True)
                    if args.person:
                        conn.send(f"1011|{args.name},-,{name}")
                        game, played = None, played + 1
                        break
        if game is not None:
            request = game.next_request()
            if request is not None:
                game.waiting = not request.startswith("1033|")
                conn.send(request)
    conn.sock.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("host")
    parser.add_argument("port", type=int)
    parser.add_argument("name")
    parser.add_argument("--cookie", default="", help="the server's robot cookie (robot login)")
    parser.add_argument("--person", action="store_true", help="log in as a person and create a game")
    parser.add_argument("--game", default="simple", help="the game a person creates")
    parser.add_argument("--games", type=int, default=1, help="games to play before leaving")
    play(parser.parse_args())


if __name__ == "__main__":
    main()

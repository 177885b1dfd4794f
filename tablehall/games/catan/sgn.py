"""Settlers Game Notation (SGN v1.0): a writer from game records and a lenient reader to records.

SGN is one JSON array per line, ``[player, aCode, value]``; players are ``"1"``..``"6"`` in turn
order and ``"B"`` is the bank.  It records only what cannot be inferred, so:

* the writer replays a record and turns the omniscient event stream into lines (integer
  coordinates, compact JSON, canonical clockwise intersections, discards as a one-sided trade
  with the bank, steals thief first);
* the reader infers the rest by driving the engine: seat count and order from the setup, turn
  ends from the next roll, production, free roads, year-of-plenty and monopoly amounts, awards
  and victory.  Chance outcomes (dice totals, cards drawn, cards stolen) become the game's
  scripted options, so the imported record replays exactly.  Rule deviations in the log become
  `SGNWarning`s naming the line.

Offers, rejections, build requests that were cancelled and forfeits leave no trace in SGN.  Nor
does declining the free roads of a Road Building card: the reader takes the roads that follow
the card as the free ones.

SGN v1.0 knows only the classic 19-hex board, so the writer refuses (`SGNError`, one line
naming the reason) a game on the 5-6 player board (5-6 seats, options `max_players` over 4 or
`six_player_board`), a game on the sea board (naming every rule of its scenario SGN cannot carry:
the board, ships, the pirate, gold, fog, special victory points, cloth, fortresses, special
edges, wonders, ...) and a game in which a build was undone (option `undo_builds`: SGN has no
message that takes a piece back).  Such games export as JSON.
"""

from __future__ import annotations

import json
import warnings
from typing import Any, Iterable

from tablehall.core import Entry, Event, IllegalAction, Record, SeatInfo
from tablehall.core import jsonbounds
from tablehall.core.quoting import clip, token

from . import actions as A
from .board import Board
from .constants import (DESERT, DEV_FROM_NAME, DEV_FROM_SGN, KNIGHT, MONOPOLY, RESOURCE_FROM_SGN,
                        SGN_DEV, SGN_HARBOR, SGN_RESOURCE, SGN_TERRAIN, TERRAIN_FROM_SGN, VICTORY_POINT,
                        YEAR_OF_PLENTY, Phase)
from .geometry import (ALL_HEXES, HEX_INDEX, LAND_HEXES, edge_from_sgn, hex_from_sgn, node_from_sgn,
                       sgn_hex, sgn_intersection, sgn_path)

P = Phase
MAX_SGN_DEPTH = 16  # an SGN message nests a few levels: [player, code, {"resources": {...}}]


class SGNError(ValueError):
    """An SGN text that cannot be read as a game."""


class SGNWarning(UserWarning):
    """A line that breaks the rules or cannot be placed, skipped or repaired while reading."""


def dumps(message: list[Any]) -> str:
    return json.dumps(message, separators=(",", ":"), sort_keys=True)


# -- writing -----------------------------------------------------------------------------------
def _resources(vec: Iterable[int], sign: int = 1) -> dict[str, int]:
    return {SGN_RESOURCE[r]: sign * c for r, c in enumerate(vec) if c}


def _trade_value(vec_a: dict[str, int], player_a: str, player_b: str) -> list[dict[str, Any]]:
    return [{"player": player_a, "resources": vec_a},
            {"player": player_b, "resources": {k: -v for k, v in vec_a.items()}}]


class SGNWriter:
    """Turns a game's events (all of them, private versions included) into SGN messages."""

    def __init__(self, seat_count: int, first: int = 0) -> None:
        self.n = seat_count
        self.first = first
        self.pending_play: tuple[str, str] | None = None  # (player, cCode) awaiting rCodes

    def player(self, seat: int) -> str:
        return str((seat - self.first) % self.n + 1)

    def messages(self, event: Event) -> list[list[Any]]:
        if event.audience.kind == "all_but":
            return []  # the redacted twin of a private event
        data, kind = event.data, event.kind
        handler = self.WRITERS.get(kind)
        return handler(self, data) if handler else []

    def _board(self, data) -> list[list[Any]]:
        self.first = data.get("first", self.first)
        land = {h: i for i, h in enumerate(LAND_HEXES)}
        tiles = []
        for q, r in ALL_HEXES:
            if (q, r) in land:
                t, number = data["terrain"][land[(q, r)]], data["numbers"][land[(q, r)]]
                tiles.append({"tile": [q, r], "tCode": SGN_TERRAIN[t], "rNumber": number or None})
            else:
                tiles.append({"tile": [q, r], "tCode": "S", "rNumber": None})
        harbors = [{"path": sgn_path(edge), "hCode": SGN_HARBOR[kind]} for edge, kind in data["harbors"]]
        return [["1", "DM", {"tiles": tiles, "harbors": harbors}],
                ["1", "MR", {"tile": sgn_hex(data["robber"])}]]

    def _built(self, data) -> list[list[Any]]:
        p, piece, at = self.player(data["seat"]), data["piece"], data["at"]
        if piece == "road":
            return [[p, "BR", {"path": sgn_path(at)}]]
        return [[p, "BS" if piece == "settlement" else "BC", {"intersection": sgn_intersection(at)}]]

    def _rolled(self, data) -> list[list[Any]]:
        return [[self.player(data["seat"]), "RD", {"result": data["total"]}]]

    def _discarded(self, data) -> list[list[Any]]:
        p = self.player(data["seat"])
        return [[p, "TR", _trade_value(_resources(data["resources"], -1), p, "B")]]

    def _robber_moved(self, data) -> list[list[Any]]:
        return [[self.player(data["seat"]), "MR", {"tile": sgn_hex(data["hex"])}]]

    def _robbed(self, data) -> list[list[Any]]:
        thief = self.player(data["thief"])
        gain = {SGN_RESOURCE[data["resource"]]: 1}
        return [[thief, "ST", _trade_value(gain, thief, self.player(data["victim"]))]]

    def _dev_bought(self, data) -> list[list[Any]]:
        return [[self.player(data["seat"]), "BD", {"cCode": SGN_DEV[DEV_FROM_NAME[data["card"]]]}]]

    def _dev_played(self, data) -> list[list[Any]]:
        p, code = self.player(data["seat"]), SGN_DEV[DEV_FROM_NAME[data["card"]]]
        if code in ("YP", "MO"):
            self.pending_play = (p, code)
            return []
        return [[p, "PD", {"cCode": code}]]

    def _year_of_plenty(self, data) -> list[list[Any]]:
        codes = [SGN_RESOURCE[r] for r in range(5) for _ in range(data["resources"][r])]
        return [[self.player(data["seat"]), "PD", {"cCode": "YP", "rCodes": codes}]]

    def _monopoly(self, data) -> list[list[Any]]:
        return [[self.player(data["seat"]), "PD", {"cCode": "MO", "rCodes": [SGN_RESOURCE[data["resource"]]]}]]

    def _bank_trade(self, data) -> list[list[Any]]:
        p = self.player(data["seat"])
        vec = _resources(data["get"])
        vec.update(_resources(data["give"], -1))
        return [[p, "TR", _trade_value(vec, p, "B")]]

    def _trade(self, data) -> list[list[Any]]:
        offerer = self.player(data["offerer"])
        vec = _resources(data["get"])
        vec.update(_resources(data["give"], -1))
        return [[offerer, "TR", _trade_value(vec, offerer, self.player(data["accepter"]))]]

    WRITERS = {"board": _board, "built": _built, "rolled": _rolled, "discarded": _discarded,
               "robber_moved": _robber_moved, "robbed": _robbed, "dev_bought": _dev_bought,
               "dev_played": _dev_played, "year_of_plenty": _year_of_plenty, "monopoly": _monopoly,
               "bank_trade": _bank_trade, "trade": _trade}
    """Event kind -> the method writing its SGN lines (events not listed leave none)."""


#: rules SGN has no place for, with the value every reader assumes
SGN_ASSUMES = {"vp_to_win": 10, "discard_limit": 7}


def record_to_sgn(record: Record) -> str:
    """The game of `record` as SGN text (one message per line, LF endings).  Rules SGN cannot
    say (a victory target or discard limit other than the classic one) give an `SGNWarning`."""
    from . import SPEC  # the package's spec: rules, options and action decoding

    for key, assumed in SGN_ASSUMES.items():
        if record.options.get(key, assumed) != assumed:
            warnings.warn(SGNWarning(f"SGN has no place for {key}={record.options[key]}; "
                                     f"a reader assumes {assumed}"), stacklevel=2)
    state = SPEC.new(len(record.seats), record.options, record.seed)
    if state.geo.name == "sea":
        raise SGNError(f"SGN cannot write this game: {_sea_rules_sgn_lacks(record.options)} (export it as json)")
    if state.geo.name != "classic":
        raise SGNError("SGN cannot write this game: SGN v1.0 has only the classic 19-hex board and this game is on "
                       "the 5-6 player board (export it as json)")
    writer = SGNWriter(state.seat_count, state.first)
    lines = []
    for event in state.start_events():
        lines += writer.messages(event)
    for number, entry in enumerate(record.entries, 1):
        if entry.forfeit is not None:
            state.forfeit(entry.seat, entry.forfeit, entry.reason)
            continue
        action = SPEC.decode_action(entry.action)
        if action[0] == "undo_build":
            raise SGNError(f"SGN cannot write this game: action {number} undoes a build and SGN has no message that "
                           "takes a piece back (export it as json)")
        if action[0] == "force_end_turn":
            raise SGNError(f"SGN cannot write this game: action {number} is a turn the server ended for a stalled "
                           "player, which SGN has no message for (export it as json)")
        for event in state.apply(entry.seat, action):
            lines += writer.messages(event)
    return "".join(dumps(m) + "\n" for m in lines)


def _sea_rules_sgn_lacks(options: dict[str, Any]) -> str:
    """What SGN v1.0 cannot carry of a sea-board game, in one line."""
    from .sea.scenarios import SCENARIOS

    scenario = SCENARIOS[options.get("scenario", "")]
    lacks = ["the sea board (SGN v1.0 has only the classic 19-hex board)", "ships and moving them",
             "the pirate ship", "gold hexes' free picks"]
    rules = {"fog": "fog hexes", "svp_each_new_area": "special victory points for new islands",
             "svp_any_new_area": "special victory points for new islands", "cloth": "cloth villages",
             "fortresses": "the pirate fleet, fortresses and warships",
             "forgotten_tribe": "special edges and gift harbours", "wonders": "wonders",
             "third_settlement": "a third initial settlement"}
    for flag, what in rules.items():
        if getattr(scenario, flag) and what not in lacks:
            lacks.append(what)
    if not scenario.route_vp:
        lacks.append("a game without the longest road")
    named = f"this {scenario.name} game" if scenario.key else "this game"
    return f"{named} has rules SGN has no message for: " + ", ".join(lacks)


# -- reading -----------------------------------------------------------------------------------
def parse_lines(text: str) -> list[tuple[int, list[Any]]]:
    """(line number, message) for every non-blank line; SGNError on anything not a message."""
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            message = jsonbounds.loads(line, MAX_SGN_DEPTH)
        except ValueError as exc:
            raise SGNError(f"line {number}: not JSON ({exc})") from None
        if not isinstance(message, list) or len(message) < 3 or not isinstance(message[1], str):
            raise SGNError(f"line {number}: an SGN message is [player, aCode, value]")
        out.append((number, [str(message[0]), message[1], message[2]]))
    return out


def _vector(resources: dict[str, Any], number: int) -> list[int]:
    vec = [0] * 5
    for code, amount in resources.items():
        if code not in RESOURCE_FROM_SGN:
            raise SGNError(f"line {number}: unknown resource code {token(str(code))}")
        vec[RESOURCE_FROM_SGN[code]] += int(amount)
    return vec


def _board_text(value: dict[str, Any], number: int) -> str:
    terrain = [DESERT] * len(LAND_HEXES)
    numbers = [0] * len(LAND_HEXES)
    for tile in value.get("tiles", []):
        q, r = (int(x) for x in tile["tile"])
        if (q, r) in HEX_INDEX:
            if tile["tCode"] not in TERRAIN_FROM_SGN:
                raise SGNError(f"line {number}: land hex {[q, r]} has tile code {token(str(tile['tCode']))}")
            h = HEX_INDEX[(q, r)]
            terrain[h] = TERRAIN_FROM_SGN[tile["tCode"]]
            numbers[h] = int(tile["rNumber"]) if tile.get("rNumber") is not None else 0
    harbors = []
    for harbor in value.get("harbors", []):
        code = harbor["hCode"]
        if code not in SGN_HARBOR:
            raise SGNError(f"line {number}: unknown harbour code {token(str(code))}")
        harbors.append((edge_from_sgn(harbor["path"]), SGN_HARBOR.index(code)))
    return Board(terrain, numbers, harbors).to_text()


class SGNReader:
    """Drives a CatanState through an SGN game, inferring what SGN leaves out."""

    def __init__(self, text: str) -> None:
        self.messages = parse_lines(text)
        self.entries: list[tuple[int, tuple]] = []
        self.warnings: list[str] = []

    def warn(self, number: int, text: str) -> None:
        message = f"line {number}: {text}"
        self.warnings.append(message)
        warnings.warn(SGNWarning(message), stacklevel=3)

    def scan(self) -> tuple[int, dict[str, Any], list[tuple[int, list[Any]]]]:
        """Seat count, options (board and chance scripts) and the messages left to play."""
        board, robber, rest = "", None, []
        setup_players: list[str] = []
        dice, deck, steals = [], [], []
        rolled = False
        for number, (player, code, value) in self.messages:
            try:
                if code == "DM" and not board:
                    board = _board_text(value, number)
                    continue
                if code == "MR" and not rolled and not setup_players:
                    robber = hex_from_sgn(value["tile"])
                    continue
                if code == "BS" and not rolled:
                    setup_players.append(player)
                elif code == "RD":
                    rolled = True
                    dice.append(str(int(value["result"])))
                elif code == "BD":
                    deck.append(value["cCode"])
                elif code == "ST":
                    gains = [e for e in value if e.get("player") == player]
                    got = [k for e in gains for k, v in e["resources"].items() if int(v) > 0]
                    if len(got) == 1:
                        steals.append(got[0])
            except (KeyError, TypeError, ValueError, IndexError) as exc:
                raise SGNError(f"line {number}: cannot read {token(code)} ({clip(str(exc))})") from None
            rest.append((number, [player, code, value]))
        if not board:
            raise SGNError("no DM (define map) message")
        players = sorted(set(setup_players))
        n = len(players)
        if players != [str(i) for i in range(1, n + 1)] or not 2 <= n <= 4:
            raise SGNError(f"setup placements name players {players}; expected '1'..'n' for 2-4 players")
        if robber is not None:
            start = Board.from_text(board)
            if robber != start.robber_start:
                board += f" | R@{robber}"
        options = {"board": board, "dice": " ".join(dice), "dev_deck": " ".join(deck), "steals": " ".join(steals)}
        return n, options, rest

    def read(self) -> Record:
        from . import RULES_VERSION, SPEC

        n, options, rest = self.scan()
        options = SPEC.normalize_options(options)
        state = SPEC.new(n, options, 0)
        self.state = state
        for number, (player, code, value) in rest:
            if state.is_over:
                self.warn(number, f"{code} after the game was won; ignored")
                continue
            seat = int(player) - 1 if player.isdigit() else -1
            try:
                self._play(number, seat, code, value)
            except SGNError:
                raise
            except (KeyError, TypeError, ValueError, IndexError) as exc:
                raise SGNError(f"line {number}: cannot read {token(code)} ({clip(str(exc))})") from None
        if not state.is_over and state.phase is P.PLAY1:
            trial = state.copy()  # a player who reached the target off-turn wins as the turn passes
            trial.apply(trial.current, A.END_TURN)
            if trial.is_over:
                self._do(len(self.messages), state.current, A.END_TURN)
        seats = [SeatInfo(f"player {s + 1}", "sgn") for s in range(n)]
        return Record("catan", RULES_VERSION, options, 0, seats,
                      [_entry(seat, action) for seat, action in self.entries], state.result())

    # -- one message --------------------------------------------------------------------------
    def _do(self, number: int, seat: int, action: tuple) -> list[Event]:
        try:
            events = self.state.apply(seat, action)
        except IllegalAction as exc:
            raise SGNError(f"line {number}: {action[0]} by player {seat + 1} is illegal: {exc.message}") from None
        self.entries.append((seat, action))
        return events

    def _to_turn_of(self, number: int, seat: int) -> None:
        st = self.state
        guard = 0
        while st.current != seat and st.phase is P.PLAY1 and guard < st.seat_count:
            self._do(number, st.current, A.END_TURN)
            guard += 1

    def _play(self, number: int, seat: int, code: str, value: Any) -> None:
        st = self.state
        if st.phase in (P.PLACING_FREE_ROAD1, P.PLACING_FREE_ROAD2) and (code != "BR" or seat != st.current):
            self._do(number, st.current, A.CANCEL_BUILD)  # the free roads not taken
        if code == "RD":
            self._to_turn_of(number, seat)
            self._do(number, seat, A.ROLL)
        elif code in ("BS", "BC"):
            node = node_from_sgn(value["intersection"])
            self._settle_discards(number)
            self._do(number, seat, A.settlement(node) if code == "BS" else A.city(node))
        elif code == "BR":
            self._do(number, seat, A.road(edge_from_sgn(value["path"])))
        elif code == "BD":
            events = self._do(number, seat, A.BUY_DEV)
            drawn = events[0].data["card"]
            if SGN_DEV[DEV_FROM_NAME[drawn]] != value["cCode"]:
                raise SGNError(f"line {number}: drew {drawn}, the log says {token(str(value['cCode']))}")
        elif code == "PD":
            self._to_turn_of(number, seat)  # a card may be played before the roll
            self._play_card(number, seat, value)
        elif code == "MR":
            self._settle_discards(number)
            self._do(number, seat, A.robber(hex_from_sgn(value["tile"])))
        elif code == "ST":
            self._steal(number, seat, value)
        elif code == "TR":
            self._trade(number, seat, value)
        else:
            self.warn(number, f"action code {token(code)} is not part of a classic game; ignored")

    def _settle_discards(self, number: int) -> None:
        """Discards the rules require but the log omits: the largest piles go, with a warning."""
        st = self.state
        while st.phase is P.WAITING_FOR_DISCARDS:
            seat = st.to_act()[0]
            self.warn(number, f"player {seat + 1} had to discard {st.discards[seat]} cards; the log "
                              "does not say which, the largest piles were discarded")
            self._do(number, seat, A.discard(st.greedy_discard(seat)))

    def _play_card(self, number: int, seat: int, value: dict[str, Any]) -> None:
        card = DEV_FROM_SGN[value["cCode"]]
        if card == VICTORY_POINT:
            self.warn(number, "victory point cards are never played; ignored")
            return
        self._do(number, seat, A.play_dev(card))
        codes = [RESOURCE_FROM_SGN[c] for c in value.get("rCodes", [])]
        if card == YEAR_OF_PLENTY:
            if len(codes) == 1:
                codes *= 2
            if len(codes) != 2:
                raise SGNError(f"line {number}: year of plenty needs 2 resource codes")
            self._do(number, seat, A.pick_resources(*sorted(codes)))
        elif card == MONOPOLY:
            if len(codes) != 1:
                raise SGNError(f"line {number}: monopoly names exactly 1 resource")
            self._do(number, seat, A.monopoly(codes[0]))
        elif card == KNIGHT:
            pass  # the MR that follows moves the robber

    def _steal(self, number: int, seat: int, value: list[dict[str, Any]]) -> None:
        st = self.state
        victims = [int(e["player"]) - 1 for e in value if str(e["player"]) != str(seat + 1)]
        if st.phase is P.WAITING_FOR_ROB_CHOOSE_PLAYER and victims:
            self._do(number, seat, A.rob(victims[0]))
            return
        last = self.entries[-1][1] if self.entries else ()
        if last[:1] != ("robber",):
            self.warn(number, "a steal without a robber move; ignored")
        # otherwise the engine already robbed the only possible victim, as scripted

    def _trade(self, number: int, seat: int, value: list[dict[str, Any]]) -> None:
        st = self.state
        parties = {str(e["player"]): _vector(e["resources"], number) for e in value}
        if "B" in parties:
            (player, vec), = [(p, v) for p, v in parties.items() if p != "B"]
            actor = int(player) - 1
            give = tuple(max(0, -x) for x in vec)
            get = tuple(max(0, x) for x in vec)
            if any(get):
                self._do(number, actor, A.bank_trade(give, get))
            elif st.phase is P.WAITING_FOR_DISCARDS and st.discards[actor] == sum(give):
                self._do(number, actor, A.discard(give))
            else:
                held = sum(st.hands[actor])
                self.warn(number, f"player {actor + 1} discards {sum(give)} cards holding {held}; the rules "
                                  f"ask a discard only above {st.discard_limit} cards; ignored")
            return
        seats = [int(p) - 1 for p in parties]
        if len(seats) != 2 or st.current not in seats:
            raise SGNError(f"line {number}: a trade between players must involve the player whose turn it is")
        offerer = st.current
        other = seats[0] if seats[1] == offerer else seats[1]
        vec = parties[str(offerer + 1)]
        give = tuple(max(0, -x) for x in vec)
        get = tuple(max(0, x) for x in vec)
        self._do(number, offerer, A.offer(give, get, (other,)))
        self._do(number, other, A.accept(offerer))


def _entry(seat: int, action: tuple) -> Entry:
    return Entry(seat, A.encode(action))


def sgn_to_record(text: str) -> Record:
    """Read SGN text into a tablehall record (warnings for rule deviations, SGNError if unreadable)."""
    return SGNReader(text).read()

"""The contest server's lobby over TCP: sessions, rooms, reservations, administrators.

`ScSession` is one connection's state machine: bytes in through the XML stream reader, requests
to the lobby, XML out through its transport.  It holds no socket and no event loop.
"""

from __future__ import annotations

import logging
import secrets
import shlex
from typing import Any, Mapping, Sequence

from ....core.hosting import (Entrant, Host, OpenSeat, Service, Session, Table, TableError, TableSeat, Transport,
                              describe_entrants, new_table_id, read_settings)
from ....core.game import GameSpec
from ....core.names import name_problem
from . import messages as msg
from .dialect import Dialect, dialect
from .requests import (ADMIN_REQUESTS, Authenticate, CloseConnection, Join, JoinPrepared, JoinRoom,
                       LegacyAdminRequest, Prepare, ProtocolError, RoomPacket, RoomRequest,
                       ScoreForPlayer, TestMode, parse_request)
from .room import ScRoom, Slot, message_bytes, new_code
from .settings import SC_SETTINGS
from .xml import Node, StreamClosed, StreamOpened, XmlError, XmlStreamReader, el, render

log = logging.getLogger("tablehall.sc")

GAME_TYPE = "swc_2021_blokus"

# The contest's exception classes, as they appear in error packets.
AUTH_FAILED = "sc.server.network.AuthenticationFailedException"
UNAUTHENTICATED = "sc.server.network.UnauthenticatedException"
UNKNOWN_RESERVATION = "sc.server.gaming.UnknownReservationException"
UNKNOWN_GAME_TYPE = "sc.server.plugins.UnknownGameTypeException"
ROOM_EXCEPTION = "sc.api.plugins.exceptions.GameRoomException"


class ScService(Service):
    """Options (config section [sc]): version ("21.4.0" | "21.3.3"), paused (join rooms start
    paused), soft_timeout_ms / hard_timeout_ms (2000 / 10000), start_piece ("" = random),
    seed (fixed seed for every room; default random)."""

    def __init__(self, host: Host, spec: GameSpec) -> None:
        config = read_settings("sc", host.config, SC_SETTINGS)
        self.host = host
        self.spec = spec  # the game's SPEC, given by the package that declares it
        self.dialect: Dialect = dialect(config["version"])
        self.join_paused = config["paused"]
        self.soft_timeout = config["soft_timeout_ms"] / 1000
        self.hard_timeout = config["hard_timeout_ms"] / 1000
        self.start_piece = config["start_piece"]
        self.fixed_seed = config["seed"]
        self.spec.normalize_options({"start_piece": self.start_piece})  # fail early on a bad piece
        self.rooms: dict[str, ScRoom] = {}
        self.reservations: dict[str, tuple[ScRoom, int]] = {}
        self.admins: list[ScSession] = []
        self.test_mode = False
        self.scores: dict[str, list[list[int]]] = {}

    def open_session(self, transport: Transport) -> "ScSession":
        return ScSession(self, transport)

    def refusal(self, reason: str) -> bytes:
        """A connection turned away by a limit: the stream opened and closed as a lobby error
        closes it (an error packet first where the version writes one)."""
        closing = message_bytes(render(el(self.dialect.close_tag), 1)) + b"\n</protocol>"
        if self.dialect.lobby_errorpacket:
            closing = message_bytes(render(el("errorpacket", message=reason), 1)) + closing
        return b"<protocol>" + closing

    async def shutdown(self) -> None:
        for room in list(self.rooms.values()):
            if not room.started:
                room.cancel()

    # -- rooms ----------------------------------------------------------------------------------
    def new_room_id(self) -> str:
        return new_code()

    def seed_for_room(self) -> int:
        return self.fixed_seed if self.fixed_seed is not None else secrets.randbits(63)

    def create_room(self, slots: list[Slot], paused: bool, prepared: bool) -> ScRoom:
        room = ScRoom(self, slots, paused=paused, prepared=prepared)
        self.rooms[room.id] = room
        return room

    def forget_room(self, room: ScRoom) -> None:
        self.rooms.pop(room.id, None)
        if room.table is not None and room.table.match is None:
            self.host.drop_table(room.table)
        for code in [c for c, (r, _) in self.reservations.items() if r is room]:
            del self.reservations[code]
        if self.test_mode and room.over and room.match.record.result is not None:
            result = room.match.record.result
            details = result.details or {}
            for seat, name in enumerate(room.names):
                parts = [int(details.get("win_points", [0, 0])[seat]), int(details.get("points", [0, 0])[seat])]
                self.scores.setdefault(name, []).append(parts)

    # -- tables (the web hall, the arena) --------------------------------------------------------
    def open_table(self, entrants: Sequence[Entrant], *, seed: int | None = None,
                   options: Mapping[str, Any] | None = None) -> Table:
        """A room whose slots are agents, built-in bots or held open: a seat held for a name is
        reserved (its client joins with the reservation code), one held for anyone is taken by
        the next `join` of this game type (or `joinRoom` with the table's id)."""
        if len(entrants) != 2:
            raise TableError(f"Blokus rooms have 2 slots, not {len(entrants)}")
        seats = describe_entrants(entrants, self.host.bot_names(self.spec))
        options = self.spec.normalize_options({"start_piece": self.start_piece, **dict(options or {})})
        table = Table(new_table_id(), self.spec.name, "sc", seats,
                      self.seed_for_room() if seed is None else seed, options)
        slots = []
        for entrant in entrants:
            if isinstance(entrant, OpenSeat):
                slots.append(Slot(entrant.name or self.dialect.join_display_name, True, entrant.name is not None))
            else:
                slots.append(Slot(getattr(entrant, "name", entrant), False))
        room = ScRoom(self, slots, paused=False, prepared=True, table=table)
        self.rooms[room.id] = room
        for seat, entrant in enumerate(entrants):
            if isinstance(entrant, OpenSeat):
                self.reopen(room, seat)
            elif isinstance(entrant, str):
                room.seat_bot(seat, entrant)
            else:
                room.seat_agent(seat, entrant)
        table.on_cancel = lambda reason: room.cancel()
        self.host.hold_table(table)
        room.start_if_ready()
        return table

    def reopen(self, room: ScRoom, seat: int) -> None:
        """A table's open seat waits (again) for a client: reserved seats under a fresh code."""
        slot = room.slots[seat]
        assert room.table is not None
        room.table.free(seat)
        if slot.reserved:
            slot.code = new_code()
            self.reservations[slot.code] = (room, seat)
            room.table.seats[seat].ticket = slot.code
            room.table.seats[seat].secret = True
        else:
            room.table.seats[seat].ticket = room.id

    def connect_command(self, host: str, port: int, seat: TableSeat | None = None) -> str:
        command = ["python3", "examples/blokus/client.py", "--host", host, "--port", str(port)]
        if seat is not None and seat.held_for is not None and seat.ticket:
            command += ["--reservation", seat.ticket]
        return shlex.join(command)

    def room_emptied(self, room: ScRoom) -> None:
        if not room.started and room.player_count == 0:
            self.forget_room(room)

    def open_join_room(self) -> ScRoom | None:
        for room in self.rooms.values():
            if not room.started and not room.over and room.free_unreserved_slot() is not None:
                return room
        return None

    def _join_slot(self) -> Slot:
        return Slot(self.dialect.join_display_name, self.dialect.join_games_time_out)

    # -- requests -------------------------------------------------------------------------------
    def handle(self, session: "ScSession", request: Any) -> None:
        if isinstance(request, ADMIN_REQUESTS) and not session.admin:
            if self.dialect.lobby_errorpacket:
                session.lobby_error(UNAUTHENTICATED, f"Request {request} requires authentication", request)
            return  # 21.3.3 ignores unauthenticated admin requests
        if isinstance(request, Join):
            self.join(session, request)
        elif isinstance(request, JoinPrepared):
            self.join_prepared(session, request)
        elif isinstance(request, JoinRoom):
            self.join_room(session, request)
        elif isinstance(request, Authenticate):
            if self.host.admin_allowed(request.password, session.transport):
                session.admin = True
                if session not in self.admins:
                    self.admins.append(session)
            else:
                session.lobby_error(AUTH_FAILED, "Failed to authenticate as administrator", request)
        elif isinstance(request, Prepare):
            self.prepare(session, request)
        elif isinstance(request, RoomRequest):
            self.room_request(session, request)
        elif isinstance(request, TestMode):
            self.test_mode = request.test_mode
            session.send(msg.testing(request.test_mode))
        elif isinstance(request, ScoreForPlayer):
            name = request.display_name or ""
            session.send(msg.player_score(name, self.scores.get(name, [])))
        elif isinstance(request, LegacyAdminRequest):
            self.legacy_admin(request)
        elif isinstance(request, RoomPacket):
            self.room_packet(session, request)
        elif isinstance(request, CloseConnection):
            session.close_stream(with_close_element=False)

    def join(self, session: "ScSession", request: Join) -> None:
        room = self.open_join_room()
        existed = room is not None
        if room is None:
            if request.game_type != GAME_TYPE:
                session.lobby_error(UNKNOWN_GAME_TYPE, f"Unknown GameType UUID: {request.game_type} "
                                    f"(available: {GAME_TYPE})", request)
                return
            room = self.create_room([self._join_slot(), self._join_slot()], self.join_paused, prepared=False)
        seat = room.free_unreserved_slot()
        assert seat is not None
        count = room.player_count + 1
        for admin in self.admins:
            admin.send(msg.joined_game_room(room.id, self.dialect.joined_game_room_attr,
                                            count if self.dialect.joined_game_room_attr == "playerCount"
                                            else 2 if existed else 1))
        room.seat_player(seat, session)

    def join_prepared(self, session: "ScSession", request: JoinPrepared) -> None:
        entry = self.reservations.pop(request.reservation_code or "", None)
        if entry is None:
            message = "Couldn't find a reservation for the provided token."
            if self.dialect.lobby_errorpacket:
                session.lobby_error(UNKNOWN_RESERVATION, message, request)
            else:
                session.send(msg.legacy_error(message, request.echo()))
            return
        room, seat = entry
        room.seat_player(seat, session)

    def join_room(self, session: "ScSession", request: JoinRoom) -> None:
        room = self.rooms.get(request.room_id or "")
        seat = room.free_unreserved_slot() if room is not None and not room.started else None
        if room is None or seat is None:
            session.lobby_error(ROOM_EXCEPTION, f"Couldn't find a room with id {request.room_id}", request)
            return
        room.seat_player(seat, session)

    def prepare(self, session: "ScSession", request: Prepare) -> None:
        if request.game_type != GAME_TYPE:
            session.lobby_error(UNKNOWN_GAME_TYPE, f"Unknown GameType UUID: {request.game_type} "
                                f"(available: {GAME_TYPE})", request)
            return
        descriptors = list(request.slots)
        named = [name_problem(d.display_name) for d in descriptors if d.display_name]
        if any(named):
            session.lobby_error(ROOM_EXCEPTION, f"bad displayName: {next(p for p in named if p)}", request)
            return
        bots = self.host.bot_names(self.spec)  # built-in and operator-named
        unknown_bots = [d.bot for d in descriptors if d.bot and d.bot not in bots]
        if len(descriptors) > 2 or unknown_bots:
            problem = (f"unknown bot {unknown_bots[0]!r} (known: {', '.join(sorted(bots))})"
                       if unknown_bots else "Blokus rooms have 2 slots")
            session.lobby_error(ROOM_EXCEPTION, problem, request)
            return
        registered = [d.display_name for d in descriptors
                      if d.display_name and not d.bot and self.host.identities.registered(d.display_name)]
        if registered:  # an account's name is its own: its bot plays it through a table (docs/accounts.md)
            session.lobby_error(ROOM_EXCEPTION, f"the name {registered[0]!r} is registered to an account", request)
            return
        slots = [Slot(d.display_name or "", d.can_timeout, d.reserved and not d.bot) for d in descriptors]
        slots += [self._join_slot() for _ in range(2 - len(slots))]
        room = self.create_room(slots, request.pause, prepared=True)
        codes = []
        for seat, descriptor in enumerate(descriptors):
            if descriptor.bot:
                room.seat_bot(seat, descriptor.bot)
            elif slots[seat].reserved:
                code = new_code()
                slots[seat].code = code
                self.reservations[code] = (room, seat)
                codes.append(code)
        session.send(msg.prepared(room.id, codes))
        room.start_if_ready()

    def room_request(self, session: "ScSession", request: RoomRequest) -> None:
        room = self.rooms.get(request.room_id or "")
        if room is None:
            session.lobby_error(ROOM_EXCEPTION, f"Couldn't find a room with id {request.room_id}", request)
            return
        if request.kind == "observe":
            room.add_observer(session)
        elif request.kind == "pause":
            room.set_paused(request.flag)
        elif request.kind == "step":
            room.step()
        elif request.kind == "cancel":
            room.cancel()

    def legacy_admin(self, request: LegacyAdminRequest) -> None:
        node = request.node
        if request.kind == "freeReservation":
            self.reservations.pop(node.get("reservation") or "", None)
            return
        room = self.rooms.get(node.get("roomId") or "")
        try:
            seat = int(node.get("slot") or "0")
        except ValueError:
            return
        if room is not None and 0 <= seat < 2:
            room.slots[seat].can_timeout = node.get("activate") == "true"
            room.match.policies[seat] = room._policy(room.slots[seat])

    def room_packet(self, session: "ScSession", packet: RoomPacket) -> None:
        room = next((r for r in session.rooms if r.id == packet.room_id), None)
        if room is None:
            if packet.room_id in self.rooms or not session.rooms:
                session.lobby_error(ROOM_EXCEPTION, f"Couldn't find a room with id {packet.room_id}", packet)
            return  # a late packet to a room this client played in: dropped
        room.move_arrived(session, packet.data)


class ScSession(Session):
    """One TCP connection of a player, observer or administrator."""

    def __init__(self, service: ScService, transport: Transport) -> None:
        self.service = service
        self.transport = transport
        self.reader = XmlStreamReader()
        self.admin = False
        self.rooms: list[ScRoom] = []
        self.observing: list[ScRoom] = []
        self._stream_open = False  # our <protocol> has been written
        self._done = False

    # -- input ----------------------------------------------------------------------------------
    def data_received(self, data: bytes) -> None:
        if self._done:
            return
        try:
            events = self.reader.feed(data)
        except XmlError as exc:
            self.drop(f"bad XML: {exc}")
            return
        dialect = self.service.dialect
        for event in events:
            if self._done:
                return
            if isinstance(event, StreamOpened):
                continue
            if isinstance(event, StreamClosed):
                self.drop("client closed its stream")
                return
            try:
                request = parse_request(event, dialect.join_room, dialect.legacy_admin_requests, dialect.close_tag)
            except ProtocolError as exc:
                self.drop(f"protocol error: {exc}")
                return
            self.service.handle(self, request)

    def connection_lost(self) -> None:
        self._done = True
        self._leave()

    @property
    def logged_in(self) -> bool:
        """In a room (joined, reserved or observing) or an administrator."""
        return bool(self.rooms or self.observing or self.admin)

    # -- output ---------------------------------------------------------------------------------
    def send(self, node: Node) -> None:
        self.send_rendered(message_bytes(render(node, 1)))

    def send_rendered(self, payload: bytes) -> None:
        """A top-level message as `message_bytes` made it: rooms render a message once and
        send the same bytes to every player and observer."""
        if self._done or self.transport.is_closing:
            return
        if not self._stream_open:
            payload = b"<protocol>" + payload
            self._stream_open = True
        self.transport.write(payload)

    def close_stream(self, with_close_element: bool) -> None:
        """End the stream as the server does: [CloseConnection], </protocol>, close."""
        if self._done:
            return
        if with_close_element:
            self.send(el(self.service.dialect.close_tag))
        if self._stream_open and not self.transport.is_closing:
            self.transport.write(b"\n</protocol>")
        self._done = True
        self.transport.close()
        self._leave()

    def lobby_error(self, exception: str, message: str, request: Any) -> None:
        if self.service.dialect.lobby_errorpacket:
            self.send(msg.error_packet(f"{exception}: {message}", request.echo()))
        self.close_stream(with_close_element=True)

    def drop(self, why: str) -> None:
        """Disconnect without a word, as the contest does on a protocol error."""
        if self._done:
            return
        log.info("dropping client", extra={"peer": self.transport.peer, "why": why})
        self._done = True
        self.transport.close()
        self._leave()

    def _leave(self) -> None:
        rooms, self.rooms = self.rooms, []
        for room in rooms:
            room.player_gone(self)
        observing, self.observing = self.observing, []
        for room in observing:
            room.observer_gone(self)
        if self in self.service.admins:
            self.service.admins.remove(self)

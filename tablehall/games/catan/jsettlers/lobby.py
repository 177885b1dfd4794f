"""The JSettlers lobby up to the start of a game (sans-I/O): names, games, seats, channels.

`PregameLobby` implements the `connection.Lobby` hooks the way the Java server behaves before
a game starts: creating a game (announced to every client), the join sequence a client gets
for a forming game, sitting down, seat locks, faces, leaving, chat, the ``*STARTBOTGAME*``
debug command, a client's start request, and inviting connected robots into empty seats.
With ``ServerConfig.game_log`` on (tests), everything a game's members receive is also kept as
``.soclog`` entries with its audience (`GameRoom.log`), so a JSettlers game event log can be
compared or written; serving, it is off (it would grow with every move of every game).

Two hooks are left for the engine adapter:

* ``on_start(room)``: every seat the start needs is filled; the adapter creates the board and
  sends the start sequence (board layout, `StartGame`, first `Turn`);
* ``on_game_action(room, conn, message)``: any other game message from a member once the game
  has started (put piece, roll, trade...);
* ``on_take_over(room, conn, pn)``: a person asks to sit in a robot's seat of a game under way;
  True if the adapter grants it (it then dismisses the robot and seats the person).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from itertools import compress, repeat
from operator import and_, attrgetter
from typing import Any, Callable, Iterable, Sequence

from tablehall.core.identity import NameRefused, Refusal

from .connection import NAME_IN_USE, NAME_NOT_ALLOWED, ServerConfig, ServerConnection, frame_each, frames
from .constants import (
    DEFAULT_FACE,
    MAX_PLAYERS,
    MAX_PLAYERS_STANDARD,
    ROBOT_FACE,
    ElementAction,
    GameElementType,
    PlayerElementType as PE,
    SeatLock,
    State,
    StatusValue,
)
from .game_messages import (
    BoardLayout,
    BoardLayout2,
    BotJoinGameRequest,
    ChangeFace,
    DeleteGame,
    DiceResult,
    GameElements,
    GameMembers,
    GameServerText,
    GameState,
    GameStats,
    GameTextMsg,
    JoinGame,
    JoinGameAuth,
    LeaveGame,
    NewGame,
    PlayerElement,
    PlayerElements,
    PotentialSettlements,
    RobotDismiss,
    SetSeatLock,
    SitDown,
    StartGame,
)
from .lobby_messages import (
    ChannelMembers,
    ChannelTextMsg,
    DeleteChannel,
    JoinChannel,
    JoinChannelAuth,
    LeaveChannel,
    NewChannel,
    NewGameWithOptions,
    StatusMessage,
)
from ..constants import DECK, DECK_SIX
from ..sea.board import SeaLayout, layout_for
from .java_order import hash_map_order
from .joining import JOINED_STARTED, JOINED_STARTED_BOTS
from .message import Message, is_single_line_and_safe
from .options import OptionValue, UnknownOption, adjust_options, game_min_version, pack_options, parse_options
from .sea_layout import LARGE_ENCODING, join_auth as sea_join_auth
from .soclog import ALL, FROM_OBSERVER, OBSERVER, OBSERVERS_BIT, Audience, Entry, from_player, to_player

GAME_NAME_MAX_LENGTH = 30
MIN_PLAYERS = 2
DEV_CARDS_CLASSIC = 25
PIECES_CLASSIC = ((PE.ROADS, 15), (PE.SETTLEMENTS, 5), (PE.CITIES, 4))
PIECES_SEA = (*PIECES_CLASSIC, (PE.SHIPS, 15))
#: Pirate Islands: a player's fortress stands for its fifth settlement
PIECES_FORTRESSES = ((PE.ROADS, 15), (PE.SETTLEMENTS, 4), (PE.CITIES, 4), (PE.SHIPS, 15))
WATER = 6  # hex value on the wire (v1 encoding)
BOARD_SIZE = 37
CHAT_RECAP_LINES = 9  # the recent chat a game keeps to show people joining it (as JSettlers)
SERVER_FOR_CHAT = ":"  # the "nickname" of the server's lines in the chat area (shown as ":: text")

# The classic board's land hexes; a hex's corner nodes are at these offsets (N, NE, SE, S, SW, NW).
CLASSIC_LAND_HEXES = (0x33, 0x35, 0x37, 0x53, 0x55, 0x57, 0x59, 0x73, 0x75, 0x77, 0x79, 0x7B,
                      0x95, 0x97, 0x99, 0x9B, 0xB7, 0xB9, 0xBB)  # fmt: skip
HEX_NODE_OFFSETS = (0x01, 0x12, 0x21, 0x10, -0x01, -0x10)


# The 6-player board's 30 land hexes (encoding 2), by diagonal row moving north-east.
SIX_LAND_HEXES = (0x11, 0x13, 0x15, 0x17, 0x31, 0x33, 0x35, 0x37, 0x39, 0x51, 0x53, 0x55, 0x57, 0x59, 0x5B,
                  0x71, 0x73, 0x75, 0x77, 0x79, 0x7B, 0x93, 0x95, 0x97, 0x99, 0x9B, 0xB5, 0xB7, 0xB9, 0xBB)  # fmt: skip


def classic_land_nodes(hexes: tuple[int, ...] = CLASSIC_LAND_HEXES) -> tuple[int, ...]:
    """The land nodes (54 classic, 80 on the 6-player board), in the order JSettlers lists them
    (its HashSet order: by node & 127)."""
    nodes = {hex_ + offset for hex_ in hexes for offset in HEX_NODE_OFFSETS}
    return tuple(sorted(nodes, key=lambda n: (n & 127, n)))


def six_player_board(room: "GameRoom") -> bool:
    """Whether a game is on the 6-player board (more than 4 players, or option PLB)."""
    return room.seat_count > MAX_PLAYERS_STANDARD


# Texts JSettlers shows in a game window (GameServerText).
FETCHING_ROBOT = "Fetching a robot player..."
GAME_NOT_FOUND = "Game not found."
SIT_STARTED = "This game has already started; to play you must take over a robot."
SIT_FULL = "This game is full; you cannot sit down."
SIT_CLAIMED = "This seat is claimed by another game member, choose another."
START_MUST_SIT = "To start the game, at least one player must sit down."
START_ALL_LOCKED = "The only player cannot lock all seats. To start the game, other players or robots must join."
START_NO_ROBOTS = "No robots on this server, please fill at least {0} seats before starting."
START_FEW_ROBOTS = "Not enough robots to fill all the seats.{0} Only {1} robots are available."


def seating(room: "GameRoom") -> list[Message]:
    """The seat locks and who sits where, as a joining client is told them."""
    seated = [(pn, player) for pn, player in enumerate(room.seats) if player is not None]
    return [SetSeatLock(room.name, tuple(room.locks)),
            *(SitDown(room.name, player, pn, room.robots[pn]) for pn, player in seated)]


def join_sequence(room: "GameRoom", members: Sequence[str]) -> list[Message]:
    """What a client joining a game that has not started is sent, as an observer, before the
    members hear of it (JSettlers' ``joinGame``): its seats, locks and faces, the empty board,
    every player's starting elements, the game's elements, `members` and the game state.  The
    live lobby sends it; a `.soclog` export writes it as ``ob:`` lines."""
    sea = room_sea_layout(room)
    if sea is None:
        return _classic_join_head(room) + _join_tail(room, members, PIECES_CLASSIC, DEV_CARDS_CLASSIC)
    deck = len(DECK_SIX if six_player_board(room) else DECK)
    return _sea_join_head(room, sea) + _join_tail(room, members, PIECES_FORTRESSES if sea.fortresses else PIECES_SEA,
                                                  deck)


def _classic_join_head(room: "GameRoom") -> list[Message]:
    name = room.name
    out: list[Message] = [JoinGameAuth(name), *seating(room)]
    six = six_player_board(room)
    if room.state != State.NEW:  # a brand-new game's empty board is implied
        if six:
            empty = (("HL", (WATER,) * BOARD_SIZE), ("NL", (0,) * BOARD_SIZE), ("RH", "-1"))
            out.append(BoardLayout2(name, 2, empty))
        else:
            out.append(BoardLayout(name, (WATER,) * BOARD_SIZE, (-1,) * BOARD_SIZE, -1))
    out.append(PotentialSettlements(name, -1, classic_land_nodes(SIX_LAND_HEXES if six else CLASSIC_LAND_HEXES)))
    return out


def _sea_join_head(room: "GameRoom", layout: SeaLayout) -> list[Message]:
    """On a sea board: the board's size, the empty large board (its visual shift only), no legal
    nodes yet, and the cloth supply in Cloth Trade."""
    name = room.name
    out: list[Message] = [sea_join_auth(name, layout), *seating(room)]
    if room.state != State.NEW:
        out.append(BoardLayout2(name, LARGE_ENCODING, (("VS", layout.visual_shift),) if layout.visual_shift else ()))
    out.append(PotentialSettlements(name, -1, ()))
    if layout.villages:
        out.append(PlayerElement(name, -1, ElementAction.SET, PE.SCENARIO_CLOTH_COUNT, 0))
    return out


def _join_tail(room: "GameRoom", members: Sequence[str], pieces: tuple, deck: int) -> list[Message]:
    """Every player's starting elements, the game's elements, `members` and the state."""
    name = room.name
    out: list[Message] = [GameElements(name, ((GameElementType.CURRENT_PLAYER, -1),))]
    for pn in range(room.seat_count):
        counts = ((PE.LAST_SETTLEMENT_NODE, 0), (PE.UNKNOWN_RESOURCE, 0), (PE.NUMKNIGHTS, 0), *pieces)
        out += [PlayerElements(name, pn, ElementAction.SET, counts), ChangeFace(name, pn, room.faces[pn])]
        if pn == 0:
            out.append(DiceResult(name, -1))
    out += [
        GameElements(name, ((GameElementType.DEV_CARD_COUNT, deck), (GameElementType.ROUND_COUNT, 0),
                            (GameElementType.FIRST_PLAYER, -1), (GameElementType.LONGEST_ROAD_PLAYER, -1),
                            (GameElementType.LARGEST_ARMY_PLAYER, -1))),  # fmt: skip
        room.timing(),
        *chat_recap(room),
        GameMembers(name, tuple(members)),
        GameState(name, room.state),
    ]
    return out


def room_sea_layout(room: "GameRoom") -> SeaLayout | None:
    """The sea layout a game is played on (None: a classic board)."""
    options = room.options
    if not (options.get("SBL", OptionValue()).flag or options.get("SC", OptionValue()).text):
        return None
    return layout_for(options.get("SC", OptionValue()).text, six_player_board(room))


def chat_recap(room: "GameRoom") -> list[Message]:
    """The recent chat a joining client is shown, between the server's two recap lines (none
    before anyone has chatted)."""
    if not room.chat:
        return []
    return [GameTextMsg(room.name, SERVER_FOR_CHAT, "Recap of recent chat ::"),
            *(GameTextMsg(room.name, nickname, text) for nickname, text in room.chat),
            GameTextMsg(room.name, SERVER_FOR_CHAT, "Recap ends ::")]


@dataclass
class GameRoom:
    """One game on the server, before (and around) its start."""

    name: str
    options: dict[str, OptionValue]
    created_at: int
    seats: list[str | None] = field(default_factory=lambda: [None] * MAX_PLAYERS_STANDARD)
    robots: list[bool] = field(default_factory=lambda: [False] * MAX_PLAYERS_STANDARD)
    # the connection that sat down in each seat: a seat belongs to it, not to its nickname
    holders: list[ServerConnection | None] = field(default_factory=lambda: [None] * MAX_PLAYERS_STANDARD)
    faces: list[int] = field(default_factory=lambda: [DEFAULT_FACE] * MAX_PLAYERS_STANDARD)
    locks: list[SeatLock] = field(default_factory=lambda: [SeatLock.UNLOCKED] * MAX_PLAYERS_STANDARD)
    state: int = State.NEW
    finished_at: int = 0  # when the game was over (seconds, as `created_at`); 0 until then
    members: list[ServerConnection] = field(default_factory=list)
    invitations: dict[ServerConnection, int] = field(default_factory=dict)  # robot -> seat asked
    bots: dict[int, str] = field(default_factory=dict)  # seat -> tablehall bot kind playing it
    # a table hosted for the web hall or the arena (core.hosting.Table): seats played by agents
    # its caller runs, and seats held for clients (pn -> the nickname it waits for, None: anyone)
    table: Any = None
    agents: dict[int, Any] = field(default_factory=dict)
    held: dict[int, str | None] = field(default_factory=dict)
    bots_only: bool = False  # started with no human in a seat: it plays on without humans
    play: Any = None  # the running game (play.GamePlay) once started
    log: list[Entry] | None = None  # every message sent, with its audience (ServerConfig.game_log)
    # the last lines of chat (nickname, text), recapped to people joining; emptied with the game
    chat: deque[tuple[str, str]] = field(default_factory=lambda: deque(maxlen=CHAT_RECAP_LINES))

    def __post_init__(self) -> None:
        # JSettlers' maxPlayers: 6 seats for more than 4 players or the 6-player board, else 4
        pl, plb = self.options.get("PL"), self.options.get("PLB")
        seats = MAX_PLAYERS if (pl is not None and pl.number > 4) or (plb is not None and plb.flag) else 4
        for name in ("seats", "robots", "holders", "faces", "locks"):
            values = getattr(self, name)
            if len(values) != seats:
                setattr(self, name, (values + values[-1:] * seats)[:seats])

    @property
    def seat_count(self) -> int:
        """The game's seats (JSettlers' maxPlayers): 4, or 6."""
        return len(self.seats)

    @property
    def max_players(self) -> int:
        pl = self.options.get("PL")
        return pl.number if pl is not None else MAX_PLAYERS_STANDARD

    @property
    def packed_options(self) -> str:
        """The game's options as announced; a scenario game's sorted by key, as the Java server
        announces them."""
        if self.options.get("SC", OptionValue()).text:
            return pack_options(dict(sorted(self.options.items())))
        return pack_options(self.options)

    @property
    def robot_options(self) -> str:
        """The game's options as its invited robots are told them; a scenario game's in the
        order of the Java server's option map (the asked options, then the scenario's)."""
        if self.options.get("SC", OptionValue()).text:
            return pack_options({key: self.options[key] for key in hash_map_order(self.options)})
        return pack_options(self.options)

    @property
    def started(self) -> bool:
        return self.state >= State.START1A

    def timing(self) -> GameStats:
        """The game's timing, as the lobby's "Game Info" and a joining client are told it:
        created at, 1 once started, finished at (0 until the game is over)."""
        values = (self.created_at, int(self.started), self.finished_at)
        return GameStats(self.name, stats_type=GameStats.TYPE_TIMING, values=values)

    def seat_of(self, conn: ServerConnection) -> int | None:
        """The seat `conn` itself sat down in (its first); a namesake gets nothing."""
        try:
            return self.holders.index(conn)  # connections are equal only to themselves
        except ValueError:
            return None

    def seated_count(self) -> int:
        return sum(name is not None for name in self.seats)

    def available_seats(self) -> int:
        return self.max_players - self.seated_count()

    def humans(self) -> list[ServerConnection]:
        return [m for m in self.members if not m.is_robot]

    def member_at(self, pn: int) -> ServerConnection | None:
        """The connected client sitting in seat `pn`, if any."""
        holder = self.holders[pn]
        return holder if holder is not None and holder in self.members else None

    def member_names(self) -> tuple[str, ...]:
        """Members as `GameMembers` lists them: clients, then the tablehall bots and the table's
        agents seated."""
        others = sorted({*self.bots, *self.agents})
        return (*(m.nickname or "" for m in self.members), *(self.seats[pn] or "" for pn in others))

    def waiting_seats(self) -> list[int]:
        """A table's held seats nobody has taken yet."""
        return [pn for pn in self.held if self.seats[pn] is None]

    # --- sending with audiences (and logging what is sent, when the log is kept) ----------------

    def note(self, *entries: Entry) -> None:
        """Add to the log, if it is kept: something sent (or told) with its audience."""
        if self.log is not None:
            self.log.extend(entries)

    def to_all(self, *messages: Message) -> None:
        data = frames(messages)
        for member in self.members:
            member.send_frames(data)
        if self.log is not None:
            self.log.extend(Entry(ALL, m) for m in messages)

    def to_one(self, conn: ServerConnection, audience: Audience, *messages: Message) -> None:
        conn.send(*messages)
        if self.log is not None:
            self.log.extend(Entry(audience, m) for m in messages)

    def to_clients_older_than(self, version: int, *messages: Message) -> None:
        """Server texts only clients older than `version` are sent, as the Java server sends
        texts that newer clients print by themselves (its ``messageToGameForVersions``); not
        kept in the log, as the Java server's recordings do not have them."""
        for member in self.humans():
            if (member.client_version or 0) < version:
                member.send(*messages)

    def text(self, text: str) -> None:
        """Server text for the game: shown to humans, never sent to robots (they ignore it)."""
        message = GameServerText(self.name, text)
        for member in self.humans():
            member.send(message)
        self.note(Entry(ALL, message))

    def deliver(self, entries: Iterable[Entry]) -> None:
        """Send logged entries to the members their audiences reach (observers get ``all`` and
        ``!pN`` messages); server texts are never sent to robots.

        Each message is framed once, each member's share goes out in one write, and a share
        several members get (every robot's, when every message is for everyone, as after most
        moves) is joined once."""
        if not isinstance(entries, list):
            entries = list(entries)
        if self.log is not None:
            self.log.extend(entries)
        members = self.members
        if not members or not entries:
            return
        messages = list(map(_MESSAGE, entries))
        # each entry's audience as bits (`Audience.reach_bits`): a member's share is the entries
        # whose bits have its own
        masks = list(map(_REACH_BITS, entries))
        texts = GameServerText in map(type, messages)
        everyone = masks.count(EVERYONE_BITS) == len(masks)
        if everyone and not texts:  # every message for every member: most moves
            data = frames(messages)
            for member in members:
                member.send_frames(data)
            return
        framed = frame_each(messages)
        # the bits robots go by: none for server texts
        robot_masks = list(map(and_, masks, map(_SPOKEN_BITS.get, map(type, messages), repeat(-1)))) if texts else masks
        if everyone:  # every message for everyone, and texts that robots are not sent
            for_robots, for_humans = b"".join(compress(framed, robot_masks)), b"".join(framed)
            for member in members:
                member.send_frames(for_robots if member.is_robot else for_humans)
            return
        seat_of = self.holders.index  # a connection's first seat
        for member in members:  # each member its own share (a roll's hands, a robbery)
            try:
                bit = 1 << seat_of(member)
            except ValueError:  # not seated: an observer
                bit = OBSERVERS_BIT
            share = compress(framed, map(bit.__and__, robot_masks if member.is_robot else masks))
            member.send_frames(b"".join(share))

    def record_from(self, conn: ServerConnection, message: Message) -> None:
        if self.log is not None:
            seat = self.seat_of(conn)
            self.log.append(Entry(FROM_OBSERVER if seat is None else from_player(seat), message))


#: the messages about a game the lobby answers itself (`PregameLobby.game_message`)
_ROOM_MESSAGES = frozenset((SitDown, StartGame, SetSeatLock, ChangeFace, LeaveGame, GameTextMsg, GameStats))
_MESSAGE = attrgetter("message")
_REACH_BITS = attrgetter("audience.reach_bits")
_SPOKEN_BITS = {GameServerText: 0}  # a message's bits for robots: none for server texts
EVERYONE_BITS = ALL.reach_bits


StartHook = Callable[[GameRoom], None]
ActionHook = Callable[[GameRoom, ServerConnection, Message], None]
RobotChooser = Callable[[GameRoom, list[ServerConnection], int], list[ServerConnection]]
SeatLeftHook = Callable[[GameRoom, int], None]
TakeOverHook = Callable[[GameRoom, ServerConnection, int], bool]


def first_robots(room: GameRoom, available: list[ServerConnection], count: int) -> list[ServerConnection]:
    """Default robot choice: the longest-connected robots (JSettlers picks at random)."""
    return available[:count]


class PregameLobby:
    """Names, games and channels of one JSettlers listener, up to each game's start."""

    def __init__(
        self,
        config: ServerConfig,
        clock: Callable[[], float],
        on_start: StartHook | None = None,
        on_game_action: ActionHook | None = None,
        choose_robots: RobotChooser = first_robots,
        fill_bot: str | None = None,
        on_seat_left: SeatLeftHook | None = None,
        on_idle_robot: Callable[[], None] | None = None,
        game_picture: Callable[[GameRoom], list[Message]] | None = None,
        on_take_over: TakeOverHook | None = None,
        on_rejoin: TakeOverHook | None = None,
    ) -> None:
        self.config = config
        self.clock = clock
        self.on_start = on_start
        self.on_game_action = on_game_action
        self.choose_robots = choose_robots
        self.fill_bot = fill_bot  # tablehall bot kind for seats no connected robot takes
        self.on_seat_left = on_seat_left
        self.on_idle_robot = on_idle_robot
        self.game_picture = game_picture  # what a client joining a game under way is told
        self.on_take_over = on_take_over
        self.on_rejoin = on_rejoin  # a client sitting down again in a game resumed after a restart
        self.connections: list[ServerConnection] = []
        self.names: dict[str, ServerConnection] = {}
        self.robots: list[ServerConnection] = []
        self.games: dict[str, GameRoom] = {}
        self.channels: dict[str, list[ServerConnection]] = {}

    # --- connections and names ---------------------------------------------------------------

    def connected(self, conn: ServerConnection) -> None:
        self.connections.append(conn)

    def disconnected(self, conn: ServerConnection) -> None:
        for room in [r for r in self.games.values() if conn in r.members or conn in r.invitations]:
            invited = room.invitations.pop(conn, None)
            if conn in room.members:
                self._leave(room, conn)
            if invited is not None:
                self._invitation_lost(room, invited)
        for channel in [c for c, members in self.channels.items() if conn in members]:
            self._leave_channel(channel, conn)
        if conn.nickname is not None and self.names.get(conn.nickname) is conn:
            del self.names[conn.nickname]
        if conn in self.robots:
            self.robots.remove(conn)
        if conn in self.connections:
            self.connections.remove(conn)

    def broadcast(self, message: Message) -> None:
        data = frames((message,))
        for conn in self.connections:
            conn.send_frames(data)

    def claim_name(self, conn: ServerConnection, nickname: str, password: str) -> StatusMessage | None:
        if nickname in self.names:
            return StatusMessage(NAME_IN_USE, StatusValue.NAME_IN_USE)
        if self._reserved(nickname):
            return StatusMessage(NAME_NOT_ALLOWED, StatusValue.NAME_NOT_ALLOWED)
        expected = self.config.accounts.get(nickname)
        if expected is None and self.config.identities.registered(nickname):
            refusal = self._account_login(conn, nickname, password)
            if refusal is not None:
                return refusal
        elif (expected is None and password) or (expected is not None and password != expected):
            return StatusMessage(f'Incorrect password for "{nickname}".', StatusValue.PW_WRONG)
        self.names[nickname] = conn
        return None

    def _account_login(self, conn: ServerConnection, nickname: str, password: str) -> StatusMessage | None:
        """A registered nickname's password, checked by the server's accounts (off the event
        loop, before this second pass: `ServerConnection.proof_for`): the Java server's answers
        for a missing or wrong one, the reason for any other refusal."""
        if not password:
            return StatusMessage(f'Password required for "{nickname}".', StatusValue.PW_REQUIRED)
        checked, refused = conn.proof_for(nickname)
        if not checked:
            refused = self.check_password(nickname, password, conn.address)
        if isinstance(refused, NameRefused):
            if refused.kind is Refusal.WRONG_PASSWORD:
                return StatusMessage(f'Incorrect password for "{nickname}".', StatusValue.PW_WRONG)
            return StatusMessage(str(refused), StatusValue.NOT_OK_GENERIC)
        return None

    def password_to_check(self, nickname: str, password: str) -> bool:
        return (bool(password) and nickname not in self.config.accounts
                and self.config.identities.registered(nickname))

    def check_password(self, nickname: str, password: str, address: str) -> NameRefused | None:
        """Slow (Argon2): the connection runs it off the event loop."""
        try:
            self.config.identities.login(nickname, password, address=address)
        except NameRefused as refused:
            return refused
        return None

    def create_account(self, nickname: str, password: str, address: str) -> StatusMessage:
        """`CreateAccount`, answered as the Java server answers: created (7), a name in use
        (4), not allowed by this server (17: registration closed), or not created (8, why)."""
        identities = self.config.identities
        if not identities.may_register():
            return StatusMessage("This server does not take new accounts.", StatusValue.ACCT_NOT_CREATED_DENIED)
        if nickname in self.config.accounts or self._reserved(nickname):
            return StatusMessage(NAME_NOT_ALLOWED, StatusValue.NAME_NOT_ALLOWED)
        try:
            identities.register(nickname, password, address=address)
        except NameRefused as refused:
            if refused.kind is Refusal.TAKEN:
                return StatusMessage(f'The nickname "{nickname}" is already in use.', StatusValue.NAME_IN_USE)
            return StatusMessage(f"Account not created: {refused}", StatusValue.ACCT_NOT_CREATED_ERR)
        return StatusMessage(f'Account created for "{nickname}".', StatusValue.ACCT_CREATED_OK)

    def _reserved(self, nickname: str) -> bool:
        lowered = nickname.lower()
        if lowered == "server" or lowered.startswith(("robot ", "droid ", self._own_bot_names)):
            return True
        return nickname in self.config.debug_users and not self.config.debug_commands

    @property
    def _own_bot_names(self) -> str:
        return self.config.own_bot_prefix.lower() + " "

    def claim_robot_name(self, conn: ServerConnection, nickname: str) -> StatusMessage | None:
        """Log a robot in, or say why not.  `droid N` are tablehall's own bots, `Server`
        speaks for the server and debug users hold debug powers: no robot may take those
        names (JSettlers' own robots, `robot N`, may log in as such)."""
        lowered = nickname.lower()
        if lowered == "server" or lowered.startswith(self._own_bot_names) or nickname in self.config.debug_users:
            return StatusMessage(NAME_NOT_ALLOWED, StatusValue.NAME_NOT_ALLOWED)
        if nickname in self.names:
            return StatusMessage(NAME_IN_USE, StatusValue.NAME_IN_USE)
        self.names[nickname] = conn
        self.robots.append(conn)
        if self.on_idle_robot is not None:
            self.on_idle_robot()  # the service looks on its next turn, after the login reply
        return None

    def game_list(self) -> list[tuple[str, str]]:
        return [(name, room.packed_options) for name, room in self.games.items()]

    def channel_list(self) -> list[str]:
        return list(self.channels)

    # --- creating and joining games ------------------------------------------------------------

    def create_game(self, conn: ServerConnection, game: str, options: str) -> None:
        game = game.strip()
        if not self._game_name_ok(conn, game):
            return
        if game in self.games:
            conn.send(StatusMessage("A game with this name already exists, please choose a different name.",
                                    StatusValue.NEWGAME_ALREADY_EXISTS))  # fmt: skip
            return
        try:
            values = adjust_options(parse_options(options), self.config.offer)
        except UnknownOption as error:
            conn.send(StatusMessage(
                "Unknown game option(s) were requested, cannot create this game. " + ", ".join(error.keys),
                StatusValue.NEWGAME_OPTION_UNKNOWN))  # fmt: skip
            return
        except ValueError as error:
            conn.send(StatusMessage(f"Cannot create this game: {error}", StatusValue.NEWGAME_OPTION_VALUE_TOONEW))
            return
        room = self._new_room(game, values)
        announce = NewGameWithOptions(game, game_min_version(room.options), room.packed_options)
        room.note(Entry(ALL, announce))
        self.broadcast(announce)
        self._join(room, conn)

    def join_game(self, conn: ServerConnection, game: str) -> None:
        game = game.strip()
        room = self.games.get(game)
        if room is None:
            if not self._game_name_ok(conn, game):
                return
            room = self._new_room(game, {})
            announce = NewGame(game)
            room.note(Entry(ALL, announce))
            self.broadcast(announce)
        if conn not in room.members:
            self._join(room, conn)

    def _game_name_ok(self, conn: ServerConnection, game: str) -> bool:
        if len(game) > GAME_NAME_MAX_LENGTH:
            conn.send(StatusMessage(f"Please choose a shorter name; maximum length: {GAME_NAME_MAX_LENGTH}",
                                    StatusValue.NAME_TOO_LONG))  # fmt: skip
            return False
        if not is_single_line_and_safe(game) or game == "*" or game.startswith("?"):
            conn.send(StatusMessage("This name is not permitted, please choose a different name.",
                                    StatusValue.NEWGAME_NAME_REJECTED))  # fmt: skip
            return False
        return True

    def _new_room(self, game: str, options: dict[str, OptionValue]) -> GameRoom:
        room = GameRoom(game, options, int(self.clock()), log=[] if self.config.game_log else None)
        room.note(Entry(ALL, self.config.version_message()))
        self.games[game] = room
        return room

    def _join(self, room: GameRoom, conn: ServerConnection) -> None:
        """The join sequence (JSettlers' ``joinGame``); a game under way sends, after the seats,
        the whole picture instead of the empty board."""
        room.members.append(conn)
        auth, *rest = join_sequence(room, room.member_names())
        room.to_one(conn, OBSERVER, auth)
        conn.welcome_once()
        if room.play is not None and self.game_picture is not None:  # a game under way
            room.to_one(conn, OBSERVER, *seating(room))
            self._join_started(room, conn)
            return
        room.to_one(conn, OBSERVER, *rest)
        room.to_all(JoinGame(conn.nickname or "", "", "	", room.name))

    def _join_started(self, room: GameRoom, conn: ServerConnection) -> None:
        """The rest of the join sequence for a game under way: the whole picture (`joining`)."""
        assert self.game_picture is not None
        name = room.name
        room.to_one(conn, OBSERVER, *self.game_picture(room))
        room.to_one(conn, OBSERVER, room.timing(), *chat_recap(room),
                    GameMembers(name, room.member_names()), GameState(name, room.state))
        room.to_all(JoinGame(conn.nickname or "", "", "\t", name))
        if State.START2A <= room.state < State.OVER:
            seated_robot = any(player is not None and room.robots[pn] for pn, player in enumerate(room.seats))
            conn.send(GameServerText(name, JOINED_STARTED_BOTS if seated_robot else JOINED_STARTED))

    # --- game-scoped messages ------------------------------------------------------------------

    def game_message(self, conn: ServerConnection, message: Message) -> None:
        room = self.games.get(getattr(message, "game", ""))
        if room is None:
            if isinstance(message, SitDown):
                conn.send(GameServerText(message.game, GAME_NOT_FOUND))
            return  # JSettlers ignores messages for games it does not have
        if conn not in room.members:
            if isinstance(message, GameStats):  # "Game Info" in the lobby: anyone may ask
                self._game_stats(room, conn, message)
            return
        if room.log is not None:
            room.record_from(conn, message)
        if type(message) not in _ROOM_MESSAGES:  # a game action, the usual message: the game's
            if room.state >= State.START1A and self.on_game_action is not None:  # started
                self.on_game_action(room, conn, message)
        elif isinstance(message, SitDown):
            self._sit(room, conn, message.pn)
        elif isinstance(message, StartGame):
            self._start_request(room)
        elif isinstance(message, SetSeatLock):
            self._set_lock(room, message)
        elif isinstance(message, ChangeFace):
            self._change_face(room, conn, message.face)
        elif isinstance(message, LeaveGame):
            self._leave(room, conn)
        elif isinstance(message, GameTextMsg):
            self._game_text(room, conn, message.text)
        elif isinstance(message, GameStats):
            self._game_stats(room, conn, message)

    def _sit(self, room: GameRoom, conn: ServerConnection, pn: int) -> None:
        invited = room.invitations.pop(conn, None)
        if not 0 <= pn < room.seat_count:
            return
        if room.play is not None and self.on_rejoin is not None and self.on_rejoin(room, conn, pn):
            return
        if self._take_over(room, conn, pn):
            return
        started = room.state >= State.START2A
        full = room.available_seats() < 1
        refusal = None
        held = room.held.get(pn, "") if room.table is not None else None
        if room.seats[pn] is not None or room.seat_of(conn) is not None:
            refusal = SIT_CLAIMED
        elif room.table is not None and (pn not in room.held or held not in (None, conn.nickname)):
            refusal = SIT_CLAIMED  # a table's seat is held for its own client
        elif started and invited is None:
            refusal = SIT_STARTED
        elif full:
            refusal = SIT_FULL
        if refusal is not None:
            if conn.is_robot:
                room.to_one(conn, OBSERVER, RobotDismiss(room.name))
            else:
                conn.send(GameServerText(room.name, refusal))
            if invited is not None:
                self._invitation_lost(room, invited)
            return
        self._seat(room, pn, conn.nickname or "", conn.is_robot, conn)
        self._start_when_seated(room)

    def _take_over(self, room: GameRoom, conn: ServerConnection, pn: int) -> bool:
        """A person sitting in a robot's seat of a game under way takes it over (JSettlers:
        "to play, take over a robot"), unless the seat is locked; the adapter decides the rest."""
        return (room.play is not None and room.seats[pn] is not None and room.robots[pn] and not conn.is_robot
                and room.seat_of(conn) is None and room.locks[pn] != SeatLock.LOCKED
                and self.on_take_over is not None and self.on_take_over(room, conn, pn))

    def _seat(self, room: GameRoom, pn: int, nickname: str, robot: bool, conn: ServerConnection | None) -> None:
        """The sit-down sequence (a tablehall bot has no connection to receive its resources)."""
        name = room.name
        room.seats[pn] = nickname
        room.robots[pn] = robot
        room.holders[pn] = conn
        if robot and conn is None:  # a tablehall bot, or a table's in-process bot: no client to choose its face
            room.faces[pn] = ROBOT_FACE
        if room.table is not None and pn in room.held:
            room.table.take(pn, nickname)
        resources = tuple((element, 0) for element in range(PE.CLAY, PE.UNKNOWN_RESOURCE + 1))
        room.to_all(SitDown(name, nickname, pn, robot))
        hand = PlayerElements(name, pn, ElementAction.SET, resources)
        if conn is not None:
            room.to_one(conn, to_player(pn), hand)
        else:
            room.note(Entry(to_player(pn), hand))
        room.to_all(GameState(name, room.state), ChangeFace(name, pn, room.faces[pn]))

    def _seat_bot(self, room: GameRoom, pn: int, kind: str | None = None) -> None:
        """A tablehall bot joins the game and sits in seat `pn`."""
        kind = kind or self.fill_bot
        assert kind is not None
        taken = set(self.names) | {n for r in self.games.values() for n in r.seats if n}
        prefix = self.config.own_bot_prefix
        number = next(k for k in range(1, 10**6) if f"{prefix} {k}" not in taken)
        nickname = f"{prefix} {number}"
        room.bots[pn] = kind
        room.to_all(JoinGame(nickname, "", "\t", room.name))
        self._seat(room, pn, nickname, True, None)

    def _seat_agent(self, room: GameRoom, pn: int, agent: Any) -> None:
        """An agent the table's caller runs (a person in the browser, an in-process bot) sits
        in seat `pn` under its own name."""
        room.agents[pn] = agent
        room.to_all(JoinGame(agent.name, "", "\t", room.name))
        self._seat(room, pn, agent.name, agent.trusted, None)

    def _invitation_lost(self, room: GameRoom, pn: int) -> None:
        """An invited robot will not sit (refused, gone): a tablehall bot takes its seat (a
        table's held seat waits for the next robot instead)."""
        if self.games.get(room.name) is not room or room.state != State.READY or room.seats[pn] is not None:
            return
        if pn in room.held:
            return
        if not room.humans() and not room.invitations and room.table is None and all(h is None for h in room.holders):
            # a robots-only game the server formed, every robot asked gone before it began: there
            # is nobody to play it for (not a game of tablehall bots alone, played to no one)
            self.delete_game(room, "its robots left before it began")
            return
        if self.fill_bot is not None:
            self._seat_bot(room, pn)
            self._start_when_seated(room)
        else:
            room.text(START_FEW_ROBOTS.format("", 0))

    def _start_when_seated(self, room: GameRoom) -> None:
        if room.state == State.READY and not room.invitations and not room.waiting_seats():
            self._start(room)

    def _set_lock(self, room: GameRoom, message: SetSeatLock) -> None:
        if message.pn is None or not 0 <= message.pn < room.seat_count:
            return
        room.locks[message.pn] = message.states[0]
        room.to_all(SetSeatLock(room.name, message.states, message.pn))

    def _change_face(self, room: GameRoom, conn: ServerConnection, face: int) -> None:
        pn = room.seat_of(conn)
        if pn is not None:
            room.faces[pn] = face
            room.to_all(ChangeFace(room.name, pn, face))

    def _game_text(self, room: GameRoom, conn: ServerConnection, text: str) -> None:
        command, _, argument = text.partition(" ")
        debug_user = self.config.debug_commands and conn.nickname in self.config.debug_users
        if debug_user and command.startswith("*"):  # a debug command, never chat
            if command.upper() == "*STARTBOTGAME*":
                try:
                    most = int(argument) if argument.strip() else 0
                except ValueError:
                    most = 0
                self._start_request(room, bots_only_most=most, bots_only=True)
            else:
                conn.send(GameServerText(room.name, f"tablehall has no debug command {command}."))
            return
        chat = GameTextMsg(room.name, conn.nickname or "", text)
        for member in room.members:
            member.send(chat)
        room.chat.append((chat.nickname, text))

    def _game_stats(self, room: GameRoom, conn: ServerConnection, message: GameStats) -> None:
        """A client asks for a game's timing (JSettlers 2.7.00, the lobby's "Game Info"); other
        kinds of statistics are not asked for, and are ignored as Java ignores them."""
        if message.stats_type == GameStats.TYPE_TIMING:
            conn.send(room.timing())

    def _leave(self, room: GameRoom, conn: ServerConnection) -> None:
        room.members.remove(conn)
        pn = room.seat_of(conn)
        if pn is not None and not room.started:
            room.seats[pn] = None
            room.robots[pn] = False
            room.holders[pn] = None
            if room.table is not None:
                room.table.free(pn)  # a table's seats are its first player numbers
        room.to_all(LeaveGame(conn.nickname or "", "-", room.name))
        running = room.play is not None and not room.play.finished
        if pn is not None and running and self.on_seat_left is not None:
            self.on_seat_left(room, pn)
        if conn.is_robot and self.on_idle_robot is not None:
            self.on_idle_robot()
        if not room.humans() and not (running and room.bots_only) and room.table is None:
            self.delete_game(room, "the last player left")  # a table lives until its match ends

    def delete_game(self, room: GameRoom, reason: str) -> None:
        """Remove a game: stop it if it runs, and tell every client (robots then leave it)."""
        if self.games.get(room.name) is not room:
            return
        del self.games[room.name]
        room.chat.clear()
        if room.play is not None:
            room.play.abort(reason)
        elif room.table is not None:
            room.table.cancel(reason)
        self.broadcast(DeleteGame(room.name))
        if self.on_idle_robot is not None and any(m.is_robot for m in room.members):
            self.on_idle_robot()

    # --- starting ------------------------------------------------------------------------------

    def _start_request(self, room: GameRoom, bots_only_most: int = 0, bots_only: bool = False) -> None:
        """A client asks to start (or a debug user to start a robots-only game): JSettlers'
        ``handleSTARTGAME``.  Empty unlocked seats are offered to connected robots, and to
        tablehall bots where no robot is free; the game starts once everyone asked has sat down."""
        if room.state != State.NEW:
            return
        empty_unlocked = [pn for pn in range(room.seat_count)
                          if room.seats[pn] is None and room.locks[pn] == SeatLock.UNLOCKED]  # fmt: skip
        any_locked = any(room.seats[pn] is None and room.locks[pn] != SeatLock.UNLOCKED
                         for pn in range(room.seat_count))  # fmt: skip
        players = room.seated_count()
        wanted = min(len(empty_unlocked), room.available_seats())
        if players == 0:
            if not (bots_only and self.config.allow_bot_games):
                room.text(START_MUST_SIT)
                return
            if bots_only_most:
                wanted = min(wanted, bots_only_most)
        if wanted == 0:
            if players < MIN_PLAYERS:
                room.text(START_ALL_LOCKED)
                return
            room.state = State.READY
            self._start(room)
            return
        available = self.idle_robots()
        if self.fill_bot is None:
            if not available:
                if players < MIN_PLAYERS:
                    room.text(START_NO_ROBOTS.format(MIN_PLAYERS))
                    return
                room.state = State.READY
                self._start(room)
                return
            if wanted > len(available):
                lock_hint = "" if any_locked else " Lock some seats."
                room.text(START_FEW_ROBOTS.format(lock_hint, len(available)))
                return
        robots = self.choose_robots(room, available, min(wanted, len(available)))
        room.state = State.READY
        seats = empty_unlocked[:wanted]
        self._invite_robots(room, seats[: len(robots)], robots)
        for pn in seats[len(robots):]:
            self._seat_bot(room, pn)
        self._start_when_seated(room)

    # --- tables (the web hall, the arena) ---------------------------------------------------------

    def create_table(self, game: str, options: str, entrants: list[Any], table: Any) -> GameRoom:
        """A game hosted for `table`: each entrant is an agent (seated under its name), a
        tablehall bot kind (a str), or an open seat (an object with `name`: held for the client
        logging in under that name, or for anyone when None).  Connected robots are invited into
        held seats now and as they become idle; people may join and sit in them."""
        room = self._new_room(game, parse_options(options))
        room.table = table
        announce = NewGameWithOptions(game, game_min_version(room.options), room.packed_options)
        room.note(Entry(ALL, announce))
        self.broadcast(announce)
        for pn in range(len(entrants), room.seat_count):
            room.locks[pn] = SeatLock.LOCKED
        room.state = State.READY
        for pn, entrant in enumerate(entrants):
            if isinstance(entrant, str):
                self._seat_bot(room, pn, entrant)
            elif hasattr(entrant, "decide"):
                self._seat_agent(room, pn, entrant)
            else:
                room.held[pn] = entrant.name
        self.invite_to_tables()
        self._start_when_seated(room)
        return room

    def invite_to_tables(self) -> None:
        """Invite idle robots into tables' held seats: the robot of that name, or for a seat
        held for anyone a robot no table waits for by name."""
        rooms = [r for r in self.games.values() if r.table is not None and r.state == State.READY]
        named = {name for r in rooms for pn, name in r.held.items() if name is not None and r.seats[pn] is None}
        for room in rooms:
            invited = set(room.invitations.values())
            for pn in room.waiting_seats():
                if pn in invited:
                    continue
                wanted = room.held[pn]
                idle = [r for r in self.idle_robots()
                        if (r.nickname == wanted if wanted is not None else r.nickname not in named)]
                if idle:
                    self._invite_robots(room, [pn], idle[:1])

    def idle_robots(self) -> list[ServerConnection]:
        """Connected robots in no game and asked to join none (longest connected first)."""
        busy = {m for r in self.games.values() for m in (*r.members, *r.invitations)}
        return [r for r in self.robots if r not in busy]

    def restore_game(self, game: str, options: str, seats: dict[int, tuple[str, bool]], bots: dict[int, str],
                     state: int) -> GameRoom:
        """A game played on after a restart, back in the game list: its seats as they were (pn:
        nickname and whether a robot plays it; `bots`: the tablehall bots' kinds), nobody
        connected to it yet.  It plays on without people until they sit down again."""
        room = self._new_room(game, parse_options(options))
        for pn in range(room.seat_count):
            if pn in seats:
                room.seats[pn], room.robots[pn] = seats[pn]
            else:
                room.locks[pn] = SeatLock.LOCKED
        for pn in bots:
            room.faces[pn] = ROBOT_FACE
        room.bots.update(bots)
        room.state = state
        room.bots_only = True
        announce = NewGameWithOptions(game, -1, room.packed_options)
        room.note(Entry(ALL, announce))
        self.broadcast(announce)
        return room

    def invite_robot(self, room: GameRoom, pn: int, robot: ServerConnection) -> None:
        """Ask `robot` to sit in seat `pn` of a game under way (as the Java server asks a robot
        to replace a player)."""
        self._invite_robots(room, [pn], [robot])

    def _invite_robots(self, room: GameRoom, seats: list[int], robots: list[ServerConnection]) -> None:
        for _ in seats:
            room.text(FETCHING_ROBOT)
        request_options = room.robot_options
        for pn, robot in zip(seats, robots):
            room.invitations[robot] = pn
            room.to_one(robot, OBSERVER, BotJoinGameRequest(room.name, pn, request_options if room.options else None))

    def _start(self, room: GameRoom) -> None:
        room.bots_only = not any(
            name is not None and not room.robots[pn] for pn, name in enumerate(room.seats))
        if self.on_start is not None:
            self.on_start(room)

    def create_bot_game(self, game: str, options: str = "", seats: int = MAX_PLAYERS_STANDARD,
                        robots: int = MAX_PLAYERS_STANDARD) -> GameRoom | None:
        """A robots-only game started by the server itself: up to `robots` connected robots are
        invited, tablehall bots take the other seats (None if the name or options are refused)."""
        available = self.idle_robots()[:robots]
        if game in self.games or not is_single_line_and_safe(game) or not 2 <= seats <= MAX_PLAYERS:
            return None
        if self.fill_bot is None and len(available) < MIN_PLAYERS:
            return None
        room = self._new_room(game, adjust_options(parse_options(options), self.config.offer))
        seats = min(seats, room.max_players)  # PL held to what the server offers
        announce = NewGameWithOptions(game, game_min_version(room.options), room.packed_options)
        room.note(Entry(ALL, announce))
        self.broadcast(announce)
        for pn in range(seats, room.seat_count):
            room.locks[pn] = SeatLock.LOCKED
        room.state = State.READY
        chosen = self.choose_robots(room, available, len(available))
        self._invite_robots(room, list(range(len(chosen))), chosen)
        for pn in range(len(chosen), seats):
            if self.fill_bot is None:
                break
            self._seat_bot(room, pn)
        self._start_when_seated(room)
        return room

    # --- chat channels -------------------------------------------------------------------------

    def channel_message(self, conn: ServerConnection, message: Message) -> None:
        if isinstance(message, JoinChannel):
            self._join_channel(conn, message.channel.strip())
        elif isinstance(message, ChannelTextMsg):
            members = self.channels.get(message.channel, [])
            if conn in members:
                for member in members:
                    member.send(ChannelTextMsg(message.channel, conn.nickname or "", message.text))
        elif isinstance(message, LeaveChannel) and conn in self.channels.get(message.channel, []):
            self._leave_channel(message.channel, conn)

    def _join_channel(self, conn: ServerConnection, channel: str) -> None:
        if not is_single_line_and_safe(channel) or len(channel) > GAME_NAME_MAX_LENGTH:
            conn.send(StatusMessage("This name is not permitted, please choose a different name.",
                                    StatusValue.NEWGAME_NAME_REJECTED))  # fmt: skip
            return
        members = self.channels.get(channel)
        if members is not None and conn in members:
            return
        conn.welcome_once()
        conn.send(JoinChannelAuth(conn.nickname or "", channel))
        if members is None:
            members = self.channels[channel] = []
            self.broadcast(NewChannel(channel))
        members.append(conn)
        conn.send(ChannelMembers(channel, tuple(m.nickname or "" for m in members)))
        for member in members:
            member.send(JoinChannel(conn.nickname or "", "", "\t", channel))

    def _leave_channel(self, channel: str, conn: ServerConnection) -> None:
        members = self.channels[channel]
        members.remove(conn)
        for member in members:
            member.send(LeaveChannel(conn.nickname or "", "-", channel))
        if not members:
            del self.channels[channel]
            self.broadcast(DeleteChannel(channel))


__all__ = ["GameRoom", "PregameLobby", "classic_land_nodes", "first_robots"]

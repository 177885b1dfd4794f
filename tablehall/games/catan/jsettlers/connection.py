"""One client connection's protocol state machine, up to game play (sans-I/O, as h11 is).

`ServerConnection` owns the connection's whole protocol state.  Bytes come in through one call,
`receive_data` (frames decoded, each message parsed and handled); everything the client is sent
goes out through one route, the connection's `write`, as frames: its own answers, what the lobby
and a game send it (`send`), and a game's batch framed once for several members
(`send_frames`).  It holds no socket and reads no clock.  What it does by itself, as the Java
server does:

* on connect: the server's `Version` and the `Channels` list;
* client `Version`: remember it, refuse clients older than ``min_client_version`` (or one that
  reports two versions) with `RejectConnection`, send the `GamesWithOptions` list and, in
  debug mode, the "Debugging is On" `StatusMessage`;
* `ImARobot`: check the cookie, the version (built-in robot brains must match the server's
  version exactly) and the name, then answer `UpdateRobotParams`; otherwise `RejectConnection`;
* `AuthRequest` and the nickname/password in `JoinGame` / `NewGameWithOptionsRequest`: name
  checks, then the lobby decides; a rejection is a `StatusMessage` with JSettlers' status value;
* game options: `GameOptionGetDefaults`, `GameOptionGetInfos` (classic options), and minimal
  `LocalizedStrings` / `ScenarioInfo` answers ("nothing to localize", "unknown scenario");
* `CreateAccount`: a new account when the server's registration is open (its Argon2 hash, like
  every account password check at login, is made through `defer`, off the event loop, while
  the client's next messages wait in order);
* `ServerPing` echoes; anything but the login messages before login gets
  "Must authenticate first"; unknown or malformed messages are ignored;
* a stream `readUTF` would refuse closes the connection; a message too long for a frame is
  left out (Java's `writeUTF` throws).

Everything about games and channels goes through the `Lobby` hooks: creating, joining and
leaving games, every game-scoped message (sit, start, seat locks, faces, chat, and later the
game actions), and chat channels.  `lobby.PregameLobby` implements them up to the start of a
game; the engine adapter plugs in at its start hook.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Callable, Mapping, Protocol, Sequence

from tablehall.core.identity import Identities, NameRefused
from tablehall.core.names import name_problem

from .constants import StatusValue
from .lobby_messages import (
    AuthRequest,
    CreateAccount,
    ChannelTextMsg,
    Channels,
    GameOptionGetDefaults,
    GameOptionGetInfos,
    GamesWithOptions,
    ImARobot,
    JoinChannel,
    LeaveAll,
    LeaveChannel,
    LocalizedStrings,
    NewGameWithOptionsRequest,
    RejectConnection,
    ScenarioInfo,
    ServerPing,
    StatusMessage,
    UpdateRobotParams,
    Version,
)
from .game_messages import JoinGame
from .framing import FrameDecoder, FrameError, FrameTooLong, encode_frame
from .message import MESSAGE_TYPES, MalformedMessage, Message, Unknown, is_single_line_and_safe, parse_cmd
from .engine_rules import served_offer
from .scenario_options import scenario_info
from .options import Offer, option_infos, packed_defaults, unoffered_infos

#: JSettlers versions this server can announce: number -> (text, build)
SERVER_VERSIONS: dict[int, tuple[str, str]] = {
    2700: ("2.7.00", "JM20260517"),
    2610: ("2.6.10", "JM20220705"),
}
BUILTIN_ROBOT_BRAIN = "soc.robot.SOCRobotBrain"
ASSUMED_CLIENT_VERSION = 1000  # a client that never sends its version is taken for 1.0.00
PLAYER_NAME_MAX_LENGTH = 20
WELCOME = "Welcome to Java Settlers of Catan!"
DEBUG_ON = "Debugging is On."
NAME_IN_USE = "Someone with that nickname is already logged into the system."
NAME_NOT_ALLOWED = "This nickname is not allowed."
DEFAULT_ROBOT_PARAMS = UpdateRobotParams(120, 35, 0.13, 1.0, 1.0, 3.0, 1.0, 1, 1)

log = logging.getLogger("tablehall.jsettlers")


def version_text(number: int) -> str:
    """2700 -> "2.7.00" (`Version.version`)."""
    return f"{number // 1000}.{number // 100 % 10}.{number % 100:02d}"


@dataclass(frozen=True)
class ServerConfig:
    """What a JSettlers listener announces and allows (the ``[jsettlers]`` config section)."""

    version: int = 2700
    features: str = ";ch;"
    # robots must present it; like the Java server, a random one unless the operator sets one
    robot_cookie: str = field(default_factory=lambda: secrets.token_hex(8))
    # tablehall's own bots are named "<prefix> N"; nobody else may log in under such a name
    own_bot_prefix: str = "droid"
    debug_commands: bool = False  # "Debugging is On", debug users may use *STARTBOTGAME*
    debug_users: frozenset[str] = frozenset({"debug"})
    allow_bot_games: bool = False  # a client may start a robots-only game
    accounts: Mapping[str, str] = field(default_factory=dict)  # nickname -> password
    # the server's accounts (docs/accounts.md): a registered nickname logs in with its password
    identities: Identities = field(default_factory=Identities)
    min_client_version: int = 2500  # the message sequences sent need 2.5.00 or newer
    robot_params: UpdateRobotParams = DEFAULT_ROBOT_PARAMS
    welcome: str = WELCOME
    offer: Offer = field(default_factory=served_offer)  # the game options offered (what the engine plays)
    # keep every message a game's members are sent, with its audience, in `GameRoom.log` (tests
    # compare it with JSettlers' recorded logs); off when serving: it grows with every move
    game_log: bool = False

    def __post_init__(self) -> None:
        if self.version not in SERVER_VERSIONS:
            raise ValueError(f"JSettlers version must be one of {sorted(SERVER_VERSIONS)}, not {self.version}")

    def version_message(self) -> Version:
        text, build = SERVER_VERSIONS[self.version]
        return Version(self.version, text, build, self.features)


class Lobby(Protocol):
    """What a connection asks of the server-wide lobby (games, names, channels)."""

    def connected(self, conn: "ServerConnection") -> None: ...

    def disconnected(self, conn: "ServerConnection") -> None:
        """`conn` is gone (closed, or sent `LeaveAll`): leave its games and channels, free its name."""

    def game_list(self) -> list[tuple[str, str]]:
        """(game name, packed options) of every game, for `GamesWithOptions`."""

    def channel_list(self) -> list[str]: ...

    def claim_name(self, conn: "ServerConnection", nickname: str, password: str) -> StatusMessage | None:
        """Log a human in: None if `nickname` is now `conn`'s, else the status to send."""

    def claim_robot_name(self, conn: "ServerConnection", nickname: str) -> StatusMessage | None:
        """Log a robot in: None if `nickname` is now `conn`'s, else the status to send."""

    def password_to_check(self, nickname: str, password: str) -> bool:
        """Whether logging in as `nickname` checks `password` against an account (slow work)."""

    def check_password(self, nickname: str, password: str, address: str) -> NameRefused | None:
        """The account check itself (run through the connection's `defer`): None if right."""

    def create_account(self, nickname: str, password: str, address: str) -> StatusMessage:
        """`CreateAccount`: make the account (run through `defer`); the status to answer."""

    def create_game(self, conn: "ServerConnection", game: str, options: str) -> None:
        """`NewGameWithOptionsRequest` from a logged-in client (options as sent)."""

    def join_game(self, conn: "ServerConnection", game: str) -> None:
        """`JoinGame` from a logged-in client: join, or create a game without options."""

    def game_message(self, conn: "ServerConnection", message: Message) -> None:
        """Any other message naming a game: sit, start, locks, faces, leave, chat, game actions."""

    def channel_message(self, conn: "ServerConnection", message: Message) -> None:
        """`JoinChannel`, `LeaveChannel`, `ChannelTextMsg`."""


class Phase(Enum):
    CONNECTED = "connected"  # waiting for the client's version
    READY = "ready"  # version known, not logged in
    LOGGED_IN = "logged in"
    CLOSING = "closing"  # rejected or left: output is flushed, then the connection closes


#: messages accepted before login (JSettlers' SOCMessageFromUnauthClient)
_BEFORE_LOGIN: frozenset[type[Message]] = frozenset((
    Version,
    AuthRequest,
    CreateAccount,
    ImARobot,
    JoinGame,
    NewGameWithOptionsRequest,
    GameOptionGetDefaults,
    GameOptionGetInfos,
    LocalizedStrings,
    ScenarioInfo,
    ServerPing,
    LeaveAll,
    JoinChannel,
))


def frame_to_send(message: Message) -> bytes:
    """`message.frame`, or nothing (logged) for a message too long for a frame, which Java's
    `writeUTF` refuses to send."""
    try:
        return encode_frame(message.to_cmd())
    except FrameTooLong:
        log.warning("message too long for a frame, left out: %.80s", message.to_cmd())
        return b""


def frame_each(messages: Sequence[Message]) -> list[bytes]:
    """`frame_to_send` of each message."""
    try:
        return [encode_frame(message.to_cmd()) for message in messages]
    except FrameTooLong:
        return [frame_to_send(message) for message in messages]


def frames(messages: Sequence[Message]) -> bytes:
    """The frames of `messages`, joined (`frame_to_send`)."""
    return b"".join(frame_each(messages))


#: how a connection has slow work done: `defer(work, then)` runs `work` (in a worker thread, in
#: the service) and calls `then` with its result back where the connection lives
Deferrer = Callable[[Callable[[], object], Callable[[object], None]], None]


def run_inline(work: Callable[[], object], then: Callable[[object], None]) -> None:
    """A connection driven by hand (tests, transcripts): the work is done at once."""
    then(work())


def _nowhere(data: bytes) -> None:
    """The output of a closing connection."""


class ServerConnection:
    """The server side of one JSettlers client connection.  `write` is its one output: it is
    given the frames to send, as bytes, and nothing once the connection is closing."""

    def __init__(self, config: ServerConfig, lobby: Lobby, write: Callable[[bytes], None],
                 peer: str = "-", defer: "Deferrer | None" = None) -> None:
        self.config = config
        self.lobby = lobby
        self.peer = peer
        self.phase = Phase.CONNECTED
        self.client_version: int | None = None
        self.client_features: str | None = None
        self.locale: str | None = None
        self.nickname: str | None = None
        self.is_robot = False
        self.robot_brain: str | None = None
        self.sent_welcome = False  # JSettlers' sentPostAuthWelcome
        self.pings_unanswered = 0
        self._told_unoffered = False
        self._write = write
        self._decoder = FrameDecoder()
        self._defer = defer or run_inline  # where slow work (Argon2) runs
        self._held: list[str] | None = None  # input waiting while slow work runs
        self._current = ""  # the frame being handled (handled again once its login is checked)
        self._proof: tuple[str, object] | None = None  # (nickname, check outcome) for that second pass

    # --- output -------------------------------------------------------------------------------

    def send(self, *messages: Message) -> None:
        """Send messages to this client (the lobby and games use this to reach any connection).
        Nothing more is sent once the connection is closing."""
        self.send_frames(frames(messages))

    def send_frames(self, data: bytes) -> None:
        """Send messages already framed (`frames`): a game's batch several members get, framed
        once for all of them."""
        if data:
            self._write(data)

    @property
    def closing(self) -> bool:
        """True once the server has decided to drop this client (after its output is sent)."""
        return self.phase is Phase.CLOSING

    def _reject(self, reason: str, *before: Message) -> None:
        self.send(*before, RejectConnection(reason))
        self._close()

    def _close(self) -> None:
        if self.phase is not Phase.CLOSING:
            self.phase = Phase.CLOSING
            self._write = _nowhere  # a closing connection sends nothing more
            self.lobby.disconnected(self)

    # --- input --------------------------------------------------------------------------------

    def start(self) -> None:
        """The connection is open: the server speaks first."""
        self.lobby.connected(self)
        self.send(self.config.version_message(), Channels(tuple(self.lobby.channel_list())))

    def receive_data(self, data: bytes) -> None:
        """Bytes from the client: each complete frame's message is handled in turn.  A stream
        `readUTF` refuses closes the connection, as the Java server drops it."""
        decoder = self._decoder
        text = decoder.feed_whole(data)
        if text is not None:  # exactly one frame, as most reads are
            self._handle(text)
            return
        while self.phase is not Phase.CLOSING:
            try:
                text = decoder.next_frame()
            except FrameError as error:
                log.info("dropping %s: %s", self.peer, error)
                self._close()
                return
            if text is None:
                return
            self._handle(text)

    def _handle(self, text: str) -> None:
        """One frame's text: a message that does not parse is ignored, as in JSettlers; a bug
        answering one message costs neither the server nor the client."""
        if self.phase is Phase.CLOSING:
            return
        if self._held is not None:
            self._held.append(text)
            return
        self._current = text
        try:
            try:
                message = parse_cmd(text)
            except MalformedMessage:
                return
            kind = type(message)
            if kind in GAME_MESSAGES and self.phase is Phase.LOGGED_IN:  # a game's request: most messages
                self.lobby.game_message(self, message)
            else:
                self._dispatch(message)
        except Exception:
            log.exception("message from %s failed: %.200r", self.peer, text)

    def version_timeout(self) -> None:
        """The client sent no version in time: take it for 1.0.00, as JSettlers does."""
        if self.phase is Phase.CONNECTED:
            self._set_version(ASSUMED_CLIENT_VERSION, None, None)

    def ping(self) -> None:
        """A keep-alive to send now (the session's timer calls this well inside the robots'
        300 s read timeout)."""
        if self.phase is not Phase.CLOSING:
            self.pings_unanswered += 1
            self.send(ServerPing(150000))

    def connection_lost(self) -> None:
        self._close()

    def _dispatch(self, message: Message) -> None:
        kind = type(message)
        if kind is Unknown:
            return
        if self.phase is not Phase.LOGGED_IN and kind not in _BEFORE_LOGIN:
            self.send(StatusMessage("Must authenticate first", StatusValue.MUST_AUTH_FIRST))
            return
        if kind in GAME_MESSAGES:
            self.lobby.game_message(self, message)
        elif kind in CHANNEL_MESSAGES:
            self.lobby.channel_message(self, message)
        else:
            handler = _HANDLERS.get(kind)
            if handler is not None:  # else a server-to-client type: ignored, as JSettlers ignores it
                handler(self, message)

    # --- version and login ----------------------------------------------------------------------

    def _on_version(self, message: Version) -> None:
        self._set_version(message.version, message.features, message.locale)

    def _set_version(self, version: int, features: str | None, locale: str | None) -> None:
        if self.client_version is not None:
            if version != self.client_version:
                self._reject("Sorry, cannot report two different versions.")
            return  # the same version again changes nothing
        self.client_version = version
        self.client_features = features
        self.locale = locale or "en_US"
        minimum = self.config.min_client_version
        if version < minimum:
            self._reject(
                f"Sorry, your client version {version_text(version)} is too old: "
                f"Version {version_text(minimum)} ({minimum}) or above is required."
            )
            return
        if self.phase is Phase.CONNECTED:
            self.phase = Phase.READY
        self.send(GamesWithOptions(tuple(self.lobby.game_list())))
        if self.config.debug_commands:
            self.send(StatusMessage(f"{DEBUG_ON} {self.config.welcome}", StatusValue.OK_DEBUG_MODE_ON))

    def _on_robot(self, message: ImARobot) -> None:
        if self.nickname is not None:
            self._reject("Client has already authorized.")
            return
        if not secrets.compare_digest(message.cookie or "", self.config.robot_cookie):
            self._reject("Cookie contents do not match the running server.")
            return
        builtin = message.brain_class == BUILTIN_ROBOT_BRAIN
        if builtin and self.client_version != self.config.version:
            self._reject(
                "Sorry, robot client version does not match, version number "
                f"{version_text(self.config.version)} is required."
            )
            return
        if not is_single_line_and_safe(message.nickname) or name_problem(message.nickname):
            self._reject(NAME_NOT_ALLOWED, StatusMessage(NAME_NOT_ALLOWED, StatusValue.NAME_NOT_ALLOWED))
            return
        refusal = self.lobby.claim_robot_name(self, message.nickname)
        if refusal is not None:
            self._reject(refusal.text, refusal)
            return
        self.nickname = message.nickname
        self.is_robot = True
        self.robot_brain = message.brain_class
        self.phase = Phase.LOGGED_IN
        self.send(self.config.robot_params)

    def _log_in(self, nickname: str, password: str) -> bool:
        """Name this connection (humans); on failure the status is sent and False returned."""
        if self.nickname is not None:
            return True
        nickname, password = nickname.strip(), password.strip()
        if len(nickname) > PLAYER_NAME_MAX_LENGTH:
            self.send(
                StatusMessage(
                    f"Please choose a shorter name; maximum length: {PLAYER_NAME_MAX_LENGTH}",
                    StatusValue.NAME_TOO_LONG,
                )
            )
            return False
        if not is_single_line_and_safe(nickname) or name_problem(nickname):
            self.send(StatusMessage("This nickname is not allowed.", StatusValue.NAME_NOT_ALLOWED))
            return False
        if (self._proof is None or self._proof[0] != nickname) and self.lobby.password_to_check(nickname, password):
            # an account's password: checked off the event loop, then this message is handled again
            frame = self._current
            self._off_loop(lambda: self.lobby.check_password(nickname, password, self.address),
                           lambda outcome: self._handle_checked(frame, nickname, outcome))
            return False
        refusal = self.lobby.claim_name(self, nickname, password)
        if refusal is not None:
            self.send(refusal)
            return False
        self.nickname = nickname
        self.phase = Phase.LOGGED_IN
        return True

    @property
    def address(self) -> str:
        """The client's address, without its port (for the accounts' rate limits)."""
        return self.peer.rsplit(":", 1)[0]

    def proof_for(self, nickname: str) -> tuple[bool, object]:
        """(True, outcome) if `nickname`'s password was just checked off the loop for the
        message being handled again; (False, None) otherwise."""
        if self._proof is not None and self._proof[0] == nickname:
            return True, self._proof[1]
        return False, None

    def _handle_checked(self, frame: str, nickname: str, outcome: object) -> None:
        self._proof = (nickname, outcome)
        try:
            self._handle(frame)
        finally:
            self._proof = None

    def _off_loop(self, work: Callable[[], object], then: Callable[[object], None]) -> None:
        """Run `work` through `defer`; the client's next frames wait, in order, until `then`
        has had its outcome."""
        self._held = []

        def finished(outcome: object) -> None:
            held, self._held = self._held or [], None
            if self.phase is not Phase.CLOSING:
                then(outcome)
            for index, text in enumerate(held):
                if self._held is not None:  # `then` or a frame started more slow work: keep the rest waiting
                    self._held.extend(held[index:])
                    return
                self._handle(text)

        self._defer(work, finished)

    def _on_create_account(self, message: CreateAccount) -> None:
        if self.client_version is None:
            self.send(StatusMessage("CREATEACCOUNT: Send version first", StatusValue.NOT_OK_GENERIC))
            return
        nickname = message.nickname.strip()
        self._off_loop(lambda: self.lobby.create_account(nickname, message.password, self.address),
                       lambda status: self.send(status))

    def welcome_once(self) -> None:
        """The "Welcome" status, sent once after login (before a first game or channel join)."""
        if not self.sent_welcome:
            self.sent_welcome = True
            self.send(StatusMessage(self.config.welcome))

    def _on_auth(self, message: AuthRequest) -> None:
        if self.nickname is None:
            if self.client_version is None:
                self.send(StatusMessage("AUTHREQUEST: Send version first", StatusValue.NOT_OK_GENERIC))
                return
            if message.scheme != AuthRequest.SCHEME_CLIENT_PLAINTEXT:
                self.send(
                    StatusMessage(f"AUTHREQUEST: Auth scheme unknown: {message.scheme}", StatusValue.NOT_OK_GENERIC)
                )
                return
            if message.role != AuthRequest.ROLE_GAME_PLAYER:
                self.send(
                    StatusMessage(
                        "Your account is not authorized to create accounts.", StatusValue.ACCT_NOT_CREATED_DENIED
                    )
                )
                return
            if not self._log_in(message.nickname, message.password):
                return
        self.sent_welcome = True
        self.send(StatusMessage(self.config.welcome))
        self._tell_unoffered_options()

    def _tell_unoffered_options(self) -> None:
        """A client of the server's own version never asks which options the server offers
        (`GameOptionGetInfos`); it logs in like this before its New Game dialog.  Tell it, once,
        which of its options this server does not offer ("unknown", as the Java server answers
        about those), so the dialog hides them instead of offering a game the server refuses."""
        if self._told_unoffered or self.client_version != self.config.version:
            return
        self._told_unoffered = True
        self.send(*unoffered_infos(self.client_version, self.config.offer))

    def _on_join_game(self, message: JoinGame) -> None:
        if self.client_version is None:
            self._set_version(ASSUMED_CLIENT_VERSION, None, None)
            if self.closing:
                return
        if self._log_in(message.nickname, message.password):
            self.lobby.join_game(self, message.game)

    def _on_new_game(self, message: NewGameWithOptionsRequest) -> None:
        if self._log_in(message.nickname, message.password):
            self.lobby.create_game(self, message.game, message.options)

    # --- options, strings, pings ------------------------------------------------------------------

    def _on_get_defaults(self, message: GameOptionGetDefaults) -> None:
        self.send(GameOptionGetDefaults(packed_defaults(self.config.offer)))

    def _on_get_infos(self, message: GameOptionGetInfos) -> None:
        # Descriptions are not localized, so ?I18N asks for nothing more.
        version = self.client_version or ASSUMED_CLIENT_VERSION
        self.send(*option_infos(message.keys or (), message.wants_newer, version, self.config.offer))

    def _on_localized_strings(self, message: LocalizedStrings) -> None:
        known = message.string_type in (LocalizedStrings.TYPE_GAMEOPT, LocalizedStrings.TYPE_SCENARIO)
        flags = LocalizedStrings.FLAG_SENT_ALL if known else LocalizedStrings.FLAG_TYPE_UNKNOWN
        self.send(LocalizedStrings(message.string_type, flags))

    def _on_scenario_info(self, message: ScenarioInfo) -> None:
        # Every scenario is of version 2000, so none changed for a client that knows scenarios.
        replies = [scenario_info(key) for key in message.requested_keys]
        if message.wants_any_changed:
            replies.append(ScenarioInfo.no_more())
        self.send(*replies)

    def _on_ping(self, message: ServerPing) -> None:
        self.pings_unanswered = 0

    def _on_leave_all(self, message: LeaveAll) -> None:
        self._close()

    def _on_join_channel(self, message: JoinChannel) -> None:
        if self._log_in(message.nickname, message.password):
            self.lobby.channel_message(self, message)


#: what the connection answers itself, by message type
_HANDLERS: dict[type[Message], Callable[[ServerConnection, Message], None]] = {
    Version: ServerConnection._on_version,
    ImARobot: ServerConnection._on_robot,
    AuthRequest: ServerConnection._on_auth,
    CreateAccount: ServerConnection._on_create_account,
    JoinGame: ServerConnection._on_join_game,
    NewGameWithOptionsRequest: ServerConnection._on_new_game,
    GameOptionGetDefaults: ServerConnection._on_get_defaults,
    GameOptionGetInfos: ServerConnection._on_get_infos,
    LocalizedStrings: ServerConnection._on_localized_strings,
    ScenarioInfo: ServerConnection._on_scenario_info,
    ServerPing: ServerConnection._on_ping,
    LeaveAll: ServerConnection._on_leave_all,
    JoinChannel: ServerConnection._on_join_channel,
}
#: the chat channels' messages the lobby answers (`Lobby.channel_message`); `JoinChannel` logs in first
CHANNEL_MESSAGES: frozenset[type[Message]] = frozenset((ChannelTextMsg, LeaveChannel))
#: the messages about one game the lobby answers (`Lobby.game_message`): every message type that
#: names a game (sitting, starting, locks, faces, leaving, chat, and every game action), but those
#: the connection answers itself (joining a game logs in first)
GAME_MESSAGES: frozenset[type[Message]] = frozenset(
    cls for cls in MESSAGE_TYPES.values() if "game" in {f.name for f in fields(cls)} and cls not in _HANDLERS)

__all__ = [
    "BUILTIN_ROBOT_BRAIN",
    "CHANNEL_MESSAGES",
    "DEFAULT_ROBOT_PARAMS",
    "GAME_MESSAGES",
    "Lobby",
    "Phase",
    "SERVER_VERSIONS",
    "ServerConfig",
    "ServerConnection",
    "frame_each",
    "frame_to_send",
    "frames",
    "version_text",
]

"""Messages outside any one game: versions, login, robots, game options, game and channel lists."""

from __future__ import annotations

from dataclasses import dataclass

from .message import (
    EMPTYSTR,
    GAME_TEXT_SEP,
    SEP,
    SEP2,
    STR,
    Field,
    FieldMessage,
    MalformedMessage,
    Message,
    expect,
    java_int,
    java_list,
    opt_str,
    parse_java_list,
    register,
    split_params,
    str_or_empty,
    tokens,
)


def _null_text(value: str | None) -> str:
    return "(null)" if value is None else value


def _from_null_text(text: str) -> str | None:
    return None if text == "(null)" else text


@register
@dataclass(unsafe_hash=True)
class Version(Message):
    """Each side's version, sent first: number (2700), text, build, features, client locale."""

    TYPE = 9998
    NAME = "SOCVersion"
    version: int
    version_text: str
    build: str | None
    features: str | None = None
    locale: str | None = None

    def encode_data(self) -> str:
        out = [str(self.version), self.version_text, str_or_empty(self.build), str_or_empty(self.features)]
        if self.locale is not None:
            out.append(self.locale)
        return SEP2.join(out)

    @classmethod
    def decode_data(cls, data: str) -> "Version":
        toks = [None if t == EMPTYSTR else t for t in tokens(data)]
        if len(toks) < 2 or toks[0] is None or toks[1] is None:
            raise MalformedMessage("version number and text required")
        toks += [None] * (5 - len(toks))
        return cls(java_int(toks[0]), toks[1], toks[2], toks[3], toks[4])

    def str_params(self) -> str:
        return (
            f"{self.version}|str={self.version_text}|verBuild={_null_text(self.build)}"
            f"|feats={_null_text(self.features)}|cliLocale={_null_text(self.locale)}"
        )

    @classmethod
    def from_str_params(cls, params: str) -> "Version":
        number, text, build, feats, locale = split_params(params)
        return cls(
            java_int(number),
            expect(text, "str"),
            _from_null_text(expect(build, "verBuild")),
            _from_null_text(expect(feats, "feats")),
            _from_null_text(expect(locale, "cliLocale")),
        )


@register
@dataclass(unsafe_hash=True)
class ImARobot(Message):
    """A robot logs in: nickname, the server's robot cookie, its brain class."""

    TYPE = 1022
    NAME = "SOCImARobot"
    nickname: str
    cookie: str | None
    brain_class: str

    def encode_data(self) -> str:
        return SEP2.join((self.nickname, str_or_empty(self.cookie), self.brain_class))

    @classmethod
    def decode_data(cls, data: str) -> "ImARobot":
        nickname, cookie, brain_class = tokens(data)[:3]
        return cls(nickname, None if cookie == EMPTYSTR else cookie, brain_class)

    def str_params(self) -> str:
        cookie = "null" if self.cookie is None else "**"  # Java never shows the cookie
        return f"nickname={self.nickname}|cookie={cookie}|rbclass={self.brain_class}"


def _java_float(value: float) -> str:
    """`Float.toString` for the plain values robot parameters use (``0.13``, ``1.0``)."""
    return repr(float(value))


@register
@dataclass(unsafe_hash=True)
class UpdateRobotParams(Message):
    """Robot tuning, sent in reply to `ImARobot`: the robot's "login OK"."""

    TYPE = 1071
    NAME = "SOCUpdateRobotParams"
    max_game_length: int
    max_eta: int
    eta_bonus_factor: float
    adversarial_factor: float
    leader_adversarial_factor: float
    dev_card_multiplier: float
    threat_multiplier: float
    strategy_type: int  # 1 fast, 0 smart
    trade_flag: int  # 1 trades with other players, 0 not

    def encode_data(self) -> str:
        return SEP2.join(
            (
                str(self.max_game_length),
                str(self.max_eta),
                *map(
                    _java_float,
                    (
                        self.eta_bonus_factor,
                        self.adversarial_factor,
                        self.leader_adversarial_factor,
                        self.dev_card_multiplier,
                        self.threat_multiplier,
                    ),
                ),
                str(self.strategy_type),
                str(self.trade_flag),
            )
        )

    @classmethod
    def decode_data(cls, data: str) -> "UpdateRobotParams":
        t = tokens(data)
        if len(t) < 9:
            raise MalformedMessage(f"expected 9 robot parameters, got {len(t)}")
        return cls(java_int(t[0]), java_int(t[1]), *(float(x) for x in t[2:7]), java_int(t[7]), java_int(t[8]))

    def str_params(self) -> str:
        return (
            f"mgl={self.max_game_length}|me={self.max_eta}|ebf={_java_float(self.eta_bonus_factor)}"
            f"|af={_java_float(self.adversarial_factor)}|laf={_java_float(self.leader_adversarial_factor)}"
            f"|dcm={_java_float(self.dev_card_multiplier)}|tm={_java_float(self.threat_multiplier)}"
            f"|st={self.strategy_type}|tf={self.trade_flag}"
        )


@register
@dataclass(unsafe_hash=True)
class StatusMessage(Message):
    """A status value (0 is not sent) and text shown to the user."""

    TYPE = 1069
    NAME = "SOCStatusMessage"
    text: str
    status: int = 0

    def encode_data(self) -> str:
        return f"{self.status}{SEP2}{self.text}" if self.status > 0 else self.text

    @classmethod
    def decode_data(cls, data: str) -> "StatusMessage":
        head, comma, rest = data.partition(SEP2)
        if not comma:
            return cls(data)
        if not head:
            raise MalformedMessage("starts with a comma")
        try:
            return cls(rest, max(java_int(head), 0))
        except MalformedMessage:
            return cls(data)

    def str_params(self) -> str:
        return (f"sv={self.status}|" if self.status > 0 else "") + f"status={self.text}"


@register
@dataclass(unsafe_hash=True)
class RejectConnection(Message):
    TYPE = 1059
    NAME = "SOCRejectConnection"
    text: str

    def encode_data(self) -> str:
        return self.text

    @classmethod
    def decode_data(cls, data: str) -> "RejectConnection":
        return cls(data)

    def str_params(self) -> str:
        return self.text


@register
@dataclass(unsafe_hash=True)
class ServerPing(FieldMessage):
    """Keep-alive: the server sends it, the client echoes it unchanged."""

    TYPE = 9999
    NAME = "SOCServerPing"
    LAYOUT = (Field("sleep_time", "sleepTime"),)
    sleep_time: int


@register
@dataclass(unsafe_hash=True)
class LeaveAll(FieldMessage):
    TYPE = 1008
    NAME = "SOCLeaveAll"
    LAYOUT = ()


@register
@dataclass(unsafe_hash=True)
class BCastTextMsg(Message):
    """Broadcast text to every connected client."""

    TYPE = 1062
    NAME = "SOCBCastTextMsg"
    text: str

    def encode_data(self) -> str:
        return self.text

    @classmethod
    def decode_data(cls, data: str) -> "BCastTextMsg":
        return cls(data)

    def str_params(self) -> str:
        return f"text={self.text}"


@register
@dataclass(unsafe_hash=True)
class AuthRequest(Message):
    """Optional login before creating a game: role (``P`` player), nickname, scheme 1, host, password."""

    TYPE = 999
    NAME = "SOCAuthRequest"
    ROLE_GAME_PLAYER = "P"
    ROLE_USER_ADMIN = "UA"
    SCHEME_CLIENT_PLAINTEXT = 1
    role: str
    nickname: str
    scheme: int
    host: str | None
    password: str

    def encode_data(self) -> str:
        return SEP2.join((self.role, self.nickname, str(self.scheme), str_or_empty(self.host), self.password))

    @classmethod
    def decode_data(cls, data: str) -> "AuthRequest":
        role, nickname, scheme, host, password = data.split(SEP2, 4)
        if not role or not nickname:
            raise MalformedMessage("role and nickname required")
        return cls(role, nickname, java_int(scheme), None if host in ("", EMPTYSTR) else host, password.strip())

    def str_params(self) -> str:
        password = "|password=***" if self.password else "|password empty"
        return f"role={self.role}|nickname={self.nickname}|scheme={self.scheme}|host={self.host}{password}"


@register
@dataclass(unsafe_hash=True)
class CreateAccount(Message):
    """A client asks for a new account: nickname, password, host, email (the last empty when not
    given: sent as the empty-field marker).  The server answers with a `StatusMessage`."""

    TYPE = 1070
    NAME = "SOCCreateAccount"
    nickname: str
    password: str
    host: str
    email: str = ""

    def encode_data(self) -> str:
        return SEP2.join((self.nickname, self.password, self.host, self.email or EMPTYSTR))

    @classmethod
    def decode_data(cls, data: str) -> "CreateAccount":
        fields = tokens(data)  # as the Java side reads it: empty fields between commas are skipped
        if len(fields) < 4:
            raise MalformedMessage("nickname, password, host and email required")
        nickname, password, host, email = fields[:4]
        return cls(nickname, password, host, "" if email == EMPTYSTR else email)

    def str_params(self) -> str:
        return f"nickname={self.nickname}|password=***|host={self.host}|email={self.email}"


# --- game lists and game creation ----------------------------------------------------------------


@register
@dataclass(unsafe_hash=True)
class GamesWithOptions(Message):
    """Every game on the server with its option string (``-`` when none)."""

    TYPE = 1083
    NAME = "SOCGamesWithOptions"
    MULTI = True
    games: tuple[tuple[str, str], ...] = ()

    def encode_data(self) -> str | None:
        if not self.games:
            return None
        return SEP.join(str_or_empty(x) for pair in self.games for x in pair)

    @classmethod
    def decode_multi(cls, params: list[str]) -> "GamesWithOptions":
        if len(params) % 2:
            raise MalformedMessage("odd number of game list entries")
        values = [opt_str(p) for p in params]
        return cls(tuple(zip(values[::2], values[1::2])))

    def str_params(self) -> str:
        return SEP.join(f"p={x}" for pair in self.games for x in pair)



@register
@dataclass(unsafe_hash=True)
class NewGameWithOptions(Message):
    """Server announces a new game: its name, the oldest client version that can join (-1 any)
    and its option string."""

    TYPE = 1079
    NAME = "SOCNewGameWithOptions"
    game: str
    min_version: int
    options: str

    def encode_data(self) -> str:
        return SEP2.join((self.game, str(self.min_version), self.options or "-"))

    @classmethod
    def decode_data(cls, data: str) -> "NewGameWithOptions":
        game, min_version, options = data.split(SEP2, 2)
        return cls(game, java_int(min_version), options)

    def str_params(self) -> str:
        return f"game={self.game}|param1={self.min_version}|param2={self.options}"

    @classmethod
    def from_str_params(cls, params: str) -> "NewGameWithOptions":
        game, min_version, options = params.split(SEP, 2)
        return cls(expect(game, "game"), java_int(expect(min_version, "param1")), expect(options, "param2"))


@register
@dataclass(unsafe_hash=True)
class NewGameWithOptionsRequest(Message):
    """Client asks to create a game with options (``-`` for none)."""

    TYPE = 1078
    NAME = "SOCNewGameWithOptionsRequest"
    nickname: str
    password: str
    host: str
    game: str
    options: str

    def encode_data(self) -> str:
        return SEP2.join((self.nickname, self.password or EMPTYSTR, self.host, self.game, self.options or "-"))

    @classmethod
    def decode_data(cls, data: str) -> "NewGameWithOptionsRequest":
        nickname, password, host, game, options = data.split(SEP2, 4)
        if not (nickname and password and host and game):
            raise MalformedMessage("empty field")
        return cls(nickname, opt_str(password), host, game, options)

    def str_params(self) -> str:
        password = "password=***" if self.password else "password empty"
        return f"nickname={self.nickname}|{password}|host={self.host}|game={self.game}|opts={self.options}"


@register
@dataclass(unsafe_hash=True)
class GameOptionGetDefaults(Message):
    """Client asks (no options) and server answers (packed ``KEY=value`` defaults)."""

    TYPE = 1080
    NAME = "SOCGameOptionGetDefaults"
    options: str | None = None

    def encode_data(self) -> str | None:
        return self.options

    @classmethod
    def decode_data(cls, data: str) -> "GameOptionGetDefaults":
        return cls(data or None)

    def str_params(self) -> str:
        return f"opts={'null' if self.options is None else self.options}"


@register
@dataclass(unsafe_hash=True)
class GameOptionGetInfos(Message):
    """Client asks about option keys; ``-`` asks for every option newer than the client,
    ``?CHANGES`` also asks for those, ``?I18N`` asks for localized descriptions."""

    TYPE = 1081
    NAME = "SOCGameOptionGetInfos"
    ANY_CHANGES = "?CHANGES"
    I18N = "?I18N"
    items: tuple[str, ...]

    @property
    def keys(self) -> tuple[str, ...] | None:
        """The option keys asked about, or None for "any newer than my version"."""
        if "-" in self.items:
            return None
        keys = tuple(i for i in self.items if not i.startswith("?"))
        return keys or None

    @property
    def wants_newer(self) -> bool:
        return self.ANY_CHANGES in self.items or (self.keys is None and self.items != (self.I18N,))

    @property
    def wants_i18n(self) -> bool:
        return self.I18N in self.items

    def encode_data(self) -> str:
        return SEP2.join(self.items)

    @classmethod
    def decode_data(cls, data: str) -> "GameOptionGetInfos":
        items = tuple(tokens(data))
        if not items:
            raise MalformedMessage("empty option key list")
        return cls(items)

    def str_params(self) -> str:
        return f"options={SEP2.join(self.items)}"


@register
@dataclass(unsafe_hash=True)
class GameOptionInfo(Message):
    """One option's definition (reply to `GameOptionGetInfos`); key ``-`` ends the list.

    ``value`` is the current int value, or the string value for string-typed options.
    """

    TYPE = 1082
    NAME = "SOCGameOptionInfo"
    MULTI = True
    key: str
    option_type: int
    min_version: int
    last_mod_version: int
    default_bool: bool
    default_int: int
    min_int: int
    max_int: int
    bool_value: bool
    value: str
    flags: int
    description: str
    enum_choices: tuple[str, ...] = ()

    def _params(self) -> list[str]:
        tf = {True: "t", False: "f"}
        return [
            self.key,
            str(self.option_type),
            str(self.min_version),
            str(self.last_mod_version),
            tf[self.default_bool],
            str(self.default_int),
            str(self.min_int),
            str(self.max_int),
            tf[self.bool_value],
            self.value,
            str(self.flags),
            self.description,
            *self.enum_choices,
        ]

    def encode_data(self) -> str:
        return SEP.join(str_or_empty(p) for p in self._params())

    @classmethod
    def decode_multi(cls, params: list[str]) -> "GameOptionInfo":
        if len(params) < 11:
            raise MalformedMessage(f"expected at least 11 fields, got {len(params)}")
        p = [opt_str(x) for x in params]
        flags = {"t": 1, "f": 0, "": 0}.get(p[10])
        return cls(
            p[0],
            java_int(p[1]),
            java_int(p[2]),
            java_int(p[3]),
            p[4] == "t",
            java_int(p[5]),
            java_int(p[6]),
            java_int(p[7]),
            p[8] == "t",
            p[9],
            java_int(p[10]) if flags is None else flags,
            p[11] if len(p) > 11 else "",
            tuple(p[12:]),
        )

    def str_params(self) -> str:
        return SEP.join(f"p={p}" for p in self._params())


@register
@dataclass(unsafe_hash=True)
class LocalizedStrings(Message):
    """Localized names/descriptions: a type (``S`` scenarios, ``O`` options), flags, strings."""

    TYPE = 1100
    NAME = "SOCLocalizedStrings"
    MULTI = True
    TYPE_GAMEOPT = "O"
    TYPE_SCENARIO = "S"
    FLAG_REQ_ALL = 0x02
    FLAG_SENT_ALL = 0x04
    FLAG_TYPE_UNKNOWN = 0x01
    string_type: str
    flags: int = 0
    strings: tuple[str, ...] = ()

    def encode_data(self) -> str:
        return SEP.join((self.string_type, str(self.flags), *(str_or_empty(s) for s in self.strings)))

    @classmethod
    def decode_multi(cls, params: list[str]) -> "LocalizedStrings":
        if not params:
            raise MalformedMessage("missing string type")
        flags = java_int(params[1]) if len(params) > 1 else 0
        return cls(params[0], flags, tuple(params[2:]))

    def str_params(self) -> str:
        strings = "strs=" + SEP.join(self.strings) if self.strings else "(strs empty)"
        return f"type={self.string_type}|flags=0x{self.flags:x}|{strings}"


@register
@dataclass(unsafe_hash=True)
class ScenarioInfo(Message):
    """Scenario info request (``[`` then keys, and/or ``?`` for any changed) or reply
    (a scenario's fields; ``KEY|0|-2`` for an unknown key; ``-`` ends the list)."""

    TYPE = 1101
    NAME = "SOCScenarioInfo"
    MULTI = True
    ANY_CHANGED = "?"
    KEY_LIST = "["
    NO_MORE = "-"
    KEY_UNKNOWN = -2
    params: tuple[str, ...]

    @classmethod
    def unknown_key(cls, key: str) -> "ScenarioInfo":
        return cls((key, "0", str(cls.KEY_UNKNOWN)))

    @classmethod
    def no_more(cls) -> "ScenarioInfo":
        return cls((cls.NO_MORE,))

    @property
    def requested_keys(self) -> tuple[str, ...]:
        if not self.params or self.params[0] != self.KEY_LIST:
            return ()
        return tuple(p for p in self.params[1:] if p != self.ANY_CHANGED)

    @property
    def wants_any_changed(self) -> bool:
        return bool(self.params) and self.params[-1] == self.ANY_CHANGED

    def encode_data(self) -> str:
        return SEP.join(str_or_empty(p) for p in self.params)

    @classmethod
    def decode_multi(cls, params: list[str]) -> "ScenarioInfo":
        if not params:
            raise MalformedMessage("empty scenario info")
        return cls(tuple(params))

    def str_params(self) -> str:
        return SEP.join(f"p={p}" for p in self.params)


# --- chat channels -------------------------------------------------------------------------------


@register
@dataclass(unsafe_hash=True)
class Channels(Message):
    """The chat channel list, sent on connect (clients take it as "connection complete")."""

    TYPE = 1003
    NAME = "SOCChannels"
    channels: tuple[str, ...] = ()

    def encode_data(self) -> str:
        return SEP2.join(self.channels)

    @classmethod
    def decode_data(cls, data: str) -> "Channels":
        return cls(tuple(tokens(data)))

    def str_params(self) -> str:
        return f"channels={SEP2.join(self.channels)}"


@register
@dataclass(unsafe_hash=True)
class NewChannel(FieldMessage):
    TYPE = 1001
    NAME = "SOCNewChannel"
    LAYOUT = (Field("channel", "channel", STR),)
    channel: str


@register
@dataclass(unsafe_hash=True)
class ChannelMembers(Message):
    TYPE = 1002
    NAME = "SOCChannelMembers"
    channel: str
    members: tuple[str, ...]

    def encode_data(self) -> str:
        return SEP2.join((self.channel, *self.members))

    @classmethod
    def decode_data(cls, data: str) -> "ChannelMembers":
        channel, *members = tokens(data)
        return cls(channel, tuple(members))

    def str_params(self) -> str:
        return f"channel={self.channel}|members={java_list(self.members)}"

    @classmethod
    def from_str_params(cls, params: str) -> "ChannelMembers":
        channel, members = params.split(SEP, 1)
        return cls(expect(channel, "channel"), tuple(parse_java_list(expect(members, "members"))))


@register
@dataclass(unsafe_hash=True)
class JoinChannel(Message):
    TYPE = 1004
    NAME = "SOCJoinChannel"
    nickname: str
    password: str
    host: str
    channel: str

    def encode_data(self) -> str:
        return SEP2.join((self.nickname, self.password or EMPTYSTR, self.host, self.channel))

    @classmethod
    def decode_data(cls, data: str) -> "JoinChannel":
        nickname, password, host, channel = tokens(data)[:4]
        return cls(nickname, opt_str(password), host, channel)

    def str_params(self) -> str:
        password = "password=***" if self.password else "password empty"
        return f"nickname={self.nickname}|{password}|host={self.host}|channel={self.channel}"


@register
@dataclass(unsafe_hash=True)
class JoinChannelAuth(FieldMessage):
    TYPE = 1020
    NAME = "SOCJoinChannelAuth"
    LAYOUT = (Field("nickname", "nickname", STR), Field("channel", "channel", STR))
    nickname: str
    channel: str


@register
@dataclass(unsafe_hash=True)
class ChannelTextMsg(Message):
    TYPE = 1005
    NAME = "SOCChannelTextMsg"
    channel: str
    nickname: str
    text: str

    def encode_data(self) -> str:
        return GAME_TEXT_SEP.join((self.channel, self.nickname, self.text))

    @classmethod
    def decode_data(cls, data: str) -> "ChannelTextMsg":
        channel, nickname, text = data.split(GAME_TEXT_SEP, 2)
        return cls(channel, nickname, text)

    def str_params(self) -> str:
        return f"channel={self.channel}|nickname={self.nickname}|text={self.text}"


@register
@dataclass(unsafe_hash=True)
class LeaveChannel(FieldMessage):
    TYPE = 1006
    NAME = "SOCLeaveChannel"
    LAYOUT = (Field("nickname", "nickname", STR), Field("host", "host", STR), Field("channel", "channel", STR))
    nickname: str
    host: str
    channel: str


@register
@dataclass(unsafe_hash=True)
class DeleteChannel(FieldMessage):
    TYPE = 1007
    NAME = "SOCDeleteChannel"
    LAYOUT = (Field("channel", "channel", STR),)
    channel: str


__all__ = [name for name, value in list(globals().items()) if isinstance(value, type) and issubclass(value, Message)]

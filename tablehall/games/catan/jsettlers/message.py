"""The JSettlers message model: ``TYPE|data`` strings and their ``toString()`` form.

Every message class is a plain dataclass, compared and hashed by its fields (as python-chess's
`Move`), with a numeric ``TYPE`` and a Java class ``NAME``.  A message is a value: made, sent
and dropped, and nothing changes it once made (one message may go to every member of a game).
Not frozen: a frozen dataclass sets each field through `object.__setattr__`, and a robot's
request makes several messages, so the request path would pay for a guarantee the code keeps by
its own rule; and nothing keeps a message beyond the request that made it but a game's
narrator, which sends again what it made.
Two renderings, each with its parser:

* ``to_cmd()`` / `parse_cmd`: the wire string inside a frame (``SOCMessage.toCmd`` /
  ``SOCMessage.toMsg``), e.g. ``1009|g,0,1,171``.
* ``to_str()`` / `parse_str`: the human-readable form used in ``.soclog`` files
  (``SOCMessage.toString`` / ``parseMsgStr``), e.g. ``SOCPutPiece:game=g|playerNumber=0|pieceType=1|coord=ab``.

Parsing follows Java's tokenizer: the message string splits at ``|`` and data at ``,`` with
empty tokens skipped (which is why JSettlers writes an empty string as ``\\t``), a type id that is
not a number or not known gives an `Unknown` that keeps the raw text (Java ignores those), and a
known type whose fields do not parse raises `MalformedMessage` (Java ignores those too).
Extra trailing fields are ignored, as in Java.

Most game messages are a game name and a few numbers; they declare a ``LAYOUT`` of `Field`s and
inherit both renderings from `FieldMessage`.  The others implement the four methods by hand.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, fields
from enum import IntEnum
from functools import lru_cache
from operator import attrgetter
from typing import Any, ClassVar, Iterable, Sequence, TypeVar

from .framing import encode_frame

SEP = "|"
SEP2 = ","
EMPTYSTR = "\t"  # stands for an empty or null string field on the wire
GAME_TEXT_SEP = "\x00"  # SOCGameTextMsg / SOCChannelTextMsg field separator
SERVER_TEXT_SEP = "\x01"  # SOCGameServerText field separator

_JAVA_INT = re.compile(r"[+-]?[0-9]+")
_JAVA_HEX = re.compile(r"-?[0-9a-fA-F]+")

M = TypeVar("M", bound="Message")


class MalformedMessage(ValueError):
    """A known message type whose data does not parse (Java's ``toMsg`` returns null)."""


def java_int(text: str) -> int:
    """`Integer.parseInt`: optional sign and decimal digits only, 32-bit range."""
    if len(text) < 10 and text.isascii() and text.isdigit():  # the usual case: a small number
        return int(text)
    if not _JAVA_INT.fullmatch(text):
        raise MalformedMessage(f"not an integer: {text!r}")
    if len(text.lstrip("+-").lstrip("0")) > 10:  # out of range, and never a huge int() to parse
        raise MalformedMessage(f"integer out of range: {text[:20]!r}...")
    value = int(text)
    if not -(2**31) <= value < 2**31:
        raise MalformedMessage(f"integer out of range: {text!r}")
    return value


def is_single_line_and_safe(text: str) -> bool:
    """`SOCMessage.isSingleLineAndSafe`: a usable name (game, nickname): not empty, no ``|`` or
    ``,``, no control characters, no line or paragraph separators."""
    return bool(text) and SEP not in text and SEP2 not in text and not any(
        unicodedata.category(c) in ("Cc", "Zl", "Zp") for c in text
    )


def hex_coord(value: int) -> str:
    """Coordinates as ``toString`` prints them: lower-case hex, a minus sign for negatives."""
    return f"-{-value:x}" if value < 0 else f"{value:x}"


def parse_hex(text: str) -> int:
    if not _JAVA_HEX.fullmatch(text):
        raise MalformedMessage(f"not a hex number: {text!r}")
    if len(text.lstrip("-").lstrip("0")) > 8:  # beyond a Java int
        raise MalformedMessage(f"hex number out of range: {text[:20]!r}...")
    return int(text, 16)


def java_bool(text: str) -> bool:
    """`Boolean.parseBoolean`: anything but "true" (any case) is false."""
    return text.lower() == "true"


def bool_str(value: bool) -> str:
    return "true" if value else "false"


def tokens(data: str, sep: str = SEP2) -> list[str]:
    """`StringTokenizer` semantics: split at `sep`, skip empty tokens."""
    return [t for t in data.split(sep) if t]


def opt_str(token: str) -> str:
    """A string field where ``\\t`` means empty."""
    return "" if token == EMPTYSTR else token


def str_or_empty(value: str | None) -> str:
    return value if value else EMPTYSTR


def java_list(items: Iterable[Any]) -> str:
    """`Arrays.toString` / `List.toString`: ``[a, b, c]``."""
    return "[" + ", ".join(str(i) for i in items) + "]"


def parse_java_list(text: str) -> list[str]:
    if not (text.startswith("[") and text.endswith("]")):
        raise MalformedMessage(f"expected [..] list: {text!r}")
    inner = text[1:-1]
    return inner.split(", ") if inner else []


def split_params(params: str) -> list[str]:
    return params.split(SEP) if params else []


def expect(piece: str, label: str) -> str:
    """The value of a ``label=value`` toString piece."""
    prefix = label + "="
    if not piece.startswith(prefix):
        raise MalformedMessage(f"expected {prefix!r}, got {piece!r}")
    return piece[len(prefix) :]


# --- field layouts for the many "game name and some numbers" messages ---------------------------


class Kind:
    """How one field is written on the wire and in toString, and read back."""

    def wire(self, value: Any) -> str:
        return str(value)

    def from_wire(self, token: str) -> Any:
        return java_int(token)

    def text(self, value: Any) -> str:
        return self.wire(value)

    def from_text(self, text: str) -> Any:
        return self.from_wire(text)


class _Str(Kind):
    def from_wire(self, token: str) -> str:
        return token


class _OptStr(Kind):
    """Empty string sent as ``\\t``."""

    def wire(self, value: str) -> str:
        return str_or_empty(value)

    def from_wire(self, token: str) -> str:
        return opt_str(token)

    def text(self, value: str) -> str:
        return value

    def from_text(self, text: str) -> str:
        return text


class _Hex(Kind):
    def text(self, value: int) -> str:
        return hex_coord(value)

    def from_text(self, text: str) -> int:
        return parse_hex(text)


class _Bool(Kind):
    def wire(self, value: bool) -> str:
        return bool_str(value)

    def from_wire(self, token: str) -> bool:
        return java_bool(token)


class Named(Kind):
    """An int sent as a number but shown by its constant name in toString."""

    def __init__(self, enum: type[IntEnum]) -> None:
        self.enum = enum

    def text(self, value: int) -> str:
        try:
            return self.enum(value).name
        except ValueError:
            return str(value)

    def from_text(self, text: str) -> int:
        if text in self.enum.__members__:
            return int(self.enum[text])
        return java_int(text)


INT = Kind()
STR = _Str()
OPT_STR = _OptStr()
HEX = _Hex()
BOOL = _Bool()


@dataclass(frozen=True)
class Field:
    attr: str
    label: str
    kind: Kind = INT
    optional: bool = False  # trailing field left out (wire and toString) when it has its default


GAME = Field("game", "game", STR)


# --- the message classes' common base ------------------------------------------------------------

@dataclass(unsafe_hash=True)
class Message:
    TYPE: ClassVar[int]
    NAME: ClassVar[str]  # the Java class name, first word of toString
    MULTI: ClassVar[bool] = False  # data is several '|'-separated parameters (templates Ms/Mi)

    def to_cmd(self) -> str:
        """The wire string (Java ``toCmd``)."""
        data = self.encode_data()
        return str(self.TYPE) if data is None else f"{self.TYPE}{SEP}{data}"

    @property
    def frame(self) -> bytes:
        """The `writeUTF` frame of `to_cmd()`; `FrameTooLong` past 65535 bytes."""
        return encode_frame(self.to_cmd())

    def to_str(self) -> str:
        """The ``.soclog`` / ``toString`` form."""
        return f"{self.NAME}:{self.str_params()}"

    def encode_data(self) -> str | None:
        raise NotImplementedError

    def str_params(self) -> str:
        raise NotImplementedError

    @classmethod
    def decode_data(cls: type[M], data: str) -> M:
        """Parse the first data token (single-data messages)."""
        raise NotImplementedError

    @classmethod
    def decode_multi(cls: type[M], params: list[str]) -> M:
        """Parse all data tokens (multi messages)."""
        raise NotImplementedError

    @classmethod
    def from_str_params(cls: type[M], params: str) -> M:
        raise NotImplementedError


@lru_cache(maxsize=None)
def _defaults(cls: type) -> dict[str, Any]:
    """The default of each field of a message class."""
    return {f.name: f.default for f in fields(cls)}


@dataclass(unsafe_hash=True)
class FieldMessage(Message):
    """A message whose fields are listed in ``LAYOUT``, comma-separated on the wire."""

    LAYOUT: ClassVar[tuple[Field, ...]]

    def _present(self) -> Sequence[Field]:
        layout = self.LAYOUT
        if not layout or not layout[-1].optional:
            return layout
        defaults = _defaults(type(self))
        end = len(layout)
        while end and layout[end - 1].optional and getattr(self, layout[end - 1].attr) == defaults[layout[end - 1].attr]:
            end -= 1
        return layout[:end]

    def encode_data(self) -> str | None:
        present = self._present()
        if not present:
            return None
        return SEP2.join([f.kind.wire(getattr(self, f.attr)) for f in present])

    def to_cmd(self) -> str:
        """`Message.to_cmd` in one step, from the class's prepared form (`_wire_form`)."""
        layout = self.LAYOUT
        present = len(layout) if not layout or not layout[-1].optional else len(self._present())
        form = _wire_form(type(self), present)
        return form.text % form.values(self)

    def str_params(self) -> str:
        return SEP.join(f"{f.label}={f.kind.text(getattr(self, f.attr))}" for f in self._present())

    @classmethod
    def _required(cls) -> int:
        return sum(1 for f in cls.LAYOUT if not f.optional)

    @classmethod
    def decode_data(cls, data: str):
        reader = _wire_reader(cls)
        values = _wire_values(cls, data) if len(data) <= _SHORT else reader.values(data)
        return cls(*values) if reader.positional else cls(**dict(zip(reader.attrs, values)))

    @classmethod
    def decode_data_generic(cls, data: str):
        """`decode_data` field by field from ``LAYOUT``: what `_WireReader` must give (tests)."""
        toks = tokens(data)
        if len(toks) < cls._required():
            raise MalformedMessage(f"{cls.NAME}: expected {cls._required()} fields, got {len(toks)}")
        values = {f.attr: f.kind.from_wire(t) for f, t in zip(cls.LAYOUT, toks)}
        return cls(**values)

    @classmethod
    def from_str_params(cls, params: str):
        pieces = split_params(params)
        values: dict[str, Any] = {}
        for index, f in enumerate(cls.LAYOUT):
            if index >= len(pieces):
                if not f.optional:
                    raise MalformedMessage(f"{cls.NAME}: missing {f.label}")
                break
            is_last = index == len(cls.LAYOUT) - 1
            piece = SEP.join(pieces[index:]) if is_last and f.kind is STR else pieces[index]
            values[f.attr] = f.kind.from_text(expect(piece, f.label))
        return cls(**values)


class _WireForm:
    """A `FieldMessage` class's wire string with a given number of fields present, prepared once
    per class (`_wire_form`): ``TYPE|%s,%s,...`` filled in one ``%``.  ``%s`` writes
    `str(value)`, which is what every field kind writes but `OPT_STR` (``\t`` for empty) and
    `BOOL` (``true``/``false``), whose values are converted first."""

    def __init__(self, cls: type, present: Sequence[Field]) -> None:
        self.text = f"{cls.TYPE}{SEP}" + SEP2.join(["%s"] * len(present)) if present else str(cls.TYPE)
        attrs = [f.attr for f in present]
        writers = [None if type(f.kind).wire is Kind.wire else f.kind.wire for f in present]
        if len(attrs) > 1 and not any(writers):
            self.values = attrgetter(*attrs)  # the attributes as a tuple
        else:
            pairs = tuple(zip(attrs, writers))
            self.values = lambda message: tuple(
                getattr(message, attr) if wire is None else wire(getattr(message, attr)) for attr, wire in pairs)


@lru_cache(maxsize=None)
def _wire_form(cls: type, present: int) -> _WireForm:
    return _WireForm(cls, cls.LAYOUT[:present])


class _WireReader:
    """How a `FieldMessage` class's `decode_data` reads, prepared once per class (`_wire_reader`):
    each field's reader picked from its kind (`java_int` itself for numbers), and whether the
    message can be built from positional values (the layout lists the class's fields in their
    order).  Same result and errors as `FieldMessage.decode_data_generic`."""

    def __init__(self, cls: type) -> None:
        self.cls = cls
        layout = cls.LAYOUT
        self.required = cls._required()
        self.readers = tuple(java_int if type(f.kind).from_wire is Kind.from_wire else f.kind.from_wire
                             for f in layout)
        self.attrs = tuple(f.attr for f in layout)
        self.positional = list(self.attrs) == [f.name for f in fields(cls)][: len(layout)]

    def values(self, data: str) -> tuple[Any, ...]:
        """The field values `data` holds, in ``LAYOUT`` order; `MalformedMessage` if it does not parse."""
        toks = [t for t in data.split(SEP2) if t]  # `tokens`: empty ones skipped
        if len(toks) < self.required:
            raise MalformedMessage(f"{self.cls.NAME}: expected {self.required} fields, got {len(toks)}")
        return tuple([read(t) for read, t in zip(self.readers, toks)])


@lru_cache(maxsize=None)
def _wire_reader(cls: type) -> _WireReader:
    return _WireReader(cls)


@lru_cache(maxsize=4096)
def _wire_values(cls: type, data: str) -> tuple[Any, ...]:
    """`_WireReader.values`, read once per short wire string (`_SHORT`): clients send the same
    few requests all game (a roll, the end of a turn, a build), and the values (numbers,
    strings, tuples of them) never change, while each request gets a message of its own."""
    return _wire_reader(cls).values(data)


_SHORT = 200  # longer data is read each time: the table's size stays small whatever clients send


@dataclass(unsafe_hash=True)
class Unknown(Message):
    """A message string whose type this codec does not know (or a garbled one): kept verbatim."""

    TYPE = -1
    NAME = "Unknown"
    type_id: int | None
    text: str

    def to_cmd(self) -> str:
        return self.text

    def to_str(self) -> str:
        return f"{self.NAME}:{self.text}"


# --- registry and entry points -------------------------------------------------------------------

MESSAGE_TYPES: dict[int, type[Message]] = {}
MESSAGE_NAMES: dict[str, type[Message]] = {}
_TYPE_IDS: dict[str, type[Message]] = {}  # each type id as Java writes it (``1031``): `parse_cmd`


def register(cls: type[M]) -> type[M]:
    if cls.TYPE in MESSAGE_TYPES or cls.NAME in MESSAGE_NAMES:
        raise ValueError(f"duplicate message {cls.TYPE} {cls.NAME}")
    MESSAGE_TYPES[cls.TYPE] = cls
    MESSAGE_NAMES[cls.NAME] = cls
    _TYPE_IDS[str(cls.TYPE)] = cls
    return cls


def parse_cmd(text: str) -> Message:
    """A wire string as a message: typed, or `Unknown`; `MalformedMessage` for a known type
    with unparseable data."""
    # The usual shape first: a type id as Java writes it, and (for single-data messages) no
    # further ``|``; the tokens are then the two halves.  Anything else goes the general way.
    head, _, data = text.partition(SEP)
    cls = _TYPE_IDS.get(head)
    if cls is None or not (cls.MULTI or SEP not in data):
        return parse_cmd_generic(text)
    return _decode(cls, text, tokens(data, SEP) if cls.MULTI else data)


def parse_cmd_generic(text: str) -> Message:
    """`parse_cmd` token by token, as Java's tokenizer reads (also what `parse_cmd` must give)."""
    parts = tokens(text, SEP)
    if not parts or not _JAVA_INT.fullmatch(parts[0]):
        return Unknown(None, text)
    try:
        type_id = java_int(parts[0])
    except MalformedMessage:
        return Unknown(None, text)
    cls = MESSAGE_TYPES.get(type_id)
    if cls is None:
        return Unknown(type_id, text)
    return _decode(cls, text, parts[1:] if cls.MULTI else parts[1] if len(parts) > 1 else "")


def _decode(cls: type[Message], text: str, data: Any) -> Message:
    """`cls` from its data (multi messages: the list of parameters); `MalformedMessage` naming
    `text` when it does not parse."""
    try:
        if cls.MULTI:
            return cls.decode_multi(data)
        return cls.decode_data(data)
    except MalformedMessage as error:
        raise MalformedMessage(f"{text!r}: {error}") from None
    except (ValueError, IndexError, KeyError) as error:
        raise MalformedMessage(f"{text!r}: {error}") from None


def parse_str(text: str) -> Message:
    """A ``toString`` form (as in ``.soclog`` entries) as a message; `MalformedMessage` if the
    class name is unknown or the fields do not parse."""
    name, colon, params = text.partition(":")
    cls = MESSAGE_NAMES.get(name)
    if not colon or cls is None:
        raise MalformedMessage(f"not a known message: {text!r}")
    try:
        return cls.from_str_params(params)
    except NotImplementedError:
        raise MalformedMessage(f"{name} has no toString parser (it never appears in game logs)") from None
    except MalformedMessage as error:
        raise MalformedMessage(f"{text!r}: {error}") from None
    except (ValueError, IndexError, KeyError) as error:
        raise MalformedMessage(f"{text!r}: {error}") from None


def int_tuple(values: Sequence[str]) -> tuple[int, ...]:
    """`java_int` of each value.  The usual case (every value a small unsigned number, as in the
    resource counts of trades and discards) is checked for the whole sequence at once."""
    joined = "".join(values)
    if (joined.isascii() and joined.isdigit() and min(map(len, values)) > 0
            and max(map(len, values)) < 10):  # each as `java_int`'s own usual case
        return tuple(map(int, values))
    return tuple(java_int(v) for v in values)

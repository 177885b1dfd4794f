"""The prepared wire forms give exactly what the general codec gives.

Every `FieldMessage` class writes ``to_cmd`` from a form prepared once and reads its data with a
reader prepared once, `parse_cmd` takes the usual shape of a wire string without the tokenizer,
and frames skip the modified-UTF-8 encoder for ASCII.  Each is checked here against the general
code it stands in for (`Message.to_cmd` field by field, `FieldMessage.decode_data_generic`,
`parse_cmd_generic`, `encode_mutf8`): on every wire string of the reference logs, on every field
message class with odd values (negative and extreme numbers, empty strings, non-ASCII and NUL in
names, optional fields present or not), and on generated wire strings, errors included.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablehall.games.catan.jsettlers import MESSAGE_TYPES, encode_frame, parse_cmd
from tablehall.games.catan.jsettlers.framing import FrameTooLong, encode_mutf8
from tablehall.games.catan.jsettlers.message import (
    FieldMessage,
    MalformedMessage,
    Message,
    Unknown,
    parse_cmd_generic,
)

from .conftest import WIRE_FILES, read_jsonl

FIELD_CLASSES = sorted((cls for cls in MESSAGE_TYPES.values() if issubclass(cls, FieldMessage)),
                       key=lambda cls: cls.TYPE)
NAMES = ["g", "", "\t", "Spiel über Öl", "snow ☃ and a clef 𝄞", "nul\x00inside", "a,b", "-7", "x" * 300]
NUMBERS = [0, 1, -1, 15, 0x7F, -0x45, 2**31 - 1, -(2**31), 1000000]


def generic_frame(message: Message) -> bytes:
    """The frame as the general path makes it: `Message.to_cmd`, then modified UTF-8."""
    body = encode_mutf8(Message.to_cmd(message))
    if len(body) > 0xFFFF:
        raise FrameTooLong(len(body))
    return len(body).to_bytes(2, "big") + body


def outcome(parse, text: str):
    """What parsing `text` gives: the message (with its type), or the error's class and text."""
    try:
        message = parse(text)
    except MalformedMessage as error:
        return ("error", str(error))
    return (type(message), message)


def values_for(field) -> list:
    kind = type(field.kind).__name__
    if kind in ("_Str", "_OptStr"):
        return NAMES
    if kind in ("_Bool", "_NewsFlag"):
        return [True, False]
    return NUMBERS


def odd_messages(cls) -> list[FieldMessage]:
    """Instances of `cls` with each field taking each odd value in turn (the others cycling),
    optional trailing fields both left at their default and set."""
    layout = cls.LAYOUT
    made = []
    columns = [values_for(f) for f in layout]
    rows = max((len(c) for c in columns), default=1)
    for row in range(rows):
        values = {f.attr: column[(row + i) % len(column)] for i, (f, column) in enumerate(zip(layout, columns))}
        made.append(cls(**values))
        required = {f.attr: v for f, v in zip(layout, values.values()) if not f.optional}
        made.append(cls(**required))
    return made


@pytest.mark.parametrize("cls", FIELD_CLASSES, ids=lambda cls: cls.__name__)
def test_each_field_value_class_writes_and_reads_as_the_general_codec(cls):
    for message in odd_messages(cls):
        cmd = message.to_cmd()
        assert cmd == Message.to_cmd(message), message
        try:
            expected = generic_frame(message)
        except FrameTooLong:
            with pytest.raises(FrameTooLong):
                encode_frame(cmd)
        else:
            assert message.frame == expected, message
            assert encode_frame(cmd) == expected
        assert outcome(parse_cmd, cmd) == outcome(parse_cmd_generic, cmd), cmd
        data = cmd.partition("|")[2]
        assert outcome(cls.decode_data, data) == outcome(cls.decode_data_generic, data), data


@pytest.mark.parametrize("cls", FIELD_CLASSES, ids=lambda cls: cls.__name__)
def test_each_field_value_class_refuses_what_the_general_reader_refuses(cls):
    fields = len(cls.LAYOUT)
    numbers = ["5", "-5", "+5", "0005", "x", "", "2147483648", "-2147483649", "99999999999999999999", "1e3",
               "٣", "0x10", "ab"]
    for count in range(fields + 2):
        for tokens in itertools.islice(itertools.product(numbers, repeat=count), 400):
            data = ",".join(("g", *tokens))
            for text in (data, data + ",", "," + data, data.replace(",", ",,")):
                assert outcome(cls.decode_data, text) == outcome(cls.decode_data_generic, text), text
                wire = f"{cls.TYPE}|{text}"
                assert outcome(parse_cmd, wire) == outcome(parse_cmd_generic, wire), wire


@pytest.mark.parametrize("name", WIRE_FILES)
def test_every_reference_wire_string_reads_and_writes_as_the_general_codec(name):
    records = read_jsonl(name)
    for record in records:
        wire = record["wire"]
        assert outcome(parse_cmd, wire) == outcome(parse_cmd_generic, wire), wire
        message = parse_cmd(wire)
        if not isinstance(message, Unknown):
            assert message.to_cmd() == Message.to_cmd(message), wire
            assert message.frame == generic_frame(message), wire
    assert len(records) > 700


TYPE_IDS = [str(cls.TYPE) for cls in MESSAGE_TYPES.values()] + ["+1031", "01031", "-1", "99999", "", "x"]
PIECES = st.sampled_from(["|", ",", ",,", "||", "g", "Öl", "𝄞", "\x00", "\t", "-", "+", "7", "-3", "0", "15",
                          "2147483648", "p2", "true", "Y", "ab", " "])


@settings(max_examples=1000, deadline=None)
@given(head=st.sampled_from(TYPE_IDS), rest=st.lists(PIECES, max_size=14))
def test_generated_wire_strings_read_as_the_general_codec(head, rest):
    for text in (head + "|" + "".join(rest), head + "".join(rest)):
        assert outcome(parse_cmd, text) == outcome(parse_cmd_generic, text), text


def test_the_usual_requests_of_robots_take_the_short_path(monkeypatch):
    """The requests robots send every move are in the usual shape and never need the tokenizer;
    odd shapes do (and still parse)."""
    from tablehall.games.catan.jsettlers import message as codec

    calls = []
    monkeypatch.setattr(codec, "parse_cmd_generic", lambda text: calls.append(text) or parse_cmd_generic(text))
    for text in ("1031|g", "1032|g", "1009|g,2,1,69", "1043|g,1", "1045|g", "1035|g,3", "1034|g,2,-45",
                 "1033|g,1,0,0,0,1,0", "1040|g,2,0,0,0,0,0,1,0,0,0", "1086|g|2|100|1|3"):
        assert type(codec.parse_cmd(text)) is MESSAGE_TYPES[int(text.partition("|")[0])]
    assert calls == []
    for text in ("01031|g", "1031||g", "1031|g|x"):
        assert type(codec.parse_cmd(text)) is MESSAGE_TYPES[1031]
    assert calls == ["01031|g", "1031||g", "1031|g|x"]


def test_int_tuple_reads_each_value_as_java_int_does():
    from tablehall.games.catan.jsettlers.message import int_tuple, java_int

    def one_by_one(values):
        return tuple(java_int(v) for v in values)

    samples = [[], ["0"], ["1", "2", "3"], ["123456789"], ["1234567890"], ["2147483647", "1"], ["2147483648"],
               ["-1", "4"], ["+4"], ["", "4"], ["4", ""], ["٣"], ["0x1"], ["007", "10"], [" 1"], ["1" * 30]]
    for values in samples:
        assert outcome(lambda _: int_tuple(values), "") == outcome(lambda _: one_by_one(values), ""), values

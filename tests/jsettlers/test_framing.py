"""Java writeUTF frames and modified UTF-8, both directions."""

from __future__ import annotations

import random

import pytest

from tablehall.games.catan.jsettlers.framing import (
    MAX_FRAME_BYTES,
    FrameDecoder,
    FrameError,
    FrameTooLong,
    decode_mutf8,
    encode_frame,
    encode_mutf8,
)


@pytest.mark.parametrize(
    "text, encoded",
    [
        ("1009|g,0,1,171", b"1009|g,0,1,171"),
        ("1010|g\x00debug\x00hi", b"1010|g\xc0\x80debug\xc0\x80hi"),  # NUL is C0 80
        ("\u00e9", b"\xc3\xa9"),
        ("\u20ac", b"\xe2\x82\xac"),
        ("\U0001f600", b"\xed\xa0\xbd\xed\xb8\x80"),  # a surrogate pair, each in 3 bytes (CESU-8)
        ("\ud800", b"\xed\xa0\x80"),  # a lone surrogate survives, as in a Java String
        ("", b""),
    ],
)
def test_modified_utf8_both_directions(text, encoded):
    assert encode_mutf8(text) == encoded
    assert decode_mutf8(encoded) == text


def test_decoder_accepts_what_java_accepts():
    assert decode_mutf8(b"a\x00b") == "a\x00b"  # a raw NUL byte
    assert decode_mutf8(b"\xc1\x81") == "A"  # overlong 2-byte form
    assert decode_mutf8(b"\xe0\x80\x80") == "\x00"  # overlong 3-byte form


@pytest.mark.parametrize(
    "data",
    [
        b"\x80",  # continuation byte in lead position
        b"\xbf",
        b"\xf0\x9f\x98\x80",  # standard 4-byte UTF-8 is not modified UTF-8
        b"\xf8",
        b"\xc3",  # cut off
        b"\xe2\x82",
        b"\xc3A",  # bad continuation
        b"\xe2A\x82",
        b"\xe2\x82A",
    ],
)
def test_decoder_refuses_what_java_refuses(data):
    with pytest.raises(FrameError):
        decode_mutf8(data)


def test_frames_round_trip_in_random_chunks():
    rng = random.Random(5)
    alphabet = "ab|,\t\x00\x01é€\U0001f600\ud800\udc00"
    texts = ["".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 40))) for _ in range(200)]
    stream = b"".join(encode_frame(t) for t in texts)
    decoder = FrameDecoder()
    received: list[str] = []
    position = 0
    while position < len(stream):
        step = rng.randrange(1, 9)
        decoder.feed(stream[position : position + step])
        position += step
        received.extend(decoder)
    assert len(received) == len(texts)
    for sent, got in zip(texts, received):
        # A str holding a high+low surrogate pair comes back as the one code point the pair
        # stands for (Java sees the same UTF-16 units); everything else comes back unchanged.
        assert got == sent.replace("\ud800\udc00", "\U00010000")
    assert decoder.pending_bytes == 0


def test_one_byte_at_a_time():
    decoder = FrameDecoder()
    frames = []
    for byte in encode_frame("9998|2700,2.7.00,JM20260517,;ch;") + encode_frame("1083"):
        decoder.feed(bytes([byte]))
        frames.extend(decoder)
    assert frames == ["9998|2700,2.7.00,JM20260517,;ch;", "1083"]


def test_frame_length_is_bounded():
    assert len(encode_frame("x" * MAX_FRAME_BYTES)) == MAX_FRAME_BYTES + 2
    with pytest.raises(FrameTooLong):
        encode_frame("x" * (MAX_FRAME_BYTES + 1))
    with pytest.raises(FrameTooLong):  # the limit counts encoded bytes, not characters
        encode_frame("\u20ac" * 21846)


def test_malformed_frame_breaks_the_stream_after_earlier_frames():
    decoder = FrameDecoder()
    decoder.feed(encode_frame("1065") + b"\x00\x01\x80" + encode_frame("1083"))
    assert decoder.next_frame() == "1065"
    with pytest.raises(FrameError):
        decoder.next_frame()
    with pytest.raises(FrameError):  # the stream is no longer trusted
        decoder.next_frame()


def _frames_of(reads: list[bytes], whole: bool) -> list:
    """What a session reads from `reads`: with `feed_whole` (as it does) or `feed` alone; a
    `FrameError` ends the list."""
    decoder, got = FrameDecoder(), []
    for data in reads:
        text = decoder.feed_whole(data) if whole else (decoder.feed(data), None)[1]
        if text is not None:
            got.append(text)
            assert decoder.pending_bytes == 0
            continue
        try:
            got.extend(decoder)
        except FrameError:
            return got + ["FrameError"]
    return got + [decoder.pending_bytes]


def test_a_read_of_exactly_one_frame_is_taken_whole_and_every_read_as_feed_takes_it():
    """`feed_whole` (a read of exactly one ASCII frame, nothing buffered: taken at once) gives
    the frames, the refusal and what stays buffered that `feed` and `next_frame` give, for reads
    cut anywhere: whole frames, pieces, several at once, non-ASCII and malformed frames."""
    rng = random.Random(15)
    pieces = [encode_frame("1031|tablehall robots 1"), encode_frame("1010|g\x00é"), encode_frame(""),
              encode_frame("1009|g,0,1,171"), b"\x00\x01\x80", b"\x00\x05ab"]
    decoder = FrameDecoder()
    assert decoder.feed_whole(pieces[0]) == "1031|tablehall robots 1" and decoder.pending_bytes == 0
    assert decoder.feed_whole(pieces[1]) is None and list(decoder) == ["1010|g\x00é"]  # not ASCII
    for _ in range(500):
        stream = b"".join(rng.choice(pieces[:4] if rng.random() < 0.7 else pieces) for _ in range(rng.randrange(1, 5)))
        reads, position = [], 0
        while position < len(stream):
            step = len(stream) if rng.random() < 0.3 else rng.randrange(1, 12)
            reads.append(stream[position:position + step])
            position += step
        assert _frames_of(reads, whole=True) == _frames_of(reads, whole=False), reads
    broken = FrameDecoder()
    broken.feed(b"\x00\x01\x80")
    with pytest.raises(FrameError):
        broken.next_frame()
    assert broken.feed_whole(pieces[0]) is None  # a broken stream stays broken
    with pytest.raises(FrameError):
        broken.next_frame()

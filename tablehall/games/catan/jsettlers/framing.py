"""JSettlers frames: Java ``DataOutputStream.writeUTF`` strings, sans-I/O.

A frame is a 2-byte big-endian length followed by that many bytes of Java "modified UTF-8":
U+0000 is written as ``C0 80`` and every character outside the Basic Multilingual Plane as its
two UTF-16 surrogates, each in 3-byte form.  Decoding follows ``DataInputStream.readUTF``
exactly: it accepts what Java accepts (overlong forms such as ``C0 80``, a raw ``00`` byte,
lone surrogates) and refuses what Java refuses (a stray continuation byte, a 4-byte lead byte,
a character cut off by the end of the frame).  A refused frame is a `FrameError`; the Java
server answers one by dropping the connection, and so should an adapter.
"""

from __future__ import annotations

import re

MAX_FRAME_BYTES = 0xFFFF  # the 2-byte length field bounds every frame

_SUPPLEMENTARY = re.compile("[\U00010000-\U0010ffff]")
_SURROGATES = re.compile("[\ud800-\udfff]")


class FrameError(ValueError):
    """Bytes that `readUTF` would refuse (the Java server closes the connection)."""


class FrameTooLong(FrameError):
    """A string whose modified UTF-8 form does not fit in one frame (Java's `writeUTF` throws)."""


def _as_surrogate_pair(match: re.Match[str]) -> str:
    cp = ord(match.group()) - 0x10000
    return chr(0xD800 + (cp >> 10)) + chr(0xDC00 + (cp & 0x3FF))


def encode_mutf8(text: str) -> bytes:
    """`text` in Java modified UTF-8 (no length prefix)."""
    if text.isascii() and "\x00" not in text:
        return text.encode("ascii")
    utf16_units = _SUPPLEMENTARY.sub(_as_surrogate_pair, text)
    return utf16_units.encode("utf-8", "surrogatepass").replace(b"\x00", b"\xc0\x80")


def _join_surrogate_pairs(text: str) -> str:
    # A valid high+low pair becomes one code point; a lone surrogate stays as it is, as in Java.
    if not _SURROGATES.search(text):
        return text
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


def decode_mutf8(data: bytes) -> str:
    """Decode modified UTF-8 the way `DataInputStream.readUTF` does; `FrameError` if it would refuse."""
    if data.isascii():
        return data.decode("ascii")
    units: list[int] = []
    i, n = 0, len(data)
    while i < n:
        lead = data[i]
        kind = lead >> 4
        if kind <= 7:
            units.append(lead)
            i += 1
        elif kind in (12, 13):
            if i + 1 >= n:
                raise FrameError(f"partial character at end (byte {i})")
            second = data[i + 1]
            if second & 0xC0 != 0x80:
                raise FrameError(f"malformed input around byte {i + 1}")
            units.append(((lead & 0x1F) << 6) | (second & 0x3F))
            i += 2
        elif kind == 14:
            if i + 2 >= n:
                raise FrameError(f"partial character at end (byte {i})")
            second, third = data[i + 1], data[i + 2]
            if second & 0xC0 != 0x80 or third & 0xC0 != 0x80:
                raise FrameError(f"malformed input around byte {i + 2}")
            units.append(((lead & 0x0F) << 12) | ((second & 0x3F) << 6) | (third & 0x3F))
            i += 3
        else:  # 10xxxxxx in lead position, or a 4-byte lead byte
            raise FrameError(f"malformed input around byte {i}")
    return _join_surrogate_pairs("".join(map(chr, units)))


def encode_frame(text: str) -> bytes:
    """One `writeUTF` frame; `FrameTooLong` past 65535 bytes."""
    # plain ASCII (almost every message) is its own modified UTF-8: no call for it
    body = text.encode("ascii") if text.isascii() and "\x00" not in text else encode_mutf8(text)
    if len(body) > MAX_FRAME_BYTES:
        raise FrameTooLong(f"{len(body)} bytes of modified UTF-8 do not fit in one frame")
    return len(body).to_bytes(2, "big") + body


class FrameDecoder:
    """Turns a byte stream, fed in chunks of any size, into frame strings.

    >>> d = FrameDecoder()
    >>> d.feed(b"\\x00\\x04999")
    >>> list(d)
    []
    >>> d.feed(b"8\\x00\\x041065")
    >>> list(d)
    ['9998', '1065']

    Iterating raises `FrameError` at a malformed frame; the decoder then stays broken, since the
    stream can no longer be trusted (the Java server drops such a connection).
    """

    def __init__(self) -> None:
        self._buffer = bytearray()
        self._broken: FrameError | None = None

    def feed(self, data: bytes) -> None:
        self._buffer += data

    def feed_whole(self, data: bytes) -> str | None:
        """`feed`, but for the commonest read, nothing buffered and `data` exactly one ASCII frame
        (a client's request), its text at once (then nothing is buffered); None otherwise, and
        the frames are taken with `next_frame` as after `feed`."""
        if (not self._buffer and self._broken is None and len(data) >= 2
                and (data[0] << 8 | data[1]) == len(data) - 2 and data.isascii()):
            return data[2:].decode("ascii")
        self._buffer += data
        return None

    @property
    def pending_bytes(self) -> int:
        """Bytes received but not yet part of a complete frame."""
        return len(self._buffer)

    def next_frame(self) -> str | None:
        """The next complete frame, or None until more bytes arrive."""
        if self._broken is not None:
            raise self._broken
        if len(self._buffer) < 2:
            return None
        length = int.from_bytes(self._buffer[:2], "big")
        if len(self._buffer) < 2 + length:
            return None
        body = bytes(self._buffer[2 : 2 + length])
        del self._buffer[: 2 + length]
        try:
            return decode_mutf8(body)
        except FrameError as error:
            self._broken = error
            raise

    def __iter__(self):
        while (frame := self.next_frame()) is not None:
            yield frame

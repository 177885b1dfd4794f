"""A `ServerConnection` driven as a client drives it: frames in through `receive_data`, and its
one output kept and read back as wire strings (no sockets)."""

from __future__ import annotations

from tablehall.games.catan.jsettlers.connection import Lobby, ServerConfig, ServerConnection
from tablehall.games.catan.jsettlers.framing import FrameDecoder, encode_frame
from tablehall.games.catan.jsettlers.message import Message

_OUTPUTS: dict[ServerConnection, bytearray] = {}


def open_connection(config: ServerConfig, lobby: Lobby, peer: str = "-") -> ServerConnection:
    """A connection whose output is kept for `sent` (not started yet)."""
    output = bytearray()
    conn = ServerConnection(config, lobby, output.extend, peer=peer)
    _OUTPUTS[conn] = output
    return conn


def sent_bytes(conn: ServerConnection) -> bytes:
    """What `conn` wrote since the last look, as bytes."""
    output = _OUTPUTS[conn]
    data = bytes(output)
    output.clear()
    return data


def sent(conn: ServerConnection) -> list[str]:
    """What `conn` wrote since the last look, as wire strings."""
    decoder = FrameDecoder()
    decoder.feed(sent_bytes(conn))
    return list(decoder)


def client_sends(conn: ServerConnection, *messages: Message | str) -> None:
    """The client sends these messages (or wire strings), one frame each."""
    for message in messages:
        conn.receive_data(encode_frame(message if isinstance(message, str) else message.to_cmd()))

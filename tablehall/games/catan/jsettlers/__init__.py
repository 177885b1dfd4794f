"""The JSettlers 2.x protocol (``soc.message``), sans-I/O.

* `framing`: Java ``writeUTF`` frames and modified UTF-8 (`FrameDecoder`, `encode_frame`).
* `message`, `lobby_messages`, `game_messages`: typed, immutable messages with the wire form
  (`parse_cmd`, ``msg.to_cmd()``) and the ``toString`` form (`parse_str`, ``msg.to_str()``).
* `soclog`: ``.soclog`` game event logs (`read_soclog`, `Soclog.render`).
* `options`: the game options of JSettlers 2.7.00 and their wire forms; `engine_rules`: those the engine plays.
* `connection`: one client connection's protocol state machine up to game play.
"""

from .framing import FrameDecoder, FrameError, FrameTooLong, decode_mutf8, encode_frame, encode_mutf8
from .game_messages import *  # noqa: F401,F403 - the message classes are the package's vocabulary
from .lobby_messages import *  # noqa: F401,F403
from .message import (
    MESSAGE_NAMES,
    MESSAGE_TYPES,
    MalformedMessage,
    Message,
    Unknown,
    is_single_line_and_safe,
    parse_cmd,
    parse_str,
)

"""Where contest servers 21.4.0 and 21.3.3 differ in what a player or admin sees.

Rules and the game-state XML are identical; these are the lobby and error conventions
(notes/socha-blokus.md §5.9).  Everything version-dependent in the protocol code reads one of
these fields, so the difference between the versions is this table and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass

from ....core import EndCause


@dataclass(frozen=True)
class Dialect:
    version: str
    close_tag: str  # the CloseConnection element the server writes
    error_echo_tag: str  # child of an error room message that echoes the move
    echo_reported_move: bool  # 21.3.3 echoes the exception's move (none for move=null mistakes)
    errorpacket_after_player_error: bool  # offender gets <errorpacket> before the close
    join_display_name: str  # displayName of players in <join> games
    join_games_time_out: bool  # whether <join> players have the 2 s / 10 s limits
    joined_on_prepared_immediately: bool  # <joined> at joinPrepared, or only at game start
    hard_timeout_cause: str  # cause shown for a hard timeout (21.4.0 shows SOFT_TIMEOUT: a bug we copy)
    lobby_errorpacket: bool  # lobby errors as <errorpacket> + close (21.4.0) or mostly silent close
    joined_game_room_attr: str  # "playerCount" (21.4.0) or "existing" (21.3.3)
    paused_event: bool  # observers get <data class="paused"> on pause requests
    cancel_sends_result: bool  # players of a cancelled game get a 0/0 result before <left>
    winner_excludes: frozenset[EndCause]  # causes that keep a player off the <winner> list
    not_your_turn_ends_game: bool  # 21.3.3 disconnects the sender but the room keeps waiting
    join_room: bool  # <joinRoom roomId> exists
    legacy_admin_requests: bool  # <timeout>, <freeReservation> exist


V21_4_0 = Dialect(
    version="21.4.0",
    close_tag="sc.protocol.CloseConnection",
    error_echo_tag="originalMessage",
    echo_reported_move=False,
    errorpacket_after_player_error=True,
    join_display_name="",
    join_games_time_out=False,
    joined_on_prepared_immediately=True,
    hard_timeout_cause="SOFT_TIMEOUT",
    lobby_errorpacket=True,
    joined_game_room_attr="playerCount",
    paused_event=True,
    cancel_sends_result=True,
    winner_excludes=frozenset({EndCause.RULE_VIOLATION, EndCause.LEFT}),
    not_your_turn_ends_game=True,
    join_room=True,
    legacy_admin_requests=False,
)

V21_3_3 = Dialect(
    version="21.3.3",
    close_tag="sc.protocol.responses.CloseConnection",
    error_echo_tag="originalRequest",
    echo_reported_move=True,
    errorpacket_after_player_error=False,
    join_display_name="Unknown",
    join_games_time_out=True,
    joined_on_prepared_immediately=False,
    hard_timeout_cause="HARD_TIMEOUT",
    lobby_errorpacket=False,
    joined_game_room_attr="existing",
    paused_event=False,
    cancel_sends_result=False,
    winner_excludes=frozenset({EndCause.RULE_VIOLATION}),
    not_your_turn_ends_game=False,
    join_room=False,
    legacy_admin_requests=True,
)

DIALECTS = {d.version: d for d in (V21_4_0, V21_3_3)}


def dialect(version: str) -> Dialect:
    try:
        return DIALECTS[version]
    except KeyError:
        raise ValueError(f"unknown Software Challenge server version {version!r} "
                         f"(known: {', '.join(sorted(DIALECTS))})") from None

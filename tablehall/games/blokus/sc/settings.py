"""The contest server's settings: the ``[sc]`` section of a server's config (also
``--set sc.KEY=VALUE``), declared with the game's `ServiceSpec`."""

from __future__ import annotations

from ....core.hosting import Setting

SC_SETTINGS = {
    "version": Setting("21.4.0", "the contest server version announced and spoken", choices=("21.4.0", "21.3.3")),
    "paused": Setting(False, "rooms made by <join> start paused (an admin steps them)"),
    "soft_timeout_ms": Setting(2000.0, "a move later than this is refused and forfeits the game"),
    "hard_timeout_ms": Setting(10000.0, "no move by then forfeits the game"),
    "start_piece": Setting("", "force the start piece (a pentomino name); empty: drawn from the seed"),
    "seed": Setting(None, "a fixed seed for every room (tests); unset: random", kind=int),
}

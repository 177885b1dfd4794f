"""The kernel contract every game implements: `GameState` for one game and `GameSpec` to
register a game with the platform.

Rules modules are pure: no sockets, no clock, no global randomness.  All chance comes from the
`Rng` the state holds, so (game, options, seed, actions) reproduce a game exactly.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from .events import Event
from .result import EndCause, Result
from .rng import Rng

if TYPE_CHECKING:
    from .record import Record


class IllegalAction(Exception):
    """An action a seat may not take now.

    `code` is the game's stable name for the mistake (e.g. ``NOT_IN_CORNER``); `message` is a
    precise human reason.  Protocol adapters translate both into their own errors.  `str()` of
    the exception is what a forfeit for it records (games may override it with a fuller text).
    """

    def __init__(self, code: str, message: str = "") -> None:
        super().__init__(message or code)
        self.code = code
        self.message = message or code


class OptionError(ValueError):
    """Game options that the game does not know or cannot accept."""


class GameState(ABC):
    """One game in progress.  Mutable; `copy()` gives an independent game.

    Seats are numbered 0..n-1.  Observers are represented by ``None`` wherever a seat is asked.
    """

    #: number of seats in this game
    seat_count: int

    # -- who acts ---------------------------------------------------------------------------
    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """Seats that must act now; several at once where the rules say so (e.g. discards).
        Empty when the game is over."""

    def may_act_unprompted(self, seat: int) -> bool:
        """Whether `seat` may submit an action although it is not asked (e.g. a trade offer)."""
        return False

    def volunteers(self) -> tuple[int, ...]:
        """Seats offered, at this moment, a chance to act unprompted that in-process bots would
        otherwise never get (e.g. Catan: right after each roll, the seats that may ask for a
        special building phase).  A runner gives each such bot seat one `Bot.volunteer` call
        before it asks `to_act`; the game lists a seat only while the offer stands, so the offer
        is made once.  Empty by default."""
        return ()

    # -- actions ----------------------------------------------------------------------------
    @abstractmethod
    def legal_actions(self, seat: int) -> Sequence[Any]:
        """The actions `seat` may take now (empty when it is not asked).  Games with
        unbounded action spaces (free-form trades) may list a representative subset; `check`
        remains the judge."""

    @abstractmethod
    def check(self, seat: int, action: Any) -> None:
        """Raise `IllegalAction` with a precise reason if `seat` may not take `action` now."""

    @abstractmethod
    def apply(self, seat: int, action: Any) -> list[Event]:
        """Check and apply `action` for `seat`; return what happened, each with its audience."""

    @abstractmethod
    def forfeit(self, seat: int, cause: EndCause, reason: str = "") -> list[Event]:
        """Take `seat` out for `cause` (timeout, violation, left, disqualified).  Whether the
        game ends or goes on without the seat is the game's rule."""

    def start_events(self) -> list[Event]:
        """Events that announce the initial position (e.g. the board), before any action."""
        return []

    # -- outcome ----------------------------------------------------------------------------
    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> Result | None:
        """The result once the game is over, else None."""

    # -- what each party sees -------------------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """A JSON-able picture of the game as `seat` (None: an observer) may see it."""

    def observation(self, seat: int) -> "GameState":
        """What an in-process bot playing `seat` is given.  Perfect-information games return
        the state itself (bots must not mutate it); hidden-information games return a copy in
        which what the seat cannot see is removed or re-sampled."""
        return self

    @abstractmethod
    def copy(self) -> "GameState": ...


class Bot(ABC):
    """An in-process player.  Seeded, so a game between bots is reproducible."""

    name: str = "bot"
    #: False for a bot that reads only what its seat may know (its own cards, public counts),
    #: never changes the state it is handed, and is proven by tests to decide exactly as on
    #: `observation(seat)`: a runner may then hand it the live game and spare the copy.  Bots
    #: from outside (policies, subprocesses, clients) always get observations.
    needs_observation: bool = True

    def __init__(self, seed: int = 0) -> None:
        self._seed = seed

    @property
    def seed(self) -> int:
        """The seed it was made with: the same bot, name and seed, decides the same again."""
        return self._seed

    @cached_property
    def rng(self) -> Rng:
        """The bot's generator, seeded at first use: many rule bots never draw, and seeding a
        Mersenne Twister costs more than one of their decisions."""
        return Rng(self._seed)

    @abstractmethod
    def choose(self, state: GameState, seat: int) -> Any:
        """Pick an action for `seat`; `state` is `observation(seat)` of the live game."""

    #: whether `volunteer` may act: a bot that overrides it says so, and only then is it
    #: offered the game's chances
    may_volunteer: bool = False

    def volunteer(self, state: GameState, seat: int) -> Any:
        """An action `seat` takes unprompted when the game offers the chance
        (`GameState.volunteers`), or None to let it pass.  Must be quick.  A bot that overrides
        it sets `may_volunteer`."""
        return None


@dataclass(frozen=True)
class GameSpec:
    """What the platform needs to know about a game; each game package exports one as SPEC."""

    name: str
    title: str
    rules_version: str
    seat_counts: Sequence[int]
    new_game: Callable[[int, Mapping[str, Any], int], GameState]
    """(seat_count, normalised options, seed) -> a new game."""
    normalize_options: Callable[[Mapping[str, Any]], dict[str, Any]]
    """Defaults filled in; raises OptionError naming an unknown or bad option."""
    encode_action: Callable[[Any], Any]
    """An action as JSON-able data, for records."""
    decode_action: Callable[[Any], Any]
    bots: Mapping[str, Callable[[int], Bot]] = field(default_factory=dict)
    """Built-in bots by name: seed -> Bot."""
    default_seat_count: int = 2
    exporters: Mapping[str, Callable[["Record"], str]] = field(default_factory=dict)
    """Notations a record can be written as, by format name."""
    importers: Mapping[str, Callable[[str], "Record"]] = field(default_factory=dict)
    notation_suffixes: Mapping[str, str] = field(default_factory=dict)
    """File suffix -> notation (a key of `exporters` or `importers`): a file of such a suffix
    given where a record is expected is told how `tablehall import` reads it, if it can."""
    seat_command_bots: bool = False
    """Whether seats may be `cmd:COMMAND` subprocess bots (protocols that define stdin/stdout)."""
    subprocess_agent: Callable[..., Any] | None = None
    """For `cmd:` seats: (command, seat, name) -> Agent speaking the game's protocol."""
    services: Sequence[Any] = ()
    """The wire protocols `tablehall serve` offers for this game (core.hosting.ServiceSpec):
    each one's name, default port, help text and config settings."""
    pairing: tuple[str, str] | None = None
    """Two built-in bots, the stronger first, that benchmarks set against each other (None:
    the first bot against itself)."""
    solo_opponent: str = "solo opponent"
    """What a one-seat game is played against (rated as a pseudo-entrant by the arena)."""
    env_adapter: str | None = None
    """The game's learning-environment adapter (a `tablehall.envs.adapter.Adapter` class) as
    ``module:Class``, the module relative to the game's package when it starts with a dot;
    named, not imported, since environments sit above the games (None: no environment)."""
    gym_id: str | None = None
    """The Gymnasium id `import tablehall.envs` registers for the game (with `env_adapter`)."""
    web_board: str | None = None
    """The web hall's board for the game: an ES module file, relative to the game's package,
    exporting ``render(root, view, ctx)`` (None: the generic board)."""
    option_help: Mapping[str, str] = field(default_factory=dict)
    """One line per option: the values it accepts and what it does (defaults come from
    `normalize_options({})`); `play --help` and `tablehall bots` show them."""
    timeout_policy: Callable[..., Any] | None = None
    """What a player who is not in the process (a client of the game's protocol, a person in
    the browser) risks for not answering within `limit` seconds or for leaving, as the game's
    protocol service rules it: (limit: float | None, replacement: seat -> Agent | None) ->
    core.match.SeatPolicy.  `replacement` serves protocols that hand such a seat to a bot."""
    few_actions: bool = False
    """Whether the game's actions are few and canonical (hashable, one record form each, as
    the actions a protocol reads from a fixed table of replies): then every match, not only
    games between in-process bots, keeps each action's record form and JSON text once per
    process (`records.KnownActions`) instead of encoding it at every move."""
    move_text: Callable[[Any], Any] | None = None
    """Each step in words for a person (`core.movetext`): StepView -> MoveText, from the events
    the viewer may see; None: the action's record form as JSON."""
    face_data: Callable[[], Mapping[str, Any]] | None = None
    """The game's own objects as JSON-able data for faces that draw them (cards with their
    cost and text, pieces with their shapes, costs), from the rules' tables."""
    chance_options: frozenset[str] = frozenset()
    """Options that fix what chance would otherwise decide (scripted dice, a chosen deck, board
    or first piece): whoever sets them knows what is coming, so the web hall refuses them for
    games with other people unless every person seat is the creator's own (practice), and
    shows them wherever they are set (`fixed_chance`)."""

    def fixed_chance(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The chance options `options` set to something other than their default."""
        if not self.chance_options:
            return {}
        defaults = self.normalize_options({})
        return {key: options[key] for key in sorted(self.chance_options)
                if key in options and options[key] != defaults.get(key)}

    def new(self, seat_count: int | None = None, options: Mapping[str, Any] | None = None,
            seed: int = 0, normalized: bool = False) -> GameState:
        """A new game; `normalized`: `options` are what `normalize_options` gave (a match
        normalizes them once for its record and its game)."""
        count = self.default_seat_count if seat_count is None else seat_count
        if count not in self.seat_counts:
            raise OptionError(f"{self.name} is played by {_counts(self.seat_counts)} seats, not {count}")
        if not normalized or options is None:
            options = self.normalize_options(options or {})
        return self.new_game(count, options, seed)

    def paired_bots(self) -> tuple[str, str]:
        """`pairing`, or the first built-in bot against itself."""
        if self.pairing is not None:
            return self.pairing
        first = next(iter(self.bots))
        return first, first


def _counts(counts: Sequence[int]) -> str:
    counts = sorted(counts)
    if len(counts) > 1 and counts[-1] - counts[0] == len(counts) - 1:
        return f"{counts[0]}-{counts[-1]}"
    return ", ".join(map(str, counts))


def strict_options(defaults: Mapping[str, Any]) -> Callable[[Mapping[str, Any]], dict[str, Any]]:
    """An option normaliser that fills defaults and refuses unknown keys or wrong types."""

    def normalize(options: Mapping[str, Any]) -> dict[str, Any]:
        unknown = sorted(set(options) - set(defaults))
        if unknown:
            raise OptionError(f"unknown option {unknown[0]!r} (known: {', '.join(sorted(defaults)) or 'none'})")
        out = dict(defaults)
        for key, value in options.items():
            want = type(defaults[key])
            if want is bool and isinstance(value, str):
                if value.lower() not in ("true", "false", "1", "0", "yes", "no"):
                    raise OptionError(f"option {key!r} must be true or false, not {value!r}")
                value = value.lower() in ("true", "1", "yes")
            elif want in (int, float) and isinstance(value, str):
                try:
                    value = want(value)
                except ValueError:
                    raise OptionError(f"option {key!r} must be a number, not {value!r}") from None
            if not isinstance(value, want) or (want is int and isinstance(value, bool)):
                raise OptionError(f"option {key!r} must be {want.__name__}, not {value!r}")
            out[key] = value
        return out

    return normalize

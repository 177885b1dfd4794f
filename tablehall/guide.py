"""What the help tells about each game and listener: built-in bots (one line each), game options
(default and accepted values), listeners and their settings.  Read from the registry, so a game
documents itself; `play --help`, `tablehall bots` and `serve --help` print it."""

from __future__ import annotations

import inspect
import json
from typing import Any, Iterable

from .core.game import GameSpec
from .core.registry import game_names, get_game


def summary(obj: Any) -> str:
    """The first sentence of `obj`'s own docstring (not one inherited from a base class)."""
    doc = obj.__dict__.get("__doc__") if isinstance(obj, type) else getattr(obj, "__doc__", None)
    paragraph = " ".join(inspect.cleandoc(doc or "").split("\n\n")[0].split())
    end = paragraph.find(". ")
    return paragraph if end < 0 else paragraph[:end + 1]


def _value(value: Any) -> str:
    """A value as it is written in a TOML file or on the command line."""
    if value is None:
        return "(unset)"
    return json.dumps(value) if isinstance(value, (str, bool, list)) else str(value)


def describe_game(spec: GameSpec) -> str:
    counts = sorted(spec.seat_counts)
    seats = f"{counts[0]}-{counts[-1]}" if len(counts) > 1 else str(counts[0])
    lines = [f"{spec.name}: {spec.title}, {seats} seats", "  bots (--seats NAME,NAME...):"]
    width = max([len(name) for name in spec.bots] + [len("cmd:COMMAND") if spec.seat_command_bots else 0]) + 2
    lines += [f"    {name:<{width}}{summary(bot) or '-'}" for name, bot in spec.bots.items()]
    if spec.seat_command_bots:
        lines.append(f"    {'cmd:COMMAND':<{width}}a bot run as a subprocess, speaking the game's protocol "
                     "on stdin/stdout (e.g. cmd:python3 mybot.py)")
    defaults = spec.normalize_options({})
    if defaults:
        lines.append("  options (--option KEY=VALUE), with their defaults:")
        texts = {key: f"{key}={_value(value)}" for key, value in defaults.items()}
        width = max(len(text) for text in texts.values()) + 2
        lines += [f"    {texts[key]:<{width}}{spec.option_help.get(key, '')}".rstrip() for key in defaults]
    else:
        lines.append("  options: none")
    return "\n".join(lines)


def describe_games(names: Iterable[str] | None = None) -> str:
    return "\n\n".join(describe_game(get_game(name)) for name in (names or game_names()))


def describe_services() -> str:
    """Every listener, the config file's keys, and each listener's settings."""
    from .accounts.settings import SETTINGS as ACCOUNT_SETTINGS
    from .core.limits import LIMIT_SETTINGS
    from .core.registry import all_services
    from .server.web import DEFAULT_HTTP_PORT, WEB_SETTINGS

    services = [spec for _, spec in all_services()]
    lines = ["listeners (--NAME-port PORT, or NAME = PORT under [ports] in the config; 0 turns one off):"]
    width = max([len(spec.name) for spec in services] + [len("http")]) + 2
    lines += [f"  {spec.name:<{width}}{spec.default_port:>6}  {spec.description}" for spec in services]
    lines.append(f"  {'http':<{width}}{DEFAULT_HTTP_PORT:>6}  the web hall: lobby, live boards, records, JSON API")
    lines += ["",
              "config file (--config FILE, TOML); flags override it:",
              '  host = "127.0.0.1"            address to bind',
              '  db = "var/tablehall.sqlite"   the record store',
              '  admin_password = "..."        admin clients; unset: the contest default, loopback only',
              '  log_format = "text"           text | json',
              "  [ports]                       NAME = PORT per listener above",
              "",
              "settings of each listener: [NAME] in the config, or --set NAME.KEY=VALUE; [limits]: what one "
              "client may cost (docs/security.md); [accounts]: docs/accounts.md:"]
    for name, settings in [*((spec.name, spec.settings) for spec in services), ("web", WEB_SETTINGS),
                           ("limits", LIMIT_SETTINGS), ("accounts", ACCOUNT_SETTINGS)]:
        lines.append(f"  [{name}]")
        texts = {key: f"{key} = {_value(setting.default)}" for key, setting in settings.items()}
        width = max((len(text) for text in texts.values()), default=0) + 2
        for key, setting in settings.items():
            lines.append(f"    {texts[key]:<{width}}{setting.accepts}: {setting.help}")
    return "\n".join(lines)

"""Server configuration: built-in defaults < TOML file < command-line flags.

Example file::

    host = "127.0.0.1"            # bind address; loopback unless told otherwise
    db = "var/tablehall.sqlite"   # record store (unset: $TABLEHALL_DB, as every command)
    admin_password = "s3cret"     # admin clients; without it the SC default works on loopback only
    log_format = "text"           # or "json"
    event_loop = "auto"           # uvloop when installed (the fast extra), else asyncio's; or "uvloop", "asyncio"

    [ports]                        # 0 turns a listener off
    sc = 13050
    http = 8080                    # the web hall

    [sc]                           # each service's own section
    version = "21.4.0"

    [accounts]                     # people's and bots' accounts (docs/accounts.md)
    registration = "open"          # or "closed": only admins and `tablehall accounts add` make them
    cookie_key = "..."             # signs the web hall's cookies (unset: a new key each start)

    [bots.blokus]                  # bots clients may ask for by name, per game: here a
    learned = "policy:agents/blokus_agent.py:act"   # trained policy (docs/envs.md)
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


class ConfigError(ValueError):
    pass


def default_db() -> str:
    """The record store every command and server uses unless told otherwise (TABLEHALL_DB
    moves it): read when asked, so a server made without a `db` opens the store its
    environment names, as the command line does, never the working directory's by accident."""
    return os.environ.get("TABLEHALL_DB", "var/tablehall.sqlite")


@dataclass
class ServerConfig:
    host: str = "127.0.0.1"
    db: str = field(default_factory=default_db)
    admin_password: str | None = None
    log_format: str = "text"
    event_loop: str = "auto"  # see EVENT_LOOPS
    journal: bool = True  # the games in play journaled in the store (false: a crash loses them)
    ports: dict[str, int] = field(default_factory=dict)  # service name -> port (0 = off)
    sections: dict[str, dict[str, Any]] = field(default_factory=dict)  # service name -> options

    def port_for(self, service: str, default: int) -> int:
        return self.ports.get(service, default)

    def section(self, service: str) -> dict[str, Any]:
        return self.sections.get(service, {})


_TOP_KEYS = {"host", "db", "admin_password", "log_format", "event_loop", "journal", "ports"}
EVENT_LOOPS = ("auto", "uvloop", "asyncio")


def load_config(path: str | Path | None) -> ServerConfig:
    config = ServerConfig()
    if path is None:
        return config
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(f"cannot read config {path}: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"config {path} is not valid TOML: {exc}") from None
    for key, value in data.items():
        if isinstance(value, dict) and key != "ports":
            config.sections[key] = dict(value)
        elif key not in _TOP_KEYS:
            raise ConfigError(f"config {path}: unknown setting {key!r}")
    if "host" in data:
        config.host = _string(data, "host", path)
    if "db" in data:
        config.db = _string(data, "db", path)
    if "admin_password" in data:
        config.admin_password = _string(data, "admin_password", path)
    if "log_format" in data:
        config.log_format = _string(data, "log_format", path)
    if "event_loop" in data:
        config.event_loop = _string(data, "event_loop", path)
        if config.event_loop not in EVENT_LOOPS:
            raise ConfigError(f"config {path}: event_loop must be one of {', '.join(EVENT_LOOPS)}")
    if "journal" in data:
        config.journal = data["journal"]
        if not isinstance(config.journal, bool):
            raise ConfigError(f"config {path}: journal must be true or false")
    ports = data.get("ports", {})
    if not isinstance(ports, dict):
        raise ConfigError(f"config {path}: [ports] must be a table")
    for name, port in ports.items():
        config.ports[name] = check_port(port, f"config {path}: ports.{name}")
    if config.log_format not in ("text", "json"):
        raise ConfigError(f"config {path}: log_format must be 'text' or 'json'")
    return config


def named_bots(config: ServerConfig) -> dict[str, dict[str, str]]:
    """The operator's named bots (``[bots.<game>]``), checked: each must make a bot now, so a
    missing policy file stops the server at start rather than in the middle of a game."""
    from tablehall.core.registry import UnknownGame, get_game
    from tablehall.core.seats import SeatError, make_bot

    out: dict[str, dict[str, str]] = {}
    for game, table in config.section("bots").items():
        if not isinstance(table, dict):
            raise ConfigError(f"[bots] wants a table per game, e.g. [bots.{game}] name = \"policy:...\"")
        try:
            spec = get_game(game)
        except UnknownGame as exc:
            raise ConfigError(f"[bots.{game}]: {exc}") from None
        for name, text in table.items():
            if not isinstance(text, str) or not name.replace("-", "").replace("_", "").isalnum() or name != name.lower():
                raise ConfigError(f"[bots.{game}] {name}: a lower-case name = a seat text (e.g. \"policy:...\")")
            try:
                make_bot(spec, text, 0)
            except (SeatError, ValueError) as exc:
                raise ConfigError(f"[bots.{game}] {name}: {exc}") from None
        out[game] = dict(table)
    return out


def _string(data: dict, key: str, path: Any) -> str:
    value = data[key]
    if not isinstance(value, str):
        raise ConfigError(f"config {path}: {key} must be a string")
    return value


def check_port(port: Any, what: str) -> int:
    if isinstance(port, bool) or not isinstance(port, int) or not 0 <= port <= 65535:
        raise ConfigError(f"{what} must be a port number 0-65535, not {port!r}")
    return port


def toml_value(text: str) -> Any:
    """A ``--set`` value read as in the config file (``5``, ``true``, ``"x"``, ``["a"]``); a
    bare word that is not TOML stays a string."""
    try:
        return tomllib.loads(f"value = {text}")["value"]
    except tomllib.TOMLDecodeError:
        return text


def check_sections(config: ServerConfig) -> None:
    """Every service section names a listener and holds only its keys with usable values, so
    a typo stops `serve` before anything listens (ConfigError names the key)."""
    from ..accounts.settings import SETTINGS as ACCOUNT_SETTINGS
    from ..core.hosting import SettingError, read_settings
    from ..core.registry import all_services
    from .web import WEB_SETTINGS

    services = {spec.name: spec for _, spec in all_services()}
    others = {"web": WEB_SETTINGS, "accounts": ACCOUNT_SETTINGS}  # sections that are not listeners
    for name, section in config.sections.items():
        if name == "bots":
            continue  # named bots, not a listener: checked by named_bots
        if name == "limits":
            from ..core.limits import LimitError, Limits

            try:
                Limits.from_section(section)
            except (SettingError, LimitError) as exc:
                raise ConfigError(str(exc)) from None
            continue
        if name in others:
            try:
                read_settings(name, section, others[name])
            except SettingError as exc:
                raise ConfigError(str(exc)) from None
            continue
        if name not in services:
            raise ConfigError(f"unknown listener [{name}] (listeners: {', '.join(services)}; "
                              "also [web], [limits], [accounts], [bots.GAME])")
        try:
            read_settings(name, section, services[name].settings)
        except SettingError as exc:
            raise ConfigError(str(exc)) from None

"""A server made without a store opens the one its environment names (TABLEHALL_DB), as every
command does: the JSettlers load tests' servers once opened the working directory's
var/tablehall.sqlite, where one test's game, suspended in the journal when its server stopped,
was played on by the next test's server (its robots pulled into it, their own game deleted)."""

from __future__ import annotations

import asyncio

from tablehall.server.app import Server
from tablehall.server.config import ServerConfig


def test_a_server_without_a_store_opens_the_one_tablehall_db_names(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    named = tmp_path / "elsewhere" / "games.sqlite"
    monkeypatch.setenv("TABLEHALL_DB", str(named))

    async def start_and_stop():
        server = Server(ServerConfig(), store=None, services=[])
        await server.start()
        await server.stop()

    asyncio.run(start_and_stop())
    assert named.is_file()
    assert not (tmp_path / "var").exists()  # not the working directory's default


def test_without_tablehall_db_the_default_is_var_in_the_working_directory(monkeypatch):
    monkeypatch.delenv("TABLEHALL_DB")
    assert ServerConfig().db == "var/tablehall.sqlite"

"""One identity over JSettlers: a registered nickname logs in with its account's password
(`SOCAuthRequest`, the password in `SOCJoinGame`), with the Java server's status messages for a
missing or wrong one; `[jsettlers.accounts]` still works beside it; both stores."""

from __future__ import annotations

import pytest

from tablehall.games.catan.jsettlers.connection import ServerConfig
from tests.jsettlers.test_connection import connect, say

VERSION = "9998|2700,2.7.00,JM20260517,;6pl;sb;sc=2700;,en_US"
WELCOME = "1069|Welcome to Java Settlers of Catan!"


@pytest.mark.parametrize("request_wire, reply", [
    ("999|P,wendy,1,\t,a long password", WELCOME),
    ("999|P,WENDY,1,\t,a long password", WELCOME),  # one name in any case
    ("999|P,wendy,1,\t,", '1069|16,Password required for "wendy".'),
    ("999|P,wendy,1,\t,not her password", '1069|3,Incorrect password for "wendy".'),
    ("999|P,carol,1,\t,right", WELCOME),  # [jsettlers.accounts]
    ("999|P,guest7,1,\t,", WELCOME),  # no account: a guest
])
def test_a_registered_nickname_needs_its_password(accounts, request_wire, reply):
    accounts.book.add_person("wendy", "a long password")
    conn, _, _ = connect(ServerConfig(accounts={"carol": "right"}, identities=accounts.identities))
    say(conn, VERSION)
    assert say(conn, request_wire)[:1] == [reply]


def test_a_disabled_account_and_too_many_failures_are_told(accounts):
    accounts.book.add_person("xena", "a long password")
    config = ServerConfig(identities=accounts.identities)
    for _ in range(3):  # the accounts' limit in these tests: 3 failures per account
        conn, _, _ = connect(config)
        say(conn, VERSION)
        say(conn, "999|P,xena,1,\t,guessing")
    conn, _, _ = connect(config)
    say(conn, VERSION)
    assert say(conn, "999|P,xena,1,\t,a long password")[:1] == ["1069|1,too many failed logins: try again later"]
    accounts.book.add_person("yuri", "a long password")
    accounts.book.set_disabled("yuri", True, actor="console")
    conn, _, _ = connect(config)
    say(conn, VERSION)
    assert say(conn, "999|P,yuri,1,\t,a long password")[:1] == ["1069|1,the account 'yuri' is disabled"]


def test_the_configs_jsettlers_accounts_seed_the_servers_accounts(accounts):
    from tablehall.core.hosting import Host
    from tablehall.games.catan.jsettlers.service import JSettlersService

    accounts.book.add_person("zoe", "her own password")
    host = Host(accounts.store, {"accounts": {"carol": "right password", "zoe": "the config's",
                                              "bad name!": "too short? no: the name"}},
                identities=accounts.identities)
    service = JSettlersService(host)
    assert accounts.book.find("carol") is not None
    assert service.settings.server.accounts == {"bad name!": "too short? no: the name"}  # not an account's name
    assert [(e.actor, e.action, e.target) for e in accounts.book.audit_log()] == [("config", "add", "carol")]
    for wire, reply in [("999|P,carol,1,\t,right password", WELCOME),
                        ("999|P,zoe,1,\t,the config's", '1069|3,Incorrect password for "zoe".'),
                        ("999|P,zoe,1,\t,her own password", WELCOME)]:
        conn, _, _ = connect(service.settings.server, service.lobby)
        say(conn, VERSION)
        assert say(conn, wire)[:1] == [reply]
        conn.connection_lost()

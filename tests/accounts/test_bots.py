"""Bot accounts, their API tokens (shown once, stored as hashes) and the seat tickets they buy;
the protocols' question (`core.identity`) answered from the accounts: on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from tablehall.accounts.book import AccountError
from tablehall.accounts.bots import TICKET_SECONDS
from tablehall.core.identity import Identities, Identity, NameRefused, Refusal

PASSWORD = "correct horse"


@pytest.fixture
def bot(accounts):
    owner = accounts.book.add_person("ruth", PASSWORD)
    return accounts.book.add_bot(owner, "ruthbot")


def test_a_bot_belongs_to_a_person(accounts, bot):
    assert bot.is_bot and bot.owner == accounts.book.find("ruth").id
    assert accounts.book.list(owner=bot.owner) == [bot]
    with pytest.raises(AccountError, match="person"):
        accounts.book.add_bot(bot, "botsbot")
    with pytest.raises(NameRefused):  # bots have no password to log in with
        accounts.sessions.login("ruthbot", PASSWORD, "10.0.0.1")


def test_a_token_is_shown_once_and_only_its_hash_is_kept(accounts, bot, store):
    token = accounts.bots.new_token(bot, "laptop")
    assert token.startswith("thb_") and accounts.bots.bot_for(token) == bot
    stored = store.transact(lambda sql: sql.rows("SELECT hash, label FROM bot_tokens"))
    assert len(stored) == 1 and token not in stored[0][0] and stored[0][1] == "laptop"
    [info] = accounts.bots.tokens(bot)
    assert info.label == "laptop" and info.last_used_at is not None and info.id == stored[0][0][:12]
    assert accounts.bots.revoke(bot, info.id)
    with pytest.raises(NameRefused, match="unknown API token"):
        accounts.bots.bot_for(token)


def test_tokens_are_for_bots_only(accounts, bot):
    with pytest.raises(AccountError):
        accounts.bots.new_token(accounts.book.find("ruth"))


def test_a_seat_ticket_is_spent_once(accounts, bot):
    token = accounts.bots.new_token(bot)
    ticket = accounts.bots.ticket_for_token(token, "dominion", rated=True)
    assert ticket.name == "ruthbot" and ticket.rated
    assert accounts.identities.claim("RuthBot", ticket.ticket, game="dominion") == Identity("ruthbot", bot.id, True)
    with pytest.raises(NameRefused) as spent:
        accounts.identities.claim("ruthbot", ticket.ticket, game="dominion")
    assert spent.value.kind is Refusal.BAD_TICKET


def test_a_ticket_for_another_game_name_or_time_is_refused(accounts, bot, clock):
    other = accounts.book.add_bot(accounts.book.find("ruth"), "otherbot")
    for name, game, wait, problem in [("ruthbot", "blokus", 0, "for dominion"),
                                      ("otherbot", "dominion", 0, "ruthbot's"),
                                      ("ruthbot", "dominion", TICKET_SECONDS + 1, "expired")]:
        ticket = accounts.bots.ticket(bot, "dominion", rated=False)
        clock.now += wait
        with pytest.raises(NameRefused, match=problem):
            accounts.identities.claim(name, ticket.ticket, game=game)
    assert other.name == "otherbot"
    with pytest.raises(NameRefused):
        accounts.identities.claim("ruthbot", "tht_made-up", game="dominion")


def test_a_disabled_bot_has_no_tickets(accounts, bot):
    token = accounts.bots.new_token(bot)
    ticket = accounts.bots.ticket_for_token(token, "renaissance", rated=True)
    accounts.book.set_disabled("ruth", True, actor="console")  # the person and its bots
    with pytest.raises(NameRefused) as refused:
        accounts.identities.claim("ruthbot", ticket.ticket, game="renaissance")
    assert refused.value.kind is Refusal.DISABLED
    with pytest.raises(NameRefused):
        accounts.bots.bot_for(token)


def test_registered_names_are_refused_without_a_ticket_and_guests_play(accounts, bot):
    with pytest.raises(NameRefused) as taken:
        accounts.identities.claim("RUTHBOT", game="dominion")
    assert taken.value.kind is Refusal.TAKEN
    with pytest.raises(NameRefused):
        accounts.identities.claim("ruth", game="renaissance")
    assert accounts.identities.claim("visitor", game="dominion") == Identity("visitor")
    assert accounts.identities.claim("visitor", game="dominion").guest


def test_a_server_without_accounts_has_only_guests():
    nobody = Identities()
    assert nobody.claim("anyone", game="blokus") == Identity("anyone")
    assert not nobody.registered("anyone") and not nobody.may_register()
    with pytest.raises(NameRefused):
        nobody.claim("anyone", "tht_x", game="blokus")


def test_protocol_logins_and_registration(accounts, store, clock):
    from tablehall.accounts.service import Accounts, AccountSettings

    identity = accounts.identities.register("sam", PASSWORD, address="10.1.1.1")
    assert identity.name == "sam" and not identity.guest
    assert accounts.identities.login("SAM", PASSWORD, address="10.1.1.1").account == identity.account
    with pytest.raises(NameRefused) as taken:
        accounts.identities.register("Sam", PASSWORD, address="10.1.1.1")
    assert taken.value.kind is Refusal.TAKEN
    closed = Accounts(store, AccountSettings(registration="closed"), clock=clock)
    assert not closed.identities.may_register()
    with pytest.raises(NameRefused):
        closed.identities.register("tom", PASSWORD, address="10.1.1.1")

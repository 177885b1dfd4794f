"""One identity over the Masters of Renaissance protocol (nicknames, no passwords): a registered
nickname is refused to a client without its account's seat ticket, taken with it (under the
account's own spelling), and a guest's nickname still plays; a real server on both stores."""

from __future__ import annotations

from tests.renaissance.net import Client, ServerThread


def login(port: int, line: str) -> tuple[Client, object]:
    client = Client(port)
    client.expect(110)
    client.send(f"171 {line}")
    return client, client.expect(310, 409)


def test_nicknames_of_accounts(store):
    with ServerThread(store=store) as server:
        accounts = server.server.accounts
        bot = accounts.book.add_bot(accounts.book.add_person("uma", "a long password"), "UmaBot")
        ticket = accounts.bots.ticket_for_token(accounts.bots.new_token(bot), "renaissance", rated=False)
        for line in ("umabot", "uma"):
            client, answer = login(server.port, line)
            assert answer.code == 409 and "is registered" in answer.text
            client.close()
        client, answer = login(server.port, "umabot tht_not-a-ticket")
        assert answer.code == 409 and "unknown, used or expired" in answer.text
        client.close()
        owner, answer = login(server.port, f"umabot {ticket.ticket}")
        assert answer.code == 310
        assert [s.nickname for s in server.sessions if s.nickname] == ["UmaBot"]
        guest, answer = login(server.port, "wanderer")
        assert answer.code == 310
        owner.close()
        guest.close()
